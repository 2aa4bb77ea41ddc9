/**
 * How to load each language other than English: its index, a small module mapping each area
 * (`topup`, `payments`, ...) to the import of that area's messages in that language.
 *
 * This file's content is what Node sees (tools/prerender.tsx under tsx, which registers every
 * catalogue at once, so there is nothing to load). Under Vite (the build, vitest, the dev server)
 * tools/messages.ts writes the module instead: `{ es: () => import('@messages-index/es'), ... }`,
 * with the pseudo-locale en-XA in development.
 */
import type { Language } from './languages';

// The shape of compiled messages lives here, not in catalogue.ts (which imports this file), so the two do not import
// each other.
export type MessageArgs = Readonly<Record<string, string | number | Date>>;
/** A language's messages as tools/messages.ts compiles them: plain texts as strings, the others as functions. */
export type CompiledMessages = Readonly<Record<string, string | ((args?: MessageArgs) => string) | undefined>>;

/** A language's index: each area's messages in that language, loaded on demand. */
export type LanguageIndex = Readonly<
  Record<string, (() => Promise<{ readonly default: CompiledMessages }>) | undefined>
>;

const languageFiles: Readonly<Partial<Record<Language, () => Promise<{ readonly default: LanguageIndex }>>>> = {};

export default languageFiles;
