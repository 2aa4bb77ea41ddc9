// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPaymentData, newIdempotencyKey, readRecord, writeRecord } from './records';

const credit = { idempotencyKey: 'k'.repeat(32), method: 'credit_card', currency: 'USD', amount: 10, identifier: 'credits_100', credits: 100, purchasefor: 1 as const, createdAt: 1 };

describe('pending payment records', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips a record', () => {
    writeRecord('credit', credit);
    expect(readRecord('credit')).toEqual(credit);
  });

  it.each([
    ['not JSON', '{'],
    ['wrong shape', JSON.stringify({ amount: 'lots' })],
    ['tampered method', JSON.stringify({ ...credit, method: 'javascript:alert(1)' })],
    ['negative credits', JSON.stringify({ ...credit, credits: -5 })],
    ['bad purchasefor', JSON.stringify({ ...credit, purchasefor: 3 })],
  ])('removes a %s record and reads it as absent', (_label, text) => {
    localStorage.setItem('sm.payment.credit', text);
    expect(readRecord('credit')).toBeNull();
    expect(localStorage.getItem('sm.payment.credit')).toBeNull();
  });

  it('clears the credit and pending records together', () => {
    writeRecord('credit', credit);
    writeRecord('payment-pending', { kind: 'credit', sessionId: 'cs_1', method: 'gcash', tries: 0, at: 1 });
    writeRecord('payment-error', { message: 'x', at: 1 });
    clearPaymentData('credit');
    expect(readRecord('credit')).toBeNull();
    expect(readRecord('payment-pending')).toBeNull();
    expect(readRecord('payment-error')).not.toBeNull();
  });

  it('makes distinct idempotency keys', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
