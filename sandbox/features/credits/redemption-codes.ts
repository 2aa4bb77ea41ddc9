// Gift codes: credits bought for someone else, redeemed later by whoever holds the code.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../core/db.js';

/** No 0/O or 1/I: easy to read aloud and type. 32 symbols, so `byte % 32` is unbiased (60 random bits per code). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const REDEMPTION_CODE_PATTERN = /^SM-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** 'SM-' + 3 groups of 4 characters from the system's CSPRNG. */
export function newRedemptionCode(): string {
  const chars = Array.from(randomBytes(12), (byte) => ALPHABET[byte % ALPHABET.length]!).join('');
  return `SM-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** Stores a new code worth `credits`, bought by `userId`, and returns it. */
export function createRedemptionCode(db: Db, userId: number, credits: number, now: Date): string {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO redemption_codes (code, credits, created_by, created_at) VALUES (?, ?, ?, ?)',
  );
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newRedemptionCode();
    if (insert.run(code, credits, userId, now.toISOString()).changes === 1) return code;
  }
  throw new Error('could not create a unique redemption code');
}
