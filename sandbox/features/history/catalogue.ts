// A small music catalogue (artists, albums, songs) and what people bought of it (content purchases, downloads).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../core/db.js';

export interface SongInfo {
  id: number;
  title: string;
  artist: string;
  album: string | null;
  album_id: number | null;
}

export function findSong(db: Db, id: number): SongInfo | undefined {
  return db
    .prepare(
      `SELECT s.id, s.title, a.name AS artist, al.title AS album, s.album_id
         FROM songs s JOIN artists a ON a.id = s.artist_id LEFT JOIN albums al ON al.id = s.album_id
        WHERE s.id = ?`,
    )
    .get(id) as SongInfo | undefined;
}

/** The person bought the song itself, or the album it is on. */
export function hasPurchasedSong(db: Db, userId: number, song: Pick<SongInfo, 'id' | 'album_id'>): boolean {
  return !!db
    .prepare(
      'SELECT 1 FROM content_purchases WHERE user_id = ? AND (song_id = ? OR (album_id IS NOT NULL AND album_id = ?))',
    )
    .get(userId, song.id, song.album_id);
}

export const newPurchaseUid = () => `CP-${randomBytes(6).toString('hex').toUpperCase()}`;

export function recordContentPurchase(
  db: Db,
  p: { userId: number; songId?: number; albumId?: number; credits: number; at: Date },
): string {
  const uid = newPurchaseUid();
  db.prepare(
    'INSERT INTO content_purchases (uid, user_id, song_id, album_id, credits, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(uid, p.userId, p.songId ?? null, p.albumId ?? null, p.credits, p.at.toISOString());
  return uid;
}
