/**
 * Missions and donations end to end: a one-time gift, a monthly gift and its cancel, a declined
 * card, an anonymous gift, the custom amount, inert mission markup, and the blog on another origin.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  blogUrl,
  browserPerFile,
  createVerifiedUser,
  newPage,
  payByCard,
  signedInElsewhere,
  signInNewPerson,
} from './support';

const browser = browserPerFile();

interface MissionBody {
  data: { id: number; total_donation: number }[];
}
async function missionTotal(id: number): Promise<number> {
  const response = await fetch(`${baseUrl()}/webclient/donation/ongoing-project`);
  const body = (await response.json()) as MissionBody;
  return body.data.find((m) => m.id === id)!.total_donation;
}

/** Records the sm-donation-completed events the page hears; read them with gifts(page). */
async function recordGifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    (window as unknown as { __gifts: unknown[] }).__gifts = heard;
    document.addEventListener('sm-donation-completed', (e) => heard.push((e as CustomEvent).detail), true);
  });
}
/**
 * A visitor on a fresh page (its gifts recorded) opens the blog, where the mission's form shows, and Donate Now gives
 * its first amount, $10: the page, and the mission's total before.
 */
async function giveTenOnTheBlog() {
  const opened = await newPage(browser());
  await recordGifts(opened.page);
  const before = await missionTotal(2);
  await opened.page.goto(blogUrl());
  await opened.page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
  await opened.page.getByRole('button', { name: /Donate Now · \$10\.00/ }).click();
  return { ...opened, before };
}
const gifts = (page: Page) => page.evaluate(() => (window as unknown as { __gifts: unknown[] }).__gifts);

describe('donations', () => {
  it('a signed-in person gives $30 once and the mission total rises by 30', async () => {
    const { page, context, errors } = await signInNewPerson(browser(), { first: 'Gia' });
    await page.getByRole('heading', { name: 'Ongoing Missions' }).waitFor();
    const before = await missionTotal(2);
    await page.goto(`${baseUrl()}/#/donations?_d=2`);
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    await page.getByText('We are a 501c3 organisation').first().waitFor();
    const slider = page.getByRole('slider', { name: 'Amount in dollars' });
    expect(await slider.inputValue()).toBe('10');
    await slider.focus();
    await slider.press('ArrowRight');
    await slider.press('ArrowRight');
    expect(await slider.inputValue()).toBe('30');
    await page.getByRole('button', { name: /Donate Now · \$30\.00/ }).click();
    await payByCard(page);
    await page.waitForURL(/#\/donation-success/);
    await page.getByRole('heading', { name: 'Thank You for Your Gift!' }).waitFor();
    await expect.poll(() => page.getByTestId('donation-result').textContent()).toContain('$30.00');
    expect(await missionTotal(2)).toBeCloseTo(before + 30, 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives $10 monthly, sees the next donation date, cancels, and sees Donate Now again', async () => {
    const { page, context } = await signInNewPerson(browser(), { first: 'Mo' });
    await page.goto(`${baseUrl()}/#/donations?_d=1`);
    await page.getByRole('radio', { name: 'Recurring (monthly)' }).check();
    await page.getByRole('button', { name: /Donate Now · \$10\.00/ }).click();
    await payByCard(page);
    await page.getByRole('heading', { name: 'Thank You for Your Gift!' }).waitFor();
    await page.goto(`${baseUrl()}/#/donations?_d=1`);
    await page.getByText(/Your next donation is on \d{2}\s\w+\s\d{4}\./).waitFor();
    // Giving monthly again to the same mission is refused by the server; the page offers to cancel instead.
    await page.getByRole('button', { name: 'Cancel Donation' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel Donation' });
    await confirm.getByText('Are you sure to cancel the donation?').waitFor();
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Cancel donation success.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: /Donate Now/ }).waitFor();
    await context.close();
  });

  it('a declined card gives nothing', async () => {
    const { page, context } = await signInNewPerson(browser(), { first: 'Dex' });
    const before = await missionTotal(3);
    await page.goto(`${baseUrl()}/#/donations?_d=3`);
    await page.getByRole('button', { name: /Donate Now/ }).click();
    await payByCard(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/#\/donations\?_d=3/);
    expect(await missionTotal(3)).toBe(before);
    await context.close();
  });

  it('an anonymous visitor gives from /donation-page, and the custom amount clamps', async () => {
    const { page, context } = await newPage(browser());
    const before = await missionTotal(2);
    await page.goto(`${baseUrl()}/#/donation-page`);
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    await page.getByRole('heading', { name: 'Explore Missions' }).waitFor();
    const custom = page.getByLabel('Custom amount');
    await custom.fill('0.2');
    await custom.blur();
    expect(await custom.inputValue()).toBe('1');
    await custom.fill('250');
    await custom.blur();
    expect(await custom.inputValue()).toBe('100');
    await custom.fill('15');
    await custom.blur();
    // Monthly needs an account.
    await page.getByRole('radio', { name: 'Recurring (monthly)' }).check();
    await page.getByRole('button', { name: /Donate Now/ }).click();
    await page.getByRole('dialog', { name: 'Sign in to give monthly' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('radio', { name: 'One-time' }).check();
    await page.getByRole('button', { name: /Donate Now · \$15\.00/ }).click();
    await payByCard(page, '4242424242424242');
    await page.getByRole('heading', { name: 'Thank You for Your Gift!' }).waitFor();
    expect(await missionTotal(2)).toBeCloseTo(before + 15, 2);
    await context.close();
  });

  it('renders markup in a mission description as inert text', async () => {
    const created = await fetch(`${baseUrl()}/sandbox/missions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        organization: 'Test Ministry',
        title: 'Markup Test Mission',
        description: 'Safe text.\n\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">',
      }),
    });
    const { data } = (await created.json()) as { data: { id: number } };
    const { page, context, errors } = await newPage(browser());
    await page.goto(`${baseUrl()}/#/donation-page?_d=${data.id}`);
    await page.getByRole('heading', { level: 1, name: 'Markup Test Mission' }).waitFor();
    await page.getByText('<script>window.__pwned = 1</script>', { exact: false }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(
      await page
        .locator('sm-donate')
        .first()
        .evaluate((el) => el.shadowRoot!.querySelectorAll('script, img[onerror]').length),
    ).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the blog on another origin embeds <sm-donate>: an anonymous $10 gift comes back to the blog, thanked there', async () => {
    const { page, context, errors, before } = await giveTenOnTheBlog();
    await payByCard(page);
    // Back on the blog (not the portal), the tag thanks the donor in place and tells the page.
    await page.waitForURL((url) => url.href.startsWith(blogUrl()));
    await page.getByRole('heading', { name: 'Thank You for Your Gift!' }).waitFor();
    await page.getByRole('heading', { name: 'Songs of the Harvest' }).waitFor();
    expect(await missionTotal(2)).toBeCloseTo(before + 10, 2);
    expect(await gifts(page)).toEqual([{ sessionId: expect.stringMatching(/^cs_/), amount: 10 }]);
    // A reload thanks again, but the gift is announced once.
    await page.reload();
    await page.getByRole('heading', { name: 'Thank You for Your Gift!' }).waitFor();
    expect(await gifts(page)).toEqual([]);
    expect(errors).toEqual([]);
    // An origin that is not on the allow-list is refused by the API.
    const askFrom = (where: Page) =>
      where.evaluate(async (api) => {
        try {
          await fetch(`${api}/webclient/donation/ongoing-project`);
          return 'answered';
        } catch {
          return 'refused';
        }
      }, baseUrl());
    expect(await askFrom(page)).toBe('answered'); // the portal's own origin
    const other = await browser().newPage();
    await other.goto('data:text/html,<p>elsewhere</p>');
    expect(await askFrom(other)).toBe('refused');
    await other.close();
    await context.close();
  });

  it('a gift canceled at the checkout comes back to the blog with nothing charged', async () => {
    const { page, context, errors, before } = await giveTenOnTheBlog();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.href.startsWith(blogUrl()));
    await page.getByText('Payment canceled. Nothing was charged.').waitFor();
    await page.getByRole('button', { name: /Donate Now · \$10\.00/ }).waitFor();
    expect(await missionTotal(2)).toBeCloseTo(before, 2);
    expect(await gifts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a person signed in on the blog gives $20 monthly: back on the blog, confirmed in place, then the form again', async () => {
    const person = await createVerifiedUser({ first: 'Blogga' });
    const { page, context, errors } = await signedInElsewhere(browser(), person.email, person.password);
    await recordGifts(page);
    await page.goto(blogUrl());
    const donate = page.locator('sm-donate');
    await donate.getByRole('slider').press('ArrowRight');
    await donate.getByRole('radio', { name: 'Recurring (monthly)' }).check();
    await donate.getByRole('button', { name: /Donate Now · \$20\.00/ }).click();
    await payByCard(page);
    await page.waitForURL((url) => url.href.startsWith(blogUrl()));
    await donate.getByRole('heading', { name: 'Thank You for Your Gift!' }).waitFor();
    await donate.getByText(/\$20\.00/).waitFor();
    expect(await gifts(page)).toEqual([{ sessionId: expect.stringMatching(/^cs_/), amount: 20 }]);
    // Continue stays on the blog: the mission's form, now with the monthly gift and its cancel.
    await donate.getByRole('button', { name: 'Continue' }).click();
    await donate.getByRole('button', { name: 'Cancel Donation' }).waitFor();
    expect(page.url()).toBe(blogUrl());
    expect(errors).toEqual([]);
    await context.close();
  });
});
