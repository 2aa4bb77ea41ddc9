/**
 * The embedders' docs at /docs/ (tools/docs.ts, written by the build from widgets/tags.ts): a page
 * per tag with its live example against the sandbox, every view opened on demand, the tables of
 * attributes, events, parts and custom properties, a theming preview; usable with the keyboard
 * and clean under axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { events, tags } from '../../widgets/tags';
import { axeViolations } from './axe';
import { baseUrl, browserPerFile, focusedLabel, newPage, tabTo } from './support';

const browser = browserPerFile();

/** The text of a section's table(s), for checking what a page lists. */
const sectionText = (page: Page, id: string) => page.locator(`section[aria-labelledby="${id}"]`).innerText();

describe('docs', () => {
  it('/docs/ lists every tag and links to its page', async () => {
    const { page, context, errors } = await newPage(browser());
    await page.goto(`${baseUrl()}/docs/`);
    for (const [tag, spec] of Object.entries(tags)) {
      await page
        .getByRole('main')
        .getByRole('link', { name: `<${tag}>` })
        .waitFor();
      await page.getByText(spec.summary).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [tag, spec] of Object.entries(tags)) {
    it(`${tag}: a live example, every view, the tables, clean under axe`, async () => {
      const { page, context, errors } = await newPage(browser());
      await page.setViewportSize({ width: 1024, height: 800 });
      const url = `${baseUrl()}/docs/${tag}.html`;
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: `<${tag}>` }).waitFor();
      // The live example: the tag defined and drawn by its code, against the sandbox.
      const live = page.locator(`[data-preview] ${tag}`);
      await live.scrollIntoViewIfNeeded();
      await page.waitForFunction((name) => !!customElements.get(name), tag);
      await expect
        .poll(() => live.evaluate((el) => el.shadowRoot?.querySelector('[part~="card"]') !== null))
        .toBe(true);
      // What the table says.
      const attributes = await sectionText(page, 'attributes');
      for (const name of Object.keys(spec.attributes)) expect(attributes).toContain(name);
      for (const attribute of Object.values(spec.attributes))
        if (attribute.type === 'enum')
          for (const value of Object.keys(attribute.values)) expect(attributes).toContain(value);
      const eventsText = await sectionText(page, 'events');
      for (const name of Object.keys(spec.events)) {
        expect(eventsText).toContain(name);
        expect(eventsText).toContain(events[name as keyof typeof events].detail);
      }
      const parts = await sectionText(page, 'parts');
      for (const name of Object.keys(spec.parts)) expect(parts).toContain(`::part(${name})`);
      const theming = await sectionText(page, 'theming');
      for (const name of Object.keys(spec.cssProperties)) expect(theming).toContain(name);
      expect(await sectionText(page, 'paste')).toContain(`import 'sm-portal-widgets/${tag}';`);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
      // Every view: opened, it starts against the sandbox, and the docs page stays where it is.
      const examples = page.locator('[data-example]');
      for (let i = 0; i < (await examples.count()); i += 1) {
        const example = examples.nth(i);
        await example.locator('summary').click();
        await expect
          .poll(() => example.locator('[data-stage] > *').evaluate((el) => (el.shadowRoot?.childElementCount ?? 0) > 0))
          .toBe(true);
        expect(page.url().split('#')[0]).toBe(url);
        // The membership's view is a modal dialog and covers the page until it is closed: Escape closes it and its example.
        if ((await example.locator('[data-stage] > *').getAttribute('view')) === 'manage') {
          const dialog = example.getByRole('dialog');
          await dialog.waitFor();
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          expect(await example.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('is usable with the keyboard: skip link, a view opened with Enter, the theme changed by typing', async () => {
    const { page, context, errors } = await newPage(browser());
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${baseUrl()}/docs/sm-donate.html`);
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // A view, opened from the keyboard.
    await tabTo(page, /^view="missions"$/, 120);
    await page.keyboard.press('Enter');
    const missions = page.locator('[data-stage] sm-donate[view="missions"]');
    await missions.waitFor();
    // The theme: the dark scheme chosen with the arrow keys in its radio group, the radius typed.
    const live = page.locator('[data-preview] sm-donate');
    await tabTo(page, /^follow the system$/, 300);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => live.getAttribute('theme')).toBe('dark');
    await tabTo(page, /^--sm-radius$/, 60);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0px');
    await expect
      .poll(() =>
        live.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="card"]')!).borderTopLeftRadius),
      )
      .toBe('0px');
    await page.getByText('--sm-radius: 0px;').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
