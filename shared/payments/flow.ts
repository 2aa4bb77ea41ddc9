/** A payment flow: the kind's checkout machine (engine.ts), prompts.ts and lists.ts, wired together. */
import { signal } from '@preact/signals-core';
import type { PaymentResult } from '../api/credits';
import type { ModelDeps } from '../deps/deps';
import { createCheckout, type CheckoutOptions } from './engine';
import type { CheckoutKind } from './kinds/kind';
import { createListLoading } from './lists';
import { CARD } from './methods';
import { createPaymentPrompts } from './prompts';

/** The pages of a checkout flow. */
export type FlowPage = 'start' | 'checkout' | 'success';

export function createPaymentFlow<D extends { readonly method: string }, R extends PaymentResult>(
  kind: CheckoutKind<D, R>,
  deps: ModelDeps,
  options: Pick<CheckoutOptions<R>, 'onConfirmed'> = {},
) {
  const prompts = createPaymentPrompts(deps, { record: kind.record, resume: () => checkout.resume() });
  const checkout = createCheckout(kind, deps, { ...options, tell: prompts.show });
  const lists = createListLoading(deps, prompts.show);
  /** The page shown: the one asked for, unless it had nothing to show (see show). */
  const page = signal<FlowPage | null>(null);
  let asked: FlowPage | null = null;
  return {
    checkout,
    prompts,
    lists,
    page,
    /**
     * Starts one of the flow's pages, once each. Off the portal, a checkout's return is confirmed in
     * place of the start page, and a page with nothing to hand off or confirm shows the start page.
     */
    show(next: FlowPage, options: { load: () => void; container?: () => HTMLElement | null }) {
      if (asked === next) return;
      asked = next;
      const start = () => {
        page.value = 'start';
        prompts.open();
        options.load();
      };
      const returned = next === 'start' && deps.nav.route() === kind.success('', CARD, null).name;
      page.value = returned ? 'success' : next;
      const shown =
        page.value === 'checkout'
          ? checkout.checkout(options.container)
          : page.value === 'success'
            ? checkout.confirm()
            : null;
      if (shown) void shown.then((ok) => ok || start());
      else start();
    },
    /** After a payment confirmed in place off the portal: back to the start page. */
    again(load: () => void) {
      deps.nav.forgetRoute();
      asked = 'start';
      checkout.reset();
      page.value = 'start';
      load();
    },
  };
}
