import { describe, expect, it } from 'vitest';
import { donationPlan, donationRow, mission as sampleMission } from '../../shared/api/testing';
import { fakeDeps, ok, PROFILE } from '../../shared/deps/testing';
import { recordsOf } from '../../shared/payments/records';
import { createDonateModel } from './donate.model';

const mission = sampleMission();
const plan = donationPlan();
const routes = {
  'GET /webclient/account/profile': ok(PROFILE),
  'GET /webclient/donation/ongoing': ok([mission]),
  'GET /webclient/donation/ongoing-project': ok([mission]),
  'GET /webclient/donation/donation-plan': ok([plan]),
  'POST /webclient/donation/create-session': ok({ id: 'cs_d', checkout_url: '/sandbox/checkout/cs_d' }),
};
const donate = (extra: Parameters<typeof fakeDeps>[0] = {}) => {
  const deps = fakeDeps({ ...extra, routes: { ...routes, ...extra.routes } });
  return { deps, model: createDonateModel(deps) };
};

describe('the donation form', () => {
  it('opens the mission from the attribute or _d; without one the Donations page goes home', async () => {
    const a = donate({ signedIn: true, query: { _d: '2' } });
    a.model.show('donate');
    await a.deps.clock.advance(0);
    expect(a.model.mission.value?.organization).toBe('Choir Missions');
    const b = donate({ signedIn: true });
    b.model.show('donate');
    await b.deps.clock.advance(0);
    expect(b.deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: true }]);
  });

  it("opens the app link's mission while the address is still the link's (the portal moves it on 500 ms later)", async () => {
    const { deps, model } = donate({ signedIn: true, route: 'Signin', query: { type: 'donation' } });
    model.show('donate');
    await deps.clock.advance(0);
    expect(model.mission.value?.id).toBe(2);
    expect(deps.visits).toEqual([]);
  });

  it('on a page other than the portal, a tag with no mission lists the missions, and a Donate opens the form there', async () => {
    const { deps, model } = donate({ portalPage: false });
    model.show('donate');
    await deps.clock.advance(0);
    expect(deps.visits).toEqual([]);
    expect(model.view.value).toBe('missions');
    expect(model.missions.value?.map((m) => m.id)).toEqual([2]);
    model.openMission(2);
    await deps.clock.advance(0);
    expect(deps.visits).toEqual([]);
    expect(model.view.value).toBeNull();
    expect(model.mission.value?.id).toBe(2);
  });

  it('a gift without an account that came back to this page is thanked, and announced once when this browser gave it', async () => {
    const first = donate({ portalPage: false });
    first.model.show('donate', { mission: '2' });
    await first.deps.clock.advance(0);
    await first.model.donate();
    expect(first.deps.left).toEqual(['http://portal.test/sandbox/checkout/cs_d']);
    // Back from the checkout, twice (a reload): the same browser (its storage), the session in the address.
    const comeBack = async () => {
      const back = createDonateModel({
        ...first.deps,
        nav: { ...first.deps.nav, query: () => ({ _d: '2', thanks: 'cs_d' }) },
      });
      back.show('donate', { mission: '2' });
      await first.deps.clock.advance(0);
      return back.thanked.value;
    };
    expect(await comeBack()).toBe(true);
    expect(first.deps.events).toEqual([{ type: 'sm-donation-completed', detail: { sessionId: 'cs_d', amount: 10 } }]);
    expect(await comeBack()).toBe(true);
    expect(first.deps.events).toHaveLength(1);
  });

  it('a mission attribute of another form (given as null: the element warned) says the mission is not available', async () => {
    const { deps, model } = donate();
    model.show('donate', { mission: null });
    await deps.clock.advance(0);
    expect(model.loadError.value).toBe('This mission is not available. Choose another one.');
    expect(deps.visits).toEqual([]);
  });

  it('slider 10 to 100 in tens; a custom amount of 1 to 100, under 1 resets to 1', () => {
    const { model } = donate();
    expect(model.amount.value).toBe(10);
    model.setSlider(47);
    expect(model.amount.value).toBe(50);
    model.setCustom('0.5');
    model.commitCustom();
    expect(model.custom.value).toBe('1');
    model.setCustom('250');
    expect(model.amount.value).toBe(100);
  });

  it('a monthly gift asks a visitor to sign in, and comes back to the mission', async () => {
    const { deps, model } = donate({ query: { _d: '2' } });
    model.show('donate');
    await deps.clock.advance(0);
    model.setRecurring(true);
    await model.donate();
    expect(model.dialog.value).toEqual({ kind: 'sign-in' });
    model.signInForMonthly();
    expect(deps.session.nextPage.value).toEqual({ name: 'DonationsPage', query: { _d: '2' } });
    expect(deps.visits.at(-1)).toEqual({ name: 'Signin', query: { next: '/donations?_d=2' }, replace: false });
  });

  it('a one-time gift from a visitor goes to the checkout without a token', async () => {
    const { deps, model } = donate({ query: { _d: '2' } });
    model.show('donate');
    await deps.clock.advance(0);
    model.setSlider(30);
    await model.donate();
    const create = deps.requests.find((r) => r.path === '/webclient/donation/create-session');
    expect(create?.headers.Authorization).toBeUndefined();
    expect(create?.body).toMatchObject({ amount: 30, donation_id: 2, recurring: 0, frequency: 1 });
    expect(deps.left).toEqual(['http://portal.test/sandbox/checkout/cs_d']);
  });

  it('giving twice to a mission says You are already donated this projects, and goes home after', async () => {
    const { deps, model } = donate({
      signedIn: true,
      query: { _d: '2' },
      routes: {
        'POST /webclient/donation/create-session': {
          status: 400,
          body: { message: 'x', errorCode: 'already-donated' },
        },
      },
    });
    model.show('donate');
    await deps.clock.advance(0);
    await model.donate();
    expect(model.prompts.dialog.value).toEqual({
      kind: 'error',
      message: 'You are already donated this projects',
      thenHome: true,
    });
    expect(recordsOf(deps).read('donation')).toBeNull();
    model.prompts.closeDialog();
    expect(deps.visits.at(-1)?.name).toBe('HomePage');
  });

  it('cancelling a monthly gift asks first, then says Cancel donation success.', async () => {
    const subscribed = { ...mission, subscribed: true, metadata: { next_donation_period: '2026-12-23' } };
    const { deps, model } = donate({
      signedIn: true,
      query: { _d: '2' },
      routes: { 'GET /webclient/donation/ongoing': ok([subscribed]), 'POST /webclient/donation/cancel': ok(null) },
    });
    model.show('donate');
    await deps.clock.advance(0);
    model.askCancelGift();
    expect(model.dialog.value).toEqual({ kind: 'confirm-cancel-gift' });
    await model.confirmCancelGift();
    expect(deps.requests.find((r) => r.path === '/webclient/donation/cancel')?.body).toEqual({ donation_id: 2 });
    expect(model.prompts.dialog.value).toEqual({
      kind: 'status',
      title: 'Cancel Donation',
      message: 'Cancel donation success.',
    });
  });
});

describe('the donation success page', () => {
  it('confirms the gift from the donation history and announces it', async () => {
    const row = donationRow({ stripe_charge_id: 'cs_d', final_price: 30, net_revenue: 29 });
    const { deps, model } = donate({
      signedIn: true,
      query: { session_id: 'cs_d' },
      routes: { 'GET /webclient/account/donation-history': ok({ data: [row], total: 1 }) },
    });
    model.show('success');
    await deps.clock.advance(500);
    expect(model.payment.state.value).toMatchObject({
      kind: 'confirmed',
      result: { amount: 30, organization: 'Choir Missions' },
    });
    expect(deps.events).toContainEqual({ type: 'sm-donation-completed', detail: { sessionId: 'cs_d', amount: 30 } });
  });

  it('a visitor coming back from the checkout is thanked without signing in', async () => {
    const { deps, model } = donate({ query: { _d: '2', thanks: 'cs_d' } });
    model.show('donate');
    await deps.clock.advance(0);
    expect(model.thanked.value).toBe(true);
  });
});
