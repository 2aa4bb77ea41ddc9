// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openSeededDb } from '../seed/seed.js';
import { addMonths } from './clock.js';
import { SCHEMA_VERSION } from './db.js';
import { MIGRATIONS } from './migrations.js';
import { Passwords } from './passwords.js';
import { startSandbox, testHash, TEST_PASSWORDS } from '../test-support.js';

/** A database file at an old schema version, with rows written by `sql`. */
function oldDatabase(version: number, sql: string): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sm-db-'));
  const path = join(dir, `v${version}.sqlite`);
  const old = new Database(path);
  old.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  for (const migration of MIGRATIONS.slice(0, version)) old.exec(migration);
  old.exec(sql);
  old.close();
  return { dir, path };
}

describe('database', () => {
  it('creates, migrates and seeds once, in WAL mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sm-db-'));
    const path = join(dir, 'nested', 'sm.sqlite');
    const now = () => new Date('2026-01-31T00:00:00Z');
    let db = openSeededDb(path, now(), testHash);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
      String(SCHEMA_VERSION),
    );
    expect(db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(6); // five people and the artist
    db.prepare("DELETE FROM users WHERE email IN ('admin@example.org', 'artist@example.org')").run();
    db.close();
    db = openSeededDb(path, now(), testHash);
    expect(db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(4); // not seeded again (the artist neither)
    expect(db.prepare('SELECT email FROM users WHERE email_verified_at IS NULL').pluck().all()).toEqual([
      'unverified@example.org',
    ]);
    expect(db.prepare('SELECT COUNT(*) FROM missions').pluck().get()).toBe(4); // not seeded again either
    expect(db.prepare('SELECT COUNT(*) FROM credit_transactions').pluck().get()).toBe(30);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('upgrades a database of schema 3 without losing rows, and lets checkout sessions be anonymous', () => {
    const { dir, path } = oldDatabase(
      3,
      `
      INSERT INTO meta (key, value) VALUES ('schema_version', '3'), ('seeded_at', '2025-12-01T00:00:00.000Z');
      INSERT INTO users (id, first_name, last_name, email, password_hash, joined_at) VALUES (7, 'Old', 'Timer', 'old@example.org', 'x', '2025-01-01');
      INSERT INTO checkout_sessions (id, user_id, kind, method, currency, amount_minor, description, success_url, cancel_url, status, created_at, expires_at, paid_at, fulfilled_at, failed_url, card_last4)
        VALUES ('cs_old', 7, 'credit', 'credit_card', 'USD', 1000, '100 Credits', '/', '/', 'paid', '2025-12-01', '2025-12-02', '2025-12-01', '2025-12-01', NULL, '4242');
      INSERT INTO credit_transactions (user_id, trx_ref, created_at, purchase_channel, amount_credit, final_currency, final_amount_minor, session_id)
        VALUES (7, 'cs_old', '2025-12-01', 'card', 100, 'USD', 1000, 'cs_old');
    `,
    );

    const db = openSeededDb(path, new Date('2026-01-10T12:00:00Z'), testHash);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
      String(SCHEMA_VERSION),
    );
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(
      db.prepare("SELECT card_last4 || ' ' || status FROM checkout_sessions WHERE id = 'cs_old'").pluck().get(),
    ).toBe('4242 paid');
    expect(db.prepare('SELECT COUNT(*) FROM credit_transactions').pluck().get()).toBe(1); // the rebuild deleted nothing
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) FROM missions WHERE active = 1').pluck().get()).toBe(3); // seeded into the old database
    db.prepare(
      `INSERT INTO checkout_sessions (id, user_id, kind, method, currency, amount_minor, description, success_url, cancel_url, created_at, expires_at)
       VALUES ('cs_anon', NULL, 'donation', 'credit_card', 'USD', 500, 'Gift', '/', '/', '2026-01-10', '2026-01-11')`,
    ).run();
    // References still lead to the rebuilt table: deleting the session cascades to its history row.
    db.prepare("DELETE FROM checkout_sessions WHERE id = 'cs_old'").run();
    expect(db.prepare('SELECT COUNT(*) FROM credit_transactions').pluck().get()).toBe(0);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('upgrades a database of schema 8: rows kept, apple_pay allowed, the artist seeded and linked', () => {
    const { dir, path } = oldDatabase(
      8,
      `
      INSERT INTO meta (key, value) VALUES ('schema_version', '8'), ('seeded_at', '2025-12-01T00:00:00.000Z'), ('seeded_history_at', '2025-12-01T00:00:00.000Z');
      INSERT INTO users (id, first_name, last_name, email, password_hash, joined_at) VALUES (7, 'Old', 'Timer', 'old@example.org', 'x', '2025-01-01');
      INSERT INTO artists (id, name) VALUES (1, 'Choir');
      INSERT INTO checkout_sessions (id, user_id, kind, method, currency, amount_minor, description, success_url, cancel_url, status, created_at, expires_at)
        VALUES ('cs_old', 7, 'credit', 'gcash', 'PHP', 58000, '100 Credits', '/', '/', 'paid', '2025-12-01', '2025-12-02'),
               ('cs_anon', NULL, 'donation', 'credit_card', 'USD', 500, 'Gift', '/', '/', 'open', '2025-12-01', '2025-12-02');
      INSERT INTO credit_transactions (id, user_id, trx_ref, created_at, purchase_channel, amount_credit, final_currency, final_amount_minor, session_id)
        VALUES (3, 7, 'cs_old', '2025-12-01', 'gcash', 100, 'PHP', 58000, 'cs_old');
      INSERT INTO subscription_payments (user_id, session_id, kind, amount_minor, currency, charged_at) VALUES (7, 'cs_old', 'one-time', 500, 'USD', '2025-12-01');
    `,
    );

    const db = openSeededDb(path, new Date('2026-01-10T12:00:00Z'), testHash);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
      String(SCHEMA_VERSION),
    );
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT id, purchase_channel FROM credit_transactions').all()).toEqual([
      { id: 3, purchase_channel: 'gcash' },
    ]);
    expect(db.prepare('SELECT COUNT(*) FROM checkout_sessions').pluck().get()).toBe(2);
    expect(db.prepare('SELECT blocked_at, deleted_at, terms_accepted_at FROM users WHERE id = 7').get()).toEqual({
      blocked_at: null,
      deleted_at: null,
      terms_accepted_at: null,
    });
    // the artist and their catalogue, linked to the account
    const artist = db
      .prepare(
        "SELECT id, role, email_verified_at IS NOT NULL AS verified FROM users WHERE email = 'artist@example.org'",
      )
      .get() as { id: number; role: string; verified: number };
    expect(artist).toMatchObject({ role: 'artist', verified: 1 });
    expect(db.prepare('SELECT name FROM artists WHERE user_id = ?').pluck().all(artist.id)).toEqual(['Aaron Artist']);
    // apple_pay is a method and a channel now; the anonymous key index is back
    db.prepare(
      `INSERT INTO checkout_sessions (id, user_id, kind, method, currency, amount_minor, description, success_url, cancel_url, status, created_at, expires_at)
       VALUES ('cs_wallet', 7, 'credit', 'apple_pay', 'USD', 500, '50 Credits', '/', '/', 'paid', '2026-01-10', '2026-01-11')`,
    ).run();
    db.prepare(
      `INSERT INTO credit_transactions (user_id, trx_ref, created_at, purchase_channel, amount_credit, final_currency, final_amount_minor, session_id)
       VALUES (7, 'cs_wallet', '2026-01-10', 'apple_pay', 50, 'USD', 500, 'cs_wallet')`,
    ).run();
    expect(() => db.prepare("UPDATE checkout_sessions SET method = 'bitcoin' WHERE id = 'cs_wallet'").run()).toThrow(
      /CHECK/,
    );
    expect(
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('checkout_sessions_anonymous_key', 'credit_transactions_user') ORDER BY name",
        )
        .pluck()
        .all(),
    ).toEqual(['checkout_sessions_anonymous_key', 'credit_transactions_user']);
    // references lead to the rebuilt tables
    db.prepare("DELETE FROM checkout_sessions WHERE id = 'cs_old'").run();
    expect(db.prepare('SELECT COUNT(*) FROM credit_transactions').pluck().get()).toBe(1);
    expect(db.prepare('SELECT session_id FROM subscription_payments').pluck().get()).toBeNull();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds months without overflowing short months', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('secrets at rest', () => {
  it('stores salted scrypt hashes and only sha256 of tokens', async () => {
    const passwords = new Passwords(TEST_PASSWORDS);
    const a = await passwords.hash('same-password');
    const b = await passwords.hash('same-password');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$/); // the tests' strength; tests/security proves the production one
    expect(await passwords.check(a, 'same-password')).toEqual({ ok: true, outdated: false });
    expect(await passwords.check(a, 'other-password')).toEqual({ ok: false, outdated: false });

    const sb = await startSandbox();
    const token = await sb.login('listener@example.org', 'listen-2026');
    const stored = sb.sandbox.db
      .prepare("SELECT token_hash FROM tokens WHERE kind = 'access'")
      .pluck()
      .all() as string[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    // every other token (the proof for accepting the terms) is stored the same way
    for (const hash of sb.sandbox.db.prepare('SELECT token_hash FROM tokens').pluck().all() as string[])
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(token);
    await sb.stop();
  });
});
