/**
 * The package tried from outside (`npm run test:consumers`, part of `npm test` after the build):
 * `npm pack` makes the tarball, publint and @arethetypeswrong/cli check it, and it is installed
 * into two consumers kept beside this file:
 *
 * - react-app/: Vite + React 19 + TypeScript. tsc accepts src/ (every tag used correctly) and
 *   rejects each file of type-errors/ with the expected errors; Vite builds it;
 * - html-page/: a plain page with the loader and the tag alone;
 * - plain-ts/: a plain TypeScript page, skipLibCheck off, with no React anywhere: copied out of the
 *   project first (where React would be found in the project's node_modules), and tsc must
 *   accept it: the main entry's types are the DOM's; React's JSX types are sm-portal-widgets/react.
 *
 * Each consumer's own folder gets the tarball (npm install --no-save): the package bundles its
 * code, React 18.3 included, and has no dependencies. The React app installs its own React 19
 * beside it, as an app on the current React would; vite and typescript resolve from the
 * project's node_modules above. Both are then served on one origin, and in Chromium each shows
 * <sm-newsletter>, in Spanish when the page turns Spanish, and subscribes an address against a
 * sandbox on another origin.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../../sandbox/test-support';
import { LANGUAGES } from '../../shared/i18n/languages';
import { readCatalogue } from '../../tools/messages';
import { tags } from '../../widgets/tags';
import { launch } from '../e2e/support';

const root = resolve(import.meta.dirname, '../..');
const here = import.meta.dirname;
const app = join(here, 'react-app');
const page = join(here, 'html-page');
/** Where the plain TypeScript page is copied to, out of the project (set in beforeAll). */
let plainTs: string;
const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (name: string) => join(root, 'node_modules/.bin', name);

/** Runs a command; resolves with its exit code and output instead of throwing on failure. */
async function sh(file: string, args: string[], cwd = root): Promise<{ code: number; out: string; stdout: string }> {
  try {
    const { stdout, stderr } = await run(file, args, {
      cwd,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    return { code: 0, out: stdout + stderr, stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      out: `${e.stdout ?? ''}${e.stderr ?? ''}`,
      stdout: e.stdout ?? '',
    };
  }
}

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

let work: string;
let tarball: string;
let packed: Packed;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/widgets/loader.js'))) throw new Error('Build first: npm run build');
  work = mkdtempSync(join(tmpdir(), 'sm-consumers-'));
  const pack = await sh(npm, ['pack', '--json', '--pack-destination', work]);
  expect(pack.code, pack.out).toBe(0);
  packed = (JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Packed[])[0]!;
  tarball = join(work, packed.filename);
  console.log(
    `${packed.filename}: ${(packed.size / 1024).toFixed(1)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(1)} KiB unpacked, ${packed.files.length} files`,
  );
  plainTs = join(work, 'plain-ts');
  cpSync(join(here, 'plain-ts'), plainTs, { recursive: true, filter: (f) => !f.includes('node_modules') });
  for (const consumer of [app, page, plainTs]) {
    rmSync(join(consumer, 'node_modules'), { recursive: true, force: true });
    const install = await sh(
      npm,
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', tarball],
      consumer,
    );
    expect(install.code, install.out).toBe(0);
  }
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  it("holds the loader and each tag's own copy of it, every tag with the files it imports, the snippets, markup, manifest and types; nothing of the portal, sandbox or tests", () => {
    const files = packed.files.map((f) => f.path).sort();
    // What the build says each widget entry and the loader import, statically or on demand.
    const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; name?: string }
    >;
    const needed = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (needed.has(chunk.file)) return;
      needed.add(chunk.file);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    for (const [key, chunk] of Object.entries(manifest))
      if (chunk.isEntry && chunk.file.startsWith('widgets/')) visit(key);
    const expected = [
      ...[...needed].map((f) => `dist/${f}`),
      // The loader is built after the tags (tools/loader-build.ts), outside the manifest.
      'dist/widgets/loader.js',
      ...Object.keys(tags).flatMap((tag) => [
        `dist/snippets/${tag}.html`,
        `dist/widgets/markup/${tag}.html`,
        `dist/widgets/loader-${tag}.js`,
      ]),
      // The markup and snippets of the other languages.
      ...LANGUAGES.filter((l) => l !== 'en').flatMap((lang) =>
        Object.keys(tags).flatMap((tag) => [
          `dist/snippets/${lang}/${tag}.html`,
          `dist/widgets/markup/${tag}.${lang}.html`,
        ]),
      ),
      'dist/widgets/sm-widgets.d.ts',
      'dist/widgets/sm-widgets-react.d.ts',
      'dist/widgets/sm-widgets-react.js',
      'dist/custom-elements.json',
      // The pictures the README shows, and the guides it links to.
      ...Object.keys(tags).map((tag) => `docs/widgets/${tag}.png`),
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
      'package.json',
      'README.md',
      'CHANGELOG.md',
    ].sort();
    expect(files).toEqual(expected);
    for (const tag of Object.keys(tags)) expect(files).toContain(`dist/widgets/${tag}.js`);
    // The other languages' messages of every area ship (each language's index names them all),
    // the portal's own texts among them; nothing else of the portal does.
    expect(
      files.filter(
        (f) =>
          !f.startsWith('dist/assets/messages-') && /portal|sandbox|tests\/|\.map$|\.br$|\.gz$|index\.html/.test(f),
      ),
    ).toEqual([]);
  });

  it("holds the README's pictures and guides, and the README links to nothing outside the repository", () => {
    const files = new Set(packed.files.map((f) => f.path));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const targets = [
      ...[...readme.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!),
      ...[...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!),
    ].filter((target) => !/^[a-z]+:/.test(target));
    expect(targets.length).toBeGreaterThan(0);
    expect(readme, 'the README names no file outside the repository').not.toContain('../');
    // A picture or a guide (docs/) must be in the package; any other link (a source file, for contributors) must at
    // least exist in the repository: none leaves it.
    for (const target of targets) {
      expect(target, target).not.toMatch(/^\.\.\//);
      if (target.startsWith('docs/')) expect(files.has(target), target).toBe(true);
      else expect(existsSync(join(root, target)), target).toBe(true);
    }
  });

  it('has an export for the loader and for each tag, each with its types', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { types: string; default: string }>;
      sideEffects: unknown;
      private?: boolean;
    };
    expect(pkg.private).toBeUndefined();
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining([
        '.',
        ...Object.keys(tags).map((t) => `./${t}`),
        './snippets/*',
        './custom-elements.json',
      ]),
    );
    expect(pkg.exports['.']).toEqual({ types: './dist/widgets/sm-widgets.d.ts', default: './dist/widgets/loader.js' });
    for (const tag of Object.keys(tags))
      expect(pkg.exports[`./${tag}`]).toEqual({
        types: './dist/widgets/sm-widgets.d.ts',
        default: `./dist/widgets/${tag}.js`,
      });
    // React's JSX types only for those who import the React entry: the others need no React.
    expect(pkg.exports['./react']).toEqual({
      types: './dist/widgets/sm-widgets-react.d.ts',
      default: './dist/widgets/sm-widgets-react.js',
    });
    // Every module defines tags or is part of one that does: bundlers must keep them all. (The
    // field also covers this project's own sources when Vite builds it: a list naming only dist/
    // let the portal's build drop its element imports.)
    expect(pkg.sideEffects).toBe(true);
  });

  it('is clean under publint', async () => {
    const result = await sh(bin('publint'), ['run', '--strict', tarball]);
    console.log(result.out.trim());
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain('All good!');
  });

  it('is clean under @arethetypeswrong/cli (an ES module package: CommonJS require and node10 are not offered)', async () => {
    const result = await sh(bin('attw'), ['--profile', 'esm-only', '--no-emoji', '--format', 'ascii', tarball]);
    expect(result.code, result.out).toBe(0);
  });
});

describe('a plain TypeScript page with no React and skipLibCheck off', () => {
  it('type-checks: the DOM types of the tags, their attributes and events', async () => {
    // Nothing named react can be found from where it is (no dependency of the package brought one).
    const from = createRequire(join(plainTs, 'src/page.ts'));
    for (const name of ['react', '@types/react/package.json'])
      expect(() => from.resolve(name), `${name} resolves from ${plainTs}`).toThrow();
    const result = await sh(process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(plainTs, 'tsconfig.json'),
      '--pretty',
      'false',
    ]);
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);
});

describe('the React 19 + TypeScript app', () => {
  it('type-checks: correct use of every tag is accepted', async () => {
    const result = await sh(process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(app, 'tsconfig.json'),
    ]);
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);

  it('type-checks: a wrong attribute value and a misspelled event handler are rejected', async () => {
    const result = await sh(process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(app, 'tsconfig.type-errors.json'),
      '--pretty',
      'false',
    ]);
    expect(result.code).not.toBe(0);
    const errors = result.out
      .split('\n')
      .filter((l) => /error TS\d+/.test(l))
      .map((l) => l.replace(/^.*type-errors\//, ''));
    expect(errors).toEqual([
      expect.stringMatching(/^misspelled-event-handler\.tsx\(8,\d+\): error TS2322: .*onSmNewsletterSubscribed/),
      expect.stringMatching(/^misspelled-event-handler\.tsx\(9,\d+\): error TS2339: Property 'amount' does not exist/),
      expect.stringMatching(/^wrong-attribute-value\.tsx\(7,\d+\): error TS2322: Type '"checkout"' is not assignable/),
      expect.stringMatching(/^wrong-attribute-value\.tsx\(8,\d+\): error TS2322: Type '"purple"' is not assignable/),
    ]);
    expect(result.out).toContain(`Property 'onSmNewsletterSubscribed' does not exist`);
    expect(result.out).toContain(`Did you mean '"onsm-newsletter-subscribed"'?`);
  }, 60_000);

  it('builds with Vite', async () => {
    await build({ configFile: join(app, 'vite.config.ts'), logLevel: 'warn' });
    const html = readFileSync(join(app, 'dist/index.html'), 'utf8');
    expect(html).toMatch(/<script type="module"[^>]*src="\.\/assets\/index-[\w-]+\.js"/);
    // The widget's code came in from the package (its Subscribe button's text is in it).
    const code = readdirSync(join(app, 'dist/assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(app, 'dist/assets', f), 'utf8'))
      .join('\n');
    expect(code).toContain('sm-newsletter');
    // Vite followed the package's imports of the other languages and emitted them with the app:
    // the newsletter's button in each of them is in the app's chunks.
    for (const language of LANGUAGES.filter((l) => l !== 'en'))
      expect(code, language).toContain(readCatalogue(language)['newsletter.subscribe']);
  }, 120_000);
});

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Serves /react/ from the app's build and /html/ from the plain page's folder (its __API__ filled in). */
function serve(api: () => string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const [, site = '', ...rest] = path.split('/');
    const base = site === 'react' ? join(app, 'dist') : site === 'html' ? page : '';
    const file = resolve(base, `./${rest.join('/') || 'index.html'}`);
    if (!base || !file.startsWith(base + sep) || !existsSync(file)) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    const body = readFileSync(file);
    res.end(extname(file) === '.html' ? body.toString('utf8').replaceAll('__API__', api()) : body);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

describe('in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let sandbox: TestSandbox;
  let origin: string;

  beforeAll(async () => {
    server = await serve(() => sandbox.url);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sandbox = await startSandbox({ allowedOrigins: [origin] });
    browser = await launch();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.stop();
    await new Promise((done) => server?.close(done));
  });

  const subscribers = () =>
    sandbox.sandbox.db.prepare('SELECT email FROM newsletter_subscribers').pluck().all() as string[];

  for (const [name, path, heard] of [
    ['the React app', '/react/', 'The app heard:'],
    ['the plain HTML page', '/html/', 'The page heard:'],
  ] as const) {
    it(`${name} shows <sm-newsletter> and subscribes an address against the sandbox`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      context.setDefaultTimeout(20_000);
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(String(error)));
      tab.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await tab.goto(`${origin}${path}?api=${encodeURIComponent(sandbox.url)}`);
      const newsletter = tab.locator('sm-newsletter');
      // The page turns Spanish and back: the tag follows it with the messages that shipped with it.
      await tab.evaluate(() => document.documentElement.setAttribute('lang', 'es'));
      await newsletter.getByRole('button', { name: readCatalogue('es')['newsletter.subscribe'] }).waitFor();
      await tab.evaluate(() => document.documentElement.setAttribute('lang', 'en'));
      const email = `${name.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '')}@example.org`;
      await newsletter.getByRole('textbox', { name: 'Email' }).fill(email);
      await newsletter.getByRole('button', { name: 'Subscribe' }).click();
      await newsletter
        .getByRole('status')
        .filter({ hasText: /subscrib/i })
        .waitFor();
      await tab.getByText(`${heard} ${email} subscribed.`).waitFor();
      expect(subscribers()).toContain(email);
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
