/**
 * A payment flow as a widget shows it: the checkout machine of its kind (engine.ts), what the page
 * says around it (prompts.ts) and its lists (lists.ts), wired to each other: the machine and the
 * lists show their dialogs through the prompts, and Continue Payment resumes the machine.
 */
import type { PaymentResult } from '../api/credits';
import type { ModelDeps } from '../deps/deps';
import { createCheckout, type CheckoutOptions } from './engine';
import type { CheckoutKind } from './kinds/kind';
import { createListLoading } from './lists';
import { createPaymentPrompts } from './prompts';

/** The pages of a checkout flow: where it starts (its steps), the hand-off to the checkout, and the success page. */
export type FlowPage = 'start' | 'checkout' | 'success';

export function createPaymentFlow<D extends { readonly method: string }, R extends PaymentResult>(
  kind: CheckoutKind<D, R>,
  deps: ModelDeps,
  options: Pick<CheckoutOptions<R>, 'onConfirmed'> = {},
) {
  const prompts = createPaymentPrompts(deps, { record: kind.record, resume: () => checkout.resume() });
  const checkout = createCheckout(kind, deps, { ...options, tell: prompts.show });
  const lists = createListLoading(deps, prompts.show);
  let shown: FlowPage | null = null;
  return {
    checkout,
    prompts,
    lists,
    /**
     * Starts one of the flow's pages, once each: the start page (the prompt about an unfinished checkout, then `load`
     * for its lists), the checkout page (the hand-off, into `container` when embedded) or the success page (the
     * confirmation).
     */
    show(page: FlowPage, options: { load: () => void; container?: () => HTMLElement | null }) {
      if (shown === page) return;
      shown = page;
      if (page === 'checkout') void checkout.checkout(options.container);
      else if (page === 'success') void checkout.confirm();
      else {
        prompts.open();
        options.load();
      }
    },
  };
}
