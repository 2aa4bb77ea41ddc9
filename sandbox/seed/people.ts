// The seeded accounts (listed in sandbox/README.md): five people at first start, and the artist with the part of the
// catalogue that is theirs.
import { addMonths } from '../core/clock.js';
import type { Db } from '../core/db.js';
import { createUser, findUserByEmail, type Role } from '../core/users.js';

interface SeedUser {
  first: string;
  last: string;
  email: string;
  password: string;
  country: string;
  type: 0 | 1;
  credits: number;
  role: Role;
  verified: boolean;
  joined: string;
}

export const SEED_USERS: readonly SeedUser[] = [
  {
    first: 'Grace',
    last: 'Listener',
    email: 'listener@example.org',
    password: 'listen-2026',
    country: 'US',
    type: 0,
    credits: 120,
    role: 'listener',
    verified: true,
    joined: '2025-03-14T00:00:00.000Z',
  },
  {
    first: 'Paul',
    last: 'Partner',
    email: 'partner@example.org',
    password: 'partner-2026',
    country: 'US',
    type: 1,
    credits: 0,
    role: 'listener',
    verified: true,
    joined: '2024-11-02T00:00:00.000Z',
  },
  {
    first: 'Maria',
    last: 'Santos',
    email: 'manila@example.org',
    password: 'manila-2026',
    country: 'PH',
    type: 0,
    credits: 0,
    role: 'listener',
    verified: true,
    joined: '2025-06-21T00:00:00.000Z',
  },
  {
    first: 'Ada',
    last: 'Admin',
    email: 'admin@example.org',
    password: 'admin-2026',
    country: 'US',
    type: 0,
    credits: 0,
    role: 'admin',
    verified: true,
    joined: '2024-01-08T00:00:00.000Z',
  },
  {
    first: 'Una',
    last: 'Verified',
    email: 'unverified@example.org',
    password: 'unverified-2026',
    country: 'US',
    type: 0,
    credits: 0,
    role: 'listener',
    verified: false,
    joined: '2025-09-30T00:00:00.000Z',
  },
];

/** The artist: an account of role artist, who accepted the terms when joining. */
export const SEED_ARTIST: SeedUser = {
  first: 'Aaron',
  last: 'Artist',
  email: 'artist@example.org',
  password: 'artist-2026',
  country: 'US',
  type: 0,
  credits: 0,
  role: 'artist',
  verified: true,
  joined: '2024-06-01T00:00:00.000Z',
};

export const ARTIST_ALBUM = {
  title: 'Psalms at Evening',
  songs: ['The Lord Is My Shepherd', 'O Gladsome Light', 'Evening Hymn'],
} as const;
export const ARTIST_SINGLE = 'Lead, Kindly Light';

/** Hashes a seeded password (at the sandbox's strength). */
export type HashSync = (password: string) => string;

function insertUser(db: Db, hash: HashSync, u: SeedUser, termsAcceptedAt: string | null = null): number {
  return createUser(
    db,
    {
      first_name: u.first,
      last_name: u.last,
      email: u.email,
      password_hash: hash(u.password),
      country_code: u.country,
      type: u.type,
      credit_balance: u.credits,
      role: u.role,
      email_verified_at: u.verified ? u.joined : null,
      terms_accepted_at: termsAcceptedAt,
    },
    u.joined,
  );
}

/** The five people; Paul has a monthly membership at $5 by card, paid now, so it renews a month after the first start. */
export function seedPeople(db: Db, now: Date, hash: HashSync): void {
  for (const u of SEED_USERS) {
    const id = insertUser(db, hash, u);
    if (u.email !== 'partner@example.org') continue;
    db.prepare(
      `INSERT INTO subscriptions (user_id, recurring, canceled, change_amount, current_amount_cents, next_amount_cents, end_date, schedule_start_date, created_at, card_last4)
       VALUES (?, 1, 0, 0, 500, NULL, ?, NULL, ?, '4242')`,
    ).run(id, addMonths(now, 1).toISOString(), now.toISOString());
    db.prepare(
      `INSERT INTO subscription_payments (user_id, session_id, kind, amount_minor, currency, charged_at)
       VALUES (?, NULL, 'initial', 500, 'USD', ?)`,
    ).run(id, now.toISOString());
  }
}

/**
 * Aaron Artist and, in the catalogue, the artist "Aaron Artist" linked to that account with one album of three songs
 * and one single. Ids follow the existing catalogue (artist 5, album 3, songs 12-15 in a fresh database). An address
 * already taken keeps its account; the catalogue is then added unlinked.
 */
export function seedArtist(db: Db, hash: HashSync): void {
  const a = SEED_ARTIST;
  const taken = findUserByEmail(db, a.email);
  const userId = taken ? null : insertUser(db, hash, a, a.joined);
  const artistId = Number(
    db.prepare('INSERT INTO artists (name, user_id) VALUES (?, ?)').run(`${a.first} ${a.last}`, userId).lastInsertRowid,
  );
  const albumId = Number(
    db.prepare('INSERT INTO albums (title, artist_id) VALUES (?, ?)').run(ARTIST_ALBUM.title, artistId).lastInsertRowid,
  );
  const song = db.prepare('INSERT INTO songs (title, artist_id, album_id, track) VALUES (?, ?, ?, ?)');
  ARTIST_ALBUM.songs.forEach((title, i) => song.run(title, artistId, albumId, i + 1));
  song.run(ARTIST_SINGLE, artistId, null, null);
}
