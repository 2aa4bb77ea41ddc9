// The seeded catalogue (listed in sandbox/README.md): four artists, two albums and their songs, and three singles.
import type { Db } from '../core/db.js';

export const SEED_ARTISTS = [
  { id: 1, name: 'St. Cecilia Chamber Choir' },
  { id: 2, name: 'Lydia Park' },
  { id: 3, name: 'Coro di Santa Cecília' },
  { id: 4, name: 'The Wesley Brass' },
] as const;

export const SEED_ALBUMS = [
  { id: 1, title: 'Hymns at Dawn', artist: 1 },
  { id: 2, title: 'Brass for the Feast Days', artist: 4 },
] as const;

/** id, title, artist, album (null: a single), track */
export const SEED_SONGS: readonly [number, string, number, number | null, number | null][] = [
  [1, 'Be Thou My Vision', 1, 1, 1],
  [2, 'Holy, Holy, Holy', 1, 1, 2],
  [3, 'It Is Well with My Soul', 1, 1, 3],
  [4, 'Abide with Me', 1, 1, 4],
  [5, 'Great Is Thy Faithfulness', 1, 1, 5],
  [6, 'Amazing Grace', 2, null, null],
  [7, 'Ave Verum Corpus', 3, null, null],
  [8, 'Come, Thou Fount of Every Blessing', 2, null, null],
  [9, 'Now Thank We All Our God', 4, 2, 1],
  [10, 'Crown Him with Many Crowns', 4, 2, 2],
  [11, 'Joyful, Joyful, We Adore Thee', 4, 2, 3],
];

export function seedCatalogue(db: Db): void {
  const artist = db.prepare('INSERT INTO artists (id, name) VALUES (?, ?)');
  for (const a of SEED_ARTISTS) artist.run(a.id, a.name);
  const album = db.prepare('INSERT INTO albums (id, title, artist_id) VALUES (?, ?, ?)');
  for (const a of SEED_ALBUMS) album.run(a.id, a.title, a.artist);
  const song = db.prepare('INSERT INTO songs (id, title, artist_id, album_id, track) VALUES (?, ?, ?, ?, ?)');
  for (const s of SEED_SONGS) song.run(...s);
}
