/**
 * The portal and its tags in each language (English, Filipino, Simplified Chinese, Spanish), chosen
 * from the browser's languages as a first visit does: the main flows (newsletter, sign in, top up,
 * donate) in that language with axe finding nothing serious, and every page laid out from 320 px
 * wide with no clipped button and no character the machine has no font for (drawn as an empty box:
 * Chinese needs Debian's fonts-noto-cjk, which .ci/run installs). With SCREENSHOTS=1 the pages are
 * kept in docs/languages/<lang>/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/messages/en.json';
import es from '../../shared/i18n/messages/es.json';
import fil from '../../shared/i18n/messages/fil.json';
import zhHans from '../../shared/i18n/messages/zh-Hans.json';
import { axeViolations } from './axe';
import { baseUrl, browserPerFile, createVerifiedUser, newPage, payByCard, uniqueEmail } from './support';

type Key = keyof typeof en;
const CATALOGUES: Record<string, Record<Key, string>> = { en, fil, 'zh-Hans': zhHans, es };
/** Each language, as the browser names it on a first visit. */
const LOCALES = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'fil', locale: 'fil-PH' },
  { lang: 'zh-Hans', locale: 'zh-CN' },
  { lang: 'es', locale: 'es-MX' },
] as const;

/** A message as a pattern: its placeholders match anything (plurals and numbers included). */
function message(lang: string, key: Key): RegExp {
  const text = CATALOGUES[lang]![key];
  const escaped = text
    .replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '\u0000')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\u0000/g, '.+?');
  return new RegExp(`^\\s*${escaped}\\s*$`);
}

/** A button whose name starts with a message ('Donate Now · $10.00'). */
function startOf(lang: string, key: Key): RegExp {
  return new RegExp(`^${CATALOGUES[lang]![key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

const browser = browserPerFile();

async function noSeriousAxe(page: Page, where: string): Promise<void> {
  const found = await axeViolations(page);
  expect(found.join('\n'), where).toBe('');
}

/** Buttons, tabs, links and menus whose text does not fit (clipped), in the page and every shadow root. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll<HTMLElement>('button, a, [role="tab"], label, h1, h2')) {
        // Visible text that does not fit (the visually hidden labels, 1 px wide on purpose, are not clipped text).
        if (el.offsetParent !== null && el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
          found.push(`${el.localName}: ${el.textContent?.trim().slice(0, 40)}`);
      }
      // A menu whose box is narrower than its longest choice (the footer's language menu has a width of its own):
      // each choice's text in the menu's font, its padding and about 20 px for the arrow.
      for (const select of root.querySelectorAll('select')) {
        if (select.offsetParent === null) continue;
        const style = getComputedStyle(select);
        measure.font = style.font;
        const room =
          select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - 20;
        for (const option of select.options)
          if (measure.measureText(option.text).width > room) found.push(`select: ${option.text}`);
      }
      for (const host of root.querySelectorAll('*')) if (host.shadowRoot) visit(host.shadowRoot);
    };
    const measure = document.createElement('canvas').getContext('2d')!;
    visit(document);
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      // Named by what sticks out while what holds it does not.
      const out: string[] = [];
      const where = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll<HTMLElement>('*')) {
          const parent = el.parentElement ?? (el.getRootNode() as ShadowRoot).host;
          if (
            el.getBoundingClientRect().right > width + 1 &&
            parent &&
            parent.getBoundingClientRect().right <= width + 1
          )
            out.push(`${el.localName}.${el.className}: ${el.textContent?.trim().slice(0, 30)}`);
          if (el.shadowRoot) where(el.shadowRoot);
        }
      };
      where(document);
      found.push(`page: ${document.documentElement.scrollWidth}px wide (${out.slice(0, 3).join('; ')})`);
    }
    return found;
  });
}

/**
 * The characters of the page's text (the page and every shadow root) that no font on the machine has: each is drawn
 * in its element's font on a canvas, and one drawn exactly as a character no font has (U+10FFFD, a private-use code
 * point) is an empty box in the picture too. document.fonts.check cannot tell: it answers true for installed fonts
 * whatever the characters.
 */
async function undrawable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const byFont = new Map<string, Set<string>>();
    const visit = (root: Document | ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, template')) continue;
        const style = getComputedStyle(parent);
        // The element's face at a size that leaves a box and a glyph clearly apart.
        const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`;
        const chars = byFont.get(font) ?? new Set<string>();
        for (const char of node.textContent ?? '') if (/\S/u.test(char)) chars.add(char);
        byFont.set(font, chars);
      }
      for (const host of root.querySelectorAll('*')) if (host.shadowRoot) visit(host.shadowRoot);
    };
    visit(document);
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const draw = (char: string) => {
      context.clearRect(0, 0, 64, 64);
      context.fillText(char, 8, 48);
      return { width: context.measureText(char).width, pixels: context.getImageData(0, 0, 64, 64).data.join() };
    };
    const found = new Set<string>();
    for (const [font, chars] of byFont) {
      context.font = font;
      const box = draw('\u{10FFFD}');
      for (const char of chars) {
        const drawn = draw(char);
        if (drawn.width === box.width && drawn.pixels === box.pixels) found.add(char);
      }
    }
    return [...found];
  });
}

/**
 * Dates, amounts with their unit and counts with their noun that a line breaks inside, in the page and every shadow
 * root: each such run of text (found by its shape in any of our languages) must lie on one line.
 */
async function brokenUnits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const gap = '[\\s\\u00a0\\u2060]*';
    const units = [
      // A count or an amount with its unit: '100 Credits', '2 meses', '120 积分', '3 个月', '$5.00 /month'.
      new RegExp(`\\d[\\d.,]*${gap}(?:de${gap})?(?:credits?|créditos?|积分|meses|mes|months?|buwan|个${gap}月)`, 'giu'),
      // Money as Intl writes it: 'USD 20.00', '$5.00', '₱250.00'.
      new RegExp(`(?:USD|US\\$|\\$|₱|PHP)${gap}\\d[\\d.,]*`, 'gu'),
      // Dates: '2026年11月26日', '26 de noviembre de 2026', 'November 26, 2026', '26 November 2026'.
      new RegExp(`\\d{4}${gap}年${gap}\\d{1,2}${gap}月${gap}\\d{1,2}${gap}日`, 'gu'),
      new RegExp(`\\d{1,2}${gap}de${gap}\\p{L}+${gap}de${gap}\\d{4}`, 'gu'),
      new RegExp(`\\p{Lu}\\p{Ll}{2,9}${gap}\\d{1,2},${gap}\\d{4}`, 'gu'),
      new RegExp(`\\d{1,2}${gap}\\p{Lu}\\p{Ll}{2,9}${gap}\\d{4}`, 'gu'),
    ];
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (!node.parentElement?.checkVisibility?.()) continue;
        for (const pattern of units)
          for (const match of node.data.matchAll(pattern)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(
              [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top + r.height / 2)),
            );
            if (lines.size > 1) found.push(match[0].replace(/\u2060/g, ''));
          }
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    return found;
  });
}

describe.each(LOCALES)('in $lang', ({ lang, locale }) => {
  it('a first visit chooses the language from the browser; newsletter, sign in, top up and donate work in it, clean under axe', async () => {
    const person = await createVerifiedUser({ first: 'Lang' });
    const { page, context, errors } = await newPage(browser(), { locale });
    // Banners that change by themselves would be checked mid-fade: the person here prefers no motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${baseUrl()}/#/login`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);

    // The newsletter in the footer.
    const newsletter = page.locator('sm-newsletter');
    await newsletter.getByRole('textbox', { name: message(lang, 'newsletter.label') }).fill(uniqueEmail('lang'));
    await newsletter.getByRole('button', { name: message(lang, 'newsletter.subscribe') }).click();
    await newsletter.getByRole('status').waitFor();
    await noSeriousAxe(page, 'login page');

    // Sign in.
    await signInWithEmail(page, lang, person);
    await noSeriousAxe(page, 'dashboard');

    // Top up 50 credits by card at the sandbox's checkout (its own page stays English).
    await page.goto(`${baseUrl()}/#/top-up`);
    const topup = page.locator('sm-topup');
    await topup
      .getByRole('group', { name: message(lang, 'topup.options') })
      .getByRole('radio')
      .first()
      .check();
    await topup.getByRole('button', { name: message(lang, 'topup.next') }).click();
    await topup.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await noSeriousAxe(page, 'top up');
    await topup.getByRole('button', { name: message(lang, 'topup.pay') }).click();
    await payByCard(page);
    await page.waitForURL(/#\/success\?type=self/);
    await page.getByRole('heading', { name: message(lang, 'topup.successSelfTitle') }).waitFor();
    await noSeriousAxe(page, 'top up success');

    // Give once to the app's mission.
    await page.goto(`${baseUrl()}/#/donations?_d=2`);
    const donate = page.locator('sm-donate');
    await donate.getByRole('button', { name: startOf(lang, 'donate.donateNow') }).click();
    await payByCard(page);
    await page.getByRole('heading', { name: message(lang, 'donate.successTitle') }).waitFor();
    await noSeriousAxe(page, 'donation success');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every page holds from 320 px wide: no clipped button, no unit split, no sideways scrolling, no empty box', async () => {
    const { page, context, errors } = await newPage(browser(), { locale, width: 320 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const shots = process.env.SCREENSHOTS ? join(import.meta.dirname, '..', '..', 'docs', 'languages', lang) : null;
    if (shots) mkdirSync(shots, { recursive: true });
    const look = async (name: string, ready: Locator) => {
      await ready.waitFor();
      await page.waitForTimeout(300);
      expect(await clipped(page), `${lang} ${name}`).toEqual([]);
      expect(await brokenUnits(page), `${lang} ${name}: a date, an amount or a count split across lines`).toEqual([]);
      expect(await undrawable(page), `${lang} ${name}: characters without a font (empty boxes)`).toEqual([]);
      if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    };
    await page.goto(`${baseUrl()}/#/login`);
    await look(
      'login-and-newsletter',
      page.locator('sm-login').getByRole('button', { name: message(lang, 'login.social.email') }),
    );
    await page.goto(`${baseUrl()}/#/register`);
    await look('register', page.locator('sm-login').getByRole('button', { name: message(lang, 'login.social.email') }));
    await page.goto(`${baseUrl()}/#/donation-page`);
    await look('donate', page.locator('sm-donate').first().getByRole('heading', { level: 1 }));
    await page.goto(`${baseUrl()}/#/missions`);
    await look('missions', page.locator('sm-donate').getByTestId('mission-card').first());
    const person = await createVerifiedUser({ first: 'Wide' });
    await page.goto(`${baseUrl()}/#/login`);
    await signInWithEmail(page, lang, person);
    await look('dashboard', page.getByTestId('my-dashboard').getByRole('heading').first());
    await page.goto(`${baseUrl()}/#/top-up`);
    await look(
      'topup',
      page
        .locator('sm-topup')
        .getByRole('group', { name: message(lang, 'topup.options') })
        .getByRole('radio')
        .first(),
    );
    await page.goto(`${baseUrl()}/#/subscription`);
    await look('subscribe', page.locator('sm-subscribe').getByRole('radio').first());
    await page.locator('sm-subscribe').getByRole('radio').nth(1).check();
    await look('subscribe-months', page.locator('sm-subscribe').locator('input[name="months"]').first());
    await page.goto(`${baseUrl()}/#/history`);
    await look('history', page.locator('sm-history').getByRole('tab').first());
    await page.goto(`${baseUrl()}/#/survey`);
    await look('survey', page.locator('sm-survey').getByRole('checkbox').first());
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Signs in by email on the login page shown, with the texts of the page's language; ends on the dashboard. */
async function signInWithEmail(page: Page, lang: string, person: { email: string; password: string }): Promise<void> {
  const login = page.locator('sm-login');
  await login.getByRole('button', { name: message(lang, 'login.social.email') }).click();
  await login.getByRole('textbox', { name: message(lang, 'login.login.email') }).fill(person.email);
  await login.getByLabel(message(lang, 'login.login.password')).first().fill(person.password);
  await login.getByRole('button', { name: message(lang, 'login.login.submit') }).click();
  await page.waitForURL(/#\/home$/);
}
