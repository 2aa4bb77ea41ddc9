/**
 * <sm-history>: three tabs, each a paged list, and the download of a purchased song (saved by the
 * view's `save`, which needs the page's document).
 */
import { computed, signal } from '@preact/signals-core';
import type { ApiClient } from '../../shared/api/client';
import { addressOf, type Contract } from '../../shared/api/contract';
import { TABLE_PAGE_SIZE, contentPurchases, donationHistory, transactionHistory } from '../../shared/api/history';
import type { ModelDeps } from '../../shared/deps/deps';
import { tags, type TagProps } from '../tags';
import '@messages/history';

/** The `tab` attribute's values, in order. */
export type Tab = TagProps<'sm-history'>['tab'];
const tabAttribute = tags['sm-history'].attributes.tab;
export const TABS = Object.keys(tabAttribute.values) as readonly Tab[];

export type ListState<Row> =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; page: number }
  | { kind: 'loaded'; rows: readonly Row[]; total: number; page: number };

export function pageCount(total: number, size = TABLE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** 'Artist - Title.mp3', without characters file systems refuse. */
export function songFileName(artist: string, title: string): string {
  const clean = (s: string) =>
    s
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const base = [clean(artist), clean(title)].filter(Boolean).join(' - ') || 'song';
  return `${base.slice(0, 150)}.mp3`;
}

/** Saves a downloaded file on the device under a name. */
export type SaveFile = (file: Blob, name: string) => void;

type PagedCall<Row> = Contract<{ per_page: number; page: number }, { data: Row[]; total: number }>;

/** One tab's list: loads its first page once, then the pages asked for. */
function pagedList<Row>(api: ApiClient, contract: PagedCall<Row>) {
  const state = signal<ListState<Row>>({ kind: 'loading' });
  let opened: Promise<void> | null = null;

  const request = (page: number) => ({ per_page: TABLE_PAGE_SIZE, page });

  async function load(page: number) {
    state.value = { kind: 'loading' };
    const result = await api.call(contract, request(page));
    state.value = result.ok
      ? { kind: 'loaded', rows: result.data.data, total: result.data.total, page }
      : { kind: 'failed', message: result.error.message, page };
  }

  return {
    state: computed(() => state.value),
    /** Its first page's address, named in the loading markup (shared/api/early.ts). */
    firstCall: () => addressOf(contract, request(1)),
    /** Loads the first page, the first time only; settles when it has (or has failed). */
    open(): Promise<void> {
      return (opened ??= load(1));
    },
    /** Shows a page, kept within the pages there are. */
    goTo(page: number) {
      const current = state.value;
      const last = current.kind === 'loaded' ? pageCount(current.total) : 1;
      void load(Math.min(Math.max(1, page), last));
    },
    /** Asks again for the page that failed. */
    retry() {
      const current = state.value;
      void load(current.kind === 'loading' ? 1 : current.page);
    },
  };
}

export type PagedList<Row> = ReturnType<typeof pagedList<Row>>;

type Download = { kind: 'idle' } | { kind: 'busy'; song: string } | { kind: 'failed'; message: string };

export function createHistoryModel({ api, i18n }: Pick<ModelDeps, 'api' | 'i18n'>, save: SaveFile) {
  const { t } = i18n;
  const tab = signal<Tab>(tabAttribute.default);
  const lists = {
    credit: pagedList(api, transactionHistory),
    content: pagedList(api, contentPurchases),
    donations: pagedList(api, donationHistory),
  };
  const download = signal<Download>({ kind: 'idle' });

  return {
    tab: computed(() => tab.value),
    lists,
    /** The id of the song being downloaded, or null. */
    downloading: computed(() => (download.value.kind === 'busy' ? download.value.song : null)),
    downloadError: computed(() => (download.value.kind === 'failed' ? download.value.message : null)),
    /**
     * Shows a tab, loading its list the first time. Once it has its rows, the other tabs' first
     * pages are asked for too, so a tab picked later shows its rows at once.
     */
    show(next: Tab) {
      tab.value = next;
      void lists[next].open().then(() => {
        if (lists[next].state.value.kind === 'loaded') for (const other of TABS) void lists[other].open();
      });
    },
    /** Downloads a purchased song and saves it. */
    async downloadSong(id: string | number, artist: string, title: string) {
      const song = String(id);
      download.value = { kind: 'busy', song };
      const result = await api.download(
        `/webclient/account/download/${encodeURIComponent(song)}`,
        /^audio\/(mpeg|mp3)/i,
      );
      if (!result.ok) {
        download.value = { kind: 'failed', message: `${t('history.downloadFailed')} ${result.error.message}` };
        return;
      }
      download.value = { kind: 'idle' };
      save(result.data, songFileName(artist, title));
    },
  };
}

export type HistoryModel = ReturnType<typeof createHistoryModel>;
