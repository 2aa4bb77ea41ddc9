// History: the person's credit purchases, content purchases and gifts, paged; and downloading a purchased song as mp3.
import * as historyApi from '../../../shared/api/history.js';
import {
  answer,
  file,
  HttpError,
  paging,
  type CallContract,
  type RequestContext,
  type Route,
} from '../../core/http.js';
import type { Paged } from '../../core/paging.js';
import { requireSession } from '../../core/session.js';
import { settleDueDonations } from '../donations/gifts.js';
import { findSong, hasPurchasedSong } from './catalogue.js';
import { contentHistory, creditHistory, donationHistory } from './lists.js';
import { silentMp3 } from './mp3.js';

export const HISTORY_MESSAGES = {
  notPurchased: 'You have not purchased this song.',
  songNotFound: 'Song not found.',
} as const;

/** The lists answer 20 a page unless asked for another size. */
const PER_PAGE = 20;

/** A list of the signed-in person's rows. */
function list<T>(
  contract: CallContract<unknown, Paged<T>>,
  message: string,
  rows: (ctx: RequestContext, userId: number) => Paged<T>,
): Route['handler'] {
  return (ctx) => {
    const { user } = requireSession(ctx);
    return answer(contract, message, rows(ctx, user.id));
  };
}

const credits = list(historyApi.transactionHistory, 'Transaction history.', (ctx, userId) =>
  creditHistory(ctx.app.db, userId, paging(ctx, PER_PAGE)),
);
const content = list(historyApi.contentPurchases, 'Content purchases.', (ctx, userId) =>
  contentHistory(ctx.app.db, userId, paging(ctx, PER_PAGE)),
);
const donations = list(historyApi.donationHistory, 'Donation history.', (ctx, userId) => {
  const p = paging(ctx, PER_PAGE);
  settleDueDonations(ctx.app.db, ctx.app.now()); // monthly gifts that fell due show up
  return donationHistory(ctx.app.db, userId, p);
});

// ---- download ----

/** A file name for the ASCII `filename=`: accents dropped, anything else outside printable ASCII or unsafe becomes _. */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/:*?<>|%]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
}

/** RFC 8187 value of `filename*=UTF-8''…` */
function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(baseName: string, ext: string): string {
  const unicode = `${baseName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download'}.${ext}`;
  const ascii = `${asciiFileName(baseName) || 'download'}.${ext}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(unicode)}`;
}

/** The mp3 of a song the person bought (the song itself or its album). */
function download(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const raw = ctx.params.id ?? '';
  const song = /^\d{1,9}$/.test(raw) ? findSong(ctx.app.db, Number(raw)) : undefined;
  if (!song) throw new HttpError(404, HISTORY_MESSAGES.songNotFound);
  if (!hasPurchasedSong(ctx.app.db, user.id, song)) throw new HttpError(403, HISTORY_MESSAGES.notPurchased);
  return file('audio/mpeg', silentMp3({ title: song.title, artist: song.artist, album: song.album }), {
    'Content-Disposition': contentDisposition(`${song.artist} - ${song.title}`, 'mp3'),
    'Cache-Control': 'private, no-store',
  });
}

const API = '/webclient/account';

export const historyRoutes: Route[] = [
  { method: 'GET', path: `${API}/transaction-history`, handler: credits },
  { method: 'GET', path: `${API}/content-purchase`, handler: content },
  { method: 'GET', path: `${API}/donation-history`, handler: donations },
  { method: 'GET', path: `${API}/download/:id`, handler: download },
];
