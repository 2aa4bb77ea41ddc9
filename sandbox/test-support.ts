// Test helpers: a sandbox on an ephemeral port with a fresh database and a clock the test controls, signed in as its
// seeded people; the bodies the portal sends (registration, checkouts) and answers the tests expect, one of each.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from './app.js';
import type { Mail } from './core/mail.js';
import { Passwords, type PasswordSettings } from './core/passwords.js';
import { SEED_ARTIST, SEED_USERS } from './seed/people.js';

/**
 * Password hashing in tests: scrypt at N=2^10 (a thousandth of the work of N=2^17), so suites stay fast; one test in
 * tests/security proves the production strength.
 */
export const TEST_PASSWORDS: PasswordSettings = { cost: { N: 2 ** 10, r: 8, p: 1 } };
const testPasswords = new Passwords(TEST_PASSWORDS);
/** Hashes a password at the tests' strength (for databases a test seeds itself). */
export const testHash = (password: string): string => testPasswords.hashSync(password);

/** The seeded people a test signs in as (sandbox/seed/people.ts), by first name. */
export type Seeded = 'grace' | 'paul' | 'maria' | 'ada' | 'aaron';
const SEEDED = new Map([...SEED_USERS, SEED_ARTIST].map((u) => [u.first.toLowerCase(), u]));

/** The portal the test sandbox sends people back to (its `portalUrl`). */
const TEST_PORTAL = 'http://portal.test';

/** What the sign-up form sends (register's body) for a new person by email, with the fields a test needs changed. */
export function registration<T extends Record<string, unknown>>(overrides: T = {} as T) {
  return {
    first_name: 'Ann',
    last_name: 'Other',
    email: 'ann@example.org',
    password: 'a-fine-passphrase',
    country_code: 'US',
    gender: 'None' as const,
    phone_number: '',
    method: 'email' as const,
    ...overrides,
  };
}

/** Where a checkout sends the person back: the portal's `success` page (with the session's id), or its failure page. */
const returnsTo = (success: string) => ({
  success_url: `${TEST_PORTAL}/#/${success}?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${TEST_PORTAL}/#/transaction-failed`,
});

/** What the portal sends to top up 100 credits for $10 (create-session's body), with the fields a test needs changed. */
export function creditOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order = { currency: 'USD', amount: 10, credit: 100, identifier: 'credits_100', purchasefor: 1 };
  return { ...order, ...returnsTo('transaction-success'), ...overrides };
}

/** What the portal sends to start a monthly membership at $7 (create-session's body), with fields changed. */
export function membershipOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order = { currency: 'USD', amount: 7, identifier: 'premium_monthly', recurring: 1 };
  return { ...order, ...returnsTo('subscription-success'), ...overrides };
}

/** What the portal sends to give $10 once to mission 2 (create-session's body), with fields changed. */
export function giftOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order = { currency: 'USD', amount: 10, identifier: 'donation', donation_id: 2, recurring: 0, frequency: 1 };
  return { ...order, ...returnsTo('donation-success'), ...overrides };
}

/** The answer to a payment that went through (confirmed, or paid by a device wallet), with what it answers besides. */
export const paid = (data: Record<string, unknown>) => ({
  status: 200,
  message: 'Payment successful.',
  data: { result_code: 'Authorised', message: 'Payment successful.', ...data },
});

/** The answer to create-session: the session's id, and its page on the sandbox (at the portal's address). */
export const sessionCreated = (id: string) => ({
  status: 200,
  message: 'Payment session created.',
  data: { id, checkout_url: `${TEST_PORTAL}/sandbox/checkout/${id}` },
});

/** A checkout session as create-session answers it, with the path of its page on the sandbox. */
export interface CreatedCheckout {
  id: string;
  checkout_url: string;
  page: string;
}

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data?: T;
  errorCode?: string | null;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
  text: string;
}

export interface TestSandbox {
  url: string;
  sandbox: Sandbox;
  dir: string;
  clock: { now: Date; advance(ms: number): void };
  /** `from`: the client address the sandbox sees for this request (default: this computer, 127.0.0.1). */
  call<T = unknown>(
    method: string,
    path: string,
    opts?: { json?: unknown; body?: string; token?: string; headers?: Record<string, string>; from?: string },
  ): Promise<Answer<T>>;
  get<T = unknown>(path: string, token?: string): Promise<Answer<T>>;
  post<T = unknown>(path: string, json?: unknown, token?: string): Promise<Answer<T>>;
  login(email: string, password: string): Promise<string>;
  /** Signs the seeded people in; their tokens, in the order named. */
  signIn<const P extends readonly Seeded[]>(...people: P): Promise<{ -readonly [K in keyof P]: string }>;
  /** Creates a checkout session (by default a credit top-up, creditOrder()) at `path`, failing unless it is made. */
  checkout(token: string, body?: unknown, path?: string): Promise<CreatedCheckout>;
  /** A browser's CORS preflight from `origin` before a JSON POST to `path`. */
  preflight(path: string, origin: string): Promise<Answer>;
  mail(to: string): Promise<Mail[]>;
  /** Submits an HTML form (urlencoded POST) without following the redirect (`from`: as for call). */
  submit(
    path: string,
    fields?: Record<string, string>,
    from?: string,
  ): Promise<{ status: number; location: string | null; headers: Headers; text: string }>;
  stop(): Promise<void>;
}

/** Read by the test server only (see startSandbox), never by the sandbox, which trusts no forwarding header. */
const FROM_HEADER = 'x-test-client-address';

export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'sm-sandbox-'));
  const clock = {
    now: new Date('2026-01-10T12:00:00.000Z'),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const sandbox = createSandbox({
    dbPath: join(dir, 'sm.sqlite'),
    distDir: join(dir, 'dist'),
    portalUrl: `${TEST_PORTAL}/`,
    now: () => clock.now,
    allowedOrigins: [],
    passwords: TEST_PASSWORDS,
    exposeHelpers: false,
    onError: () => {},
    firebase: { authEmulatorUrl: null }, // social sign-in off unless a test passes the emulator
    ...options,
  });
  // The test's stand-in for a client elsewhere on the network: this server (never the sandbox) reads the address a
  // request claims in FROM_HEADER and gives it to the socket for that request, as a remote client's socket would have.
  const realAddress = new WeakMap<object, string | undefined>();
  const server = createServer((req, res) => {
    if (!realAddress.has(req.socket)) realAddress.set(req.socket, req.socket.remoteAddress);
    const from = req.headers[FROM_HEADER];
    Object.defineProperty(req.socket, 'remoteAddress', {
      value: typeof from === 'string' ? from : realAddress.get(req.socket),
      configurable: true,
    });
    delete req.headers[FROM_HEADER];
    sandbox.handler(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const call: TestSandbox['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.from) headers[FROM_HEADER] = opts.from;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: HTML pages */
    }
    return { status: res.status, headers: res.headers, body: parsed as Envelope<never>, text };
  };

  const ts: TestSandbox = {
    url,
    sandbox,
    dir,
    clock,
    call,
    get: (path, token) => call('GET', path, token ? { token } : {}),
    post: (path, json = {}, token) => call('POST', path, token ? { json, token } : { json }),
    async login(email, password) {
      const res = await call<{ access_token: string }>('POST', '/webclient/auth/login', { json: { email, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.text}`);
      return res.body.data!.access_token;
    },
    async signIn(...people) {
      const tokens: string[] = [];
      for (const name of people) {
        const person = SEEDED.get(name);
        if (!person) throw new Error(`no seeded person ${name}`);
        tokens.push(await ts.login(person.email, person.password));
      }
      return tokens as never;
    },
    async checkout(token, body = creditOrder(), path = '/webclient/in-web-purchase/create-session') {
      const res = await call<Omit<CreatedCheckout, 'page'>>('POST', path, { json: body, token });
      if (res.status !== 200) throw new Error(`create-session failed: ${res.status} ${res.text}`);
      const { id, checkout_url } = res.body.data!;
      return { id, checkout_url, page: new URL(checkout_url).pathname };
    },
    preflight: (path, origin) =>
      call('OPTIONS', path, {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      }),
    async mail(to) {
      const res = await fetch(`${url}/sandbox/mail.json?to=${encodeURIComponent(to)}`);
      return (await res.json()) as Mail[];
    },
    async submit(path, fields = {}, from) {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(from ? { [FROM_HEADER]: from } : {}) },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
      return {
        status: res.status,
        location: res.headers.get('location'),
        headers: res.headers,
        text: await res.text(),
      };
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return ts;
}
