/**
 * History, survey and newsletter end to end: paging through credit purchases, an mp3 download,
 * the survey from first question to thanks, the newsletter's states, and isolation between people.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  baseUrl,
  browserPerFile,
  createVerifiedUser,
  newPage,
  openSurvey,
  signedInPage,
  signInNewPerson,
  uniqueEmail,
} from './support';

const browser = browserPerFile();

describe('dashboard', () => {
  it('pages through credit purchases and downloads a purchased song as an mp3', async () => {
    const { page, context, errors } = await signedInPage(browser(), {
      email: 'listener@example.org',
      password: 'listen-2026',
    });
    const history = page.locator('sm-history');
    await history.getByRole('tab', { name: 'Credit Purchase' }).waitFor();
    await history.getByText(/Page 1 of \d+/).waitFor();
    const firstPageRows = await history.locator('tbody tr').count();
    expect(firstPageRows).toBe(20);
    await history.getByRole('button', { name: 'Next' }).click();
    await history.getByText(/Page 2 of \d+/).waitFor();
    expect(await history.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect
      .poll(() => history.locator('tbody tr').first().textContent())
      .toMatch(/\d{2}\/\d{2}\/\d{4}\s\d{2}:\d{2}\s(AM|PM)/);

    await history.getByRole('tab', { name: 'Content Purchase' }).click();
    await history.getByText('Album').first().waitFor();
    const downloadButton = history.getByRole('button', { name: /^Download / }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^.+ - .+\.mp3$/);
    const path = await download.path();
    const bytes = readFileSync(path);
    const isMp3 =
      bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
    expect(isMp3).toBe(true);
    expect(bytes.length).toBeGreaterThan(1000);

    await history.getByRole('tab', { name: 'Donations' }).click();
    await history.locator('tbody tr').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('nobody reads or downloads another person’s history through the API', async () => {
    const stranger = await createVerifiedUser({ first: 'Sam' });
    const own = await apiAs<{ data: { data: unknown[]; total: number } }>(
      stranger.email,
      stranger.password,
      '/webclient/account/transaction-history?per_page=20&page=1',
    );
    expect(own.body.data.total).toBe(0);
    const listener = await apiAs<{ data: { data: { songs: { id: number }[] }[] } }>(
      'listener@example.org',
      'listen-2026',
      '/webclient/account/content-purchase?per_page=20&page=1',
    );
    const songId = listener.body.data.data[0]!.songs[0]!.id;
    const refused = await apiAs<{ message: string }>(
      stranger.email,
      stranger.password,
      `/webclient/account/download/${songId}`,
    );
    expect(refused.status).toBe(403);
    const noToken = await fetch(`${baseUrl()}/webclient/account/download/${songId}`);
    expect(noToken.status).toBe(401);
  });

  it('takes the survey from the first question to the thank-you view', async () => {
    const { page, context, errors } = await signInNewPerson(browser(), { first: 'Sue' });
    const { survey, total } = await openSurvey(page);
    for (let n = 1; n <= total; n += 1) {
      await survey.getByText(`${n} of ${total}`).waitFor();
      await survey.getByText('Select a max of 3 choices only').waitFor();
      const boxes = survey.getByRole('checkbox');
      const count = await boxes.count();
      const next = survey.getByRole('button', { name: 'Next' });
      expect(await next.isDisabled()).toBe(true);
      if (count >= 4) {
        await boxes.nth(0).check();
        await boxes.nth(1).check();
        await boxes.nth(2).check();
        expect(await boxes.nth(3).isDisabled()).toBe(true); // a fourth choice is refused
        await boxes.nth(2).uncheck();
      }
      await boxes.nth(count - 1).check(); // the last option: free text
      const text = survey.getByPlaceholder('Type your answer');
      if (await text.count()) await text.fill('Choral anthems, please');
      else await boxes.nth(0).check();
      await next.click();
    }
    await survey.getByRole('heading', { name: 'Thank You for Participating in Our Survey' }).waitFor();
    await survey.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(/#\/home$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the newsletter is disabled while empty, shows Sending... and the toast', async () => {
    const { page, context } = await newPage(browser());
    await page.goto(`${baseUrl()}/#/login`);
    const form = page.locator('sm-newsletter');
    const button = form.getByRole('button', { name: 'Subscribe' });
    expect(await button.isDisabled()).toBe(true);
    const email = uniqueEmail('reader');
    await form.getByLabel('Email').fill(email);
    await page.route('**/subscribe-newsletter', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await button.click();
    await form.getByRole('button', { name: 'Sending...' }).waitFor();
    await form.getByText('Thank you for subscribing to our newsletter!').waitFor();
    await form.getByText('Thank you for subscribing to our newsletter!').waitFor({ state: 'detached', timeout: 5000 });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText('You are already subscribed. Thank you!').waitFor();
    await context.close();
  });
});
