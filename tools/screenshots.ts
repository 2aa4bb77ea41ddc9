/**
 * The pictures of the widgets in the README (docs/widgets/sm-*.png): each element as the portal
 * shows it, on a 390 px phone, in headless Chromium (Debian's /usr/bin/chromium or CHROME_PATH).
 *
 *   npm start                                   # the portal and sandbox on http://localhost:8080
 *   npx tsx tools/screenshots.ts [http://localhost:8080]
 *
 * Signed-in widgets use the sandbox's seeded listener@example.org.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { sessionKeyFor } from '../shared/boot/boot';
import { storedSignIn } from '../shared/session/session';
import { chromiumLaunchOptions } from './chromium';

const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const out = resolve(import.meta.dirname, '../docs/widgets');

const SHOTS: { file: string; tag: string; route: string; signedIn: boolean; ready: string; dark?: boolean }[] = [
  { file: 'sm-login', tag: 'sm-login', route: '#/login', signedIn: false, ready: '[part~="providers"] button' },
  { file: 'sm-topup', tag: 'sm-topup', route: '#/top-up', signedIn: true, ready: 'input[name="credit-option"]' },
  { file: 'sm-subscribe', tag: 'sm-subscribe', route: '#/subscription', signedIn: true, ready: '.sm-choice input' },
  { file: 'sm-donate', tag: 'sm-donate', route: '#/donation-page?_d=2', signedIn: false, ready: 'input[type="range"]' },
  {
    file: 'sm-history',
    tag: 'sm-history',
    route: '#/home',
    signedIn: true,
    ready: 'table, [data-testid="history-empty"]',
  },
  { file: 'sm-survey', tag: 'sm-survey', route: '#/survey', signedIn: true, ready: '.sm-option input' },
  {
    file: 'sm-survey-dark',
    tag: 'sm-survey',
    route: '#/survey',
    signedIn: true,
    ready: '.sm-option input',
    dark: true,
  },
  { file: 'sm-newsletter', tag: 'sm-newsletter', route: '#/home', signedIn: true, ready: 'input[type="email"]' },
];

const login = await fetch(`${base}/webclient/auth/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'listener@example.org', password: 'listen-2026' }),
});
if (!login.ok) throw new Error(`Could not sign in at ${base} (${login.status}): is \`npm start\` running?`);
const { data } = (await login.json()) as { data: { access_token: string; expires_in: number } };
const session = storedSignIn({
  accessToken: data.access_token,
  tokenType: 'Bearer',
  expiresAt: Date.now() + data.expires_in * 1000,
});

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: shot.dark ? 'dark' : 'light',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    if (shot.signedIn)
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        sessionKeyFor(''),
        session,
      ] as const);
    await page.goto(`${base}/${shot.route}`, { waitUntil: 'networkidle' });
    const element = page.locator(shot.tag).first();
    await element.locator(shot.ready).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    const file = join(out, `${shot.file}.png`);
    await element.screenshot({ path: file, animations: 'disabled' });
    console.log(`${file}: ${(statSync(file).size / 1024).toFixed(0)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
}
