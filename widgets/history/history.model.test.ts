import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../shared/api/client';
import { donationRow } from '../../shared/api/testing';
import { fail, fakeDeps, ok, settle, type Handler, type SeenRequest } from '../../shared/deps/testing';
import { createHistoryModel, pageCount, songFileName, TABS, type SaveFile } from './history.model';
import { createI18n } from '../../shared/i18n/catalogue';

const credit = (i: number) => ({
  trx_ref: `cs_${i}`,
  created_at: '2026-01-14T15:05:00',
  purchase_channel: 'card',
  amount_credit: 1000,
  final_currency: 'USD',
  final_amount: 100,
  redemption_code: null,
});
const CREDIT = 'GET /webclient/account/transaction-history';
const CONTENT = 'GET /webclient/account/content-purchase';
const DONATIONS = 'GET /webclient/account/donation-history';

/** A paged list of `total` credit rows, answered a page at a time. */
const creditPages = (total: number) => (request: SeenRequest) => {
  const page = Number(request.query.page);
  const size = Number(request.query.per_page);
  const rows = Array.from({ length: total }, (_, i) => credit(i)).slice((page - 1) * size, page * size);
  return ok({ data: rows, total });
};

function setup(routes: Record<string, Handler> = {}) {
  const deps = fakeDeps({ signedIn: true, routes });
  const saved: Array<{ name: string; type: string; size: number }> = [];
  const save: SaveFile = (file, name) => void saved.push({ name, type: file.type, size: file.size });
  return { deps, saved, model: createHistoryModel(deps, save) };
}

const asked = (deps: ReturnType<typeof fakeDeps>, path: string) => deps.requests.filter((r) => r.path === path);

describe('history model', () => {
  it("has the tag table's tabs, in its order, and starts on the attribute's default", () => {
    // The attribute's value arrives parsed (shared/ui/define.ts): a bad one is already the default.
    expect(TABS).toEqual(['credit', 'content', 'donations']);
    expect(setup().model.tab.value).toBe('credit');
  });

  it('loads a tab the first time it is shown, once, 20 rows a page with the person token', async () => {
    const { deps, model } = setup({
      [CREDIT]: creditPages(25),
      [CONTENT]: ok({ data: [], total: 0 }),
      [DONATIONS]: ok({ data: [], total: 0 }),
    });
    expect(model.lists.credit.state.value).toEqual({ kind: 'loading' });
    model.show('credit');
    model.show('credit');
    await settle();
    const calls = asked(deps, '/webclient/account/transaction-history');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ per_page: '20', page: '1' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-1');
    const state = model.lists.credit.state.value;
    expect(state.kind === 'loaded' && [state.rows.length, state.total, state.page]).toEqual([20, 25, 1]);

    model.show('donations');
    await settle();
    model.show('credit');
    model.show('donations');
    await settle();
    expect(model.tab.value).toBe('donations');
    expect(asked(deps, '/webclient/account/transaction-history')).toHaveLength(1);
    expect(asked(deps, '/webclient/account/donation-history')).toHaveLength(1);
    expect(asked(deps, '/webclient/account/content-purchase')).toHaveLength(1);
  });

  it('starts on the tab the attribute names, and asks for the other tabs once it has its rows', async () => {
    let answer: () => void = () => {};
    const { deps, model } = setup({
      [DONATIONS]: () => new Promise((done) => (answer = () => done(ok({ data: [donationRow()], total: 1 })))),
      [CREDIT]: creditPages(3),
      [CONTENT]: ok({ data: [], total: 0 }),
    });
    model.show('donations');
    await settle();
    expect(model.tab.value).toBe('donations');
    // Nothing else while the tab shown waits for its rows: they come first.
    expect(deps.requests.map((r) => r.path)).toEqual(['/webclient/account/donation-history']);
    answer();
    await settle();
    expect(model.lists.donations.state.value).toMatchObject({ kind: 'loaded', total: 1, page: 1 });
    // Then a tab picked later has its rows already, instead of places that its rows would change (layout shift).
    expect(deps.requests.map((r) => r.path)).toEqual([
      '/webclient/account/donation-history',
      '/webclient/account/transaction-history',
      '/webclient/account/content-purchase',
    ]);
    expect(model.lists.credit.state.value).toMatchObject({ kind: 'loaded', total: 3 });
  });

  it('asks for no other tab when the first one failed', async () => {
    const { deps, model } = setup({ [CREDIT]: fail(500, 'Internal error') });
    model.show('credit');
    await settle();
    expect(model.lists.credit.state.value).toMatchObject({ kind: 'failed' });
    expect(deps.requests.map((r) => r.path)).toEqual(['/webclient/account/transaction-history']);
  });

  it('pages within the pages there are', async () => {
    const { deps, model } = setup({ [CREDIT]: creditPages(45) });
    model.show('credit');
    await settle();
    model.lists.credit.goTo(2);
    await settle();
    expect(model.lists.credit.state.value).toMatchObject({ kind: 'loaded', page: 2, total: 45 });
    model.lists.credit.goTo(9);
    await settle();
    expect(model.lists.credit.state.value).toMatchObject({ kind: 'loaded', page: 3 });
    const state = model.lists.credit.state.value;
    expect(state.kind === 'loaded' && state.rows.length).toBe(5);
    model.lists.credit.goTo(0);
    await settle();
    expect(model.lists.credit.state.value).toMatchObject({ kind: 'loaded', page: 1 });
    expect(asked(deps, '/webclient/account/transaction-history').map((r) => r.query.page)).toEqual([
      '1',
      '2',
      '3',
      '1',
    ]);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });

  it("says a list failed with the server's message, and retries the page that failed", async () => {
    let down = true;
    const { deps, model } = setup({
      [CREDIT]: (request) =>
        down && request.query.page === '2' ? fail(500, 'Internal error') : creditPages(30)(request),
    });
    model.show('credit');
    await settle();
    model.lists.credit.goTo(2);
    await settle();
    expect(model.lists.credit.state.value).toEqual({ kind: 'failed', message: 'Internal error', page: 2 });
    down = false;
    model.lists.credit.retry();
    await settle();
    expect(model.lists.credit.state.value).toMatchObject({ kind: 'loaded', page: 2 });
    expect(asked(deps, '/webclient/account/transaction-history').map((r) => r.query.page)).toEqual(['1', '2', '2']);
  });

  it('an empty list is loaded with no rows', async () => {
    const { model } = setup({ [CONTENT]: ok({ data: [], total: 0 }) });
    model.show('content');
    await settle();
    expect(model.lists.content.state.value).toEqual({ kind: 'loaded', rows: [], total: 0, page: 1 });
  });

  it("downloads a song with the person's token and saves it as 'Artist - Title.mp3'", async () => {
    // The song comes as audio, which the table-driven fake host does not answer: a real client over a small fetch.
    let release: () => void = () => {};
    const seen: Array<{ url: string; authorization: string | undefined }> = [];
    const api = createApiClient({
      base: 'http://api.test',
      authorization: () => 'Bearer token-1',
      onUnauthorized: () => {},
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        seen.push({ url: String(input), authorization: (init?.headers as Record<string, string>).Authorization });
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(new Uint8Array([0x49, 0x44, 0x33]), { headers: { 'Content-Type': 'audio/mpeg' } });
      }) as typeof fetch,
    });
    const saved: Array<{ name: string; type: string; size: number }> = [];
    const model = createHistoryModel(
      { api, i18n: createI18n() },
      (file, name) => void saved.push({ name, type: file.type, size: file.size }),
    );
    const done = model.downloadSong(12, 'Cantor Choir', 'Psalm 91');
    await settle();
    expect(model.downloading.value).toBe('12');
    expect(seen).toEqual([{ url: 'http://api.test/webclient/account/download/12', authorization: 'Bearer token-1' }]);
    release();
    await done;
    expect(model.downloading.value).toBeNull();
    expect(model.downloadError.value).toBeNull();
    expect(saved).toEqual([{ name: 'Cantor Choir - Psalm 91.mp3', type: 'audio/mpeg', size: 3 }]);
  });

  it("says a download did not work with the server's reason, and saves nothing", async () => {
    const { deps, model, saved } = setup({
      'GET /webclient/account/download/13': fail(403, 'You have not bought this song.'),
    });
    await model.downloadSong(13, 'Ruth Ada', 'Amazing Grace');
    expect(deps.requests.at(-1)?.headers.Authorization).toBe('Bearer token-1');
    expect(model.downloadError.value).toBe('The download did not work. You have not bought this song.');
    expect(model.downloading.value).toBeNull();
    expect(saved).toEqual([]);
    // An answer that is not audio is not saved either.
    deps.on('GET /webclient/account/download/14', ok({}));
    await model.downloadSong(14, 'Ruth Ada', 'Hymn');
    expect(model.downloadError.value).toBe(
      'The download did not work. The server sent an answer we could not read. Please try again.',
    );
    expect(saved).toEqual([]);
  });

  it('names songs without characters file systems refuse', () => {
    expect(songFileName('Cantor Choir', 'Psalm 91')).toBe('Cantor Choir - Psalm 91.mp3');
    expect(songFileName('AC/DC', 'What? "Now"')).toBe('ACDC - What Now.mp3');
    expect(songFileName('', '')).toBe('song.mp3');
    expect(songFileName('A', 'x'.repeat(300))).toHaveLength(154);
  });
});
