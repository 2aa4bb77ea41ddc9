/** <sm-donate>: the missions list, a mission's donation form, and the success page. */
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

/** The `view` and `list` attributes' values. */
export type View = TagProps<'sm-donate'>['view'];
export type ListVariant = TagProps<'sm-donate'>['list'];
/** The donation form's own dialogs. */
export type DonateDialog = { kind: 'confirm-cancel-gift' } | { kind: 'sign-in' };

/** A visitor who is not signed in sees the public missions. */
const missionsCall = (variant: ListVariant, signedIn: boolean) =>
  variant === 'public' || !signedIn ? api.ongoingProject : variant === 'home' ? api.ongoingHome : api.ongoing;
const planCall = (signedIn: boolean) => (signedIn ? api.donationPlan : api.donationPlanAnonymous);
/** The list a mission's form finds its mission in. */
const formList = (signedIn: boolean): ListVariant => (signedIn ? 'all' : 'public');

/** The list's first GET, for the markup's `data-sm-early` (and `-signed-in`), asked early by shared/api/early.ts. */
export const listFirstCalls = (variant: ListVariant, signedIn: boolean): string =>
  addressOf(missionsCall(variant, signedIn), {});
/** A mission's form's first GETs, the same way. */
export const formFirstCalls = (signedIn: boolean): string =>
  [missionsCall(formList(signedIn), signedIn), planCall(signedIn)].map((c) => addressOf(c, {})).join(' ');

export function createDonateModel(deps: ModelDeps) {
  const { t } = deps.i18n;
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
  /** An anonymous gift came back from the checkout. */
  const thanked = signal(false);
  /** The view shown instead of the element's (a gift's return, or the list for no mission), else null. */
  const view = signal<View | null>(null);
  let shown = '';
  let listed: ListVariant = 'all';
  /** The `mission` attribute the view was last shown with. */
  let missionAttribute: string | null | undefined;

  const signedIn = deps.session.isSignedIn;
  const mission = computed(() => missions.value?.find((m) => m.id === missionId.value) ?? null);
  /** The custom amount when used (clamped), else the slider. */
  const amount = computed(() => (custom.value === null ? slider.value : clampCustom(Number(custom.value))));
  /** More decimals than the currency has: refused, never rounded (the server's rule too). */
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
   * An anonymous gift came back: nothing can confirm it, so its return is its thank-you, and its
   * event once when this browser started it.
   */
  function thank(sessionId: string) {
    thanked.value = true;
    const draft = records.read('donation');
    if (draft?.sessionId !== sessionId) return;
    records.clear('donation');
    deps.emit('sm-donation-completed', { sessionId, amount: draft.amount });
  }

  /**
   * The address's _d; or that of an app link to the Donations page (`#/login?type=donation`) still
   * on its way: host/route.ts moves the address on only after the sign-in.
   */
  function addressedMission(): string | undefined {
    const query = deps.nav.query();
    const route = deps.nav.route();
    const link = (route === 'Signin' || route === 'Registration') && query.type ? appLinkTarget(query.type) : null;
    return query._d ?? (link?.name === 'DonationsPage' ? link.query?._d : undefined);
  }

  /** `missionAttribute`: the element's (null when malformed), else the address's. */
  async function openForm(missionAttribute: string | null | undefined) {
    const { thanks } = deps.nav.query();
    if (!signedIn.value && thanks) thank(thanks);
    const id = missionIdOf(missionAttribute) ?? missionIdOf(addressedMission());
    if (id === null) {
      // The portal goes home; a tag with a bad mission says so, one with none lists the missions.
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
    // Not `busy`: the form stays usable while these load.
    await Promise.all([loadMissions(formList(signedIn.value)), loadPlan()]);
    if (missions.value && !mission.value) lists.fail(t('donate.missionMissing'));
  }

  return {
    payment,
    prompts,
    busy: computed(() => busy.value || payment.busy.value),
    ...readOnly({ dialog, missions, plan, slider, custom, recurring, thanked, view }),
    /** The variant listed in place of a form with no mission. */
    listed: () => listed,
    /** Why the list, the mission or the plan is not there. */
    loadError: lists.error,
    mission,
    amount,
    signedIn,

    /** Starts a view once. */
    show(asked: View, options: { mission?: string | null | undefined; list?: ListVariant } = {}) {
      const key = `${asked}:${options.mission ?? ''}:${options.list ?? ''}`;
      if (shown === key) return;
      shown = key;
      missionAttribute = options.mission;
      // A gift returned to this page (not the portal) from the checkout.
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
      // Another page's storage is not the portal's: the next page goes in the address too.
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
    /** After a gift: back to the app, else home; on another page, the form. */
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
