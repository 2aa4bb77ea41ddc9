// Calendar arithmetic in UTC shared by memberships, monthly gifts and the seed.

/** The same day `months` later (or earlier), clamped to the last day of shorter months (Jan 31 + 1 = Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export const DAY = 24 * 60 * 60 * 1000;

/** `days` before `date` (whole or fractional days). */
export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY);
}
