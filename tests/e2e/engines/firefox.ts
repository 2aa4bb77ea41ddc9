/**
 * Firefox for the other engines' set: Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi
 * (tools/firefox.ts). A fresh browser context per page; the recorder is an init script (script.addPreloadScript), run
 * in every document before any of its own; errors come from the browser's log (uncaught errors, CSP and Trusted Types
 * violations) and the console.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_PATH, firefoxInstalled, firefoxLaunchOptions } from '../../../tools/firefox';
import { installRecorder, type Engine, type EnginePage, type Key } from './driver';

/** Puppeteer names the keys as the driver does; Shift+Tab is Tab with Shift held. */
function keyOf(key: Key): { key: Parameters<Page['keyboard']['press']>[0]; shift?: boolean } {
  return key === 'Shift+Tab' ? { key: 'Tab', shift: true } : { key };
}

class FirefoxPage implements EnginePage {
  private readonly logged: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly close_: () => Promise<void>,
  ) {
    page.on('pageerror', (error) => this.logged.push(String((error as Error).stack ?? error)));
    page.on('console', (message) => {
      if (message.type() === 'error') this.logged.push(message.text());
      if (message.type() === 'warn' && /did not match/.test(message.text())) this.logged.push(message.text());
    });
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return this.page.evaluate(fn as never, ...(args as unknown as never[])) as Promise<Awaited<R>>;
  }

  async mouseClick(x: number, y: number): Promise<void> {
    await this.page.mouse.click(x, y);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  async press(key: Key): Promise<void> {
    const { key: name, shift } = keyOf(key);
    if (shift) await this.page.keyboard.down('Shift');
    await this.page.keyboard.press(name);
    if (shift) await this.page.keyboard.up('Shift');
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }

  async errors(): Promise<string[]> {
    return [...this.logged];
  }

  close(): Promise<void> {
    return this.close_();
  }
}

export function firefoxEngine(): Engine {
  let browser: Browser | undefined;
  return {
    name: 'Firefox',
    async start() {
      if (!firefoxInstalled())
        throw new Error(`Firefox is not installed (${FIREFOX_PATH}): apt-get install -y firefox-esr`);
      browser = await puppeteer.launch(firefoxLaunchOptions());
    },
    async newPage() {
      if (!browser) throw new Error('Firefox starts in beforeAll');
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 390, height: 844 });
      page.setDefaultTimeout(20_000);
      // Errors come from the browser's log here; the recorder only counts what is drawn.
      await page.evaluateOnNewDocument(installRecorder, null, false);
      return new FirefoxPage(page, () => context.close());
    },
    async stop() {
      await browser?.close();
    },
  };
}
