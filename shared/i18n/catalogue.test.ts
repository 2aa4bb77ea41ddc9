/**
 * Every catalogue in shared/i18n/messages has exactly English's keys, and each message uses the
 * same placeholders, plurals and selects as its English one. Languages listed in
 * REQUIRED_LANGUAGES must be there.
 */
import { describe, expect, it } from 'vitest';
import { argumentsOf, catalogueLanguages, compileCatalogue, readCatalogue } from '../../tools/messages';
import { LANGUAGES } from './catalogue';

/** The catalogues that must exist: English and the three translations. */
const REQUIRED_LANGUAGES: readonly string[] = ['en', 'fil', 'zh-Hans', 'es'];

const english = readCatalogue('en');

describe('message catalogues', () => {
  it('has every required language, and only languages people can choose', () => {
    const present = catalogueLanguages();
    for (const language of REQUIRED_LANGUAGES) expect(present, `${language}.json`).toContain(language);
    for (const language of present)
      expect(LANGUAGES as readonly string[], `${language}.json is not a language of the tags`).toContain(language);
  });

  it.each(catalogueLanguages())(
    '%s: the same keys as English, each with the same arguments, and it compiles',
    (language) => {
      const catalogue = readCatalogue(language);
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(catalogue))
        expect(argumentsOf(message), `${language}: ${key}`).toEqual(argumentsOf(english[key]!));
      expect(() => compileCatalogue(language)).not.toThrow();
    },
  );

  it('names every key after its area', () => {
    for (const key of Object.keys(english))
      expect(key, key).toMatch(
        /^(login|topup|subscribe|donate|history|survey|newsletter|payments|portal|ui|format|api)\.[A-Za-z0-9.]+$/,
      );
  });
});
