// @vitest-environment node
// History: the three paged lists (own rows only, newest first), and downloading purchased songs as real mp3 files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordContentPurchase } from './catalogue.js';
import { daysBefore } from '../../core/clock.js';
import { recordGift } from '../donations/gifts.js';
import { FRAME_HEADER, FRAME_LENGTH } from './mp3.js';
import { startSandbox, type TestSandbox } from '../../test-support.js';

const API = '/webclient/account';

type Page<T = Record<string, unknown>> = { data: T[]; total: number };

let sb: TestSandbox;
let grace: string; // 25 credit purchases, an album and 2 singles, 4 gifts (seeded)
let paul: string; // 3 credit purchases, 1 single, 1 monthly gift
let maria: string; // PH: 2 credit purchases (GCash, GrabPay gift code)
let ada: string; // nothing seeded; the tests give her 25 content purchases and 25 gifts
let adaId: number;
beforeAll(async () => {
  sb = await startSandbox(); // 2026-01-10T12:00:00.000Z
  grace = await sb.login('listener@example.org', 'listen-2026');
  paul = await sb.login('partner@example.org', 'partner-2026');
  maria = await sb.login('manila@example.org', 'manila-2026');
  ada = await sb.login('admin@example.org', 'admin-2026');
  const { db } = sb.sandbox;
  adaId = db.prepare("SELECT id FROM users WHERE email = 'admin@example.org'").pluck().get() as number;
  const now = new Date('2026-01-10T12:00:00.000Z');
  for (let i = 0; i < 25; i++) {
    recordContentPurchase(db, { userId: adaId, songId: (i % 11) + 1, credits: 10, at: daysBefore(now, i + 1) });
    recordGift(db, {
      userId: adaId,
      missionId: (i % 3) + 1,
      sessionId: null,
      amountMinor: 5_00,
      currency: 'USD',
      recurring: 0,
      chargedAt: daysBefore(now, i + 1),
    });
  }
});
afterAll(async () => {
  await sb.stop();
});

const list = (path: string, token: string, query = '') => sb.get<Page>(`${API}/${path}${query}`, token);
const LISTS = ['transaction-history', 'content-purchase', 'donation-history'] as const;
const ref = (path: string) => (row: Record<string, unknown>) =>
  String(path === 'transaction-history' ? row.trx_ref : path === 'content-purchase' ? row.uid : row.stripe_charge_id);

describe('paging', () => {
  it('pages 25 rows as 20 + 5, newest first, in every list', async () => {
    const owners: Record<(typeof LISTS)[number], string> = {
      'transaction-history': grace,
      'content-purchase': ada,
      'donation-history': ada,
    };
    for (const path of LISTS) {
      const token = owners[path];
      const first = await list(path, token, '?per_page=20&page=1');
      expect(first.status, path).toBe(200);
      expect(first.body.data!.total, path).toBe(25);
      expect(first.body.data!.data, path).toHaveLength(20);
      const second = await list(path, token, '?per_page=20&page=2');
      expect(second.body.data!.total).toBe(25);
      expect(second.body.data!.data, path).toHaveLength(5);
      expect((await list(path, token, '?per_page=20&page=3')).body.data).toEqual({ data: [], total: 25 });
      expect((await list(path, token)).body.data!.data, `${path} defaults`).toHaveLength(20);

      const all = (await list(path, token, '?per_page=100')).body.data!.data;
      expect(all).toHaveLength(25);
      expect([...first.body.data!.data, ...second.body.data!.data].map(ref(path))).toEqual(all.map(ref(path)));
      const dates = all.map((r) => String(r.created_at));
      expect(dates, path).toEqual([...dates].sort().reverse());
    }
  });

  it('refuses bad paging with 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['?per_page=0', 'per_page: must be a whole number from 1 to 100'],
      ['?per_page=101', 'per_page: must be a whole number from 1 to 100'],
      ['?per_page=abc', 'per_page: must be a whole number from 1 to 100'],
      ['?per_page=1.5', 'per_page: must be a whole number from 1 to 100'],
      ['?per_page=', 'per_page: must be a whole number from 1 to 100'],
      ['?page=0', 'page: must be a whole number from 1 to 1000000'],
      ['?page=-1', 'page: must be a whole number from 1 to 1000000'],
      ['?page=1e3', 'page: must be a whole number from 1 to 1000000'],
      ['?page=99999999999999999999', 'page: must be a whole number from 1 to 1000000'],
    ];
    for (const path of LISTS) {
      for (const [query, message] of cases) {
        expect((await list(path, grace, query)).body, `${path}${query}`).toEqual({
          status: 400,
          message,
          errorCode: null,
        });
      }
      expect((await list(path, grace, '?page=1000000')).body.data!.data).toEqual([]);
      expect((await sb.get(`${API}/${path}`)).body).toEqual({
        status: 401,
        message: 'Unauthenticated.',
        errorCode: null,
      });
    }
  });
});

describe('rows', () => {
  it('shows credit purchases with their channel, price and gift code', async () => {
    const rows = (await list('transaction-history', grace, '?per_page=100')).body.data!.data;
    expect(rows[0]).toEqual({
      trx_ref: expect.stringMatching(/^cs_/),
      created_at: '2026-01-07T12:00:00.000Z',
      purchase_channel: 'card',
      amount_credit: 100,
      final_currency: 'USD',
      final_amount: 10,
      redemption_code: null,
    });
    expect(rows.filter((r) => r.redemption_code !== null).length).toBeGreaterThan(0);
    expect(rows.some((r) => r.purchase_channel === 'wechat')).toBe(true);
    expect(
      (await list('transaction-history', maria)).body.data!.data.map((r) => [
        r.purchase_channel,
        r.final_currency,
        r.final_amount,
      ]),
    ).toEqual([
      ['gcash', 'PHP', 580],
      ['grab_pay', 'PHP', 290],
    ]);
  });

  it('shows content purchases: albums (type 2) with their songs, and songs (type 1)', async () => {
    const rows = (await list('content-purchase', grace)).body.data!;
    expect(rows.total).toBe(3);
    expect(rows.data.map((r) => [r.product_name, r.type])).toEqual([
      ['Ave Verum Corpus', 1],
      ['Amazing Grace', 1],
      ['Hymns at Dawn', 2],
    ]);
    expect(rows.data[2]).toEqual({
      uid: expect.stringMatching(/^CP-/),
      created_at: '2025-11-30T12:00:00.000Z',
      product_name: 'Hymns at Dawn',
      artist_name: 'St. Cecilia Chamber Choir',
      item_id: 1,
      type: 2,
      songs: [
        { id: 1, title: 'Be Thou My Vision' },
        { id: 2, title: 'Holy, Holy, Holy' },
        { id: 3, title: 'It Is Well with My Soul' },
        { id: 4, title: 'Abide with Me' },
        { id: 5, title: 'Great Is Thy Faithfulness' },
      ],
    });
    expect(rows.data[1]).toMatchObject({
      artist_name: 'Lydia Park',
      item_id: 6,
      songs: [{ id: 6, title: 'Amazing Grace' }],
    });
  });

  it('shows donations with the organization, the price, the fees and what reaches the mission', async () => {
    const rows = (await list('donation-history', grace)).body.data!;
    expect(rows.total).toBe(4);
    expect(
      rows.data.map((r) => [
        (r.donation as { organization: string }[])[0]!.organization,
        r.final_price,
        r.billing_fee,
        r.net_revenue,
        r.fee,
      ]),
    ).toEqual([
      ['Open Ears Ministries', 30, 1.17, 28.83, 0],
      ['Harvest of Praise Foundation', 10, 0.59, 9.41, 0],
      ['Harvest of Praise Foundation', 10, 0.59, 9.41, 0],
      ['Psalter Mission Society', 25, 1.03, 23.97, 0],
    ]);
  });

  it("never shows one person's rows to another", async () => {
    for (const path of LISTS) {
      const refs = async (token: string) =>
        new Set((await list(path, token, '?per_page=100')).body.data!.data.map(ref(path)));
      const [g, p, m, a] = await Promise.all([grace, paul, maria, ada].map(refs));
      const sets = [g!, p!, m!, a!];
      for (let i = 0; i < sets.length; i++) {
        for (let j = i + 1; j < sets.length; j++) {
          expect(
            [...sets[i]!].filter((x) => sets[j]!.has(x)),
            `${path} ${i}/${j}`,
          ).toEqual([]);
        }
      }
    }
    expect((await list('transaction-history', paul)).body.data!.total).toBe(3);
    expect((await list('content-purchase', paul)).body.data!.total).toBe(1);
    expect((await list('donation-history', paul)).body.data!.total).toBe(1);
  });
});

describe('download', () => {
  const download = (id: string | number, token?: string) =>
    fetch(`${sb.url}${API}/download/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  /** Offset of the first MPEG frame after an ID3v2 tag (or 0), checked by walking every frame to the end. */
  function mpegFrames(buf: Buffer): number {
    let offset = 0;
    if (buf.subarray(0, 3).toString('latin1') === 'ID3') {
      const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
      offset = 10 + size;
    }
    let frames = 0;
    for (; offset < buf.length; offset += FRAME_LENGTH, frames++) {
      expect(buf[offset]).toBe(0xff);
      expect(buf[offset + 1]! & 0xe0).toBe(0xe0); // frame sync
      expect(buf.subarray(offset, offset + 4)).toEqual(FRAME_HEADER);
    }
    expect(offset).toBe(buf.length);
    return frames;
  }

  it('gives the buyer a real mp3 of a song bought alone or with its album', async () => {
    for (const id of [3, 6]) {
      const res = await download(id, grace);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      const buf = Buffer.from(await res.arrayBuffer());
      expect(buf.subarray(0, 3).toString('latin1')).toBe('ID3');
      expect(Number(res.headers.get('content-length'))).toBe(buf.length);
      expect(mpegFrames(buf)).toBeGreaterThanOrEqual(40); // a few seconds at 26 ms a frame
    }
    const res = await download(3, grace);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="St. Cecilia Chamber Choir - It Is Well with My Soul.mp3"; ' +
        "filename*=UTF-8''St.%20Cecilia%20Chamber%20Choir%20-%20It%20Is%20Well%20with%20My%20Soul.mp3",
    );
    const file = Buffer.from(await res.arrayBuffer());
    expect(file.includes(Buffer.from('It Is Well with My Soul', 'utf16le'))).toBe(true); // ID3 TIT2
    expect(file.includes(Buffer.from('St. Cecilia Chamber Choir', 'utf16le'))).toBe(true); // ID3 TPE1
  });

  it('keeps the file name ASCII-safe, with the real name in filename*', async () => {
    const res = await download(7, grace);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Coro di Santa Cecilia - Ave Verum Corpus.mp3"; ' +
        "filename*=UTF-8''Coro%20di%20Santa%20Cec%C3%ADlia%20-%20Ave%20Verum%20Corpus.mp3",
    );
  });

  it('refuses people who did not buy it (403), unknown songs (404) and no token (401)', async () => {
    const json = async (res: Response) => ({ status: res.status, body: await res.json() });
    expect(await json(await download(8, grace))).toEqual({
      status: 403,
      body: { status: 403, message: 'You have not purchased this song.', errorCode: null },
    });
    expect((await download(8, paul)).status).toBe(200); // Paul bought it
    expect((await download(3, paul)).status).toBe(403); // the album is Grace's
    for (const id of [999, 0, 'abc', '1e2']) {
      expect(await json(await download(id, grace)), String(id)).toEqual({
        status: 404,
        body: { status: 404, message: 'Song not found.', errorCode: null },
      });
    }
    expect(await json(await download(3))).toEqual({
      status: 401,
      body: { status: 401, message: 'Unauthenticated.', errorCode: null },
    });
  });
});
