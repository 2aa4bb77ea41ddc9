/**
 * One sentence, one wording: two keys whose English is the same text are translated the same way
 * in every language, unless shared/i18n/messages/notes.md lists the pair (both keys on one line of
 * its "Same English, different words" list, with the reason).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { MESSAGES_DIR, catalogueLanguages, compileCatalogue, readCatalogue } from '../../tools/messages';
import { canBreakInside } from '../format/together';
import { intlLocale } from './languages';

const english = readCatalogue('en');

/** The keys sharing one English text, for each text used by more than one key. */
const sameEnglish = (): string[][] => {
  const byText = new Map<string, string[]>();
  for (const [key, text] of Object.entries(english)) byText.set(text, [...(byText.get(text) ?? []), key]);
  return [...byText.values()].filter((keys) => keys.length > 1);
};

/** Pairs of keys notes.md allows to differ: a list item naming both keys in `backticks`. */
const allowedPairs = (): Set<string> => {
  const notes = readFileSync(join(MESSAGES_DIR, 'notes.md'), 'utf8');
  const section = notes.split(/^## Same English, different words$/m)[1]?.split(/^## /m)[0] ?? '';
  const pairs = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('- '))) {
    const keys = [...line.matchAll(/`([A-Za-z0-9.]+)`/g)].map((m) => m[1]!).filter((k) => k in english);
    for (const a of keys) for (const b of keys) if (a !== b) pairs.add(`${a} ${b}`);
  }
  return pairs;
};

describe('one English sentence, one wording', () => {
  it.each(catalogueLanguages().filter((l) => l !== 'en'))(
    '%s: keys with the same English text have the same translation',
    (language) => {
      const catalogue = readCatalogue(language);
      const allowed = allowedPairs();
      const differing: string[] = [];
      for (const keys of sameEnglish()) {
        const [first, ...rest] = keys;
        for (const key of rest)
          if (catalogue[key] !== catalogue[first!] && !allowed.has(`${first} ${key}`))
            differing.push(`${first} "${catalogue[first!]}" ≠ ${key} "${catalogue[key]}"`);
      }
      expect(differing).toEqual([]);
    },
  );
});

/** The text of a plural case, as written (placeholders by name). */
const textOf = (tokens: readonly Token[]): string =>
  tokens.map((t) => (t.type === 'content' ? t.value : t.type === 'octothorpe' ? '#' : `{${t.arg}}`)).join('');

describe('plural forms', () => {
  it.each(catalogueLanguages().filter((l) => l !== 'en'))(
    '%s: a `one` form that reads differently from `other` is chosen for 1 only (else it is `=1`)',
    (language) => {
      const rules = new Intl.PluralRules(intlLocale(language));
      const oneBesides1 = Array.from({ length: 1000 }, (_, n) => n).filter((n) => n !== 1 && rules.select(n) === 'one');
      const wrong: string[] = [];
      for (const [key, message] of Object.entries(readCatalogue(language))) {
        const walk = (tokens: readonly Token[]) => {
          for (const token of tokens) {
            if (token.type !== 'plural') continue;
            const one = token.cases.find((c) => c.key === 'one');
            const other = token.cases.find((c) => c.key === 'other')!;
            if (one && textOf(one.tokens) !== textOf(other.tokens) && oneBesides1.length > 0)
              wrong.push(`${key}: 'one' also holds ${oneBesides1.slice(0, 3).join(', ')}`);
            for (const c of token.cases) walk(c.tokens);
          }
        };
        walk(parse(message));
      }
      expect(wrong).toEqual([]);
    },
  );

  it('fil writes 1 credit, and credits for every other number', () => {
    const credits = compileCatalogue('fil')['format.credits']!;
    expect([1, 2, 3, 4, 5, 100].map((n) => credits({ credits: n }).replace(/\u00a0/g, ' '))).toEqual([
      '1 credit',
      '2 credits',
      '3 credits',
      '4 credits',
      '5 credits',
      '100 credits',
    ]);
  });
});

describe('a count with its noun never wraps inside', () => {
  it.each(catalogueLanguages().filter((l) => l !== 'en'))('%s: every plural form is unbreakable', (language) => {
    const breakable: string[] = [];
    for (const [key, message] of Object.entries(readCatalogue(language))) {
      const walk = (tokens: readonly Token[]) => {
        for (const token of tokens)
          if (token.type === 'plural')
            for (const c of token.cases) {
              const text = textOf(c.tokens).replace(/#/g, '2');
              if (canBreakInside(text)) breakable.push(`${key} ${c.key}: ${text}`);
              walk(c.tokens);
            }
      };
      walk(parse(message));
    }
    expect(breakable).toEqual([]);
  });
});

describe('Chinese typography', () => {
  const zh = readCatalogue('zh-Hans');
  it('writes the Chinese ellipsis, never three dots', () => {
    expect(Object.entries(zh).filter(([, text]) => text.includes('...'))).toEqual([]);
  });
  it('puts no space between a date and the Chinese after it', () => {
    expect(Object.entries(zh).filter(([, text]) => /\{date\} [\p{Script=Han}]/u.test(text))).toEqual([]);
  });
});
