// Passwords: scrypt at today's recommended strength, a bound on how many hashes run at once, and the list of the most
// common passwords, which are refused.
//
// Stored form: scrypt$N$r$p$<salt b64>$<key b64>, so a hash made at an older strength still checks, and is replaced
// at the person's next sign-in. scrypt needs 128 * N * r bytes: 128 MiB per hash at N=2^17, r=8, so only a few run
// at once (the others wait in a short queue); a request that finds the queue full is told to come back (HashingBusy).
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dictionary } from '@zxcvbn-ts/language-common';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Today's recommended scrypt parameters (N=2^17, r=8, p=1): 128 MiB and a few hundred milliseconds per hash. */
export const RECOMMENDED_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
/** Stored parameters above these are not trusted (they would cost more memory than the sandbox allows). */
const MAX_STORED = { N: 2 ** 20, r: 32, p: 16 } as const;

/** What an account without a password stores (social sign-up, a social link that replaced an unproven password): no password matches it. */
export const NO_PASSWORD = 'none';

/** Every hash slot is taken and the queue is full: the request should come back in `retryAfterSeconds`. */
export class HashingBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks at once.');
    this.name = 'HashingBusy';
  }
}

export interface PasswordSettings {
  /** scrypt parameters for new hashes (default RECOMMENDED_COST; tests use a lower one to stay fast) */
  cost?: ScryptCost;
  /** hashes computed at once (default: the number of cores, at most 4) */
  concurrency?: number;
  /** requests that may wait for a slot; one more is HashingBusy (default 8 per slot, so a wait stays a few seconds) */
  queue?: number;
}

/** scrypt's memory bound for these parameters, with room to spare. */
function maxmem({ N, r }: ScryptCost): number {
  return 128 * N * r + 16 * 1024 * 1024;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: maxmem(cost) }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function format(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    scheme === 'scrypt' &&
    !!salt &&
    !!key &&
    Number.isInteger(cost.N) &&
    cost.N >= 2 &&
    (cost.N & (cost.N - 1)) === 0 &&
    cost.N <= MAX_STORED.N &&
    cost.r >= 1 &&
    cost.r <= MAX_STORED.r &&
    cost.p >= 1 &&
    cost.p <= MAX_STORED.p;
  return sane ? { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') } : null;
}

const weight = (c: ScryptCost) => c.N * c.r * c.p;

export interface PasswordCheck {
  /** the password matches */
  ok: boolean;
  /** it matches a hash made at a lower strength than today's: store a new hash */
  outdated: boolean;
}

/** Hashing and checking passwords for one sandbox, with its own strength and its own bound on work at once. */
export class Passwords {
  readonly cost: ScryptCost;
  private readonly concurrency: number;
  private readonly queue: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** how long one hash takes here, in ms (a moving average), for Retry-After */
  private averageMs = 300;

  constructor(settings: PasswordSettings = {}) {
    this.cost = settings.cost ?? RECOMMENDED_COST;
    this.concurrency = Math.max(1, settings.concurrency ?? Math.min(4, availableParallelism()));
    this.queue = Math.max(0, settings.queue ?? 8 * this.concurrency);
  }

  /** Runs one hash when a slot is free; HashingBusy when the queue is full. */
  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else if (this.waiting.length < this.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else
      throw new HashingBusy(
        Math.max(1, Math.ceil(((this.waiting.length / this.concurrency + 1) * this.averageMs) / 1000)),
      );
    const started = Date.now();
    try {
      return await work();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (Date.now() - started) * 0.2;
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next request
      else this.running -= 1;
    }
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    return format(this.cost, salt, await this.slot(() => derive(password, salt, this.cost)));
  }

  /** For the seed only: hashes at once, outside the queue. */
  hashSync(password: string): string {
    const salt = randomBytes(16);
    return format(
      this.cost,
      salt,
      scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, { ...this.cost, maxmem: maxmem(this.cost) }),
    );
  }

  /**
   * Checks a password against a stored hash. Without one (an unknown email, an account without a password) the same
   * work is done against a random salt, so the time taken reveals nothing.
   */
  async check(stored: string | null | undefined, password: string): Promise<PasswordCheck> {
    const parsed = stored ? parse(stored) : null;
    if (!parsed) {
      await this.slot(() => derive(password, randomBytes(16), this.cost));
      return { ok: false, outdated: false };
    }
    const actual = await this.slot(() => derive(password, parsed.salt, parsed.cost));
    const ok = actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
    return { ok, outdated: ok && weight(parsed.cost) < weight(this.cost) };
  }
}

/** The most common passwords (about 49,000, from the zxcvbn-ts project's list), lowercased. */
let common: ReadonlySet<string> | undefined;

/** True for a password on the list of the most common ones, compared trimmed, case-folded and normalised. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map(commonForm));
  return common.has(commonForm(password));
}

/**
 * How a password is compared with the list: normalised (NFKC: full-width and other compatibility forms as their plain
 * letters), case-folded and trimmed, so " password", "PASSWORD " and "ｐａｓｓｗｏｒｄ" are the common one they are.
 */
function commonForm(password: string): string {
  return password.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().trim();
}
