// Missions (the ministries people give to): rows, the answer's shape, lists, and creating one.
import type { Mission } from '../../../shared/api/donations.js';
import type { Db } from '../../core/db.js';
import { fromMinor } from '../../core/money.js';

export interface MissionRow {
  id: number;
  organization: string;
  title: string;
  /** plain text, paragraphs separated by blank lines; stored exactly as given, never rendered as HTML here */
  description: string;
  /** JSON array of image URLs: absolute, or paths on the sandbox (made absolute when answered) */
  banners: string;
  total_donation_minor: number;
  created_at: string;
  active: 0 | 1;
}

/** A mission as the portal reads it (total_donation in dollars; subscribed: this person gives to it monthly). */
export type MissionView = Mission & { title: string; metadata: { next_donation_period: string | null } };

/** Home shows this many missions. */
export const HOME_MISSIONS = 3;
/** Banners per mission the sandbox draws (GET /sandbox/banners/{mission}-{n}.svg, n from 1). */
export const MAX_BANNERS = 3;

export const bannerPath = (missionId: number, n: number) => `/sandbox/banners/${missionId}-${n}.svg`;

export function findMission(db: Db, id: number): MissionRow | undefined {
  return db.prepare('SELECT * FROM missions WHERE id = ?').get(id) as MissionRow | undefined;
}

export function findActiveMission(db: Db, id: number): MissionRow | undefined {
  return db.prepare('SELECT * FROM missions WHERE id = ? AND active = 1').get(id) as MissionRow | undefined;
}

/** The mission's banners, as addresses on the sandbox (`sandboxUrl`), which draws them. */
function banners(row: MissionRow, sandboxUrl: string): string[] {
  let list: unknown;
  try {
    list = JSON.parse(row.banners);
  } catch {
    list = [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter((u): u is string => typeof u === 'string').map((u) => new URL(u, sandboxUrl).href);
}

/** The mission as answered; `nextDonation` is this person's next monthly gift to it (null: none). */
export function missionView(row: MissionRow, sandboxUrl: string, nextDonation: string | null): MissionView {
  return {
    id: row.id,
    organization: row.organization,
    title: row.title,
    banner: banners(row, sandboxUrl),
    description: row.description,
    total_donation: fromMinor(row.total_donation_minor, 'USD'),
    subscribed: nextDonation !== null,
    metadata: { next_donation_period: nextDonation },
  };
}

/**
 * Active missions in id order (at most `limit`), each with the person's next monthly gift to it
 * (userId null: anonymous, never subscribed).
 */
export function activeMissions(db: Db, sandboxUrl: string, userId: number | null, limit = -1): MissionView[] {
  const rows = db
    .prepare(
      `SELECT m.*, s.next_donation_at AS next_donation
         FROM missions m
         LEFT JOIN donation_subscriptions s ON s.mission_id = m.id AND s.user_id IS ? AND s.canceled_at IS NULL
        WHERE m.active = 1
        ORDER BY m.id
        LIMIT ?`,
    )
    .all(userId, limit) as (MissionRow & { next_donation: string | null })[];
  return rows.map((r) => missionView(r, sandboxUrl, userId === null ? null : r.next_donation));
}

/** One mission as this person sees it (null: anonymous). */
export function missionFor(db: Db, sandboxUrl: string, row: MissionRow, userId: number | null): MissionView {
  const next =
    userId === null
      ? undefined
      : (db
          .prepare(
            'SELECT next_donation_at FROM donation_subscriptions WHERE user_id = ? AND mission_id = ? AND canceled_at IS NULL',
          )
          .pluck()
          .get(userId, row.id) as string | undefined);
  return missionView(row, sandboxUrl, next ?? null);
}

export interface NewMission {
  organization: string;
  title: string;
  description: string;
}

/** Creates an active mission with sandbox-drawn banners; returns its id. */
export function createMission(db: Db, m: NewMission, now: Date, totalMinor = 0, bannerCount = 2, id?: number): number {
  return db.transaction(() => {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO missions (id, organization, title, description, banners, total_donation_minor, created_at, active)
         VALUES (?, ?, ?, ?, '[]', ?, ?, 1)`,
      )
      .run(id ?? null, m.organization, m.title, m.description, totalMinor, now.toISOString());
    const missionId = Number(lastInsertRowid);
    const paths = Array.from({ length: Math.min(bannerCount, MAX_BANNERS) }, (_, i) => bannerPath(missionId, i + 1));
    db.prepare('UPDATE missions SET banners = ? WHERE id = ?').run(JSON.stringify(paths), missionId);
    return missionId;
  })();
}
