/**
 * The one HTTP client for the API host. It sends Authorization with the session's token type
 * and access token, parses every answer against the call's contract, and turns any failure
 * (network, timeout, non-2xx, malformed body) into a typed ApiError. A 401 on an
 * authenticated call signs the person out cleanly.
 */
import * as z from 'zod/mini';
import { config } from '../config/config';
import { session } from '../session/session';
import { CLIENT_MESSAGES, type ApiError, type ApiResult, type ErrorCode } from './errors';

export interface Contract<Req, Res> {
  readonly method: 'GET' | 'POST';
  /** Path on the API host; a function for paths with ids. */
  readonly path: string | ((req: Req) => string);
  /** Sends the session's Authorization header and signs out on 401. */
  readonly auth: boolean;
  /**
   * 'report': a 401 is returned to the caller without signing out. Payment lists answer 401
   * with their own message ('Happy Sabbath!' in the spec); the caller checks the session.
   */
  readonly on401?: 'sign-out' | 'report';
  readonly request: z.ZodMiniType<Req>;
  readonly response: z.ZodMiniType<Res>;
  /** Catalogue code given to failures of this call (spec section 8). */
  readonly errorCode: ErrorCode | null;
  /** GET calls: which request fields go into the query string. */
  readonly query?: (req: Req) => Record<string, string>;
}

/** Defines a contract with its types inferred from the schemas. */
export function contract<ReqS extends z.ZodMiniType, ResS extends z.ZodMiniType>(def: {
  method: 'GET' | 'POST';
  path: string | ((req: z.infer<ReqS>) => string);
  auth: boolean;
  on401?: 'sign-out' | 'report';
  request: ReqS;
  response: ResS;
  errorCode: ErrorCode | null;
  query?: (req: z.infer<ReqS>) => Record<string, string>;
}): Contract<z.infer<ReqS>, z.infer<ResS>> {
  return def as unknown as Contract<z.infer<ReqS>, z.infer<ResS>>;
}

const ErrorBody = z.object({
  status: z.optional(z.number()),
  message: z.optional(z.string()),
  errorCode: z.optional(z.nullable(z.string())),
});

export interface CallOptions {
  /** Overrides the bearer token (the mobile app's one-time token). */
  readonly bearer?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** Sent as Idempotency-Key so a retried create does not create twice. */
  readonly idempotencyKey?: string;
}

function failure(status: number, message: string, errorCode: string | null): { ok: false; error: ApiError } {
  return { ok: false, error: { status, message, errorCode } };
}

function urlFor(path: string, query?: Record<string, string>): string {
  const base = config.apiBase.value.replace(/\/+$/, '');
  const search = query ? new URLSearchParams(query).toString() : '';
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/** Calls the API as a contract describes. Never throws. */
export async function call<Req, Res>(
  c: Contract<Req, Res>,
  input: NoInfer<Req>,
  options: CallOptions = {},
): Promise<ApiResult<Res>> {
  const code = c.errorCode;
  const checked = c.request.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return failure(400, `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`, code);
  }
  const req = checked.data;
  const path = typeof c.path === 'function' ? c.path(req) : c.path;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const auth = options.bearer
    ? `Bearer ${options.bearer}`
    : c.auth
      ? session.authorization()
      : null;
  if (c.auth && !auth) return failure(401, CLIENT_MESSAGES.signedOut, code);
  if (auth) headers.Authorization = auth;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let body: string | undefined;
  let url: string;
  if (c.method === 'GET') {
    url = urlFor(path, c.query?.(req));
  } else {
    url = urlFor(path);
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req);
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? 20_000);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason), { once: true });

  let response: Response;
  try {
    response = await fetch(url, { method: c.method, headers, body, signal: controller.signal, credentials: 'omit' });
  } catch {
    clearTimeout(timeout);
    const timedOut = controller.signal.reason === 'timeout';
    return failure(0, timedOut ? CLIENT_MESSAGES.timeout : CLIENT_MESSAGES.network, code);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  } finally {
    clearTimeout(timeout);
  }

  if (!response.ok) {
    if (response.status === 401 && c.auth && !options.bearer && c.on401 !== 'report') session.signOut('expired');
    const parsed = ErrorBody.safeParse(json);
    const message = parsed.success && parsed.data.message ? parsed.data.message : CLIENT_MESSAGES.unknown;
    const serverCode = parsed.success ? (parsed.data.errorCode ?? null) : null;
    return failure(response.status, message, serverCode ?? code);
  }

  const envelope = z.object({ message: z.optional(z.string()), data: c.response }).safeParse(json);
  if (!envelope.success) return failure(response.status, CLIENT_MESSAGES.malformed, code);
  return { ok: true, data: envelope.data.data as Res, message: envelope.data.message ?? '' };
}

/** A file answer (e.g. an mp3), fetched with the session's Authorization. */
export interface FileResult {
  readonly blob: Blob;
  readonly filename: string | null;
  readonly type: string;
}

/** Reads the file name from Content-Disposition (filename* first), or null. */
export function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

/** Downloads a file from an authenticated GET path. Never throws. */
export async function download(path: string, expectType: RegExp, errorCode: ErrorCode | null = null): Promise<{ ok: true; data: FileResult } | { ok: false; error: ApiError }> {
  const auth = session.authorization();
  if (!auth) return failure(401, CLIENT_MESSAGES.signedOut, errorCode);
  let response: Response;
  try {
    response = await fetch(urlFor(path), { headers: { Authorization: auth }, credentials: 'omit' });
  } catch {
    return failure(0, CLIENT_MESSAGES.network, errorCode);
  }
  if (!response.ok) {
    if (response.status === 401) session.signOut('expired');
    let message: string = CLIENT_MESSAGES.unknown;
    try {
      const parsed = ErrorBody.safeParse(await response.json());
      if (parsed.success && parsed.data.message) message = parsed.data.message;
    } catch {
      /* not JSON */
    }
    return failure(response.status, message, errorCode);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!expectType.test(type)) return failure(response.status, CLIENT_MESSAGES.malformed, errorCode);
  const blob = await response.blob();
  return { ok: true, data: { blob, filename: filenameFrom(response.headers.get('Content-Disposition')), type } };
}
