import { askEarly, BUILD_API_BASE, FIRST_DATA_META, isApiPath, page, type FirstData } from '../../shared/boot/boot';
// The first views this script draws, by tag (tools/boot-scripts.ts firstViews).
import DRAWS from 'virtual:sm-first-views';
import { askReading } from './ask-reading';
import type { Blocks } from './blocks';

/**
 * Asks, with a signed-in person's token (or an app link's once signed in), for the data the shown route's first views
 * show (FIRST_DATA_META), before the parser reaches the block; the loader and the API client take the same answers.
 * Where a tag draws its first view from it (`draw`), draws it as soon as both the data and the block are there
 * (drawFirstViews): often while the page is still parsed. Boot: docs/boot.md.
 */
export function askFirstData(route: string, signedIn: string | Promise<string>, blocks: Blocks): void {
  let all: Record<string, Partial<FirstData> | undefined> = {};
  try {
    all = JSON.parse(document.querySelector(`meta[name="${FIRST_DATA_META}"]`)?.getAttribute('content') ?? '{}');
  } catch {
    return;
  }
  const { data, draw } = all[route] ?? {};
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  const draws = list(draw).some((tag) => Object.keys(DRAWS).includes(tag));
  /**
   * Asks for the route's data with `auth` (`reading`: with askReading). Data drawn here is asked for at once; the rest
   * each in a task of its own, as the parse is already one of the load's longest tasks.
   */
  const ask = (auth: string, reading: boolean) => {
    if (!auth) return;
    for (const path of list(data)) {
      if (!isApiPath(path)) continue;
      const go = () => askEarly(BUILD_API_BASE + path, auth, reading ? askReading : undefined);
      if (draws) go();
      else setTimeout(go);
    }
    if (draws) blocks.whenWhole((shown) => drawFirstViews(shown, auth));
  };
  if (typeof signedIn === 'string') ask(signedIn, draws);
  else void signedIn.then((auth) => ask(auth, false));
}

/**
 * Draws the shown block's first views that DRAWS has, from the data their view names (data-sm-early-signed-in) as it
 * comes, unless their code came first; what was drawn goes into the element's record (survey.draw.ts).
 */
function drawFirstViews(shown: Element, auth: string): void {
  for (const [tag, draw] of Object.entries(DRAWS))
    for (const host of shown.querySelectorAll(tag)) {
      const root = host.shadowRoot;
      const view = root?.querySelector('[data-sm-early-signed-in]');
      for (const path of view?.getAttribute('data-sm-early-signed-in')?.split(' ') ?? []) {
        const early = isApiPath(path) && page().early[BUILD_API_BASE + path];
        if (root && early) void draw(root, early, auth, true);
      }
    }
}
