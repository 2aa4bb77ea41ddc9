/**
 * Keyboard-only flows, as a person without a mouse completes them: only Tab, Shift+Tab, Enter,
 * Space, the arrow keys and typing (the test navigates to a start address, as a person would type
 * it). After every key the focused element (through open shadow roots) must show a visible focus
 * indicator, and a dialog must take the focus when it opens and give it back to where the person
 * was when it closes. docs/accessibility.md cites these flows.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focusedElement, type Focused } from './engines/driver';
import { baseUrl, browserPerFile, createVerifiedUser, newPage, uniqueEmail } from './support';

const browser = browserPerFile();

/** The focused element, looking through open shadow roots (nothing, while the page is being replaced). */
async function focused(page: Page): Promise<Focused> {
  return readFocus(page).catch(async (error: unknown) => {
    if (!/context was destroyed|navigation/i.test(String(error))) throw error;
    await page.waitForLoadState('domcontentloaded');
    return readFocus(page);
  });
}

function readFocus(page: Page): Promise<Focused> {
  return page.evaluate(focusedElement);
}

/** Every focus a flow passed through that was not visibly indicated. */
class Keyboard {
  readonly unseen: string[] = [];
  constructor(private readonly page: Page) {}

  /** Presses a key; the focus it lands on must be visible (when it lands on an element). */
  async press(
    key: 'Tab' | 'Shift+Tab' | 'Enter' | 'Space' | 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp',
  ): Promise<Focused> {
    await this.page.keyboard.press(key);
    const now = await focused(this.page);
    if (!now.body && !now.visible) this.unseen.push(`${key} -> ${now.tag} "${now.label}"`);
    return now;
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Tabs (forwards) until the focused element's label matches. */
  async tabTo(label: RegExp, max = 80): Promise<Focused> {
    let now = await focused(this.page);
    for (let i = 0; i < max && !label.test(now.label); i += 1) now = await this.press('Tab');
    if (!label.test(now.label))
      throw new Error(`Could not reach ${label} with Tab; focus is on ${now.tag} "${now.label}"`);
    return now;
  }
}

describe('keyboard only, focus visible at every step', () => {
  it('signs in', async () => {
    const { context, errors, keys } = await newPersonSignedIn('Keyes');
    expect(keys.unseen).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tops up and pays at the hosted checkout; an unfinished checkout’s dialog takes the focus and keeps it', async () => {
    const { page, context, keys } = await newPersonSignedIn('Topper');
    // Start a top-up and leave at the checkout.
    await startTopUp(page, keys);
    await page.waitForURL(/\/sandbox\/checkout\//);
    // Back on the top-up page, the unfinished checkout is announced in a dialog that has the focus.
    await page.goto(`${baseUrl()}/#/top-up`);
    const dialog = page
      .getByRole('dialog', { name: 'The other transaction are on the way...' })
      .or(page.getByRole('alertdialog', { name: 'The other transaction are on the way...' }));
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).dialog).toBe('The other transaction are on the way...');
    // Tab stays inside the dialog, both ways.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab'] as const)
      expect((await keys.press(key)).dialog, key).toBe('The other transaction are on the way...');
    // Continue Payment goes back to the checkout, where the card is typed and paid.
    await keys.tabTo(/^Continue Payment$/, 6);
    await keys.press('Enter');
    await payAtCheckout(page, keys);
    await page.getByRole('heading', { name: 'Top Up Successful' }).waitFor();
    expect(keys.unseen).toEqual([]);
    await context.close();
  });

  it('donates with the slider and pays at the hosted checkout', async () => {
    const { page, context, keys } = await newPersonSignedIn('Giver');
    await page.goto(`${baseUrl()}/#/donations?_d=1`);
    await page.getByRole('slider', { name: 'Amount in dollars' }).waitFor();
    await keys.tabTo(/^Amount in dollars$/);
    await keys.press('ArrowRight');
    await keys.press('ArrowRight');
    await keys.press('ArrowLeft');
    await keys.tabTo(/^Donate Now/);
    await keys.press('Enter');
    await payAtCheckout(page, keys);
    await page.locator('sm-donate').getByRole('heading').first().waitFor();
    await expect.poll(() => page.url()).toMatch(/#\/(donation-success|transaction-success|donations)/);
    expect(keys.unseen).toEqual([]);
    await context.close();
  });

  it('joins the newsletter on a page that embeds it (signed out)', async () => {
    const { page, context, errors } = await newPage(browser());
    const keys = new Keyboard(page);
    await subscribeToNewsletter(page, keys);
    expect(keys.unseen).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Subscribe is disabled while sending: the focus goes back to the email field, never to the page.
  it('newsletter: after Subscribe is pressed the focus stays in the form', async () => {
    const { page, context } = await newPage(browser());
    await subscribeToNewsletter(page, new Keyboard(page));
    const after = await focused(page);
    await context.close();
    expect(after.body).toBe(false);
  });

  it('Manage Membership: the dialog takes the focus and keeps it, also for the dialog it opens', async () => {
    const { page, context } = await newPage(browser());
    const keys = new Keyboard(page);
    await openManageMembership(page, keys);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab'] as const)
      expect((await keys.press(key)).dialog, key).toBe('Manage Membership');
    // A dialog on the dialog: cancelling asks first; changing one's mind comes back.
    await keys.tabTo(/^Cancel Subscription$/, 6);
    await keys.press('Enter');
    await expect.poll(async () => (await focused(page)).dialog).toBe('Cancel Membership');
    await keys.tabTo(/^I've Changed My Mind$/, 4);
    await keys.press('Enter');
    await expect.poll(async () => (await focused(page)).dialog).toBe('Manage Membership');
    await keys.tabTo(/^Close$/, 6);
    await keys.press('Enter');
    await page.getByRole('dialog', { name: 'Manage Membership' }).waitFor({ state: 'detached' });
    expect(keys.unseen).toEqual([]);
    await context.close();
  });

  // The dialog lives in its own <sm-subscribe view="manage">: it remembers the portal's button that opened it.
  it('Manage Membership: closing the dialog gives the focus back to the button that opened it', async () => {
    const { page, context } = await newPage(browser());
    const keys = new Keyboard(page);
    await openManageMembership(page, keys);
    await keys.tabTo(/^Close$/, 6);
    await keys.press('Enter');
    await page.getByRole('dialog', { name: 'Manage Membership' }).waitFor({ state: 'detached' });
    const after = await focused(page);
    await context.close();
    expect(`${after.tag} "${after.label}"`).toBe('button "Manage Membership"');
  });
});

/** The newsletter on its docs page, signed out: typed, then Subscribe pressed. */
async function subscribeToNewsletter(page: Page, keys: Keyboard): Promise<void> {
  await page.goto(`${baseUrl()}/docs/sm-newsletter.html`);
  const newsletter = page.locator('[data-preview] sm-newsletter');
  await newsletter.getByRole('button', { name: 'Subscribe' }).waitFor();
  await page.waitForFunction(() => !!customElements.get('sm-newsletter'));
  await keys.tabTo(/^Email$/);
  await keys.type(uniqueEmail('keys'));
  await keys.tabTo(/^Subscribe$/, 3);
  await keys.press('Enter');
  await newsletter.getByText('Thank you for subscribing to our newsletter!').waitFor();
}

/** Signs in as the monthly partner and opens Manage Membership from the dashboard with Enter. */
async function openManageMembership(page: Page, keys: Keyboard): Promise<void> {
  await signInQuickly(page, keys, 'partner@example.org', 'partner-2026');
  await page.getByRole('button', { name: 'Manage Membership' }).first().waitFor();
  await keys.tabTo(/^Manage Membership$/);
  await keys.press('Enter');
  await page.getByRole('dialog', { name: 'Manage Membership' }).waitFor();
  await expect.poll(async () => (await focused(page)).dialog).toBe('Manage Membership');
}

/** Signs in with the keyboard, from the login screen to the dashboard. */
async function signInQuickly(page: Page, keys: Keyboard, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
  await keys.tabTo(/^Continue with Email$/);
  await keys.press('Enter');
  await page.locator('sm-login').getByLabel('Email').waitFor();
  await keys.tabTo(/^Email$/);
  await keys.type(email);
  await keys.tabTo(/^Password$/);
  await keys.type(password);
  await keys.tabTo(/^Log In$/);
  await keys.press('Enter');
  await page.waitForURL(/#\/home$/);
}

/** A new person, signed in with the keyboard on a fresh page; `keys` has watched the focus at every key. */
async function newPersonSignedIn(
  first: string,
): Promise<{ page: Page; context: BrowserContext; errors: string[]; keys: Keyboard }> {
  const person = await createVerifiedUser({ first });
  const opened = await newPage(browser());
  const keys = new Keyboard(opened.page);
  await signInQuickly(opened.page, keys, person.email, person.password);
  return { ...opened, keys };
}

/** At the sandbox's hosted checkout: types the test card and presses Pay, by keyboard. */
async function payAtCheckout(page: Page, keys: Keyboard): Promise<void> {
  await page.waitForURL(/\/sandbox\/checkout\//);
  await keys.tabTo(/^Card number$/);
  await keys.type('4242424242424242');
  await keys.tabTo(/^Pay$/);
  await keys.press('Enter');
}

/** The top-up's two steps with the keyboard, up to the hosted checkout. */
async function startTopUp(page: Page, keys: Keyboard): Promise<void> {
  await page.goto(`${baseUrl()}/#/top-up`);
  await page.getByRole('radio', { name: /^50 Credits/ }).waitFor();
  await keys.tabTo(/^50 Credits/);
  await keys.press('Space');
  await keys.tabTo(/^Next$/);
  await keys.press('Enter');
  await page.getByRole('radio', { name: 'Credit / Debit Card' }).waitFor();
  await keys.tabTo(/^Credit \/ Debit Card$/);
  await keys.press('Space');
  await keys.tabTo(/^Continue to Payment$/);
  await keys.press('Enter');
}
