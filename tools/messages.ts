/**
 * The message catalogues (shared/i18n/messages/<lang>.json, ICU MessageFormat) compiled at build
 * time, so no message parser ships to the browser.
 *
 * As a Vite plugin (the build, vitest and the element tests' dev server), `import '@messages/<area>'`
 * becomes a small module that registers the English messages of that area (the keys starting with
 * `<area>.`), compiled into plain functions. Every other language of an area is a file of its own
 * at a predictable path, `<folder>/<lang>/<area>.js`, which shared/i18n/catalogue.ts imports when
 * that language is shown: English code names none of them.
 * - A build writes them into dist/assets/messages/<build id>/, bundled apart from the rest
 *   (they import nothing outside that folder), where the build id is a hash of their contents:
 *   the folder changes whenever one of them does, so each file may be cached for good.
 * - The dev server and vitest answer `/@sm-messages/<lang>/<area>.js` with the compiled module.
 *   With `pseudo: true` (development only) the pseudo-locale en-XA is one of them, made from
 *   English: accented, about 40% longer, shown right-to-left, so any text that escaped the
 *   catalogue stands out.
 *
 * In Node without Vite (tools/prerender.tsx under tsx), `@messages/*` resolves through tsconfig's
 * paths to tools/messages-node.ts, which compiles every catalogue synchronously with the same
 * functions below.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import { parse, type Token } from '@messageformat/parser';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

export const MESSAGES_DIR = join(import.meta.dirname, '..', 'shared', 'i18n', 'messages');
const CATALOGUE = join(import.meta.dirname, '..', 'shared', 'i18n', 'catalogue.ts');
export const PSEUDO = 'en-XA';

type Catalogue = Record<string, string>;

/** The languages with a catalogue in the folder (en first). */
export function catalogueLanguages(): string[] {
  const found = readdirSync(MESSAGES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
  return ['en', ...found.filter((l) => l !== 'en').sort()];
}

/** A language's catalogue as written (en-XA: made from English). */
export function readCatalogue(language: string): Catalogue {
  if (language === PSEUDO) return Object.fromEntries(Object.entries(readCatalogue('en')).map(([k, v]) => [k, pseudoLocalize(v)]));
  return JSON.parse(readFileSync(join(MESSAGES_DIR, `${language}.json`), 'utf8')) as Catalogue;
}

/** The locale whose plural rules and number formats a language uses. */
const localeOf = (language: string): string => (language === PSEUDO ? 'en' : language);

/** The areas of a catalogue: the first part of its keys. */
export const areaOf = (key: string): string => key.split('.')[0]!;

/** Whether a message is plain text (no placeholder, plural or select): it is kept as a string. */
const isPlain = (message: string): boolean => parse(message).every((token) => token.type === 'content');
const plainText = (message: string): string => parse(message).map((token) => (token.type === 'content' ? token.value : '')).join('');

/**
 * The ES module of one area of one language: `export default { key: text, key: (args) => text }`,
 * plain texts as strings and the others as functions.
 */
export function compileArea(language: string, area: string): string {
  const messages = Object.entries(readCatalogue(language)).filter(([key]) => areaOf(key) === area);
  const plain = messages.filter(([, message]) => isPlain(message)).map(([key, message]) => `${JSON.stringify(key)}: ${JSON.stringify(plainText(message))}`);
  const compiled = compileModule(new MessageFormat(localeOf(language)), Object.fromEntries(messages.filter(([, message]) => !isPlain(message))));
  if (!compiled.includes('export default {')) throw new Error(`Unexpected compiled module for ${language}/${area}`);
  return compiled.replace('export default {', `export default {\n  ${plain.map((p) => `${p},`).join('\n  ')}`);
}

/** A whole catalogue compiled into functions at run time (Node only: prerendering, tests). */
export function compileCatalogue(language: string): Record<string, (args?: Record<string, unknown>) => string> {
  const mf = new MessageFormat(localeOf(language));
  return Object.fromEntries(Object.entries(readCatalogue(language)).map(([key, source]) => [key, mf.compile(source) as (args?: Record<string, unknown>) => string]));
}

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçδéƒĝĥîĵķļɱñöƥǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖƤǪŔŠŢÛṼŴẊÝŽ'][i]!]),
);

const escapeContent = (text: string): string => text.replace(/[{}]/g, (c) => `'${c}'`);

function pseudoTokens(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'content') return escapeContent([...token.value].map((c) => ACCENTS[c] ?? c).join(''));
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        const offset = token.type !== 'select' && token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
        return `{${token.arg}, ${token.type},${offset} ${token.cases.map((c) => `${c.key} {${pseudoTokens(c.tokens)}}`).join(' ')}}`;
      }
      return token.ctx.text;
    })
    .join('');
}

/** A message in the pseudo-locale: accented letters, about 40% longer, between ⟦ ⟧. */
export function pseudoLocalize(message: string): string {
  const letters = message.replace(/\{[^{}]*\}/g, '').length;
  return `⟦${pseudoTokens(parse(message))}${'·'.repeat(Math.ceil(letters * 0.4))}⟧`;
}

/** The argument names a message uses (placeholders, plurals, selects), sorted. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const AREA = '\0@messages/';
const COMPILED = '@messages-compiled/';
/** Where the dev server and vitest answer with a language's file of an area. */
const DEV_FOLDER = '/@sm-messages';
const DEV_FILE = /\/@sm-messages\/([\w-]+)\/(\w+)\.js$/;
/** The text in shared/i18n/catalogue.ts that the plugin replaces with the folder and languages of the files. */
const FILES_PLACEHOLDER = "{ folder: '__SM_MESSAGES__', languages: [] }";

/** The areas of the catalogues (from English, which has every key). */
export const catalogueAreas = (): string[] => [...new Set(Object.keys(readCatalogue('en')).map(areaOf))].sort();

/**
 * The files of `languages` for every area, bundled apart, minified: `<lang>/<area>.js` and the
 * message runtime's few helpers (plurals, numbers) they share, keyed by path inside their folder.
 */
export async function bundleLanguages(languages: readonly string[]): Promise<Map<string, string>> {
  const input = Object.fromEntries(languages.flatMap((l) => catalogueAreas().map((a) => [`${l}/${a}`, `\0${COMPILED}${l}/${a}`])));
  const bundle = await rolldown({
    input,
    cwd: join(import.meta.dirname, '..'),
    plugins: [
      {
        name: 'sm-compiled-messages',
        resolveId: (id) => (id.startsWith(`\0${COMPILED}`) ? id : null),
        load(id) {
          if (!id.startsWith(`\0${COMPILED}`)) return null;
          const [language, area] = id.slice(1 + COMPILED.length).split('/') as [string, string];
          return compileArea(language, area);
        },
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ format: 'es', minify: true, entryFileNames: '[name].js', chunkFileNames: 'helpers-[hash].js' });
    return new Map(output.map((file) => [file.fileName, file.type === 'chunk' ? file.code : String(file.source)]));
  } finally {
    await bundle.close();
  }
}

/** The Vite plugin: `@messages/<area>` modules with their English, and the other languages' files. */
export function messagesPlugin(options: { pseudo?: boolean } = {}): Plugin {
  const languages = () => [...catalogueLanguages(), ...(options.pseudo ? [PSEUDO] : [])];
  let building = false;
  /** A build's files of the other languages, and the folder they go to (beside the shared runtime chunk). */
  let built: { folder: string; files: Map<string, string> } | undefined;
  return {
    name: 'sm-messages',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (!building) return;
      const files = await bundleLanguages(languages().filter((l) => l !== 'en'));
      const hash = createHash('sha256');
      for (const [name, code] of [...files].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${name}\0${code}\0`);
      built = { folder: `messages/${hash.digest('hex').slice(0, 10)}`, files };
    },
    resolveId(id) {
      if (id.startsWith('@messages/')) return `\0${id}`;
      if (id.startsWith(COMPILED)) return `\0${id}`;
      const file = building ? null : DEV_FILE.exec(id);
      if (file) return `\0${COMPILED}${file[1]}/${file[2]}`;
      return null;
    },
    transform(code, id) {
      if (id.split('?')[0] !== CATALOGUE) return null;
      if (!code.includes(FILES_PLACEHOLDER)) throw new Error(`shared/i18n/catalogue.ts has no ${FILES_PLACEHOLDER} to fill in.`);
      const folder = built ? `./${built.folder}` : DEV_FOLDER;
      const files = { folder, languages: languages().filter((l) => l !== 'en') };
      return { code: code.replace(FILES_PLACEHOLDER, JSON.stringify(files)), map: null };
    },
    load(id) {
      if (!id.startsWith('\0')) return null;
      for (const language of catalogueLanguages()) this.addWatchFile(join(MESSAGES_DIR, `${language}.json`));
      if (id.startsWith(AREA)) {
        const area = id.slice(AREA.length);
        return [
          `import { registerArea } from ${JSON.stringify(CATALOGUE)};`,
          `import en from ${JSON.stringify(`${COMPILED}en/${area}`)};`,
          `registerArea(${JSON.stringify(area)}, en);`,
        ].join('\n');
      }
      if (id.startsWith(`\0${COMPILED}`)) {
        const [language, area] = id.slice(1 + COMPILED.length).split('/') as [string, string];
        return compileArea(language, area);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      if (!built) return;
      // The folder is named relative to the chunk holding the catalogue: it must sit in assets/ beside it.
      const holder = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.includes(CATALOGUE));
      if (!holder || !holder.fileName.startsWith('assets/') || holder.fileName.slice('assets/'.length).includes('/')) {
        throw new Error(`shared/i18n/catalogue.ts must be built into a chunk directly in assets/, not ${holder?.fileName ?? 'nowhere'}.`);
      }
      for (const [name, source] of built.files) this.emitFile({ type: 'asset', fileName: `assets/${built.folder}/${name}`, source });
    },
  };
}
