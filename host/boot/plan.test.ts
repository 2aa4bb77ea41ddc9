/**
 * The head script's decision (host/boot/plan.ts) as a table: what the address, the stored sign-in, the payment records
 * and the language give. host/route.test.ts runs the built route.js against the page.
 */
import { describe, expect, it } from 'vitest';
import { MODULEPRELOADS, type PublicLanguage } from '../../shared/boot/boot';
import { planHead, type HeadPlan } from './plan';

const TOKEN = 'Bearer tok';
const BOTH = [MODULEPRELOADS.portal, MODULEPRELOADS.paymentResults];
const PORTAL = [MODULEPRELOADS.portal];

interface Row {
  readonly what: string;
  readonly hash: string;
  readonly stored?: string;
  readonly fromApps?: boolean;
  readonly records?: readonly string[];
  readonly language?: PublicLanguage;
  readonly plan: Partial<HeadPlan>;
}

const ROWS: readonly Row[] = [
  {
    what: 'a stranger on the bare address: the sign-in page',
    hash: '',
    plan: { session: 'out', path: '/login', shows: '/login', withQuery: false, askProfile: false, preloads: PORTAL },
  },
  {
    what: 'a member on the bare address: home, the profile asked for',
    hash: '',
    stored: TOKEN,
    plan: { session: 'in', path: '/home', shows: '/home', askProfile: true, replaceWith: null },
  },
  { what: "a member's /history shows home's block", hash: '#/history', stored: TOKEN, plan: { path: '/home' } },
  {
    what: 'an address with a query',
    hash: '#/donations?_d=2',
    stored: TOKEN,
    plan: { path: '/donations', withQuery: true },
  },
  {
    what: 'another language: no block shown, the portal draws it',
    hash: '#/top-up',
    stored: TOKEN,
    language: 'es',
    plan: { path: '/top-up', shows: null, session: 'in' },
  },
  {
    what: 'a payment page with no payment to finish goes on at once',
    hash: '#/checkout',
    stored: TOKEN,
    plan: { replaceWith: '#/top-up', path: '/top-up', withQuery: false, preloads: PORTAL },
  },
  {
    what: 'a payment page with its record kept stays, and preloads the pages after a payment',
    hash: '#/success',
    stored: TOKEN,
    records: ['credit'],
    plan: { replaceWith: null, path: '/success', preloads: BOTH },
  },
  {
    what: 'a payment page returning from the checkout stays',
    hash: '#/success?session_id=cs_1',
    stored: TOKEN,
    plan: { replaceWith: null, path: '/success' },
  },
  {
    what: "a stranger's payment page is left to the portal (the guard sends them to sign in)",
    hash: '#/checkout',
    plan: { replaceWith: null, session: 'out', path: '/checkout' },
  },
  {
    what: 'an app link with a type: signed in here, its page from the first frame',
    hash: '#/login?_t=app-token&type=topup',
    plan: { signsInAppLink: true, session: 'in', path: '/top-up', withQuery: false, askProfile: false },
  },
  {
    what: "an app link over an earlier one of the app's own webview",
    hash: '#/register?_t=app-token&type=premium',
    stored: TOKEN,
    fromApps: true,
    plan: { signsInAppLink: true, session: 'in', askProfile: false },
  },
  {
    what: 'an app link over another account: left to the portal, which asks "Continue as"',
    hash: '#/login?_t=app-token&type=topup',
    stored: TOKEN,
    plan: { signsInAppLink: false, session: 'in', path: '/login', askProfile: false },
  },
  {
    what: "an update-payment link: its own page, with the link's query",
    hash: '#/update-payment?_t=app-token',
    plan: { signsInAppLink: true, path: '/update-payment', withQuery: true },
  },
  {
    what: 'a login link without a type is no app link',
    hash: '#/login?_t=app-token',
    plan: { appLink: null, signsInAppLink: false, session: 'out', path: '/login' },
  },
];

describe('planHead', () => {
  it.each(ROWS)('$what', (row) => {
    const plan = planHead({
      hash: row.hash,
      stored: row.stored ?? '',
      storedFromApps: row.fromApps ?? false,
      paymentRecord: (name) => (row.records ?? []).includes(name),
      language: row.language ?? 'en',
    });
    expect(plan).toMatchObject(row.plan);
  });
});
