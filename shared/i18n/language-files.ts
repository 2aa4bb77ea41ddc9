/**
 * How to load each language but English: its index maps each area to its messages' import.
 * Empty in Node (prerendering registers every catalogue); under Vite, tools/messages.ts writes it.
 */
import type { Language } from './languages';

// Here, not in catalogue.ts (which imports this file), so the two do not import each other.
export type MessageArgs = Readonly<Record<string, string | number | Date>>;
/** A language's compiled messages: plain texts as strings, the others as functions. */
export type CompiledMessages = Readonly<Record<string, string | ((args?: MessageArgs) => string) | undefined>>;

type LanguageIndex = Readonly<Record<string, (() => Promise<{ readonly default: CompiledMessages }>) | undefined>>;

const languageFiles: Readonly<Partial<Record<Language, () => Promise<{ readonly default: LanguageIndex }>>>> = {};

export default languageFiles;
