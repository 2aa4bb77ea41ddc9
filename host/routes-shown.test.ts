// @vitest-environment happy-dom
/**
 * Which prerendered block the portal hydrates: the one route.js showed (html[data-route] and html[data-session]), for
 * an address with a query only a block that fits any query; and, once the portal may start, only while it still fits
 * the page: the session it was made for, the address it was shown for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fits, pickShown, stillShown, type PageState } from './routes-shown';

/** The portal page's blocks, as tools/prerender.tsx writes them. */
function page(html: string): HTMLElement[] {
  document.body.innerHTML = `<div id="portal">${html}<div class="portal-boot">please wait...</div></div>`;
  return [...document.querySelectorAll<HTMLElement>('#portal > [data-route]')];
}
const BLOCKS = `
  <div data-route="/login" data-session="out"></div>
  <div data-route="/missions" data-session="out"></div>
  <div data-route="/missions" data-session="in" data-any-query></div>
  <div data-route="/home" data-session="in" data-any-query></div>
  <div data-route="/donation-page" data-session="in"></div>
  <div data-route="/top-up" data-session="in" data-any-query></div>`;

const named = (block: Element | null) =>
  block ? `${block.getAttribute('data-route')}:${block.getAttribute('data-session')}` : null;
const at = (route: string | null, session: string | null, withQuery = false): PageState => ({
  route,
  session,
  withQuery,
});

/** Sets the page as route.js leaves it, at an address. */
function routeJs(route: string | null, session: string | null, hash: string) {
  const html = document.documentElement;
  if (route) html.setAttribute('data-route', route);
  else html.removeAttribute('data-route');
  if (session) html.setAttribute('data-session', session);
  else html.removeAttribute('data-session');
  history.replaceState(null, '', hash);
}

afterEach(() => {
  document.body.innerHTML = '';
  routeJs(null, null, '#');
});

describe('the block the portal hydrates', () => {
  it("is the route's block for the session route.js names", () => {
    const blocks = page(BLOCKS);
    expect(named(pickShown(blocks, at('/missions', 'in')))).toBe('/missions:in');
    expect(named(pickShown(blocks, at('/missions', 'out')))).toBe('/missions:out');
    expect(named(pickShown(blocks, at('/home', 'in')))).toBe('/home:in');
    // Nobody's block for a route the page holds only for the other session, or not at all.
    expect(pickShown(blocks, at('/home', 'out'))).toBeNull();
    expect(pickShown(blocks, at('/login', 'in'))).toBeNull();
    expect(pickShown(blocks, at('/survey', 'in'))).toBeNull();
    expect(pickShown(blocks, at(null, 'in'))).toBeNull();
  });

  it('is a public one when route.js says nothing of the session (an older route.js)', () => {
    const blocks = page(BLOCKS);
    expect(named(pickShown(blocks, at('/login', null)))).toBe('/login:out');
    expect(named(pickShown(blocks, at('/missions', 'anything')))).toBe('/missions:out');
  });

  it('for an address with a query, is only a block that fits any query', () => {
    const blocks = page(BLOCKS);
    expect(named(pickShown(blocks, at('/home', 'in', true)))).toBe('/home:in');
    expect(named(pickShown(blocks, at('/missions', 'in', true)))).toBe('/missions:in');
    expect(pickShown(blocks, at('/missions', 'out', true))).toBeNull();
    expect(pickShown(blocks, at('/donation-page', 'in', true))).toBeNull();
    expect(fits(blocks[4]!, at('/donation-page', 'in'))).toBe(true);
  });
});

describe('the shown block, once the portal may start', () => {
  it('stays while it still fits: the session, the page route.js left, the address', () => {
    const [, , , home] = page(BLOCKS);
    routeJs('/home', 'in', '#/home?x=1');
    expect(stillShown(home!, true)).toBe(home);
    // The empty address is the one route.js named the block for.
    routeJs('/home', 'in', '#');
    expect(stillShown(home!, true)).toBe(home);
    // The addresses a member's portal shows as home: route.js named home's block for them.
    routeJs('/home', 'in', '#/history');
    expect(stillShown(home!, true)).toBe(home);
  });

  it('is dropped when the session is not the one it was made for', () => {
    const [, , , home] = page(BLOCKS);
    routeJs('/home', 'in', '#/home');
    expect(stillShown(home!, false)).toBeNull();
    expect(home!.isConnected).toBe(false);
  });

  it('is dropped when route.js no longer shows it (an app link refused) or the address moved on', () => {
    const [, , , home, , topUp] = page(BLOCKS);
    routeJs(null, 'in', '#/home');
    expect(stillShown(home!, true)).toBeNull();
    routeJs('/top-up', 'in', '#/subscription');
    expect(stillShown(topUp!, true)).toBeNull();
    expect(stillShown(null, true)).toBeNull();
  });
});
