/**
 * The prerendered route that route.js showed (null when none): the other routes' markup is
 * dropped here, before any sm-* tag is defined (this module is the portal's first import), so
 * only the shown route's tags ever start.
 */
const container = document.getElementById('portal');
const route = document.documentElement.getAttribute('data-route');
const blocks = [...(container?.querySelectorAll<HTMLElement>(':scope > [data-route]') ?? [])];

export const shownRoute: HTMLElement | null = blocks.find((block) => block.dataset.route === route) ?? null;
for (const block of blocks) if (block !== shownRoute) block.remove();
