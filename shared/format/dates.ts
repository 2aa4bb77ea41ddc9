/** Dates as the product writes them: 'DD MMMM YYYY' generally, 'DD/MM/YYYY hh:mm A' in tables. */
import dayjs from 'dayjs';

export const DATE_FORMAT = 'DD MMMM YYYY';
export const TABLE_DATE_FORMAT = 'DD/MM/YYYY hh:mm A';

/** Formats a server date; an unreadable one shows as an em dash rather than 'Invalid Date'. */
export function formatDate(value: string | number | Date | null | undefined, format: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : '—';
}

export function formatTableDate(value: string | number | Date | null | undefined): string {
  return formatDate(value, TABLE_DATE_FORMAT);
}
