/**
 * Credits end to end: top-up for oneself and as a gift through the sandbox's hosted checkout,
 * with Stripe's test cards, the unfinished-transaction warning, cancel, e-wallet polling, and
 * nothing granted twice.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, baseUrl, browserPerFile, chooseTopUp, creditBalance, payByCard, signInNewPerson } from './support';

const browser = browserPerFile();

/** From the Dashboard's Top Up button to the sandbox checkout page. */
async function startTopUp(page: Page, options: { credits: string; gift?: boolean; method: string }) {
  await page.goto(`${baseUrl()}/#/home`);
  await page.getByRole('link', { name: 'Top Up' }).click();
  await page.waitForURL(/#\/top-up/);
  await page.getByText('Pay-as-you-go').waitFor();
  await chooseTopUp(page, options);
}

/**
 * A new person buys `credits` by a card that needs the bank's check, and leaves it for later: the portal's pending
 * page shows. Returns a way to answer the bank's check elsewhere (the bank's app on the person's phone).
 */
async function payPending(
  page: Page,
  credits: string,
): Promise<(answer: 'Complete authentication' | 'Fail authentication') => Promise<void>> {
  await startTopUp(page, { credits, method: 'Credit / Debit Card' });
  await payByCard(page, '4000 0025 0000 3155');
  await page.waitForURL(/\/authenticate/);
  const authUrl = page.url();
  await page.getByRole('button', { name: 'Decide later' }).click();
  await page.waitForURL(/#\/result\/pending$/);
  return async (answer) => {
    const bank = await browser().newContext();
    const auth = await bank.newPage();
    await auth.goto(authUrl);
    await auth.getByRole('button', { name: answer }).click();
    // The bank has taken the answer when it sends the person on.
    await auth.waitForURL((url) => url.href !== authUrl);
    await bank.close();
  };
}

/** The success page shows, and the person's balance (asked of the API) is `credits`. */
async function expectToppedUp(
  page: Page,
  person: { email: string; password: string },
  credits: number,
  options: { timeout?: number } = {},
): Promise<void> {
  await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor(options);
  expect(await creditBalance(person.email, person.password)).toBe(credits);
}

describe('top up', () => {
  it('for oneself with 4242: the balance rises by the credits bought, once', async () => {
    const { person, page, context, errors } = await signInNewPerson(browser(), { first: 'Tess' });
    await startTopUp(page, { credits: '100 Credits', method: 'Credit / Debit Card' });
    await page.getByText('$10.00').waitFor();
    await payByCard(page);
    await page.waitForURL(/#\/success\?type=self/);
    await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor();
    expect(await page.getByTestId('new-balance').textContent()).toBe('100 Credits');
    expect(await creditBalance(person.email, person.password)).toBe(100);
    // Reloading the success page (a replayed confirmation) grants nothing more.
    const sessionId = new URL(page.url().replace('#/', '')).searchParams.get('session_id')!;
    const replay = await apiAs<{ data: { result_code: string; credit_balance: number } }>(
      person.email,
      person.password,
      '/webclient/in-web-purchase/confirm-transaction-session',
      {
        method: 'POST',
        body: JSON.stringify({ session_id: sessionId }),
      },
    );
    expect(replay.body.data).toMatchObject({ result_code: 'Authorised', credit_balance: 100 });
    await page.reload();
    await page
      .getByRole('heading', { name: 'Top Up Successful' })
      .or(page.getByTestId('my-dashboard'))
      .first()
      .waitFor();
    expect(await creditBalance(person.email, person.password)).toBe(100);
    await page
      .getByRole('button', { name: 'Back to Home' })
      .click()
      .catch(() => undefined);
    await page.goto(`${baseUrl()}/#/home`);
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('100 Credits');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('as a gift: a redemption code shows and the balance does not change', async () => {
    const { person, page, context, errors } = await signInNewPerson(browser(), { first: 'Gail' });
    await startTopUp(page, { credits: '50 Credits', gift: true, method: 'Credit / Debit Card' });
    await payByCard(page, '4242424242424242');
    await page.waitForURL(/#\/success\?type=other/);
    const code = await page.getByTestId('redemption-code').textContent();
    expect(code).toMatch(/^SM-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await creditBalance(person.email, person.password)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a declined card shows Payment Failed! with the message and adds nothing', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Dee' });
    await startTopUp(page, { credits: '100 Credits', method: 'Credit / Debit Card' });
    await payByCard(page, '4000 0000 0000 0002');
    await page.waitForURL(/#\/transaction-failed$/);
    await page.getByRole('heading', { name: 'Payment Failed!' }).waitFor();
    expect(await page.getByTestId('failed-message').textContent()).toBe('Your card was declined.');
    expect(await creditBalance(person.email, person.password)).toBe(0);
    // Insufficient funds says so too.
    await startTopUp(page, { credits: '50 Credits', method: 'Credit / Debit Card' });
    await payByCard(page, '4000 0000 0000 9995');
    await page.waitForURL(/#\/transaction-failed$/);
    expect(await page.getByTestId('failed-message').textContent()).toBe('Your card has insufficient funds.');
    expect(await creditBalance(person.email, person.password)).toBe(0);
    await context.close();
  });

  it('cancel on the checkout returns to the top-up with nothing charged', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Cal' });
    await startTopUp(page, { credits: '100 Credits', method: 'Credit / Debit Card' });
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/#\/top-up/);
    await page.getByText('Payment canceled. Nothing was charged.').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await creditBalance(person.email, person.password)).toBe(0);
    await context.close();
  });

  it('leaving after the session was created: the warning offers to continue, and paying works', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Lee' });
    await startTopUp(page, { credits: '250 Credits', method: 'Credit / Debit Card' });
    await page.waitForURL(/\/sandbox\/checkout\//);
    const checkoutUrl = page.url();
    // The person leaves, then comes back to top up.
    await page.goto(`${baseUrl()}/#/top-up`);
    const warning = page.getByRole('alertdialog', { name: 'The other transaction are on the way...' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Continue Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    expect(page.url()).toBe(checkoutUrl); // the same session, not a new one
    await payByCard(page);
    await expectToppedUp(page, person, 250);
    await context.close();
  });

  it('double-clicking Pay charges once and grants the credits once', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Dub' });
    await startTopUp(page, { credits: '50 Credits', method: 'Credit / Debit Card' });
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).dblclick();
    await expectToppedUp(page, person, 50);
    await context.close();
  });

  it('a card that needs authentication is pending until verified', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Tia' });
    const atTheBank = await payPending(page, '100 Credits');
    await page.getByRole('button', { name: 'Verify Payment' }).click();
    await page.getByText('The payment is still waiting for authorisation.').waitFor();
    expect(await creditBalance(person.email, person.password)).toBe(0);
    // Authenticate elsewhere (the bank's app on the person's phone), then verify again.
    await atTheBank('Complete authentication');
    await page.getByRole('button', { name: 'Verify Payment' }).click();
    await expectToppedUp(page, person, 100);
    await context.close();
  });

  it('a pending card the bank then refuses goes on from the pending page to Payment Failed!', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Rex' });
    const atTheBank = await payPending(page, '50 Credits');
    await page.getByRole('heading', { name: 'Payment Pending' }).waitFor();
    // The person fails the bank's check elsewhere, then verifies here.
    await atTheBank('Fail authentication');
    await page.getByRole('button', { name: 'Verify Payment' }).click();
    // Both result pages load later in the same place: the failed one replaces the pending one.
    await page.waitForURL(/#\/transaction-failed$/);
    await page.getByRole('heading', { name: 'Payment Failed!' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Payment Pending' }).count()).toBe(0);
    expect(await creditBalance(person.email, person.password)).toBe(0);
    await context.close();
  });

  it('a Philippine listener pays by e-wallet and the page polls to success', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Mara', country: 'PH' });
    await startTopUp(page, { credits: '100 Credits', method: 'GCash' });
    await page.waitForURL(/\/sandbox\/paymongo\//);
    await page.getByText('₱580.00').waitFor();
    const walletUrl = page.url();
    // Back in the portal before authorising: the pending page polls.
    await page.goto(`${baseUrl()}/#/success?type=self&session_id=${walletUrl.split('/').pop()}`);
    await page.waitForURL(/#\/result\/pending$/);
    // The person authorises in the e-wallet (its own app, elsewhere) while the portal polls.
    const phone = await browser().newContext();
    const wallet = await phone.newPage();
    await wallet.goto(walletUrl);
    await wallet.getByRole('button', { name: 'Authorize Test Payment' }).click();
    await wallet.waitForURL(/#\/success/);
    await phone.close();
    await expectToppedUp(page, person, 100, { timeout: 15_000 });
    await context.close();
  });
});
