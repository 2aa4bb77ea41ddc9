// Slowing of requests an attacker would repeat, per address and per client, in sliding windows.
//
// Password checks (sign-in, and the current password of a password change) are counted per email *and* client, so
// failures from one client never stop the owner signing in from theirs; the attempt is counted before the password is
// checked, in one synchronous transaction, so requests arriving at once cannot all slip under the limit. A success
// clears that email's failures from that client, and they still count towards the client's own limit over all emails.
// Over all clients together an account takes at most `accountCap` checks an hour: past it, only a browser that has
// signed in to the account before (a device proof, features/auth/devices.ts) is still checked, on an allowance of its
// own; a reset by email clears the account's count (the guesses were against a password that is gone).
//
// Requests that may send mail or create tokens (reset links, registrations, verification emails, newsletter sign-ups)
// count per email and client and per client, whether or not they send anything: that bounds each abuser. Over all
// clients an address is bounded only by the emails actually sent to it (`emailCap` within the short `mailWindowMs`,
// mailSent): a request that sends nothing (a verification email asked for a verified account, a newsletter sign-up of
// an address already on the list) uses up nothing of the owner's. Past the cap a registration waits (at most
// `mailWindowMs`), while a reset or verification email is never refused: it is sent unless the inbox already holds
// such a link from the last few minutes (mailWanted), so the owner always has one.
//
// A client is its address; over IPv6, where one subscriber holds a whole /64, it is the /64.
import type { Db } from './db.js';

export interface AttemptLimit {
  /** attempts allowed per email and client within the window (default 5) */
  perEmail: number;
  /** attempts allowed per client within the window, over all emails (default 20) */
  perIp: number;
  /** window length in ms (default 15 minutes) */
  windowMs: number;
  /** password checks per account within `capWindowMs`, over all clients without a device proof (default 30) */
  accountCap: number;
  /** emails actually sent to one address within `mailWindowMs`, over all clients (default 3) */
  emailCap: number;
  /** the window of `emailCap`: short, so that nobody keeps the owner's own email away for long (default 5 minutes) */
  mailWindowMs: number;
  /** the window of the account's cap (default 1 hour) */
  capWindowMs: number;
}

export const DEFAULT_LIMIT: AttemptLimit = {
  perEmail: 5,
  perIp: 20,
  windowMs: 15 * 60 * 1000,
  accountCap: 30,
  emailCap: 3,
  mailWindowMs: 5 * 60 * 1000,
  capWindowMs: 60 * 60 * 1000,
};

/** What is counted: password checks, and the requests that send mail or make tokens. */
export type AttemptKind = 'login' | 'forgot' | 'newsletter' | 'register' | 'resend';

/** The row kind of an email actually sent to an address (mailSent): the only thing the per-address cap counts. */
const SENT = 'mail';

/**
 * Registrations from one client: more than other requests, since a school or an office shares one address and signs
 * up many people; still bounded, as each one costs a password hash and an email.
 */
export const REGISTER_PER_IP = 60;

/** The limits of a kind: registrations allow more per client (see REGISTER_PER_IP). */
export function limitFor(kind: AttemptKind, limit: AttemptLimit): AttemptLimit {
  return kind === 'register' ? { ...limit, perIp: Math.max(limit.perIp, REGISTER_PER_IP) } : limit;
}

/** Expands an IPv6 address to its 8 groups (an IPv4 tail as two), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  if (!plain.includes(':')) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(plain);
  const text = dotted
    ? plain.slice(0, dotted.index) +
      [((+dotted[1]! << 8) | +dotted[2]!).toString(16), ((+dotted[3]! << 8) | +dotted[4]!).toString(16)].join(':')
    : plain;
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * Who a client is for the limits: its IPv4 address, or its IPv6 /64 (a subscriber, a host or a cloud server is given a
 * whole /64: counting each address would let one guess without end). ::1 stays itself.
 */
export function clientKey(ip: string): string {
  const plain = ip.replace(/^::ffff:(?=\d+\.)/i, '');
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return '::1';
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** A counted attempt; `wait` > 0 (seconds) when it was refused and not counted. */
export type Counted = { wait: 0; id: number } | { wait: number; id: null };

function secondsUntil(oldest: string | null, windowMs: number, now: Date): number {
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now.getTime()) / 1000));
}

type Window = { n: number; oldest: string | null };

/**
 * The seconds until a full window has room for one more: the (n - limit + 1)-th oldest attempt leaves it then. 0 when
 * there is room now.
 */
function waitFor(db: Db, rows: string, params: unknown[], limit: number, windowMs: number, now: Date): number {
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM login_attempts WHERE ${rows}`).get(...params) as Window;
  if (n < limit) return 0;
  const leaving = db
    .prepare(`SELECT at FROM login_attempts WHERE ${rows} ORDER BY at LIMIT 1 OFFSET ?`)
    .pluck()
    .get(...params, n - limit) as string | undefined;
  return secondsUntil(leaving ?? null, windowMs, now);
}

/**
 * Counts one attempt of `kind` for `email` from `ip` (and, for a password check, from the browser a device proof
 * names), unless a limit is reached: then nothing is counted and the answer says how many seconds to wait. Check and
 * count run in one transaction.
 */
export function countAttempt(
  db: Db,
  limit: AttemptLimit,
  kind: AttemptKind,
  email: string,
  ip: string,
  now: Date,
  device: string | null = null,
): Counted {
  const client = clientKey(ip);
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const since = at(limit.windowMs);
  const capSince = at(limit.capWindowMs);
  return db
    .transaction((): Counted => {
      db.prepare('DELETE FROM login_attempts WHERE at <= ?').run(
        at(Math.max(limit.windowMs, limit.capWindowMs, limit.mailWindowMs)),
      );
      let wait = waitFor(db, 'kind = ? AND ip = ? AND at > ?', [kind, client, since], limit.perIp, limit.windowMs, now);
      if (kind === 'login') {
        // Per email and client (cleared after a success), or per email and browser for one with a device proof,
        // which keeps that allowance however the account is attacked; everyone else shares the account's cap.
        wait = Math.max(
          wait,
          device === null
            ? waitFor(
                db,
                "kind = 'login' AND email = ? AND ip = ? AND device IS NULL AND cleared = 0 AND at > ?",
                [email, client, since],
                limit.perEmail,
                limit.windowMs,
                now,
              )
            : waitFor(
                db,
                "kind = 'login' AND email = ? AND device = ? AND cleared = 0 AND at > ?",
                [email, device, since],
                limit.perEmail,
                limit.windowMs,
                now,
              ),
        );
        if (device === null) {
          const cap = waitFor(
            db,
            "kind = 'login' AND email = ? AND cleared < 2 AND at > ?",
            [email, capSince],
            limit.accountCap,
            limit.capWindowMs,
            now,
          );
          wait = Math.max(wait, cap);
        }
      } else {
        wait = Math.max(
          wait,
          waitFor(
            db,
            'kind = ? AND email = ? AND ip = ? AND at > ?',
            [kind, email, client, since],
            limit.perEmail,
            limit.windowMs,
            now,
          ),
        );
        // A registration sends an email to the address at once (a verification or a notice): it waits while the
        // address has had its emails lately. A reset or verification email asked for then is not refused (mailWanted).
        if (kind === 'register') wait = Math.max(wait, inboxWait(db, limit, email, now));
      }
      if (wait > 0) return { wait, id: null };
      const { lastInsertRowid } = db
        .prepare('INSERT INTO login_attempts (kind, email, ip, device, at) VALUES (?, ?, ?, ?, ?)')
        .run(kind, email, client, device, now.toISOString());
      return { wait: 0, id: Number(lastInsertRowid) };
    })
    .immediate();
}

/**
 * Seconds until the address may be sent another email: 0 while it has had fewer than `emailCap` emails within
 * `mailWindowMs` (over all clients).
 */
export function inboxWait(db: Db, limit: AttemptLimit, email: string, now: Date): number {
  return waitFor(
    db,
    'kind = ? AND email = ? AND at > ?',
    [SENT, email.trim().toLowerCase(), new Date(now.getTime() - limit.mailWindowMs).toISOString()],
    limit.emailCap,
    limit.mailWindowMs,
    now,
  );
}

/**
 * Whether an email with a link of this kind (a reset or verification link) is to be sent to the account's address now.
 * Always while the address has room (inboxWait); when it is full, only if none of its recent emails holds such a link
 * still live: the owner then already has one in the inbox, and however many clients ask, the address gets at most one
 * email of each kind beyond `emailCap` per window. So nobody can keep the owner's reset or verification away, and
 * the inbox stays bounded.
 */
export function mailWanted(
  db: Db,
  limit: AttemptLimit,
  user: { id: number; email: string },
  linkKind: 'reset' | 'verify',
  now: Date,
): boolean {
  if (inboxWait(db, limit, user.email, now) === 0) return true;
  const recent = db
    .prepare(
      'SELECT 1 FROM tokens WHERE user_id = ? AND kind = ? AND used_at IS NULL AND expires_at > ? AND created_at > ?',
    )
    .get(user.id, linkKind, now.toISOString(), new Date(now.getTime() - limit.mailWindowMs).toISOString());
  return !recent;
}

/**
 * An email was sent to this address (a verification, a reset link, a notice): counted for the address over all
 * clients, within the short `mailWindowMs` (countAttempt).
 */
export function mailSent(db: Db, email: string, now: Date): void {
  db.prepare("INSERT INTO login_attempts (kind, email, ip, at) VALUES (?, ?, '', ?)").run(
    SENT,
    email.trim().toLowerCase(),
    now.toISOString(),
  );
}

/** A counted attempt that did not happen after all (the server was too busy to check it): it no longer counts. */
export function forgetAttempt(db: Db, id: number): void {
  db.prepare('DELETE FROM login_attempts WHERE id = ?').run(id);
}

/**
 * A password check that succeeded: it does not count, and this email's earlier failures from this client (or this
 * browser) stop counting for the email (they still count for the client's own limit, and for the account's cap).
 */
export function passwordAccepted(db: Db, id: number, email: string, ip: string, device: string | null = null): void {
  db.transaction(() => {
    db.prepare('DELETE FROM login_attempts WHERE id = ?').run(id);
    if (device === null)
      db.prepare(
        "UPDATE login_attempts SET cleared = 1 WHERE kind = 'login' AND email = ? AND ip = ? AND device IS NULL AND cleared = 0",
      ).run(email, clientKey(ip));
    else
      db.prepare(
        "UPDATE login_attempts SET cleared = 1 WHERE kind = 'login' AND email = ? AND device = ? AND cleared = 0",
      ).run(email, device);
  })();
}

/**
 * The password was set by a reset link: the guesses so far were against a password that is gone, so they no longer
 * count for the account (cleared = 2), only for each client's own limit.
 */
export function accountGuessesCleared(db: Db, email: string): void {
  db.prepare("UPDATE login_attempts SET cleared = 2 WHERE kind = 'login' AND email = ?").run(email);
}
