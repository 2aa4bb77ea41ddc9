// @vitest-environment happy-dom
/**
 * The portal's language on `<html lang>` and `dir`: written when the language changes, and not when the page already
 * says it (each write makes the browser restyle every element on the page).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe("the portal's language on <html>", () => {
  let writes: MutationRecord[] = [];
  let observer: MutationObserver;
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    document.documentElement.setAttribute('lang', 'en');
    document.documentElement.setAttribute('dir', 'ltr');
    writes = [];
    observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
  });
  afterEach(() => observer.disconnect());
  const flushed = () => {
    writes.push(...observer.takeRecords());
    return writes.map((w) => w.attributeName);
  };

  it("the portal page comes with English's, as its prerendered markup is in English", () => {
    const page = readFileSync(join(import.meta.dirname, 'index.html'), 'utf8');
    expect(page).toMatch(/<html lang="en" dir="ltr">/);
  });

  it('leaves them as they are when the page already says the language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    await import('./language');
    expect(flushed()).toEqual([]);
    expect(document.documentElement.lang).toBe('en');
  });

  it('writes the chosen language, and only what changed', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const { chooseLanguage } = await import('./language');
    chooseLanguage('es');
    expect(flushed()).toEqual(['lang']);
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it("writes the browser's language when the page came in another", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fil-PH']);
    await import('./language');
    expect(flushed()).toEqual(['lang']);
    expect(document.documentElement.lang).toBe('fil');
  });
});
