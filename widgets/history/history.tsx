/**
 * <sm-history>'s view: three tabs of paged tables, and song downloads.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ContentRow, CreditRow, DonationRow } from '../../shared/api/history';
import { formatTableDate } from '../../shared/format/dates';
import { formatCredits, formatMoney } from '../../shared/format/money';
import { Button } from '../../shared/ui/Button';
import { Notice, RetryNotice } from '../../shared/ui/Notice';
import { WidgetRoot, useModel } from '../../shared/ui/WidgetRoot';
import { messages as m } from './history.messages';
import { createHistoryModel, pageCount, tabOf, TABS, type HistoryModel, type PagedList, type Tab } from './history.model';
import { historyStyles } from './history.styles';

export interface HistoryProps {
  /** The tab shown first: credit (default), content or donations. */
  tab?: string;
  apiBase?: string;
  portal?: string;
  container?: ShadowRoot | HTMLElement;
}

function Pager({ page, total, goTo }: { page: number; total: number; goTo: (page: number) => void }) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  return (
    <nav className="sm-pager" aria-label={m.pagination}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        {m.previous}
      </Button>
      <span aria-live="polite" data-testid="page-label">
        {m.page(page, pages)}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
        {m.next}
      </Button>
    </nav>
  );
}

/** One column of a history table: its heading, and what a row shows in it. */
interface Column<Row> {
  readonly heading: string;
  readonly cell: (row: Row) => ReactNode;
  readonly className?: string;
}

function Table<Row>({ columns, rows, rowKey }: { columns: readonly Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row, index: number) => string }) {
  return (
    <table>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.heading} scope="col">
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {columns.map((column) => (
              <td key={column.heading} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const creditColumns: readonly Column<CreditRow>[] = [
  { heading: m.columns.date, cell: (row) => formatTableDate(row.created_at) },
  { heading: m.columns.credits, cell: (row) => formatCredits(row.amount_credit) },
  { heading: m.columns.amount, cell: (row) => formatMoney(row.final_amount, row.final_currency) },
  { heading: m.columns.channel, cell: (row) => row.purchase_channel },
  { heading: m.columns.code, cell: (row) => row.redemption_code ?? m.forYou },
  { heading: m.columns.reference, cell: (row) => row.trx_ref, className: 'sm-ref' },
];

const donationColumns: readonly Column<DonationRow>[] = [
  { heading: m.columns.date, cell: (row) => formatTableDate(row.created_at) },
  { heading: m.columns.organization, cell: (row) => row.donation[0]?.organization ?? '—' },
  { heading: m.columns.given, cell: (row) => formatMoney(row.final_price, row.final_currency) },
  { heading: m.columns.fees, cell: (row) => formatMoney(row.billing_fee + row.fee, row.final_currency) },
  { heading: m.columns.net, cell: (row) => formatMoney(row.net_revenue, row.final_currency) },
];

/** A purchased song or album's songs, each with its download button. */
function Songs({ row, model }: { row: ContentRow; model: HistoryModel }) {
  useSignals();
  const busy = model.downloading.value;
  return (
    <ul className="sm-songs">
      {row.songs.map((song) => (
        <li key={String(song.id)}>
          <span>{song.title}</span>
          <Button
            variant="link"
            aria-label={m.downloadSong(song.title)}
            disabled={busy === String(song.id)}
            onClick={() => void model.downloadSong(song.id, row.artist_name, song.title)}
          >
            {busy === String(song.id) ? m.downloading : m.download}
          </Button>
        </li>
      ))}
    </ul>
  );
}

const contentColumns = (model: HistoryModel): readonly Column<ContentRow>[] => [
  { heading: m.columns.date, cell: (row) => formatTableDate(row.created_at) },
  {
    heading: m.columns.item,
    cell: (row) => (
      <>
        <strong>{row.product_name}</strong>
        <br />
        <span className="sm-muted">{row.type === 2 ? m.album : m.song}</span>
      </>
    ),
  },
  { heading: m.columns.artist, cell: (row) => row.artist_name },
  { heading: m.columns.songs, cell: (row) => <Songs row={row} model={model} /> },
];

/** One tab's panel: loading, the failure with a retry, the empty text, or its table and pages. */
function Panel<Row>({ list, tab, columns, rowKey }: { list: PagedList<Row>; tab: Tab; columns: readonly Column<Row>[]; rowKey: (row: Row, index: number) => string }) {
  useSignals();
  const state = list.state.value;
  if (state.kind === 'loading') return <p role="status">{m.loading}</p>;
  if (state.kind === 'failed') {
    return (
      <RetryNotice retry={m.retry} onRetry={() => list.retry()}>
        {m.failed} {state.message}
      </RetryNotice>
    );
  }
  if (state.rows.length === 0) return <p data-testid="history-empty">{m.empty[tab]}</p>;
  return (
    <>
      <div className="sm-table-wrap" tabIndex={0} role="region" aria-label={m.tabs[tab]}>
        <Table columns={columns} rows={state.rows} rowKey={rowKey} />
      </div>
      <Pager page={state.page} total={state.total} goTo={(page) => list.goTo(page)} />
    </>
  );
}

function TabPanel({ model, tab }: { model: HistoryModel; tab: Tab }) {
  const { lists } = model;
  if (tab === 'credit') return <Panel list={lists.credit} tab={tab} columns={creditColumns} rowKey={(row) => row.trx_ref} />;
  if (tab === 'content') return <Panel list={lists.content} tab={tab} columns={contentColumns(model)} rowKey={(row) => String(row.uid)} />;
  return <Panel list={lists.donations} tab={tab} columns={donationColumns} rowKey={(row, i) => row.stripe_charge_id ?? `${row.created_at}-${i}`} />;
}

/** Saves a downloaded file the way a browser does: a link to the file's blob address, clicked. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function HistoryWidget({ tab }: { tab: Tab }) {
  useSignals();
  const model = useModel((deps) => createHistoryModel(deps, saveFile));
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  // The `tab` attribute chooses the tab; the person may pick another afterwards.
  useEffect(() => {
    model.show(tab);
  }, [model, tab]);
  const selected = model.tab.value;
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = TABS[(index + delta + TABS.length) % TABS.length]!;
    model.show(next);
    refs.current[next]?.focus();
  };
  return (
    <section className="sm-card" part="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.title}</h2>
      <div role="tablist" aria-label={m.title} className="sm-tabs" part="tabs">
        {TABS.map((t, index) => (
          <button
            key={t}
            ref={(el) => {
              refs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t}`}
            aria-controls={`${id}-panel`}
            aria-selected={selected === t}
            tabIndex={selected === t ? 0 : -1}
            className="sm-tab"
            onClick={() => model.show(t)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {m.tabs[t]}
          </button>
        ))}
      </div>
      {model.downloadError.value ? <Notice tone="error">{model.downloadError.value}</Notice> : null}
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} data-tab={selected}>
        <TabPanel model={model} tab={selected} />
      </div>
    </section>
  );
}

/**
 * @summary The signed-in person's history: credit purchases, content purchases (with mp3 downloads) and donations.
 */
export function History({ tab, apiBase, portal, container }: HistoryProps) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} portal={portal} styles={historyStyles}>
      <HistoryWidget tab={tabOf(tab)} />
    </WidgetRoot>
  );
}
