import { describe, expect, it } from 'vitest';
import { outcomeOf } from './result';

const ok = (result_code: string, extra: Record<string, unknown> = {}) => ({
  ok: true as const,
  message: '',
  data: { result_code, ...extra },
});
const err = (status: number, message: string) => ({ ok: false as const, error: { status, message, errorCode: null } });

describe('card payment results', () => {
  it('Authorised is confirmed', () => {
    expect(outcomeOf(ok('Authorised', { credit_balance: 220 }))).toEqual({
      kind: 'confirmed',
      result: { result_code: 'Authorised', credit_balance: 220 },
    });
  });
  it('Pending and Received wait', () => {
    expect(outcomeOf(ok('Pending', { message: 'wait' }))).toEqual({ kind: 'pending', message: 'wait' });
    expect(outcomeOf(ok('Received'))).toEqual({ kind: 'pending', message: '' });
  });
  it('Refused and anything else fail with the message', () => {
    expect(outcomeOf(ok('Refused', { message: 'Your card was declined.' }))).toEqual({
      kind: 'failed',
      message: 'Your card was declined.',
    });
    expect(outcomeOf(ok('Cancelled'))).toEqual({ kind: 'failed', message: 'The payment was not completed.' });
    expect(outcomeOf(ok('authorised'))).toMatchObject({ kind: 'failed' });
  });
  it('a missing confirmation (4xx) fails with the server message; network and 5xx can be retried', () => {
    expect(outcomeOf(err(400, 'This payment has not been completed.'))).toEqual({
      kind: 'failed',
      message: 'This payment has not been completed.',
    });
    expect(outcomeOf(err(0, 'offline'))).toEqual({ kind: 'retry', message: 'offline' });
    expect(outcomeOf(err(500, 'oops'))).toEqual({ kind: 'retry', message: 'oops' });
    expect(outcomeOf(err(429, 'slow down'))).toEqual({ kind: 'retry', message: 'slow down' });
  });
});
