// The seeded artist account and the catalogue attributed to it (documented in sandbox/README.md).
import type { Db } from '../core/db.js';
import { hashPasswordSync } from '../core/passwords.js';

export const SEED_ARTIST = {
  first: 'Aaron',
  last: 'Artist',
  email: 'artist@example.org',
  password: 'artist-2026',
  country: 'US',
  joined: '2024-06-01T00:00:00.000Z',
} as const;

export const ARTIST_ALBUM = { title: 'Psalms at Evening', songs: ['The Lord Is My Shepherd', 'O Gladsome Light', 'Evening Hymn'] } as const;
export const ARTIST_SINGLE = 'Lead, Kindly Light';

/**
 * Aaron Artist (role artist, verified) and, in the catalogue, the artist "Aaron Artist" linked to that account with
 * one album of three songs and one single. Ids follow the existing catalogue (artist 5, album 3, songs 12-15 in a
 * fresh database). An address already taken keeps its account; the catalogue is then added unlinked.
 */
export function seedArtist(db: Db): void {
  const a = SEED_ARTIST;
  let userId: number | null = null;
  if (!db.prepare('SELECT 1 FROM users WHERE email = ?').get(a.email)) {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO users (first_name, last_name, email, password_hash, country_code, type, credit_balance, role, email_verified_at, joined_at, terms_accepted_at)
         VALUES (?, ?, ?, ?, ?, 0, 0, 'artist', ?, ?, ?)`,
      )
      .run(a.first, a.last, a.email, hashPasswordSync(a.password), a.country, a.joined, a.joined, a.joined);
    userId = Number(lastInsertRowid);
  }
  const artistId = Number(db.prepare('INSERT INTO artists (name, user_id) VALUES (?, ?)').run(`${a.first} ${a.last}`, userId).lastInsertRowid);
  const albumId = Number(db.prepare('INSERT INTO albums (title, artist_id) VALUES (?, ?)').run(ARTIST_ALBUM.title, artistId).lastInsertRowid);
  const song = db.prepare('INSERT INTO songs (title, artist_id, album_id, track) VALUES (?, ?, ?, ?)');
  ARTIST_ALBUM.songs.forEach((title, i) => song.run(title, artistId, albumId, i + 1));
  song.run(ARTIST_SINGLE, artistId, null, null);
}
