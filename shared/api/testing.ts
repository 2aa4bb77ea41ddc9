/**
 * Sample answers of the API host, shaped as its contracts (this folder) parse them, for tests: one of each row a test
 * needs, with the fields it cares about changed. The prices and plans are those the sandbox answers a US person. (The
 * profile is testProfile, in shared/deps/testing.ts.)
 */
import type { CreditOption, PaymentMethod } from './credits';
import type { DonationPlan, Mission } from './donations';
import type { ContentRow, DonationRow } from './history';
import type { Plan } from './subscription';
import type { SurveyAnswer, SurveyQuestion } from './survey';

/** 100 credits for $10 in the US. */
export const creditOption = (overrides: Partial<CreditOption> = {}): CreditOption => ({
  country: 'US',
  currency: 'USD',
  identifier: 'credits_100',
  price_credit: 100,
  price_dollar: 10,
  user_currency: 'USD',
  rate: 1,
  ...overrides,
});

/** What the API host calls each way to pay it offers (which it offers depends on the country and the purchase). */
const METHOD_NAMES = { credit_card: 'Credit / Debit Card', wechat: 'WeChat Pay', gcash: 'GCash' } as const;

/** The ways to pay offered, by id, as the payment-methods routes answer them: paymentMethods('credit_card', 'gcash'). */
export const paymentMethods = (...ids: (keyof typeof METHOD_NAMES)[]): PaymentMethod[] =>
  ids.map((id) => ({ id, name: METHOD_NAMES[id] }));

/** A US membership plan: monthly unless told, $5, at least $1. */
export const membershipPlan = (overrides: Partial<Plan> = {}): Plan => ({
  country: 'US',
  currency: 'USD',
  identifier: 'premium-monthly',
  price: 5,
  lowest_price: 1,
  user_currency: 'USD',
  rate: 1,
  ...overrides,
});

/** The US donation plan: $10, one-time or monthly. */
export const donationPlan = (overrides: Partial<DonationPlan> = {}): DonationPlan => ({
  country: 'US',
  currency: 'USD',
  identifier: 'donation',
  price: 10,
  frequency: [
    { id: 1, name: 'One-time' },
    { id: 2, name: 'Monthly' },
  ],
  user_currency: 'USD',
  rate: 1,
  ...overrides,
});

/** Mission 2, with no monthly gift from the person. */
export const mission = (overrides: Partial<Mission> = {}): Mission => ({
  id: 2,
  organization: 'Choir Missions',
  banner: [],
  description: 'Songs.',
  total_donation: 0,
  subscribed: false,
  metadata: null,
  ...overrides,
});

/** An album of one song, bought with credits, as the content history lists it. */
export const contentRow = (overrides: Partial<ContentRow> = {}): ContentRow => ({
  uid: 'p1',
  created_at: '2026-01-02T10:00:00',
  product_name: 'Psalms at Dawn',
  artist_name: 'Cantor Choir',
  item_id: 7,
  type: 2,
  songs: [{ id: 11, title: 'Psalm 23' }],
  ...overrides,
});

/** A gift of $25 by card to Choir Missions, as the donation history lists it. */
export const donationRow = (overrides: Partial<DonationRow> = {}): DonationRow => ({
  stripe_charge_id: 'cs_9',
  created_at: '2026-11-23',
  donation: [{ organization: 'Choir Missions' }],
  final_currency: 'USD',
  final_price: 25,
  net_revenue: 24,
  billing_fee: 1,
  fee: 0,
  ...overrides,
});

/**
 * The survey's questions, unanswered: when one listens (four times of day), then what one would like more of (Other,
 * last, asks for words).
 */
export const surveyQuestionList = (): SurveyQuestion[] => [
  {
    id: 1,
    title: 'Listening',
    question: 'When do you listen?',
    option: [{ value: 'Morning' }, { value: 'Noon' }, { value: 'Evening' }, { value: 'Night' }],
  },
  {
    id: 2,
    title: 'Music',
    question: 'What would you like more of?',
    option: [{ value: 'Hymns' }, { value: 'Psalms' }, { value: 'Other' }],
  },
];

/** What the survey sends when surveyQuestionList is answered as the tests do: morning, noon, evening; Other, in words. */
export const surveySubmission = (words = 'Choral anthems'): { data: SurveyAnswer[] } => ({
  data: [
    {
      id: 1,
      feedback: [
        { option: 'Morning', value: 'Morning' },
        { option: 'Noon', value: 'Noon' },
        { option: 'Evening', value: 'Evening' },
      ],
    },
    { id: 2, feedback: [{ option: 'Other', value: words }] },
  ],
});
