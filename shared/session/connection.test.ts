// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as auth from '../api/auth';
import { connectionFor } from './connection';
import { STORAGE_KEY } from './session';

const login = { access_token: 'token-a', token_type: 'Bearer', expires_in: 3600 };

describe('a connection per API host', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('tags with the same api-base share one sign-in', () => {
    const a = connectionFor('https://api.one.example');
    expect(connectionFor('https://api.one.example')).toBe(a);
    a.session.signIn(login);
    expect(connectionFor('https://api.one.example').session.isSignedIn.value).toBe(true);
    a.session.clear();
  });

  it("a tag with another api-base has its own session and never sends the first host's token", async () => {
    const seen: Array<{ url: string; authorization: string | undefined }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
      return new Response(JSON.stringify({ message: '', data: null }), { status: 200 });
    });
    const one = connectionFor('https://api.one.example');
    const two = connectionFor('https://api.two.example');
    one.session.signIn(login);
    expect(two.session.isSignedIn.value).toBe(false);
    await one.api.call(auth.logout, {});
    await two.api.call(auth.logout, {});
    await two.api.call(auth.forgotPassword, { email: 'a@example.org' });
    expect(seen).toEqual([
      { url: 'https://api.one.example/webclient/auth/logout', authorization: 'Bearer token-a' },
      { url: 'https://api.two.example/webclient/auth/forgot-password', authorization: undefined },
    ]);
    // Each host keeps its sign-in under its own key; the page's own host keeps the original key.
    expect(Object.keys(localStorage)).toEqual([`${STORAGE_KEY}@https://api.one.example`]);
    one.session.clear();
  });

  it('announces sm-signed-out on the document once per sign-out of a host', () => {
    const reasons: string[] = [];
    const listen = (event: Event) => reasons.push((event as CustomEvent<{ reason: string }>).detail.reason);
    document.addEventListener('sm-signed-out', listen);
    const three = connectionFor('https://api.three.example');
    three.session.signIn(login);
    three.session.signOut('expired');
    three.session.signOut('expired');
    document.removeEventListener('sm-signed-out', listen);
    expect(reasons).toEqual(['expired']);
  });

  it("a 401 on an authenticated call signs that host's session out", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 401, message: 'Expired' }), { status: 401 }));
    const four = connectionFor('https://api.four.example');
    four.session.signIn(login);
    const result = await four.refreshProfile();
    expect(result.ok).toBe(false);
    expect(four.session.isSignedIn.value).toBe(false);
    expect(four.session.lastSignOut.value).toBe('expired');
  });

  it("the app's one-time token replaces any session, and a refused token leaves none", async () => {
    const profile = { id: 7, name: 'App User', email: 'app@example.org', avatar: null, joined: '2025-01-01', dob: null, bio: null, genre: null, type: 0, credit_balance: 0, country: null, subscription: null };
    const auths: Array<string | undefined> = [];
    let accept = true;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      auths.push((init.headers as Record<string, string>).Authorization);
      if (url.endsWith('/mobile-login')) return accept ? new Response(JSON.stringify({ data: { access_token: 'from-app', token_type: 'Bearer', expires_in: 600 } })) : new Response(JSON.stringify({ message: 'Used token' }), { status: 401 });
      return new Response(JSON.stringify({ data: profile }));
    });
    const five = connectionFor('https://api.five.example');
    five.session.signIn(login);
    expect((await five.signInWithAppToken('one-time')).ok).toBe(true);
    expect(auths).toEqual(['Bearer one-time', 'Bearer from-app']);
    expect(five.session.fromApps.value).toBe(true);
    expect(five.session.user.value?.email).toBe('app@example.org');
    accept = false;
    expect((await five.signInWithAppToken('used')).ok).toBe(false);
    expect(five.session.isSignedIn.value).toBe(false);
  });
});
