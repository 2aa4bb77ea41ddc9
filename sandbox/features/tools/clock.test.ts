// @vitest-environment node
// The sandbox clock: moving forward, what it runs, persistence across a restart, and the tests' own clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../../test-support.js';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startSandbox(); // 2026-01-10T12:00:00.000Z; Paul renews on 2026-02-10T12:00:00.000Z
});
afterEach(async () => {
  await sb.stop();
});

const clock = () => sb.get<{ now: string; offset_days: number }>('/sandbox/clock');
const advance = (json: unknown) =>
  sb.post<{ now: string; renewals: number; ended: number; donation_renewals: number }>('/sandbox/clock', json);

describe('the sandbox clock', () => {
  it('tells the time and moves forward by whole days', async () => {
    expect((await clock()).body).toEqual({
      status: 200,
      message: 'Sandbox clock.',
      data: { now: '2026-01-10T12:00:00.000Z', offset_days: 0 },
    });
    expect((await advance({ advance_days: 1 })).body).toEqual({
      status: 200,
      message: 'The sandbox clock moved forward 1 day.',
      data: { now: '2026-01-11T12:00:00.000Z', renewals: 0, ended: 0, donation_renewals: 0 },
    });
    await advance({ advance_days: 400 });
    expect((await clock()).body.data).toEqual({ now: '2027-02-15T12:00:00.000Z', offset_days: 401 });
  });

  it('refuses anything but 1 to 400 days', async () => {
    for (const advance_days of [0, -1, 401, 1.5, '3', null, 1e9]) {
      const res = await advance({ advance_days });
      expect(res.status, String(advance_days)).toBe(400);
      expect(res.body.message).toMatch(/^advance_days: /);
    }
    expect((await advance({})).body.message).toBe('advance_days: is required');
    expect((await clock()).body.data!.offset_days).toBe(0);
  });

  it('adds to the tests’ movable clock, and expires tokens', async () => {
    const token = await sb.login('listener@example.org', 'listen-2026');
    sb.clock.advance(60 * 60 * 1000);
    await advance({ advance_days: 2 });
    expect((await clock()).body.data).toEqual({ now: '2026-01-12T13:00:00.000Z', offset_days: 2 });
    expect((await sb.get('/webclient/account/profile', token)).status).toBe(401);
    const fresh = await sb.login('listener@example.org', 'listen-2026');
    const row = sb.sandbox.db
      .prepare('SELECT created_at FROM tokens WHERE used_at IS NULL ORDER BY id DESC LIMIT 1')
      .pluck()
      .get();
    expect(row).toBe('2026-01-12T13:00:00.000Z');
    expect((await sb.get('/webclient/account/profile', fresh)).status).toBe(200);
  });

  it('lets renewals fall due with the tests’ clock too (the profile runs what is due)', async () => {
    sb.clock.advance(32 * 24 * 60 * 60 * 1000);
    const paul = await sb.login('partner@example.org', 'partner-2026');
    const profile = await sb.get<{ subscription: { end_date: string } }>('/webclient/account/profile', paul);
    expect(profile.body.data!.subscription.end_date).toBe('2026-03-10T12:00:00.000Z');
    expect(
      sb.sandbox.db.prepare("SELECT COUNT(*) FROM subscription_payments WHERE kind = 'renewal'").pluck().get(),
    ).toBe(1);
    expect((await advance({ advance_days: 1 })).body.data).toMatchObject({ renewals: 0 }); // already run
  });

  it('is listed on the sandbox index page', async () => {
    const res = await sb.get('/sandbox');
    expect(res.text).toContain('/sandbox/clock');
    expect(res.text).toContain('2026-01-10T12:00:00.000Z');
  });
});

describe('across a restart', () => {
  it('keeps the offset in the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sm-clock-'));
    const dbPath = join(dir, 'sm.sqlite');
    const first = await startSandbox({ dbPath });
    await first.post('/sandbox/clock', { advance_days: 10 });
    await first.stop();
    const second = await startSandbox({ dbPath });
    expect((await second.get<{ now: string; offset_days: number }>('/sandbox/clock')).body.data).toEqual({
      now: '2026-01-20T12:00:00.000Z',
      offset_days: 10,
    });
    await second.stop();
    rmSync(dir, { recursive: true, force: true });
  });
});
