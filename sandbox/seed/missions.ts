// The seeded missions (listed in sandbox/README.md), with their totals so far; mission 4 has closed.
import type { Db } from '../core/db.js';
import { createMission, type NewMission } from '../features/donations/missions.js';

/** Id 2 is the mission the mobile app opens (_d=2). */
export const SEED_MISSIONS: readonly (NewMission & {
  id: number;
  totalMinor: number;
  banners: number;
  active: boolean;
})[] = [
  {
    id: 1,
    organization: 'Psalter Mission Society',
    title: 'Hymnals for Rural Churches',
    description:
      'Many small congregations in the highlands of Guatemala and the Philippines still sing from a single, hand-copied ' +
      'songbook passed from pew to pew. Psalter Mission Society prints durable, large-type hymnals in Spanish, Tagalog, ' +
      'Ilocano and K\u2019iche\u2019, with melody lines for every hymn.\n\n' +
      'This year we aim to deliver 4,000 hymnals to 160 rural churches, together with a teaching guide for song leaders ' +
      'who have never read music.\n\n' +
      'Every $10 puts one hymnal in a worshipper\u2019s hands for years to come.',
    totalMinor: 12_480_00,
    banners: 3,
    active: true,
  },
  {
    id: 2,
    organization: 'Harvest of Praise Foundation',
    title: 'Music Scholarships for Young Worship Leaders',
    description:
      'Harvest of Praise Foundation gives one-year scholarships to young worship leaders from under-resourced churches: ' +
      'voice and instrument lessons, music theory, and mentoring by experienced church musicians.\n\n' +
      'Scholars commit to serving their home congregation and to teaching at least two others what they have learned, ' +
      'so each gift keeps on multiplying.\n\n' +
      'A monthly gift of $10 covers a week of lessons for one scholar.',
    totalMinor: 8_735_50,
    banners: 2,
    active: true,
  },
  {
    id: 3,
    organization: 'Open Ears Ministries',
    title: 'Audio Bibles for the Visually Impaired',
    description:
      'For people who are blind or have low vision, hearing Scripture read aloud is often the only way to meet it every day. ' +
      'Open Ears Ministries records the Bible with trained readers and loads it, with sung Psalms, on solar-powered players ' +
      'that need no internet connection.\n\n' +
      'Players are given free of charge through local churches and schools for the blind in Kenya, India and Peru.\n\n' +
      'A gift of $30 provides one player with the complete New Testament and Psalms.',
    totalMinor: 4_210_00,
    banners: 2,
    active: true,
  },
  {
    id: 4,
    organization: 'Cantate Domino Trust',
    title: 'Choir Robes for the Cathedral Youth Choir',
    description:
      'This project reached its goal in 2025. Thank you to everyone who gave!\n\nIt no longer accepts gifts.',
    totalMinor: 3_000_00,
    banners: 1,
    active: false,
  },
];

export function seedMissions(db: Db, now: Date): void {
  for (const m of SEED_MISSIONS) {
    createMission(db, m, now, m.totalMinor, m.banners, m.id);
    if (!m.active) db.prepare('UPDATE missions SET active = 0 WHERE id = ?').run(m.id);
  }
}
