/// <reference types="mocha" />
import { expect } from 'chai';
import '../../widgets/subscribe/subscribe.element';
import type { UserProfile } from '../../shared/api/schemas';
import { membershipPlan, paymentMethods } from '../../shared/api/testing';
import { testMembership, testProfile } from '../../shared/deps/testing';
import { connectionFor } from '../../shared/session/connection';
import {
  byLabel,
  byRole,
  expectAccessible,
  fakeApiPerTest,
  fixture,
  ok,
  text,
  type,
  waitFor,
} from '../../tests/element/support';

const { session } = connectionFor('');

const plans = [membershipPlan(), membershipPlan({ identifier: 'premium-one-time' })];
/** Paul Partner's profile, with the membership given. */
const profile = (subscription: UserProfile['subscription']) =>
  testProfile({
    id: 2,
    name: 'Paul Partner',
    email: 'partner@example.org',
    joined: '2024-11-02',
    type: 1,
    credit_balance: 0,
    subscription,
  });

function slider(el: HTMLElement): HTMLInputElement {
  return el.shadowRoot!.querySelector('input[type="range"]')!;
}
function setSlider(el: HTMLElement, value: number) {
  const input = slider(el);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(value));
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('<sm-subscribe>', () => {
  const serve = fakeApiPerTest({ signedIn: true });

  it('walks the three steps with the slider, tier messages and notes', async () => {
    serve({
      'GET /webclient/subscription/subscription-plan': () => ok(plans),
      'POST /webclient/subscription/payment-methods': () => ok(paymentMethods('credit_card', 'wechat')),
    });
    const el = await fixture('<sm-subscribe></sm-subscribe>');
    await waitFor(() => text(el).includes('Step 1 of 3: Select Duration'));
    await expectAccessible(el);
    byRole(el, 'button', 'Next').click();
    await waitFor(() => text(el).includes('Monthly Premium Membership'));
    expect(text(el)).to.contain('Limited time. Pay what you can afford');
    expect(text(el)).to.contain('$5.00 /month');
    expect(slider(el).min).to.equal('1');
    expect(slider(el).max).to.equal('100');
    expect(text(el)).to.contain('All prices exclusive of provider fees');
    expect(text(el)).to.contain('1% additional fee will be added for countries outside US');
    const expectations: [number, string | null][] = [
      [1, 'If you can’t afford the suggested price. You can lower the number to pay what you can afford'],
      [5, 'If you can’t afford the suggested price. You can lower the number to pay what you can afford'],
      [10, null],
      [20, "Thank you for being a cheerful giver. You're on the top 1% subscribers who input $20 or more."],
      [50, "We are grateful for your generosity. You're on the top 0.5% subscribers who input $50 or more."],
      [100, "You're awesome! We thank you for your abundant support on the app & missions."],
    ];
    for (const [value, message] of expectations) {
      setSlider(el, value);
      await waitFor(() => text(el).includes(`$${value}.00 /month`));
      const info = el.shadowRoot!.querySelector('[data-testid="tier-info"]');
      expect(info?.textContent ?? null, `at $${value}`).to.equal(message);
    }
    await expectAccessible(el);
    setSlider(el, 7);
    byRole(el, 'button', 'Next').click();
    await waitFor(() => text(el).includes('Monthly Premium Membership at $7.00 /month'));
    expect(text(el)).to.contain('Monthly membership is paid by card.');
    expect(text(el)).not.to.contain('WeChat Pay');
    byRole(el, 'button', 'Continue to Payment').click();
    await waitFor(() => text(el).includes('Please Select Payment Method'));
    (el.shadowRoot!.querySelector('input[name="payment-method"]') as HTMLInputElement).click();
    byRole(el, 'button', 'Continue to Payment').click();
    await waitFor(() => location.hash === '#/subscription-checkout');
    expect(JSON.parse(localStorage.getItem('sm.payment.subscription')!)).to.include({
      method: 'credit_card',
      amount: 7,
      recurring: 1,
      identifier: 'premium-monthly',
    });
  });

  it('in Spanish, writes amounts as Latin America does, per month without a space before the slash', async () => {
    serve({ 'GET /webclient/subscription/subscription-plan': () => ok(plans) });
    const el = await fixture('<sm-subscribe language="es"></sm-subscribe>');
    await waitFor(() => text(el).includes('Paso 1 de 3: Elija la duración'));
    byRole(el, 'button', 'Siguiente').click();
    // (text() writes every space as one.)
    await waitFor(() => text(el).includes('USD 5.00/mes'));
    expect(text(el)).not.to.contain('US$');
    byRole(el, 'button', 'Ingresar otro monto').click();
    type(await waitFor(() => byLabel(el, 'Otro monto')), '5.555');
    // The hint's example in the same number format as the amounts beside it.
    await waitFor(() => text(el).includes('(por ejemplo, 12.50)'));
  });

  it('one-time: months scale the bounds, and the custom amount needs 100 or more', async () => {
    serve({ 'GET /webclient/subscription/subscription-plan': () => ok(plans) });
    const el = await fixture('<sm-subscribe></sm-subscribe>');
    await waitFor(() => text(el).includes('One-time'));
    (el.shadowRoot!.querySelectorAll('input[name="duration"]')[1] as HTMLInputElement).click();
    await waitFor(() => text(el).includes('12 Months'));
    const three = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[name="months"]')][2]!;
    three.click();
    byRole(el, 'button', 'Next').click();
    await waitFor(() => text(el).includes('3 Months Premium Membership'));
    expect(slider(el).min).to.equal('3');
    expect(slider(el).max).to.equal('120');
    expect(slider(el).value).to.equal('15');
    byRole(el, 'button', 'Enter a custom amount').click();
    const input = await waitFor(() => byLabel(el, 'Custom amount'));
    type(input, '99');
    await waitFor(() => text(el).includes('Minimum amount is 100'));
    expect((byRole(el, 'button', 'Next') as HTMLButtonElement).disabled).to.equal(true);
    type(input, '150');
    await waitFor(() => !(byRole(el, 'button', 'Next') as HTMLButtonElement).disabled);
  });

  it('Manage Membership shows the pending change with Change Amount disabled', async () => {
    session.setUser(
      profile(
        testMembership({
          canceled: true,
          current_amount: 7,
          next_amount: 25,
          schedule_start_date: '2026-12-21T00:00:00Z',
        }),
      ),
    );
    const el = await fixture('<sm-subscribe view="manage"></sm-subscribe>').catch(
      () => document.querySelector('sm-subscribe') as HTMLElement,
    );
    await waitFor(() => text(el).includes('Manage Membership'));
    expect(el.shadowRoot!.querySelector('[data-testid="manage-amount"]')!.textContent).to.equal('$25.00 /month');
    expect(text(el)).to.contain('New amount will be charged on 21 December 2026');
    expect((byRole(el, 'button', 'Change Amount') as HTMLButtonElement).disabled).to.equal(true);
    await expectAccessible(el);
  });

  it('Manage Membership cancels after the warning confirm', async () => {
    session.setUser(profile(testMembership()));
    serve({
      'POST /webclient/subscription/cancel-subscription': () => ok({}),
      'GET /webclient/account/profile': () => ok(profile(testMembership({ canceled: true, change_amount: true }))),
    });
    const el = document.createElement('sm-subscribe');
    el.setAttribute('view', 'manage');
    document.body.append(el);
    try {
      await waitFor(() => text(el).includes('Auto Renewal on 21 December 2026'));
      byRole(el, 'button', 'Cancel Subscription').click();
      await waitFor(() => text(el).includes("I've Changed My Mind"));
      byRole(el, 'button', "I've Changed My Mind").click();
      await waitFor(() => text(el).includes('Auto Renewal on'));
      byRole(el, 'button', 'Cancel Subscription').click();
      (await waitFor(() => byRole(el, 'button', 'Cancel Membership'))).click();
      await waitFor(() => text(el).includes('Membership Canceled'));
      expect(text(el)).to.contain('You keep premium until 21 December 2026');
      const closed = new Promise((resolve) => el.addEventListener('sm-close', resolve, { once: true }));
      byRole(el, 'button', 'OK').click();
      await closed;
    } finally {
      el.remove();
    }
  });

  it('change: holds the page as it will show until its plan comes, as tall as the page', async () => {
    const partner = profile(testMembership({ change_amount: true }));
    session.setUser(partner);
    let answer: () => void = () => {};
    const api = serve({
      'GET /webclient/account/profile': () => ok(partner),
      'GET /webclient/subscription/subscription-plan': () => new Promise((done) => (answer = () => done(ok(plans)))),
    });
    const el = await fixture('<sm-subscribe view="change"></sm-subscribe>');
    // Its code came and asked for the plan: the page's places are held meanwhile, and nothing covers them.
    await waitFor(() => api.calls.some((call) => call.route.includes('subscription-plan')));
    await new Promise((done) => requestAnimationFrame(done));
    const card = el.shadowRoot!.querySelector<HTMLElement>('.sm-card')!;
    expect(card.querySelectorAll('.sm-skeleton-line').length).to.be.greaterThan(0);
    expect(el.shadowRoot!.querySelector('.sm-overlay')).to.equal(null);
    expect(el.shadowRoot!.querySelector('input[type="range"]:not(:disabled)')).to.equal(null);
    const held = card.getBoundingClientRect().height;
    answer();
    await waitFor(() => el.shadowRoot!.querySelector('input[type="range"]:not(:disabled)'));
    expect(el.shadowRoot!.querySelector('.sm-skeleton-line')).to.equal(null);
    // The page fills its places exactly: nothing in or under it moves.
    expect(el.shadowRoot!.querySelector<HTMLElement>('.sm-card')!.getBoundingClientRect().height).to.be.closeTo(
      held,
      0.5,
    );
  });

  it("a monthly member's notice shows over the steps' heading: the steps do not move", async () => {
    serve({ 'GET /webclient/subscription/subscription-plan': () => ok(plans) });
    const el = await fixture('<sm-subscribe></sm-subscribe>');
    const steps = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('fieldset'));
    const top = steps.getBoundingClientRect().top;
    session.setUser(profile(testMembership({ change_amount: true })));
    await waitFor(() => text(el).includes('You are already a monthly partner.'));
    expect(steps.getBoundingClientRect().top).to.equal(top);
    expect(getComputedStyle(el.shadowRoot!.querySelector('.sm-over')!).position).to.equal('absolute');
  });

  it('refuses a tampered direct-subscribe link with a clear message', async () => {
    history.replaceState(null, '', `${location.pathname}#/direct-subscribe?_t=abc&price=-5&method=evil&recurring=1`);
    const el = await fixture('<sm-subscribe view="direct-subscribe"></sm-subscribe>');
    await waitFor(() => text(el).includes('This link is missing something or was changed.'));
    expect(location.hash).not.to.contain('_t=');
  });
});
