/**
 * The portal page's prerendered blocks (tools/prerender.tsx): the public routes as a visitor who is not signed in sees
 * them, the member routes as any signed-in person first sees them (the signed-in header with places held, no one's
 * data), each marked for route.js and host/routes-shown.ts, and the page's style that shows the one route.js names.
 */
import { describe, expect, it } from 'vitest';
import {
  BLOCKS,
  blockStyle,
  blockTag,
  firstData,
  firstDataMeta,
  prerenderFooter,
  prerenderRoute,
  shareStyles,
  tagReserveStyle,
} from '../tools/prerender';

const find = (route: string, session: 'in' | 'out') =>
  BLOCKS.find((block) => block.route === route && block.session === session);

describe('the blocks the portal page carries', () => {
  it('are the public routes signed out, and the member routes and the pages after a payment signed in', () => {
    for (const route of ['/login', '/register', '/forgot-password', '/premium', '/missions', '/donation-page'])
      expect(find(route, 'out')).toMatchObject({ anyQuery: false });
    expect(BLOCKS.filter((b) => b.session === 'out')).toHaveLength(6);
    for (const route of ['/home', '/top-up', '/subscription', '/change-subscription', '/donations', '/survey'])
      expect(find(route, 'in')).toMatchObject({ anyQuery: true });
    for (const kind of ['/success', '/subscription-success', '/donation-success', '/change-subscription-success'])
      expect(find(kind, 'in')).toMatchObject({ anyQuery: true });
    for (const shared of ['/transaction-success', '/transaction-failed', '/result/pending'])
      expect(find(shared, 'in')).toBeDefined();
    // A public route a member may open, as the signed-in portal draws it; the donation page's markup is its query's.
    expect(find('/missions', 'in')).toMatchObject({ anyQuery: true });
    expect(find('/donation-page', 'in')).toMatchObject({ anyQuery: false });
    // Home once: the addresses the portal shows as home (the bare one, /history) show its block (route.js).
    expect(find('/', 'in')).toBeUndefined();
    expect(find('/history', 'in')).toBeUndefined();
    // One block per route and session.
    expect(new Set(BLOCKS.map((b) => `${b.route}:${b.session}`)).size).toBe(BLOCKS.length);
    // The app's links that pay are signed in by route.js: their pages are members' blocks.
    for (const link of ['/update-payment', '/direct-subscribe']) expect(find(link, 'in')).toBeDefined();
  });

  it('are marked for route.js: their route, their session, whether any query fits', () => {
    expect(blockTag({ route: '/top-up', session: 'in', anyQuery: true })).toBe(
      '<div data-route="/top-up" data-session="in" data-any-query>',
    );
    expect(blockTag({ route: '/login', session: 'out', anyQuery: false })).toBe(
      '<div data-route="/login" data-session="out">',
    );
  });

  it("name in the page's head what their tags ask for first, signed in: route.js asks for it as the page starts", async () => {
    const rendered = await Promise.all(
      (['/top-up', '/survey', '/home', '/missions'] as const).flatMap((route) =>
        (['in', 'out'] as const).map(async (session) => ({
          block: { route, session, anyQuery: session === 'in' },
          markup: await prerenderRoute(route, session),
        })),
      ),
    );
    const all = firstData(rendered);
    expect(all).toEqual({
      '/top-up': { data: ['/webclient/in-web-purchase/credit-list'], draw: [] },
      // The survey draws its first question before its code comes: its draw module is named too.
      '/survey': { data: ['/survey-question'], draw: ['sm-survey'] },
      // Home: the missions and the history (the profile is the portal's own, asked by route.js for any member).
      '/home': {
        data: ['/webclient/donation/ongoing-home', '/webclient/account/transaction-history?per_page=20&page=1'],
        draw: [],
      },
      // The missions page, as a member sees it; the blocks for visitors name nothing (their data is the loader's).
      '/missions': { data: ['/webclient/donation/ongoing-project'], draw: [] },
    });
    // Written so the page's parser gives route.js the same back.
    const meta = firstDataMeta(all);
    expect(meta).toMatch(/^<meta name="sm-first-data" content='[^']*'>$/);
    const content = /content='([^']*)'/.exec(meta)![1]!.replaceAll('&#39;', "'").replaceAll('&amp;', '&');
    expect(JSON.parse(content)).toEqual(all);
  });
});

describe("the blocks' tags' styles", () => {
  it('are written once, inert, before the first block that has each: every shadow root names it for route.js', async () => {
    const top = await prerenderRoute('/top-up', 'in');
    const home = await prerenderRoute('/home', 'in');
    const missions = await prerenderRoute('/missions', 'in');
    const shared = shareStyles([top, home, missions]);
    // The texts, each in a template (not parsed as a style) before the first block with it: sm-topup's, then home's
    // sm-donate and sm-history; the missions page's sm-donate is home's again.
    const held = [...shared.matchAll(/<template data-sm-styles>([\s\S]*?)<\/template>/g)].map(([, inside]) => [
      ...inside!.matchAll(/<style data-sm-style="(\d+)">([^<]+)<\/style>/g),
    ]);
    expect(held.map((styles) => styles.map(([, n]) => n))).toEqual([['0'], ['1', '2']]);
    expect(held.flat().every(([, , text]) => text!.length > 1000)).toBe(true);
    const second = shared.indexOf('<template data-sm-styles>', 1);
    expect(shared.startsWith('<template data-sm-styles>')).toBe(true);
    expect(shared.lastIndexOf('<style data-sm-style="0"></style>', second)).toBeGreaterThan(0);
    expect(shared.indexOf('<style data-sm-style="1"></style>')).toBeGreaterThan(second);
    // Every shadow root's style is empty, with its number.
    expect([...shared.matchAll(/<style data-sm-style="(\d+)"><\/style>/g)].map(([, n]) => n)).toEqual([
      '0',
      '1',
      '2',
      '1',
    ]);
    // Nothing else changed: filled in again, the markup is the tags' own.
    const texts = new Map(held.flat().map(([, n, text]) => [n!, text!]));
    const filled = shared
      .replace(/<template data-sm-styles>[\s\S]*?<\/template>/g, '')
      .replace(/<style data-sm-style="(\d+)"><\/style>/g, (_, n: string) => `<style>${texts.get(n)}</style>`);
    expect(filled).toBe(top + home + missions);
  });
});

describe("the page's style", () => {
  const style = blockStyle([
    { route: '/login', session: 'out', anyQuery: false },
    { route: '/top-up', session: 'in', anyQuery: true },
  ]);

  it('hides every block but the one route.js names, for its session, and the boot message under it', () => {
    expect(style.startsWith('#portal>[data-route]{display:none}')).toBe(true);
    expect(style).toContain(
      'html[data-route="/top-up"][data-session=in] #portal>[data-route="/top-up"][data-session=in]{display:contents}',
    );
    expect(style).toContain(
      'html[data-route="/top-up"][data-session=in] #portal>[data-route="/top-up"][data-session=in]~.portal-boot',
    );
    // A public block shows for a page route.js did not say is signed in (an older route.js says nothing).
    expect(style).toContain(
      'html[data-route="/login"]:not([data-session=in]) #portal>[data-route="/login"][data-session=out]',
    );
    expect(style).toMatch(/\{display:contents\}.*~\.portal-boot\{display:none\}/);
  });

  it('shows the footer with a block, or once the portal has drawn the page', () => {
    expect(style).toContain('#portal-footer:not([data-drawn]){display:none}');
    // Whole: once what follows it is parsed (a half footer under a short page would sit lower, then move up).
    expect(style).toContain('html[data-route] #portal:has(>[data-route])~#portal-footer:has(~noscript){display:block}');
  });

  it("reserves each tag's height, per view, for a tag the portal draws without markup", () => {
    const reserve = tagReserveStyle();
    expect(reserve).toMatch(/sm-login\{min-height:\d+px\}/);
    expect(reserve).toMatch(/sm-login\[view="register"\]\{min-height:\d+px\}/);
    expect(reserve).toMatch(/sm-newsletter\{min-height:\d+px\}/);
  });
});

describe('a signed-in block', () => {
  it("is the signed-in header with places for the person, the route's page, and no one's data", async () => {
    const home = await prerenderRoute('/home', 'in');
    expect(home).toContain('portal-user-place');
    expect(home).not.toContain('portal-user-button');
    expect(home).not.toContain('portal-menu-toggle');
    // The dashboard holds its places; its tags are there with their markup.
    expect(home).toContain('aria-busy="true"');
    expect(home).toMatch(/<sm-donate view="missions" list="home"><template shadowrootmode="open">/);
    expect(home).toMatch(/<sm-history><template shadowrootmode="open">/);
    // No wait in front of it, and the footer is not in it (the page holds it once).
    expect(home).not.toContain('class="sm-overlay"');
    expect(home).not.toContain('<footer');
  });

  it('holds a page whose code comes later as it will show, for the browser to hydrate', async () => {
    const failed = await prerenderRoute('/transaction-failed', 'in');
    expect(failed).toContain('<!--$-->');
    expect(failed).not.toContain('<!--$!-->');
    expect(failed).toContain('data-testid="failed-message"');
    expect(failed).not.toContain('class="sm-overlay"');
  });

  it('is not what a visitor who is not signed in sees', async () => {
    const signedOut = await prerenderRoute('/missions', 'out');
    const signedIn = await prerenderRoute('/missions', 'in');
    expect(signedOut).toContain('portal-menu-toggle');
    expect(signedIn).not.toContain('portal-menu-toggle');
    expect(signedIn).toContain('portal-user-place');
  });
});

describe('the footer', () => {
  it('is rendered once, with its newsletter tag and its markup', async () => {
    const footer = await prerenderFooter();
    expect(footer).toMatch(/^<footer class="portal-footer">/);
    expect(footer).toMatch(/<sm-newsletter><template shadowrootmode="open">/);
  });
});
