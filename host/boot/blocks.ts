/**
 * The portal page's prerendered blocks as the parser adds them: the one the plan shows stays, the others are taken out
 * before their tags start (module scripts run only after parsing). Boot: docs/boot.md.
 */
import type { HeadPlan } from './plan';

/** The shown block, as route.js follows it. */
export interface Blocks {
  /** Shows no prerendered route: the boot message stays until the portal draws it. */
  showNone(): void;
  /** Calls `then` with the shown block once the parser has gone past it (at once if it has). */
  whenWhole(then: (shown: Element) => void): void;
}

/** Follows the blocks as the parser adds them, keeping the one `plan` shows (none when it shows none). */
export function showBlocks(plan: Pick<HeadPlan, 'shows' | 'session' | 'withQuery'>): Blocks {
  const html = document.documentElement;
  let keep = plan.shows;
  if (keep) {
    html.setAttribute('data-route', keep);
    html.setAttribute('data-session', plan.session);
  }
  /**
   * Whether a block is the one to show: its route, its session, and for an address with a query, data-any-query (as
   * host/routes-shown.ts fits).
   */
  const fits = (block: Element) =>
    block.getAttribute('data-route') === keep &&
    (block.getAttribute('data-session') ?? 'out') === plan.session &&
    (!plan.withQuery || block.hasAttribute('data-any-query'));
  const showNone = () => {
    keep = null;
    html.removeAttribute('data-route');
  };
  /** The block shown, once the parser has added it. */
  let shown: Element | null = null;
  /** Whether the parser has gone past it, and then what waits for that. */
  let whole = false;
  const onWhole: ((shown: Element) => void)[] = [];
  const shownWhole = () => {
    if (whole || !shown) return;
    whole = true;
    for (const then of onWhole.splice(0)) then(shown);
  };
  /** The styles' texts read so far (shareStyles). */
  const styles = new Map<string, string>();
  /**
   * Takes in what the parser has added to #portal: the shown block stays, the others go. Only its children are read:
   * a subtree observer made the parse one of the load's longest tasks on a phone (docs/bench.md).
   */
  const follow = () => {
    const portal = document.getElementById('portal');
    if (!portal) return;
    if (!following) {
      following = true;
      observer.disconnect();
      observer.observe(portal, { childList: true });
    }
    const nodes = [...portal.childNodes];
    for (const node of nodes) {
      if (node === shown || !(node instanceof Element) || !node.hasAttribute('data-route')) continue;
      if (fits(node)) shown = node;
      else node.remove();
    }
    if (!shown) return;
    // The parser has gone past the shown block: it is whole.
    if (nodes.indexOf(shown) < nodes.length - 1) shownWhole();
    shareStyles(shown, portal, styles);
  };
  // Until the portal's element is there, the elements it comes in (the page's body, then the portal's own).
  let following = false;
  const observer = new MutationObserver(() => {
    if (!following && !document.getElementById('portal') && document.body)
      observer.observe(document.body, { childList: true });
    follow();
  });
  observer.observe(html, { childList: true });
  // Before each frame while the page is parsed, and once after: the shown block's tags have their styles.
  const beforeFrame = () => {
    follow();
    if (document.readyState === 'loading') requestAnimationFrame(beforeFrame);
  };
  requestAnimationFrame(beforeFrame);
  document.addEventListener('readystatechange', follow);
  document.addEventListener('DOMContentLoaded', () => {
    follow();
    observer.disconnect();
    shownWhole();
    // The page holds no markup for this route as this person sees it (or for this address's query).
    if (!shown) showNone();
  });
  return {
    showNone,
    whenWhole(then) {
      if (whole && shown) then(shown);
      else onWhole.push(then);
    },
  };
}

/**
 * Fills the shown block's empty <style data-sm-style="N"> from the `<template data-sm-styles>` that hold each text
 * once (tools/prerender.tsx shareStyles), before the page paints it: a style in a template is not parsed, so only the
 * shown block's are. `styles`: each text read so far, by number.
 */
function shareStyles(block: Element, portal: Element, styles: Map<string, string>): void {
  const empty = [...block.querySelectorAll(':not(:defined)')].flatMap((host) => [
    // The sm-* tags, not defined yet (their code comes after the page is parsed), whose shadow roots are parsed.
    ...(host.shadowRoot?.querySelectorAll('style[data-sm-style]:empty') ?? []),
  ]);
  const number = (style: Element) => style.getAttribute('data-sm-style')!;
  // A number not met yet: the templates parsed so far are read once more.
  if (empty.some((style) => !styles.has(number(style))))
    for (const held of portal.querySelectorAll<HTMLTemplateElement>(':scope > template[data-sm-styles]'))
      for (const style of held.content.querySelectorAll('style[data-sm-style]'))
        styles.set(number(style), style.textContent!);
  for (const style of empty) style.textContent = styles.get(number(style)) ?? '';
}
