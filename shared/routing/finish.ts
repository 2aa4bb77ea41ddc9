/**
 * The last step of every payment flow: back into the app (transaction_done) when the person came
 * from it, else home; off the portal, `here` (the tag's form again), so the page is not taken away.
 */
import type { ModelDeps } from '../deps/deps';
import type { Query } from './routes';

/** Leaves a payment's last page; `query` tells the app what changed (the new price of a membership). */
export function finishPayment(deps: Pick<ModelDeps, 'nav' | 'session'>, query?: Query, here?: () => void): void {
  if (deps.session.fromApps.value) deps.nav.openAppLink('transaction_done', query);
  else if (!here || !deps.nav.redirect('HomePage', undefined, { push: true }))
    (here ?? (() => deps.nav.go('HomePage')))();
}
