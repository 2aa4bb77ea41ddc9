/**
 * route.js (built from host/route.ts, a plain script in the page's head) shows the prerendered route the address
 * names, as the person will see it (signed in or not), only when the portal will be English; and signs a link from the
 * mobile app in before the portal's code comes. It must agree with the portal's script, which reads the same boot
 * protocol (shared/boot/boot.ts): it is tested as the build writes it.
 */
import { createContext, runInContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_DATA_META,
  LANGUAGE_KEY,
  MOBILE_LOGIN_PATH,
  paymentRecordKey,
  portalLanguage,
  PROFILE_PATH,
  sessionKeyFor,
} from '../shared/boot/boot';
import { storedSignIn } from '../shared/session/session';
import { bundlePlainScript } from '../tools/boot-scripts';

/** route.js as `npm run build` writes it, and as a build with VITE_API_BASE (the production setting) does. */
let script = '';
let productionScript = '';
const API = 'https://api.example.org';
beforeAll(async () => {
  [script, productionScript] = await Promise.all([
    bundlePlainScript({ apiBase: '' }),
    bundlePlainScript({ apiBase: `${API}/` }),
  ]);
}, 60_000);

/** A <style data-sm-style="N">: empty in a tag's shadow root, with its text in the page's template that holds it. */
class Style {
  constructor(
    readonly number: string,
    public textContent: string,
  ) {}
  getAttribute() {
    return this.number;
  }
}

/** An sm-* tag of a block, not defined yet, with its declarative shadow root's styles. */
class Tag {
  readonly shadowRoot: { querySelectorAll: (selector: string) => Style[] };
  constructor(readonly styles: Style[]) {
    this.shadowRoot = {
      querySelectorAll: (selector) =>
        selector === 'style[data-sm-style]:empty'
          ? styles.filter((style) => !style.textContent)
          : selector === 'style[data-sm-style]:not(:empty)'
            ? styles.filter((style) => style.textContent)
            : [],
    };
  }
}

/** A prerendered block of the portal page: `<div data-route data-session [data-any-query]>` inside #portal. */
class Block {
  removed = false;
  readonly parentNode = { id: 'portal' };
  constructor(
    readonly attributes: Record<string, string>,
    readonly tags: Tag[] = [],
  ) {}
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
  hasAttribute(name: string) {
    return name in this.attributes;
  }
  querySelectorAll(selector: string) {
    return selector === ':not(:defined)' ? this.tags : [];
  }
  remove() {
    this.removed = true;
  }
}

const CREDITS_PATH = '/webclient/in-web-purchase/credit-list';
/** What the signed-in blocks' tags ask for first, as tools/prerender.tsx writes it in the page's head (firstData). */
const FIRST_DATA = {
  '/top-up': { data: [CREDITS_PATH], draw: [] },
  '/survey': { data: ['/survey-question'], draw: ['sm-survey'] },
};
/** The portal page's blocks, as tools/prerender.tsx writes them. */
const BLOCKS: Record<string, string>[] = [
  { 'data-route': '/login', 'data-session': 'out' },
  { 'data-route': '/missions', 'data-session': 'out' },
  { 'data-route': '/home', 'data-session': 'in' },
  { 'data-route': '/top-up', 'data-session': 'in' },
  { 'data-route': '/subscription', 'data-session': 'in' },
  { 'data-route': '/survey', 'data-session': 'in' },
  { 'data-route': '/donations', 'data-session': 'in', 'data-any-query': '' },
  { 'data-route': '/update-payment', 'data-session': 'in', 'data-any-query': '' },
  { 'data-route': '/direct-subscribe', 'data-session': 'in', 'data-any-query': '' },
];

interface Page {
  hash?: string;
  stored?: string | null;
  languages?: string[];
  session?: string;
  sessionKey?: string;
  blocked?: boolean;
  production?: boolean;
  /** What the API answers, by path. */
  answers?: Record<string, { status: number; body: unknown }>;
  /** The tags of each block (by its route and session: '/top-up:in'). */
  tags?: Record<string, Tag[]>;
  /** Other entries of local storage (payment records). */
  entries?: Record<string, string>;
  /** The head's FIRST_DATA_META content, if not FIRST_DATA's. */
  firstData?: string;
  /** The styles' texts, held in the portal's <template data-sm-styles>. */
  held?: Style[];
}

/**
 * Runs route.js as the page would: the script, then the parser adding the blocks, then the page parsed. Says which
 * block it kept (null: the portal's script draws the page), and gives what it asked and stored to look at.
 */
async function open(page: Page) {
  const html: Record<string, string> = {};
  const store: Record<string, string> = {};
  const asked: { url: string; auth: string | undefined }[] = [];
  const timers: (() => void)[] = [];
  /** The links route.js added to the head (the portal's chunks preloaded). */
  const links: { rel: string; href: string }[] = [];
  let address = page.hash ?? '#/login';
  let observe: ((records: { addedNodes: Block[] }[]) => void) | null = null;
  /** The portal's element: the blocks the parser has added, and not taken out. */
  let added: Block[] = [];
  const portal = {
    get childNodes() {
      return added.filter((block) => !block.removed);
    },
    querySelectorAll: (selector: string) =>
      selector === ':scope > template[data-sm-styles]'
        ? [{ content: { querySelectorAll: () => page.held ?? [] } }]
        : [],
  };
  let loaded: (() => void) | null = null;
  Object.assign(store, page.entries);
  if (page.stored != null) store[LANGUAGE_KEY] = page.stored;
  if (page.session !== undefined) store[page.sessionKey ?? sessionKeyFor('')] = page.session;
  const answerTo = (url: string) => {
    const answer = page.answers?.[url.replace(/^https:\/\/api\.example\.org/, '')];
    return { status: answer?.status ?? 404, body: answer?.body ?? {} };
  };
  const context: Record<string, unknown> = {
    location: {
      get hash() {
        return address;
      },
      origin: 'https://portal.example.org',
    },
    history: { state: null, replaceState: (_: unknown, __: string, href: string) => (address = href) },
    localStorage: {
      getItem: (key: string) => {
        if (page.blocked) throw new DOMException('The operation is insecure.', 'SecurityError');
        return store[key] ?? null;
      },
      setItem: (key: string, value: string) => (store[key] = value),
    },
    navigator: { languages: page.languages ?? ['en'] },
    document: {
      documentElement: {
        setAttribute: (name: string, value: string) => (html[name] = value),
        removeAttribute: (name: string) => delete html[name],
      },
      addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && (loaded = listener),
      querySelector: (selector: string) =>
        selector === `meta[name="${FIRST_DATA_META}"]`
          ? { getAttribute: () => page.firstData ?? JSON.stringify(FIRST_DATA) }
          : null,
      createElement: () => ({}),
      getElementById: (id: string) => (id === 'portal' ? portal : null),
      body: {},
      head: { append: (link: { rel: string; href: string }) => links.push(link) },
      baseURI: 'https://portal.example.org/',
    },
    MutationObserver: class {
      constructor(callback: typeof observe) {
        observe = callback;
      }
      observe() {}
      disconnect() {}
    },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, auth: init.headers.Authorization });
      const answer = answerTo(url);
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    },
    // What route.js asks with a request, to read the body as it comes (the app's token exchanged, a drawn view's data).
    XMLHttpRequest: class {
      status = 0;
      statusText = '';
      responseText = '';
      onload: (() => void) | null = null;
      private url = '';
      private auth: string | undefined;
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        if (name === 'Authorization') this.auth = value;
      }
      getResponseHeader(name: string) {
        return name === 'Content-Type' ? 'application/json' : null;
      }
      send() {
        asked.push({ url: this.url, auth: this.auth });
        const answer = answerTo(this.url);
        void Promise.resolve().then(() => {
          Object.assign(this, { status: answer.status, responseText: JSON.stringify(answer.body) });
          this.onload?.();
        });
      }
    },
    Response,
    setTimeout: (fn: () => void) => timers.push(fn),
    Element: Block,
    URL,
    URLSearchParams,
    requestAnimationFrame: () => 0,
    addEventListener: () => {},
  };
  const vm = createContext(context);
  runInContext(page.production ? productionScript : script, vm);
  const blocks = BLOCKS.map(
    (attributes) =>
      new Block(attributes, page.tags?.[`${attributes['data-route']}:${attributes['data-session']}`] ?? []),
  );
  added = blocks;
  observe!([{ addedNodes: blocks }]);
  loaded!();
  // The page's stores, as the portal's code finds them (shared/boot/boot.ts).
  const appLink = runInContext("globalThis[Symbol.for('sm.page')]?.appLink", vm) as
    { signedIn: Promise<unknown>; settled: Promise<unknown> } | undefined;
  const early = () =>
    runInContext("globalThis[Symbol.for('sm.page')].early", vm) as Record<string, { uses: number; auth: string }>;
  return {
    html,
    store,
    asked,
    links,
    early,
    get address() {
      return address;
    },
    /** The block shown: the one kept, if the page's style shows it (html[data-route]). */
    shown: () => (html['data-route'] ? (blocks.find((b) => !b.removed)?.attributes ?? null) : null),
    route: () => (html['data-route'] ? `${html['data-route']}:${html['data-session']}` : null),
    /** Runs the tasks route.js left for after its own (the timers set so far). */
    tasks() {
      timers.splice(0).forEach((fn) => fn());
    },
    /** Waits for the app link's exchange, then runs the 500 ms wait. */
    async settle() {
      await appLink?.signedIn;
      timers.splice(0).forEach((fn) => fn());
      await appLink?.settled;
    },
  };
}

const session = (expiresIn: number) =>
  storedSignIn({ accessToken: 'x', tokenType: 'Bearer', expiresAt: Date.now() + expiresIn });

describe('route.js', () => {
  const browsers = [
    ['en-US'],
    ['en-GB', 'es'],
    ['es-MX'],
    ['fil-PH'],
    ['tl'],
    ['zh-CN'],
    ['zh-TW'],
    ['zh-Hant-HK', 'en'],
    ['de-DE'],
    ['de-DE', 'es'],
    ['pt-BR', 'zh-SG'],
    [],
  ];
  const choices = [null, 'en', 'es', 'fil', 'zh-Hans', 'klingon'];

  it.each(browsers.flatMap((languages) => choices.map((stored) => ({ languages, stored }))))(
    'agrees with the portal: browser $languages, menu $stored',
    async ({ languages, stored }) => {
      const english = portalLanguage(stored, languages) === 'en';
      expect((await open({ languages, stored })).route()).toBe(english ? '/login:out' : null);
    },
  );

  it.each(browsers)('agrees with the portal where storage is blocked: browser %j', async (...languages) => {
    // host/language.ts reads no stored choice then: the browser's languages decide.
    const english = portalLanguage(null, languages) === 'en';
    expect((await open({ languages, blocked: true })).route()).toBe(english ? '/login:out' : null);
  });

  it("shows a signed-in member the route as members see it, and asks for the route's data and the profile with their sign-in", async () => {
    const page = await open({ hash: '#/top-up', session: session(60_000) });
    expect(page.shown()).toMatchObject({ 'data-route': '/top-up', 'data-session': 'in' });
    await Promise.resolve();
    // Asked for in tasks of their own, after the script's (the page's parse): the route's data first, what the member
    // came for.
    expect(page.asked).toEqual([]);
    page.tasks();
    expect(page.asked).toEqual([
      { url: CREDITS_PATH, auth: 'Bearer x' },
      { url: PROFILE_PATH, auth: 'Bearer x' },
    ]);
    expect(page.links).toEqual([]);
    // A public route with no members' markup: the portal's script draws it, never the visitors' markup.
    expect((await open({ hash: '#/missions', session: session(60_000) })).shown()).toBeNull();
    expect((await open({ hash: '#/login', session: session(60_000) })).shown()).toBeNull();
    // The bare address: the dashboard (home's block) for a member, the sign-in page for anyone else.
    expect((await open({ hash: '', session: session(60_000) })).shown()).toMatchObject({ 'data-route': '/home' });
    expect((await open({ hash: '' })).route()).toBe('/login:out');
    // /history, a path the portal shows as home, for a member; for a visitor, no block (the portal asks to sign in).
    expect((await open({ hash: '#/history', session: session(60_000) })).shown()).toMatchObject({
      'data-route': '/home',
      'data-session': 'in',
    });
    expect((await open({ hash: '#/history' })).shown()).toBeNull();
  });

  it("asks only for paths on the API host, whatever the page's head says", async () => {
    const firstData = JSON.stringify({
      '/survey': { data: ['//evil.org/steal', '@evil.org/x', 7, '/survey-question'], draw: ['../evil', 'sm-survey'] },
    });
    const page = await open({ hash: '#/survey', session: session(60_000), firstData });
    await Promise.resolve();
    // The survey draws its first question from its data: asked for at once; the profile in a task of its own.
    expect(page.asked.map((a) => a.url)).toEqual(['/survey-question']);
    page.tasks();
    expect(page.asked.map((a) => a.url)).toEqual(['/survey-question', PROFILE_PATH]);
    // A head it cannot read: nothing asked early (the loader asks when it runs), and the route still shows.
    const unreadable = await open({ hash: '#/survey', session: session(60_000), firstData: '{"/survey":' });
    unreadable.tasks();
    await Promise.resolve();
    expect(unreadable.asked.map((a) => a.url)).toEqual([PROFILE_PATH]);
    expect(unreadable.shown()).toMatchObject({ 'data-route': '/survey', 'data-session': 'in' });
  });

  it("writes each style of the shown block's tags from the template that holds it", async () => {
    // As tools/prerender.tsx shareStyles writes them: every shadow root's style empty, its text held once, inert.
    const held = [new Style('0', ':host{display:block}'), new Style('1', '.sm-missions{}')];
    const topUp = new Tag([new Style('0', ''), new Style('1', '')]);
    const later = new Tag([new Style('1', '')]);
    const tags = { '/top-up:in': [topUp], '/survey:in': [later] };
    const page = await open({ hash: '#/top-up', session: session(60_000), tags, held });
    expect(page.shown()).toMatchObject({ 'data-route': '/top-up' });
    expect(topUp.styles.map((style) => style.textContent)).toEqual([':host{display:block}', '.sm-missions{}']);
    // Only the shown block's: the others are taken out as they are.
    expect(later.styles[0]!.textContent).toBe('');
  });

  it('keeps a block for an address with a query only when it fits any query', async () => {
    expect((await open({ hash: '#/login?next=x' })).shown()).toBeNull();
    const donations = await open({ hash: '#/donations?_d=3', session: session(60_000) });
    expect(donations.shown()).toEqual(BLOCKS.find((b) => b['data-route'] === '/donations'));
    expect((await open({ hash: '' })).route()).toBe('/login:out');
  });

  it('shows the visitors markup to one whose sign-in has run out, and past a record it cannot read', async () => {
    for (const record of [session(-1000), '{"accessToken":', '"just a string"'])
      expect((await open({ session: record })).route()).toBe('/login:out');
  });

  it('sends a payment page with no payment to finish on to where it goes, from the first paint', async () => {
    const member = { session: session(60_000) };
    for (const [hash, goes, block] of [
      ['#/success', '#/home', '/home'],
      ['#/subscription-success', '#/home', '/home'],
      ['#/donation-success', '#/home', '/home'],
      ['#/result/pending', '#/home', '/home'],
      ['#/checkout', '#/top-up', '/top-up'],
      ['#/subscription-checkout', '#/subscription', '/subscription'],
    ]) {
      const page = await open({ ...member, hash });
      expect(page.address, hash).toBe(goes);
      expect(page.shown(), hash).toMatchObject({ 'data-route': block, 'data-session': 'in' });
    }
    // A payment to finish, in the address or in storage (read or not: the page's code judges it): the page stays.
    const credit = { [paymentRecordKey('credit', '')]: '{"unreadable' };
    for (const page of [
      { hash: '#/success?session_id=cs_1' },
      { hash: '#/success', entries: credit },
      { hash: '#/checkout', entries: credit },
      { hash: '#/result/pending', entries: { [paymentRecordKey('payment-pending', '')]: '{}' } },
    ])
      expect((await open({ ...member, ...page })).address).toBe(page.hash);
    // The record of another API host is not this portal's; nor is a visitor's page a member's.
    expect(
      (await open({ ...member, hash: '#/success', entries: { [paymentRecordKey('credit', API)]: '{}' } })).address,
    ).toBe('#/home');
    expect((await open({ hash: '#/success' })).address).toBe('#/success');
  });

  it('reads the session where a portal built with VITE_API_BASE keeps it (the key the session writes)', async () => {
    const signedIn = session(60_000);
    const production = { hash: '#/home', session: signedIn, production: true };
    // A portal built for an API on another origin: its session is kept under that host's key, which route.js reads.
    expect((await open({ ...production, sessionKey: sessionKeyFor(API) })).route()).toBe('/home:in');
    // The page's own host's record is not that portal's session.
    expect((await open(production)).route()).toBe(null);
    expect((await open({ hash: '#/home', session: signedIn, sessionKey: sessionKeyFor(API) })).route()).toBe(null);
  });
});

describe("route.js and the mobile app's links", () => {
  const login = { access_token: 'new', token_type: 'Bearer', expires_in: 3600 };
  const ok = { [MOBILE_LOGIN_PATH]: { status: 200, body: { data: login } } };

  it('signs in before the portal comes: the type page shows from the first frame, then the address moves on', async () => {
    const page = await open({ hash: '#/login?_t=T1&type=topup', answers: ok });
    expect(page.route()).toBe('/top-up:in');
    expect(page.asked[0]).toEqual({ url: MOBILE_LOGIN_PATH, auth: 'Bearer T1' });
    await page.settle();
    const stored = JSON.parse(page.store[sessionKeyFor('')]!);
    expect(stored).toMatchObject({ v: 1, auth: { accessToken: 'new', tokenType: 'Bearer' }, fromApps: true });
    // Exchanged once: the portal's code does not take the used answer; the profile is asked with the new sign-in.
    expect(page.early()[MOBILE_LOGIN_PATH]!.uses).toBe(0);
    expect(page.asked[1]).toEqual({ url: PROFILE_PATH, auth: 'Bearer new' });
    expect(page.address).toBe('#/top-up');
    expect(page.route()).toBe('/top-up:in');
  });

  it.each([
    ['subscription', '/subscription', '#/subscription'],
    ['survey', '/survey', '#/survey'],
    ['donation', '/donations', '#/donations?_d=2'],
    ['something-else', '/home', '#/home'],
  ])('type=%s shows %s and moves on to %s', async (type, route, address) => {
    const page = await open({ hash: `#/register?_t=T2&type=${type}`, answers: ok });
    expect(page.html['data-route']).toBe(route);
    await page.settle();
    expect(page.address).toBe(address);
  });

  it("asks for the type page's first data with the new sign-in as soon as it has it", async () => {
    const page = await open({ hash: '#/login?_t=T6&type=survey', answers: ok });
    expect(page.asked.map((a) => a.url)).toEqual([MOBILE_LOGIN_PATH]);
    await page.settle();
    expect(page.asked.slice(1)).toEqual([
      { url: PROFILE_PATH, auth: 'Bearer new' },
      { url: '/survey-question', auth: 'Bearer new' },
    ]);
    // For the tag that shows it to take (the loader counts it when it runs for the tag).
    expect(page.early()['/survey-question']).toMatchObject({ uses: 0, auth: 'Bearer new' });
  });

  it('leaves a refused token to the portal, which shows the sign-in page with its message', async () => {
    const answers = { [MOBILE_LOGIN_PATH]: { status: 401, body: { message: 'Token used' } } };
    const page = await open({ hash: '#/login?_t=used&type=topup', answers });
    await page.settle();
    expect(page.route()).toBeNull();
    expect(page.store[sessionKeyFor('')]).toBeUndefined();
    expect(page.address).toBe('#/login?_t=used&type=topup');
    // Nothing else was asked: there is no one to ask it for.
    expect(page.asked.map((a) => a.url)).toEqual([MOBILE_LOGIN_PATH]);
    // The portal's code takes the answer instead of exchanging the token again.
    expect(page.early()[MOBILE_LOGIN_PATH]).toMatchObject({ uses: 1, auth: 'Bearer used' });
  });

  it('leaves a link for another account than the one signed in here to the portal, which asks first', async () => {
    const page = await open({ hash: '#/login?_t=T3&type=topup', session: session(60_000), answers: ok });
    await page.settle();
    expect(page.address).toBe('#/login?_t=T3&type=topup');
    expect(JSON.parse(page.store[sessionKeyFor('')]!).auth.accessToken).toBe('x');
    expect(page.early()[MOBILE_LOGIN_PATH]).toMatchObject({ uses: 1, auth: 'Bearer T3' });
  });

  it("replaces the session of the app's own webview (an earlier link), as the portal does", async () => {
    const earlier = JSON.stringify({ ...JSON.parse(session(60_000)), fromApps: true });
    const page = await open({ hash: '#/login?_t=T4&type=topup', session: earlier, answers: ok });
    expect(page.route()).toBe('/top-up:in');
    await page.settle();
    expect(JSON.parse(page.store[sessionKeyFor('')]!).auth.accessToken).toBe('new');
  });

  it.each(['#/update-payment?_t=T5', '#/direct-subscribe?_t=T5&price=9&method=credit_card&recurring=1'])(
    'signs %s in early and shows its page signed in, which takes the same answer as it pays',
    async (hash) => {
      const page = await open({ hash, answers: ok });
      expect(page.asked).toEqual([{ url: MOBILE_LOGIN_PATH, auth: 'Bearer T5' }]);
      // Its own page, signed in, from the first frame (any query: the token's, the app's choices).
      expect(page.route()).toBe(`${hash.slice(1).split('?')[0]}:in`);
      await page.settle();
      expect(JSON.parse(page.store[sessionKeyFor('')]!)).toMatchObject({
        auth: { accessToken: 'new' },
        fromApps: true,
      });
      // It stays (its page pays from it), and the answer is left for its page's own sign-in with the token.
      expect(page.address).toBe(hash);
      expect(page.early()[MOBILE_LOGIN_PATH]!.uses).toBe(1);
      expect(page.route()).toBe(`${hash.slice(1).split('?')[0]}:in`);
    },
  );

  it('leaves an update-payment link to its page when its token is refused, or another account is signed in', async () => {
    const refused = { [MOBILE_LOGIN_PATH]: { status: 401, body: { message: 'Token used' } } };
    const page = await open({ hash: '#/update-payment?_t=used', answers: refused });
    await page.settle();
    expect(page.route()).toBeNull();
    expect(page.store[sessionKeyFor('')]).toBeUndefined();
    const other = await open({ hash: '#/update-payment?_t=T7', session: session(60_000), answers: ok });
    await other.settle();
    expect(JSON.parse(other.store[sessionKeyFor('')]!).auth.accessToken).toBe('x');
    expect(other.early()[MOBILE_LOGIN_PATH]).toMatchObject({ uses: 1, auth: 'Bearer T7' });
  });
});
