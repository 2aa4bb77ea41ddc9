// History (spec section 7): the person's credit purchases, content purchases and donations, paged; and downloading
// a purchased song as mp3.
import { findSong, hasPurchasedSong } from './catalogue.js';
import { settleDueDonations } from '../donations/gifts.js';
import { creditHistory, contentHistory, donationHistory, paging } from './lists.js';
import { file, HttpError, ok, type RequestContext, type Route } from '../../core/http.js';
import { silentMp3 } from './mp3.js';
import { requireSession } from '../../core/users.js';

export const HISTORY_MESSAGES = {
  notPurchased: 'You have not purchased this song.',
  songNotFound: 'Song not found.',
} as const;

function credits(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return ok('Transaction history.', creditHistory(ctx.app.db, user.id, paging(ctx.url.searchParams)));
}

function content(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return ok('Content purchases.', contentHistory(ctx.app.db, user.id, paging(ctx.url.searchParams)));
}

function donations(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const p = paging(ctx.url.searchParams);
  settleDueDonations(ctx.app.db, ctx.app.now()); // monthly gifts that fell due show up
  return ok('Donation history.', donationHistory(ctx.app.db, user.id, p));
}

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
