/**
 * route.js (built from host/route.ts, a plain script in the page's head) shows the prerendered English route only
 * when the portal will be English and no one is signed in: it must agree with the portal's script, which reads the
 * same boot protocol (shared/boot/boot.ts), as the build writes it.
 */
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY, portalLanguage, sessionKeyFor } from '../shared/boot/boot';
import { storedSignIn } from '../shared/session/session';
import { bundleRouteScript } from '../tools/boot-scripts';

/** route.js as `npm run build` writes it, and as a build with VITE_API_BASE (the production setting) does. */
let script = '';
let productionScript = '';
const API = 'https://api.example.org';
beforeAll(async () => {
  [script, productionScript] = await Promise.all([
    bundleRouteScript({ apiBase: '' }),
    bundleRouteScript({ apiBase: `${API}/` }),
  ]);
}, 60_000);

/** Runs route.js as the page would, and says which route's markup it keeps (null: the script draws the page). */
function shownRoute(options: {
  hash?: string;
  stored?: string | null;
  languages: string[];
  session?: string;
  sessionKey?: string;
  blocked?: boolean;
  production?: boolean;
}): string | null {
  let route: string | null = null;
  const store: Record<string, string> = {};
  if (options.stored != null) store[LANGUAGE_KEY] = options.stored;
  if (options.session !== undefined) store[options.sessionKey ?? sessionKeyFor('')] = options.session;
  runInNewContext(options.production ? productionScript : script, {
    location: { hash: options.hash ?? '#/login' },
    localStorage: {
      getItem: (key: string) => {
        if (options.blocked) throw new DOMException('The operation is insecure.', 'SecurityError');
        return store[key] ?? null;
      },
    },
    navigator: { languages: options.languages },
    document: {
      documentElement: { setAttribute: (_: string, value: string) => (route = value) },
      addEventListener: () => {},
    },
    MutationObserver: class {
      observe() {}
      disconnect() {}
    },
    Element: class {},
    URL,
    requestAnimationFrame: () => 0,
    addEventListener: () => {},
  });
  return route;
}

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
    ({ languages, stored }) => {
      const english = portalLanguage(stored, languages) === 'en';
      expect(shownRoute({ languages, stored })).toBe(english ? '/login' : null);
    },
  );

  it.each(browsers)('agrees with the portal where storage is blocked: browser %j', (...languages) => {
    // host/language.ts reads no stored choice then: the browser's languages decide.
    expect(shownRoute({ languages, blocked: true })).toBe(portalLanguage(null, languages) === 'en' ? '/login' : null);
  });

  /** A session record as shared/session/session.ts keeps it, its sign-in running out `in` ms from now. */
  const session = (expiresIn: number) =>
    storedSignIn({ accessToken: 'x', tokenType: 'Bearer', expiresAt: Date.now() + expiresIn });

  it('keeps no markup for a signed-in visitor or an address with a query', () => {
    expect(shownRoute({ languages: ['en'], session: session(60_000) })).toBe(null);
    expect(shownRoute({ languages: ['en'], hash: '#/donation-page?_d=3' })).toBe(null);
    expect(shownRoute({ languages: ['en'], hash: '' })).toBe('/login');
  });

  it('shows the markup to a returning visitor whose sign-in has run out, and past a record it cannot read', () => {
    expect(shownRoute({ languages: ['en'], session: session(-1000) })).toBe('/login');
    expect(shownRoute({ languages: ['en'], session: '{"accessToken":' })).toBe('/login');
    expect(shownRoute({ languages: ['en'], session: '"just a string"' })).toBe('/login');
  });

  it('reads the session where a portal built with VITE_API_BASE keeps it (the key the session writes)', () => {
    const signedIn = session(60_000);
    // A portal built for an API on another origin: its session is kept under that host's key, which route.js reads.
    expect(shownRoute({ languages: ['en'], session: signedIn, sessionKey: sessionKeyFor(API), production: true })).toBe(
      null,
    );
    // The page's own host's record is not that portal's session.
    expect(shownRoute({ languages: ['en'], session: signedIn, production: true })).toBe('/login');
    expect(shownRoute({ languages: ['en'], session: signedIn, sessionKey: sessionKeyFor(API) })).toBe('/login');
  });
});
