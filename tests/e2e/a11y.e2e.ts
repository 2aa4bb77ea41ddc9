/**
 * Accessibility as reliability: every route passes axe (no serious or critical violation, open
 * shadow roots included), and the main flows are completed with the keyboard alone.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import {
  baseUrl,
  browserPerFile,
  focusedLabel,
  newPage,
  openSurvey,
  signedInPage,
  signInNewPerson,
  tabTo,
  uniqueEmail,
} from './support';

const browser = browserPerFile();

const PUBLIC_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/send-verification',
  '/signup-success',
  '/change-password?t=bad',
  '/verify-email',
  '/donation-page',
  '/missions',
  '/premium',
  '/test-page',
  '/update-payment-success',
  '/update-payment-failed',
];
const SIGNED_IN_ROUTES = [
  '/home',
  '/change-password-user',
  '/top-up',
  '/subscription',
  '/donation-lists',
  '/donations?_d=2',
  '/survey',
  '/transaction-failed',
  '/transaction-success',
  '/change-subscription',
];
let checked = 0;
afterAll(() => console.log(`[a11y] ${checked} routes checked with axe`));

/** On a payment form's last step: chooses the card and goes on to the hosted checkout, with the keyboard. */
async function cardToCheckout(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Credit / Debit Card' }).waitFor();
  await tabTo(page, /^Credit \/ Debit Card$/);
  await page.keyboard.press('Space');
  await tabTo(page, /^Continue to Payment$/);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/sandbox\/checkout\//);
}

describe('accessibility', () => {
  /** Opens each route in turn, once the page has settled, and checks it with axe. */
  async function checkRoutes(page: Page, routes: string[]): Promise<void> {
    for (const route of routes) {
      await page.goto(`${baseUrl()}/#${route}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      expect(await axeViolations(page), route).toEqual([]);
      checked += 1;
    }
  }

  it('every public route passes axe', async () => {
    const { page, context } = await newPage(browser());
    await checkRoutes(page, PUBLIC_ROUTES);
    await context.close();
  });

  it('every signed-in route passes axe', async () => {
    const { page, context } = await signedInPage(browser(), { email: 'partner@example.org', password: 'partner-2026' });
    await checkRoutes(page, SIGNED_IN_ROUTES);
    await context.close();
  });

  it('registers with the keyboard alone', async () => {
    const { page, context } = await newPage(browser());
    await page.goto(`${baseUrl()}/#/register`);
    await page.locator('sm-login').getByRole('button', { name: 'Continue with Email' }).waitFor();
    await tabTo(page, /^Continue with Email$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^First Name$/);
    await page.keyboard.type('Kay');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Board');
    await page.keyboard.press('Tab');
    await page.keyboard.type(uniqueEmail('keyboard'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('United States'); // select by typing
    await tabTo(page, /^Password$/);
    await page.keyboard.type('key-pass-1');
    await tabTo(page, /^Confirm Password$/);
    await page.keyboard.type('key-pass-1');
    await tabTo(page, /^Sign Up$/);
    expect(await focusedLabel(page)).toBe('Sign Up');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Thank You for Signing Up!' }).waitFor();
    await context.close();
  });

  it('tops up, subscribes and donates with the keyboard alone (up to the checkout)', async () => {
    const { page, context } = await signInNewPerson(browser(), { first: 'Keys' });
    // Top up
    await page.goto(`${baseUrl()}/#/top-up`);
    await page.getByRole('radio', { name: /^50 Credits/ }).waitFor();
    await tabTo(page, /^50 Credits/);
    await page.keyboard.press('Space');
    await tabTo(page, /^Next$/);
    await page.keyboard.press('Enter');
    await cardToCheckout(page);
    await tabTo(page, /^Card number$/);
    await page.keyboard.type('4242424242424242');
    await tabTo(page, /^Pay$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor();
    // Subscribe
    await page.goto(`${baseUrl()}/#/subscription`);
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await tabTo(page, /^Next$/);
    await page.keyboard.press('Enter');
    await page.getByRole('slider', { name: 'Amount in dollars' }).waitFor();
    await tabTo(page, /^Amount in dollars$/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByText('$7.00 /month').first().waitFor();
    await tabTo(page, /^Next$/);
    await page.keyboard.press('Enter');
    await cardToCheckout(page);
    // Donate
    await page.goto(`${baseUrl()}/#/donations?_d=1`);
    await page.getByRole('slider', { name: 'Amount in dollars' }).waitFor();
    await tabTo(page, /^Amount in dollars$/);
    await page.keyboard.press('ArrowRight');
    await tabTo(page, /^Donate Now/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByText('$20.00').first().waitFor();
    await context.close();
  });

  it('answers the survey and joins the newsletter with the keyboard alone', async () => {
    const { page, context } = await signInNewPerson(browser(), { first: 'Tabby' });
    const { survey, total } = await openSurvey(page);
    for (let n = 1; n <= total; n += 1) {
      await survey.getByText(`${n} of ${total}`).waitFor();
      const first = (
        await survey
          .getByRole('checkbox')
          .first()
          .evaluate((el) => el.closest('label')?.textContent ?? '')
      ).trim();
      await tabTo(page, new RegExp(`^${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await page.keyboard.press('Space');
      await tabTo(page, /^Next$/);
      await page.keyboard.press('Enter');
    }
    await survey.getByRole('heading', { name: 'Thank You for Participating in Our Survey' }).waitFor();
    await page.goto(`${baseUrl()}/#/home`);
    await page.locator('sm-newsletter').getByRole('button', { name: 'Subscribe' }).waitFor();
    await tabTo(page, /^Email$/, 200);
    await page.keyboard.type(uniqueEmail('tabby'));
    await page.keyboard.press('Enter');
    await page.locator('sm-newsletter').getByText('Thank you for subscribing to our newsletter!').waitFor();
    await context.close();
  });
});
