// Bank accounts for payouts (POST /dashboard/account/add-bank): one per person. The account number is never kept:
// only its last 4 digits (to show) and a keyed hash (to recognise the same account again).
import { createHmac, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { addBank } from '../../../shared/api/account.js';
import type { Db } from '../../core/db.js';
import { invalid, success, type Result } from '../../core/result.js';

export const FEW_DIGITS = 'account_number: must have at least 4 digits';

export interface NewBankAccount {
  bank_name: string;
  account_name: string;
  /** digits, spaces and dashes as typed; only the digits count */
  account_number: string;
  routing_number: string | null;
  country_code: string;
}

/** What the call answers: never the number, never the hash. */
export type BankAccountView = z.infer<typeof addBank.response>;

/** The HMAC key, made once per database (meta.bank_hash_key). */
function hashKey(db: Db): Buffer {
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('bank_hash_key', ?)").run(
    randomBytes(32).toString('hex'),
  );
  return Buffer.from(db.prepare("SELECT value FROM meta WHERE key = 'bank_hash_key'").pluck().get() as string, 'hex');
}

export function accountDigits(accountNumber: string): string {
  return accountNumber.replace(/\D/g, '');
}

/** HMAC-SHA256 of the account's digits with the database's key (a plain hash of a short number is easy to reverse). */
export function accountHash(db: Db, digits: string): string {
  return createHmac('sha256', hashKey(db)).update(digits, 'utf8').digest('hex');
}

/** Stores (or replaces) the person's payout account; an account number needs at least 4 digits. */
export function saveBankAccount(db: Db, userId: number, input: NewBankAccount, now: Date): Result<BankAccountView> {
  const digits = accountDigits(input.account_number);
  if (digits.length < 4) return invalid(FEW_DIGITS);
  const row = {
    user_id: userId,
    bank_name: input.bank_name,
    account_name: input.account_name,
    account_last4: digits.slice(-4),
    account_hash: accountHash(db, digits),
    routing_number: input.routing_number || null,
    country_code: input.country_code,
    now: now.toISOString(),
  };
  db.prepare(
    `INSERT INTO bank_accounts (user_id, bank_name, account_name, account_last4, account_hash, routing_number, country_code, created_at, updated_at)
     VALUES (@user_id, @bank_name, @account_name, @account_last4, @account_hash, @routing_number, @country_code, @now, @now)
     ON CONFLICT (user_id) DO UPDATE SET
       bank_name = excluded.bank_name, account_name = excluded.account_name, account_last4 = excluded.account_last4,
       account_hash = excluded.account_hash, routing_number = excluded.routing_number, country_code = excluded.country_code,
       updated_at = excluded.updated_at`,
  ).run(row);
  return success({
    bank_name: row.bank_name,
    account_name: row.account_name,
    account_last4: row.account_last4,
    country_code: row.country_code,
  });
}
