/**
 * Writes the build's deployment, the last step of `npm run build`: the headers every file needs, from the rules the
 * sandbox serves with (sandbox/core/portal-headers.ts), in the two forms static hosts read:
 * - dist/_headers: Netlify's and Cloudflare Pages' format;
 * - dist/_nginx.conf: an nginx include for a server block whose root is dist/ (docs/deploy.md).
 * The pages' CSP names this build's inline script by its hash and the API host the build was made for
 * (VITE_API_BASE), so the two files belong to this build: deploy them with it. Running it again gives the same files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { loadEnv } from 'vite';
import { isOrigin, scriptHashes } from '../sandbox/core/csp';
import {
  CONTENT_TYPES,
  deploymentRules,
  EVERY_FILE,
  isPage,
  servedFiles,
  type DeploySettings,
  type HeaderRule,
} from '../sandbox/core/portal-headers';
import { OUT_DIR } from './out-dir';

/** The deployment's own files, which no host serves. */
export const DEPLOY_FILES = ['_headers', '_nginx.conf'] as const;

/** The settings of this build (its VITE_* variables, from the environment and the .env files, as Vite read them). */
export function deploySettings(dir: string, env: Record<string, string | undefined>): DeploySettings {
  const api = env.VITE_API_BASE ? new URL(env.VITE_API_BASE).origin : undefined;
  if (api !== undefined && !isOrigin(api)) throw new Error(`VITE_API_BASE is not an http(s) address: ${api}`);
  const pages = servedFiles(dir).filter(isPage);
  const scripts = [...new Set(pages.flatMap((page) => scriptHashes(readFileSync(join(dir, page), 'utf8'))))];
  return { ...(api ? { api } : {}), firebaseAuthDomain: env.VITE_FIREBASE_AUTH_DOMAIN || undefined, scripts };
}

const WHY: Record<string, string> = {
  '/*': 'Every file: no type sniffing, no referrer, and open to other origins (blogs import the tags from here).',
  '/assets/*': 'Hashed names: a file here never changes, so it is kept a year without asking again.',
};
const why = (rule: HeaderRule) =>
  [
    WHY[rule.path] ??
      (rule.headers['Cache-Control'] === undefined
        ? 'Named where a host might guess its type wrong.'
        : 'Fixed names: kept, but checked on every use (304 when unchanged), so a deploy is seen at once.'),
    ...(rule.headers['Content-Security-Policy']
      ? ["Pages: the CSP names this build's inline script and API host."]
      : []),
  ].join(' ');

/** The rules as Netlify and Cloudflare Pages read them (a path line, its headers indented below it). */
export function headersFile(rules: readonly HeaderRule[]): string {
  const lines = ['# Written by npm run build (tools/deploy.ts) for this build: deploy it with the files.'];
  for (const rule of rules) {
    lines.push('', `# ${why(rule)}`, rule.path);
    for (const [name, value] of Object.entries(rule.headers)) lines.push(`  ${name}: ${value}`);
  }
  return `${lines.join('\n')}\n`;
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The rules as an nginx include. nginx gives a location only its own add_header lines, so each location repeats every
 * header its paths get. Security headers go on every answer (`always`); Cache-Control only on successful ones, so a
 * 404 for a hashed name is never kept a year.
 */
export function nginxInclude(rules: readonly HeaderRule[], extensions: readonly string[]): string {
  const types = new Map<string, string[]>();
  for (const ext of extensions) {
    const type = CONTENT_TYPES[ext];
    if (!type)
      throw new Error(`The build wrote a ${ext} file, which has no content type in sandbox/core/portal-headers.ts.`);
    const bare = type.split(';')[0]!;
    types.set(bare, [...(types.get(bare) ?? []), ext.slice(1)]);
  }
  // (text/html always has the charset in nginx, and naming it again is a warning.)
  const withCharset = [...types.keys()]
    .filter((bare) => bare !== 'text/html')
    .filter((bare) =>
      Object.values(CONTENT_TYPES).some((type) => type.startsWith(`${bare};`) && type.includes('charset=utf-8')),
    );
  const header = ([name, value]: [string, string]) =>
    `    add_header ${name} ${quote(value)}${name === 'Cache-Control' ? '' : ' always'};`;
  const location = (match: string, headers: Record<string, string>) =>
    [`location ${match} {`, ...Object.entries({ ...EVERY_FILE, ...headers }).map(header), '}'].join('\n');
  const folders = rules.filter((r) => r.path.endsWith('/*') && r.path !== '/*');
  const folderOf = (path: string) => folders.find((f) => path.startsWith(f.path.slice(0, -1)))?.headers ?? {};
  const out = [
    '# Written by npm run build (tools/deploy.ts) for this build: include it in a server block whose root is this',
    '# folder (docs/deploy.md). Needs the brotli_static module (Debian: libnginx-mod-http-brotli-static).',
    '',
    '# The content type of every kind of file the build writes (.ts: the type declarations, as text).',
    `types {\n${[...types].map(([type, exts]) => `    ${type} ${exts.join(' ')};`).join('\n')}\n}`,
    'default_type application/octet-stream;',
    'charset utf-8;',
    `charset_types ${withCharset.join(' ')};`,
    '',
    '# The build wrote a .br and a .gz copy beside each text file: sent in its place when the browser takes it.',
    'brotli_static on;',
    'gzip_static on;',
    'gzip_vary on;',
    'index index.html;',
    '',
    "# Never served: dot files (Vite's manifest), source maps, the compressed copies by their own name, this file.",
    'location ~ /\\. {\n    return 404;\n}',
    'location ~* \\.(map|br|gz)$ {\n    return 404;\n}',
    `location ~ ^/(${DEPLOY_FILES.map((f) => f.replace('.', '\\.')).join('|')})$ {\n    return 404;\n}`,
  ];
  // The types block names every type, and `/` is answered by /index.html's location (the index directive).
  const shown = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'Content-Type'));
  for (const rule of rules.filter((r) => r.path !== '/*' && r.path !== '/')) {
    const headers = shown(rule.headers);
    if (Object.keys(headers).length === 0) continue;
    out.push('', `# ${why(rule)}`);
    if (rule.path.endsWith('/*')) out.push(location(rule.path.slice(0, -1), headers));
    else out.push(location(`= ${rule.path}`, { ...folderOf(rule.path), ...headers }));
  }
  out.push('', '# Anything else (nothing the build wrote): checked on every use.');
  out.push(location('/', { 'Cache-Control': 'no-cache' }));
  return `${out.join('\n')}\n`;
}

/** Writes both files for the build in dir; returns the rules. */
export function writeDeployment(dir: string, env: Record<string, string | undefined>): HeaderRule[] {
  const files = servedFiles(dir);
  const rules = deploymentRules(files, deploySettings(dir, env));
  const extensions = [...new Set(files.map((file) => extname(file).toLowerCase()))].sort();
  writeFileSync(join(dir, '_headers'), headersFile(rules));
  writeFileSync(join(dir, '_nginx.conf'), nginxInclude(rules, extensions));
  return rules;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = { ...loadEnv('production', join(import.meta.dirname, '..'), 'VITE_'), ...process.env };
  const rules = writeDeployment(OUT_DIR, env);
  const policy = rules.find((r) => r.path === '/index.html')?.headers['Content-Security-Policy'] ?? '';
  console.log(
    `Wrote _headers and _nginx.conf in ${OUT_DIR}: ${rules.length} rules; the pages' CSP allows ` +
      `${/'sha256-/.test(policy) ? 'the inline script by its hash' : 'no inline script'}` +
      `${env.VITE_API_BASE ? ` and calls to ${new URL(env.VITE_API_BASE).origin}` : ''}.`,
  );
}
