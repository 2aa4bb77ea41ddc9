// Time in the sandbox. The sandbox clock is the base clock (the real one, or a test's) plus a number of days the
// sandbox has been moved forward (POST /sandbox/clock); the offset is kept in the meta table, so it survives a
// restart. Calendar arithmetic in UTC for memberships, monthly gifts and the seed.
import type { Db } from './db.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_KEY = 'clock_offset_days';

export function clockOffsetDays(db: Db): number {
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(OFFSET_KEY) as string | undefined;
  const days = Number(value ?? 0);
  return Number.isSafeInteger(days) ? days : 0;
}

/** Moves the sandbox clock forward by `days` (whole days) and returns the new offset. */
export function advanceClock(db: Db, days: number): number {
  if (!Number.isSafeInteger(days) || days <= 0) throw new Error(`cannot advance the clock by ${days} days`);
  return db
    .transaction(() => {
      const offset = clockOffsetDays(db) + days;
      db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ).run(OFFSET_KEY, String(offset));
      return offset;
    })
    .immediate();
}

/** The app's `now()`: the base clock plus the stored offset (read on every call, so it is never stale). */
export function sandboxClock(db: Db, base: () => Date): () => Date {
  return () => new Date(base().getTime() + clockOffsetDays(db) * DAY_MS);
}

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

/** `days` before `date` (whole or fractional days). */
export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}
