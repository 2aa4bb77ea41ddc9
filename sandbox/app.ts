// The sandbox as a request handler: route table, CORS, security headers, errors, static portal.
import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTL_WORKER_POLICY } from '../shared/boot/intl.js';
import { DEFAULT_LIMIT, type AttemptLimit } from './core/attempts.js';
import { sandboxClock } from './core/clock.js';
import { contentSecurityPolicy, CSP, pageScriptHashes, setHtmlHeaders, setSecurityHeaders } from './core/csp.js';
import type { Db } from './core/db.js';
import { allowedHosts, hostAllowed, loopbackAliases, parseHosts } from './core/hosts.js';
import {
  emulatorUrlFromHost,
  firebaseAdminVerifier,
  injectRuntimeConfig,
  resolveFirebaseSettings,
  runtimeConfigScript,
  type FirebaseSettings,
  type IdTokenVerifier,
} from './core/firebase.js';
import {
  errorBody,
  HELPER_REFUSED,
  HttpError,
  isLoopback,
  readFormBody,
  readJsonBody,
  Router,
  validate,
  type AppContext,
  type Reply,
  type RequestContext,
  type Route,
} from './core/http.js';
import { HashingBusy, Passwords, type PasswordSettings } from './core/passwords.js';
import { accountRoutes } from './features/account/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { finishPaidSessions, type Grants } from './features/checkout/fulfilment.js';
import { checkoutPageRoutes } from './features/checkout/routes.js';
import { CREDIT_GRANTS } from './features/credits/purchases.js';
import { creditRoutes } from './features/credits/routes.js';
import { toolRoutes } from './features/tools/routes.js';
import { DONATION_GRANTS } from './features/donations/gifts.js';
import { donationRoutes } from './features/donations/routes.js';
import { historyRoutes } from './features/history/routes.js';
import { newsletterRoutes } from './features/newsletter/routes.js';
import { MEMBERSHIP_GRANTS } from './features/subscriptions/memberships.js';
import { subscriptionRoutes } from './features/subscriptions/routes.js';
import { surveyRoutes } from './features/survey/routes.js';
import { walletRoutes } from './features/wallet/routes.js';
import { setPortalPageHeaders } from './core/portal-headers.js';
import { serveStatic } from './core/static.js';
import { openSeededDb } from './seed/seed.js';

/**
 * What each kind of checkout session grants once paid, from the features that sell them: checkout fulfils every kind
 * but imports none of them (a new kind of sale is one more entry here).
 */
export const GRANTS: Grants = { ...CREDIT_GRANTS, ...MEMBERSHIP_GRANTS, ...DONATION_GRANTS };

/** Every API route. A new area of the API is one more features/<area>/routes.ts and one more line here. */
export const ROUTES: readonly Route[] = [
  ...authRoutes,
  ...accountRoutes,
  ...creditRoutes,
  ...walletRoutes,
  ...subscriptionRoutes,
  ...donationRoutes,
  ...historyRoutes,
  ...surveyRoutes,
  ...newsletterRoutes,
  ...adminRoutes,
  ...checkoutPageRoutes(GRANTS),
  ...toolRoutes,
];

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The CSP of the portal's HTML: the sandbox's, plus the Auth emulator in connect-src while it runs, the built page's
 * own inline script (route.js) by its hash, and the policy route.js starts its Intl worker with (host/boot/intl.ts).
 */
export function portalCsp(
  firebase: Pick<FirebaseSettings, 'authEmulatorUrl'>,
  scripts: readonly string[] = [],
): string {
  return contentSecurityPolicy({
    connect: firebase.authEmulatorUrl ? [new URL(firebase.authEmulatorUrl).origin] : [],
    scripts,
    policies: [INTL_WORKER_POLICY],
  });
}

export interface SandboxOptions {
  /** SQLite file; created, migrated and seeded when missing */
  dbPath: string;
  /**
   * the built portal (default: dist/ at the project root); null: the sandbox is the API host alone, and the portal's
   * files are served elsewhere (sandbox/production.ts)
   */
  distDir?: string | null;
  /** the portal's address, used in emailed links, e.g. http://localhost:8080/ */
  portalUrl: string;
  /** the sandbox's own address, where its payment pages and banners are (default: portalUrl, one origin for both) */
  sandboxUrl?: string;
  /** the base clock (tests move it forward to expire tokens); the sandbox clock's stored offset adds to it */
  now?: () => Date;
  /** slowing of password checks and of requests that send mail (defaults: 5 per email, 20 per client, in 15 minutes) */
  loginLimit?: Partial<AttemptLimit>;
  /** password hashing: strength and how many hashes at once (default: scrypt N=2^17, r=8, p=1; tests use less) */
  passwords?: PasswordSettings;
  /**
   * The sandbox's helpers (mailbox, app token, clock, missions) answer every client, not only this computer (default:
   * env SANDBOX_EXPOSE_HELPERS=1).
   */
  exposeHelpers?: boolean;
  /** origins allowed to call cross-origin (default: env SANDBOX_ALLOWED_ORIGINS, comma-separated) */
  allowedOrigins?: readonly string[];
  /**
   * host names the sandbox answers to besides localhost, 127.0.0.1, [::1] and the hosts of portalUrl and sandboxUrl
   * (default: env SANDBOX_ALLOWED_HOSTS, comma-separated); any other `Host` gets 421 and no body
   */
  allowedHosts?: readonly string[];
  /** serve the build's source maps (*.map; default: env SANDBOX_SOURCE_MAPS=1); otherwise they are 404 */
  sourceMaps?: boolean;
  /** where unexpected errors are reported (default console.error) */
  onError?: (err: unknown) => void;
  /**
   * Firebase for social sign-in (defaults: the demo-sm-portal web config). `authEmulatorUrl` (e.g.
   * http://127.0.0.1:9099) turns social sign-in on; null turns it off (503); left out, it comes from the
   * environment: FIREBASE_AUTH_EMULATOR_HOST, unless SANDBOX_SOCIAL=off.
   */
  firebase?: Partial<FirebaseSettings>;
  /** checks ID tokens (default: firebase-admin against the emulator, which sets FIREBASE_AUTH_EMULATOR_HOST when unset) */
  verifyIdToken?: IdTokenVerifier;
}

export interface Sandbox {
  handler: RequestListener;
  db: Db;
  /** the Firebase settings in use (authEmulatorUrl null: social sign-in off) */
  firebase: FirebaseSettings;
  /** the helpers answer every client, not only this computer */
  exposeHelpers: boolean;
  close: () => void;
}

export function parseOrigins(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/**
 * firebase-admin finds the emulator only through FIREBASE_AUTH_EMULATOR_HOST (read on every call, process-wide):
 * set it when missing; a different value would send token checks elsewhere, so that is a configuration error.
 */
function pointAdminAtEmulator(authEmulatorUrl: string): void {
  const host = new URL(authEmulatorUrl).host;
  const current = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!current) process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  else if (new URL(emulatorUrlFromHost(current)).host !== host) {
    throw new Error(
      `FIREBASE_AUTH_EMULATOR_HOST is ${current}, but the sandbox was given the Auth emulator at ${authEmulatorUrl}.`,
    );
  }
}

function send(res: ServerResponse, reply: Reply): void {
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.statusCode = reply.status;
  if (reply.type === 'file') {
    res.setHeader('Content-Type', reply.contentType);
    res.setHeader('Content-Length', reply.body.length);
    res.end(reply.body);
  } else if (reply.type === 'html') {
    setHtmlHeaders(res, reply.csp ? contentSecurityPolicy(reply.csp) : CSP);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(reply.html);
  } else {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(reply.body));
  }
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  errorCode: string | null = null,
  headers: Record<string, string> = {},
): void {
  send(res, { type: 'json', status, body: errorBody(status, message, errorCode), headers });
}

function clientIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

export const BUSY_MESSAGE = 'The server is busy checking other passwords. Please try again in a few seconds.';

export function createSandbox(options: SandboxOptions): Sandbox {
  const base = options.now ?? (() => new Date());
  const onError = options.onError ?? ((err: unknown) => console.error('[sandbox]', err));
  const passwords = new Passwords(options.passwords);
  const db = openSeededDb(options.dbPath, base(), (password) => passwords.hashSync(password));
  const now = sandboxClock(db, base);
  try {
    // A payment paid but not granted (left by an older version stopped between the two steps) is granted now, once.
    finishPaidSessions(db, now(), GRANTS);
  } catch (err) {
    onError(err);
  }
  const hosts = allowedHosts(
    [options.portalUrl, options.sandboxUrl ?? options.portalUrl],
    options.allowedHosts ?? parseHosts(process.env.SANDBOX_ALLOWED_HOSTS),
  );
  const allowed = new Set(options.allowedOrigins ?? parseOrigins(process.env.SANDBOX_ALLOWED_ORIGINS));
  const firebase = resolveFirebaseSettings(options.firebase);
  let verifyIdToken: IdTokenVerifier | null = null;
  if (firebase.authEmulatorUrl) {
    if (options.verifyIdToken) verifyIdToken = options.verifyIdToken;
    else {
      pointAdminAtEmulator(firebase.authEmulatorUrl);
      verifyIdToken = firebaseAdminVerifier(firebase);
    }
  }
  const app: AppContext = {
    db,
    now,
    portalUrl: options.portalUrl,
    sandboxUrl: options.sandboxUrl ?? options.portalUrl,
    allowedOrigins: allowed,
    loginLimit: { ...DEFAULT_LIMIT, ...options.loginLimit },
    passwords,
    exposeHelpers: options.exposeHelpers ?? process.env.SANDBOX_EXPOSE_HELPERS === '1',
    firebase,
    verifyIdToken,
  };
  // The portal's HTML: the runtime config block added at serve time, and a CSP that lets it reach the emulator and run
  // the page's inline script (read from the page as built: a rebuild while the sandbox runs changes it).
  const distDir = options.distDir === undefined ? resolve(PROJECT_ROOT, 'dist') : options.distDir;
  const htmlTransform = {
    apply: (page: string) => injectRuntimeConfig(page, firebase),
    tag: createHash('sha256').update(runtimeConfigScript(firebase)).digest('base64url').slice(0, 10),
  };
  const setPortalHtmlHeaders = (res: ServerResponse) => {
    setHtmlHeaders(res, portalCsp(firebase, distDir ? pageScriptHashes(join(distDir, 'index.html')) : []));
    setPortalPageHeaders(res);
  };
  const router = new Router(ROUTES);
  const sourceMaps = options.sourceMaps ?? process.env.SANDBOX_SOURCE_MAPS === '1';

  /**
   * Without SANDBOX_URL the sandbox's pages (checkout, banners) are on the portal's origin. A portal on this computer
   * opened the other loopback way (127.0.0.1 for localhost, or back) gets them addressed as it was reached, so they
   * are on the page's own origin, which its CSP and its trusted checkout origin name.
   */
  const portalAliases = options.sandboxUrl ? [] : loopbackAliases(options.portalUrl);
  const appReachedAs = (host: string | undefined): AppContext => {
    const reached = portalAliases.find((origin) => new URL(origin).host === host);
    return reached ? { ...app, sandboxUrl: `${reached}/` } : app;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // First of all: a name the sandbox does not serve (DNS rebinding) finds nothing, helpers included.
    if (!hostAllowed(req.headers.host, hosts)) {
      res.statusCode = 421;
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    setSecurityHeaders(res);

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
    if (match.kind === 'found' && match.route.localOnly && !app.exposeHelpers && !isLoopback(clientIp(req))) {
      return sendError(res, 403, HELPER_REFUSED);
    }
    if (match.kind === 'found') {
      let body: Promise<unknown> | undefined;
      let formBody: Promise<URLSearchParams> | undefined;
      const json = () => (body ??= readJsonBody(req));
      const ctx: RequestContext = {
        app: appReachedAs(req.headers.host),
        req,
        res,
        url,
        params: match.params,
        ip: clientIp(req),
        json,
        body: async (schema) => validate(schema, await json()),
        form: () => (formBody ??= readFormBody(req)),
      };
      return send(res, await match.route.handler(ctx));
    }
    if (match.kind === 'wrong-method') {
      return sendError(res, 405, `Method ${method} is not allowed here.`, null, { Allow: match.allow.join(', ') });
    }
    if ((method === 'GET' || method === 'HEAD') && distDir !== null && !router.isApiPath(url.pathname)) {
      return serveStatic(req, res, distDir, url.pathname, setPortalHtmlHeaders, htmlTransform, { sourceMaps });
    }
    return sendError(res, 404, 'Not found.');
  }

  const handler: RequestListener = (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof HttpError) {
        if (!res.headersSent) return sendError(res, err.status, err.message, err.errorCode, err.headers);
      } else if (err instanceof HashingBusy) {
        // Every hash slot taken and the queue full: come back later (never a 5xx).
        if (!res.headersSent)
          return sendError(res, 429, BUSY_MESSAGE, null, { 'Retry-After': String(err.retryAfterSeconds) });
      } else {
        onError(err);
        if (!res.headersSent) return sendError(res, 500, 'Internal error');
      }
      res.destroy();
    });
  };

  return { handler, db, firebase, exposeHelpers: app.exposeHelpers, close: () => db.close() };
}
