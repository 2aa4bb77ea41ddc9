// The http layer: a tiny router and what every route uses to read a request and answer it (replies, errors, JSON
// and form bodies, the client's contracts, paging). Only routes use it; rules answer plain results (core/result.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { countAttempt, limitFor, type AttemptKind, type AttemptLimit } from './attempts.js';
import type { CspSources } from './csp.js';
import type { Db } from './db.js';
import type { FirebaseSettings, IdTokenVerifier } from './firebase.js';
import { currencyDecimals, precisionRule } from '../../shared/format/money.js';
import { escapeHtml } from './html.js';
import { PORTAL_PAGE } from './portal-headers.js';
import { roundedByParse, scanJson, writtenDecimals, type JsonPath } from './json-numbers.js';
import type { MailContext } from './mail.js';
import type { Paging } from './paging.js';
import type { Passwords } from './passwords.js';
import type { Failure, FailureKind, Result } from './result.js';
import { parseWith } from './validation.js';

export const BODY_LIMIT = 64 * 1024;
/** Bodies above the limit are read and discarded up to this size, then the connection is dropped. */
const DRAIN_LIMIT = 1024 * 1024;

/** What every route can reach: the database, the clock and the configuration. */
export interface AppContext {
  db: Db;
  now: () => Date;
  /** the portal's address, used in links inside emails, e.g. http://localhost:8080/ */
  portalUrl: string;
  /**
   * the sandbox's own address as browsers reach it: where its payment pages and banners are (the portal's, when the
   * sandbox serves the portal too)
   */
  sandboxUrl: string;
  /** origins allowed cross-origin (CORS); also accepted as payment return URLs */
  allowedOrigins: ReadonlySet<string>;
  loginLimit: AttemptLimit;
  /** hashing and checking passwords, at this sandbox's strength and with its bound on hashes at once */
  passwords: Passwords;
  /** the sandbox's helper endpoints (mailbox, app token, clock, missions) answer every client, not only this computer */
  exposeHelpers: boolean;
  /** the portal's Firebase web config (served at run time) and the Auth emulator's address */
  firebase: FirebaseSettings;
  /** checks Firebase ID tokens for social sign-in; null when social sign-in is off (503) */
  verifyIdToken: IdTokenVerifier | null;
}

export interface RequestContext {
  app: AppContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  /** the client's address as the socket sees it (forwarding headers are not trusted) */
  ip: string;
  /** Reads and parses the JSON body once (an empty body is `{}`); throws 400/413/415 as JSON errors. */
  json(): Promise<unknown>;
  /** The JSON body validated by the schema; throws 400 naming the field. */
  body<S extends z.ZodType>(schema: S): Promise<z.output<S>>;
  /** Reads an HTML form body (`application/x-www-form-urlencoded`) once; throws 413/415 as JSON errors. */
  form(): Promise<URLSearchParams>;
}

export type Reply =
  | { type: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  /** `csp`: what this page may use beyond the sandbox's own policy (core/csp.ts) */
  | { type: 'html'; status: number; html: string; headers?: Record<string, string>; csp?: CspSources }
  /** any other content (an image, an mp3); Cache-Control is no-store unless `headers` set it */
  | { type: 'file'; status: number; contentType: string; body: Buffer; headers?: Record<string, string> };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** exact path, with optional `:name` segments, e.g. /admin/user/detail/:id */
  path: string;
  handler: (ctx: RequestContext) => Reply | Promise<Reply>;
  /**
   * A helper of the sandbox itself (the mailbox, the app token, the clock, missions): it answers only clients on this
   * computer (a loopback address), unless the sandbox is started to expose its helpers.
   */
  localOnly?: true;
}

/** Whether an address is this computer's own (127.0.0.0/8, ::1, or either mapped into IPv6). */
export function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, '');
  return /^127(\.\d{1,3}){3}$/.test(plain) || plain === '::1';
}

export const HELPER_REFUSED =
  'This sandbox helper answers only on the computer running the sandbox. Open it there (http://localhost), or start the sandbox with SANDBOX_EXPOSE_HELPERS=1 to let other computers use it.';

/** An error answered as `{status, message, errorCode}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorCode: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const UNAUTHENTICATED = 'Unauthenticated.';

/** The codes of the error catalogue that some calls give their failures (errorCode; null everywhere else). */
export const ERROR_CODES = {
  /** sign-in refused (blocked, social token not verified) and every failure of the account dashboard */
  signIn: 'ER-AUTH-02',
  /** accepting the terms by email, and the admins' password changes */
  terms: 'ER-AUTH-03',
  /** sending a verification email again */
  resend: 'ER-AUTH-69',
  changeAmount: 'change-amount-subs',
  updatePayment: 'update-payment',
  /** an e-wallet membership payment not authorised yet */
  paymongoConfirm: 'error-paymongo-confirm',
  /** a second monthly gift to the same mission */
  alreadyDonated: 'already-donated',
} as const;

/**
 * A handler whose failures carry the call's catalogue code: every HttpError without a code of its own gets `code`,
 * except 401 (no session) and 403 (wrong role), which keep errorCode null as everywhere.
 */
export function withErrorCode(code: string, handler: Route['handler']): Route['handler'] {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof HttpError && err.errorCode === null && err.status !== 401 && err.status !== 403) {
        throw new HttpError(err.status, err.message, code, err.headers);
      }
      throw err;
    }
  };
}

const STATUS_OF: Readonly<Record<FailureKind, number>> = {
  invalid: 400,
  unverified: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unavailable: 503,
};

/** A rule's failure as an error answer: its kind decides the status. */
export function failWith(failure: Failure, errorCode: string | null = null): never {
  throw new HttpError(STATUS_OF[failure.kind], failure.message, errorCode);
}

/** The data of a rule's result; a failure is answered as an error (see failWith). */
export function unwrap<T>(result: Result<T>, errorCode: string | null = null): T {
  if (!result.ok) failWith(result, errorCode);
  return result.value;
}

// ---- the portal's own contracts (shared/api) ----

/** What the sandbox uses of a call's contract in shared/api: its request and response schemas. */
export interface CallContract<Req = unknown, Res = unknown> {
  readonly request: z.core.$ZodType<Req>;
  readonly response: z.core.$ZodType<Res>;
}

/**
 * The body schema of a call the portal has a contract for: the fields of the contract's request, each checked as the
 * portal checks it, except those given in `rules`, which the server checks its own (stricter) way. So a field the
 * portal adds, renames or retypes changes what the sandbox accepts too.
 */
export function contractBody<Req extends object, Rules extends z.core.$ZodLooseShape = Record<never, never>>(
  contract: CallContract<Req>,
  rules: Rules = {} as Rules,
): z.ZodType<Omit<Req, keyof Rules> & z.output<z.ZodObject<Rules>>> {
  const { request } = contract;
  if (!(request instanceof z.core.$ZodObject))
    throw new Error("contractBody: the contract's request is not an object schema");
  return z.object(request._zod.def.shape).extend(rules) as never;
}

/**
 * The success answer of a call the portal has a contract for. The data is checked against the contract's response
 * schema first: an answer the portal could not read is the sandbox's own bug (500), found by its tests.
 */
export function answer<Res>(contract: CallContract<unknown, Res>, message: string, data: NoInfer<Res>): Reply {
  const checked = z.safeParse(contract.response, data);
  if (!checked.success)
    throw new Error(`the answer does not fit the portal's contract: ${z.prettifyError(checked.error)}`);
  return ok(message, data);
}

/** The success envelope: `{status: 200, message, data}`. */
export function ok(message: string, data: unknown = null): Reply {
  return { type: 'json', status: 200, body: { status: 200, message, data } };
}

export function json(body: unknown, status = 200): Reply {
  return { type: 'json', status, body };
}

/**
 * A page of the sandbox's own (the payment pages, the helpers at /sandbox): besides the CSP (set when it is sent), the
 * same browsing-context isolation and feature policy as the portal's pages (PORTAL_PAGE: COOP, Permissions-Policy,
 * no framing).
 */
export function html(page: string, status = 200): Reply {
  return { type: 'html', status, html: page, headers: { ...PORTAL_PAGE } };
}

/** Content that is neither JSON nor HTML, e.g. `file('image/svg+xml', svg)`. */
export function file(
  contentType: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
  status = 200,
): Reply {
  return {
    type: 'file',
    status,
    contentType,
    body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    headers,
  };
}

/** A 303 See Other to `location` (after a form POST), with a tiny page for clients that do not follow it. */
export function redirect(location: string): Reply {
  const safe = escapeHtml(location);
  return {
    type: 'html',
    status: 303,
    html: `<!doctype html><title>Redirecting</title><p><a href="${safe}">Continue</a></p>`,
    headers: { ...PORTAL_PAGE, Location: location },
  };
}

export function errorBody(status: number, message: string, errorCode: string | null = null) {
  return { status, message, errorCode };
}

// ---- routing ----

interface CompiledRoute extends Route {
  pattern: RegExp;
  keys: string[];
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' };

export class Router {
  private readonly routes: CompiledRoute[];
  /** first path segments used by routes: anything under them is API space (404 JSON, not a file) */
  readonly apiSegments: ReadonlySet<string>;

  constructor(routes: readonly Route[]) {
    this.routes = routes.map((r) => {
      const keys: string[] = [];
      const source = r.path
        .split('/')
        .map((seg) => {
          if (seg.startsWith(':')) {
            keys.push(seg.slice(1));
            return '([^/]+)';
          }
          return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      return { ...r, pattern: new RegExp(`^${source}/?$`), keys };
    });
    this.apiSegments = new Set(routes.map((r) => r.path.split('/')[1] ?? ''));
  }

  match(method: string, pathname: string): Match {
    const allow = new Set<string>();
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        const params: Record<string, string> = {};
        route.keys.forEach((key, i) => {
          const raw = m[i + 1] ?? '';
          try {
            params[key] = decodeURIComponent(raw);
          } catch {
            params[key] = raw;
          }
        });
        return { kind: 'found', route, params };
      }
      allow.add(route.method);
    }
    return allow.size ? { kind: 'wrong-method', allow: [...allow] } : { kind: 'none' };
  }

  isApiPath(pathname: string): boolean {
    return this.apiSegments.has(pathname.split('/')[1] ?? '');
  }
}

// ---- bodies ----

function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > DRAIN_LIMIT) {
      req.resume();
      reject(new HttpError(413, `The request body is larger than ${BODY_LIMIT / 1024} KB.`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) req.destroy();
    });
    req.on('end', () => {
      if (size > BODY_LIMIT) reject(new HttpError(413, `The request body is larger than ${BODY_LIMIT / 1024} KB.`));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
    req.on('close', () => reject(new HttpError(400, 'The request body was not received completely.')));
  });
}

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req);
  if (raw.length === 0) return {};
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'The request body must be JSON, sent with Content-Type: application/json.');
  }
  const text = raw.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  const scan = scanJson(text);
  if (scan.duplicate) {
    throw new HttpError(400, `${scan.duplicate.join('.')}: is given more than once; send each field once`);
  }
  refuseNumbersAsWritten(scan.numbers, parsed);
  return parsed;
}

/**
 * Numbers are taken as written: one that JSON parsing would round (4.9999999999999999 read as 5) is refused, 400
 * naming the field; an amount written with more decimals than its currency has ("5.000", "5.001": the `currency`
 * beside it, else USD) is refused with the currency's rule, as the amount checks of the routes do for the values.
 */
function refuseNumbersAsWritten(numbers: Array<{ path: JsonPath; text: string }>, parsed: unknown): void {
  const problems: string[] = [];
  for (const { path, text } of numbers) {
    const field = path.length ? path.join('.') : 'body';
    const key = path[path.length - 1];
    if (typeof key === 'string' && /amount/i.test(key)) {
      let parent: unknown = parsed;
      for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, unknown> | null)?.[step];
      const given = (parent as { currency?: unknown } | null)?.currency;
      const currency =
        typeof given === 'string' && /^[A-Za-z]{3}$/.test(given.trim()) ? given.trim().toUpperCase() : 'USD';
      if (roundedByParse(text) || writtenDecimals(text) > currencyDecimals(currency))
        problems.push(`${field}: ${precisionRule(currency)}`);
    } else if (roundedByParse(text)) problems.push(`${field}: has more digits than can be read exactly`);
  }
  if (problems.length) throw new HttpError(400, [...new Set(problems)].join('; '));
}

/** An HTML form body; an empty body is an empty form. */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams> {
  const raw = await readRaw(req);
  if (raw.length === 0) return new URLSearchParams();
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(
      415,
      'The request body must be a form, sent with Content-Type: application/x-www-form-urlencoded.',
    );
  }
  return new URLSearchParams(raw.toString('utf8'));
}

/** Validates input with the schema; throws 400 with a message naming the field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return unwrap(parseWith(schema, input));
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** 429 `Too many attempts.` with Retry-After. */
export function tooManyAttempts(waitSeconds: number): HttpError {
  return new HttpError(429, TOO_MANY_ATTEMPTS, null, { 'Retry-After': String(waitSeconds) });
}

/**
 * Counts this request towards the limits of its kind for this address and this client (and the browser a valid device
 * proof names), or answers 429 with Retry-After when a limit is reached (see core/attempts.ts). Returns the counted
 * attempt's id.
 */
export function countRequest(
  ctx: RequestContext,
  kind: AttemptKind,
  address: string,
  device: string | null = null,
): number {
  const limit = limitFor(kind, ctx.app.loginLimit);
  const counted = countAttempt(ctx.app.db, limit, kind, address, ctx.ip, ctx.app.now(), device);
  if (counted.id === null) throw tooManyAttempts(counted.wait);
  return counted.id;
}

/** What the rules that send mail need of a request. */
export function mailContext(ctx: RequestContext): MailContext {
  return { db: ctx.app.db, now: ctx.app.now(), portalUrl: ctx.app.portalUrl };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

const MAX_PER_PAGE = 100;
const MAX_PAGE = 1_000_000;

function wholeParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const n = /^\s*\d{1,9}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) throw new HttpError(400, `${name}: must be a whole number from 1 to ${max}`);
  return n;
}

/** `per_page` (1..100, default `defaultPerPage`) and `page` (from 1, default 1) of the query; 400 naming the field otherwise. */
export function paging(ctx: Pick<RequestContext, 'url'>, defaultPerPage: number): Paging {
  const params = ctx.url.searchParams;
  return {
    perPage: wholeParam(params, 'per_page', defaultPerPage, MAX_PER_PAGE),
    page: wholeParam(params, 'page', 1, MAX_PAGE),
  };
}
