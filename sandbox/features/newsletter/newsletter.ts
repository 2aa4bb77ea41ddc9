// The newsletter list: each address once, lowercased.
import type { Db } from '../../core/db.js';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing to our newsletter!',
  already: 'You are already subscribed. Thank you!',
} as const;

/** Adds the address (already lowercased); false when it was on the list before. */
export function subscribe(db: Db, email: string, now: Date): boolean {
  return (
    db
      .prepare('INSERT OR IGNORE INTO newsletter_subscribers (email, subscribed_at) VALUES (?, ?)')
      .run(email, now.toISOString()).changes === 1
  );
}
