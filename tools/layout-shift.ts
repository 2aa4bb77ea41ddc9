/**
 * What moves on a member's page, and why: each signed-in portal route and each tag embedded on a page, loaded in
 * headless Chromium under Lighthouse's mobile conditions (CPU 4x slower, 150 ms round trip, 1.6 Mbps down, 750 kbps
 * up, cache off, a 390 x 844 touch screen), with the layout-shift entries the page reports (PerformanceObserver
 * 'layout-shift', without those right after an input) and what each one moved (its sources: the node, as a path
 * through shadow roots, and its box before and after).
 *
 *   SM_OUT_DIR=/tmp/cls-dist npm run build        # a build of your own (never dist/ while others use it)
 *   SM_OUT_DIR=/tmp/cls-dist npx tsx tools/layout-shift.ts [options]
 *
 * Options:
 *   --runs N          loads per page (default 3); the median and worst of each page's layout shift are printed
 *   --only a,b        pages whose name contains one of these (e.g. --only history,embed)
 *   --fast            no throttling (quicker, finds fewer shifts: data then comes before the code)
 *   --json FILE       every run's entries, as JSON
 *   --shots DIR       a screenshot of each page when it has settled (first run)
 *   --verbose         every shift of every run, with its sources
 *
 * It serves the build in SM_OUT_DIR (tools/out-dir.ts; default dist/) with the sandbox (sandbox/app.ts, in this
 * process, on a free port, with a fresh database), signs in as seeded members through POST /webclient/auth/login, and
 * puts each one's session where the portal and the tags read it (shared/boot/boot.ts sessionKeyFor, shared/session
 * session.ts storedSignIn). The embedding pages are served from the same origin, the script tag alone
 * (widgets/loader.js) around text, so a tag that grows moves what follows it.
 *
 * The layout shift of a load is as Chrome scores it (CLS): the largest session window (shifts less than 1 s apart, at
 * most 5 s long). A tab of <sm-history> is measured after a tap on it: the shifts within 500 ms of the tap are the
 * tap's (excluded, as Chrome does), the ones when its data comes later are counted.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createSandbox, type Sandbox } from '../sandbox/app';
import { BLOG_STYLESHEET } from '../sandbox/production';
import { sessionKeyFor } from '../shared/boot/boot';
import { storedSignIn } from '../shared/session/session';
import {
  chromiumLaunchOptions,
  cumulativeLayoutShift,
  emulateMobile,
  MOBILE_CONDITIONS,
  PHONE_CONTEXT,
} from './chromium';
import { OUT_DIR } from './out-dir';

const ROOT = resolve(import.meta.dirname, '..');

/** Seeded members (sandbox/README.md). */
const MEMBERS = {
  /** Grace: free, 120 credits, two pages of credit purchases, content and gifts. */
  grace: { email: 'listener@example.org', password: 'listen-2026' },
  /** Paul: a monthly member (change-subscription is his). */
  paul: { email: 'partner@example.org', password: 'partner-2026' },
} as const;
export type Member = keyof typeof MEMBERS;

export interface MeasuredPage {
  name: string;
  /** Path and hash on the served origin. */
  path: string;
  /** Signed in as, or null. */
  member: Member | null;
  /** A tab of sm-history tapped once the page has settled; its shifts are counted from the tap. */
  tapTab?: string;
}

/** A tag embedded with the script tag alone, between two paragraphs of a blog post. */
function embedPage(title: string, tag: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="data:,">
<script type="module" src="/widgets/loader.js"></script>
<style>body{font-family:Georgia,serif;max-width:760px;margin:0 auto;padding:16px;color:#222}</style>
</head><body>
<header><h1>Songs of the Harvest</h1><p>A blog of the musicians' missions.</p></header>
<main><p>This spring twelve young musicians began their studies.</p>
${tag}
<p id="after">Thank you for reading. More stories from the missions every month.</p>
<p>And a last paragraph, so that what comes after the tag is on the screen.</p></main>
</body></html>`;
}

/**
 * The tags embedded with the script tag alone, each on a page of its own (by its path): the page's name, the tag, and
 * who is signed in as it is measured (null: no one).
 */
const EMBEDS: Record<string, { name: string; tag: string; as: (Member | null)[] }> = {
  '/embed/topup.html': { name: 'sm-topup', tag: '<sm-topup></sm-topup>', as: ['grace'] },
  '/embed/subscribe.html': { name: 'sm-subscribe', tag: '<sm-subscribe></sm-subscribe>', as: ['grace'] },
  '/embed/history.html': { name: 'sm-history', tag: '<sm-history></sm-history>', as: ['grace'] },
  '/embed/donate.html': {
    name: 'sm-donate mission=2',
    tag: '<sm-donate mission="2"></sm-donate>',
    as: ['grace', null],
  },
  '/embed/missions.html': {
    name: 'sm-donate missions',
    tag: '<sm-donate view="missions" list="home"></sm-donate>',
    as: ['grace'],
  },
  '/embed/survey.html': { name: 'sm-survey', tag: '<sm-survey></sm-survey>', as: ['grace'] },
  '/embed/newsletter.html': { name: 'sm-newsletter', tag: '<sm-newsletter></sm-newsletter>', as: ['grace'] },
  '/embed/login.html': { name: 'sm-login', tag: '<sm-login></sm-login>', as: [null] },
};

export const PAGES: MeasuredPage[] = [
  { name: 'portal /#/home', path: '/#/home', member: 'grace' },
  { name: 'portal /#/top-up', path: '/#/top-up', member: 'grace' },
  { name: 'portal /#/subscription', path: '/#/subscription', member: 'grace' },
  { name: 'portal /#/subscription (monthly member)', path: '/#/subscription', member: 'paul' },
  { name: 'portal /#/change-subscription', path: '/#/change-subscription', member: 'paul' },
  { name: 'portal /#/history', path: '/#/history', member: 'grace' },
  { name: 'portal /#/history tab content', path: '/#/history', member: 'grace', tapTab: 'Content Purchase' },
  { name: 'portal /#/history tab donations', path: '/#/history', member: 'grace', tapTab: 'Donations' },
  { name: 'portal /#/donations?_d=2', path: '/#/donations?_d=2', member: 'grace' },
  { name: 'portal /#/survey', path: '/#/survey', member: 'grace' },
  ...Object.entries(EMBEDS).flatMap(([path, { name, as }]) =>
    as.map((member) => ({ name: `embed ${name}${member ? '' : ' (signed out)'}`, path, member })),
  ),
  { name: 'blog-loader.html (signed out)', path: '/pages/blog-loader.html', member: null },
  { name: 'blog-loader.html', path: '/pages/blog-loader.html', member: 'grace' },
];

/** One layout-shift entry and what it moved. */
export interface Shift {
  start: number;
  value: number;
  hadRecentInput: boolean;
  sources: { node: string; from: string; to: string }[];
}

export interface Run {
  page: string;
  cls: number;
  shifts: Shift[];
  /** Each sm-* element's height when the page settled, and its reserved min-height. */
  tags: { tag: string; height: number; reserved: string }[];
  /** Each tag's heights as they changed: [ms, px]. */
  heights: Record<string, [number, number][]>;
  errors: string[];
}

/**
 * Runs in the page before its scripts: records the layout shifts with their sources, described when reported (a node
 * taken out later would say nothing).
 */
const OBSERVER = `(() => {
  const shifts = (window.__shifts = []);
  const name = (node) => {
    if (!node) return '(gone)';
    const parts = [];
    for (let n = node; n; ) {
      if (n.nodeType === 1) {
        const cls = typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
        const view = n.getAttribute('view') ? '[view=' + n.getAttribute('view') + ']' : '';
        const id = n.id && !/^:|^«/.test(n.id) ? '#' + n.id : '';
        parts.unshift(n.localName + id + cls + view);
      } else if (n.nodeType === 3) parts.unshift('#text');
      if (n.parentNode && n.parentNode.nodeType === 11 && n.parentNode.host) { parts.unshift('>>'); n = n.parentNode.host; }
      else n = n.parentElement;
      if (parts.length > 14) { parts.unshift('…'); break; }
    }
    return parts.join(' ').replace(/^html body /, '').replace(/ >> /g, '>>');
  };
  const rect = (r) => r ? Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) : '-';
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      shifts.push({ start: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput,
        sources: (e.sources || []).map((s) => ({ node: name(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })) });
  }).observe({ type: 'layout-shift', buffered: true });
  // Each tag's height as it changes, frame by frame: what it showed first, and what it came to.
  const heights = (window.__heights = {});
  const sample = () => {
    for (const e of document.querySelectorAll('*')) {
      if (!e.localName.startsWith('sm-')) continue;
      const key = e.localName + (e.getAttribute('view') ? '[view=' + e.getAttribute('view') + ']' : '');
      const h = Math.round(e.getBoundingClientRect().height);
      const seen = (heights[key] ??= []);
      if (seen.at(-1)?.[1] !== h) seen.push([Math.round(performance.now()), h]);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
})();`;

/** CLS (tools/chromium.ts) of the shifts from `from` on, without those right after an input. */
export function layoutShift(shifts: readonly Shift[], from = 0): number {
  return cumulativeLayoutShift(shifts.filter((s) => !s.hadRecentInput && s.start >= from));
}

export async function serve(outDir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sm-cls-'));
  const e2ePages = join(ROOT, 'tests', 'e2e', 'pages');
  let origin = '';
  let sandbox: Sandbox | null = null;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const embed = EMBEDS[path]?.tag;
    const e2e = /^\/pages\/([\w-]+\.html)$/.exec(path)?.[1];
    if (path === '/pages/blog.css') {
      res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' });
      res.end(readFileSync(BLOG_STYLESHEET, 'utf8'));
      return;
    }
    if (embed !== undefined || e2e) {
      const html = embed
        ? embedPage(path, embed)
        : readFileSync(join(e2ePages, e2e!), 'utf8').replaceAll('__PORTAL__', origin);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
      return;
    }
    sandbox!.handler(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox = createSandbox({
    dbPath: join(dir, 'sm.sqlite'),
    distDir: outDir,
    portalUrl: `${origin}/`,
    // The tests' password strength: the seed hashes quickly, and sign-in answers at once.
    passwords: { cost: { N: 2 ** 10, r: 8, p: 1 } },
    exposeHelpers: false,
    firebase: { authEmulatorUrl: null },
    onError: (error) => console.error('[sandbox]', error),
  });
  return {
    origin,
    close: () =>
      new Promise((done) => {
        server.close(() => {
          sandbox?.close();
          rmSync(dir, { recursive: true, force: true });
          done();
        });
        server.closeAllConnections();
      }),
  };
}

/** A member's stored session for the page's own API host, as the bench and the e2e tests make one. */
async function sessionOf(origin: string, member: Member): Promise<{ key: string; value: string }> {
  const response = await fetch(`${origin}/webclient/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(MEMBERS[member]),
  });
  if (!response.ok) throw new Error(`Signing in as ${member}: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { access_token: string; expires_in: number } };
  return {
    key: sessionKeyFor(''),
    value: storedSignIn({
      accessToken: data.access_token,
      tokenType: 'Bearer',
      expiresAt: Date.now() + data.expires_in * 1000,
    }),
  };
}

/** The stored session of each member the pages are measured as, signed in once each. */
export async function sessionsOf(
  origin: string,
  pages: readonly MeasuredPage[],
): Promise<Map<Member, { key: string; value: string }>> {
  const sessions = new Map<Member, { key: string; value: string }>();
  for (const member of new Set(pages.map((p) => p.member)))
    if (member) sessions.set(member, await sessionOf(origin, member));
  return sessions;
}

/** Waits until no request has been open for `quietMs`, at least `minMs` after `since`, at most 40 s. */
async function settle(tab: Page, open: Set<string>, lastChange: () => number, minMs: number, quietMs = 1500) {
  const since = Date.now();
  while (Date.now() - since < 40_000) {
    if (Date.now() - since >= minMs && open.size === 0 && Date.now() - lastChange() >= quietMs) return;
    await tab.waitForTimeout(100);
  }
}

export async function measure(
  browser: Browser,
  origin: string,
  page: MeasuredPage,
  session: { key: string; value: string } | null,
  options: { throttled: boolean; shot?: string },
): Promise<Run> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(String(error)));
    // Errors, and a hydration mismatch (the renderer warns when prerendered markup is drawn again: a shift of its own).
    tab.on('console', (message) => {
      if (message.type() === 'error' || /did not match/.test(message.text())) errors.push(message.text());
    });
    if (session)
      await tab.addInitScript(
        `localStorage.setItem(${JSON.stringify(session.key)}, ${JSON.stringify(session.value)});`,
      );
    await tab.addInitScript(OBSERVER);
    const cdp = await context.newCDPSession(tab);
    await emulateMobile(cdp, options.throttled);
    const open = new Set<string>();
    let changed = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => (open.add(e.requestId), (changed = Date.now())));
    cdp.on('Network.loadingFinished', (e) => (open.delete(e.requestId), (changed = Date.now())));
    cdp.on('Network.loadingFailed', (e) => (open.delete(e.requestId), (changed = Date.now())));
    await tab.goto(origin + page.path, { waitUntil: 'commit', timeout: 60_000 });
    await settle(tab, open, () => changed, options.throttled ? 5000 : 1500);
    let from = 0;
    if (page.tapTab) {
      from = (await tab.evaluate('performance.now()')) as number;
      await tab.locator('sm-history').getByRole('tab', { name: page.tapTab }).tap();
      await settle(tab, open, () => changed, options.throttled ? 3000 : 1000);
    }
    await tab.waitForTimeout(300); // shifts are reported a frame or two later
    const all = (await tab.evaluate('JSON.parse(JSON.stringify(window.__shifts))')) as Shift[];
    const shifts = all.filter((s) => s.start >= from);
    const tags = (await tab.evaluate(`[...document.querySelectorAll('*')]
      .filter((e) => e.localName.startsWith('sm-'))
      .map((e) => ({ tag: e.localName + (e.getAttribute('view') ? '[view=' + e.getAttribute('view') + ']' : ''),
        height: Math.round(e.getBoundingClientRect().height), reserved: getComputedStyle(e).minHeight }))`)) as Run['tags'];
    const heights = (await tab.evaluate('JSON.parse(JSON.stringify(window.__heights))')) as Run['heights'];
    if (options.shot) await tab.screenshot({ path: options.shot, fullPage: true });
    return { page: page.name, cls: layoutShift(shifts, from), shifts, tags, heights, errors };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each moved node's share of a page's layout shift over its runs (an entry's value split evenly between its sources). */
function culprits(runs: readonly Run[]): [string, number][] {
  const by = new Map<string, number>();
  for (const run of runs)
    for (const shift of run.shifts.filter((s) => !s.hadRecentInput))
      for (const source of shift.sources)
        by.set(source.node, (by.get(source.node) ?? 0) + shift.value / shift.sources.length / runs.length);
  return [...by].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      only: { type: 'string' },
      fast: { type: 'boolean', default: false },
      json: { type: 'string' },
      shots: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const runs = Math.max(1, Number(values.runs));
  const only = values.only?.split(',').map((s) => s.trim().toLowerCase());
  const pages = PAGES.filter((p) => !only || only.some((o) => p.name.toLowerCase().includes(o)));
  if (values.shots) mkdirSync(values.shots, { recursive: true });
  const server = await serve(OUT_DIR);
  const browser = await chromium.launch(chromiumLaunchOptions());
  console.log(
    `Layout shift of ${OUT_DIR} on ${server.origin}, ${runs} run(s) a page, ${values.fast ? 'unthrottled' : `CPU ${MOBILE_CONDITIONS.cpuSlowdown}x, ${MOBILE_CONDITIONS.latencyMs} ms, ${MOBILE_CONDITIONS.downMbps} Mbps`}\n`,
  );
  const results: Run[] = [];
  try {
    const sessions = await sessionsOf(server.origin, pages);
    for (const page of pages) {
      const own: Run[] = [];
      for (let n = 0; n < runs; n++) {
        const shot =
          values.shots && n === 0 ? join(values.shots, `${page.name.replace(/[^\w]+/g, '_')}.png`) : undefined;
        // A fresh sign-in per load would be closer to a person's; one a member is enough for what moves.
        own.push(
          await measure(browser, server.origin, page, page.member ? sessions.get(page.member)! : null, {
            throttled: !values.fast,
            ...(shot ? { shot } : {}),
          }),
        );
      }
      results.push(...own);
      const scores = own.map((r) => r.cls);
      console.log(
        `${page.name.padEnd(44)} CLS median ${median(scores).toFixed(3)}  worst ${Math.max(...scores).toFixed(3)}  (${scores.map((s) => s.toFixed(3)).join(' ')})`,
      );
      const last = own.at(-1)!;
      console.log(
        `  tags: ${last.tags.map((t) => `${t.tag} ${t.height}px (reserved ${t.reserved})`).join(', ') || 'none'}`,
      );
      for (const [tag, seen] of Object.entries(last.heights))
        if (seen.length > 1) console.log(`  ${tag} height: ${seen.map(([at, h]) => `${h}px@${at}`).join(' -> ')}`);
      for (const [node, value] of culprits(own).slice(0, 6))
        if (value >= 0.0005) console.log(`  ${value.toFixed(4)}  ${node}`);
      const errors = [...new Set(own.flatMap((r) => r.errors))];
      if (errors.length) console.log(`  errors: ${errors.slice(0, 3).join(' | ')}`);
      if (values.verbose)
        for (const [i, run] of own.entries())
          for (const shift of run.shifts)
            console.log(
              `    run ${i + 1} @${Math.round(shift.start)} ms ${shift.value.toFixed(4)}${shift.hadRecentInput ? ' (input)' : ''}\n${shift.sources.map((s) => `      ${s.node}  ${s.from} -> ${s.to}`).join('\n')}`,
            );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
