/** The portal's pages whose code loads only when they show, and what shows while it loads or when it does not come. */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Overlay } from '../../shared/ui/Overlay';
import { useT } from '../../shared/ui/WidgetRoot';
import '@messages/portal';

/**
 * The pages after a payment: their code loads only when one shows, or as a payment page (shared/payments/arrival.ts)
 * shows, for the page it may go on to with no wait between (route.js preloads it there). Meanwhile the wait holds the
 * height of the page it replaces (Later), so the footer does not move.
 */
let paymentPages: typeof import('./PaymentPages') | null = null;
export const loadPaymentPages = () => import('./PaymentPages').then((m) => (paymentPages = m));
const paymentPage = (name: keyof typeof import('./PaymentPages')): LaterPage => ({
  load: () => loadPaymentPages().then((m) => ({ default: m[name] })),
  loaded: () => paymentPages?.[name] ?? null,
});
export const ResultPendingPage = paymentPage('ResultPendingPage');
export const TransactionFailedPage = paymentPage('TransactionFailedPage');
export const TransactionSuccessPage = paymentPage('TransactionSuccessPage');

/** The height of the page's main part: read as a new page renders, the one it replaces. None when prerendering. */
export const mainHeight = (): number | undefined =>
  typeof document === 'undefined' ? undefined : document.getElementById('main')?.offsetHeight;

/** A page whose code loads when it first shows: how to load it, and the page once loaded (else null). */
export interface LaterPage {
  readonly load: () => Promise<{ default: ComponentType }>;
  readonly loaded: () => ComponentType | null;
}

/** What a page whose code did not come shows in its place: that, and a button that asks again. */
class Unloaded extends Component<
  { children: ReactNode; message: string; retry: string; onRetry: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[portal] A page did not load.', error);
  }
  override render() {
    // As the dashboard says its profile did not load (pages/HomePage.tsx).
    return this.state.failed ? (
      <section className="portal-card">
        <p role="alert">{this.props.message}</p>
        <button type="button" className="portal-button" onClick={this.props.onRetry}>
          {this.props.retry}
        </button>
      </section>
    ) : (
      this.props.children
    );
  }
}

/**
 * A page whose code loads when it shows (keyed by its page). Its boundary wraps only that page: around prerendered
 * markup, a boundary not yet hydrated would hold back a press replayed inside a tag. Where the code does not come, it
 * says so and tries again at "Try again", each time with a lazy() of its own: a lazy() that failed stays failed.
 */
export function Later({ page: { load, loaded } }: { page: LaterPage }) {
  const t = useT();
  // Loaded already: shown at once, without a moment of the wait overlay (lazy() suspends once even then).
  const [{ tried, Page }, setTry] = useState(() => ({ tried: 0, Page: loaded() ?? lazy(load) }));
  // Meanwhile the wait holds the height of the page it replaces, so that what is below it (the footer) stays.
  const [height] = useState(mainHeight);
  const retry = () => {
    setTry({ tried: tried + 1, Page: lazy(load) });
    // The button goes with the message: the focus goes to the page's main part, where the page comes.
    document.getElementById('main')?.focus();
  };
  return (
    <Unloaded key={tried} message={t('portal.pageFailed')} retry={t('portal.home.retry')} onRetry={retry}>
      <Suspense
        fallback={
          <div style={{ minHeight: height }}>
            <Overlay label={t('portal.wait')} />
          </div>
        }
      >
        <Page />
      </Suspense>
    </Unloaded>
  );
}
