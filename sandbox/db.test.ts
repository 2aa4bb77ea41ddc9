// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMonths, openDb, SCHEMA_VERSION } from './db.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { startSandbox } from './test-support.js';

describe('database', () => {
  it('creates, migrates and seeds once, in WAL mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sm-db-'));
    const path = join(dir, 'nested', 'sm.sqlite');
    const now = () => new Date('2026-01-31T00:00:00Z');
    let db = openDb(path, now);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(String(SCHEMA_VERSION));
    expect(db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(5);
    db.prepare("DELETE FROM users WHERE email = 'admin@example.org'").run();
    db.close();
    db = openDb(path, now);
    expect(db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(4); // not seeded again
    expect(db.prepare('SELECT email FROM users WHERE email_verified_at IS NULL').pluck().all()).toEqual(['unverified@example.org']);
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
    const a = await hashPassword('same-password');
    const b = await hashPassword('same-password');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword(a, 'same-password')).toBe(true);
    expect(await verifyPassword(a, 'other-password')).toBe(false);

    const sb = await startSandbox();
    const token = await sb.login('listener@example.org', 'listen-2026');
    const stored = sb.sandbox.db.prepare('SELECT token_hash FROM tokens').pluck().all() as string[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(token);
    await sb.stop();
  });
});
