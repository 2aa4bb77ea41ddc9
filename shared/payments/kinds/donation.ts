/**
 * A gift to a mission, one-time or monthly; visitors who are not signed in give once. A gift
 * hands off from the mission's form itself, so a refused one says why in a dialog.
 */
import * as z from 'zod/mini';
import { PaymentResult } from '../../api/credits';
import * as donations from '../../api/donations';
import { TABLE_PAGE_SIZE, donationHistory } from '../../api/history';
import { lazy } from '../../api/lazy';
import { SESSION_ID, createdFrom, type CheckoutKind, type DonationDraft } from './kind';
import '@messages/donate';

/** A confirmed gift, as the donation history recorded it. */
const DonationResult = lazy(() =>
  z.extend(PaymentResult, { amount: z.number(), currency: z.string(), organization: z.string() }),
);
export type DonationResult = z.infer<typeof DonationResult>;

const DONATION_LOOKUPS = 4;
const DONATION_LOOKUP_DELAY_MS = 800;

export const donationCheckout: CheckoutKind<DonationDraft, DonationResult> = {
  record: 'donation',
  event: 'donation',
  startRoute: 'DonationsPage',
  checkoutRoute: null,
  async create({ api, url }, d) {
    const mission = String(d.missionId);
    const body = {
      currency: d.currency,
      amount: d.amount,
      identifier: d.identifier,
      donation_id: d.missionId,
      recurring: d.recurring,
      frequency: d.frequency,
      success_url: d.anonymous
        ? url('DonationPageAnon', { _d: mission, thanks: SESSION_ID })
        : url('DonationsSuccessPage', { session_id: SESSION_ID, _d: mission }),
      cancel_url: url(d.anonymous ? 'DonationPageAnon' : 'DonationsPage', { _d: mission, canceled: SESSION_ID }),
    };
    return createdFrom(
      await api.call(d.anonymous ? donations.createAnonymousDonationSession : donations.createDonationSession, body, {
        idempotencyKey: d.idempotencyKey,
      }),
    );
  },
  /** A gift is confirmed when the donation history holds it (what the provider's webhook recorded). */
  async confirm({ api, wait }, sessionId) {
    for (let attempt = 1; ; attempt += 1) {
      const result = await api.call(donationHistory, { per_page: TABLE_PAGE_SIZE, page: 1 });
      if (!result.ok) return result;
      const row = result.data.data.find((r) => r.stripe_charge_id === sessionId);
      if (row) {
        const data = {
          result_code: 'Authorised',
          amount: row.final_price,
          currency: row.final_currency,
          organization: row.donation[0]?.organization ?? '',
        };
        return { ok: true, data, message: result.message };
      }
      if (attempt >= DONATION_LOOKUPS)
        return { ok: true, data: { result_code: 'Pending', amount: 0, currency: '', organization: '' }, message: '' };
      await wait(DONATION_LOOKUP_DELAY_MS);
    }
  },
  result: DonationResult,
  success: (sessionId) => ({ name: 'DonationsSuccessPage', query: { session_id: sessionId } }),
  /** A refused gift starts again with a new key; giving twice to a mission says so and goes home. */
  createRefused(error, { t }) {
    const already = error.errorCode === 'already-donated';
    return {
      kind: 'tell',
      forget: true,
      dialog: { kind: 'error', message: already ? t('donate.already') : error.message, thenHome: already },
    };
  },
};
