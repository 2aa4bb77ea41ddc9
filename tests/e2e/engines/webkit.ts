/**
 * WebKit for the other engines' set: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (tools/webkit.ts), the
 * engine of Safari and of the iOS app's webviews. A fresh WebDriver session (a fresh, ephemeral profile) per page.
 *
 * WebDriver classic has no init script, and the portal forbids framing (frame-ancestors 'none'), so a document is
 * caught at its start this way: every address is opened from a small page of the same origin (the origin's 404 page,
 * "the start page") in a window it opens itself (window.open, from a real click on it: WebKit opens no window for a
 * script without the person's gesture). A window opened so starts on its initial about:blank, and the first document
 * it navigates to on the same origin takes over that window (HTML: the Window is reused; WebKit keeps its listeners
 * and properties). The start page listens on that window for the new document's readystatechange to "loading", which
 * WebKit fires as the document is created, before any of its markup is parsed or any of its scripts runs, and
 * installs the recorder there (driver.ts installRecorder; it checks that nothing was parsed or painted yet:
 * `fromStart`). The person then uses that window, placed where it gets the keyboard focus (FOCUSED).
 *
 * Later documents of that window (where the page itself goes: the checkout and back) cannot be caught at their start;
 * the recorder is installed in them the first time the test looks (every evaluate does it), and what they log is
 * collected from then on.
 */
import { startWebKitDriver, WebDriverSession, type WebKitDriver } from '../../../tools/webkit';
import { installRecorder, type Engine, type EnginePage, type Key } from './driver';

/** W3C WebDriver key values. */
const KEYS: Record<Key, { key: string; shift?: boolean }> = {
  Tab: { key: '\uE004' },
  'Shift+Tab': { key: '\uE004', shift: true },
  Enter: { key: '\uE007' },
  Space: { key: '\uE00D' },
  Escape: { key: '\uE00C' },
  Backspace: { key: '\uE003' },
  End: { key: '\uE010' },
  ArrowLeft: { key: '\uE012' },
  ArrowUp: { key: '\uE013' },
  ArrowRight: { key: '\uE014' },
  ArrowDown: { key: '\uE015' },
};
const SHIFT = '\uE008';

/**
 * Where the person's window stands: over the middle of Xvfb's 1280 x 1024 screen, where the X pointer is. With no
 * window manager, X gives the keyboard focus to the window under the pointer; a page in a window without it is not
 * focused (document.hasFocus() is false, :focus and :focus-visible never match) though keys still reach it.
 */
const FOCUSED = { x: 450, y: 0 };

/** The path of the start page on every origin: nothing is there, so it is the origin's own small 404 page. */
const START_PATH = '/sm-e2e-start';

/**
 * Run on the start page: a button over the whole page that, clicked, opens `url` in a new window and installs the
 * recorder in its first document as that document starts.
 */
const OPEN_FROM_START = `
const install = ${installRecorder.toString()};
const url = arguments[0];
const button = document.createElement('button');
button.textContent = 'Open';
button.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;z-index:2147483647';
button.addEventListener('click', () => {
  const opened = window.open(url, '_blank', 'left=${FOCUSED.x},top=${FOCUSED.y},width=390,height=844');
  let seen = null;
  opened.addEventListener('readystatechange', () => {
    const doc = opened.document;
    if (doc !== seen && doc.readyState === 'loading' && opened.location.href !== 'about:blank') {
      seen = doc;
      install(opened, true);
    }
  }, true);
  button.remove();
}, { once: true });
document.documentElement.append(button);
`;

/** Runs a function in the page: the recorder is installed first if this document has none yet, its errors taken. */
const inPage = (fn: string) => `
const install = ${installRecorder.toString()};
try { install(window, true); } catch (error) { /* a document on its way out */ }
return Promise.resolve((${fn}).apply(null, arguments)).then((value) => {
  const state = window.__smE2E;
  const errors = state ? state.errors.splice(0) : [];
  return JSON.parse(JSON.stringify({ value: value === undefined ? null : value, errors }));
});`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class WebKitPage implements EnginePage {
  private readonly logged: string[] = [];
  /** The start page's window and origin, and the window the person uses. */
  private start = '';
  private startOrigin: string | null = null;
  private window: string | null = null;

  private constructor(private readonly session: WebDriverSession) {}

  static async open(driver: WebKitDriver): Promise<WebKitPage> {
    const page = new WebKitPage(await WebDriverSession.create(driver.url));
    page.start = await page.session.command<string>('GET', '/window');
    await page.session.setWindowSize(390, 844);
    return page;
  }

  private switchTo(handle: string) {
    return this.session.command('POST', '/window', { handle });
  }

  private handles() {
    return this.session.command<string[]>('GET', '/window/handles');
  }

  /** Closes the person's window (keeping what it logged), back on the start page. */
  private async closeWindow(): Promise<void> {
    if (!this.window) return;
    await this.errors().catch(() => undefined);
    try {
      await this.switchTo(this.window);
      await this.session.command('DELETE', '/window');
    } catch {
      // closed already
    }
    this.window = null;
    await this.switchTo(this.start);
  }

  async goto(url: string): Promise<void> {
    await this.closeWindow();
    const origin = new URL(url).origin;
    if (this.startOrigin !== origin) {
      await this.session.navigate(`${origin}${START_PATH}`);
      this.startOrigin = origin;
    }
    const before = await this.handles();
    await this.session.execute(OPEN_FROM_START, [url]);
    await this.mouseClick(195, 422);
    const started = Date.now();
    for (;;) {
      const opened = (await this.handles()).find((handle) => !before.includes(handle));
      if (opened) {
        this.window = opened;
        break;
      }
      if (Date.now() - started > 10_000) throw new Error(`WebKit opened no window for ${url}`);
      await sleep(20);
    }
    await this.switchTo(this.window);
    await this.session.command('POST', '/window/rect', { ...FOCUSED, width: 390, height: 844 });
    for (;;) {
      const loaded = await this.evaluate(
        () => document.readyState === 'complete' && location.href !== 'about:blank',
      ).catch(() => false);
      if (loaded) break;
      if (Date.now() - started > 20_000) throw new Error(`${url} did not load in WebKit`);
      await sleep(50);
    }
    // The window takes the keyboard focus as it comes under the pointer (FOCUSED): a moment after it is placed.
    const placed = Date.now();
    while (!(await this.evaluate(() => document.hasFocus()).catch(() => false)) && Date.now() - placed < 2000)
      await sleep(50);
  }

  url(): Promise<string> {
    return this.session.currentUrl();
  }

  async evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    const { value, errors } = await this.session.execute<{ value: Awaited<R>; errors: string[] }>(
      inPage(fn.toString()),
      args,
    );
    this.logged.push(...errors);
    return value;
  }

  async mouseClick(x: number, y: number): Promise<void> {
    await this.session.perform([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
  }

  private keys(actions: { type: 'keyDown' | 'keyUp'; value: string }[]) {
    return this.session.perform([{ type: 'key', id: 'keyboard', actions }]);
  }

  async type(text: string): Promise<void> {
    await this.keys(
      [...text].flatMap((value) => [
        { type: 'keyDown' as const, value },
        { type: 'keyUp' as const, value },
      ]),
    );
  }

  async press(key: Key): Promise<void> {
    const { key: value, shift } = KEYS[key];
    await this.keys([
      ...(shift ? [{ type: 'keyDown' as const, value: SHIFT }] : []),
      { type: 'keyDown', value },
      { type: 'keyUp', value },
      ...(shift ? [{ type: 'keyUp' as const, value: SHIFT }] : []),
    ]);
  }

  screenshot(): Promise<Buffer> {
    return this.session.screenshot();
  }

  async errors(): Promise<string[]> {
    await this.evaluate(() => null).catch(() => undefined);
    return [...this.logged];
  }

  async close(): Promise<void> {
    await this.session.close();
  }
}

export function webkitEngine(): Engine {
  let driver: WebKitDriver | undefined;
  return {
    name: 'WebKit',
    async start() {
      // Fails saying what to install (webkit2gtk-driver, xvfb) when WebKit is missing.
      driver = await startWebKitDriver();
    },
    async newPage() {
      if (!driver) throw new Error('WebKit starts in beforeAll');
      return WebKitPage.open(driver);
    },
    async stop() {
      await driver?.stop();
    },
  };
}
