/**
 * The other engines' end-to-end set (Firefox, WebKit): one small driver interface, two implementations
 * (engines/firefox.ts over puppeteer-core, engines/webkit.ts over WebKitWebDriver), and what the scenarios use on top of
 * it. A person finds things by role, label or text (through open shadow roots: `locate`, run in the page) and acts with
 * real input: a mouse click at the element's centre, typing and keys. What every page logged as an error, and what the
 * page drew from its first frame, is recorded from the document's start (`installRecorder`).
 */

/** A key a person presses. */
export type Key =
  | 'Tab'
  | 'Shift+Tab'
  | 'Enter'
  | 'Space'
  | 'Escape'
  | 'Backspace'
  | 'End'
  | 'ArrowDown'
  | 'ArrowUp'
  | 'ArrowLeft'
  | 'ArrowRight';

/** One browser of an engine, started once for the file: each newPage is a fresh profile (no storage, no cookies). */
export interface Engine {
  readonly name: 'Firefox' | 'WebKit';
  /** Starts the browser (or its driver); fails saying what to install when the engine is missing. */
  start(): Promise<void>;
  /** A phone-sized page (390 x 844) in a fresh profile, recording from the start of every document it opens. */
  newPage(): Promise<EnginePage>;
  stop(): Promise<void>;
}

export interface EnginePage {
  /** Opens an address as a new document and waits for it to load. */
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs a self-contained function in the page with JSON-able arguments; its (awaited) JSON-able result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A click of the mouse's main button at a point of the viewport (CSS pixels). */
  mouseClick(x: number, y: number): Promise<void>;
  /** Types text on the keyboard, into what has the focus. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  screenshot(): Promise<Buffer>;
  /** What the page's documents logged as errors so far: uncaught errors, console errors, CSP and Trusted Types violations. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/** What a scenario looks for: like Testing Library's queries, searched through open shadow roots. */
export interface Target {
  /** An ARIA role (explicit, or implicit: button, link, heading, textbox, radio, checkbox, combobox, slider...). */
  role?: string;
  /** The heading's level, with role 'heading'. */
  level?: number;
  /** The accessible name (exact, whitespace collapsed, or a pattern). */
  name?: string | RegExp;
  /** A form field by its label (its accessible name). */
  label?: string | RegExp;
  /** The innermost element whose text matches. */
  text?: string | RegExp;
  /** An element with this data-testid. */
  testId?: string;
  /** Only inside elements matching this CSS selector (e.g. 'sm-login'), their shadow roots included. */
  within?: string;
}

type WireText = { exact: string } | { re: string; flags: string };
interface WireQuery {
  role?: string;
  level?: number;
  name?: WireText;
  label?: WireText;
  text?: WireText;
  testId?: string;
  within?: string;
}

const wireText = (text: string | RegExp | undefined): WireText | undefined =>
  text === undefined ? undefined : typeof text === 'string' ? { exact: text } : { re: text.source, flags: text.flags };

function toWire(target: Target): WireQuery {
  return {
    ...target,
    name: wireText(target.name),
    label: wireText(target.label),
    text: wireText(target.text),
  };
}

/** A target as a sentence, for failures. */
export function describeTarget(target: Target): string {
  const parts = Object.entries(target).map(([key, value]) => `${key} ${String(value)}`);
  return `{ ${parts.join(', ')} }`;
}

/** What `locate` found: where to click it and what it shows. */
export interface Located {
  x: number;
  y: number;
  /** Whether a click at (x, y) lands on it (or on its label), not on something drawn over it. */
  hits: boolean;
  /** What a click at (x, y) would land on. */
  hitBy: string;
  text: string;
  value: string | null;
  checked: boolean | null;
  disabled: boolean;
}

/**
 * Runs in the page: the first visible element the query describes, searched through open shadow roots, and (with
 * `scroll`) scrolled into view for a click. Self-contained: it is sent to the page as its source.
 */
export function locate(query: WireQuery, scroll: boolean): Located | null {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const test = (value: string, text: WireText) =>
    're' in text ? new RegExp(text.re, text.flags).test(value) : value === text.exact;
  const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const collect = (root: ParentNode, out: Element[]) => {
    for (const el of root.querySelectorAll('*')) {
      out.push(el);
      if (el.shadowRoot) collect(el.shadowRoot, out);
    }
    return out;
  };
  const inside = (scope: Element | Document) => {
    const out: Element[] = [];
    if (scope instanceof Element && scope.shadowRoot) collect(scope.shadowRoot, out);
    return collect(scope, out);
  };
  /** The text a person reads in an element: hidden parts left out, a space between blocks; form fields' options not. */
  const textOf = (el: Element): string => {
    let s = '';
    const walk = (node: Node) => {
      for (const child of (node as Element).shadowRoot ? [(node as Element).shadowRoot!] : [node])
        for (const n of child.childNodes) {
          if (n.nodeType === Node.TEXT_NODE) s += (n as Text).data;
          else if (n instanceof Element) {
            if (
              n.getAttribute('aria-hidden') === 'true' ||
              /^(style|script|template|select|textarea)$/.test(n.localName)
            )
              continue;
            const display = getComputedStyle(n).display;
            if (display === 'none') continue;
            const block = !display.startsWith('inline');
            if (block) s += ' ';
            walk(n);
            if (block) s += ' ';
          }
        }
    };
    walk(el);
    return norm(s);
  };
  const roleOf = (el: Element): string | null => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(' ')[0]!;
    const tag = el.localName;
    if (tag === 'button') return 'button';
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : null;
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select')
      return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
    if (tag === 'option') return 'option';
    if (tag === 'dialog') return 'dialog';
    if (tag === 'output') return 'status';
    if (tag === 'img') return 'img';
    if (tag === 'input') {
      const type = (el as HTMLInputElement).type;
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (/^(button|submit|reset|image)$/.test(type)) return 'button';
      if (/^(text|email|tel|url|search)$/.test(type)) return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    return null;
  };
  const isField = (el: Element) =>
    /^(input|select|textarea)$/.test(el.localName) ||
    /^(textbox|combobox|slider|spinbutton|checkbox|radio|switch|searchbox)$/.test(el.getAttribute('role') ?? '');
  const nameOf = (el: Element): string => {
    const aria = el.getAttribute('aria-label');
    if (aria?.trim()) return norm(aria);
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const root = el.getRootNode() as Document | ShadowRoot;
      const named = norm(
        by
          .split(/\s+/)
          .map((id) => {
            const labelled = root.getElementById(id);
            return labelled ? textOf(labelled) : '';
          })
          .join(' '),
      );
      if (named) return named;
    }
    if (/^(input|select|textarea)$/.test(el.localName)) {
      const input = el as HTMLInputElement;
      if (el.localName === 'input' && /^(button|submit|reset)$/.test(input.type)) return norm(input.value);
      const labels = input.labels ? [...input.labels] : [];
      if (labels.length) return norm(labels.map(textOf).join(' '));
      return norm(el.getAttribute('title') ?? el.getAttribute('placeholder'));
    }
    if (el.localName === 'img') return norm((el as HTMLImageElement).alt);
    return textOf(el) || norm(el.getAttribute('title'));
  };

  const scopes = query.within
    ? inside(document).filter((el) => el.matches(query.within!))
    : [document as Document | Element];
  let found: Element[] = [];
  for (const scope of scopes)
    for (const el of inside(scope)) {
      if (query.testId !== undefined && el.getAttribute('data-testid') !== query.testId) continue;
      if (query.role !== undefined && roleOf(el) !== query.role) continue;
      if (query.level !== undefined && Number(el.getAttribute('aria-level') ?? el.localName.slice(1)) !== query.level)
        continue;
      if (query.name !== undefined && !test(nameOf(el), query.name)) continue;
      if (query.label !== undefined && !(isField(el) && test(nameOf(el), query.label))) continue;
      if (query.text !== undefined && !test(norm(el.textContent), query.text)) continue;
      if (!visible(el)) continue;
      found.push(el);
    }
  // For text, the innermost element that says it (not the sections around it).
  if (query.text !== undefined)
    found = found.filter((el) => !found.some((other) => other !== el && el.contains(other)));
  const el = found[0];
  if (!el) return null;

  if (scroll) {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
      el.scrollIntoView({ block: 'center', inline: 'center' });
  }
  const hitAt = (x: number, y: number) => {
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const within = (outer: Element, node: Node | null) => {
    for (let n = node; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) if (n === outer) return true;
    return false;
  };
  const labels = 'labels' in el && (el as HTMLInputElement).labels ? [...(el as HTMLInputElement).labels!] : [];
  const lands = (x: number, y: number) => {
    const hit = hitAt(x, y);
    return within(el, hit) || labels.some((label) => within(label, hit));
  };
  const centre = (of: Element) => {
    const r = of.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  let point = centre(el);
  // A field drawn by its label (a hidden radio or checkbox): a person presses the label.
  if (!lands(point.x, point.y))
    for (const label of labels.filter(visible)) {
      const at = centre(label);
      if (lands(at.x, at.y)) {
        point = at;
        break;
      }
    }
  const hit = hitAt(point.x, point.y);
  const field = el as HTMLInputElement;
  return {
    x: point.x,
    y: point.y,
    hits: lands(point.x, point.y),
    hitBy: hit
      ? `${hit.localName}${hit.className ? `.${String(hit.className).split(' ')[0]}` : ''} "${norm(hit.textContent).slice(0, 40)}"`
      : 'nothing',
    text: textOf(el),
    value: 'value' in el && typeof field.value === 'string' ? field.value : null,
    checked: el.localName === 'input' ? field.checked : null,
    disabled: field.disabled === true || el.getAttribute('aria-disabled') === 'true',
  };
}

/** What the focused element is (through open shadow roots), and whether its focus is drawn. */
export interface Focused {
  /** Accessible-ish name: aria-label, its label, or its text. */
  label: string;
  tag: string;
  /** The dialog it is in (its heading), if any. */
  dialog: string | null;
  /** :focus-visible matches and an outline or a box-shadow is drawn. */
  visible: boolean;
  /** Nothing focused (the page itself). */
  body: boolean;
}

/** Runs in the page: the focused element, looking through open shadow roots. */
export function focusedElement(): Focused {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (!active || active === document.body || active === document.documentElement)
    return { label: '', tag: 'body', dialog: null, visible: false, body: true };
  const root = active.getRootNode() as Document | ShadowRoot;
  const id = active.id;
  const label =
    active.getAttribute('aria-label') ||
    (id ? root.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent : '') ||
    active.closest('label')?.textContent ||
    active.textContent ||
    (active as HTMLInputElement).placeholder ||
    '';
  const style = getComputedStyle(active);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const dialog = active.closest('[role="dialog"], [role="alertdialog"]');
  return {
    label: label.replace(/\s+/g, ' ').trim(),
    tag: active.localName,
    dialog: dialog ? (dialog.querySelector('h1, h2, h3')?.textContent ?? '').trim() : null,
    visible: active.matches(':focus-visible') && (outline || style.boxShadow !== 'none'),
    body: false,
  };
}

/** What `installRecorder` counted on a document. */
export interface Drawn {
  /** Installed as the document started: before any of its markup was parsed or anything was painted. */
  fromStart: boolean;
  /** Animation frames painted since. */
  frames: number;
  /** Frames and changes that drew the sign-in page (an <sm-login> on screen). */
  signInPage: number;
  /** Frames and changes that drew the portal's header as a visitor who is not signed in sees it (Sign Up and Log In). */
  signedOutHeader: number;
}

interface Recording extends Drawn {
  errors: string[];
}

/**
 * Runs in the page, as its document starts (Firefox: an init script; WebKit: engines/webkit.ts), or later, the first
 * time the test looks at a document it could not catch at its start. Counts, at every animation frame (what is
 * painted) and every change of the page (what passed between frames), those that drew the sign-in page or the
 * signed-out header (as support.ts recordDrawn does for Chromium); and, with `errors`, keeps what the document logs as
 * an error. `win` is the page's window (WebKit installs it from another window of the same origin).
 */
export function installRecorder(win?: Window | null, errors = true): void {
  const w = (win ?? window) as Window & typeof globalThis & { __smE2E?: Recording; __smE2EDocument?: Document };
  const doc = w.document;
  if (w.__smE2EDocument === doc) return;
  const state: Recording = {
    fromStart:
      doc.readyState === 'loading' && !doc.documentElement && w.performance.getEntriesByType('paint').length === 0,
    frames: 0,
    signInPage: 0,
    signedOutHeader: 0,
    errors: [],
  };
  w.__smE2E = state;
  w.__smE2EDocument = doc;
  const onScreen = (element: Element) => element.getClientRects().length > 0;
  const check = () => {
    const headers = [...doc.querySelectorAll('header.portal-header')];
    if (
      headers.some(
        (h) => onScreen(h) && !!h.querySelector('a[href="#/register"]') && !!h.querySelector('a[href="#/login"]'),
      )
    )
      state.signedOutHeader += 1;
    if ([...doc.querySelectorAll('sm-login')].some(onScreen)) state.signInPage += 1;
  };
  const frame = () => {
    if (w.__smE2EDocument !== doc) return;
    state.frames += 1;
    check();
    w.requestAnimationFrame(frame);
  };
  w.requestAnimationFrame(frame);
  new w.MutationObserver(check).observe(doc, { childList: true, subtree: true, attributes: true });
  if (!errors) return;
  const keep = (message: string) => state.errors.push(message);
  w.addEventListener('error', (event) => keep(`${event.message} (${event.filename}:${event.lineno})`));
  w.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { stack?: string } | undefined;
    keep(`Unhandled rejection: ${String(reason?.stack ?? reason)}`);
  });
  doc.addEventListener('securitypolicyviolation', (event) =>
    keep(
      `CSP violation: ${event.violatedDirective} ${event.blockedURI} "${event.sample}" at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
    ),
  );
  const console = w.console;
  const error = console.error;
  const warn = console.warn;
  console.error = function (...args: unknown[]) {
    if (w.__smE2EDocument === doc) keep(args.map(String).join(' '));
    return error.apply(this, args);
  };
  // Prerendered markup that React could not hydrate is drawn again: a flash and lost input, so a failure too.
  console.warn = function (...args: unknown[]) {
    const text = args.map(String).join(' ');
    if (w.__smE2EDocument === doc && /did not match/.test(text)) keep(text);
    return warn.apply(this, args);
  };
}

/** Runs in the page: what the recorder counted on this document. */
export function drawnSoFar(): Drawn | null {
  const state = (window as unknown as { __smE2E?: Recording }).__smE2E;
  return state
    ? {
        fromStart: state.fromStart,
        frames: state.frames,
        signInPage: state.signInPage,
        signedOutHeader: state.signedOutHeader,
      }
    : null;
}

/** Runs in the page: the text a person sees, read through open shadow roots. Self-contained (sent as its source). */
export function visibleText(): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      const value = (node.textContent ?? '').trim();
      if (value && parent && parent.checkVisibility?.() !== false) parts.push(value);
      return;
    }
    if (!(node instanceof Element || node instanceof DocumentFragment)) return;
    if (node instanceof Element && /^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(node.tagName)) return;
    // A host's own children show where its shadow root's slots put them (read there, once).
    if (node instanceof Element && node.shadowRoot) return walk(node.shadowRoot);
    const children = node instanceof HTMLSlotElement ? node.assignedNodes() : [];
    for (const child of children.length ? children : Array.from(node.childNodes)) walk(child);
  };
  walk(document.body);
  return parts.join(' ').replace(/\s+/g, ' ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page read while it is being replaced throws (the document went away): asked again. */
const isNavigating = (error: unknown) =>
  /context was destroyed|navigat|detached|no such (frame|window)|Cannot find context|JavaScript error|unloaded|discarded|realm/i.test(
    String(error),
  );

/** A person using a page: finds things as they read them, and uses the mouse and the keyboard. */
export class Person {
  constructor(
    readonly page: EnginePage,
    /** How long a step may wait for what it needs. */
    private readonly timeout = 15_000,
  ) {}

  /** Polls `read` until it returns something (not null/undefined/false), or fails with `what`. */
  async until<T>(read: () => Promise<T | null | undefined | false>, what: () => string | Promise<string>): Promise<T> {
    const started = Date.now();
    let last: unknown;
    for (;;) {
      try {
        const value = await read();
        if (value !== null && value !== undefined && value !== false) return value;
      } catch (error) {
        if (!isNavigating(error)) throw error;
        last = error;
      }
      if (Date.now() - started > this.timeout)
        throw new Error(`${await what()} (waited ${this.timeout} ms)${last ? `; last: ${String(last)}` : ''}`);
      await sleep(100);
    }
  }

  /** What the target shows now, or null when it is not on the page. */
  async find(target: Target, scroll = false): Promise<Located | null> {
    return this.page.evaluate(locate, toWire(target), scroll);
  }

  async waitFor(target: Target): Promise<Located> {
    return this.until(
      () => this.find(target),
      async () => `Not on the page: ${describeTarget(target)}; ${await this.shows()}`,
    );
  }

  /** What the page shows now, for a failure's message: its address, its visible text and the errors it logged. */
  async shows(): Promise<string> {
    const url = await this.page.url().catch(() => '?');
    const text = await this.page.evaluate(visibleText).catch((error: unknown) => `(unreadable: ${String(error)})`);
    const errors = await this.page.errors().catch(() => []);
    return `at ${url} the page shows "${text.slice(0, 600)}"${errors.length ? `, errors: ${errors.join(' | ')}` : ''}`;
  }

  /** Whether the target is on the page now. */
  async sees(target: Target): Promise<boolean> {
    return (await this.find(target).catch(() => null)) !== null;
  }

  async text(target: Target): Promise<string> {
    return (await this.waitFor(target)).text;
  }

  /** Clicks the target's centre with the mouse, once it is on the page, enabled and not covered. */
  async click(target: Target): Promise<void> {
    let seen: Located | null = null;
    const at = await this.until(
      async () => {
        seen = await this.find(target, true);
        return seen && !seen.disabled && seen.hits ? seen : null;
      },
      () =>
        seen
          ? `Cannot click ${describeTarget(target)}: ${seen.disabled ? 'disabled' : `covered by ${seen.hitBy}`}`
          : `Not on the page: ${describeTarget(target)}`,
    );
    await this.page.mouseClick(at.x, at.y);
  }

  /** Clicks a field and types the text into it (emptying it first with the keyboard). */
  async fill(target: Target, text: string): Promise<void> {
    await this.click(target);
    const before = (await this.waitFor(target)).value ?? '';
    if (before) await this.page.press('End');
    for (let i = 0; i < before.length; i += 1) await this.page.press('Backspace');
    await this.page.type(text);
    const after = (await this.waitFor(target)).value;
    if (after !== null && after.replace(/\s/g, '') !== text.replace(/\s/g, ''))
      throw new Error(`Typed "${text}" into ${describeTarget(target)}, which holds "${after}"`);
  }

  async waitForUrl(pattern: RegExp | ((url: string) => boolean)): Promise<string> {
    const matches = typeof pattern === 'function' ? pattern : (url: string) => pattern.test(url);
    let url = '';
    return this.until(
      async () => {
        url = await this.page.url();
        return matches(url) ? url : null;
      },
      () => `The address is ${url}, not ${String(pattern)}`,
    );
  }

  async focused(): Promise<Focused> {
    return this.until(
      () => this.page.evaluate(focusedElement),
      () => 'Cannot read the focus',
    );
  }

  /** Presses Tab until the focused element's label matches; every focus passed must be drawn (else noted in `unseen`). */
  async tabTo(label: RegExp, unseen: string[], max = 60): Promise<Focused> {
    let now = await this.focused();
    for (let i = 0; i < max && !label.test(now.label); i += 1) {
      await this.page.press('Tab');
      now = await this.focused();
      if (now.tag !== 'body' && !now.visible) unseen.push(`${now.tag} "${now.label}"`);
    }
    if (!label.test(now.label))
      throw new Error(`Could not reach ${label} with Tab; focus is on ${now.tag} "${now.label}"`);
    return now;
  }

  /** What the recorder counted on the document shown now. */
  async drawn(): Promise<Drawn> {
    return this.until(
      () => this.page.evaluate(drawnSoFar),
      () => 'The page has no recorder',
    );
  }
}

/** Signs in on the sign-in page shown: Continue with Email, the address and the password, Log In. */
export async function logIn(person: Person, who: { email: string; password: string }): Promise<void> {
  await person.click({ role: 'button', name: 'Continue with Email', within: 'sm-login' });
  await person.fill({ label: 'Email', within: 'sm-login' }, who.email);
  await person.fill({ label: 'Password', within: 'sm-login' }, who.password);
  await person.click({ role: 'button', name: 'Log In', within: 'sm-login' });
}

/** At the sandbox's hosted checkout: the card typed, Pay pressed. */
export async function payByCard(person: Person, card = '4242 4242 4242 4242'): Promise<void> {
  await person.waitForUrl(/\/sandbox\/checkout\//);
  await person.fill({ label: 'Card number' }, card);
  await person.click({ role: 'button', name: 'Pay' });
}
