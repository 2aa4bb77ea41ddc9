/**
 * Dates through Intl. English keeps the product's forms ('14 March 2025'; '14/03/2025 03:05 PM'
 * in tables); other languages their long date, and in tables their medium date and short time.
 * A date never wraps inside (./together.ts); a table's date and time may go on two lines.
 */

import { ENGLISH_DATES_LOCALE } from '../boot/boot';
import { dateFormat } from '../i18n/languages';
import { unbreakable } from './together';

type DateInput = string | number | Date | null | undefined;

/** A date and time without a zone ('2025-03-14 10:00:00'): local time. */
const LOCAL = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/** A server date (local time where it names no zone, as the server means it). */
function parse(value: string | number | Date): Date {
  const local = typeof value === 'string' && !/z$/i.test(value) ? LOCAL.exec(value) : null;
  if (!local) return new Date(value);
  const [, year, month, day, hour, minute, second, fraction = '0'] = local.map((part) => part || undefined);
  return new Date(
    Number(year),
    Number(month ?? 1) - 1,
    Number(day ?? 1),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    Number(fraction.slice(0, 3)),
  );
}

/** The parts of a date in English, two digits where a number has them. */
function englishParts(date: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  return Object.fromEntries(
    dateFormat(ENGLISH_DATES_LOCALE, options)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
}

/** Formats a server date; a missing or unreadable one shows as an em dash rather than 'Invalid Date'. */
function formatWith(value: DateInput, write: (date: Date) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '—' : write(date);
}

const LONG: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const ENGLISH_LONG: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'long', year: 'numeric' };

/** A date as sentences show it: '14 March 2025' in English (unbreakable). */
export function formatDate(value: DateInput, language: string = 'en'): string {
  return formatWith(value, (date) => {
    if (language !== 'en') return unbreakable(dateFormat(language, LONG).format(date));
    const p = englishParts(date, ENGLISH_LONG);
    return unbreakable(`${p.day} ${p.month} ${p.year}`);
  });
}

/** Makes formatDate's formatter ahead, in a task of its own: a page's first one is slow to make (ICU's data). */
export function prepareDates(language: string = 'en'): void {
  if (language === 'en') dateFormat(ENGLISH_DATES_LOCALE, ENGLISH_LONG);
  else dateFormat(language, LONG);
}

/**
 * A table's date and time: '14/03/2025 03:05 PM' in English (the spec's form, written here, as a
 * formatter with a time is slow to make); other languages name the month, as '3/4/25' reads either way.
 */
export function formatTableDate(value: DateInput, language: string = 'en'): string {
  return formatWith(value, (date) => {
    if (language !== 'en') {
      const parts = dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).formatToParts(date);
      const hour = parts.findIndex((part) => part.type === 'hour');
      // A line may break between the date and the time only.
      const end = /[\s,]*$/;
      const marked = parts.map((part, i) => (i === hour - 1 ? part.value.replace(end, '\n') : part.value)).join('');
      return unbreakable(marked).replace('\n', () => end.exec(parts[hour - 1]!.value)![0].replace(/\s+/g, ' '));
    }
    const two = (n: number) => String(n).padStart(2, '0');
    const hours = date.getHours();
    return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(hours % 12 || 12)}:${two(date.getMinutes())}\u00a0${hours < 12 ? 'AM' : 'PM'}`;
  });
}
