/**
 * Social sign-in end to end through the Firebase JS SDK against the real Firebase Auth emulator
 * (started by the same script as `npm start`): first sign-in goes to prefilled registration and
 * ends signed in; the second goes straight to the Dashboard; an unverified provider email never
 * takes over an existing account.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserPerFile, newPage, uniqueEmail } from './support';

const browser = browserPerFile();

const PROVIDERS = [
  ['Google', 'google'],
  ['Facebook', 'facebook'],
  ['Apple', 'apple'],
] as const;

async function socialSignIn(
  page: Page,
  provider: string,
  account: { email: string; name: string; verified?: boolean },
) {
  const login = page.locator('sm-login');
  await login.getByRole('button', { name: `Continue with ${provider}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sign in with ${provider} (sandbox)` });
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Name', { exact: true }).fill(account.name);
  if (account.verified === false) await dialog.getByLabel('The provider has verified this email').uncheck();
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

describe('social sign-in', () => {
  for (const [provider, id] of PROVIDERS) {
    it(`${provider}: the first sign-in registers with prefilled details, the second goes to the Dashboard`, async () => {
      const email = uniqueEmail(id);
      const { page, context, errors } = await newPage(browser());
      const firebaseRequests: string[] = [];
      page.on('request', (request) => {
        if (/firebase|identitytoolkit|securetoken|127\.0\.0\.1:\d+\/(identitytoolkit|emulator)/.test(request.url()))
          firebaseRequests.push(request.url());
      });
      await page.goto(`${baseUrl()}/#/login`);
      await page.locator('sm-login').getByRole('button', { name: 'Continue with Email' }).waitFor();
      expect(firebaseRequests).toEqual([]); // Firebase is not loaded until someone reaches for a social button
      await socialSignIn(page, provider, { email, name: 'Clara Maria Reyes' });
      await page.waitForURL(/#\/register$/);
      const login = page.locator('sm-login');
      const emailField = login.getByLabel('Email', { exact: true });
      await expect.poll(() => emailField.inputValue()).toBe(email);
      expect(await emailField.getAttribute('readonly')).not.toBeNull();
      expect(await login.getByLabel('First Name').inputValue()).toBe('Clara Maria');
      expect(await login.getByLabel('Last Name').inputValue()).toBe('Reyes');
      expect(await login.getByLabel('Password', { exact: true }).count()).toBe(0);
      await login.getByLabel('Country').selectOption('US');
      await login.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.waitForURL(/#\/home$/);
      await page.getByTestId('my-dashboard').getByText(email).waitFor();
      expect(firebaseRequests.length).toBeGreaterThan(0); // the real SDK talked to the emulator

      // Sign out, then the second sign-in goes straight to the Dashboard.
      await page.getByRole('button', { name: /Clara Maria Reyes/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(/#\/login$/);
      await socialSignIn(page, provider, { email, name: 'Clara Maria Reyes' });
      await page.waitForURL(/#\/home$/);
      await page.getByTestId('my-dashboard').getByText(email).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('an unverified provider email does not take over an existing account', async () => {
    const { page, context } = await newPage(browser());
    await page.goto(`${baseUrl()}/#/login`);
    await socialSignIn(page, 'Google', { email: 'listener@example.org', name: 'Not Grace', verified: false });
    await page
      .locator('sm-login')
      .getByText(/An account with this email already exists/)
      .waitFor();
    expect(page.url()).toMatch(/#\/login$/);
    const stored = await page.evaluate(() => localStorage.getItem('sm.session.v1'));
    expect(stored === null || !stored.includes('accessToken')).toBe(true);
    await context.close();
  });
});
