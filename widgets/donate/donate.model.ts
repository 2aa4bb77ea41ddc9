/**
 * The state and actions of <sm-donate>: the missions list, the donation form of one mission
 * (with cancelling a monthly gift), and the success page. The gift itself runs in the shared
 * payment engine with the donation kind.
 */
import { computed, signal } from '@preact/signals-core';
import * as api from '../../shared/api/donations';
import type { DonationPlan, Mission } from '../../shared/api/donations';
import { addressOf } from '../../shared/api/contract';
import { APP_DONATION_MISSION_ID, appLinkTarget } from '../../shared/routing/routes';
import type { ModelDeps } from '../../shared/deps/deps';
import { createPaymentFlow } from '../../shared/payments/flow';
import { donationCheckout } from '../../shared/payments/kinds/donation';
import { CARD } from '../../shared/payments/methods';
import type { TagProps } from '../tags';
import { DEFAULT_AMOUNT, clampCustom, missionIdOf, snapSlider } from './donate.rules';
import { readOnly } from '../../shared/model/read-only';
import { finishPayment } from '../../shared/routing/finish';
import { recordsOf } from '../../shared/payments/records';
import { precisionMessage, toMinorExact } from '../../shared/format/money';
import '@messages/payments';
import '@messages/donate';

/** The views and the lists of missions: the `view` and `list` attributes' values in the tag table (widgets/tags.ts). */
export type View = TagProps<'sm-donate'>['view'];
export type ListVariant = TagProps<'sm-donate'>['list'];
/** The dialogs of the donation form itself (the payment's own come from the engine). */
export type DonateDialog = { kind: 'confirm-cancel-gift' } | { kind: 'sign-in' };

/** The call that lists a variant's missions: a visitor who is not signed in sees the public ones. */
const missionsCall = (variant: ListVariant, signedIn: boolean) =>
  variant === 'public' || !signedIn ? api.ongoingProject : variant === 'home' ? api.ongoingHome : api.ongoing;
/** The call for the donation plan. */
const planCall = (signedIn: boolean) => (signedIn ? api.donationPlan : api.donationPlanAnonymous);
/** The list a mission's form finds its mission in. */
const formList = (signedIn: boolean): ListVariant => (signedIn ? 'all' : 'public');

/**
 * The missions list's first GET, for a visitor who is not signed in (public) or a signed-in person (with their token).
 * A view's markup names both (`data-sm-early`, `data-sm-early-signed-in`), so that, prerendered, the loader asks for
 * the one that fits while this code is on its way (shared/api/early.ts).
 */
export const listFirstCalls = (variant: ListVariant, signedIn: boolean): string =>
  addressOf(missionsCall(variant, signedIn), {});
/** A mission's form's first GETs (the missions and the plan), named the same way. */
export const formFirstCalls = (signedIn: boolean): string =>
  [missionsCall(formList(signedIn), signedIn), planCall(signedIn)].map((c) => addressOf(c, {})).join(' ');

export function createDonateModel(deps: ModelDeps) {
  const { t } = deps.i18n;
  // A confirmed gift is announced with its amount.
  const {
    checkout: payment,
    prompts,
    lists,
  } = createPaymentFlow(donationCheckout, deps, {
    onConfirmed: (sessionId, result) => deps.emit('sm-donation-completed', { sessionId, amount: result.amount }),
  });
  const records = recordsOf(deps);
  const busy = signal(false);
  const dialog = signal<DonateDialog | null>(null);
  const missions = signal<readonly Mission[] | null>(null);
  const missionId = signal<number | null>(null);
  const plan = signal<DonationPlan | null>(null);
  const slider = signal(DEFAULT_AMOUNT);
  const custom = signal<string | null>(null);
  const recurring = signal(false);
  /** An anonymous gift came back from the checkout (its thank-you needs no sign-in). */
  const thanked = signal(false);
  /**
   * The view shown, when it is not the element's: on a page other than the portal, a gift's return to it (confirmed
   * here), or the missions list for a tag that names no mission. Null: the element's view.
   */
  const view = signal<View | null>(null);
  let shown = '';
  let listed: ListVariant = 'all';
  /** The element's `mission` attribute, as the view was last shown with it. */
  let missionAttribute: string | null | undefined;

  const signedIn = deps.session.isSignedIn;
  const mission = computed(() => missions.value?.find((m) => m.id === missionId.value) ?? null);
  /** The amount given: the custom input when used (clamped), else the slider. */
  const amount = computed(() => (custom.value === null ? slider.value : clampCustom(Number(custom.value))));
  /** A custom amount with more decimals than the currency has: refused before sending, never rounded (the server's rule too). */
  const tooPrecise = () => {
    const typed = Number(custom.value);
    return (
      custom.value !== null && Number.isFinite(typed) && toMinorExact(typed, plan.value?.currency ?? 'USD') === null
    );
  };

  const loadMissions = (variant: ListVariant) =>
    lists.load(
      () => deps.api.call(missionsCall(variant, signedIn.value), {}),
      (list) => (missions.value = list),
      'message',
    );

  const loadPlan = () =>
    lists.load(
      () => deps.api.call(planCall(signedIn.value), {}),
      (list) => {
        plan.value = list[0] ?? null;
        if (!plan.value) lists.fail(t('payments.empty'));
      },
      'payment-status',
    );

  /** The missions list in place of a view that has nothing to show here. */
  const showList = (variant: ListVariant) => {
    view.value = 'missions';
    listed = variant;
    void loadMissions(variant);
  };

  /**
   * A gift given without an account came back here (`sessionId`: the checkout's, from the address): its thank-you, and
   * its event once, when this browser started it (its record, then forgotten). Nothing can confirm it (its history is
   * no one's): its return is its thank-you.
   */
  function thank(sessionId: string) {
    thanked.value = true;
    const draft = records.read('donation');
    if (draft?.sessionId !== sessionId) return;
    records.clear('donation');
    deps.emit('sm-donation-completed', { sessionId, amount: draft.amount });
  }

  /**
   * The mission the address names: its _d; or, while a mobile app link to the Donations page (`#/login?type=donation`)
   * is on its way, the link's. The portal shows that page from the first frame, but moves the address on to it only
   * 500 ms after the sign-in (host/route.ts), and the tag's code may come before that.
   */
  function addressedMission(): string | undefined {
    const query = deps.nav.query();
    const route = deps.nav.route();
    const link = (route === 'Signin' || route === 'Registration') && query.type ? appLinkTarget(query.type) : null;
    return query._d ?? (link?.name === 'DonationsPage' ? link.query?._d : undefined);
  }

  /** `missionAttribute`: the element's (null when it was of another form: the element warned), else the address's. */
  async function openForm(missionAttribute: string | null | undefined) {
    const { thanks } = deps.nav.query();
    if (!signedIn.value && thanks) thank(thanks);
    const id = missionIdOf(missionAttribute) ?? missionIdOf(addressedMission());
    if (id === null) {
      // The Donations page without a mission goes home. A tag given a bad mission says so; one given none lists the
      // missions, each with its Donate button (the page it is on never moves on its own).
      if (missionAttribute !== undefined) lists.fail(t('donate.missionMissing'));
      else if (!deps.nav.redirect('HomePage')) {
        console.warn(
          '[sm-donate] No mission to give to: add its id, such as <sm-donate mission="2">. Listing the missions.',
        );
        showList(signedIn.value ? 'all' : 'public');
      }
      return;
    }
    view.value = null;
    missionId.value = id;
    prompts.canceledThere();
    // Not `busy`: the form stays usable while the mission and the plan load (what needs them waits for them).
    await Promise.all([loadMissions(formList(signedIn.value)), loadPlan()]);
    if (missions.value && !mission.value) lists.fail(t('donate.missionMissing'));
  }

  return {
    payment,
    prompts,
    busy: computed(() => busy.value || payment.busy.value),
    ...readOnly({ dialog, missions, plan, slider, custom, recurring, thanked, view }),
    /** The list shown in place of a form with no mission (its variant). */
    listed: () => listed,
    /** Why the list, the mission or the plan is not there. */
    loadError: lists.error,
    mission,
    amount,
    signedIn,

    /** Starts a view once: the list (of a variant), the form (of a mission), or confirming a gift. */
    show(asked: View, options: { mission?: string | null | undefined; list?: ListVariant } = {}) {
      const key = `${asked}:${options.mission ?? ''}:${options.list ?? ''}`;
      if (shown === key) return;
      shown = key;
      missionAttribute = options.mission;
      // A gift that returned to this page from the checkout (not the portal's: its success route is in the address).
      const returned = asked === 'donate' && deps.nav.route() === 'DonationsSuccessPage';
      if (returned) view.value = 'success';
      if (asked === 'missions') void loadMissions(options.list ?? 'all');
      else if (asked === 'success' && !signedIn.value) thanked.value = true;
      else if (asked === 'success' || returned) {
        // Nothing to confirm on this page: the form (or the list) instead.
        void payment.confirm().then((ok) => void (ok || openForm(options.mission)));
      } else void openForm(options.mission);
    },
    setSlider(value: number) {
      custom.value = null;
      slider.value = snapSlider(value);
    },
    setCustom(value: string | null) {
      custom.value = value;
    },
    /** On leaving the custom field, show the clamped amount (under 1 resets to 1). */
    commitCustom() {
      if (custom.value !== null && !tooPrecise()) custom.value = String(clampCustom(Number(custom.value)));
    },
    setRecurring(value: boolean) {
      recurring.value = value;
    },
    async donate(container: () => HTMLElement | null = () => null) {
      const m = mission.value;
      const p = plan.value;
      if (!m || !p || busy.value || payment.busy.value) return;
      if (recurring.value && !signedIn.value) {
        dialog.value = { kind: 'sign-in' };
        return;
      }
      if (tooPrecise()) {
        prompts.show({ kind: 'error', message: precisionMessage(p.currency, t, deps.i18n.language.value) });
        return;
      }
      // A refused gift is the donation kind's to explain (kinds/donation.ts).
      await payment.begin(
        {
          method: CARD,
          currency: p.currency,
          amount: amount.value,
          identifier: p.identifier,
          missionId: m.id,
          recurring: recurring.value ? 1 : 0,
          frequency: p.frequency[recurring.value ? 1 : 0]?.id ?? (recurring.value ? 2 : 1),
          anonymous: !signedIn.value,
        },
        container,
      );
    },
    /** Monthly gifts need an account: sign in (on the portal) and come back to this mission. */
    signInForMonthly() {
      const id = String(mission.value?.id ?? APP_DONATION_MISSION_ID);
      dialog.value = null;
      deps.session.setNextPage({ name: 'DonationsPage', query: { _d: id } });
      // From another page (a blog), the portal's own storage does not have the next page: say it in the address.
      deps.nav.go('Signin', { next: `/donations?_d=${id}` });
    },
    askCancelGift() {
      dialog.value = { kind: 'confirm-cancel-gift' };
    },
    closeDialog() {
      dialog.value = null;
    },
    async confirmCancelGift() {
      const m = mission.value;
      if (!m) return;
      dialog.value = null;
      busy.value = true;
      const result = await deps.api.call(api.cancelDonation, { donation_id: m.id });
      if (result.ok) await loadMissions('all');
      busy.value = false;
      prompts.show(
        result.ok
          ? { kind: 'status', title: t('donate.cancelDonation'), message: t('donate.canceled') }
          : { kind: 'error', message: t('donate.somethingWrong') },
      );
    },
    /** After a gift: inside the app, back through its transaction_done deep link; else home; on another page, the form. */
    finish: () =>
      finishPayment(deps, undefined, () => {
        deps.nav.forgetRoute();
        payment.reset();
        void openForm(missionAttribute);
      }),
    /** A mission's Donate: its page in the portal; on another page, its form here. */
    openMission(id: number) {
      const query = { _d: String(id) };
      if (deps.nav.redirect(signedIn.value ? 'DonationsPage' : 'DonationPageAnon', query, { push: true })) return;
      void openForm(String(id));
    },
  };
}

export type DonateModel = ReturnType<typeof createDonateModel>;
