// The HTML of the sandbox's payment pages (Stripe Checkout and PayMongo in production). Text is escaped; no scripts.
import { failureUrl, type CheckoutSession } from './sessions.js';
import { escapeHtml, page } from '../../core/html.js';
import { formatMoney } from '../../core/money.js';
import { methodName } from './methods.js';

/** Stripe's test cards, as the hint under the card field lists them. */
export const TEST_CARD_HINT =
  'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; ' +
  '4000 0025 0000 3155 asks for 3-D Secure authentication. Any expiry date and CVC.';

const STYLE = `<style>
  form.inline { display: inline-block; margin-right: 0.5rem; }
  label { display: block; font-weight: 600; margin-top: 0.5rem; }
  input[type=text] { font: inherit; padding: 0.4rem; width: 100%; max-width: 22rem; box-sizing: border-box; }
  button { font: inherit; padding: 0.4rem 1.2rem; margin-top: 0.75rem; cursor: pointer; }
  .error { color: #b00020; font-weight: 600; }
  .amount { font-size: 1.5rem; font-weight: 600; margin: 0.25rem 0; }
</style>`;

const e = escapeHtml;
const base = (s: CheckoutSession) => `/sandbox/checkout/${encodeURIComponent(s.id)}`;
const paymongoBase = (s: CheckoutSession) => `/sandbox/paymongo/${encodeURIComponent(s.id)}`;

/** Saving a card for later charges (a monthly membership's renewals): nothing is charged now. */
const savesCard = (s: CheckoutSession) => s.kind === 'update-payment';

function summary(s: CheckoutSession): string {
  const amount = savesCard(s) ? 'Nothing is charged now.' : formatMoney(s.amount_minor, s.currency);
  return `<article>
  <h2>${e(s.description)}</h2>
  <p class="amount">${e(amount)}</p>
  <div class="meta">Paying with ${e(methodName(s.method))} · session <code>${e(s.id)}</code></div>
</article>`;
}

function layout(title: string, intro: string, body: string): string {
  return page(
    title,
    `${STYLE}
<h1>${e(title)}</h1>
<p class="meta">${e(intro)}</p>
${body}`,
  );
}

const STRIPE_INTRO = 'The sandbox stands in for Stripe Checkout here. No money moves.';
const PAYMONGO_INTRO = 'The sandbox stands in for PayMongo here. No money moves.';

/** Stripe-like checkout of an open card or WeChat Pay session ('Save card' for an update-payment session). */
export function checkoutView(s: CheckoutSession, error?: string): string {
  const alert = error ? `<p class="error" role="alert">${e(error)}</p>` : '';
  const fields =
    s.method === 'wechat'
      ? `<p>Pay with <strong>WeChat Pay</strong>. In the sandbox the payment always succeeds.</p>`
      : `<label for="card">Card number</label>
  <input type="text" id="card" name="card" inputmode="numeric" autocomplete="cc-number" maxlength="32" required aria-describedby="card-hint"${error ? ' aria-invalid="true"' : ''}>
  <p id="card-hint" class="meta">${e(TEST_CARD_HINT)}</p>`;
  return layout(
    'Sandbox Checkout',
    STRIPE_INTRO,
    `${summary(s)}
${alert}
<form method="post" action="${base(s)}/pay">
  ${fields}
  <button type="submit">${savesCard(s) ? 'Save card' : 'Pay'}</button>
</form>
<form method="post" action="${base(s)}/cancel" class="inline"><button type="submit">Cancel</button></form>`,
  );
}

/** The 3-D Secure challenge of a card that asked for it. */
export function authenticateView(s: CheckoutSession, error?: string): string {
  const alert = error ? `<p class="error" role="alert">${e(error)}</p>` : '';
  return layout(
    'Authenticate payment',
    'Your bank asks you to confirm this payment (3-D Secure test).',
    `${summary(s)}
${alert}
<form method="post" action="${base(s)}/authenticate">
  <button type="submit" name="outcome" value="complete">Complete authentication</button>
  <button type="submit" name="outcome" value="fail">Fail authentication</button>
  <button type="submit" name="outcome" value="later">Decide later</button>
</form>`,
  );
}

/** PayMongo-like test page of an open GCash or GrabPay session. */
export function paymongoView(s: CheckoutSession): string {
  return layout(
    'PayMongo Test Payment',
    PAYMONGO_INTRO,
    `${summary(s)}
<p>Method: <strong>${e(methodName(s.method))}</strong></p>
<form method="post" action="${paymongoBase(s)}/authorize" class="inline"><button type="submit">Authorize Test Payment</button></form>
<form method="post" action="${paymongoBase(s)}/fail" class="inline"><button type="submit">Fail Test Payment</button></form>`,
  );
}

function stateText(s: CheckoutSession): string {
  switch (s.status) {
    case 'open':
      return 'This payment is waiting to be paid.';
    case 'requires_action':
      return 'This payment is waiting for authentication.';
    case 'paid':
      return 'This payment is complete.';
    case 'refused':
      return `This payment was refused: ${s.result_message ?? 'no reason given.'}`;
    case 'canceled':
      return 'This payment was canceled.';
    case 'expired':
      return 'This payment session has expired.';
  }
}

/** A session that is not (or no longer) payable: its state and the way back to the portal. */
export function stateView(s: CheckoutSession, ewallet: boolean): string {
  const authenticate =
    s.status === 'requires_action' ? `<p><a href="${base(s)}/authenticate">Authenticate the payment</a></p>` : '';
  return layout(
    ewallet ? 'PayMongo Test Payment' : 'Sandbox Checkout',
    ewallet ? PAYMONGO_INTRO : STRIPE_INTRO,
    `${summary(s)}
<p role="status"><strong>${e(stateText(s))}</strong></p>
${authenticate}
<p><a href="${e(s.status === 'refused' ? failureUrl(s) : s.success_url)}">Back to the portal</a></p>`,
  );
}

export function notFoundView(): string {
  return page(
    'Payment session not found',
    `<h1>Payment session not found</h1>
<p>There is no payment session at this address. <a href="/sandbox">Sandbox home</a></p>`,
  );
}
