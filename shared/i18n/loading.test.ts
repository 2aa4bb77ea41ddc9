/**
 * Another language's messages come from its own file, loaded when that language is wanted: here
 * through the same plugin as the build and the dev server (tools/messages.ts), so the language's
 * index and its area's file are the modules the plugin writes.
 */
import { describe, expect, it } from 'vitest';
import '@messages/survey';
import { readCatalogue } from '../../tools/messages';
import { signal } from '@preact/signals-core';
import { createI18n, isLoaded, loadLanguage, translate, type Language } from './catalogue';

describe('loading a language', () => {
  it('shows English until the language is loaded, then its own texts; arguments still fill in', async () => {
    expect(translate('en', 'survey.next')).toBe(readCatalogue('en')['survey.next']);
    expect(isLoaded('es')).toBe(false);
    await loadLanguage('es');
    expect(isLoaded('es')).toBe(true);
    expect(translate('es', 'survey.next')).toBe(readCatalogue('es')['survey.next']);
    expect(translate('es', 'survey.next')).not.toBe(translate('en', 'survey.next'));
    expect(translate('es', 'survey.progress', { n: 2, total: 5 })).toMatch(/\b2\b.*\b5\b/);
  });

  it("keeps a language shown while another tag's messages arrive: only that area's texts are English meanwhile", async () => {
    await loadLanguage('es');
    // Another tag's code arrives: its area registers, and its Spanish file is asked for.
    await import('@messages/newsletter');
    expect(isLoaded('es')).toBe(false);
    // A tag that draws now (one hydrating its Spanish markup) still speaks Spanish.
    const i18n = createI18n(signal<Language>('es'));
    expect(i18n.language.value).toBe('es');
    expect(i18n.t('survey.next')).toBe(readCatalogue('es')['survey.next']);
    await loadLanguage('es');
    expect(i18n.t('newsletter.needsScript')).toBe(readCatalogue('es')['newsletter.needsScript']);
  });

  it('a language with no files (the pseudo-locale outside development) stays English, and counts as loaded', async () => {
    await loadLanguage('en-XA');
    expect(isLoaded('en-XA')).toBe(true);
    expect(translate('en-XA', 'survey.next')).toBe(translate('en', 'survey.next'));
  });
});
