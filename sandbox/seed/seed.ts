// The sandbox's data. Each step runs once per database (a meta key records when), so a database made before a step
// existed gets it on its next start: the people, then missions, catalogue and history, then the artist.
import { openDb, type Db } from '../core/db.js';
import { seedCatalogue } from './catalogue.js';
import { seedHistory } from './history.js';
import { seedMissions } from './missions.js';
import { seedArtist, seedPeople, type HashSync } from './people.js';

function once(db: Db, key: string, now: Date, seed: () => void): void {
  if (db.prepare('SELECT 1 FROM meta WHERE key = ?').get(key)) return;
  db.transaction(() => {
    seed();
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(key, now.toISOString());
  })();
}

/** Seeds what the database lacks; `hash` makes the seeded people's password hashes. */
export function seedDatabase(db: Db, now: Date, hash: HashSync): void {
  once(db, 'seeded_at', now, () => seedPeople(db, now, hash));
  once(db, 'seeded_history_at', now, () => {
    seedMissions(db, now);
    seedCatalogue(db);
    seedHistory(db, now);
  });
  once(db, 'seeded_artist_at', now, () => seedArtist(db, hash));
}

/** The database at `path`, migrated and seeded (passwords hashed by `hash`). */
export function openSeededDb(path: string, now: Date, hash: HashSync): Db {
  const db = openDb(path);
  seedDatabase(db, now, hash);
  return db;
}
