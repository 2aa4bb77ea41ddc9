// The sandbox as a request handler: route table, CORS, security headers, errors, static portal.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIMIT, type AttemptLimit } from './attempts.js';
import { sandboxClock } from './clock.js';
import { openDb, type Db } from './db.js';
import {
  errorBody, HttpError, readFormBody, readJsonBody, Router, validate, type AppContext, type Reply, type RequestContext, type Route,
} from './http.js';
import { accountRoutes } from './routes/account.js';
import { authRoutes } from './routes/auth.js';
import { checkoutPageRoutes } from './routes/checkout-pages.js';
import { clockRoutes } from './routes/clock.js';
import { countryRoutes } from './routes/country.js';
import { creditRoutes } from './routes/credits.js';
import { devRoutes } from './routes/dev.js';
import { donationRoutes } from './routes/donations.js';
import { historyRoutes } from './routes/history.js';
import { mailRoutes } from './routes/mail.js';
import { newsletterRoutes } from './routes/newsletter.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { surveyRoutes } from './routes/survey.js';
import { serveStatic } from './static.js';

/** Every API route. A new area of the API is one more file in routes/ and one more line here. */
export const ROUTES: readonly Route[] = [
  ...authRoutes,
  ...accountRoutes,
  ...countryRoutes,
  ...creditRoutes,
  ...subscriptionRoutes,
  ...donationRoutes,
  ...historyRoutes,
  ...surveyRoutes,
  ...newsletterRoutes,
  ...checkoutPageRoutes,
  ...mailRoutes,
  ...clockRoutes,
  ...devRoutes,
];

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

export interface SandboxOptions {
  /** SQLite file; created, migrated and seeded when missing */
  dbPath: string;
  /** the built portal (default: dist/ at the project root) */
  distDir?: string;
  /** the portal's address, used in emailed links, e.g. http://localhost:8080/ */
  portalUrl: string;
  /** the base clock (tests move it forward to expire tokens); the sandbox clock's stored offset adds to it */
  now?: () => Date;
  /** login and reset-request slowing (defaults: 5 per email, 20 per IP, in 15 minutes) */
  loginLimit?: Partial<AttemptLimit>;
  /** origins allowed to call cross-origin (default: env SANDBOX_ALLOWED_ORIGINS, comma-separated) */
  allowedOrigins?: readonly string[];
  /** where unexpected errors are reported (default console.error) */
  onError?: (err: unknown) => void;
}

export interface Sandbox {
  handler: RequestListener;
  db: Db;
  close: () => void;
}

export function parseOrigins(list: string | undefined): string[] {
  return (list ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
}

function setHtmlHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Frame-Options', 'DENY');
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.type === 'sent') return;
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.statusCode = reply.status;
  if (reply.type === 'file') {
    res.setHeader('Content-Type', reply.contentType);
    res.setHeader('Content-Length', reply.body.length);
    res.end(reply.body);
  } else if (reply.type === 'html') {
    setHtmlHeaders(res);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(reply.html);
  } else {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(reply.body));
  }
}

function sendError(res: ServerResponse, status: number, message: string, errorCode: string | null = null, headers: Record<string, string> = {}): void {
  send(res, { type: 'json', status, body: errorBody(status, message, errorCode), headers });
}

function clientIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const base = options.now ?? (() => new Date());
  const db = openDb(options.dbPath, base);
  const now = sandboxClock(db, base);
  const allowed = new Set(options.allowedOrigins ?? parseOrigins(process.env.SANDBOX_ALLOWED_ORIGINS));
  const app: AppContext = {
    db,
    now,
    portalUrl: options.portalUrl,
    allowedOrigins: allowed,
    loginLimit: { ...DEFAULT_LIMIT, ...options.loginLimit },
  };
  const distDir = options.distDir ?? resolve(PROJECT_ROOT, 'dist');
  const router = new Router(ROUTES);
  const onError = options.onError ?? ((err: unknown) => console.error('[sandbox]', err));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');

    const origin = req.headers.origin;
    const corsAllowed = typeof origin === 'string' && allowed.has(origin);
    if (allowed.size > 0) res.setHeader('Vary', 'Origin');
    if (corsAllowed) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After, Content-Disposition');
    }

    const method = req.method ?? 'GET';
    if (!req.url?.startsWith('/')) return sendError(res, 400, 'Bad request target.');
    const url = new URL(`http://sandbox.invalid${req.url}`);

    if (method === 'OPTIONS') {
      if (corsAllowed) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key');
        res.setHeader('Access-Control-Max-Age', '600');
      }
      res.statusCode = 204;
      res.end();
      return;
    }

    const match = router.match(method, url.pathname);
    if (match.kind === 'found') {
      let body: Promise<unknown> | undefined;
      let formBody: Promise<URLSearchParams> | undefined;
      const json = () => (body ??= readJsonBody(req));
      const ctx: RequestContext = {
        app, req, res, url, params: match.params, ip: clientIp(req),
        json,
        body: async (schema) => validate(schema, await json()),
        form: () => (formBody ??= readFormBody(req)),
      };
      return send(res, await match.route.handler(ctx));
    }
    if (match.kind === 'wrong-method') {
      return sendError(res, 405, `Method ${method} is not allowed here.`, null, { Allow: match.allow.join(', ') });
    }
    if ((method === 'GET' || method === 'HEAD') && !router.isApiPath(url.pathname)) {
      return serveStatic(req, res, distDir, url.pathname, setHtmlHeaders);
    }
    return sendError(res, 404, 'Not found.');
  }

  const handler: RequestListener = (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof HttpError) {
        if (!res.headersSent) return sendError(res, err.status, err.message, err.errorCode, err.headers);
      } else {
        onError(err);
        if (!res.headersSent) return sendError(res, 500, 'Internal error');
      }
      res.destroy();
    });
  };

  return { handler, db, close: () => db.close() };
}
