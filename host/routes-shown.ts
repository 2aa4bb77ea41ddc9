/**
 * The prerendered route that route.js showed (null when none): the other routes' markup is
 * dropped here, before any sm-* tag is defined (this module is the portal's first import), so
 * only the shown route's tags ever start. The markup was rendered for the route without a query;
 * an address with one (/donation-page?_d=5) may render other attributes, which hydration would
 * not change, so then the portal draws the route anew.
 */
const container = document.getElementById('portal');
const route = document.documentElement.getAttribute('data-route');
const blocks = [...(container?.querySelectorAll<HTMLElement>(':scope > [data-route]') ?? [])];

const withQuery = location.hash.includes('?');

export const shownRoute: HTMLElement | null =
  (!withQuery && blocks.find((block) => block.dataset.route === route)) || null;
for (const block of blocks) if (block !== shownRoute) block.remove();
