// @vitest-environment node
/**
 * Paid means granted, even through a crash. Marking a payment paid and granting what it paid for happen in one
 * transaction: a process killed between the two steps (SANDBOX_FAULT=between-paid-and-grant) leaves neither, and the
 * person's next try grants it exactly once. A database holding payments paid but not granted (as the older version,
 * which committed the two apart, could leave it) is finished on start: credits, gifts and card updates, once each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../sandbox/core/emulator';
import { jsonPost, payByCard, startProcess, type SandboxProcess } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sm-faults-'));
const running: SandboxProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.kill()));
  rmSync(dir, { recursive: true, force: true });
});

async function sandbox(db: string, port: number, fault?: string): Promise<SandboxProcess> {
  const started = await startProcess({
    PORT: String(port),
    SANDBOX_DB: join(dir, db),
    PORTAL_URL: `http://localhost:${port}/`,
    SANDBOX_SCRYPT_N: '1024',
    SANDBOX_FAULT: fault,
  });
  running.push(started);
  return started;
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = (await (await fetch(`${url}/webclient/auth/login`, jsonPost({ email, password }))).json()) as {
    data: { access_token: string };
  };
  return answer.data.access_token;
}

async function create(url: string, path: string, body: Record<string, unknown>, token: string): Promise<string> {
  const port = new URL(url).port;
  const urls = {
    success_url: `http://localhost:${port}/#/success`,
    cancel_url: `http://localhost:${port}/#/home`,
    failed_url: `http://localhost:${port}/#/failed`,
  };
  const answer = (await (await fetch(`${url}${path}`, jsonPost({ ...urls, ...body }, token))).json()) as {
    data: { id: string };
  };
  return answer.data.id;
}

/** A top-up of 100 credits for $10. */
const topUp = (url: string, token: string) =>
  create(
    url,
    '/webclient/in-web-purchase/create-session',
    { currency: 'USD', amount: 10, credit: 100, identifier: 'credits_100', purchasefor: 1 },
    token,
  );

const creditBalance = (db: Database.Database, email: string) =>
  db.prepare('SELECT credit_balance FROM users WHERE email = ?').pluck().get(email) as number;
const grantsOf = (db: Database.Database, id: string) => ({
  credits: db.prepare('SELECT COUNT(*) FROM credit_transactions WHERE session_id = ?').pluck().get(id),
  gifts: db.prepare('SELECT COUNT(*) FROM donation_gifts WHERE session_id = ?').pluck().get(id),
  status: db
    .prepare(
      "SELECT status || CASE WHEN fulfilled_at IS NULL THEN '' ELSE ' fulfilled' END FROM checkout_sessions WHERE id = ?",
    )
    .pluck()
    .get(id),
});

describe('killed between marking paid and granting', () => {
  it('leaves neither; after a restart the next payment grants exactly once, and a second restart changes nothing', async () => {
    const port = await freePort();
    let sb = await sandbox('kill.sqlite', port, 'between-paid-and-grant');
    const token = await signIn(sb.url, 'listener@example.org', 'listen-2026');
    const credits = await topUp(sb.url, token);

    // The process dies inside the payment: the person's browser gets no answer at all.
    await expect(payByCard(sb.url, credits)).rejects.toThrow();
    expect(await sb.exited).toBeNull(); // killed by a signal, as a power cut would
    expect(sb.child.signalCode).toBe('SIGKILL');

    sb = await sandbox('kill.sqlite', port);
    const db = new Database(join(dir, 'kill.sqlite'), { readonly: true });
    expect(grantsOf(db, credits)).toEqual({ credits: 0, gifts: 0, status: 'open' }); // not paid, not granted
    expect(creditBalance(db, 'listener@example.org')).toBe(120);
    // The person tries again: paid and granted, once.
    expect((await payByCard(sb.url, credits)).status).toBe(303);
    expect(grantsOf(db, credits)).toEqual({ credits: 1, gifts: 0, status: 'paid fulfilled' });
    expect(creditBalance(db, 'listener@example.org')).toBe(220);
    expect((await payByCard(sb.url, credits)).status).toBe(303); // a double submit grants nothing more
    await sb.kill();
    sb = await sandbox('kill.sqlite', port);
    expect(grantsOf(db, credits)).toEqual({ credits: 1, gifts: 0, status: 'paid fulfilled' });
    expect(creditBalance(db, 'listener@example.org')).toBe(220);
    db.close();
    await sb.kill();
  }, 90_000);
});

describe('paid but not granted, left by an older version', () => {
  it('is granted on start, once: a credit top-up, a gift to a mission and a card update', async () => {
    const port = await freePort();
    let sb = await sandbox('legacy.sqlite', port);
    const listener = await signIn(sb.url, 'listener@example.org', 'listen-2026');
    const partner = await signIn(sb.url, 'partner@example.org', 'partner-2026');
    const credits = await topUp(sb.url, listener);
    const gift = await create(
      sb.url,
      '/webclient/donation/create-session',
      { currency: 'USD', amount: 25, identifier: 'donation', donation_id: 1, recurring: 0, frequency: 1 },
      listener,
    );
    const card = await create(sb.url, '/webclient/subscription/update-payment-create-session', {}, partner);
    await sb.kill();

    // What the older version left when it died after committing "paid" and before granting.
    const write = new Database(join(dir, 'legacy.sqlite'));
    const markPaid = write.prepare(
      "UPDATE checkout_sessions SET status = 'paid', paid_at = '2026-01-10T12:00:00.000Z', card_last4 = ? WHERE id = ?",
    );
    markPaid.run('4242', credits);
    markPaid.run('4242', gift);
    markPaid.run('1881', card);
    const total = () => write.prepare('SELECT total_donation_minor FROM missions WHERE id = 1').pluck().get() as number;
    const totalBefore = total();
    write.close();

    for (let start = 0; start < 2; start += 1) {
      sb = await sandbox('legacy.sqlite', port);
      const db = new Database(join(dir, 'legacy.sqlite'), { readonly: true });
      expect(grantsOf(db, credits)).toEqual({ credits: 1, gifts: 0, status: 'paid fulfilled' });
      expect(grantsOf(db, gift)).toEqual({ credits: 0, gifts: 1, status: 'paid fulfilled' });
      expect(grantsOf(db, card).status).toBe('paid fulfilled');
      expect(creditBalance(db, 'listener@example.org')).toBe(220);
      expect(db.prepare('SELECT total_donation_minor FROM missions WHERE id = 1').pluck().get()).toBe(
        totalBefore + 2500,
      );
      expect(
        db
          .prepare(
            "SELECT s.card_last4 FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = 'partner@example.org'",
          )
          .pluck()
          .get(),
      ).toBe('1881');
      db.close();
      await sb.kill();
    }
  }, 90_000);
});
