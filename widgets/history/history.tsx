/** <sm-history>'s view: three tabs of paged tables, and song downloads. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { TABLE_PAGE_SIZE, type ContentRow, type CreditRow, type DonationRow } from '../../shared/api/history';
import { formatTableDate } from '../../shared/format/dates';
import { formatCredits, formatMoney } from '../../shared/format/money';
import { Button } from '../../shared/ui/Button';
import { Notice, RetryNotice } from '../../shared/ui/Notice';
import { placesStyles } from '../../shared/ui/styles';
import { WidgetRoot, useArriving, useModel, useShownLanguage, useT } from '../../shared/ui/WidgetRoot';
import type { HostProps } from '../../shared/ui/define';
import type { TagProps } from '../tags';
import { createHistoryModel, pageCount, TABS, type HistoryModel, type PagedList, type Tab } from './history.model';
import { historyStyles } from './history.styles';
import '@messages/history';
import type { Translate } from '../../shared/i18n/catalogue';

/** Its parsed attributes, and its shadow root. */
export type HistoryProps = TagProps<'sm-history'> & HostProps;

function Pager({ page, total, goTo }: { page: number; total: number; goTo: (page: number) => void }) {
  const t = useT();
  const pages = pageCount(total);
  if (pages <= 1) return null;
  return (
    <nav className="sm-pager" aria-label={t('history.pagination')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        {t('history.previous')}
      </Button>
      <span aria-live="polite" data-testid="page-label">
        {t('history.page', { n: page, total: pages })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
        {t('history.next')}
      </Button>
    </nav>
  );
}

/** One column of a history table: its heading, and what a row shows in it. */
interface Column<Row> {
  readonly heading: string;
  readonly cell: (row: Row) => ReactNode;
  readonly className?: string;
  /** How many lines of text its cell usually has (1 unless said): its place holds as many. */
  readonly lines?: number;
}

function Table<Row>({
  columns,
  rows,
  rowKey,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
}) {
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

const creditColumns = (t: Translate, language: string): readonly Column<CreditRow>[] => [
  { heading: t('history.columns.date'), cell: (row) => formatTableDate(row.created_at, language) },
  { heading: t('history.columns.credits'), cell: (row) => formatCredits(row.amount_credit, t) },
  { heading: t('history.columns.amount'), cell: (row) => formatMoney(row.final_amount, row.final_currency, language) },
  { heading: t('history.columns.channel'), cell: (row) => row.purchase_channel },
  { heading: t('history.columns.code'), cell: (row) => row.redemption_code ?? t('history.forYou') },
  { heading: t('history.columns.reference'), cell: (row) => row.trx_ref, className: 'sm-ref' },
];

const donationColumns = (t: Translate, language: string): readonly Column<DonationRow>[] => [
  { heading: t('history.columns.date'), cell: (row) => formatTableDate(row.created_at, language) },
  { heading: t('history.columns.organization'), cell: (row) => row.donation[0]?.organization ?? '—' },
  { heading: t('history.columns.given'), cell: (row) => formatMoney(row.final_price, row.final_currency, language) },
  {
    heading: t('history.columns.fees'),
    cell: (row) => formatMoney(row.billing_fee + row.fee, row.final_currency, language),
  },
  { heading: t('history.columns.net'), cell: (row) => formatMoney(row.net_revenue, row.final_currency, language) },
];

/** A purchased song or album's songs, each with its download button. */
function Songs({ row, model }: { row: ContentRow; model: HistoryModel }) {
  const t = useT();
  useSignals();
  const busy = model.downloading.value;
  return (
    <ul className="sm-songs">
      {row.songs.map((song) => (
        <li key={String(song.id)}>
          <span>{song.title}</span>
          <Button
            variant="link"
            aria-label={t('history.downloadSong', { title: song.title })}
            disabled={busy === String(song.id)}
            onClick={() => void model.downloadSong(song.id, row.artist_name, song.title)}
          >
            {busy === String(song.id) ? t('history.downloading') : t('history.download')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

const contentColumns = (model: HistoryModel, t: Translate, language: string): readonly Column<ContentRow>[] => [
  { heading: t('history.columns.date'), cell: (row) => formatTableDate(row.created_at, language) },
  {
    heading: t('history.columns.item'),
    lines: 2,
    cell: (row) => (
      <>
        <strong>{row.product_name}</strong>
        <br />
        <span className="sm-muted">{row.type === 2 ? t('history.album') : t('history.song')}</span>
      </>
    ),
  },
  { heading: t('history.columns.artist'), cell: (row) => row.artist_name },
  { heading: t('history.columns.songs'), cell: (row) => <Songs row={row} model={model} /> },
];

/**
 * The table and pager held while a page loads: a whole page of rows, as a member's history usually
 * fills it, each cell as many lines high as usual. Hidden: the status line says it is loading.
 */
function HeldTable({ columns }: { columns: readonly Column<never>[] }) {
  const t = useT();
  return (
    <div className="sm-held-table" aria-hidden="true">
      <div className="sm-table-wrap">
        <Table
          columns={columns.map((column) => ({
            ...column,
            cell: () => (
              <span className="sm-skeleton-line sm-held-cell" data-lines={column.lines ?? 1}>
                {'\u00a0'}
              </span>
            ),
          }))}
          rows={Array.from({ length: TABLE_PAGE_SIZE })}
          rowKey={(_, index) => String(index)}
        />
      </div>
      <div className="sm-pager">
        <span className="sm-button sm-skeleton-line" data-variant="secondary">
          {t('history.previous')}
        </span>
        {/* As wide as the page's label ("Page 1 of 2"), which does not show. */}
        <span className="sm-skeleton-line">{t('history.page', { n: 0, total: 0 })}</span>
        <span className="sm-button sm-skeleton-line" data-variant="secondary">
          {t('history.next')}
        </span>
      </div>
    </div>
  );
}

/** One tab's panel: loading, the failure with a retry, the empty text, or its table and pages. */
function Panel<Row>({
  list,
  tab,
  columns,
  rowKey,
}: {
  list: PagedList<Row>;
  tab: Tab;
  columns: readonly Column<Row>[];
  rowKey: (row: Row, index: number) => string;
}) {
  const t = useT();
  useSignals();
  // Each tab's panel is its own (keyed by the tab in HistoryWidget): another tab never shows this one's rows meanwhile.
  const state = useArriving(list.state.value);
  if (state.kind === 'loading') {
    return (
      <>
        {/* Said, not shown: the status line takes no room. */}
        <p role="status" className="sm-visually-hidden" data-sm-early-signed-in={list.firstCall()}>
          {t('history.loading')}
        </p>
        <HeldTable columns={columns as readonly Column<never>[]} />
      </>
    );
  }
  if (state.kind === 'failed') {
    return (
      <RetryNotice retry={t('history.retry')} onRetry={() => list.retry()}>
        {t('history.failed')} {state.message}
      </RetryNotice>
    );
  }
  if (state.rows.length === 0) return <p data-testid="history-empty">{t(`history.empty.${tab}`)}</p>;
  return (
    <>
      <div className="sm-table-wrap" tabIndex={0} role="region" aria-label={t(`history.tabs.${tab}`)}>
        <Table columns={columns} rows={state.rows} rowKey={rowKey} />
      </div>
      <Pager page={state.page} total={state.total} goTo={(page) => list.goTo(page)} />
    </>
  );
}

function TabPanel({ model, tab }: { model: HistoryModel; tab: Tab }) {
  const t = useT();
  const language = useShownLanguage();
  const { lists } = model;
  if (tab === 'credit')
    return <Panel list={lists.credit} tab={tab} columns={creditColumns(t, language)} rowKey={(row) => row.trx_ref} />;
  if (tab === 'content')
    return (
      <Panel
        list={lists.content}
        tab={tab}
        columns={contentColumns(model, t, language)}
        rowKey={(row) => String(row.uid)}
      />
    );
  return (
    <Panel
      list={lists.donations}
      tab={tab}
      columns={donationColumns(t, language)}
      rowKey={(row, i) => row.stripe_charge_id ?? `${row.created_at}-${i}`}
    />
  );
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
  const t = useT();
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
      <h2 id={`${id}-title`}>{t('history.title')}</h2>
      <div role="tablist" aria-label={t('history.title')} className="sm-tabs" part="tabs">
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-controls={`${id}-panel`}
            aria-selected={selected === tab}
            tabIndex={selected === tab ? 0 : -1}
            className="sm-tab"
            onClick={() => model.show(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(`history.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {model.downloadError.value ? <Notice tone="error">{model.downloadError.value}</Notice> : null}
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} data-tab={selected}>
        <TabPanel key={selected} model={model} tab={selected} />
      </div>
    </section>
  );
}

export function History({ tab, ...root }: HistoryProps) {
  return (
    <WidgetRoot {...root} styles={historyStyles + placesStyles}>
      <HistoryWidget tab={tab} />
    </WidgetRoot>
  );
}
