// @vitest-environment node
/**
 * A link cannot switch who is signed in without asking. Opening a page with someone else's one-time token `_t` while
 * signed in as another person asks 'Continue as <email>?'; declining signs the link's session out at once (on the
 * server too) and leaves the current one as it was. Where nobody is signed in (the app's webview) the link signs in
 * at once. The portal's own models run here against the sandbox, through the portal's own connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialSignIn } from '../../shared/auth/social';
import { fakeDeps, settle } from '../../shared/deps/testing';
import { recordsOf } from '../../shared/payments/records';
import { createConnection, type Connection } from '../../shared/session/connection';
import { createSession } from '../../shared/session/session';
import { startSandbox, type TestSandbox } from '../../sandbox/test-support';
import { APP_REDIRECT_MS } from '../../shared/boot/boot';
import { createLoginModel } from '../../widgets/login/login.model';
import { createAppEntryModel } from '../../widgets/subscribe/app-entry.model';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** The one-time token the mobile app would put in `_t` (here: an attacker's own account's). */
async function appToken(email: string): Promise<string> {
  return (await sb.post<{ token: string }>('/sandbox/app-token', { email })).body.data!.token;
}

/** A browser where `email` is signed in, with the portal's own connection to the sandbox. */
async function browserOf(email: string | null, password = ''): Promise<Connection> {
  const connection = createConnection(sb.url, createSession({ storage: null }), fetch);
  if (email) {
    const login = await sb.post<{ access_token: string; token_type: string; expires_in: number }>(
      '/webclient/auth/login',
      { email, password },
    );
    expect((await connection.completeSignIn(login.body.data!)).ok).toBe(true);
  }
  return connection;
}

const noSocial: SocialSignIn = {
  mode: () => 'off',
  prepare: () => {},
  signInWithPopup: async () => Promise.reject(new Error('off')),
  signInWithTestAccount: async () => Promise.reject(new Error('off')),
};

/** <sm-login>'s model in that browser, opened at #/login?_t=TOKEN&type=topup. */
function loginPage(connection: Connection, token: string) {
  const deps = {
    ...fakeDeps({ query: { _t: token, type: 'topup' } }),
    api: connection.api,
    session: connection.session,
    account: connection,
  };
  const model = createLoginModel({ ...deps, social: noSocial, showView: (view) => model.start(view) });
  return { deps, model };
}

const profileWith = (token: string) => sb.get<{ email: string }>('/webclient/account/profile', token);

describe("someone else's link in a browser where another account is signed in", () => {
  it("asks 'Continue as <email>?'; declining revokes the link's session and leaves the current one as it was", async () => {
    const victim = await browserOf('partner@example.org', 'partner-2026');
    const before = victim.session.authorization();
    const { model, deps } = loginPage(victim, await appToken('listener@example.org'));
    model.start('login');
    await settle();
    expect(model.appSwitch.value).toEqual({ email: 'listener@example.org', current: 'partner@example.org' });
    // Nothing switched while the question is open.
    expect(victim.session.authorization()).toBe(before);
    expect(victim.session.user.value?.email).toBe('partner@example.org');
    const issued = sb.sandbox.db
      .prepare(
        "SELECT COUNT(*) FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.kind = 'access' AND u.email = 'listener@example.org' AND t.used_at IS NULL",
      )
      .pluck();
    expect(issued.get()).toBe(1); // the link's session exists on the server...

    await model.stayAsCurrent();
    expect(issued.get()).toBe(0); // ...and is signed out at once
    expect(victim.session.authorization()).toBe(before);
    expect(victim.session.user.value?.email).toBe('partner@example.org');
    expect(victim.session.fromApps.value).toBe(false);
    expect((await profileWith(before!.replace('Bearer ', ''))).body.data?.email).toBe('partner@example.org');
    expect(deps.events).toEqual([]); // nobody was announced as signed in
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
  });

  it('continuing replaces the session with the link’s account, then goes on as the app asked', async () => {
    const browser = await browserOf('partner@example.org', 'partner-2026');
    const { model, deps } = loginPage(browser, await appToken('listener@example.org'));
    model.start('login');
    await settle();
    await model.continueAsAppAccount();
    expect(browser.session.user.value?.email).toBe('listener@example.org');
    expect(browser.session.fromApps.value).toBe(true);
    await deps.clock.advance(APP_REDIRECT_MS);
    expect(deps.visits.at(-1)).toEqual({ name: 'TopUpPage', query: undefined, replace: false });
  });

  it('the app’s payment entries never pay as the link’s account: its session is signed out, the current one kept', async () => {
    const victim = await browserOf('partner@example.org', 'partner-2026');
    const deps = {
      ...fakeDeps({
        query: { _t: await appToken('listener@example.org'), price: '9', method: 'credit_card', recurring: '0' },
      }),
      api: victim.api,
      session: victim.session,
      account: victim,
    };
    createAppEntryModel(deps).show('direct-subscribe');
    await settle();
    expect(victim.session.user.value?.email).toBe('partner@example.org');
    expect(deps.visits.at(-1)?.name).toBe('TransactionFailedPage');
    expect(recordsOf(deps).read('payment-error')).toMatchObject({
      message:
        'This link from the app is for another account than the one signed in here. Log out first, then open the link again from the app.',
    });
    expect(
      sb.sandbox.db
        .prepare(
          "SELECT COUNT(*) FROM checkout_sessions WHERE user_id = (SELECT id FROM users WHERE email = 'listener@example.org') AND kind = 'subscription'",
        )
        .pluck()
        .get(),
    ).toBe(0);
  });
});

describe("the app's webview, where nobody else is signed in", () => {
  it('signs in at once, as the product says', async () => {
    const webview = await browserOf(null);
    const { model, deps } = loginPage(webview, await appToken('manila@example.org'));
    model.start('login');
    await settle();
    expect(model.appSwitch.value).toBeNull();
    expect(webview.session.user.value?.email).toBe('manila@example.org');
    await deps.clock.advance(APP_REDIRECT_MS);
    expect(deps.visits.at(-1)?.name).toBe('TopUpPage');
  });
});
