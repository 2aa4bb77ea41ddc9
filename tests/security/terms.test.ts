// @vitest-environment node
/**
 * Accepting the terms is the person's own act. The call by email is made before a first sign-in, so it cannot need an
 * access token: the sign-in or registration answer that finds the terms unaccepted carries a short-lived single-use
 * proof, and the call accepts only with it. Without a proof it answers 401 and records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, startSandbox, type TestSandbox } from '../../sandbox/test-support';

const BY_EMAIL = '/dashboard/auth/accept-toc';
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

const acceptedAt = (email: string) =>
  sb.sandbox.db.prepare('SELECT terms_accepted_at FROM users WHERE email = ?').pluck().get(email);
const proofOf = (answer: { body: { data?: unknown } }) =>
  (answer.body.data as { terms_token?: string } | null)?.terms_token;

describe('accepting the terms by email', () => {
  it('records nothing for anyone who only knows the email: 401', async () => {
    for (const body of [
      { email: 'listener@example.org' },
      { email: 'listener@example.org', terms_token: '' },
      { email: 'listener@example.org', terms_token: 'guessed' },
    ]) {
      const answer = await sb.post(BY_EMAIL, body);
      expect(answer.status, JSON.stringify(body)).toBe(401);
      expect(answer.body).toEqual({
        status: 401,
        message: 'This sign-in is too old to accept the terms. Please log in again, then accept them.',
        errorCode: null,
      });
    }
    expect(acceptedAt('listener@example.org')).toBeNull();
  });

  it('accepts with the proof of the person’s own sign-in, once, and only for that email', async () => {
    const signIn = await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' });
    const proof = proofOf(signIn)!;
    expect(proof).toBeTruthy();
    expect((await sb.post(BY_EMAIL, { email: 'partner@example.org', terms_token: proof })).status).toBe(401); // not theirs
    expect(acceptedAt('partner@example.org')).toBeNull();
    expect((await sb.post(BY_EMAIL, { email: 'listener@example.org', terms_token: proof })).status).toBe(200);
    expect(acceptedAt('listener@example.org')).not.toBeNull();
    expect((await sb.post(BY_EMAIL, { email: 'listener@example.org', terms_token: proof })).status).toBe(401); // used
    // Accepted: the next sign-in carries no proof.
    expect(
      proofOf(await sb.post('/webclient/auth/login', { email: 'listener@example.org', password: 'listen-2026' })),
    ).toBeUndefined();
  });

  it('accepts with the proof of a registration; registering an address that is taken gives a proof that proves nothing', async () => {
    const person = { first_name: 'New', last_name: 'Comer' };
    const fresh = await sb.post('/webclient/auth/register', registration({ ...person, email: 'newcomer@example.org' }));
    const taken = await sb.post('/webclient/auth/register', registration({ ...person, email: 'manila@example.org' }));
    expect(fresh.body.message).toBe(taken.body.message);
    expect(Object.keys(fresh.body.data as object)).toEqual(Object.keys(taken.body.data as object)); // alike from outside
    expect((await sb.post(BY_EMAIL, { email: 'manila@example.org', terms_token: proofOf(taken) })).status).toBe(401);
    expect(acceptedAt('manila@example.org')).toBeNull();
    expect((await sb.post(BY_EMAIL, { email: 'newcomer@example.org', terms_token: proofOf(fresh) })).status).toBe(200);
    expect(acceptedAt('newcomer@example.org')).not.toBeNull();
  });

  it('lives 15 minutes', async () => {
    const signIn = await sb.post('/webclient/auth/login', { email: 'partner@example.org', password: 'partner-2026' });
    sb.clock.advance(15 * 60 * 1000 + 1000);
    expect((await sb.post(BY_EMAIL, { email: 'partner@example.org', terms_token: proofOf(signIn) })).status).toBe(401);
    expect(acceptedAt('partner@example.org')).toBeNull();
  });

  it('the signed-in call still needs the person’s access token', async () => {
    expect((await sb.post('/dashboard/account/accept-toc', {})).status).toBe(401);
  });
});
