/**
 * Text that must not wrap inside: a date, an amount with its currency, a count with its noun. A
 * narrow screen would otherwise split '2026年11月26日' after '年' (Chinese may break between any two
 * characters) or '14 de marzo de 2025' at a space.
 *
 * Spaces become no-break spaces (U+00A0) and a word joiner (U+2060, invisible, not read aloud)
 * goes between two characters that would otherwise allow a break: a Chinese character beside a digit
 * or another Chinese character. Amounts are already unbreakable as Intl writes them (it puts U+00A0
 * between 'USD' and the number); counts keep their noun with a no-break space written in the
 * catalogue ('#\u00a0meses', see shared/i18n/messages/notes.md).
 */

export const NO_BREAK_SPACE = '\u00a0';
export const WORD_JOINER = '\u2060';

/** Where a word joiner goes: between a Han character and a letter or digit beside it, either side (our one CJK language). */
const JOINS = /(?<=\p{sc=Han})(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?=\p{sc=Han})/gu;

/** The text, unbreakable: its spaces no-break, a word joiner where CJK touches (Intl writes no other breakable space). */
export const unbreakable = (text: string): string => text.replace(/ /g, NO_BREAK_SPACE).replace(JOINS, WORD_JOINER);

/** Whether a line could break inside the text (a space, or two CJK-touching characters with no joiner). */
export function canBreakInside(text: string): boolean {
  return unbreakable(text) !== text;
}
