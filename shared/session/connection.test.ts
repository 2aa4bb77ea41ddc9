// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as auth from '../api/auth';
import { connectionFor } from './connection';
import { sessionKeyFor } from '../boot/boot';

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
    expect(Object.keys(localStorage)).toEqual([sessionKeyFor('https://api.one.example')]);
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
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 401, message: 'Expired' }), { status: 401 }),
    );
    const four = connectionFor('https://api.four.example');
    four.session.signIn(login);
    const result = await four.refreshProfile();
    expect(result.ok).toBe(false);
    expect(four.session.isSignedIn.value).toBe(false);
    expect(four.session.lastSignOut.value).toBe('expired');
  });

  describe("the app's one-time token", () => {
    const app = {
      id: 7,
      name: 'App User',
      email: 'app@example.org',
      avatar: null,
      joined: '2025-01-01',
      dob: null,
      bio: null,
      genre: null,
      type: 0,
      credit_balance: 0,
      country: null,
      subscription: null,
    };
    const mine = { ...app, id: 3, name: 'Browser Owner', email: 'owner@example.org' };

    /** A host whose mobile-login answers `from-app` for the app user (or refuses), and who records each call. */
    function host(accept = () => true) {
      const seen: Array<{ path: string; authorization: string | undefined }> = [];
      vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
        const path = new URL(url).pathname;
        const authorization = (init.headers as Record<string, string>).Authorization;
        seen.push({ path, authorization });
        if (path.endsWith('/mobile-login')) {
          return accept()
            ? new Response(
                JSON.stringify({ data: { access_token: 'from-app', token_type: 'Bearer', expires_in: 600 } }),
              )
            : new Response(JSON.stringify({ message: 'Used token' }), { status: 401 });
        }
        if (path.endsWith('/logout')) return new Response(JSON.stringify({ data: null }));
        return new Response(JSON.stringify({ data: authorization === 'Bearer from-app' ? app : mine }));
      });
      return seen;
    }

    it("signs in at once where nobody is signed in (the app's webview), and a refused token leaves no session", async () => {
      let accept = true;
      const seen = host(() => accept);
      const five = connectionFor('https://api.five.example');
      const result = await five.signInWithAppToken('one-time');
      expect(result.ok && result.data.kind).toBe('signed-in');
      expect(seen.map((s) => s.authorization)).toEqual(['Bearer one-time', 'Bearer from-app']);
      expect(five.session.fromApps.value).toBe(true);
      expect(five.session.user.value?.email).toBe('app@example.org');
      five.session.clear();
      accept = false;
      expect((await five.signInWithAppToken('used')).ok).toBe(false);
      expect(five.session.isSignedIn.value).toBe(false);
    });

    it("asks before replacing another person's session: declining signs the link's session out and keeps the current one", async () => {
      const seen = host();
      const six = connectionFor('https://api.six.example');
      six.session.signIn({ ...login, access_token: 'owner-token' });
      six.session.setUser(mine);
      const result = await six.signInWithAppToken('attacker-link');
      if (!result.ok || result.data.kind !== 'confirm') throw new Error('expected a question');
      expect(result.data).toMatchObject({ email: 'app@example.org', current: 'owner@example.org' });
      // Nothing changed yet: the owner is still signed in with their own token.
      expect(six.session.authorization()).toBe('Bearer owner-token');
      await result.data.decline();
      expect(seen.at(-1)).toEqual({ path: '/webclient/auth/logout', authorization: 'Bearer from-app' });
      expect(six.session.authorization()).toBe('Bearer owner-token');
      expect(six.session.user.value?.email).toBe('owner@example.org');
      expect(six.session.fromApps.value).toBe(false);
      six.session.clear();
    });

    it('replaces the session when the person accepts, and at once when the link is for the person already signed in', async () => {
      host();
      const seven = connectionFor('https://api.seven.example');
      seven.session.signIn({ ...login, access_token: 'owner-token' });
      seven.session.setUser(mine);
      const result = await seven.signInWithAppToken('link');
      if (!result.ok || result.data.kind !== 'confirm') throw new Error('expected a question');
      await result.data.accept();
      expect(seven.session.authorization()).toBe('Bearer from-app');
      expect(seven.session.user.value?.email).toBe('app@example.org');
      expect(seven.session.fromApps.value).toBe(true);
      // Signed in as the app user now: the next link for the same person asks nothing.
      const again = await seven.signInWithAppToken('link-2');
      expect(again.ok && again.data.kind).toBe('signed-in');
      seven.session.clear();
    });

    it("in the app's webview (the session came from the app's link) a link for another account replaces it at once", async () => {
      host();
      const eight = connectionFor('https://api.eight.example');
      eight.session.signIn({ ...login, access_token: 'earlier-app-user' }, { fromApps: true });
      eight.session.setUser(mine);
      const result = await eight.signInWithAppToken('next-link');
      expect(result.ok && result.data.kind).toBe('signed-in');
      expect(eight.session.authorization()).toBe('Bearer from-app');
      expect(eight.session.user.value?.email).toBe('app@example.org');
      eight.session.clear();
    });
  });
});
