/**
 * The prerendered block that route.js showed (null when none): the other blocks are dropped here, before any sm-* tag
 * is defined (this module is the portal's first import), so only the shown block's tags ever start. A block made
 * without a query (no data-any-query) is not for an address with one: it may render other attributes that hydration
 * would not change. Boot: docs/boot.md.
 */
import { signedInShownAs } from '../shared/routing/routes';

/** What route.js said about the page, and whether its address has a query. */
export interface PageState {
  /** html[data-route]: the route whose block shows (null: none). */
  readonly route: string | null;
  /** html[data-session]: 'in' for a signed-in person; anything else (or none, from an older route.js) is 'out'. */
  readonly session: string | null;
  readonly withQuery: boolean;
}

/** Whether a block is the one to show on a page in this state (route.js's rule, host/boot/blocks.ts). */
export function fits(block: Element, page: PageState): boolean {
  return (
    page.route !== null &&
    block.getAttribute('data-route') === page.route &&
    (block.getAttribute('data-session') ?? 'out') === (page.session === 'in' ? 'in' : 'out') &&
    (!page.withQuery || block.hasAttribute('data-any-query'))
  );
}

/** The block to show among a page's blocks, or null. */
export function pickShown<B extends Element>(blocks: readonly B[], page: PageState): B | null {
  return blocks.find((block) => fits(block, page)) ?? null;
}

/** The page's state now. */
export function pageState(): PageState {
  const html = document.documentElement;
  return {
    route: html.getAttribute('data-route'),
    session: html.getAttribute('data-session'),
    withQuery: location.hash.includes('?'),
  };
}

const container = typeof document === 'undefined' ? null : document.getElementById('portal');
const blocks = [...(container?.querySelectorAll<HTMLElement>(':scope > [data-route]') ?? [])];

export const shownRoute: HTMLElement | null = container ? pickShown(blocks, pageState()) : null;
for (const block of blocks) if (block !== shownRoute) block.remove();

/**
 * The shown block, if it is still the one to show once the portal may start (a link from the mobile app has signed
 * in, or not: host/main.tsx waits for that): route.js still names it, the session is the one it was made for, and the
 * address is still its route's (or the empty address route.js named it for). Else it is dropped (null), and the
 * portal draws the page itself.
 */
export function stillShown(block: HTMLElement | null, signedIn: boolean): HTMLElement | null {
  const path = location.hash.replace(/^#/, '').split('?')[0] ?? '';
  const good =
    block?.isConnected &&
    fits(block, pageState()) &&
    (block.dataset.session === 'in') === signedIn &&
    (path === '' || (block.dataset.session === 'in' ? signedInShownAs(path) : path) === block.dataset.route);
  if (good) return block;
  block?.remove();
  return null;
}
