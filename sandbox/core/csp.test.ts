// @vitest-environment node
// The one policy of the sandbox's HTML, widened only by name and only by origins.
import { describe, expect, it } from 'vitest';
import { TRUSTED_TYPES_POLICY } from '../../shared/boot/trusted-types.js';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy, CSP, isOrigin, pageScriptHashes, scriptHashes } from './csp.js';

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('contentSecurityPolicy', () => {
  it("is the sandbox's own policy when nothing is added", () => {
    expect(CSP).toBe(
      "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; " +
        "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; " +
        "require-trusted-types-for 'script'; trusted-types sm-portal",
    );
    expect(contentSecurityPolicy({})).toBe(CSP);
    expect(contentSecurityPolicy({ connect: [], img: [], formAction: [] })).toBe(CSP);
  });

  it('adds each origin where it is named, once', () => {
    const policy = contentSecurityPolicy({
      connect: ['http://127.0.0.1:8091'],
      img: ['http://127.0.0.1:8091', 'http://127.0.0.1:8091'],
      formAction: ['https://portal.example.org'],
    });
    expect(policy).toBe(
      "default-src 'self'; img-src 'self' data: http://127.0.0.1:8091; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
        "connect-src 'self' http://127.0.0.1:8091; frame-ancestors 'none'; base-uri 'self'; form-action 'self' https://portal.example.org; " +
        "require-trusted-types-for 'script'; trusted-types sm-portal",
    );
  });

  it("enforces Trusted Types, allowing the portal's one policy (shared/boot/boot.ts) and no other", () => {
    const directives = CSP.split('; ');
    expect(directives.filter((d) => d.startsWith('trusted-types'))).toEqual([`trusted-types ${TRUSTED_TYPES_POLICY}`]);
    expect(directives).toContain("require-trusted-types-for 'script'");
  });

  it('allows another Trusted Types policy only by a name, never a keyword or a directive', () => {
    const policy = contentSecurityPolicy({ policies: ['sm-intl', "'allow-duplicates'", 'x; script-src *'] });
    expect(policy.split('; ').filter((d) => d.startsWith('trusted-types'))).toEqual([
      'trusted-types sm-portal sm-intl',
    ]);
  });

  it('takes origins only: nothing else can add a source or a directive', () => {
    const policy = contentSecurityPolicy({
      formAction: [
        "http://a.test; script-src 'unsafe-inline'",
        'null',
        '*',
        'https://b.test/',
        'https://c.test/path',
        'javascript:x',
        "'self'",
      ],
    });
    expect(policy).toBe(CSP);
  });
});

describe('scriptHashes', () => {
  const route = '(function(){document.documentElement.dataset.route="/login"})()';
  const page =
    `<!doctype html><html><head><script>${route}</script>` +
    '<script type="module" src="./widgets/loader.js"></script>' +
    '<script type="application/json" id="sm-runtime-config">{"a":1}</script></head>' +
    '<body><script type="module">import "./x.js";</script><SCRIPT type="text/javascript">1</SCRIPT></body></html>';

  it('hashes each inline script a page runs, and no file or data block', () => {
    expect(scriptHashes(page)).toEqual([sha256(route), sha256('import "./x.js";'), sha256('1')]);
  });

  it("allows a page's inline scripts by hash, and nothing that is not one", () => {
    const [hash] = scriptHashes(page);
    expect(contentSecurityPolicy({ scripts: [hash!] })).toBe(
      CSP.replace("script-src 'self'", `script-src 'self' ${hash}`),
    );
    // Anything else could widen the policy: a keyword, an origin, a second directive, a hash of another kind.
    const tries = ["'unsafe-inline'", 'https://evil.test', `${hash}; img-src *`, "'sha512-abc='", "'nonce-x'"];
    expect(contentSecurityPolicy({ scripts: tries })).toBe(CSP);
  });

  it("reads a built page's hashes again only when the page changed", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'csp-')), 'index.html');
    expect(pageScriptHashes(file)).toEqual([]);
    writeFileSync(file, '<script>one()</script>');
    expect(pageScriptHashes(file)).toEqual([sha256('one()')]);
    writeFileSync(file, '<script>two(2)</script>');
    expect(pageScriptHashes(file)).toEqual([sha256('two(2)')]);
  });
});

describe('isOrigin', () => {
  it('is an http(s) origin as browsers write it', () => {
    for (const ok of [
      'http://localhost:8090',
      'https://portal.example.org',
      'http://127.0.0.1:8091',
      'http://[::1]:8080',
    ]) {
      expect(isOrigin(ok), ok).toBe(true);
    }
    for (const bad of [
      'https://portal.example.org/',
      'HTTPS://portal.example.org',
      'https://portal.example.org:443',
      'ftp://x.test',
      'null',
      '',
      'x',
    ]) {
      expect(isOrigin(bad), bad).toBe(false);
    }
  });
});
