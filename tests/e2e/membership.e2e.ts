/**
 * Premium membership end to end: monthly at $7, change to $25, renewal by the sandbox clock,
 * cancel and expiry; one-time 3 months; a Philippine e-wallet purchase; the app's
 * /direct-subscribe and /update-payment entries.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  appLinks,
  appToken,
  baseUrl,
  browserPerFile,
  createVerifiedUser,
  logInOnForm,
  newPage,
  payByCard,
  recordAppLinks,
  signInNewPerson,
} from './support';

const browser = browserPerFile();

interface ProfileBody {
  data: {
    type: number;
    subscription: null | {
      recurring: number;
      canceled: boolean;
      change_amount: boolean;
      current_amount: number;
      next_amount: number | null;
      end_date: string;
    };
  };
}
const profileOf = async (p: { email: string; password: string }) =>
  (await apiAs<ProfileBody>(p.email, p.password, '/webclient/account/profile')).body.data;

async function advanceClock(days: number) {
  const response = await fetch(`${baseUrl()}/sandbox/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance_days: days }),
  });
  expect(response.status).toBe(200);
}

async function setSlider(page: Page, value: number) {
  const slider = page.getByRole('slider', { name: 'Amount in dollars' });
  await slider.focus();
  await slider.fill(String(value));
}

describe('premium membership', () => {
  it('monthly at $7, change to $25, renewal at $25, cancel, and free again after the end date', async () => {
    const { person, page, context, errors } = await signInNewPerson(browser(), { first: 'Mona' });
    await page.getByTestId('my-dashboard').getByRole('link', { name: 'Join' }).click();
    await page.waitForURL(/#\/subscription$/);
    await page.getByText('Partner with').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await setSlider(page, 7);
    await expect.poll(() => page.getByText('$7.00 /month').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payByCard(page);
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    const afterJoin = await profileOf(person);
    expect(afterJoin.type).toBe(1);
    expect(afterJoin.subscription).toMatchObject({ recurring: 1, canceled: false, current_amount: 7 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/#\/home$/);
    const dashboard = page.getByTestId('my-dashboard');
    await dashboard.getByText('Premium partner').waitFor();
    await dashboard.getByText('Next billing').waitFor();

    // Manage Membership from the header dropdown
    await page.getByRole('button', { name: /Mona Person/ }).click();
    await page.getByRole('menuitem', { name: 'Manage Membership' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Membership' });
    await manage.getByText(/Auto Renewal on \d{2}\s\w+\s\d{4}/).waitFor();
    expect(await manage.getByTestId('manage-amount').textContent()).toBe('$7.00 /month');
    await manage.getByRole('button', { name: 'Change Amount' }).click();
    await page.waitForURL(/#\/change-subscription$/);
    await page.getByRole('heading', { name: 'Select Amount' }).waitFor();
    await expect.poll(() => page.getByRole('slider', { name: 'Amount in dollars' }).inputValue()).toBe('7');
    await setSlider(page, 25);
    await page
      .getByText("Thank you for being a cheerful giver. You're on the top 1% subscribers who input $20 or more.")
      .waitFor();
    await page.getByRole('button', { name: 'Change Amount' }).click();
    await page.waitForURL(/#\/change-subscription-success$/);
    await page.getByRole('heading', { name: 'Amount Changed' }).waitFor();
    expect(await page.getByTestId('change-date').textContent()).toMatch(
      /^New amount wil be charged on: \d{2}\s\w+\s\d{4}$/,
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/#\/home$/);
    await page.getByTestId('my-dashboard').getByRole('button', { name: 'Manage Membership' }).click();
    const pending = page.getByRole('dialog', { name: 'Manage Membership' });
    await pending.getByText(/New amount will be charged on \d{2}\s\w+\s\d{4}/).waitFor();
    expect(await pending.getByTestId('manage-amount').textContent()).toBe('$25.00 /month');
    expect(await pending.getByRole('button', { name: 'Change Amount' }).isDisabled()).toBe(true);
    // The dialog belongs to the page it was opened on: the back button (or a link) closes it.
    await page.goto(`${baseUrl()}/#/top-up`);
    await page.getByRole('heading', { name: 'Top Up' }).waitFor();
    expect(await pending.count()).toBe(0);
    await page.goBack();
    await page.waitForURL(/#\/home$/);
    await page.getByTestId('my-dashboard').waitFor();
    expect(await pending.count()).toBe(0);

    // The renewal charges $25. The person has left the portal meanwhile (a call of the dashboard still on its way
    // when the clock moves would end the session before they come back).
    await page.goto('about:blank');
    await advanceClock(32);
    const renewed = await profileOf(person);
    expect(renewed.subscription).toMatchObject({
      recurring: 1,
      canceled: false,
      current_amount: 25,
      next_amount: null,
    });
    expect(new Date(renewed.subscription!.end_date).getTime()).toBeGreaterThan(
      new Date(afterJoin.subscription!.end_date).getTime(),
    );

    // Cancel: premium kept until the end date, then free. The clock move ended the session:
    // the portal notices on the next call and asks to sign in again, then returns home.
    await page.goto(`${baseUrl()}/#/home`);
    await page.waitForURL(/#\/login$/);
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    await logInOnForm(page, person.email, person.password);
    await page.waitForURL(/#\/home$/);
    await page.getByTestId('my-dashboard').getByRole('button', { name: 'Manage Membership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Membership' });
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel Membership' });
    await confirm.getByRole('button', { name: "I've Changed My Mind" }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel Membership' }).click();
    await page.getByRole('dialog', { name: 'Membership Canceled' }).getByRole('button', { name: 'OK' }).click();
    const canceled = await profileOf(person);
    expect(canceled.type).toBe(1);
    expect(canceled.subscription).toMatchObject({ canceled: true, change_amount: true });
    await page.getByTestId('my-dashboard').getByText('Premium ends').waitFor();
    await advanceClock(32);
    const ended = await profileOf(person);
    expect(ended).toMatchObject({ type: 0, subscription: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('one-time for 3 months', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Otto' });
    await page.goto(`${baseUrl()}/#/subscription`);
    await page.getByRole('radio', { name: /One-time/ }).check();
    await page.getByRole('radio', { name: '3 Months', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('3 Months Premium Membership').waitFor();
    expect(await page.getByRole('slider', { name: 'Amount in dollars' }).inputValue()).toBe('15');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payByCard(page);
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    expect((await profileOf(person)).subscription).toMatchObject({ recurring: 0, current_amount: 15 });
    await context.close();
  });

  it('a Philippine listener buys one-time through the e-wallet page', async () => {
    const { person, page, context } = await signInNewPerson(browser(), { first: 'Pia', country: 'PH' });
    await page.goto(`${baseUrl()}/#/subscription`);
    await page.getByRole('radio', { name: /One-time/ }).check();
    expect(await page.getByRole('radio', { name: '1 Month', exact: true }).count()).toBe(0);
    await page.getByRole('radio', { name: '2 Months', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/Approximately ₱/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'GCash' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/sandbox\/paymongo\//);
    await page.getByText('₱580.00').waitFor();
    await page.getByRole('button', { name: 'Authorize Test Payment' }).click();
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    expect((await profileOf(person)).subscription).toMatchObject({ recurring: 0, current_amount: 10 });
    await context.close();
  });

  it('the app subscribes directly with a one-time token', async () => {
    const person = await createVerifiedUser({ first: 'Dia' });
    const { page, context } = await newPage(browser());
    await recordAppLinks(context);
    const token = await appToken(person.email);
    await page.goto(
      `${baseUrl()}/#/direct-subscribe?_t=${encodeURIComponent(token)}&price=9&method=credit_card&recurring=1`,
    );
    await payByCard(page);
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    expect((await profileOf(person)).subscription).toMatchObject({ recurring: 1, current_amount: 9 });
    // From the app, Continue returns through the app's deep link.
    expect(await appLinks(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => appLinks(page)).toEqual(['smapp://transaction_done']);

    // Update the card from the app.
    const second = await newPage(browser());
    const again = await appToken(person.email);
    await second.page.goto(`${baseUrl()}/#/update-payment?_t=${encodeURIComponent(again)}`);
    await payByCard(second.page);
    await second.page.waitForURL(/#\/update-payment-success$/);
    await second.page.getByTestId('update-payment-success').waitFor();
    await second.context.close();
    await context.close();
  });
});
