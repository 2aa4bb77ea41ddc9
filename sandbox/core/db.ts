// The sandbox's SQLite database: opening it (WAL, foreign keys on) and bringing its schema up to date.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.js';

export type Db = Database.Database;

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Opens (and creates) the database file and runs the migrations it has not had yet. */
export function openDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  const current = row ? Number(row.value) : 0;
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `The sandbox database is at schema version ${current}, newer than this code (${SCHEMA_VERSION}). ` +
        'Delete the database file (see SANDBOX_DB) or update the code.',
    );
  }
  if (current === SCHEMA_VERSION) return;
  const apply = db.transaction(() => {
    for (let v = current; v < SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v]!);
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length) throw new Error(`migration left ${broken.length} broken foreign key(s)`);
    db.prepare(
      "INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    ).run(String(SCHEMA_VERSION));
  });
  // Rebuilding a table (SQLite's way to change a column) must not cascade deletes to the rows that reference it:
  // foreign keys are off while migrating (the pragma is a no-op inside a transaction) and checked before commit.
  db.pragma('foreign_keys = OFF');
  try {
    apply();
  } finally {
    db.pragma('foreign_keys = ON');
  }
}
