/// <reference types="mocha" />
/**
 * Helpers for element tests in Chromium, Firefox and WebKit: mounting a tag, waiting, a fake API host (and the set-up
 * of a tag's tests against it), and an axe check that fails on serious or critical violations.
 */
import axe from 'axe-core';
import { connectionFor } from '../../shared/session/connection';
import { page } from '../../shared/boot/boot';

const mounted: HTMLElement[] = [];

export async function fixture<T extends HTMLElement>(html: string): Promise<T> {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  const element = wrapper.firstElementChild as T;
  document.body.append(element);
  mounted.push(element);
  await waitFor(() => element.shadowRoot?.querySelector('.sm-card, [part~="card"]'));
  // Let the widget's mount effects run before the test acts, as a person's first click would.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return element;
}

export function cleanup(): void {
  for (const element of mounted.splice(0)) element.remove();
  localStorage.clear();
  history.replaceState(null, '', location.pathname);
  page().portal = false;
}

/**
 * Makes the test page the portal's own (as host/route.ts does), where a tag may move the address on its own; cleanup()
 * makes it any other page again, where a tag never does.
 */
export const onThePortalPage = (): void => void (page().portal = true);

/**
 * Polls until fn returns a truthy value without throwing (or fails after the timeout). The default leaves room for a
 * step whose code or language the dev server compiles on first use, in three engines sharing the runner's cores
 * (a clean clone's run once timed out there in Firefox); mocha's own limit per test is 10 s.
 */
export async function waitFor<T>(fn: () => T | null | undefined | false, timeoutMs = 8000): Promise<T> {
  const start = performance.now();
  for (;;) {
    let last: unknown;
    try {
      const value = fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (performance.now() - start > timeoutMs)
      throw new Error(`waitFor timed out: ${fn.toString()}${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** All text of an element's shadow root, whitespace collapsed. */
export function text(element: HTMLElement): string {
  const parts = [...(element.shadowRoot?.children ?? [])].filter((child) => child.localName !== 'style');
  return parts
    .map((child) => child.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function byRole(element: HTMLElement, role: 'button' | 'tab' | 'link', name: string | RegExp): HTMLElement {
  const root = element.shadowRoot!;
  const selector = role === 'button' ? 'button:not([role="tab"])' : role === 'tab' ? '[role="tab"]' : 'a[href]';
  const found = [...root.querySelectorAll<HTMLElement>(selector)].find((el) => {
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    return typeof name === 'string' ? label === name : name.test(label);
  });
  if (!found) throw new Error(`No ${role} named ${String(name)} in: ${text(element)}`);
  return found;
}

export function byLabel(element: HTMLElement, label: string): HTMLInputElement | HTMLSelectElement {
  const root = element.shadowRoot!;
  const labelEl = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = labelEl?.htmlFor ? root.getElementById(labelEl.htmlFor) : null;
  if (!input) throw new Error(`No field labelled ${label} in: ${text(element)}`);
  return input as HTMLInputElement | HTMLSelectElement;
}

/** Types into a React-controlled input the way a person does (fires input events). */
export function type(input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  const proto =
    input instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : input instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export function blur(input: HTMLElement): void {
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

/** What the fake API host answers: a status (200 unless said) and a body. */
export interface Answer {
  readonly status?: number;
  readonly body: unknown;
}
type Handler = (init: RequestInit, url: URL) => Answer | Promise<Answer>;
export type FakeApi = { calls: { route: string; init: RequestInit }[]; restore: () => void };

/** A 200 answer with data (and the server's message), as the API host shapes it. */
export const ok = (data: unknown, message = ''): Answer => ({ body: { status: 200, message, data } });
/** A failed answer as the API host shapes it. */
export const failed = (status: number, message: string): Answer => ({
  status,
  body: { status, message, errorCode: null },
});

/** Replaces fetch with a fake API host answering the given routes ("POST /path"). */
export function fakeApi(routes: Record<string, Handler>): FakeApi {
  const original = window.fetch;
  const calls: { route: string; init: RequestInit }[] = [];
  window.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href);
    const route = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push({ route, init });
    const handler = routes[route];
    if (!handler)
      return new Response(JSON.stringify({ status: 404, message: `No fake for ${route}` }), { status: 404 });
    const { status = 200, body } = await handler(init, url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return { calls, restore: () => (window.fetch = original) };
}

/**
 * A tag's tests against a fake API host, set up for the describe block it is called in: each test starts signed in
 * (when asked) and ends with its fake hosts taken down, the page's session cleared and its tags removed. Returns what
 * puts up a fake host for the current test (as fakeApi does).
 */
export function fakeApiPerTest(options: { signedIn?: boolean } = {}): (routes: Record<string, Handler>) => FakeApi {
  const { session } = connectionFor('');
  const hosts: FakeApi[] = [];
  if (options.signedIn)
    beforeEach(() => session.signIn({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }));
  afterEach(() => {
    for (const host of hosts.splice(0).reverse()) host.restore();
    session.clear();
    cleanup();
  });
  return (routes) => {
    const host = fakeApi(routes);
    hosts.push(host);
    return host;
  };
}

/**
 * The WCAG contrast ratio of an element's text against its own background laid over a page of the given colour: what a
 * person sees through a see-through layer (an overlay), which axe cannot always work out.
 */
export function contrastOverPage(node: Element, page: [number, number, number]): number {
  const parse = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const style = getComputedStyle(node);
  const [r = 0, g = 0, b = 0, a = 1] = parse(style.backgroundColor);
  const background = [r, g, b].map((c, i) => c * a + page[i]! * (1 - a));
  const luminance = (rgb: number[]) => {
    const [lr, lg, lb] = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
  };
  const [one, two] = [luminance(parse(style.color).slice(0, 3)), luminance(background)].sort((x, y) => y - x);
  return (one! + 0.05) / (two! + 0.05);
}

/** Runs axe on the element (inside its shadow root) and fails on serious or critical violations. */
export async function expectAccessible(element: HTMLElement): Promise<void> {
  const results = await axe.run(element, { resultTypes: ['violations'] });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    throw new Error(
      `axe: ${bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; ')}`,
    );
  }
}
