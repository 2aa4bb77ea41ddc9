/**
 * <sm-history>'s view: three tabs of paged tables, and song downloads.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ContentRow, CreditRow, DonationRow } from '../../shared/api/history';
import { formatTableDate } from '../../shared/format/dates';
import { formatCredits, formatMoney } from '../../shared/format/money';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
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

function CreditTable({ rows }: { rows: readonly CreditRow[] }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{m.columns.date}</th>
          <th scope="col">{m.columns.credits}</th>
          <th scope="col">{m.columns.amount}</th>
          <th scope="col">{m.columns.channel}</th>
          <th scope="col">{m.columns.code}</th>
          <th scope="col">{m.columns.reference}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.trx_ref}>
            <td>{formatTableDate(row.created_at)}</td>
            <td>{formatCredits(row.amount_credit)}</td>
            <td>{formatMoney(row.final_amount, row.final_currency)}</td>
            <td>{row.purchase_channel}</td>
            <td>{row.redemption_code ?? m.forYou}</td>
            <td className="sm-ref">{row.trx_ref}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ContentTable({ rows, model }: { rows: readonly ContentRow[]; model: HistoryModel }) {
  useSignals();
  const busy = model.downloading.value;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{m.columns.date}</th>
          <th scope="col">{m.columns.item}</th>
          <th scope="col">{m.columns.artist}</th>
          <th scope="col">{m.columns.songs}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row.uid)}>
            <td>{formatTableDate(row.created_at)}</td>
            <td>
              <strong>{row.product_name}</strong>
              <br />
              <span className="sm-muted">{row.type === 2 ? m.album : m.song}</span>
            </td>
            <td>{row.artist_name}</td>
            <td>
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
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DonationTable({ rows }: { rows: readonly DonationRow[] }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{m.columns.date}</th>
          <th scope="col">{m.columns.organization}</th>
          <th scope="col">{m.columns.given}</th>
          <th scope="col">{m.columns.fees}</th>
          <th scope="col">{m.columns.net}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.stripe_charge_id ?? `${row.created_at}-${i}`}>
            <td>{formatTableDate(row.created_at)}</td>
            <td>{row.donation[0]?.organization ?? '—'}</td>
            <td>{formatMoney(row.final_price, row.final_currency)}</td>
            <td>{formatMoney(row.billing_fee + row.fee, row.final_currency)}</td>
            <td>{formatMoney(row.net_revenue, row.final_currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One tab's panel: loading, the failure with a retry, the empty text, or its table and pages. */
function Panel<Row>({ list, tab, table }: { list: PagedList<Row>; tab: Tab; table: (rows: readonly Row[]) => ReactNode }) {
  useSignals();
  const state = list.state.value;
  if (state.kind === 'loading') return <p role="status">{m.loading}</p>;
  if (state.kind === 'failed') {
    return (
      <Notice tone="error">
        {m.failed} {state.message}{' '}
        <Button variant="link" onClick={() => list.retry()}>
          {m.retry}
        </Button>
      </Notice>
    );
  }
  if (state.rows.length === 0) return <p data-testid="history-empty">{m.empty[tab]}</p>;
  return (
    <>
      <div className="sm-table-wrap" tabIndex={0} role="region" aria-label={m.tabs[tab]}>
        {table(state.rows)}
      </div>
      <Pager page={state.page} total={state.total} goTo={(page) => list.goTo(page)} />
    </>
  );
}

function TabPanel({ model, tab }: { model: HistoryModel; tab: Tab }) {
  const { lists } = model;
  if (tab === 'credit') return <Panel list={lists.credit} tab={tab} table={(rows) => <CreditTable rows={rows} />} />;
  if (tab === 'content') return <Panel list={lists.content} tab={tab} table={(rows) => <ContentTable rows={rows} model={model} />} />;
  return <Panel list={lists.donations} tab={tab} table={(rows) => <DonationTable rows={rows} />} />;
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
