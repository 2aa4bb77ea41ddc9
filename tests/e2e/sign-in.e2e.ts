/**
 * The sign-in slice, end to end in Chromium against the running portal and sandbox.
 */
import { describe, expect, it } from 'vitest';
import {
  appToken,
  baseUrl,
  browserPerFile,
  latestMail,
  logInOnForm,
  mailedLink,
  newPage,
  signIn,
  uniqueEmail,
} from './support';

const browser = browserPerFile();

describe('sign-in slice', () => {
  it('registers by email, verifies from the mailbox, logs in, sees My Dashboard and logs out', async () => {
    const { page, context, errors } = await newPage(browser());
    const email = uniqueEmail('newcomer');
    await page.goto(`${baseUrl()}/#/register`);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('First Name').fill('Nora');
    await page.getByLabel('Last Name').fill('Newcomer');
    await page.locator('sm-login').getByLabel('Email').fill(email);
    await page.getByLabel('Country').selectOption('PH');
    await expect.poll(() => page.getByText('+63').isVisible()).toBe(true);
    await page.getByLabel('Phone Number').fill('9171234567');
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByLabel('Password', { exact: true }).fill('nora-pass-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('nora-pass-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank You for Signing Up!' }).waitFor();

    // Not verified yet: the login says so
    await signIn(page, email, 'nora-pass-1');
    await page.getByText('Please verify your email before logging in.').waitFor();
    await page.getByText('Your email is not verified yet.').waitFor();

    const link = await mailedLink(email, /verify/i, '#/verify-email?_t=');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    expect(page.url()).not.toContain('_t=');
    // The link is single-use
    const again = await context.newPage();
    await again.goto(link);
    await again.getByText('This verification link is invalid or has expired.').waitFor();
    await again.close();

    await page.getByRole('button', { name: 'Log In' }).click();
    await logInOnForm(page, email, 'nora-pass-1');
    await page.waitForURL(/#\/home$/);
    const dashboard = page.getByTestId('my-dashboard');
    await dashboard.getByRole('heading', { name: 'My Dashboard' }).waitFor();
    await expect.poll(() => dashboard.textContent()).toContain(email);
    expect(await dashboard.textContent()).toContain('Nora Newcomer');
    expect(await dashboard.getByTestId('credit-balance').textContent()).toBe('0 Credits');

    await page.getByRole('button', { name: /Nora Newcomer/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('sm.session.v1'));
    expect(stored === null || !stored.includes('accessToken')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a double sign-up, the link says where the email to choose a password went, opens that inbox and sends it again', async () => {
    const { page, context, errors } = await newPage(browser());
    const email = uniqueEmail('twice').replace('@example.org', '@gmail.com');
    for (const first_name of ['Olive', 'Mallory'])
      expect(
        (
          await fetch(`${baseUrl()}/webclient/auth/register`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              ...{ first_name, last_name: 'Person', email, password: `${first_name.toLowerCase()}-pass-1` },
              ...{ country_code: 'US', gender: 'None', phone_number: '', method: 'email' },
            }),
          })
        ).status,
      ).toBe(200);
    const link = await mailedLink(email, /verify/i, '#/verify-email?_t=');
    await page.goto(link);
    const login = page.locator('sm-login');
    await login.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await login.getByRole('status').textContent()).toBe(
      `This email address was signed up more than once, so to be sure the password is yours we are sending an email to choose your password to ${email}.`,
    );
    // Nothing red, and nothing that cannot help.
    expect(await login.getByText('We could not verify your email').count()).toBe(0);
    expect(await login.getByRole('button', { name: 'Send a new verification email' }).count()).toBe(0);
    const inbox = login.getByRole('link', { name: 'Open Gmail' });
    expect(await inbox.getAttribute('href')).toBe('https://mail.google.com/');
    expect(await inbox.getAttribute('target')).toBe('_blank');
    await latestMail(email, /Choose your password/);
    // Sent again to that address (the server's limits decide whether a third email in five minutes goes out).
    const asked = page.waitForRequest(/\/webclient\/auth\/forgot-password$/);
    await login.getByRole('button', { name: 'Send the email again' }).click();
    expect((await asked).postDataJSON()).toEqual({ email });
    await page.getByRole('dialog').getByText('Email Sent').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('recovers a forgotten password: email, link, new password, login', async () => {
    const { page, context, errors } = await newPage(browser());
    const email = 'listener@example.org';
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('This is a required field and must be a valid email.').waitFor();
    await page.locator('sm-login').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Sent' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.goto(await mailedLink(email, /password/i, '#/change-password?t='));
    await page.getByRole('heading', { name: 'Set New Password' }).waitFor();
    expect(page.url()).not.toContain('t=');
    await page.getByLabel('Password', { exact: true }).fill('listen-2027');
    await page.getByLabel('Confirm Password', { exact: true }).fill('listen-2027');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your password has been updated. You can now log in.').waitFor();

    await signIn(page, email, 'listen-2026');
    await page.getByText('The email or password is incorrect.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('listen-2027');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL(/#\/home$/);
    await page.getByTestId('my-dashboard').getByText('Grace Listener').waitFor();

    // Put the seeded password back for the other suites, through the signed-in change password.
    await page.goto(`${baseUrl()}/#/change-password-user`);
    await page.getByLabel('New Password', { exact: true }).fill('listen-2026');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('listen-2025');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Confirm New Password not match').waitFor();
    await page.getByLabel('Confirm New Password', { exact: true }).fill('listen-2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Update' }).getByText('You successfully update the password').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a protected route to login first and back to it after sign-in', async () => {
    const { page, context } = await newPage(browser());
    await page.goto(`${baseUrl()}/#/change-password-user`);
    await page.waitForURL(/#\/login$/);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.locator('sm-login').getByLabel('Email').fill('partner@example.org');
    await page.getByLabel('Password', { exact: true }).fill('partner-2026');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL(/#\/change-password-user$/);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    // Signed in, the login page sends the person on instead of showing the form.
    await page.goto(`${baseUrl()}/#/login`);
    await page.waitForURL(/#\/home$/);
    await context.close();
  });

  it('signs in from the mobile app with a one-time token and removes it from the address bar', async () => {
    const { page, context, errors } = await newPage(browser());
    const token = await appToken('manila@example.org');
    await page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(token)}&type=dashboard`);
    await expect.poll(() => page.url()).not.toContain('_t=');
    await page.waitForURL(/#\/home$/);
    await page.getByTestId('my-dashboard').getByText('Maria Santos').waitFor();
    const fromApps = await page.evaluate(() => JSON.parse(localStorage.getItem('sm.session.v1') ?? '{}').fromApps);
    expect(fromApps).toBe(true);

    // The same token a second time: refused, the login form shows, no session.
    const second = await newPage(browser());
    await second.page.goto(`${baseUrl()}/#/login?_t=${encodeURIComponent(token)}&type=dashboard`);
    await second.page.getByText(/This sign-in link has expired/).waitFor();
    await second.page.getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(second.page.url()).not.toContain('_t=');
    const stored = await second.page.evaluate(() => localStorage.getItem('sm.session.v1'));
    expect(stored === null || !stored.includes('accessToken')).toBe(true);
    await second.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
