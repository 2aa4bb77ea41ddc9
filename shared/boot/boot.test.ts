/**
 * The boot protocol is written once: each of its facts appears in one file of shared/boot/ and nowhere else in the code the product runs or builds with, and
 * its functions read storage and addresses as the session and the settings do.
 */
// @vitest-environment happy-dom
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiBaseOf, authOf, normaliseBase, sessionKeyFor, storedAuthorization } from './boot';
import { settingsFrom } from '../config/config';
import { storedSignIn } from '../session/session';

const root = join(import.meta.dirname, '..', '..');

/** Each fact of the protocol, as the text that would spell it out again. */
const FACTS: Record<string, RegExp> = {
  "the session's storage key": /sm\.session\.v\d/,
  "the portal's language key": /sm\.portal\.language/,
  "the payment records' storage keys": /sm\.payment\./,
  "the page's boot store (records, early answers, app link)": /'sm\.page'/,
  "the Trusted Types policy's text-only store": /sm\.trusted-text/,
  "creating the tags' HTML policy": /createPolicy\(TRUSTED_TYPES_POLICY/,
  "the Intl worker's policy name": /'sm-intl'/,
  "the Intl worker's file": /'intl-worker\.js'/,
  'how long an early answer is fresh': /FRESH_MS\s*=/,
  'matching Chinese written in traditional characters': /hant\|tw/,
  'the rule for a path on the API host a view may ask for': /\^\\\/\\w/,
};

/** The files the product runs or is built with (tests and test pages aside). */
const SOURCE = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    'widgets',
    'shared',
    'host',
    'tools',
    'sandbox',
    'vite.config.ts',
  ],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .filter(
    (file) => /\.(ts|tsx|js|mjs|html)$/.test(file) && !/\.test\.tsx?$|[\\/]testing\.ts$|\.generated\.d\.ts$/.test(file),
  );

describe('the boot protocol', () => {
  it.each(Object.entries(FACTS))('%s is written in one file, in shared/boot/', (_, fact) => {
    const written = SOURCE.filter((file) => fact.test(readFileSync(join(root, file), 'utf8')));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^shared\/boot\/[\w-]+\.ts$/);
  });

  it('finds the files it looks through', () => {
    expect(SOURCE).toEqual(
      expect.arrayContaining([
        'widgets/loader.ts',
        'host/route.ts',
        'shared/session/session.ts',
        'widgets/survey/survey.draw.ts',
      ]),
    );
  });
});

describe('storedAuthorization', () => {
  afterEach(() => localStorage.clear());
  const signedIn = (expiresIn: number) =>
    storedSignIn({ accessToken: 'tok', tokenType: 'Bearer', expiresAt: Date.now() + expiresIn });

  it('reads the session of the API host the tag calls, under the key the session writes', () => {
    localStorage.setItem(sessionKeyFor('https://api.example.org'), signedIn(60_000));
    expect(storedAuthorization('https://api.example.org')).toBe('Bearer tok');
    expect(storedAuthorization('')).toBe('');
    expect(storedAuthorization('https://other.example.org')).toBe('');
  });

  it('is no one for a sign-in past its expiry or a record it cannot read', () => {
    localStorage.setItem(sessionKeyFor(''), signedIn(-1));
    expect(storedAuthorization('')).toBe('');
    for (const text of ['{"auth":', '"text"', 'null', '{"auth":null}']) {
      localStorage.setItem(sessionKeyFor(''), text);
      expect(storedAuthorization('')).toBe('');
    }
  });
});

describe('normaliseBase', () => {
  it('gives an absolute http(s) address without a trailing slash, as the settings and the loader key it', () => {
    expect(normaliseBase('https://API.example.org/')).toBe('https://api.example.org');
    expect(normaliseBase('https://api.example.org/v1//')).toBe('https://api.example.org/v1');
    expect(normaliseBase('/api/', 'https://portal.example.org/blog/')).toBe('https://portal.example.org/api');
    for (const bad of ['javascript:alert(1)', 'ftp://example.org', 'http://', '', null, undefined])
      expect(normaliseBase(bad)).toBeNull();
  });

  it('is what the settings read an attribute with, and what the loader keys a session by', () => {
    for (const value of ['https://API.example.org/', 'api', '//cdn.example.org/x/'])
      expect(settingsFrom({ apiBase: value }).apiBase).toBe(normaliseBase(value));
    expect(apiBaseOf('https://api.example.org/')).toBe('https://api.example.org');
    expect(apiBaseOf('javascript:alert(1)')).toBe(apiBaseOf(null));
  });
});

describe('authOf', () => {
  it("stores a login answer's token, its type when it is letters only, and when it expires", () => {
    const login = { access_token: 'tok', token_type: 'Bearer', expires_in: 60 };
    expect(authOf(login, 1_000)).toEqual({ accessToken: 'tok', tokenType: 'Bearer', expiresAt: 61_000 });
    // A type that would bend the Authorization header is stored as Bearer.
    for (const type of ['Bearer x', 'Basic\r\nX-Evil: 1', '', 42, undefined])
      expect(authOf({ ...login, token_type: type }, 0).tokenType).toBe('Bearer');
    expect(authOf({ ...login, token_type: 'MAC' }, 0).tokenType).toBe('MAC');
  });
});
