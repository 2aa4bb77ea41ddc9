/**
 * Text that must not wrap inside: a date, an amount with its currency, a count with its noun. A
 * narrow screen would otherwise split '2026年11月26日' after '年' (Chinese may break between any two
 * characters) or '14 de marzo de 2025' at a space.
 *
 * Spaces become no-break spaces (U+00A0) and a word joiner (U+2060, invisible, not read aloud)
 * goes between two characters that would otherwise allow a break: a CJK character beside a digit
 * or another CJK character. Amounts are already unbreakable as Intl writes them (it puts U+00A0
 * between 'USD' and the number); counts keep their noun with a no-break space written in the
 * catalogue ('#\u00a0meses', see shared/i18n/messages/notes.md).
 */

export const NO_BREAK_SPACE = '\u00a0';
export const WORD_JOINER = '\u2060';

/** Han, kana and Hangul: scripts a line may break between any two characters of. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Characters a CJK character holds to (digits, letters, CJK itself). */
const HOLDS = /[\p{L}\p{N}]/u;

/** The text, unbreakable: its spaces no-break, a word joiner between CJK characters and what they touch. */
export function unbreakable(text: string): string {
  const chars = [
    ...text.replace(/[ \u2009\u202f]/g, (space) =>
      space === ' ' ? NO_BREAK_SPACE : space === '\u2009' ? '\u202f' : space,
    ),
  ];
  let out = '';
  chars.forEach((char, i) => {
    const before = chars[i - 1];
    if (before !== undefined && (CJK.test(char) || CJK.test(before)) && HOLDS.test(char) && HOLDS.test(before))
      out += WORD_JOINER;
    out += char;
  });
  return out;
}

/** Whether a line could break inside the text (a space, or two CJK-touching characters with no joiner). */
export function canBreakInside(text: string): boolean {
  return unbreakable(text) !== text;
}
