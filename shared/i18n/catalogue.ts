/**
 * The messages, one ICU catalogue per language (messages/<lang>.json), compiled by
 * tools/messages.ts into functions split by area (the key's first part). An area's English is
 * built into the code importing `@messages/<area>`; other languages load per area when shown
 * (language-files.ts). No message parser reaches the browser.
 *
 * `translate` is the one way to a text; models and views use `deps.i18n.t`.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import languageFiles, { type CompiledMessages, type MessageArgs } from './language-files';
import { elementLanguage, type Language } from './languages';
import type englishCatalogue from './messages/en.json';

export { LANGUAGES, PSEUDO, type Language, type PublicLanguage } from './languages';
export type { CompiledMessages, MessageArgs } from './language-files';

/** Every message's name, from the English catalogue (which has them all). */
export type MessageKey = keyof typeof englishCatalogue;
export type Translate = (key: MessageKey, args?: MessageArgs) => string;

const compiled = new Map<Language, CompiledMessages>();
/** The areas whose code is on the page, each with the languages it has its messages in. */
const areas = new Map<string, Set<Language>>();
/**
 * The languages that had every area's messages once. One stays shown while a later area's file
 * loads (only that area is English meanwhile), so a tag hydrating then finds its markup's texts.
 */
const whole = new Set<Language>(['en']);
const loading = new Map<Language, Promise<void>>();
const version = signal(0);

function merge(language: Language, messages: CompiledMessages): void {
  compiled.set(language, { ...compiled.get(language), ...messages });
}

/** Called by each compiled area module with its name and its English. */
export function registerArea(area: string, englishMessages: CompiledMessages): void {
  merge('en', englishMessages);
  areas.set(area, new Set(['en']));
  // Registered before anything renders its texts: English needs no new render (one now would make
  // React give up hydrating a tag already mounting). Other languages shown load this area's file.
  for (const language of compiled.keys()) if (language !== 'en') void loadLanguage(language);
}

/** A whole catalogue given at once (prerendering and tests in Node compile them synchronously). */
export function registerLanguage(language: Language, messages: CompiledMessages): void {
  merge(language, messages);
  for (const ready of areas.values()) ready.add(language);
  version.value += 1;
}

/** Whether every area loaded so far has its messages in this language. */
export function isLoaded(language: Language): boolean {
  const loaded =
    language === 'en' ||
    (compiled.has(language) && (!languageFiles[language] || [...areas.values()].every((ready) => ready.has(language))));
  if (loaded) whole.add(language);
  return loaded;
}

/** Loads a language's file of every area not loaded yet (a failed one is tried again next time). */
export function loadLanguage(language: Language): Promise<void> {
  if (isLoaded(language)) return Promise.resolve();
  // An area registered while a load runs is loaded after it.
  const running = loading.get(language);
  if (running) return running.then(() => loadLanguage(language));
  const index = languageFiles[language];
  const wanted = [...areas].filter(([, ready]) => !ready.has(language));
  const done = (index && wanted.length ? index() : Promise.resolve(undefined))
    .then((files) =>
      Promise.all(
        wanted.map(async ([area, ready]) => {
          const file = files?.default[area];
          if (file) merge(language, (await file()).default);
          ready.add(language);
        }),
      ),
    )
    .then(() => {
      if (!compiled.has(language)) compiled.set(language, {});
    })
    .catch(() => {
      /* offline or a missing file: English stays */
    })
    .finally(() => {
      loading.delete(language);
      version.value += 1;
    });
  loading.set(language, done);
  return done;
}

/** A message in a language (English where that language lacks it; the key itself where none has it). */
export function translate(language: Language, key: MessageKey, args?: MessageArgs): string {
  void version.value;
  const message = compiled.get(language)?.[key] ?? compiled.get('en')?.[key];
  return typeof message === 'function' ? message(args ?? {}) : (message ?? key);
}

/** What a model and its views are given: the language they show and its messages. */
export interface I18n {
  /** The language wanted once its messages are here, English until then (see `whole`). */
  readonly language: ReadonlySignal<Language>;
  readonly t: Translate;
}

/** The messages of the language `wanted` names. */
export function createI18n(wanted: ReadonlySignal<Language> = signal('en')): I18n {
  const language = computed(() => {
    void version.value;
    const lang = wanted.value;
    if (isLoaded(lang)) return lang;
    void loadLanguage(lang);
    return whole.has(lang) ? lang : 'en';
  });
  return { language, t: (key, args) => translate(language.value, key, args) };
}

/** English messages, for code that runs before or outside an element (and tests). */
export const english: Translate = (key, args) => translate('en', key, args);

/** Counts changes of a `lang` on the page or of a tag's `language` attribute. */
const pageChanges = signal(0);
let watching = false;

/** Says a `language` attribute changed, so elements look again. */
export function languageChanged(): void {
  pageChanges.value += 1;
}

/** The language an element wants, looked at again whenever a `lang` or `language` attribute changes. */
export function followElement(element: Element): ReadonlySignal<Language> {
  if (!watching && typeof MutationObserver !== 'undefined') {
    watching = true;
    new MutationObserver(languageChanged).observe(document.documentElement, {
      subtree: true,
      attributes: true,
      attributeFilter: ['lang'],
    });
  }
  return computed(() => {
    void pageChanges.value;
    return elementLanguage(element);
  });
}
