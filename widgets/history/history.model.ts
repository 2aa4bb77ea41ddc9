/**
 * The state and actions of <sm-history>: three tabs, each a paged list (20 a page), and the
 * authenticated mp3 download of purchased songs.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call, download } from '../../shared/api/client';
import * as api from '../../shared/api/history';
import type { ContentRow, CreditRow, DonationRow } from '../../shared/api/history';
import { messages } from './history.messages';

export type Tab = 'credit' | 'content' | 'donations';
export const TABS: readonly Tab[] = ['credit', 'content', 'donations'];

export type ListState<Row> =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; rows: readonly Row[]; total: number; page: number };

type Rows = { credit: CreditRow; content: ContentRow; donations: DonationRow };

/** A sensible file name for a song: 'Artist - Title.mp3', without characters file systems refuse. */
export function songFileName(artist: string, title: string): string {
  const clean = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').replace(/\s+/g, ' ').trim();
  const base = [clean(artist), clean(title)].filter(Boolean).join(' - ') || 'song';
  return `${base.slice(0, 150)}.mp3`;
}

export function pageCount(total: number, size = api.TABLE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export function createHistoryModel() {
  const tab = signal<Tab>('credit');
  const lists = {
    credit: signal<ListState<CreditRow>>({ kind: 'loading' }),
    content: signal<ListState<ContentRow>>({ kind: 'loading' }),
    donations: signal<ListState<DonationRow>>({ kind: 'loading' }),
  };
  const downloading = signal<string | null>(null);
  const downloadError = signal<string | null>(null);
  const loadedOnce = new Set<Tab>();

  async function load<T extends Tab>(which: T, page: number) {
    const target = lists[which] as unknown as { value: ListState<Rows[T]> };
    target.value = { kind: 'loading' };
    const request = { per_page: api.TABLE_PAGE_SIZE, page };
    const result =
      which === 'credit' ? await call(api.transactionHistory, request) : which === 'content' ? await call(api.contentPurchases, request) : await call(api.donationHistory, request);
    target.value = result.ok
      ? { kind: 'loaded', rows: result.data.data as unknown as Rows[T][], total: result.data.total, page }
      : { kind: 'failed', message: result.error.message };
  }

  return {
    tab: tab as ReadonlySignal<Tab>,
    credit: lists.credit as ReadonlySignal<ListState<CreditRow>>,
    content: lists.content as ReadonlySignal<ListState<ContentRow>>,
    donations: lists.donations as ReadonlySignal<ListState<DonationRow>>,
    downloading: downloading as ReadonlySignal<string | null>,
    downloadError: downloadError as ReadonlySignal<string | null>,
    current: computed(() => lists[tab.value].value),
    start(initial: Tab = 'credit') {
      tab.value = initial;
      loadedOnce.add(initial);
      void load(initial, 1);
    },
    select(next: Tab) {
      tab.value = next;
      if (!loadedOnce.has(next)) {
        loadedOnce.add(next);
        void load(next, 1);
      }
    },
    goTo(page: number) {
      const state = lists[tab.value].value;
      const total = state.kind === 'loaded' ? pageCount(state.total) : 1;
      void load(tab.value, Math.min(Math.max(1, page), total));
    },
    retry() {
      const state = lists[tab.value].value;
      void load(tab.value, state.kind === 'loaded' ? state.page : 1);
    },
    /** Downloads a purchased song through the authenticated call and saves it as an mp3. */
    async downloadSong(id: string | number, artist: string, title: string) {
      const key = String(id);
      batch(() => {
        downloading.value = key;
        downloadError.value = null;
      });
      const result = await download(`/webclient/account/download/${encodeURIComponent(key)}`, /^audio\/(mpeg|mp3)/i);
      downloading.value = null;
      if (!result.ok) {
        downloadError.value = `${messages.downloadFailed} ${result.error.message}`;
        return;
      }
      const url = URL.createObjectURL(result.data.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = songFileName(artist, title);
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}

export type HistoryModel = ReturnType<typeof createHistoryModel>;
