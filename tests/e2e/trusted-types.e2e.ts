/**
 * The tags on an embedder's page that enforces Trusted Types (tests/e2e/pages/blog-trusted-types.html, on another
 * origin: `require-trusted-types-for 'script'; trusted-types sm-portal`), end to end in Chromium. Every HTML sink the
 * tags use takes what their one policy passed (shared/boot/trusted-types.ts): the loader stamping a tag's markup
 * file, React writing a widget's <style> (a tag the markup does not fit, rendered by React alone) and the survey's
 * draw template, the survey's first question drawn before its code. No violation is reported, no error is logged
 * (newPage turns `securitypolicyviolation` into a console error), and the page does enforce them. And what an attacker's
 * script on that page finds: no way to the policy that passes markup, and a markup file changed on its way is not
 * stamped.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRUSTED_TYPES_POLICY } from '../../shared/boot/trusted-types';
import {
  blogUrl,
  browserPerFile,
  createVerifiedUser,
  hold,
  joinNewsletter,
  newPage,
  newsletterThanks,
  signedInElsewhere,
} from './support';

const browser = browserPerFile();
const PAGE = 'blog-trusted-types.html';
/** The tags' code: each tag's entry and the shared chunks (the loader, the markup and the draw module come). */
const TAG_CODE = /\/(widgets\/sm-(?!survey\.draw)[\w-]+|assets\/[^/]+)\.js$/;

/** Whether the page refuses a string at an HTML sink (a violation it reports: only once the tags are checked). */
const enforced = (page: Page) =>
  page.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
      return false;
    } catch (error) {
      return error instanceof TypeError;
    }
  });

/** Where a tag's shadow root came from: stamped markup (the loader) or React alone, and whether React has it now. */
const shadowOf = (page: Page, tag: string) =>
  page.evaluate((t) => {
    const root = document.querySelector(t)?.shadowRoot;
    return {
      defined: !!customElements.get(t),
      style: !!root?.querySelector('style')?.textContent?.includes(':host'),
      content: (root?.querySelector('.sm-root')?.textContent ?? '').trim().length > 0,
    };
  }, tag);

async function openSignedIn() {
  const person = await createVerifiedUser({ first: 'Trusted' });
  return signedInElsewhere(browser(), person.email, person.password);
}

describe('an embedder page that enforces Trusted Types, allowing sm-portal', () => {
  it('names the policy the README tells embedders to allow', () => {
    expect(TRUSTED_TYPES_POLICY).toBe('sm-portal');
  });

  it("script tag alone: each tag's markup is fetched and stamped before its code, React hydrates or renders it, a subscription goes through, and nothing is violated", async () => {
    const { page, context, errors } = await newPage(browser());
    const markup: string[] = [];
    page.on('request', (request) => {
      if (/\/widgets\/markup\/sm-[\w.-]+\.html$/.test(request.url())) markup.push(request.url().split('/').pop()!);
    });
    const code = await hold(page, TAG_CODE);
    await page.goto(new URL(PAGE, blogUrl()).href);
    // Before any tag's code: the markup files are fetched and stamped.
    const newsletter = page.locator('sm-newsletter');
    const input = newsletter.getByRole('textbox', { name: 'Email' });
    await input.waitFor();
    expect(await page.evaluate(() => !!customElements.get('sm-newsletter'))).toBe(false);
    expect(markup).toEqual(expect.arrayContaining(['sm-donate.html', 'sm-newsletter.html', 'sm-survey.html']));
    // The history tag asks for another tab than its markup's: no markup fits, React renders it all.
    expect(await page.evaluate(() => !!document.querySelector('sm-history')!.shadowRoot)).toBe(false);
    await input.fill('trusted.reader@example.org');
    code.release();
    await page.waitForFunction(
      () =>
        !!customElements.get('sm-donate') &&
        !!customElements.get('sm-newsletter') &&
        !!customElements.get('sm-history'),
    );
    await page.getByRole('heading', { level: 1, name: 'Music Scholarships for Young Worship Leaders' }).waitFor();
    await expect.poll(() => shadowOf(page, 'sm-history')).toEqual({ defined: true, style: true, content: true });
    expect(await shadowOf(page, 'sm-donate')).toEqual({ defined: true, style: true, content: true });
    // The newsletter took what was typed before its code came, and the server thanks the person.
    expect(await input.inputValue()).toBe('trusted.reader@example.org');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletterThanks(newsletter);
    expect(errors).toEqual([]);
    // And the page does refuse a string at an HTML sink.
    expect(await enforced(page)).toBe(true);
    await context.close();
  });

  it("signed in: the survey's first question is drawn before its code and hydrated, the history's tab rendered by React, and nothing is violated", async () => {
    const { page, context, errors } = await openSignedIn();
    const code = await hold(page, TAG_CODE);
    await page.goto(new URL(PAGE, blogUrl()).href);
    const survey = page.locator('sm-survey');
    const answers = survey.locator('label.sm-option');
    await answers.first().waitFor();
    expect(await page.evaluate(() => !!customElements.get('sm-survey'))).toBe(false);
    await answers.first().click();
    code.release();
    await page.waitForFunction(() => !!customElements.get('sm-survey') && !!customElements.get('sm-history'));
    await survey.locator('label.sm-option[data-checked="true"]').first().waitFor();
    await expect.poll(() => survey.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await survey.getByRole('button', { name: 'Next' }).click();
    await survey.getByText(/^2 of \d+$/).waitFor();
    await expect.poll(() => shadowOf(page, 'sm-history')).toEqual({ defined: true, style: true, content: true });
    await page.locator('sm-history').getByRole('tab', { name: 'Content Purchase', selected: true }).waitFor();
    expect(errors).toEqual([]);
    expect(await enforced(page)).toBe(true);
    await context.close();
  });

  it("an attacker's script on the page reaches no way to write markup through sm-portal, and a changed markup file is not stamped", async () => {
    const { page, context, errors } = await newPage(browser());
    const code = await hold(page, TAG_CODE);
    // The newsletter's markup file, changed on its way (a cache or a proxy in between): a handler added.
    let changed = false;
    await page.route(/\/widgets\/markup\/sm-newsletter\.html$/, async (route) => {
      const response = await route.fetch();
      changed = true;
      await route.fulfill({ response, body: `${await response.text()}<img src="x" onerror ="window.pwned = 1">` });
    });
    await page.goto(new URL(PAGE, blogUrl()).href);
    // The donate tag's file is the build's: stamped before its code.
    await page.locator('sm-donate').getByRole('button').first().waitFor();
    await expect.poll(() => changed).toBe(true);
    // What a script of the page can reach: the policy's name is taken, and what the tags left on the page passes no
    // markup, not even the build's own.
    const reached = await page.evaluate(`(() => {
      const passed = [];
      // As the old policy was fooled: any address of a markup file on the tags' origin.
      const from = new URL('markup/sm-evil.html', document.querySelector('script[src*="loader"]').src).href;
      const markup = ['<img src=x onerror="window.pwned = 2">', '<input autofocus onfocus =window.pwned=3>', '<p>Hello</p>'];
      try { trustedTypes.createPolicy('sm-portal', { createHTML: (h) => h }); passed.push('createPolicy'); } catch {}
      for (const key of Object.getOwnPropertySymbols(globalThis)) {
        const value = globalThis[key];
        for (const html of markup) {
          for (const write of [value, value && value.createHTML && value.createHTML.bind(value)]) {
            if (typeof write !== 'function') continue;
            try { document.createElement('div').innerHTML = write(html, from); passed.push(String(key)); } catch {}
          }
        }
      }
      return passed;
    })()`);
    expect(reached).toEqual([]);
    // The changed file is not stamped: the newsletter waits for its code, which renders it.
    expect(await page.evaluate(() => !!document.querySelector('sm-newsletter')!.shadowRoot)).toBe(false);
    code.release();
    const newsletter = page.locator('sm-newsletter');
    await joinNewsletter(newsletter, 'careful.reader@example.org');
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    // The one violation reported is the attacker's try at creating the policy again.
    expect(errors.filter((e) => !/named 'sm-portal'|trusted-types trusted-types-policy/.test(e))).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
    await context.close();
  });
});
