/**
 * The last step of every payment flow (a top-up, a membership, a gift, a change of amount): back
 * into the mobile app through its transaction_done deep link when the person came from the app,
 * else to the portal's home; on another page (a blog the payment returned to), `here` (the tag's
 * form again), so the page is not taken away.
 */
import type { ModelDeps } from '../deps/deps';
import type { Query } from './routes';

/** Leaves a payment's last page; `query` tells the app what changed (the new price of a membership). */
export function finishPayment(deps: Pick<ModelDeps, 'nav' | 'session'>, query?: Query, here?: () => void): void {
  if (deps.session.fromApps.value) deps.nav.openAppLink('transaction_done', query);
  else if (!here || !deps.nav.redirect('HomePage', undefined, { push: true }))
    (here ?? (() => deps.nav.go('HomePage')))();
}
