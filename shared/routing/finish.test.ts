import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../deps/testing';
import { finishPayment } from './finish';

describe("a payment's last step", () => {
  it('goes home on the web', () => {
    const deps = fakeDeps({ signedIn: true });
    finishPayment(deps, { price: '12' });
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
    expect(deps.appLinks).toEqual([]);
  });

  it('goes back into the app through transaction_done, saying what changed', () => {
    const deps = fakeDeps({ signedIn: true, fromApps: true });
    finishPayment(deps);
    finishPayment(deps, { price: '12' });
    expect(deps.appLinks).toEqual([
      { action: 'transaction_done', query: undefined },
      { action: 'transaction_done', query: { price: '12' } },
    ]);
    expect(deps.visits).toEqual([]);
  });
});
