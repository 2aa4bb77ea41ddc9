// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY as STORAGE_KEY } from '../boot/boot';
import { testProfile } from '../deps/testing';
import { createSession, parseStored } from './session';

const user = testProfile();
const login = { access_token: 'tok', token_type: 'Bearer', expires_in: 60 };

describe('session store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('persists a sign-in and reads it back in a new store', () => {
    const a = createSession({ storage: localStorage, events: window });
    a.signIn(login);
    a.setUser(user);
    expect(a.authorization()).toBe('Bearer tok');
    const b = createSession({ storage: localStorage, events: window });
    expect(b.isSignedIn.value).toBe(true);
    expect(b.user.value?.email).toBe('listener@example.org');
  });

  it.each([
    ['not json', '{oops'],
    ['wrong version', JSON.stringify({ v: 2, auth: null, user: null, fromApps: false, nextPage: null })],
    [
      'tampered token type',
      JSON.stringify({
        v: 1,
        auth: { accessToken: 'x', tokenType: 'Bearer x; evil', expiresAt: Date.now() + 1e6 },
        user: null,
        fromApps: false,
        nextPage: null,
      }),
    ],
    ['foreign shape', JSON.stringify({ token: 'abc' })],
    [
      'truncated',
      JSON.stringify({
        v: 1,
        auth: { accessToken: 'x', tokenType: 'Bearer', expiresAt: Date.now() + 1e6 },
        user: null,
        fromApps: false,
        nextPage: null,
      }).slice(0, 40),
    ],
    ['array', '[]'],
  ])('discards a %s record without crashing', (_label, text) => {
    localStorage.setItem(STORAGE_KEY, text);
    const s = createSession({ storage: localStorage, events: window });
    expect(s.isSignedIn.value).toBe(false);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('drops an unsafe stored next page but keeps the session', () => {
    const record = {
      v: 1,
      auth: { accessToken: 'x', tokenType: 'Bearer', expiresAt: Date.now() + 1e6 },
      user: null,
      fromApps: true,
      nextPage: { name: 'https://evil.example' },
    };
    const state = parseStored(JSON.stringify(record));
    expect(state.auth?.accessToken).toBe('x');
    expect(state.fromApps).toBe(true);
    expect(state.nextPage).toBeNull();
  });

  it('treats an expired stored token as signed out', () => {
    const record = {
      v: 1,
      auth: { accessToken: 'x', tokenType: 'Bearer', expiresAt: Date.now() - 1 },
      user,
      fromApps: false,
      nextPage: null,
    };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(record));
    const s = createSession({ storage: localStorage, events: window });
    expect(s.isSignedIn.value).toBe(false);
    expect(s.user.value).toBeNull();
  });

  it('signs out by itself when the token expires', () => {
    vi.useFakeTimers();
    const s = createSession({ storage: localStorage, events: window });
    const changes: unknown[] = [];
    s.onChange((signedIn, reason) => changes.push([signedIn, reason]));
    s.signIn({ ...login, expires_in: 10 });
    expect(s.isSignedIn.value).toBe(true);
    vi.advanceTimersByTime(10_001);
    expect(s.isSignedIn.value).toBe(false);
    expect(s.lastSignOut.value).toBe('expired');
    expect(changes).toEqual([
      [true, null],
      [false, 'expired'],
    ]);
  });

  it('follows another tab signing out and in', () => {
    const s = createSession({ storage: localStorage, events: window });
    s.signIn(login);
    localStorage.removeItem(STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: null }));
    expect(s.isSignedIn.value).toBe(false);
    expect(s.lastSignOut.value).toBe('other-tab');
    const other = JSON.stringify({
      v: 1,
      auth: { accessToken: 'new', tokenType: 'Bearer', expiresAt: Date.now() + 1e6 },
      user,
      fromApps: false,
      nextPage: null,
    });
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: other }));
    expect(s.authorization()).toBe('Bearer new');
  });

  it('keeps the next page across sign-out and clears everything on clear()', () => {
    const s = createSession({ storage: localStorage, events: window });
    s.setNextPage({ name: 'TopUpPage', query: { a: '1' } });
    s.signIn(login);
    s.signOut('expired');
    expect(s.nextPage.value).toEqual({ name: 'TopUpPage', query: { a: '1' } });
    s.clear();
    expect(s.nextPage.value).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('ignores a user set without a session', () => {
    const s = createSession({ storage: localStorage, events: window });
    s.setUser(user);
    expect(s.user.value).toBeNull();
  });
});
