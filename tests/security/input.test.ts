// @vitest-environment node
/**
 * What people type reaches other people. Names refuse line breaks and other control characters, NUL, direction
 * overrides and web addresses, keep letters of every script and the apostrophes and hyphens of real names, and are
 * capped; emails escape what was typed and never make a link of it. Amounts keep the currency's precision, by one
 * rule on the client (the form says so before sending) and on the server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fakeDeps, ok, PROFILE } from '../../shared/deps/testing';
import { decimalsOf, precisionMessage, toMinorExact } from '../../shared/format/money';
import { creditOrder, giftOrder, membershipOrder, registration, startSandbox } from '../../sandbox/test-support';
import { donationPlan, membershipPlan, mission } from '../../shared/api/testing';
import { createDonateModel } from '../../widgets/donate/donate.model';
import { createSubscribeModel } from '../../widgets/subscribe/subscribe.model';

const sb = await startSandbox();
afterAll(() => sb.stop());
const [listener, admin] = await sb.signIn('grace', 'ada');

let serial = 0;
const register = (first_name: string, last_name = 'Person') =>
  sb.post('/webclient/auth/register', registration({ first_name, last_name, email: `name-${++serial}@example.org` }));

describe('names are names', () => {
  const REFUSED: Array<[string, RegExp]> = [
    [
      'Eve\nClick http://evil.example/reset',
      /must not contain line breaks, control characters or text-direction overrides/,
    ],
    ['Eve\r\nBcc: all@example.org', /line breaks/],
    ['Eve\u0000', /control characters/],
    ['Eve\tTab', /control characters/],
    ['Eve \u202Egnp.exe', /text-direction overrides/],
    ['Eve \u2066hidden\u2069', /text-direction overrides/],
    ['http://evil.example', /must not contain a web address/],
    ['Visit evil.example.com', /must not contain a web address/],
    ['www.evil', /must not contain a web address/],
    // Disguised web addresses: what a URL parser reads as evil.com is a web address here too.
    ['evil\u200B.com', /must not contain a web address/],
    ['evil.\u200Bcom', /must not contain a web address/],
    ['evil\u3002com', /must not contain a web address/],
    ['evil\uFF0Ecom', /must not contain a web address/],
    ['evil\uFF61com', /must not contain a web address/],
    ['evil.c\u0301om', /must not contain a web address/],
    ['evil.\u0301com', /must not contain a web address/],
    ['evil\u00AD.com', /must not contain a web address/],
    ['ｗｗｗ.evil', /must not contain a web address/],
    ['ｈｔｔｐｓ：／／evil', /must not contain a web address/],
    // Decoded as often as it was encoded, blanks that are not format characters dropped, bare IP addresses.
    ['evil%2Ecom', /must not contain a web address/],
    ['evil%252Ecom', /must not contain a web address/],
    ['evil%E3%80%82com', /must not contain a web address/],
    ['evil&#46;com', /must not contain a web address/],
    ['evil\u2800.com', /must not contain a web address/],
    ['evil\u3164.com', /must not contain a web address/],
    ['Visit 8.8.8.8', /must not contain a web address/],
    ['Visit 8\u30028\u30028\u30028', /must not contain a web address/],
    ['Visit [2001:db8::1]', /must not contain a web address/],
    ['Ann\u2800e', /control characters/],
    // Invisible format characters (category Cf) anywhere.
    ['Ann\u200Be', /control characters/],
    ['Ann\u200Ce', /control characters/],
    ['Ann\u200De', /control characters/],
    ['An\uFEFFne', /control characters/],
    ['An\u00ADne', /control characters/],
    ['Anne\u{E0041}\u{E0042}', /control characters/],
    ['Anne\u2060', /control characters/],
    ['12345', /must contain at least one letter/],
    ['x'.repeat(101), /must be at most 100 characters/],
  ];

  it('refuses control characters, direction overrides, web addresses and overlong names with a message that names the field', async () => {
    for (const [name, message] of REFUSED) {
      const answer = await register(name);
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.message, JSON.stringify(name)).toMatch(/^first_name: /);
      expect(answer.body.message, JSON.stringify(name)).toMatch(message);
    }
    expect((await register('Ann', 'Other\u202E')).body.message).toMatch(/^last_name: must not contain line breaks/);
  });

  it('keeps letters of every script and the apostrophes, hyphens and periods of real names', async () => {
    for (const name of [
      "O'Brien",
      'D’Arcy',
      'Jean-Luc',
      'José María',
      'Zoë',
      'J. R. R.',
      '李小龍',
      'محمد',
      'Ngũgĩ',
      'Þórunn',
      'Владимир',
      'देवनागरी',
      // Filipino, Chinese, Spanish, Arabic; apostrophes and hyphens
      'Ma. Luisa',
      'Dela Cruz-Santos',
      'Niño',
      '王秀英',
      '欧阳 娜娜',
      'María José',
      'Peña-Ortiz',
      'عبد الله',
      'فاطمة الزهراء',
      "D'Angelo",
      'N’Golo',
      'Anne-Marie',
      'x'.repeat(100),
      // The zero-width non-joiner and joiner inside a word of a script written with them: Persian, Sinhala, Hindi.
      'علی\u200Cرضا',
      'مهرداد\u200C رضایی',
      'ශ්\u200Dරියානි',
      'क्\u200Dष',
    ]) {
      expect((await register(name)).status, name).toBe(200);
    }
    // Kept as typed, joiners and all.
    const persian = await sb.post(
      '/webclient/auth/register',
      registration({ first_name: 'علی\u200Cرضا', last_name: 'رضایی', email: 'alireza@example.org' }),
    );
    expect(persian.status).toBe(200);
    expect(
      sb.sandbox.db.prepare("SELECT first_name FROM users WHERE email = 'alireza@example.org'").pluck().get(),
    ).toBe('علی\u200Cرضا');
  });

  it('normalises a name (NFKC) before checking it, and keeps it so', async () => {
    const email = `name-${++serial}@example.org`;
    const answer = await sb.post(
      '/webclient/auth/register',
      registration({ first_name: ' \uFF21\uFF4E\uFF4E ', last_name: 'Jose\u0301', email }),
    );
    expect(answer.status).toBe(200);
    const row = sb.sandbox.db.prepare('SELECT first_name, last_name FROM users WHERE email = ?').get(email);
    expect(row).toEqual({ first_name: 'Ann', last_name: 'Jos\u00E9' });
  });

  it('holds the same rule when the profile is updated and when an admin names staff', async () => {
    const update = await sb.post('/dashboard/account/update', { first_name: 'Grace\nhttps://evil.example' }, listener);
    expect(update.body).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^first_name: must not contain line breaks/),
    });
    const staff = await sb.post(
      '/admin/user/create',
      { name: 'Evil www.example.com', email: 'staff@example.org', password: 'a-fine-passphrase', role: 'artist' },
      admin,
    );
    expect(staff.body).toMatchObject({ status: 400, message: 'name: must not contain a web address' });
    for (const [first_name, message] of [
      ['evil\u200B.com', 'first_name: must not contain a web address'],
      ['evil\uFF0Ecom', 'first_name: must not contain a web address'],
      ['Grace\u200D', 'first_name: must not contain line breaks, control characters or text-direction overrides'],
    ] as const) {
      const disguised = await sb.post('/dashboard/account/update', { first_name }, listener);
      expect(disguised.body, JSON.stringify(first_name)).toMatchObject({ status: 400, message });
    }
  });

  it('emails escape what was typed and never make a link of it: only the sandbox’s own links are links', async () => {
    // A name stored before the rule existed (or by any other way in): it still never becomes a link.
    sb.sandbox.db
      .prepare("UPDATE users SET first_name = ? WHERE email = 'manila@example.org'")
      .run('Maria <b>https://evil.example/login</b>');
    expect((await sb.post('/webclient/auth/forgot-password', { email: 'manila@example.org' })).status).toBe(200);
    const [mail] = await sb.mail('manila@example.org');
    expect(mail!.text).toContain('Hello Maria <b>https://evil.example/login</b>,');
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(/^http:\/\/portal\.test\/#\/change-password\?t=/);
    const page = await sb.get('/sandbox/mail?to=manila@example.org');
    expect(page.text).toContain('Hello Maria &lt;b&gt;https://evil.example/login&lt;/b&gt;,');
    expect(page.text).not.toMatch(/<a href="https:\/\/evil/);
    expect(page.text.match(/<a href="http:\/\/portal\.test\/#\/change-password\?t=/g)).toHaveLength(1);
  });
});

describe('amounts have the currency’s precision', () => {
  it('one rule for client and server: at most the currency’s decimals, never rounded', () => {
    expect(decimalsOf(4.999999999)).toBe(9);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(10)).toBe(0);
    expect(decimalsOf(10.5)).toBe(1);
    expect(toMinorExact(4.999999999, 'USD')).toBeNull();
    expect(toMinorExact(10.005, 'USD')).toBeNull();
    expect(toMinorExact(4.99, 'USD')).toBe(499);
    expect(toMinorExact(0.1 + 0.2, 'USD')).toBeNull(); // 0.30000000000000004: a sum the client must not send as is
    expect(toMinorExact(580, 'PHP')).toBe(58000);
    expect(toMinorExact(1000.5, 'JPY')).toBeNull();
    expect(toMinorExact(Number.NaN, 'USD')).toBeNull();
    expect(precisionMessage('USD')).toBe('Enter the amount with at most 2 decimals (for example 12.50).');
    expect(precisionMessage('JPY')).toBe('Enter a whole amount: JPY has no cents.');
  });

  it('the server refuses more decimals than the currency has on every call that takes an amount', async () => {
    const DECIMALS = 'amount: must have at most 2 decimals';
    const sessions = sb.sandbox.db.prepare('SELECT COUNT(*) FROM checkout_sessions').pluck();
    const before = sessions.get();
    const gift = giftOrder({ amount: 4.999999999, donation_id: 1 });
    const calls: Array<[string, Record<string, unknown>, string | undefined]> = [
      ['/webclient/donation/create-session', gift, undefined],
      ['/webclient/donation/create-session', gift, listener],
      ['/webclient/subscription/create-session', membershipOrder({ amount: 4.999999999 }), listener],
      ['/webclient/in-web-purchase/create-session', creditOrder({ amount: 9.999999999 }), listener],
    ];
    for (const [path, body, token] of calls) {
      const answer = await sb.post(path, body, token);
      expect(answer.body, `${path} ${token ? 'signed in' : 'anonymous'}`).toEqual({
        status: 400,
        message: DECIMALS,
        errorCode: null,
      });
    }
    const partner = await sb.login('partner@example.org', 'partner-2026');
    const change = await sb.post(
      '/webclient/subscription/change-amount',
      { currency: 'USD', amount: 6.000000001 },
      partner,
    );
    expect(change.body).toMatchObject({ status: 400, message: DECIMALS });
    expect(sessions.get()).toBe(before); // nothing was charged at a rounded amount
  });

  it('takes numbers as written: one JSON parsing would round is refused, never charged as the rounded amount', async () => {
    const sessions = sb.sandbox.db.prepare('SELECT COUNT(*) FROM checkout_sessions').pluck();
    const before = sessions.get();
    /** The body as text, with the amount written exactly so (JSON.stringify would write the rounded number). */
    const asWritten = (body: Record<string, unknown>, amount: string) =>
      JSON.stringify({ ...body, amount: '__AMOUNT__' }).replace('"__AMOUNT__"', amount);
    const calls: Array<[string, Record<string, unknown>, string | undefined]> = [
      ['/webclient/donation/create-session', giftOrder({ donation_id: 1 }), undefined],
      ['/webclient/subscription/create-session', membershipOrder(), listener],
      ['/webclient/in-web-purchase/create-session', creditOrder(), listener],
      ['/webclient/subscription/change-amount', { currency: 'USD' }, listener],
    ];
    for (const [path, body, token] of calls) {
      for (const amount of [
        '4.9999999999999999',
        '9.99999999999999999999',
        '10.0000000000000001',
        '5.00000000000000000001e0',
      ]) {
        const answer = await sb.call('POST', path, {
          body: asWritten(body, amount),
          headers: { 'Content-Type': 'application/json' },
          ...(token ? { token } : {}),
        });
        expect(answer.body, `${path} ${amount}`).toMatchObject({
          status: 400,
          message: 'amount: must have at most 2 decimals',
        });
      }
    }
    // Another field: named, with what is wrong.
    const other = await sb.call('POST', '/webclient/in-web-purchase/create-session', {
      body: asWritten(creditOrder(), '10').replace('"credit":100', '"credit":100.00000000000000001'),
      headers: { 'Content-Type': 'application/json' },
      token: listener,
    });
    expect(other.body).toMatchObject({ status: 400, message: 'credit: has more digits than can be read exactly' });
    // Amounts keep the form the API documents: at most the currency's decimals as written, trailing zeros too.
    for (const amount of ['10.000', '10.0000', '10000e-3']) {
      const answer = await sb.call('POST', '/webclient/in-web-purchase/create-session', {
        body: asWritten(creditOrder(), amount),
        headers: { 'Content-Type': 'application/json' },
        token: listener,
      });
      expect(answer.body, amount).toMatchObject({ status: 400, message: 'amount: must have at most 2 decimals' });
    }
    // A field given twice is refused: JSON.parse would keep the last one silently.
    for (const body of [
      JSON.stringify(creditOrder()).replace('{', '{"amount":10.001,'),
      JSON.stringify(creditOrder()).replace('{', '{"am\\u006funt":5,'),
    ]) {
      const twice = await sb.call('POST', '/webclient/in-web-purchase/create-session', {
        body,
        headers: { 'Content-Type': 'application/json' },
        token: listener,
      });
      expect(twice.body, body).toMatchObject({
        status: 400,
        message: 'amount: is given more than once; send each field once',
      });
    }
    const nested = await sb.call('POST', '/webclient/auth/login', {
      body: '{"email":"listener@example.org","password":"x","password":"listen-2026"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(nested.body).toMatchObject({
      status: 400,
      message: 'password: is given more than once; send each field once',
    });
    // Exact numbers, however written, are read as they are.
    const fine = await sb.call('POST', '/webclient/in-web-purchase/create-session', {
      body: asWritten(creditOrder(), '10.00'),
      headers: { 'Content-Type': 'application/json' },
      token: listener,
    });
    expect(fine.status).toBe(200);
    expect(sessions.get()).toBe(Number(before) + 1); // nothing was charged at a rounded amount
  });

  it('the membership form shows the message before sending', async () => {
    const deps = fakeDeps({
      signedIn: true,
      routes: {
        'GET /webclient/account/profile': ok(PROFILE),
        'GET /webclient/subscription/subscription-plan': ok([membershipPlan()]),
        'POST /webclient/subscription/payment-methods': ok([{ id: 'credit_card', name: 'Card' }]),
      },
    });
    const model = createSubscribeModel(deps);
    model.show('subscribe');
    await deps.clock.advance(0);
    model.next();
    model.setCustom('4.999999999');
    expect(model.customError.value).toBe('Enter the amount with at most 2 decimals (for example 12.50).');
    model.next();
    expect(model.step.value).toBe('select-amount'); // not on to paying
    model.setCustom('4.99');
    expect(model.customError.value).toBeNull();
    expect(deps.requests.filter((r) => r.path.includes('create-session'))).toHaveLength(0);
  });

  it('the donation form shows the message before sending, and never rounds the typed amount', async () => {
    const deps = fakeDeps({
      signedIn: true,
      query: { _d: '2' },
      routes: {
        'GET /webclient/donation/ongoing': ok([mission()]),
        'GET /webclient/donation/donation-plan': ok([donationPlan()]),
        'POST /webclient/donation/create-session': ok({ id: 'cs_d', checkout_url: '/x' }),
      },
    });
    const model = createDonateModel(deps);
    model.show('donate');
    await deps.clock.advance(0);
    model.setCustom('4.999999999');
    model.commitCustom();
    expect(model.custom.value).toBe('4.999999999');
    await model.donate();
    expect(model.prompts.dialog.value).toEqual({
      kind: 'error',
      message: 'Enter the amount with at most 2 decimals (for example 12.50).',
    });
    expect(deps.requests.filter((r) => r.path.includes('create-session'))).toHaveLength(0);
  });
});
