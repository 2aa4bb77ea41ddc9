/**
 * Where a payment page with no payment to finish goes is what its own code does: route.js shows that page from the
 * first paint, and the page's code, had it started there, would have gone to the same one.
 */
import { describe, expect, it } from 'vitest';
import { fakeDeps, ok, PROFILE } from '../deps/testing';
import { WITHOUT_PAYMENT, type RouteName } from '../routing/routes';
import { goesWithoutPayment } from './arrival';
import { createCheckout } from './engine';
import { CHECKOUT_KINDS } from './kinds/all';
import { CARD } from './methods';
import { createPendingPayment } from './pending';
import { recordsOf } from './records';
import { creditDraft } from './testing';

const member = () => fakeDeps({ signedIn: true, routes: { 'GET /webclient/account/profile': ok(PROFILE) } });

/** Where each payment page goes, run by its own code with nothing stored and no payment in the address. */
async function pagesRun(): Promise<Partial<Record<RouteName, RouteName>>> {
  const run: Partial<Record<RouteName, RouteName>> = {};
  for (const kind of Object.values(CHECKOUT_KINDS)) {
    const success = member();
    await createCheckout(kind, success).confirm();
    run[kind.success('', CARD, null).name] = success.visits[0]!.name;
    if (kind.checkoutRoute) {
      const checkout = member();
      await createCheckout(kind, checkout).checkout();
      run[kind.checkoutRoute] = checkout.visits[0]!.name;
    }
  }
  const pending = member();
  createPendingPayment(pending).start();
  run.ResultPendingPage = pending.visits[0]!.name;
  return run;
}

describe('a payment page with no payment to finish', () => {
  it('goes where its own code sends it, for every payment page there is', async () => {
    const run = await pagesRun();
    expect(Object.fromEntries(Object.entries(WITHOUT_PAYMENT).map(([page, { goes }]) => [page, goes]))).toEqual(run);
  });

  it("is seen before any code comes only when neither the address nor storage holds one of the page's payments", async () => {
    const nothing = () => false;
    expect(goesWithoutPayment('SuccessPage', {}, nothing)).toBe('HomePage');
    expect(goesWithoutPayment('CheckoutPage', {}, nothing)).toBe('TopUpPage');
    expect(goesWithoutPayment('SuccessPage', { session_id: 'cs_1' }, nothing)).toBeNull();
    expect(goesWithoutPayment('SuccessPage', {}, (record) => record === 'credit')).toBeNull();
    // Another kind's record is not this page's payment.
    expect(goesWithoutPayment('SuccessPage', {}, (record) => record === 'donation')).toBe('HomePage');
    expect(goesWithoutPayment('TopUpPage', {}, nothing)).toBeNull();
    expect(goesWithoutPayment(null, {}, nothing)).toBeNull();
    // And where one is stored, the page's own code finishes it rather than going on.
    const deps = member();
    recordsOf(deps).write('credit', { ...creditDraft(), idempotencyKey: 'k'.repeat(32), createdAt: 0 });
    expect(await createCheckout(CHECKOUT_KINDS.credit, deps).checkout()).toBe(true);
    expect(deps.visits).toEqual([]);
  });
});
