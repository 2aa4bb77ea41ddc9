/**
 * Small fakes of a model's dependencies, for unit tests in Node: an API host answering from a
 * table (through the real client, so contracts are parsed as in the browser), an in-memory
 * storage, a clock moved by hand, and navigation, app links and events recorded.
 */
import type { Subscription, UserProfile } from '../api/schemas';
import type { SmEventMap } from '../events/events';
import type { Query, RouteName } from '../routing/routes';
import { createConnection } from '../session/connection';
import { createSession } from '../session/session';
import type { WalletSessionClass } from '../payments/applepay';
import type { AppLink, Clock, KeyValueStore, ModelDeps } from './deps';
import { signal } from '@preact/signals-core';
import { createI18n, type Language } from '../i18n/catalogue';

/** What the fake API host answers: a status and a JSON body. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}
/** A request as the fake host saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}
export type Handler = Answer | ((request: SeenRequest) => Answer | Promise<Answer>);

/** A 200 answer with data (and the server's message). */
export const ok = (data: unknown, message = ''): Answer => ({ status: 200, body: { message, data } });
/** A failed answer as the API host shapes it. */
export const fail = (status: number, message: string, errorCode: string | null = null): Answer => ({
  status,
  body: { status, message, errorCode },
});

export interface FakeClock extends Clock {
  /** Moves time on, running every timer that falls due (and the promises they start). */
  advance(ms: number): Promise<void>;
}

export function fakeClock(start = Date.UTC(2026, 10, 23, 9, 0, 0)): FakeClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    after(ms, fn) {
      const id = ++seq;
      timers.set(id, { at: now + ms, fn });
      return () => timers.delete(id);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await settle();
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
      await settle();
    },
  };
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

export function memoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { readonly entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    get: (key) => entries.get(key) ?? null,
    set: (key, value) => void entries.set(key, value),
    remove: (key) => void entries.delete(key),
  };
}

export interface FakeDeps extends ModelDeps {
  readonly clock: FakeClock;
  readonly storage: ReturnType<typeof memoryStore>;
  /** Routes moved to, in order. */
  readonly visits: Array<{ name: RouteName; query: Query | undefined; replace: boolean }>;
  /** Addresses the page left for (hosted checkouts). */
  readonly left: string[];
  readonly appLinks: Array<{ action: AppLink; query: Query | undefined }>;
  readonly events: Array<{ type: keyof SmEventMap; detail: unknown }>;
  /** Every request the fake API host received. */
  readonly requests: SeenRequest[];
  /** Sets the address's query (as if the person opened a link). */
  setQuery(query: Query): void;
  /** Answers a call from now on. */
  on(route: string, handler: Handler): void;
  /** Embedded checkouts mounted, by client secret. */
  readonly embedded: string[];
  /** Sets the device wallet the page offers. */
  setWallet(wallet: WalletSessionClass | null): void;
}

/**
 * The seeded listener's profile as the API answers it (sandbox/seed/people.ts; the sandbox adds `role`), with the
 * fields a test needs changed. The one profile fixture of the unit, element and sandbox tests.
 */
export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 1,
    name: 'Grace Listener',
    email: 'listener@example.org',
    avatar: null,
    joined: '2025-03-14T00:00:00.000Z',
    dob: null,
    bio: null,
    genre: null,
    type: 0,
    credit_balance: 120,
    country: { code: 'US', name: 'United States' },
    subscription: null,
    ...overrides,
  };
}

export const PROFILE: UserProfile = testProfile();

/** A monthly membership of $5 that renews on 21 December 2026, with no change pending, as a profile carries it. */
export function testMembership(overrides: Partial<Subscription> = {}): Subscription {
  return {
    recurring: 1,
    canceled: false,
    change_amount: false,
    current_amount: 5,
    next_amount: null,
    end_date: '2026-12-21T00:00:00Z',
    schedule_start_date: null,
    ...overrides,
  };
}

/**
 * Fake dependencies. `routes` maps 'METHOD /path' to an answer; a call nobody answers gets 404.
 * `signedIn` starts with a session (and that profile) in place. The widget is on the portal's page (it may move the
 * address on its own: `redirect`) unless `portalPage` is false; `route` is the route the address's hash names.
 */
export function fakeDeps(
  options: {
    routes?: Record<string, Handler>;
    signedIn?: boolean | UserProfile;
    query?: Query;
    fromApps?: boolean;
    language?: Language;
    portalPage?: boolean;
    route?: RouteName | null;
  } = {},
): FakeDeps {
  const portalPage = options.portalPage ?? true;
  let route = options.route ?? null;
  const clock = fakeClock();
  const storage = memoryStore();
  const routes = new Map(Object.entries(options.routes ?? {}));
  const requests: SeenRequest[] = [];
  let query: Query = { ...(options.query ?? {}) };
  let wallet: WalletSessionClass | null = null;

  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://api.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const seen: SeenRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: { ...(init?.headers as Record<string, string>) },
    };
    requests.push(seen);
    const handler = routes.get(`${method} ${url.pathname}`);
    const answer =
      handler === undefined ? fail(404, 'Not found') : typeof handler === 'function' ? await handler(seen) : handler;
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;

  const sessionStore = memoryStore();
  const session = createSession({
    storage: { getItem: sessionStore.get, setItem: sessionStore.set, removeItem: sessionStore.remove },
    now: clock.now,
  });
  const connection = createConnection('', session, fakeFetch);
  if (options.signedIn) {
    session.signIn(
      { access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 },
      { fromApps: options.fromApps ?? false },
    );
    session.setUser(options.signedIn === true ? PROFILE : options.signedIn);
  } else if (options.fromApps) session.setFromApps(true);

  const deps: FakeDeps = {
    api: connection.api,
    session,
    account: connection,
    clock,
    storage,
    visits: [],
    left: [],
    appLinks: [],
    events: [],
    requests,
    nav: {
      origin: 'http://portal.test',
      go: (name, q, o = {}) => void deps.visits.push({ name, query: q, replace: o.replace ?? false }),
      redirect(name, q, o = {}) {
        if (!portalPage) return false;
        deps.visits.push({ name, query: q, replace: !o.push });
        return true;
      },
      onPortalPage: () => portalPage,
      route: () => route,
      forgetRoute: () => void (route = null),
      query: () => ({ ...query }),
      takeToken(key) {
        const value = query[key] ?? null;
        if (value !== null) {
          const { [key]: _removed, ...rest } = query;
          query = rest;
        }
        return value;
      },
      portalUrlFor: (name, q) => `http://portal.test/#${name}${q ? `?${new URLSearchParams(q).toString()}` : ''}`,
      leave: (url) => void deps.left.push(url),
      openAppLink: (action, q) => void deps.appLinks.push({ action, query: q }),
    },
    emit: (type, detail) => void deps.events.push({ type, detail }),
    embedded: [],
    deviceWallet: () => wallet,
    embedCheckout: async (o) => void deps.embedded.push(o.clientSecret),
    i18n: createI18n(signal(options.language ?? 'en')),
    setWallet(next) {
      wallet = next;
    },
    setQuery(next) {
      query = { ...next };
    },
    on(route, handler) {
      routes.set(route, handler);
    },
  };
  return deps;
}
