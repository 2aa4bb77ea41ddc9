/**
 * The message catalogues (shared/i18n/messages/<lang>.json, ICU MessageFormat) compiled at build
 * time, so no message parser ships to the browser.
 *
 * As a Vite plugin (the build, vitest and the element tests' dev server), `import '@messages/<area>'`
 * becomes a small module that registers the English messages of that area (the keys starting with
 * `<area>.`), compiled into plain functions. Every other language of an area is a chunk of its own,
 * reached through that language's index (see messagesPlugin below) and fetched only when that
 * language is shown. With `pseudo: true` (development only) the pseudo-locale en-XA is one of them,
 * made from English: accented, about 40% longer, shown right-to-left, so any text that escaped the
 * catalogue stands out.
 *
 * In Node without Vite (tools/prerender.tsx under tsx), `@messages/*` resolves through tsconfig's
 * paths to tools/messages-node.ts, which compiles every catalogue synchronously with the same
 * functions below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import { parse, type Token } from '@messageformat/parser';
import * as cardinals from '@messageformat/runtime/lib/cardinals';
import type { Plugin } from 'vite';
import { intlLocale } from '../shared/i18n/languages';

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
  if (language === PSEUDO)
    return Object.fromEntries(Object.entries(readCatalogue('en')).map(([k, v]) => [k, pseudoLocalize(v)]));
  return JSON.parse(readFileSync(join(MESSAGES_DIR, `${language}.json`), 'utf8')) as Catalogue;
}

/** The locale whose plural rules and number formats a language uses (Intl's for money and dates: intlLocale). */
const localeOf = (language: string): string => (language === PSEUDO || language === 'en' ? 'en' : intlLocale(language));

/** The areas of a catalogue: the first part of its keys. */
export const areaOf = (key: string): string => key.split('.')[0]!;

/** Whether a message is plain text (no placeholder, plural or select): it is kept as a string. */
const isPlain = (message: string): boolean => parse(message).every((token) => token.type === 'content');
const plainText = (message: string): string =>
  parse(message)
    .map((token) => (token.type === 'content' ? token.value : ''))
    .join('');

/**
 * The ES module of one area of one language: `export default { key: text, key: (args) => text }`,
 * plain texts as strings and the others as functions.
 */
export function compileArea(language: string, area: string): string {
  const messages = Object.entries(readCatalogue(language)).filter(([key]) => areaOf(key) === area);
  const plain = messages
    .filter(([, message]) => isPlain(message))
    .map(([key, message]) => `${JSON.stringify(key)}: ${JSON.stringify(plainText(message))}`);
  const compiled = compileModule(
    new MessageFormat(localeOf(language)),
    Object.fromEntries(messages.filter(([, message]) => !isPlain(message))),
  );
  if (!compiled.includes('export default {')) throw new Error(`Unexpected compiled module for ${language}/${area}`);
  return inlinePluralRule(compiled).replace(
    'export default {',
    `export default {\n  ${plain.map((p) => `${p},`).join('\n  ')}`,
  );
}

const PLURAL_RULE_IMPORT = /^import \{ (\w+) \} from "@messageformat\/runtime\/lib\/cardinals";$/m;

/**
 * Writes the language's plural rule (a few lines of its own) into a compiled module instead of
 * importing it: the module of rules would be shared by every language's files, so English readers
 * would load the other languages' rules with it.
 */
function inlinePluralRule(compiled: string): string {
  return compiled.replace(PLURAL_RULE_IMPORT, (_, name: string) => {
    const rule = (cardinals as unknown as Record<string, unknown>)[name];
    if (typeof rule !== 'function') throw new Error(`No plural rule named ${name}`);
    return `const ${name} = ${String(rule)};`;
  });
}

/** A whole catalogue compiled into functions at run time (Node only: prerendering, tests). */
export function compileCatalogue(language: string): Record<string, (args?: Record<string, unknown>) => string> {
  const mf = new MessageFormat(localeOf(language));
  return Object.fromEntries(
    Object.entries(readCatalogue(language)).map(([key, source]) => [
      key,
      mf.compile(source) as (args?: Record<string, unknown>) => string,
    ]),
  );
}

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçδéƒĝĥîĵķļɱñöƥǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖƤǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
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
const INDEX = '@messages-index/';
/** The module in shared/i18n whose content this plugin writes: each other language's index. */
const LANGUAGE_FILES = join(import.meta.dirname, '..', 'shared', 'i18n', 'language-files.ts');

/** The areas of the catalogues (from English, which has every key). */
export const catalogueAreas = (): string[] => [...new Set(Object.keys(readCatalogue('en')).map(areaOf))].sort();

/**
 * The name of a build's chunk that holds another language's index (`messages-es`) or one area's
 * messages in it (`messages-es-survey`), from the chunk's first module; undefined for any other.
 */
export function messagesChunkName(moduleId: string | null | undefined): string | undefined {
  if (moduleId?.startsWith(`\0${INDEX}`)) return `messages-${moduleId.slice(1 + INDEX.length)}`;
  if (moduleId?.startsWith(`\0${COMPILED}`)) return `messages-${moduleId.slice(1 + COMPILED.length).replace('/', '-')}`;
  return undefined;
}

/**
 * The Vite plugin. `@messages/<area>` registers the English of that area, inline in the code that
 * imports it. Every other language has an index, `@messages-index/<lang>`, its own small chunk,
 * whose default export maps each area to `() => import('@messages-compiled/<lang>/<area>')`, one
 * chunk per language and area; shared/i18n/language-files.ts, written here, maps each language to
 * `() => import('@messages-index/<lang>')`. So English code holds one import per language and
 * names no area's file, while every file stays reachable through literal imports: a bundler that
 * takes the package in (an app built with Vite) emits them all.
 */
export function messagesPlugin(options: { pseudo?: boolean } = {}): Plugin {
  const others = () => [...catalogueLanguages(), ...(options.pseudo ? [PSEUDO] : [])].filter((l) => l !== 'en');
  const watch = (context: { addWatchFile(file: string): void }) => {
    for (const language of catalogueLanguages()) context.addWatchFile(join(MESSAGES_DIR, `${language}.json`));
  };
  return {
    name: 'sm-messages',
    enforce: 'pre',
    resolveId(id) {
      if (id.startsWith('@messages/') || id.startsWith(COMPILED) || id.startsWith(INDEX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id.split('?')[0] === LANGUAGE_FILES) {
        watch(this);
        const imports = others().map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${INDEX}${l}`)})`);
        return `export default { ${imports.join(', ')} };`;
      }
      if (!id.startsWith('\0')) return null;
      watch(this);
      if (id.startsWith(AREA)) {
        const area = id.slice(AREA.length);
        return [
          `import { registerArea } from ${JSON.stringify(CATALOGUE)};`,
          `import en from ${JSON.stringify(`${COMPILED}en/${area}`)};`,
          `registerArea(${JSON.stringify(area)}, en);`,
        ].join('\n');
      }
      if (id.startsWith(`\0${INDEX}`)) {
        const language = id.slice(1 + INDEX.length);
        const imports = catalogueAreas().map(
          (a) => `${JSON.stringify(a)}: () => import(${JSON.stringify(`${COMPILED}${language}/${a}`)})`,
        );
        return `export default { ${imports.join(', ')} };`;
      }
      if (id.startsWith(`\0${COMPILED}`)) {
        const [language, area] = id.slice(1 + COMPILED.length).split('/') as [string, string];
        return compileArea(language, area);
      }
      return null;
    },
  };
}
