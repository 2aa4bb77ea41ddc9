/**
 * The session store of one API host, shared by its widgets on a page (connection.ts). Persisted
 * (a corrupted or tampered record is discarded), kept in step across tabs, signed out on expiry.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import * as z from 'zod/mini';
import { lazy } from '../api/lazy';
import { UserProfile, type LoginResponse } from '../api/schemas';
import { authOf, SESSION_KEY, signedInRecord, type StoredAuth } from '../boot/boot';
import { parseTarget, type Target } from '../routing/targets';

/** A sign-in's token, of its type, until it expires (epoch ms), as the boot protocol reads it. */
export type Auth = StoredAuth;

export type SignOutReason = 'logout' | 'expired' | 'other-tab';

interface State {
  readonly auth: Auth | null;
  readonly user: UserProfile | null;
  readonly fromApps: boolean;
  readonly nextPage: Target | null;
}

const EMPTY: State = { auth: null, user: null, fromApps: false, nextPage: null };

/** A state as storage keeps it (shared/boot/boot.ts reads its `auth` too). */
const record = (state: State): string => JSON.stringify({ v: 1, ...state });

/** The stored record of a person signed in and nothing more, for the tests and the bench. */
export const storedSignIn = (auth: Auth): string => signedInRecord(auth);

const StoredRecord = lazy(() =>
  z.object({
    v: z.literal(1),
    auth: z.nullable(
      z.object({
        accessToken: z.string().check(z.minLength(1), z.maxLength(4096)),
        tokenType: z.string().check(z.regex(/^[A-Za-z]{1,32}$/)),
        expiresAt: z.number(),
      }),
    ),
    user: z.nullable(UserProfile),
    fromApps: z.boolean(),
    nextPage: z.unknown(),
  }),
);

/** Parses a stored record; anything malformed yields the empty state. */
export function parseStored(text: string | null, now: number = Date.now()): State {
  if (!text) return EMPTY;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return EMPTY;
  }
  const parsed = StoredRecord.safeParse(raw);
  if (!parsed.success) return EMPTY;
  const { auth, user, fromApps, nextPage } = parsed.data;
  const live = auth && auth.expiresAt > now ? auth : null;
  return { auth: live, user: live ? user : null, fromApps, nextPage: parseTarget(nextPage) };
}

export interface Session {
  readonly auth: ReadonlySignal<Auth | null>;
  readonly user: ReadonlySignal<UserProfile | null>;
  readonly fromApps: ReadonlySignal<boolean>;
  readonly nextPage: ReadonlySignal<Target | null>;
  readonly isSignedIn: ReadonlySignal<boolean>;
  /** Set after a sign-out, so a widget can say why the person is on the login page. */
  readonly lastSignOut: ReadonlySignal<SignOutReason | null>;
  /** 'Bearer abc…' or null. */
  authorization(): string | null;
  signIn(login: LoginResponse, options?: { fromApps?: boolean }): void;
  setUser(user: UserProfile): void;
  setFromApps(value: boolean): void;
  setNextPage(target: Target | null): void;
  /** Clears tokens and user (the from-apps flag and next page survive an expiry). */
  signOut(reason: SignOutReason): void;
  /** Clears everything, including the next page (mobile-app login starts from nothing). */
  clear(): void;
  /** Listeners run after every sign-in and sign-out, on this page or another tab. */
  onChange(listener: (signedIn: boolean, reason: SignOutReason | null) => void): () => void;
}

export interface SessionOptions {
  /** Where the record is kept; null keeps the session in memory only. */
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  readonly key?: string;
  readonly now?: () => number;
  /** Where other tabs' writes are announced (the window's `storage` event). */
  readonly events?: Pick<EventTarget, 'addEventListener'> | null;
}

export function createSession({
  storage: store,
  key = SESSION_KEY,
  now = Date.now,
  events = null,
}: SessionOptions): Session {
  const state = signal<State>(parseStored(store?.getItem(key) ?? null, now()));
  const lastSignOut = signal<SignOutReason | null>(null);
  const listeners = new Set<(signedIn: boolean, reason: SignOutReason | null) => void>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  const persist = (next: State) => {
    if (!store) return;
    try {
      if (!next.auth && !next.user && !next.fromApps && !next.nextPage) store.removeItem(key);
      else store.setItem(key, record(next));
    } catch {
      /* quota or disabled storage: the session lives in memory for this page */
    }
  };

  const notify = (signedIn: boolean, reason: SignOutReason | null) => {
    for (const listener of listeners) listener(signedIn, reason);
  };

  const scheduleExpiry = () => {
    clearTimeout(expiryTimer);
    const auth = state.value.auth;
    if (!auth) return;
    // setTimeout holds at most ~24.8 days; re-check then if the token lives longer.
    const delay = Math.min(Math.max(auth.expiresAt - now(), 0), 2_000_000_000);
    expiryTimer = setTimeout(() => {
      if (state.value.auth && state.value.auth.expiresAt <= now()) api.signOut('expired');
      else scheduleExpiry();
    }, delay);
  };

  const set = (next: State) => {
    const wasSignedIn = state.value.auth !== null;
    state.value = next;
    persist(next);
    scheduleExpiry();
    return wasSignedIn;
  };

  const auth = computed(() => state.value.auth);
  const api: Session = {
    auth,
    user: computed(() => state.value.user),
    fromApps: computed(() => state.value.fromApps),
    nextPage: computed(() => state.value.nextPage),
    isSignedIn: computed(() => auth.value !== null),
    lastSignOut,
    authorization() {
      const a = state.value.auth;
      if (!a) return null;
      if (a.expiresAt <= now()) {
        api.signOut('expired');
        return null;
      }
      return `${a.tokenType} ${a.accessToken}`;
    },
    signIn(login, options = {}) {
      batch(() => {
        lastSignOut.value = null;
        set({
          ...state.value,
          auth: authOf(login, now()),
          user: null,
          fromApps: options.fromApps ?? state.value.fromApps,
        });
      });
      notify(true, null);
    },
    setUser(user) {
      if (!state.value.auth) return;
      set({ ...state.value, user });
    },
    setFromApps(value) {
      set({ ...state.value, fromApps: value });
    },
    setNextPage(target) {
      set({ ...state.value, nextPage: target });
    },
    signOut(reason) {
      if (!state.value.auth && !state.value.user) return;
      batch(() => {
        lastSignOut.value = reason;
        set({ ...state.value, auth: null, user: null });
      });
      notify(false, reason);
    },
    clear() {
      const wasSignedIn = set(EMPTY);
      if (wasSignedIn) notify(false, 'logout');
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  // Another tab wrote the record: follow it.
  events?.addEventListener('storage', (e: Event) => {
    const event = e as StorageEvent;
    if (event.key !== key && event.key !== null) return;
    const next = parseStored(event.newValue ?? store?.getItem(key) ?? null, now());
    const wasSignedIn = state.value.auth !== null;
    batch(() => {
      if (wasSignedIn && !next.auth) lastSignOut.value = 'other-tab';
      state.value = next;
    });
    scheduleExpiry();
    if (wasSignedIn !== (next.auth !== null)) notify(next.auth !== null, next.auth ? null : 'other-tab');
  });

  // Rewrite (or remove) the record once, so a corrupted or expired one does not linger.
  persist(state.value);
  scheduleExpiry();
  return api;
}
