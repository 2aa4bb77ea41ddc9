// @vitest-environment node
// The generic checkout helper: fulfil-once, rollback, state guards, the grants it is given; and the gift-code generator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GRANTS } from '../../app.js';
import { fulfilPaidSession, type Grants } from './fulfilment.js';
import {
  createCheckoutSession,
  fulfilOnce,
  markCanceled,
  markPaid,
  markRefused,
  SESSION_TTL_MS,
  type CheckoutKind,
} from './sessions.js';
import { openSeededDb } from '../../seed/seed.js';
import { testHash } from '../../test-support.js';
import { newRedemptionCode, REDEMPTION_CODE_PATTERN } from '../credits/redemption-codes.js';

const dir = mkdtempSync(join(tmpdir(), 'sm-checkout-'));
const now = new Date('2026-01-10T12:00:00Z');
const db = openSeededDb(join(dir, 'sm.sqlite'), now, testHash);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const input = {
  userId: 1,
  kind: 'donation',
  method: 'credit_card',
  currency: 'USD',
  amountMinor: 1000,
  description: 'A donation',
  payload: { mission: 2 },
  successUrl: 'http://portal.test/#/ok?s={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://portal.test/#/no',
} as const;

const newSession = (idempotencyKey: string | null = null) => {
  const created = createCheckoutSession(db, now, { ...input, idempotencyKey });
  if (!created.ok) throw new Error(created.message);
  return created.value;
};

describe('checkout sessions', () => {
  it('creates open sessions that expire in 24 h, with the id in the return URL', () => {
    const s = newSession();
    expect(s).toMatchObject({
      status: 'open',
      kind: 'donation',
      payload: { mission: 2 },
      success_url: `http://portal.test/#/ok?s=${s.id}`,
    });
    expect(Date.parse(s.expires_at) - now.getTime()).toBe(SESSION_TTL_MS);
  });

  it('fulfils a paid session once, and not an unpaid one', () => {
    const s = newSession();
    let grants = 0;
    expect(fulfilOnce(db, s.id, now, () => grants++)).toBe(false);
    expect(markPaid(db, s.id, now)).toBe(true);
    expect(markPaid(db, s.id, now)).toBe(false);
    expect(markCanceled(db, s.id, now)).toBe(false);
    expect(markRefused(db, s.id, 'no', now)).toBe(false);
    expect(fulfilOnce(db, s.id, now, () => grants++)).toBe(true);
    expect(fulfilOnce(db, s.id, now, () => grants++)).toBe(false);
    expect(grants).toBe(1);
  });

  it('rolls back a grant that fails, so it can run again', () => {
    const s = newSession();
    markPaid(db, s.id, now);
    const bump = db.prepare('UPDATE users SET credit_balance = credit_balance + 1 WHERE id = 1');
    const before = db.prepare('SELECT credit_balance FROM users WHERE id = 1').pluck().get();
    expect(() =>
      fulfilOnce(db, s.id, now, () => {
        bump.run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare('SELECT credit_balance FROM users WHERE id = 1').pluck().get()).toBe(before);
    expect(db.prepare('SELECT fulfilled_at FROM checkout_sessions WHERE id = ?').pluck().get(s.id)).toBeNull();
    expect(fulfilOnce(db, s.id, now, () => bump.run())).toBe(true);
  });

  it('grants by the table it is given; a kind the table does not name throws and marks nothing', () => {
    const s = newSession();
    markPaid(db, s.id, now);
    const granted: string[] = [];
    const credits: Grants = { credit: (_db, session) => granted.push(session.id) };
    expect(() => fulfilPaidSession(db, s.id, now, credits)).toThrow(
      `No grant was given for a donation session (${s.id}).`,
    );
    expect(db.prepare('SELECT fulfilled_at FROM checkout_sessions WHERE id = ?').pluck().get(s.id)).toBeNull();
    fulfilPaidSession(db, s.id, now, { donation: (_db, session) => granted.push(session.id) });
    fulfilPaidSession(db, s.id, now, { donation: (_db, session) => granted.push(session.id) });
    expect(granted).toEqual([s.id]);
  });

  it("the sandbox's table names every kind of session that can be sold", () => {
    const kinds: Record<CheckoutKind, true> = {
      credit: true,
      subscription: true,
      donation: true,
      'update-payment': true,
    };
    expect(Object.keys(GRANTS).sort()).toEqual(Object.keys(kinds).sort());
  });

  it('answers the same session for a repeated idempotency key, and refuses the key for another payment', () => {
    const first = newSession('key-1');
    expect(newSession('key-1').id).toBe(first.id);
    expect(createCheckoutSession(db, now, { ...input, amountMinor: 2000, idempotencyKey: 'key-1' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Idempotency-Key: was already used for a different payment',
    });
  });

  it('never pays an expired session', () => {
    const s = newSession();
    expect(markPaid(db, s.id, new Date(now.getTime() + SESSION_TTL_MS))).toBe(false);
  });
});

describe('redemption codes', () => {
  it('are SM- and three groups of four unambiguous characters, and differ', () => {
    const codes = new Set(Array.from({ length: 2000 }, newRedemptionCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(REDEMPTION_CODE_PATTERN);
    expect([...codes].join('')).not.toMatch(/[01IO]/);
  });
});
