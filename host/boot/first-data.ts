/**
 * A signed-in member's first data, asked for by the head script as the page starts (the shown route's, as the page's
 * head names it), and the first views drawn from it before the tags' code comes (the survey's first question).
 */
import { askEarly, BUILD_API_BASE, FIRST_DATA_META, isApiPath, page, type FirstData } from '../../shared/boot/boot';
// The first views this script draws from their data before the tags' code comes, by tag (FirstData `draw`): the
// tag table's draw modules (tools/boot-scripts.ts firstViews).
import DRAWS from 'virtual:sm-first-views';
import { askReading } from './ask-reading';
import type { Blocks } from './blocks';

/**
 * Asks for what the shown route's tags first show, as the page starts, for a signed-in person, with their token (or an
 * app link's, once it is signed in): the data on the portal's API host, as the page's head names it for the route
 * (FIRST_DATA_META, written by tools/prerender.tsx). The parser reaches a block deep in the page a while later: the
 * data is on its way by then. The loader asks for the same when it runs, after the page is parsed, and takes these
 * answers (askEarly keeps one per address; the API client takes them: shared/api/early.ts). What the head says that
 * is not a path on the API host is left.
 *
 * Where a tag of the route draws its first view from that data (`draw`: the survey's first question), this script
 * draws it, the moment both the data and the block are there (drawFirstViews), rather than the loader once the page
 * is parsed and the modules have run: the data often comes while the page is still being parsed (docs/bench.md).
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
   * Asks for the route's data with `auth` (`reading`: the XMLHttpRequest way, while the page is parsed). Data a first
   * view draws before its code comes is asked for at once; the rest each in a task of its own, after this script's (the
   * page's parse, already one of the longest tasks of its load, and each request adds to it), still long before the
   * loader would ask for it.
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
 * Draws the first views of the shown block's tags that draw theirs (DRAWS), once the block is parsed whole, from the
 * data their view names (data-sm-early-signed-in, asked for by askFirstData), as it comes and unless their code has
 * come first: the survey's first question. The loader captures those tags when it runs, and what was drawn goes with
 * its capture (survey.draw.ts); a tap on what was drawn before that is in the field, where the loader finds it.
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
