/**
 * The state and actions of <sm-donate>: the missions list, the donation form of one mission,
 * and the success page. All API calls happen here.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import * as api from '../../shared/api/donations';
import type { DonationPlan, Mission } from '../../shared/api/donations';
import { donationHistory, TABLE_PAGE_SIZE } from '../../shared/api/history';
import { emit } from '../../shared/events/events';
import { portalUrlFor } from '../../shared/payments/checkout';
import { handOff } from '../../shared/payments/handoff';
import { viewOfListError } from '../../shared/payments/list-errors';
import { newIdempotencyKey } from '../../shared/payments/records';
import { currentQuery, navigate, openAppLink } from '../../shared/routing/navigate';
import { session } from '../../shared/session/session';
import { messages } from './donate.messages';
import { DEFAULT_AMOUNT, clampCustom, parseMissionId, snapSlider } from './donate.rules';

export type View = 'donate' | 'missions' | 'success';
export type ListVariant = 'home' | 'all' | 'public';
export type Dialog =
  | { kind: 'confirm-cancel' }
  | { kind: 'message'; title: string; text: string; thenHome?: boolean }
  | { kind: 'sabbath'; message: string }
  | { kind: 'sign-in' };
export type SuccessState =
  | { kind: 'checking' }
  | { kind: 'confirmed'; amount: number; currency: string; organization: string }
  | { kind: 'anonymous' }
  | { kind: 'unconfirmed' };

const CONFIRM_TRIES = 4;
const CONFIRM_DELAY_MS = 800;

export function createDonateModel(options: { host?: () => EventTarget | null } = {}) {
  const busy = signal(false);
  const dialog = signal<Dialog | null>(null);
  const notice = signal<{ tone: 'info' | 'error' | 'success'; text: string } | null>(null);
  const missions = signal<readonly Mission[] | null>(null);
  const missionId = signal<number | null>(null);
  const plan = signal<DonationPlan | null>(null);
  const loadError = signal<string | null>(null);
  const slider = signal(DEFAULT_AMOUNT);
  const custom = signal<string | null>(null);
  const recurring = signal(false);
  const success = signal<SuccessState>({ kind: 'checking' });
  let key = newIdempotencyKey();
  /** An anonymous gift came back from the checkout. */
  const thanked = signal(false);

  const signedIn = session.isSignedIn;
  const mission = computed(() => missions.value?.find((m) => m.id === missionId.value) ?? null);
  /** The amount given: the custom input when used (clamped), else the slider. */
  const amount = computed(() => (custom.value === null ? slider.value : clampCustom(Number(custom.value))));

  async function loadMissions(variant: ListVariant) {
    loadError.value = null;
    const contract = variant === 'public' || !signedIn.value ? api.ongoingProject : variant === 'home' ? api.ongoingHome : api.ongoing;
    const result = await call(contract, {});
    if (result.ok) missions.value = result.data;
    else loadError.value = result.error.message;
  }

  async function loadPlan() {
    const result = await call(signedIn.value ? api.donationPlan : api.donationPlanAnonymous, {});
    if (result.ok) {
      plan.value = result.data[0] ?? null;
      if (!plan.value) loadError.value = messages.empty;
      return;
    }
    const shown = await viewOfListError(result.error, { statusDialog: true });
    if (shown.kind === 'sabbath') dialog.value = { kind: 'sabbath', message: shown.message };
    else if (shown.kind === 'status') dialog.value = { kind: 'message', title: shown.title, text: shown.message };
    else if (shown.kind === 'inline') loadError.value = shown.message;
  }

  /** Finds the gift in the donation history (what the provider's webhook recorded). */
  async function confirm() {
    const query = currentQuery();
    const sessionId = query.session_id && !query.session_id.includes('{') ? query.session_id : null;
    if (!signedIn.value) {
      success.value = { kind: 'anonymous' };
      return;
    }
    if (!sessionId) {
      navigate('HomePage', undefined, { replace: true });
      return;
    }
    for (let attempt = 0; attempt < CONFIRM_TRIES; attempt += 1) {
      const result = await call(donationHistory, { per_page: TABLE_PAGE_SIZE, page: 1 });
      const row = result.ok ? result.data.data.find((r) => r.stripe_charge_id === sessionId) : undefined;
      if (row) {
        success.value = { kind: 'confirmed', amount: row.final_price, currency: row.final_currency, organization: row.donation[0]?.organization ?? '' };
        emit(options.host?.() ?? null, 'sm-donation-completed', { sessionId, amount: row.final_price });
        return;
      }
      await new Promise((r) => setTimeout(r, CONFIRM_DELAY_MS));
    }
    success.value = { kind: 'unconfirmed' };
  }

  return {
    busy: busy as ReadonlySignal<boolean>,
    dialog: dialog as ReadonlySignal<Dialog | null>,
    notice: notice as ReadonlySignal<{ tone: 'info' | 'error' | 'success'; text: string } | null>,
    missions: missions as ReadonlySignal<readonly Mission[] | null>,
    mission,
    missionId: missionId as ReadonlySignal<number | null>,
    plan: plan as ReadonlySignal<DonationPlan | null>,
    loadError: loadError as ReadonlySignal<string | null>,
    slider: slider as ReadonlySignal<number>,
    custom: custom as ReadonlySignal<string | null>,
    amount,
    recurring: recurring as ReadonlySignal<boolean>,
    success: success as ReadonlySignal<SuccessState>,
    thanked: thanked as ReadonlySignal<boolean>,
    signedIn,

    async start(view: View, opts: { mission?: string | undefined; variant?: ListVariant } = {}) {
      batch(() => {
        dialog.value = null;
        notice.value = null;
      });
      if (view === 'missions') {
        await loadMissions(opts.variant ?? 'all');
        return;
      }
      if (view === 'success') {
        await confirm();
        return;
      }
      if (!signedIn.value && currentQuery().thanks) {
        success.value = { kind: 'anonymous' };
        thanked.value = true;
      }
      const fromAttr = opts.mission !== undefined ? parseMissionId(opts.mission) : null;
      if (opts.mission !== undefined && fromAttr === null) console.warn(messages.badMission(opts.mission));
      const id = fromAttr ?? parseMissionId(currentQuery()._d);
      if (id === null) {
        // Without _d the Donations page goes home (spec section 2).
        if (opts.mission === undefined) navigate('HomePage', undefined, { replace: true });
        else loadError.value = messages.missionMissing;
        return;
      }
      missionId.value = id;
      busy.value = true;
      await Promise.all([loadMissions(signedIn.value ? 'all' : 'public'), loadPlan()]);
      busy.value = false;
      if (missions.value && !mission.value) loadError.value = messages.missionMissing;
    },
    setSlider(value: number) {
      batch(() => {
        custom.value = null;
        slider.value = snapSlider(value);
      });
    },
    setCustom(value: string | null) {
      custom.value = value;
    },
    /** On leaving the custom field, show the clamped amount (under 1 resets to 1). */
    commitCustom() {
      if (custom.value !== null) custom.value = String(clampCustom(Number(custom.value)));
    },
    setRecurring(value: boolean) {
      recurring.value = value;
    },
    async donate(container: () => HTMLElement | null = () => null) {
      const m = mission.value;
      const p = plan.value;
      if (!m || !p || busy.value) return;
      if (recurring.value && !signedIn.value) {
        dialog.value = { kind: 'sign-in' };
        return;
      }
      const value = amount.value;
      busy.value = true;
      const body = {
        currency: p.currency,
        amount: value,
        identifier: p.identifier,
        donation_id: m.id,
        recurring: recurring.value ? (1 as const) : (0 as const),
        frequency: p.frequency[recurring.value ? 1 : 0]?.id ?? (recurring.value ? 2 : 1),
        success_url: signedIn.value
          ? portalUrlFor('DonationsSuccessPage', { session_id: '{CHECKOUT_SESSION_ID}', _d: String(m.id) })
          : portalUrlFor('DonationPageAnon', { _d: String(m.id), thanks: '{CHECKOUT_SESSION_ID}' }),
        cancel_url: portalUrlFor(signedIn.value ? 'DonationsPage' : 'DonationPageAnon', { _d: String(m.id) }),
      };
      const result = await call(signedIn.value ? api.createDonationSession : api.createAnonymousDonationSession, body, { idempotencyKey: key });
      if (!result.ok) {
        busy.value = false;
        key = newIdempotencyKey();
        if (result.error.errorCode === 'already-donated') {
          dialog.value = { kind: 'message', title: messages.error, text: messages.already, thenHome: true };
        } else {
          dialog.value = { kind: 'message', title: messages.error, text: result.error.message };
        }
        return;
      }
      const outcome = await handOff(
        { sessionId: result.data.id, checkoutUrl: result.data.checkout_url ?? undefined, clientSecret: result.data.client_secret ?? undefined },
        { container, label: 'sm-donate', publishableKey: async () => null, onComplete: () => navigate('DonationsSuccessPage', { session_id: result.data.id }) },
      );
      if (outcome !== 'redirected') busy.value = false;
      if (outcome === 'error') dialog.value = { kind: 'message', title: messages.error, text: 'Error occurred. Look at console for details' };
    },
    /** Monthly gifts need an account: sign in (on the portal) and come back to this mission. */
    signInForMonthly() {
      const m = mission.value;
      dialog.value = null;
      const back = { name: 'DonationsPage' as const, query: { _d: String(m?.id ?? '') } };
      session.setNextPage(back);
      // From another page (a blog), the portal's own storage does not have the next page: say it in the address.
      navigate('Signin', { next: `/donations?_d=${back.query._d}` });
    },
    askCancel() {
      dialog.value = { kind: 'confirm-cancel' };
    },
    async confirmCancel() {
      const m = mission.value;
      if (!m) return;
      busy.value = true;
      const result = await call(api.cancelDonation, { donation_id: m.id });
      if (result.ok) await loadMissions('all');
      busy.value = false;
      dialog.value = result.ok
        ? { kind: 'message', title: messages.cancelDonation, text: messages.canceled }
        : { kind: 'message', title: messages.error, text: messages.somethingWrong };
    },
    closeDialog() {
      const current = dialog.value;
      dialog.value = null;
      if ((current?.kind === 'message' && current.thenHome) || current?.kind === 'sabbath') navigate('HomePage');
    },
    /** After a gift: inside the app, back through its transaction_done deep link; else home. */
    finish() {
      if (session.fromApps.value) openAppLink('transaction_done');
      else navigate('HomePage');
    },
    openMission(id: number) {
      navigate(signedIn.value ? 'DonationsPage' : 'DonationPageAnon', { _d: String(id) });
    },
  };
}

export type DonateModel = ReturnType<typeof createDonateModel>;
