/**
 * How to load each language other than English: its index, a small module mapping each area
 * (`topup`, `payments`, ...) to the import of that area's messages in that language.
 *
 * This file's content is what Node sees (tools/prerender.tsx under tsx, which registers every
 * catalogue at once, so there is nothing to load). Under Vite (the build, vitest, the dev server)
 * tools/messages.ts writes the module instead: `{ es: () => import('@messages-index/es'), ... }`,
 * with the pseudo-locale en-XA in development.
 */
import type { CompiledMessages } from './catalogue';
import type { Language } from './languages';

/** A language's index: each area's messages in that language, loaded on demand. */
export type LanguageIndex = Readonly<Record<string, (() => Promise<{ readonly default: CompiledMessages }>) | undefined>>;

const languageFiles: Readonly<Partial<Record<Language, () => Promise<{ readonly default: LanguageIndex }>>>> = {};

export default languageFiles;
