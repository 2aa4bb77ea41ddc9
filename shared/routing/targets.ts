/**
 * Where a person may be sent next. Every return target ends on one of the portal's own
 * routes: anything else (another origin, a protocol, a path trick) is refused.
 */
import { isRouteName, parseQuery, routeForPath, type Query, type RouteName } from './routes';

export interface Target {
  readonly name: RouteName;
  readonly query: Query;
}

/** Routes that make no sense to return to after signing in. */
const NOT_A_RETURN: ReadonlySet<RouteName> = new Set<RouteName>([
  'Signin',
  'Registration',
  'VerifyEmail',
  'ForgotPassword',
  'ChangePassword',
  'SignupSuccess',
  'SendVerification',
]);

function cleanQuery(value: unknown): Query | null {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v !== 'string' || key.length > 64 || v.length > 512) return null;
    if (key === '_t') continue; // one-time tokens are never carried along
    out[key] = v;
  }
  return out;
}

/** Parses a stored next-page record ({name, query}); null when it is anything else. */
export function parseTarget(value: unknown): Target | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as { name?: unknown; query?: unknown };
  if (!isRouteName(record.name) || NOT_A_RETURN.has(record.name)) return null;
  const query = cleanQuery(record.query);
  return query ? { name: record.name, query } : null;
}

/**
 * Parses a return path such as '/top-up?x=1' or '#/top-up' (from a query string).
 * Decodes percent-encoding repeatedly first, so encoded tricks are judged as what they are.
 */
export function parseReturnPath(value: unknown): Target | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) return null;
  let text = value.trim();
  for (let i = 0; i < 3; i += 1) {
    try {
      const decoded = decodeURIComponent(text);
      if (decoded === text) break;
      text = decoded;
    } catch {
      return null;
    }
  }
  if (text.startsWith('#')) text = text.slice(1);
  // Only a single leading slash followed by a path character: no '//', '/\', schemes or hosts.
  if (!/^\/(?![/\\])/.test(text) || /[\\\s@:]/.test(text.split('?')[0] ?? '')) return null;
  const [path = '', search = ''] = text.split('?', 2);
  const name = routeForPath(path);
  if (!name || NOT_A_RETURN.has(name)) return null;
  const query = cleanQuery(parseQuery(search));
  return query ? { name, query } : null;
}
