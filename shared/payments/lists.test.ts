import { describe, expect, it } from 'vitest';
import { fail, fakeDeps, ok, PROFILE } from '../deps/testing';
import { createListLoading } from './lists';
import { createPaymentPrompts } from './prompts';

function setup(profile = ok(PROFILE)) {
  const deps = fakeDeps({ signedIn: true, routes: { 'GET /webclient/account/profile': profile } });
  const prompts = createPaymentPrompts(deps, { record: 'credit', resume: () => {} });
  return { deps, prompts, lists: createListLoading(deps, prompts.show) };
}
const failure = (status: number, message: string) => ({ status, message, errorCode: null });

describe("a payment page's lists", () => {
  it('loads a list into its place; a failure says why in place, and the next load clears it', async () => {
    const { lists } = setup();
    let loaded: readonly number[] | null = null;
    await lists.load(
      async () => ({ ok: false as const, error: failure(503, 'Down') }),
      (data: readonly number[]) => (loaded = data),
      'payment',
    );
    expect(lists.error.value).toBe('Down');
    await lists.load(
      async () => ({ ok: true as const, data: [1, 2], message: '' }),
      (data) => (loaded = data),
      'payment',
    );
    expect(lists.error.value).toBeNull();
    expect(loaded).toEqual([1, 2]);
    lists.fail('No option available');
    expect(lists.error.value).toBe('No option available');
  });

  it('a 401 while the session is good is Happy Sabbath! with the message; closing goes home', async () => {
    const { deps, prompts, lists } = setup();
    expect(await lists.explain(failure(401, 'Payments rest on the Sabbath.'), 'payment')).toBeNull();
    expect(prompts.dialog.value).toEqual({ kind: 'sabbath', message: 'Payments rest on the Sabbath.' });
    prompts.closeDialog();
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
  });

  it('a 401 with a dead session signs out without a dialog', async () => {
    const { deps, prompts, lists } = setup(fail(401, 'Expired'));
    await lists.explain(failure(401, 'x'), 'payment-status');
    expect(prompts.dialog.value).toBeNull();
    expect(deps.session.isSignedIn.value).toBe(false);
  });

  it('another status is a warning titled with it (where asked) and the message in place', async () => {
    const { prompts, lists } = setup();
    expect(await lists.explain(failure(503, 'Down for maintenance'), 'payment')).toBe('Down for maintenance');
    expect(prompts.dialog.value).toBeNull();
    expect(await lists.explain(failure(503, 'Down for maintenance'), 'payment-status')).toBe('Down for maintenance');
    expect(prompts.dialog.value).toEqual({ kind: 'status', title: '503', message: 'Down for maintenance' });
  });

  it('a list anyone may read says its message in place, whatever the status', async () => {
    const { prompts, lists } = setup();
    expect(await lists.explain(failure(401, 'Sign in'), 'message')).toBe('Sign in');
    expect(prompts.dialog.value).toBeNull();
  });
});
