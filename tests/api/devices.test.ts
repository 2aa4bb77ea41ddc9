// @vitest-environment node
/**
 * The device calls (features/auth/routes.ts), which the portal has no client contract for yet: their answers have the
 * shape sandbox/README.md documents, and failures the account dashboard's errorCode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type TestSandbox } from '../../sandbox/test-support';

const Device = z
  .object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/), created_at: z.iso.datetime(), last_used_at: z.iso.datetime() })
  .strict();

let sb: TestSandbox;
let token = '';
beforeAll(async () => {
  sb = await startSandbox();
  token = await sb.login('listener@example.org', 'listen-2026');
});
afterAll(() => sb.stop());

describe('GET /dashboard/account/devices, POST /dashboard/account/devices/end, POST /dashboard/account/sign-out-everywhere', () => {
  it('lists the live device proofs as {id, created_at, last_used_at}', async () => {
    const answer = await sb.get('/dashboard/account/devices', token);
    expect(answer.body).toMatchObject({ status: 200, message: 'The browsers that signed in to your account.' });
    const devices = z.array(Device).parse(answer.body.data);
    expect(devices.length).toBeGreaterThan(0);
  });

  it('ends one, and answers 400 with ER-AUTH-02 for anything else', async () => {
    const [device] = z.array(Device).parse((await sb.get('/dashboard/account/devices', token)).body.data);
    expect((await sb.post('/dashboard/account/devices/end', { id: device!.id }, token)).body).toEqual({
      status: 200,
      message: 'That browser was signed out.',
      data: null,
    });
    for (const body of [{ id: device!.id }, {}, { id: 5 }, { id: 'x', extra: 1 }]) {
      expect((await sb.post('/dashboard/account/devices/end', body, token)).body, JSON.stringify(body)).toMatchObject({
        status: 400,
        errorCode: 'ER-AUTH-02',
      });
    }
  });

  it('signs out everywhere else', async () => {
    expect((await sb.post('/dashboard/account/sign-out-everywhere', {}, token)).body).toEqual({
      status: 200,
      message: 'You were signed out everywhere else.',
      data: null,
    });
    expect((await sb.get('/dashboard/account/devices', token)).body.data).toEqual([]);
  });
});
