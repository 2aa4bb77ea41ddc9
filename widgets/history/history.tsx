/**
 * <sm-history>'s view: three tabs of paged tables, and song downloads.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { applyEmbedAttributes } from '../../shared/config/config';
import type { ContentRow, CreditRow, DonationRow } from '../../shared/api/history';
import { formatTableDate } from '../../shared/format/dates';
import { formatCredits, formatMoney } from '../../shared/format/money';
import { Button } from '../../shared/ui/Button';
import { Notice } from '../../shared/ui/Notice';
import { WidgetRoot } from '../../shared/ui/WidgetRoot';
import { messages as m } from './history.messages';
import { createHistoryModel, pageCount, TABS, type HistoryModel, type ListState, type Tab } from './history.model';
import { historyStyles } from './history.styles';

export interface HistoryProps {
  /** The tab shown first: credit (default), content or donations. */
  tab?: string;
  apiBase?: string;
  portal?: string;
  container?: ShadowRoot | HTMLElement;
}

function parseTab(value: unknown): Tab {
  if (value === undefined || value === null || value === '') return 'credit';
  if (typeof value === 'string' && (TABS as readonly string[]).includes(value)) return value as Tab;
  console.warn(`[sm-history] Unknown tab="${String(value)}". Use one of: ${TABS.join(', ')}. Showing "credit".`);
  return 'credit';
}

function Pager({ model, state }: { model: HistoryModel; state: ListState<unknown> & { kind: 'loaded' } }) {
  const pages = pageCount(state.total);
  if (pages <= 1) return null;
  return (
    <nav className="sm-pager" aria-label={m.pagination}>
      <Button variant="secondary" disabled={state.page <= 1} onClick={() => model.goTo(state.page - 1)}>
        {m.previous}
      </Button>
      <span aria-live="polite" data-testid="page-label">
        {m.page(state.page, pages)}
      </span>
      <Button variant="secondary" disabled={state.page >= pages} onClick={() => model.goTo(state.page + 1)}>
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

function Panel({ model, tab }: { model: HistoryModel; tab: Tab }) {
  useSignals();
  const state = (tab === 'credit' ? model.credit : tab === 'content' ? model.content : model.donations).value;
  if (state.kind === 'loading') return <p role="status">{m.loading}</p>;
  if (state.kind === 'failed') {
    return (
      <Notice tone="error">
        {m.failed} {state.message}{' '}
        <Button variant="link" onClick={() => model.retry()}>
          {m.retry}
        </Button>
      </Notice>
    );
  }
  if (state.rows.length === 0) return <p data-testid="history-empty">{m.empty[tab]}</p>;
  return (
    <>
      <div className="sm-table-wrap" tabIndex={0} role="region" aria-label={m.tabs[tab]}>
        {tab === 'credit' ? (
          <CreditTable rows={state.rows as readonly CreditRow[]} />
        ) : tab === 'content' ? (
          <ContentTable rows={state.rows as readonly ContentRow[]} model={model} />
        ) : (
          <DonationTable rows={state.rows as readonly DonationRow[]} />
        )}
      </div>
      <Pager model={model} state={state} />
    </>
  );
}

function HistoryWidget({ tab }: { tab: Tab }) {
  useSignals();
  const [model] = useState(() => createHistoryModel());
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  useEffect(() => model.start(tab), [model, tab]);
  const selected = model.tab.value;
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = TABS[(index + delta + TABS.length) % TABS.length]!;
    model.select(next);
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
            onClick={() => model.select(t)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {m.tabs[t]}
          </button>
        ))}
      </div>
      {model.downloadError.value ? <Notice tone="error">{model.downloadError.value}</Notice> : null}
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} data-tab={selected}>
        <Panel model={model} tab={selected} />
      </div>
    </section>
  );
}

/**
 * @summary The signed-in person's history: credit purchases, content purchases (with mp3 downloads) and donations.
 */
export function History({ tab, apiBase, portal, container }: HistoryProps) {
  applyEmbedAttributes({ apiBase, portal });
  return (
    <WidgetRoot container={container} styles={historyStyles}>
      <HistoryWidget tab={parseTab(tab)} />
    </WidgetRoot>
  );
}
