// The sandbox clock: the base clock (the real one, or a test's) plus a number of days the sandbox has been
// moved forward (POST /sandbox/clock). The offset is kept in the meta table, so it survives a restart.
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
  return db.transaction(() => {
    const offset = clockOffsetDays(db) + days;
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
      OFFSET_KEY, String(offset),
    );
    return offset;
  }).immediate();
}

/** The app's `now()`: the base clock plus the stored offset (read on every call, so it is never stale). */
export function sandboxClock(db: Db, base: () => Date): () => Date {
  return () => new Date(base().getTime() + clockOffsetDays(db) * DAY_MS);
}
