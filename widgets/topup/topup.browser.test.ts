/// <reference types="mocha" />
import { expect } from 'chai';
import '../../widgets/topup/topup.element';
import { HELD_OPTIONS } from '../../widgets/topup/topup';
import { creditOption, paymentMethods } from '../../shared/api/testing';
import { testProfile } from '../../shared/deps/testing';
import { connectionFor } from '../../shared/session/connection';
import {
  byRole,
  expectAccessible,
  failed,
  fakeApiPerTest,
  fixture,
  ok,
  onThePortalPage,
  text,
  waitFor,
} from '../../tests/element/support';

const { session } = connectionFor('');

const options = [
  creditOption({ identifier: 'credits_50', price_credit: 50, price_dollar: 5 }),
  creditOption({ identifier: 'credits_1000', price_credit: 1000, price_dollar: 100 }),
];
const methods = paymentMethods('credit_card', 'wechat');

function radio(el: HTMLElement, label: RegExp): HTMLInputElement {
  const found = [...el.shadowRoot!.querySelectorAll('label')].find((l) => label.test(l.textContent ?? ''));
  const input = found?.querySelector('input');
  if (!input) throw new Error(`No choice ${label} in ${text(el)}`);
  return input;
}

describe('<sm-topup>', () => {
  const serve = fakeApiPerTest({ signedIn: true });

  it('lists credit options as N Credits with their price, needs a method, and stores the transaction', async () => {
    serve({
      'GET /webclient/in-web-purchase/credit-list': () => ok(options),
      'POST /webclient/in-web-purchase/payment-methods': () => ok(methods),
    });
    const el = await fixture('<sm-topup></sm-topup>');
    await waitFor(() => text(el).includes('1,000 Credits'));
    expect(text(el)).to.contain('50 Credits');
    expect(text(el)).to.contain('$100.00');
    await expectAccessible(el);
    byRole(el, 'button', 'Next').click();
    await waitFor(() => text(el).includes('Please choose a credit option.'));
    radio(el, /1,000 Credits/).click();
    radio(el, /As a gift/).click();
    byRole(el, 'button', 'Next').click();
    await waitFor(() => text(el).includes('Credit / Debit Card'));
    expect(text(el)).to.contain('1,000 Credits for $100.00');
    byRole(el, 'button', 'Continue to Payment').click();
    await waitFor(() => text(el).includes('Please Select Payment Method'));
    await expectAccessible(el);
    // Back keeps the choice
    byRole(el, 'button', /Back/).click();
    await waitFor(() => radio(el, /1,000 Credits/).checked);
    byRole(el, 'button', 'Next').click();
    await waitFor(() => text(el).includes('WeChat Pay'));
    radio(el, /WeChat Pay/).click();
    byRole(el, 'button', 'Continue to Payment').click();
    await waitFor(() => location.hash === '#/checkout');
    const record = JSON.parse(localStorage.getItem('sm.payment.credit')!);
    expect(record).to.include({
      method: 'wechat',
      currency: 'USD',
      amount: 100,
      identifier: 'credits_1000',
      credits: 1000,
      purchasefor: 2,
    });
  });

  it('holds the credit choices as they will show while they load: their legend, five cards and Next, as tall', async () => {
    let answer: () => void = () => {};
    const five = Array.from({ length: HELD_OPTIONS }, (_, i) => ({ ...options[0]!, identifier: `credits_${i}` }));
    serve({
      'GET /webclient/in-web-purchase/credit-list': () => new Promise((done) => (answer = () => done(ok(five)))),
    });
    const el = await fixture('<sm-topup></sm-topup>');
    const card = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.sm-card'));
    await waitFor(() => el.shadowRoot!.querySelector('[aria-hidden="true"] .sm-skeleton-line'));
    // The places: out of the accessibility tree (the status line says it is loading), Next there and not pressable.
    expect(el.shadowRoot!.querySelectorAll('[aria-hidden="true"] .sm-choice.sm-skeleton-line').length).to.equal(
      HELD_OPTIONS,
    );
    expect((byRole(el, 'button', 'Next') as HTMLButtonElement).disabled).to.equal(true);
    const held = card.getBoundingClientRect().height;
    answer();
    await waitFor(() => el.shadowRoot!.querySelectorAll('input[name="credit-option"]').length === HELD_OPTIONS);
    // The usual list fills its places exactly: nothing in or under the card moves.
    expect(card.getBoundingClientRect().height).to.be.closeTo(held, 0.5);
    expect((byRole(el, 'button', 'Next') as HTMLButtonElement).disabled).to.equal(false);
  });

  it('says so when there is no option for the country', async () => {
    serve({ 'GET /webclient/in-web-purchase/credit-list': () => ok([]) });
    const el = await fixture('<sm-topup></sm-topup>');
    await waitFor(() => text(el).includes('No option available yet for your country yet. Please try again later'));
  });

  it('shows Happy Sabbath! with the message on a 401 while the session is valid', async () => {
    serve({
      'GET /webclient/in-web-purchase/credit-list': () => failed(401, 'Payments rest on the Sabbath.'),
      'GET /webclient/account/profile': () =>
        ok(testProfile({ name: 'G', email: 'g@example.org', joined: '2025-01-01', credit_balance: 0, country: null })),
    });
    const el = await fixture('<sm-topup></sm-topup>');
    const dialog = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]'));
    expect(dialog.textContent).to.contain('Happy Sabbath!');
    expect(dialog.textContent).to.contain('Payments rest on the Sabbath.');
    byRole(el, 'button', 'Back to Home').click();
    await waitFor(() => location.hash === '#/home');
    expect(session.isSignedIn.value).to.equal(true);
  });

  it('warns about an unfinished transaction and cancels it after confirming', async () => {
    localStorage.setItem(
      'sm.payment.credit',
      JSON.stringify({
        idempotencyKey: 'k'.repeat(32),
        method: 'credit_card',
        currency: 'USD',
        amount: 5,
        identifier: 'credits_50',
        credits: 50,
        purchasefor: 1,
        sessionId: 'cs_1',
        checkoutUrl: '/sandbox/checkout/cs_1',
        createdAt: 1,
      }),
    );
    serve({ 'GET /webclient/in-web-purchase/credit-list': () => ok(options) });
    const el = await fixture('<sm-topup></sm-topup>');
    const dialog = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[role="alertdialog"]'));
    expect(dialog.textContent).to.contain('The other transaction are on the way...');
    byRole(el, 'button', 'Continue Payment');
    byRole(el, 'button', 'Cancel Transaction').click();
    await waitFor(() => text(el).includes('Are you sure to want to cancel this transaction?'));
    await expectAccessible(el);
    byRole(el, 'button', 'Yes, cancel it').click();
    await waitFor(() => localStorage.getItem('sm.payment.credit') === null);
    await waitFor(() => location.hash === '#/home', 2500);
  });

  it('shows the redemption code of a gift with a copy button and its tooltip', async () => {
    history.replaceState(null, '', `${location.pathname}#/success?type=other&session_id=cs_9`);
    serve({
      'POST /webclient/in-web-purchase/confirm-transaction-session': () =>
        ok({ result_code: 'Authorised', message: 'ok', credit_balance: 120, redemption_code: 'SM-ABCD-EFGH-JKLM' }),
      'GET /webclient/account/profile': () => ({ status: 500, body: { status: 500, message: 'x' } }),
    });
    const el = await fixture('<sm-topup view="success"></sm-topup>');
    await waitFor(() => text(el).includes('SM-ABCD-EFGH-JKLM'));
    await expectAccessible(el);
    byRole(el, 'button', 'Copy').click();
    await waitFor(() => /Copied!|Select the code/.test(text(el)));
    await waitFor(() => !/Copied!|Select the code/.test(text(el)), 2000);
  });

  it('holds the success page as it will show while the payment is confirmed', async () => {
    history.replaceState(null, '', `${location.pathname}#/success?type=self&session_id=cs_7`);
    let answer: () => void = () => {};
    serve({
      'POST /webclient/in-web-purchase/confirm-transaction-session': () =>
        new Promise(
          (done) =>
            (answer = () =>
              done(ok({ result_code: 'Authorised', message: 'ok', credit_balance: 120, redemption_code: null }))),
        ),
      'GET /webclient/account/profile': () => ({ status: 500, body: { status: 500, message: 'x' } }),
    });
    const el = await fixture('<sm-topup view="success"></sm-topup>');
    const card = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.sm-card'));
    await waitFor(() => text(el).includes('Confirming your payment...'));
    const held = card.getBoundingClientRect().height;
    expect(held).to.be.greaterThan(100);
    answer();
    await waitFor(() => el.shadowRoot!.querySelector('[data-testid="new-balance"]'));
    expect(card.getBoundingClientRect().height).to.be.closeTo(held, 0.5);
  });

  it('sends a refused payment to the failed page with the message, in the portal', async () => {
    onThePortalPage();
    history.replaceState(null, '', `${location.pathname}#/success?type=self&session_id=cs_8`);
    serve({
      'POST /webclient/in-web-purchase/confirm-transaction-session': () =>
        ok({ result_code: 'Refused', message: 'Your card was declined.' }),
    });
    await fixture('<sm-topup view="success"></sm-topup>');
    await waitFor(() => location.hash === '#/transaction-failed');
    expect(JSON.parse(localStorage.getItem('sm.payment.payment-error')!).message).to.equal('Your card was declined.');
  });

  it('on any other page says a refused payment in place, and the page stays', async () => {
    const page = `${location.pathname}#/success?type=self&session_id=cs_8`;
    history.replaceState(null, '', page);
    serve({
      'POST /webclient/in-web-purchase/confirm-transaction-session': () =>
        ok({ result_code: 'Refused', message: 'Your card was declined.' }),
    });
    const el = await fixture('<sm-topup view="success"></sm-topup>');
    await waitFor(() => text(el).includes('Your card was declined.'));
    expect(`${location.pathname}${location.hash}`).to.equal(page);
  });
});
