// A person's history: credit purchases, content purchases and gifts to missions. Each list is paged, newest first,
// and only ever holds the person's own rows.
import type { Db } from '../../core/db.js';
import { fromMinor } from '../../core/money.js';
import { mapPage, selectPage, type Paging } from '../../core/paging.js';
import type { CreditTransactionRow } from '../credits/purchases.js';

/** The person's rows of a table (or a subquery that has user_id), newest first, as the answer shows them. */
function page<R, T>(db: Db, from: string, newest: string, userId: number, p: Paging, map: (row: R) => T) {
  return mapPage(
    selectPage<R>(
      db,
      { from: `FROM ${from} WHERE user_id = ?`, orderBy: `${newest} DESC, id DESC`, args: [userId] },
      p,
    ),
    map,
  );
}

// ---- credit purchases ----

export function creditHistory(db: Db, userId: number, p: Paging) {
  return page(db, 'credit_transactions', 'created_at', userId, p, (r: CreditTransactionRow) => ({
    trx_ref: r.trx_ref,
    created_at: r.created_at,
    purchase_channel: r.purchase_channel,
    amount_credit: r.amount_credit,
    final_currency: r.final_currency,
    final_amount: fromMinor(r.final_amount_minor, r.final_currency),
    redemption_code: r.redemption_code,
  }));
}

// ---- content purchases ----

interface ContentRow {
  id: number;
  uid: string;
  created_at: string;
  song_id: number | null;
  album_id: number | null;
  product_name: string;
  artist_name: string;
}

export const CONTENT_TYPE = { song: 1, album: 2 } as const;

export function contentHistory(db: Db, userId: number, p: Paging) {
  const songsOfAlbum = db.prepare('SELECT id, title FROM songs WHERE album_id = ? ORDER BY track, id');
  const purchases = `(
      SELECT cp.id, cp.uid, cp.created_at, cp.song_id, cp.album_id, cp.user_id,
             COALESCE(s.title, al.title) AS product_name, ar.name AS artist_name
        FROM content_purchases cp
        LEFT JOIN songs s ON s.id = cp.song_id
        LEFT JOIN albums al ON al.id = cp.album_id
        JOIN artists ar ON ar.id = COALESCE(s.artist_id, al.artist_id)
    )`;
  return page(db, purchases, 'created_at', userId, p, (r: ContentRow) => ({
    uid: r.uid,
    created_at: r.created_at,
    product_name: r.product_name,
    artist_name: r.artist_name,
    item_id: r.album_id ?? r.song_id!,
    type: r.album_id !== null ? CONTENT_TYPE.album : CONTENT_TYPE.song,
    songs:
      r.album_id !== null
        ? (songsOfAlbum.all(r.album_id) as { id: number; title: string }[])
        : [{ id: r.song_id!, title: r.product_name }],
  }));
}

// ---- donations ----

interface DonationRow {
  stripe_charge_id: string;
  charged_at: string;
  organization: string;
  currency: string;
  amount_minor: number;
  net_minor: number;
  billing_fee_minor: number;
  fee_minor: number;
}

export function donationHistory(db: Db, userId: number, p: Paging) {
  const gifts = '(SELECT g.*, m.organization FROM donation_gifts g JOIN missions m ON m.id = g.mission_id)';
  return page(db, gifts, 'charged_at', userId, p, (r: DonationRow) => ({
    stripe_charge_id: r.stripe_charge_id,
    created_at: r.charged_at,
    donation: [{ organization: r.organization }],
    final_currency: r.currency,
    final_price: fromMinor(r.amount_minor, r.currency),
    net_revenue: fromMinor(r.net_minor, r.currency),
    billing_fee: fromMinor(r.billing_fee_minor, r.currency),
    fee: fromMinor(r.fee_minor, r.currency),
  }));
}
