/**
 * The sandbox killed with SIGKILL mid-flow keeps every committed row (SQLite WAL), and the
 * flow goes on after a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../sandbox/core/emulator';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'sm-restart-'));
let child: ChildProcess | undefined;

async function start(port: number): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB: join(dir, 'sm.sqlite'),
      PORTAL_URL: `http://localhost:${port}/`,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`${url}/api/country`)).ok) return url;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sandbox did not start');
}

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

describe('sandbox restart', () => {
  it('keeps committed rows through kill -9 and lets the flow go on', async () => {
    const port = await freePort();
    let url = await start(port);
    const login = await (
      await fetch(`${url}/webclient/auth/login`, json({ email: 'listener@example.org', password: 'listen-2026' }))
    ).json();
    const token = login.data.access_token as string;
    const created = await (
      await fetch(
        `${url}/webclient/in-web-purchase/create-session`,
        json(
          {
            currency: 'USD',
            amount: 10,
            credit: 100,
            identifier: 'credits_100',
            purchasefor: 1,
            success_url: `http://localhost:${port}/#/success`,
            cancel_url: `http://localhost:${port}/#/top-up`,
          },
          token,
        ),
      )
    ).json();
    const sessionId = created.data.id as string;
    // Paid on the hosted checkout, then the server dies before the person comes back.
    const paid = await fetch(`${url}/sandbox/checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'card=4242424242424242',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));

    url = await start(port);
    // The session token, the payment and the granted credits all survived.
    const confirm = await (
      await fetch(
        `${url}/webclient/in-web-purchase/confirm-transaction-session`,
        json({ session_id: sessionId }, token),
      )
    ).json();
    expect(confirm.data).toMatchObject({ result_code: 'Authorised', credit_balance: 220 });
    const profile = await (
      await fetch(`${url}/webclient/account/profile`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(profile.data.credit_balance).toBe(220);
  }, 60_000);
});
