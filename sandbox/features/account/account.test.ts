// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProfile } from '../../../shared/deps/testing.js';
import { startSandbox, type TestSandbox } from '../../test-support.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.stop();
});

describe('profile', () => {
  it('describes a free listener', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    const res = await sb.get('/webclient/account/profile', token);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data).toEqual({ ...testProfile({ role: 'listener' }), id: expect.any(Number) });
  });

  it('describes a monthly partner', async () => {
    const token = await sb.login('partner@example.org', 'partner-2026');
    const res = await sb.get<Record<string, unknown>>('/webclient/account/profile', token);
    expect(res.body.data).toMatchObject({
      name: 'Paul Partner',
      type: 1,
      subscription: {
        recurring: 1,
        canceled: false,
        change_amount: false,
        current_amount: 5,
        next_amount: null,
        end_date: '2026-02-10T12:00:00.000Z', // one month after the sandbox's clock at seeding
        schedule_start_date: null,
      },
    });
  });

  it('gives the admin role and the Philippine country', async () => {
    const admin = await sb.get<{ role: string }>(
      '/webclient/account/profile',
      await sb.login('admin@example.org', 'admin-2026'),
    );
    expect(admin.body.data!.role).toBe('admin');
    const manila = await sb.get<{ country: unknown; name: string }>(
      '/webclient/account/profile',
      await sb.login('manila@example.org', 'manila-2026'),
    );
    expect(manila.body.data).toMatchObject({ name: 'Maria Santos', country: { code: 'PH', name: 'Philippines' } });
  });

  it('needs a valid, unexpired token', async () => {
    const expected = { status: 401, message: 'Unauthenticated.', errorCode: null };
    const variants: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer not-a-token' },
      { Authorization: 'Basic abc' },
      { Authorization: 'Bearer' },
    ];
    for (const headers of variants) {
      const res = await sb.call('GET', '/webclient/account/profile', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(expected);
    }
    const token = await sb.login('listener@example.org', 'listen-2026');
    sb.clock.advance(7200 * 1000 + 1);
    expect((await sb.get('/webclient/account/profile', token)).body).toEqual(expected);
  });
});

describe('country list', () => {
  it('lists about 250 countries with dial codes, sorted by name', async () => {
    const res = await sb.get<{ code: string; name: string; phone_code: string }[]>('/api/country');
    expect(res.status).toBe(200);
    const list = res.body.data!;
    expect(list.length).toBeGreaterThan(240);
    expect(list.length).toBeLessThan(260);
    expect(list.find((c) => c.code === 'US')).toEqual({ code: 'US', name: 'United States', phone_code: '+1' });
    expect(list.find((c) => c.code === 'PH')).toEqual({ code: 'PH', name: 'Philippines', phone_code: '+63' });
    for (const c of list) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.phone_code).toMatch(/^\+\d+$/);
    }
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
