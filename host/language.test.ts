/**
 * The portal's language: the menu's choice kept in the browser, else the browser's languages, else English.
 */
import { describe, expect, it } from 'vitest';
import { portalLanguage } from '../shared/boot/boot';

describe('the portal language', () => {
  it('is the choice kept from the menu first, whatever the browser says', () => {
    expect(portalLanguage('fil', ['es-MX', 'en'])).toBe('fil');
    expect(portalLanguage('zh-Hans', [])).toBe('zh-Hans');
  });

  it('ignores a kept value that is not one of the languages (corrupted or old)', () => {
    expect(portalLanguage('{"lang":', ['es-ES'])).toBe('es');
    expect(portalLanguage('fr', ['zh-CN'])).toBe('zh-Hans');
    expect(portalLanguage('en-XA', [])).toBe('en');
  });

  it("is else the first of the browser's languages we have, in the browser's order", () => {
    expect(portalLanguage(null, ['de-DE', 'zh-TW', 'tl', 'es'])).toBe('fil');
    expect(portalLanguage(null, ['es-MX', 'fil'])).toBe('es');
    expect(portalLanguage(null, ['en-XA', 'es'])).toBe('es');
  });

  it('is else English', () => {
    expect(portalLanguage(null, [])).toBe('en');
    expect(portalLanguage(null, ['de', 'fr-CA', 'zh-Hant'])).toBe('en');
  });
});
