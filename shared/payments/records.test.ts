import { describe, expect, it } from 'vitest';
import { memoryStore } from '../deps/testing';
import { createRecords, newIdempotencyKey } from './records';
import { creditDraft } from './testing';

const credit = { ...creditDraft(), idempotencyKey: 'k'.repeat(32), createdAt: 1 };

describe('payment records', () => {
  it('round-trips a record', () => {
    const records = createRecords(memoryStore(), '');
    records.write('credit', credit);
    expect(records.read('credit')).toEqual(credit);
  });

  it.each([
    ['not JSON', '{'],
    ['wrong shape', JSON.stringify({ amount: 'lots' })],
    ['tampered method', JSON.stringify({ ...credit, method: 'javascript:alert(1)' })],
    ['negative credits', JSON.stringify({ ...credit, credits: -5 })],
    ['bad purchasefor', JSON.stringify({ ...credit, purchasefor: 3 })],
  ])('removes a %s record and reads it as absent', (_label, text) => {
    const storage = memoryStore({ 'sm.payment.credit': text });
    expect(createRecords(storage, '').read('credit')).toBeNull();
    expect(storage.get('sm.payment.credit')).toBeNull();
  });

  it('keeps each kind under its own key', () => {
    const storage = memoryStore();
    const records = createRecords(storage, '');
    records.write('credit', credit);
    records.write('payment-error', { message: 'x', at: 1 });
    records.clear('credit');
    expect(records.read('credit')).toBeNull();
    expect(records.read('payment-error')).toEqual({ message: 'x', at: 1 });
    expect([...storage.entries.keys()]).toEqual(['sm.payment.payment-error']);
  });

  it('keeps the records of each API host apart: two tags naming two hosts never share an unfinished checkout', () => {
    const storage = memoryStore();
    const own = createRecords(storage, '');
    const other = createRecords(storage, 'https://api.other.example');
    own.write('credit', credit);
    expect(other.read('credit')).toBeNull();
    other.write('credit', { ...credit, credits: 1000 });
    other.write('payment-error', { message: 'x', at: 1 });
    expect(own.read('credit')?.credits).toBe(100);
    expect(own.read('payment-error')).toBeNull();
    other.clear('credit');
    expect(own.read('credit')).toEqual(credit);
    // The page's own host keeps the plain keys; another host's carry its base, as its session's key does.
    expect([...storage.entries.keys()]).toEqual([
      'sm.payment.credit',
      'sm.payment.payment-error@https://api.other.example',
    ]);
  });

  it('makes distinct idempotency keys', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
