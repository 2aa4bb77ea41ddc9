/**
 * Which language a tag or the portal shows, from the names pages, tags and browsers use.
 */
import { describe, expect, it } from 'vitest';
import { directionOf, LANGUAGES, matchLanguage, PSEUDO } from './languages';

describe('matchLanguage', () => {
  it.each([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['EN-us', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['es-419', 'es'],
    ['zh-Hans', 'zh-Hans'],
    ['zh-hans-CN', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['fil', 'fil'],
    ['fil-PH', 'fil'],
    ['tl', 'fil'],
    ['tl-PH', 'fil'],
    ['en-XA', PSEUDO],
  ])('%s -> %s', (tag, language) => {
    expect(matchLanguage(tag)).toBe(language);
  });

  it.each([
    'zh-TW',
    'zh-HK',
    'zh-Hant',
    'zh-Hant-TW',
    'fr',
    'de-DE',
    'eng',
    'english',
    'e',
    '',
    '   ',
    null,
    undefined,
  ])('%s -> none of ours', (tag) => {
    expect(matchLanguage(tag)).toBeNull();
  });

  it('knows every language the tags offer by its own name', () => {
    for (const language of LANGUAGES) expect(matchLanguage(language)).toBe(language);
  });
});

describe('directionOf', () => {
  it('is right to left for the pseudo-locale and right-to-left scripts, left to right for ours', () => {
    expect(directionOf(PSEUDO)).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('he')).toBe('rtl');
    for (const language of LANGUAGES) expect(directionOf(language)).toBe('ltr');
  });
});
