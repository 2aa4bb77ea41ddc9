/**
 * Text that must not wrap inside (a date, an amount, a count with its noun), else a narrow
 * screen splits '2026年11月26日' after '年' or '14 de marzo de 2025' at a space: spaces become
 * U+00A0, and a word joiner (U+2060, silent) goes where Chinese touches a letter or digit.
 */

export const WORD_JOINER = '\u2060';

/** Between a Han character and a letter or digit, either side. */
const JOINS = /(?<=\p{sc=Han})(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?=\p{sc=Han})/gu;

export const unbreakable = (text: string): string => text.replace(/ /g, '\u00a0').replace(JOINS, WORD_JOINER);

/** Whether a line could break inside the text. */
export function canBreakInside(text: string): boolean {
  return unbreakable(text) !== text;
}
