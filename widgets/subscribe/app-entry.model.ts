/**
 * The mobile app's entries into membership: /update-payment (a new card for the monthly
 * membership) and /direct-subscribe (pay straight away with the app's own choices). Both sign
 * in with the app's one-time token, then pay through the payment engine.
 */
import { signal, computed } from '@preact/signals-core';
import * as z from 'zod/mini';
import * as api from '../../shared/api/subscription';
import { lazy } from '../../shared/api/lazy';
import type { ModelDeps } from '../../shared/deps/deps';
import { createCheckout } from '../../shared/payments/engine';
import { cardUpdateCheckout } from '../../shared/payments/kinds/card-update';
import { subscriptionCheckout } from '../../shared/payments/kinds/subscription';
import { CARD } from '../../shared/payments/methods';
import { DEFAULT_INTERVAL, ONE_TIME_MONTHS } from './subscribe.pricing';
import type { TagProps } from '../tags';
import { membershipDraft, plansOf } from './subscribe.model';
import '@messages/payments';
import '@messages/subscribe';

/** The query of /direct-subscribe, parsed once at the edge (a tampered one is refused). */
export const DirectSubscribeQuery = lazy(() =>
  z.object({
    price: z.pipe(z.string().check(z.regex(/^\d{1,5}(\.\d{1,2})?$/)), z.transform(Number)),
    method: z.enum(['credit_card', 'wechat', 'gcash', 'grab_pay']),
    recurring: z.enum(['0', '1']),
    interval: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform(Number))),
  }),
);

export function parseDirectSubscribe(query: Record<string, string>) {
  const parsed = DirectSubscribeQuery.safeParse(query);
  if (!parsed.success) return null;
  const interval = parsed.data.interval ?? DEFAULT_INTERVAL;
  if (!(ONE_TIME_MONTHS as readonly number[]).includes(interval) || parsed.data.price <= 0) return null;
  return { price: parsed.data.price, method: parsed.data.method, recurring: parsed.data.recurring === '1', interval };
}

/** The app's entries, of the `view` attribute's values in the tag table (widgets/tags.ts). */
export type AppEntryView = Extract<TagProps<'sm-subscribe'>['view'], 'update-payment' | 'direct-subscribe'>;

/** What the entry's card says: what is under way, or what went wrong. */
export type AppEntryStatus = { kind: 'working'; text: string } | { kind: 'error'; text: string };

export function createAppEntryModel(deps: ModelDeps) {
  const { t } = deps.i18n;
  /** Null while it starts: the entry's card says it is working (subscribe.parts.tsx AppEntryCard). */
  const status = signal<AppEntryStatus | null>(null);
  let shown = false;

  /**
   * Signs in with the app's one-time token, or keeps the stored session when the address has none. A token for another
   * account than the one signed in here is refused ('other-account') and its session signed out at once: these entries
   * pay straight away, so they never switch accounts (nor ask, as <sm-login> does).
   */
  async function signIn(): Promise<'ok' | 'failed' | 'other-account'> {
    const token = deps.nav.takeToken('_t');
    if (!token) return deps.session.isSignedIn.value ? 'ok' : 'failed';
    const result = await deps.account.signInWithAppToken(token);
    if (!result.ok) return 'failed';
    if (result.data.kind === 'signed-in') return 'ok';
    await result.data.decline();
    return 'other-account';
  }

  /** A new card: a checkout that cannot start goes to the blank failed page, as the card-update kind says. */
  async function updatePayment() {
    if ((await signIn()) !== 'ok') {
      // The app's blank failed page, in the portal; on another page the tag says the link did not work.
      if (!deps.nav.redirect('UpdatePaymentFailedPage'))
        status.value = { kind: 'error', text: t('subscribe.app.badQuery') };
      return;
    }
    const checkout = createCheckout(cardUpdateCheckout, deps);
    await checkout.begin({ method: CARD, currency: 'USD', amount: 0 });
    // A card update that could not start, on a page other than the portal: said here.
    const ended = checkout.state.value;
    if (ended.kind === 'confirm-failed') status.value = { kind: 'error', text: ended.message };
  }

  async function directSubscribe() {
    const hadToken = deps.nav.query()._t !== undefined;
    const choice = parseDirectSubscribe(deps.nav.query());
    if (!hadToken || !choice) {
      deps.nav.takeToken('_t');
      status.value = { kind: 'error', text: t('subscribe.app.badQuery') };
      return;
    }
    const checkout = createCheckout(subscriptionCheckout, deps);
    const signedIn = await signIn();
    if (signedIn !== 'ok')
      return checkout.fail(
        signedIn === 'other-account' ? t('subscribe.app.otherAccount') : t('subscribe.app.badQuery'),
      );
    const plans = await deps.api.call(api.subscriptionPlans, {});
    const plan = plans.ok ? (choice.recurring ? plansOf(plans.data).monthly : plansOf(plans.data).oneTime) : null;
    if (!plans.ok || !plan) {
      status.value = { kind: 'error', text: plans.ok ? t('payments.empty') : plans.error.message };
      return;
    }
    await checkout.begin(
      membershipDraft(plan, {
        dollars: choice.price,
        method: choice.method,
        recurring: choice.recurring,
        months: choice.interval,
      }),
    );
  }

  return {
    status: computed(() => status.value),
    show(view: AppEntryView) {
      if (shown) return;
      shown = true;
      void (view === 'update-payment' ? updatePayment() : directSubscribe());
    },
  };
}
