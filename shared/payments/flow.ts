/**
 * A payment flow as a widget shows it: the checkout machine of its kind (engine.ts), what the page
 * says around it (prompts.ts) and its lists (lists.ts), wired to each other: the machine and the
 * lists show their dialogs through the prompts, and Continue Payment resumes the machine.
 */
import { signal } from '@preact/signals-core';
import type { PaymentResult } from '../api/credits';
import type { ModelDeps } from '../deps/deps';
import { createCheckout, type CheckoutOptions } from './engine';
import type { CheckoutKind } from './kinds/kind';
import { createListLoading } from './lists';
import { CARD } from './methods';
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
  /** The page shown: the one asked for, unless it had nothing to show here (see show). */
  const page = signal<FlowPage | null>(null);
  let asked: FlowPage | null = null;
  return {
    checkout,
    prompts,
    lists,
    page,
    /**
     * Starts one of the flow's pages, once each: the start page (the prompt about an unfinished checkout, then `load`
     * for its lists), the checkout page (the hand-off, into `container` when embedded) or the success page (the
     * confirmation). On a page other than the portal, a checkout that returned to it (its success route in the address)
     * is confirmed in place of the start page, and a checkout or success page with nothing to hand off or confirm
     * shows the start page: the tag never moves the page.
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
    /** After a payment confirmed in place on another page: its return leaves the address, and the start page shows. */
    again(load: () => void) {
      deps.nav.forgetRoute();
      asked = 'start';
      checkout.reset();
      page.value = 'start';
      load();
    },
  };
}
