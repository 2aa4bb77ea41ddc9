// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as donations from './donations';
import { createApiClient } from './client';
import { FRESH_MS, page, type Early } from '../boot/boot';
import { CLIENT_MESSAGES } from './errors';

const mission = {
  id: 2,
  organization: 'Harvest of Praise',
  banner: [],
  description: 'Lessons.',
  total_donation: 10,
  subscribed: false,
};
const body = () => JSON.stringify({ message: '', data: [mission] });
const store = (): Record<string, Early> => page().early;
/** What the loader does for a tag whose markup names `path`, on the page's own API host (widgets/loader.ts askEarly). */
function askedEarly(path: string, answer: Promise<Response>, uses = 1, at = Date.now(), auth?: string) {
  store()[path] = { answer, uses, at, ...(auth ? { auth } : {}) };
}
const client = () => createApiClient({ base: '', authorization: () => null, onUnauthorized: () => {} });

describe('answers the loader asked for early', () => {
  afterEach(() => {
    for (const url of Object.keys(store())) delete store()[url];
    vi.unstubAllGlobals();
  });

  it('are taken by the public call instead of asking again, once for each tag that named them', async () => {
    const fetch = vi.fn(async () => new Response(body()));
    vi.stubGlobal('fetch', fetch);
    askedEarly('/webclient/donation/ongoing-project', Promise.resolve(new Response(body())), 2);
    const first = await client().call(donations.ongoingProject, {});
    const second = await client().call(donations.ongoingProject, {});
    expect(first).toEqual({ ok: true, data: [mission], message: '' });
    expect(second).toEqual(first);
    expect(fetch).not.toHaveBeenCalled();
    // Both tags took it: the next call asks the server.
    await client().call(donations.ongoingProject, {});
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are asked again when the early request failed, and a failure then says so', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    askedEarly('/webclient/donation/ongoing-project', Promise.reject(new TypeError('Failed to fetch')));
    const result = await client().call(donations.ongoingProject, {});
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ ok: false, error: { status: 0, message: CLIENT_MESSAGES.network, errorCode: null } });
  });

  it("are left when stale, and a public answer never serves a call that carries the person's token", async () => {
    const fetch = vi.fn(async () => new Response(body()));
    vi.stubGlobal('fetch', fetch);
    askedEarly(
      '/webclient/donation/ongoing-project',
      Promise.resolve(new Response(JSON.stringify({ data: [] }))),
      1,
      Date.now() - FRESH_MS - 1,
    );
    expect(await client().call(donations.ongoingProject, {})).toMatchObject({ ok: true, data: [mission] });
    askedEarly('/webclient/donation/ongoing', Promise.resolve(new Response(JSON.stringify({ data: [] }))));
    const signedIn = createApiClient({ base: '', authorization: () => 'Bearer t', onUnauthorized: () => {} });
    expect(await signedIn.call(donations.ongoing, {})).toMatchObject({ ok: true, data: [mission] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("asked with the person's token serve that person's call, and no one else's", async () => {
    const fetch = vi.fn(async () => new Response(body()));
    vi.stubGlobal('fetch', fetch);
    const as = (token: string) =>
      createApiClient({ base: '', authorization: () => `Bearer ${token}`, onUnauthorized: () => {} });
    const early = () => Promise.resolve(new Response(JSON.stringify({ message: 'early', data: [] })));
    askedEarly('/webclient/donation/ongoing', early(), 1, Date.now(), 'Bearer one');
    // Another person signed in since the loader asked: asked again, with their token.
    expect(await as('two').call(donations.ongoing, {})).toMatchObject({ ok: true, data: [mission] });
    expect(fetch).toHaveBeenCalledTimes(1);
    // A public call (no token) is not served by an answer asked with one.
    askedEarly('/webclient/donation/ongoing-project', early(), 1, Date.now(), 'Bearer one');
    expect(await client().call(donations.ongoingProject, {})).toMatchObject({ ok: true, data: [mission] });
    expect(fetch).toHaveBeenCalledTimes(2);
    // The person it was asked for takes it.
    askedEarly('/webclient/donation/ongoing', early(), 1, Date.now(), 'Bearer one');
    expect(await as('one').call(donations.ongoing, {})).toEqual({ ok: true, data: [], message: 'early' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('are left to the call once every tag that named them has one, a tag whose first view drew it among them', async () => {
    const fetch = vi.fn(async () => new Response(body()));
    vi.stubGlobal('fetch', fetch);
    // Named by one tag, which drew it (widgets/survey/survey.draw.ts): its model starts from what it drew.
    askedEarly('/webclient/donation/ongoing-project', Promise.resolve(new Response(JSON.stringify({ data: [] }))), 0);
    expect(await client().call(donations.ongoingProject, {})).toMatchObject({ ok: true, data: [mission] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('still check the answer against the contract', async () => {
    vi.stubGlobal('fetch', vi.fn());
    askedEarly('/webclient/donation/ongoing-project', Promise.resolve(new Response('{"data":[{"id":"two"}]}')));
    expect(await client().call(donations.ongoingProject, {})).toEqual({
      ok: false,
      error: { status: 200, message: CLIENT_MESSAGES.malformed, errorCode: null },
    });
  });
});
