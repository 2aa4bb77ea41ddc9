import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headersFile, nginxInclude, writeDeployment } from '../../tools/deploy.js';
import { scriptHashes } from './csp.js';
import { cacheControl, deploymentRules, headersFor, IMMUTABLE, REVALIDATE, servedFiles } from './portal-headers.js';

const FILES = [
  '/index.html',
  '/custom-elements.json',
  '/assets/core-1a2b3c4d.js',
  '/docs/index.html',
  '/docs/docs.css',
  '/widgets/loader.js',
  '/widgets/markup/sm-login.html',
  '/widgets/sm-widgets.d.ts',
  '/snippets/sm-login.html',
];
const SETTINGS = { api: 'https://api.example.org', scripts: ["'sha256-" + 'A'.repeat(43) + "='"] };

describe('the deployment rules', () => {
  const rules = deploymentRules(FILES, SETTINGS);

  it('keeps hashed files a year and checks every fixed name on each use', () => {
    expect(headersFor(rules, '/assets/core-1a2b3c4d.js')['Cache-Control']).toBe(IMMUTABLE);
    for (const path of ['/', '/index.html', '/widgets/loader.js', '/widgets/markup/sm-login.html', '/docs/'])
      expect(headersFor(rules, path)['Cache-Control'], path).toBe(REVALIDATE);
    expect(cacheControl('/assets/page.html')).toBe(REVALIDATE);
  });

  it("gives the pages their CSP with the API host and the inline script's hash, and fragments none", () => {
    for (const page of ['/', '/index.html', '/docs/index.html']) {
      const policy = headersFor(rules, page)['Content-Security-Policy'];
      expect(policy, page).toContain("connect-src 'self' https://api.example.org;");
      expect(policy, page).toContain(`script-src 'self' ${SETTINGS.scripts[0]};`);
      expect(policy, page).toContain("require-trusted-types-for 'script'");
      // The tags' HTML policy, and the one route.js passes its Intl worker's address with.
      expect(policy, page).toMatch(/; trusted-types sm-portal sm-intl$/);
      expect(headersFor(rules, page)['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    }
    expect(headersFor(rules, '/widgets/markup/sm-login.html')['Content-Security-Policy']).toBeUndefined();
  });

  it('opens every file to other origins, and names the type a host would guess wrong', () => {
    for (const path of FILES) expect(headersFor(rules, path)['Access-Control-Allow-Origin'], path).toBe('*');
    expect(headersFor(rules, '/widgets/sm-widgets.d.ts')['Content-Type']).toBe('text/plain; charset=utf-8');
  });

  it('never gives one path a header twice (hosts that merge rules would join the values)', () => {
    for (const path of ['/', ...FILES]) {
      const names = rules
        .filter((r) => (r.path.endsWith('/*') ? path.startsWith(r.path.slice(0, -1)) : r.path === path))
        .flatMap((r) => Object.keys(r.headers));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('adds Firebase Auth only when social sign-in is configured', () => {
    expect(headersFor(rules, '/')['Content-Security-Policy']).not.toContain('googleapis');
    const withFirebase = deploymentRules(FILES, { ...SETTINGS, firebaseAuthDomain: 'sm.firebaseapp.com' });
    const policy = headersFor(withFirebase, '/')['Content-Security-Policy']!;
    expect(policy).toContain('https://identitytoolkit.googleapis.com');
    expect(policy).toContain('frame-src https://sm.firebaseapp.com;');
  });
});

describe('the files the build writes', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes _headers and the nginx include for the build's own page, leaving out what is never served", () => {
    dir = mkdtempSync(join(tmpdir(), 'sm-deploy-'));
    const page = '<!doctype html><script>console.log(1)</script><script type="module" src="x.js"></script>';
    writeFileSync(join(dir, 'index.html'), page);
    for (const folder of ['assets', '.vite']) mkdirSync(join(dir, folder));
    for (const file of ['assets/a-12345678.js', 'assets/a-12345678.js.map', 'assets/a-12345678.js.br', '.vite/m.json'])
      writeFileSync(join(dir, file), '1');
    expect(servedFiles(dir)).toEqual(['/assets/a-12345678.js', '/index.html']);
    const rules = writeDeployment(dir, { VITE_API_BASE: 'https://api.example.org/v1/' });
    const [hash] = scriptHashes(page);
    const headers = readFileSync(join(dir, '_headers'), 'utf8');
    expect(headers).toBe(headersFile(rules));
    expect(headers).toContain(`script-src 'self' ${hash};`);
    expect(headers).toContain("connect-src 'self' https://api.example.org;");
    const nginx = readFileSync(join(dir, '_nginx.conf'), 'utf8');
    expect(nginx).toBe(nginxInclude(rules, ['.html', '.js']));
    expect(nginx).toContain('location = /index.html {');
    expect(nginx).toContain(`script-src 'self' ${hash};`);
    // Written again, and the files are now there: the same files, which are not among those served.
    writeDeployment(dir, { VITE_API_BASE: 'https://api.example.org/v1/' });
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe(headers);
    expect(servedFiles(dir)).toEqual(['/assets/a-12345678.js', '/index.html']);
  });

  it('refuses a build holding a kind of file it has no type for', () => {
    expect(() => nginxInclude([], ['.xyz'])).toThrow(/\.xyz file, which has no content type/);
  });
});
