/**
 * The three engines the element tests run in, as web-test-runner launchers, and nothing downloaded:
 * - Chromium: Debian's /usr/bin/chromium (tools/chromium.ts) through @web/test-runner-chrome, as before;
 * - Firefox: Debian's Firefox ESR (tools/firefox.ts), the same launcher given puppeteer-core, which speaks WebDriver
 *   BiDi to Firefox (no geckodriver); the reporter calls it "Firefox";
 * - WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver under xvfb-run (tools/webkit.ts), a launcher of its own
 *   below: one window, one test file at a time, each file a navigation.
 * A machine without one of them gets a message saying what to install (missingEngines), never a run in fewer engines.
 * The `viewport` command (viewportPlugin) resizes the page's viewport in all three.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserLauncher, TestRunnerPlugin } from '@web/test-runner';
import { chromeLauncher, type ChromeLauncher } from '@web/test-runner-chrome';
import * as puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumLaunchOptions } from './chromium';
import { FIREFOX_PATH, firefoxInstalled, firefoxLaunchOptions } from './firefox';
import {
  startWebKitDriver,
  WEBKIT_BROWSER,
  WEBKIT_DRIVER,
  WebDriverSession,
  webkitInstalled,
  type WebKitDriver,
} from './webkit';

/** What is missing to run the three engines, each with the Debian package that brings it; empty when nothing is. */
export function missingEngines(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push(`Chromium (${CHROMIUM_PATH}): apt-get install -y chromium`);
  if (!firefoxInstalled()) missing.push(`Firefox ESR (${FIREFOX_PATH}): apt-get install -y firefox-esr`);
  if (!webkitInstalled())
    missing.push(
      `WebKit (${WEBKIT_DRIVER}, ${WEBKIT_BROWSER}, /usr/bin/xvfb-run): apt-get install -y webkit2gtk-driver xvfb xauth`,
    );
  return missing;
}

export const chromiumLauncher = (): ChromeLauncher => chromeLauncher({ launchOptions: chromiumLaunchOptions() });

/** Firefox ESR through puppeteer-core (WebDriver BiDi); the launcher names itself after launchOptions.browser. */
export const firefoxLauncher = (): ChromeLauncher =>
  chromeLauncher({ puppeteer, launchOptions: firefoxLaunchOptions() });

/** The size of a page's viewport, in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

/**
 * GTK styles for MiniBrowser's own toolbar (never the page): as small as they go, so that the window can be narrower
 * than the toolbar's natural 447 px and the page's viewport can be a phone's 320 px.
 */
const NARROW_TOOLBAR =
  'button, entry, image, label { min-width: 0; min-height: 0; margin: 0; padding: 0; border-width: 0; font-size: 1px; -gtk-icon-transform: scale(0.25); }\n';

/**
 * WebKit: one MiniBrowser window, started on the first test file, that navigates to each test file in turn (and to
 * about:blank after it, which stops the file's timers). Its viewport is 800 x 600 at the start of every file, as
 * Chromium's and Firefox's pages are.
 */
export class WebKitLauncher implements BrowserLauncher {
  readonly name = 'WebKit';
  readonly type = 'webkitgtk-webdriver';
  readonly concurrency = 1;
  private started?: Promise<WebDriverSession>;
  private driver?: WebKitDriver;
  private configHome?: string;
  /** How much wider and taller the window is than its viewport (MiniBrowser's toolbar). */
  private frame?: Viewport;
  private readonly active = new Set<string>();

  private browser(): Promise<WebDriverSession> {
    this.started ??= (async () => {
      // MiniBrowser reads its GTK styles from $XDG_CONFIG_HOME/gtk-3.0/gtk.css: a directory of its own, given to the
      // browser process only (WebKitWebDriver starts the binary named here with these arguments).
      this.configHome = await mkdtemp(join(tmpdir(), 'wtr-webkit-'));
      await mkdir(join(this.configHome, 'gtk-3.0'));
      await writeFile(join(this.configHome, 'gtk-3.0', 'gtk.css'), NARROW_TOOLBAR);
      this.driver = await startWebKitDriver();
      return WebDriverSession.create(this.driver.url, {
        'webkitgtk:browserOptions': {
          binary: '/usr/bin/env',
          args: [`XDG_CONFIG_HOME=${this.configHome}`, WEBKIT_BROWSER, '--automation'],
        },
      });
    })();
    return this.started;
  }

  async startSession(sessionId: string, url: string): Promise<void> {
    const browser = await this.browser();
    this.active.add(sessionId);
    await this.resize(browser, { width: 800, height: 600 });
    await browser.navigate(url);
  }

  isActive(sessionId: string): boolean {
    return this.active.has(sessionId);
  }

  async getBrowserUrl(): Promise<string | undefined> {
    return this.started ? (await this.started).currentUrl() : undefined;
  }

  async stopSession(sessionId: string): Promise<{ errors?: { message: string }[] }> {
    this.active.delete(sessionId);
    await (await this.browser()).navigate('about:blank');
    return {};
  }

  startDebugSession(): Promise<void> {
    return Promise.reject(new Error('The WebKit launcher has no debug mode: run MiniBrowser yourself.'));
  }

  /** Makes the page's viewport the given size (the window that much bigger than its viewport). */
  async setViewport(viewport: Viewport): Promise<void> {
    await this.resize(await this.browser(), viewport);
  }

  private async resize(browser: WebDriverSession, { width, height }: Viewport): Promise<void> {
    const inner = () => browser.execute<[number, number]>('return [innerWidth, innerHeight]');
    if (!this.frame) {
      await browser.setWindowSize(width, height);
      const [innerWidth, innerHeight] = await inner();
      this.frame = { width: width - innerWidth, height: height - innerHeight };
    }
    // The toolbar can settle to another height after the frame was first measured (seen on a busy machine, the viewport
    // then short of the size asked for): the frame is corrected by what is missing and the window sized again.
    let [innerWidth, innerHeight] = [0, 0];
    for (let attempt = 0; attempt < 5; attempt++) {
      await browser.setWindowSize(width + this.frame.width, height + this.frame.height);
      [innerWidth, innerHeight] = await inner();
      if (innerWidth === width && innerHeight === height) return;
      this.frame = { width: this.frame.width + width - innerWidth, height: this.frame.height + height - innerHeight };
      await new Promise((next) => setTimeout(next, 100));
    }
    throw new Error(`WebKit's viewport is ${innerWidth} x ${innerHeight}, not the ${width} x ${height} asked for.`);
  }

  async stop(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    if (started) await (await started.catch(() => undefined))?.close();
    await this.driver?.stop();
    if (this.configHome) await rm(this.configHome, { recursive: true, force: true });
  }
}

/**
 * The `viewport` command ({ width, height } in CSS pixels): web-test-runner's own set-viewport knows only
 * puppeteer's and Playwright's pages, so this one also resizes WebKit's window.
 */
export function viewportPlugin(): TestRunnerPlugin<Viewport> {
  return {
    name: 'viewport-command',
    async executeCommand({ command, payload, session }) {
      if (command !== 'viewport') return undefined;
      if (!payload || typeof payload.width !== 'number' || typeof payload.height !== 'number')
        throw new Error('The viewport command takes { width, height }.');
      const viewport = { width: payload.width, height: payload.height };
      const { browser } = session;
      if (browser instanceof WebKitLauncher) await browser.setViewport(viewport);
      else if (browser.type === 'puppeteer')
        await (browser as ChromeLauncher).getPage(session.id).setViewport(viewport);
      else throw new Error(`The viewport command cannot resize ${browser.name}.`);
      return true;
    },
  };
}
