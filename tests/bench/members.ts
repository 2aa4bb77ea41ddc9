/**
 * Members in the bench (issue 41): the mobile app's links and the signed-in portal, under the same
 * mobile conditions as the tags' pages (browser.ts), beside the plain form measured in the same rounds.
 *
 * - App links (`app-links`): `/#/login?_t=TOKEN&type=…` on the portal, a fresh one-time token for
 *   every load (the sandbox mints it: POST /sandbox/app-token, from this computer), no session
 *   stored. Watched: the first control of the tag the link's type names, on the type's page (the
 *   same control as that tag's embed pages: pages.ts), when the token exchange answered, and every
 *   frame for the sign-in page, the signed-out header and the dashboard (frames.js). Beside the
 *   survey's, its floor (surveyFloor).
 * - Signed-in routes (`members`): a stored session written before the page loads (as for the
 *   signed-in tags' pages), the route's main control, and every frame for the signed-out header.
 *   Beside the survey's, its floor signed in (signedInSurveyFloor).
 * - Lighthouse signed in (`lighthouse-members`): /#/home and /#/history with the session in the
 *   browser's profile (lighthouse.ts).
 * Each round loads each portal page twice: once timed, with the probe alone as on the tags' pages and the plain form
 * (every figure but what the frames showed comes from these loads), and once with frames.js looking at every frame. Its
 * looks are work in the page's own tasks, and its MutationObserver on the whole document sees every node the parser
 * adds: on the portal's page, the loads it watched blocked longer and drew later (docs/bench.md).
 * BENCH_ONLY names these parts (app-links, members, lighthouse-members). members-report.ts prints the
 * figures and sets them beside issue 41's targets: nothing passes or fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { sessionKeyFor } from '../../shared/boot/boot';
import { measureLoad, type LoadRun, type Stored } from './browser';
import { tagWatch, type BenchPage } from './pages';

const FRAMES = readFileSync(join(import.meta.dirname, 'frames.js'), 'utf8');
/** Read once a load is quiet: what frames.js saw, when the app's token was exchanged, and where the page ended. */
const COLLECT = `({
  frames: window.__benchFrames ?? null,
  exchanged: performance.getEntriesByType('resource').find((e) => /\\/webclient\\/auth\\/mobile-login$/.test(new URL(e.name).pathname))?.responseEnd ?? null,
  at: location.hash,
})`;

export interface Mark {
  first: number;
  last: number;
  checks: number;
  what: string[];
}
export interface Collected {
  frames: {
    signin: Mark | null;
    header: Mark | null;
    home: Mark | null;
    checks: number;
    spent: number;
    layout: number;
  } | null;
  exchanged: number | null;
  at: string;
}
export const MARKS = [
  ['signin', 'the sign-in page'],
  ['header', 'the signed-out header'],
  ['home', 'the dashboard'],
] as const;

export interface MemberPage extends BenchPage {
  part: 'app-links' | 'members';
  /** The address to open, made for each load (an app link's fresh token). */
  url: () => Promise<string>;
  /** A page to compare with, not the portal: what it shows, and no target of its own (surveyFloor). */
  reference?: string;
}

/** The app's link types, the tag each names and the page it lands on (spec section 4; widgets/login/switch.model.ts). */
const APP_LINKS = [
  { type: 'topup', tag: 'sm-topup', lands: '/top-up' },
  { type: 'subscription', tag: 'sm-subscribe', lands: '/subscription' },
  { type: 'donation', tag: 'sm-donate', lands: '/donations?_d=2' },
  { type: 'survey', tag: 'sm-survey', lands: '/survey' },
];
/** The signed-in routes and the tag each shows (the home page's control is the dashboard's: homePage). */
const ROUTES = [
  { route: '/top-up', tag: 'sm-topup' },
  { route: '/subscription', tag: 'sm-subscribe' },
  // Not a route of its own today: the portal sends an unknown path home, whose history (sm-history) is watched.
  { route: '/history', tag: 'sm-history' },
  { route: '/donations?_d=2', tag: 'sm-donate' },
  // Its first control is data (the questions, asked with the stored sign-in as the page is parsed).
  { route: '/survey', tag: 'sm-survey' },
];

/** The portal's session key: the portal calls its own origin (built without VITE_API_BASE). */
export const portalSession = (session: Stored): Stored => ({ key: sessionKeyFor(''), value: session.value });

/** A one-time token for the app's link, as the mobile app gets one (10 minutes, single use). */
async function appToken(sandbox: string): Promise<string> {
  const response = await fetch(`${sandbox}/sandbox/app-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'listener@example.org' }),
  });
  if (!response.ok) throw new Error(`The sandbox minted no app token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const memberPage = (page: Omit<MemberPage, 'embed' | 'html' | 'path' | 'signedIn' | 'act'>): MemberPage => ({
  ...page,
  embed: 'portal',
  html: '',
  path: '',
  signedIn: page.part === 'members',
});

/**
 * The home page's control: the Top Up link beside the credit balance, in the dashboard card. Every member has it (the
 * card's other actions depend on the membership), it is the dashboard's own (the missions above it and the history
 * below are tags with their own pages), and it shows the balance's data once that is there.
 */
const homePage = (origin: string): MemberPage =>
  memberPage({
    part: 'members',
    name: 'signed in, /#/home',
    tag: null,
    what: "the dashboard's Top Up link (in the My Dashboard card, beside the credit balance)",
    filledWhat: 'the credit balance (its digits)',
    probe: {
      host: null,
      control: '[data-testid="my-dashboard"] a[href$="#/top-up"]',
      kind: 'link',
      hydrates: true,
      filled: '[data-testid="credit-balance"]',
      filledText: '\\d',
    },
    data: ['/webclient/account/profile'],
    url: () => Promise.resolve(`${origin}/#/home`),
  });

/**
 * The survey's app link at its floor: a page of its own (not the portal) with one inline script that exchanges the
 * app's token, asks for the questions with the new sign-in and draws one checkbox, and nothing else. No page can show
 * the survey's first answer sooner: the two requests go one after the other after the page, and this page has nothing
 * else to parse or run meanwhile. The portal's page holds every route besides (docs/bench.md).
 */
function surveyFloor(origin: string, sandbox: string): MemberPage {
  const path = '/bench/survey-floor.html';
  return floorPage({
    part: 'app-links',
    reference: 'the least any page could take for the survey',
    name: 'survey at its floor (one script)',
    what: 'the first answer, on a page that only exchanges the token and asks for the questions',
    path,
    ask: `fetch('/webclient/auth/mobile-login', { headers: { Authorization: 'Bearer ' + new URLSearchParams(location.hash.split('?')[1]).get('_t') } })
  .then(r => r.json()).then(b =>
  fetch('/survey-question', { headers: { Authorization: (b.data.token_type || 'Bearer') + ' ' + b.data.access_token } }))`,
    signedIn: false,
    url: async () => `${origin}${path}#/login?_t=${encodeURIComponent(await appToken(sandbox))}&type=survey`,
  });
}

/** The same for a signed-in /#/survey: one request after the page, with the stored session's token. */
function signedInSurveyFloor(origin: string): MemberPage {
  const path = '/bench/survey-floor-signed-in.html';
  return floorPage({
    part: 'members',
    reference: 'the least any page could take for the survey signed in',
    name: 'signed-in survey at its floor (one script)',
    what: 'the first answer, on a page that only asks for the questions with the stored sign-in',
    path,
    ask: `fetch('/survey-question', { headers: { Authorization: (({ auth }) => auth.tokenType + ' ' + auth.accessToken)(JSON.parse(localStorage.getItem(${JSON.stringify(sessionKeyFor(''))}))) } })`,
    signedIn: true,
    url: () => Promise.resolve(`${origin}${path}#/survey`),
  });
}

/**
 * A floor page: one script, `ask` (an expression whose promise gives the questions' answer), then one checkbox drawn,
 * the control watched.
 */
function floorPage({
  ask,
  ...page
}: Pick<MemberPage, 'part' | 'reference' | 'name' | 'what' | 'path' | 'signedIn' | 'url'> & {
  ask: string;
}): MemberPage {
  return {
    ...page,
    tag: null,
    embed: 'form',
    html: `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>floor</title><body><p>Survey</p><div id="q"></div><script>
${ask}.then(r => r.json()).then(q => {
  document.getElementById('q').innerHTML = '<label><input type="checkbox"> ' + (q.data && q.data[0] ? 'first answer' : 'none') + '</label>';
});
</script>`,
    probe: { host: null, control: '#q input', kind: 'field' },
    data: [],
  };
}

/** The pages of the parts wanted, on the portal at `origin`, the sandbox (which mints the app's tokens) at `sandbox`. */
export function memberPages(dist: string, origin: string, sandbox: string, wanted: (part: string) => boolean) {
  const pages: MemberPage[] = [];
  if (wanted('app-links'))
    for (const { type, tag, lands } of APP_LINKS) {
      const watch = tagWatch(dist, tag);
      pages.push(
        memberPage({
          part: 'app-links',
          name: `app link, type=${type}`,
          tag,
          ...watch,
          what: `${watch.what}, on #${lands}`,
          url: async () => `${origin}/#/login?_t=${encodeURIComponent(await appToken(sandbox))}&type=${type}`,
        }),
      );
      if (type === 'survey') pages.push(surveyFloor(origin, sandbox));
    }
  if (wanted('members')) {
    pages.push(homePage(origin));
    for (const { route, tag } of ROUTES) {
      pages.push(
        memberPage({
          part: 'members',
          name: `signed in, /#${route}`,
          tag,
          ...tagWatch(dist, tag),
          url: () => Promise.resolve(`${origin}/#${route}`),
        }),
      );
      if (route === '/survey') pages.push(signedInSurveyFloor(origin));
    }
  }
  return pages;
}

/**
 * The members' loads, round by round beside the tags' pages (bench.ts runPages). A load whose control never becomes
 * usable (within 30 s; a load takes a few) is counted and said, and the bench goes on: the portal changes under it.
 */
export class MemberRuns {
  /** The timed loads (no frames.js), by page. */
  readonly loads = new Map<MemberPage, LoadRun[]>();
  /** The loads frames.js watched, by page: what their frames showed. */
  readonly watched = new Map<MemberPage, LoadRun[]>();
  /** Per page, why each load that never got there failed (the first line of it). */
  readonly failures = new Map<MemberPage, string[]>();
  constructor(
    readonly pages: readonly MemberPage[],
    private readonly session: Stored,
  ) {
    for (const page of pages) {
      this.loads.set(page, []);
      this.watched.set(page, []);
      this.failures.set(page, []);
    }
  }

  private async load(
    browser: Browser,
    page: MemberPage,
    throttled: boolean,
    watched: boolean,
  ): Promise<LoadRun | null> {
    try {
      return await measureLoad(browser, await page.url(), page, page.signedIn ? this.session : null, throttled, {
        // On a signed-in route the dashboard is no sign of trouble: not looked for.
        scripts: watched
          ? [`window.__benchFramesMarks = ${JSON.stringify(page.signedIn ? ['signin', 'header'] : null)};\n${FRAMES}`]
          : [],
        collect: COLLECT,
        timeout: 30_000,
      });
    } catch (error) {
      const said = String(error)
        .split('\n')[0]!
        .replace(/^Error: /, '');
      console.log(`  ${said.slice(0, 400)}`);
      this.failures.get(page)!.push(said);
      return null;
    }
  }

  /** One unthrottled load of each first: it shows early that each page works (its failure is said, not counted). */
  async warm(browser: Browser) {
    for (const page of this.pages)
      if (!(await this.load(browser, page, false, !page.reference))) this.failures.get(page)!.pop();
  }

  async round(browser: Browser) {
    for (const page of this.pages) {
      const timed = await this.load(browser, page, true, false);
      if (timed) this.loads.get(page)!.push(timed);
      // A floor's page is not the portal: nothing there to look for.
      const watched = page.reference ? null : await this.load(browser, page, true, true);
      if (watched) this.watched.get(page)!.push(watched);
    }
  }
}
