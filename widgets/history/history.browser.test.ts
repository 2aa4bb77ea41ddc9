/// <reference types="mocha" />
import { expect } from 'chai';
import { TABLE_PAGE_SIZE } from '../../shared/api/history';
import { contentRow } from '../../shared/api/testing';
import '../../widgets/history/history.element';
import { byRole, expectAccessible, fakeApiPerTest, fixture, ok, text, waitFor } from '../../tests/element/support';

const credit = (i: number) => ({
  trx_ref: `cs_${i}`,
  created_at: `2026-0${(i % 9) + 1}-14T15:05:00`,
  purchase_channel: 'card',
  amount_credit: 1000,
  final_currency: 'USD',
  final_amount: 1234.5,
  redemption_code: i === 0 ? 'SM-AAAA-BBBB-CCCC' : null,
});

describe('<sm-history>', () => {
  const serve = fakeApiPerTest({ signedIn: true });

  it('pages credit purchases 20 at a time with dates, amounts and codes', async () => {
    const all = Array.from({ length: 25 }, (_, i) => credit(i));
    serve({
      'GET /webclient/account/transaction-history': (_init, url) => {
        const page = Number(url.searchParams.get('page'));
        expect(url.searchParams.get('per_page')).to.equal('20');
        return ok({ data: all.slice((page - 1) * 20, page * 20), total: 25 });
      },
    });
    const el = await fixture('<sm-history></sm-history>');
    await waitFor(() => text(el).includes('Page 1 of 2'));
    expect(el.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(20);
    expect(text(el)).to.contain('14/01/2026 03:05 PM');
    expect(text(el)).to.contain('$1,234.50');
    expect(text(el)).to.contain('1,000 Credits');
    expect(text(el)).to.contain('SM-AAAA-BBBB-CCCC');
    await expectAccessible(el);
    byRole(el, 'button', 'Next').click();
    await waitFor(() => text(el).includes('Page 2 of 2'));
    expect(el.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(5);
  });

  it('holds a page of rows, as tall as the rows, and the pager while a page loads; a tab picked later shows at once', async () => {
    let answer: () => void = () => {};
    const all = Array.from({ length: 25 }, (_, i) => credit(i));
    serve({
      'GET /webclient/account/transaction-history': () =>
        new Promise((done) => (answer = () => done(ok({ data: all.slice(0, 20), total: 25 })))),
      'GET /webclient/account/donation-history': () => ok({ data: [], total: 0 }),
      'GET /webclient/account/content-purchase': () => ok({ data: [], total: 0 }),
    });
    const el = await fixture('<sm-history></sm-history>');
    const root = el.shadowRoot!;
    const held = await waitFor(() => root.querySelector<HTMLElement>('.sm-held-table'));
    // As many rows as a page shows, under the tab's own headings, and the pager's place: hidden from assistive technology.
    expect(held.getAttribute('aria-hidden')).to.equal('true');
    expect(held.querySelectorAll('tbody tr').length).to.equal(TABLE_PAGE_SIZE);
    expect([...held.querySelectorAll('th')].map((th) => th.textContent)).to.deep.equal([
      'Date',
      'Credits',
      'Amount',
      'Channel',
      'Redemption Code',
      'Reference',
    ]);
    expect(held.querySelector('.sm-pager')).to.not.equal(null);
    const heights = (rows: Iterable<Element>) => [...rows].map((row) => Math.round(row.getBoundingClientRect().height));
    const heldRows = heights(held.querySelectorAll('tr'));
    const heldPager = held.querySelector('.sm-pager')!.getBoundingClientRect().height;
    answer();
    await waitFor(() => text(el).includes('Page 1 of 2'));
    expect(root.querySelector('.sm-held-table')).to.equal(null);
    // The rows fill their places exactly: nothing under them moves.
    expect(heights(root.querySelectorAll('tr'))).to.deep.equal(heldRows);
    expect(root.querySelector('.sm-pager')!.getBoundingClientRect().height).to.be.closeTo(heldPager, 0.5);
    // The other tabs were asked for once these rows came: a tab picked now shows its rows (here, none) at once.
    await waitFor(() => !!root.querySelector('[role="tab"]'));
    await new Promise((done) => setTimeout(done, 50));
    byRole(el, 'tab', 'Donations').click();
    await new Promise((done) => requestAnimationFrame(done));
    expect(text(el)).to.contain('No donations yet.');
  });

  it('says when a list is empty and when it failed, with a retry', async () => {
    let fail = true;
    serve({
      'GET /webclient/account/transaction-history': () => ok({ data: [], total: 0 }),
      'GET /webclient/account/donation-history': () =>
        fail ? { status: 500, body: { status: 500, message: 'Internal error' } } : ok({ data: [], total: 0 }),
    });
    const el = await fixture('<sm-history></sm-history>');
    await waitFor(() => text(el).includes('No credit purchases yet.'));
    const tab = el.shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]')[0]!;
    tab.focus();
    tab.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    await waitFor(() => text(el).includes('We could not load this list. Internal error'));
    fail = false;
    byRole(el, 'button', 'Try again').click();
    await waitFor(() => text(el).includes('No donations yet.'));
  });

  it('shows the tab its attribute names, loads it once, and follows the attribute when it changes', async () => {
    const asked: string[] = [];
    serve({
      'GET /webclient/account/transaction-history': (_init, url) => (
        asked.push(url.pathname),
        ok({ data: [], total: 0 })
      ),
      'GET /webclient/account/donation-history': (_init, url) => (asked.push(url.pathname), ok({ data: [], total: 0 })),
    });
    const el = await fixture('<sm-history tab="donations"></sm-history>');
    await waitFor(() => text(el).includes('No donations yet.'));
    el.setAttribute('tab', 'credit');
    await waitFor(() => text(el).includes('No credit purchases yet.'));
    expect(el.shadowRoot!.querySelector('[role="tab"][aria-selected="true"]')!.textContent).to.equal('Credit Purchase');
    expect(asked).to.deep.equal(['/webclient/account/donation-history', '/webclient/account/transaction-history']);
  });

  it('shows the first tab, with a console message, for a tab it does not have', async () => {
    serve({ 'GET /webclient/account/transaction-history': () => ok({ data: [], total: 0 }) });
    const warned: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args.map(String).join(' '));
    try {
      const el = await fixture('<sm-history tab="purchases"></sm-history>');
      await waitFor(() => text(el).includes('No credit purchases yet.'));
      expect(el.shadowRoot!.querySelector('[role="tab"][aria-selected="true"]')!.textContent).to.equal(
        'Credit Purchase',
      );
      expect(warned.filter((m) => m.startsWith('[sm'))).to.deep.equal([
        '[sm-history] Unknown tab="purchases". Use one of: credit, content, donations. Showing "credit".',
      ]);
    } finally {
      console.warn = warn;
    }
  });

  it('lists albums with their songs and downloads a song as an mp3', async () => {
    serve({
      'GET /webclient/account/transaction-history': () => ok({ data: [], total: 0 }),
      'GET /webclient/account/content-purchase': () =>
        ok({
          data: [
            contentRow({
              songs: [
                { id: 11, title: 'Psalm 23' },
                { id: 12, title: 'Psalm 91' },
              ],
            }),
            contentRow({
              uid: 'p2',
              created_at: '2026-01-03T10:00:00',
              product_name: 'Amazing Grace',
              artist_name: 'Ruth Ada',
              item_id: 13,
              type: 1,
              songs: [{ id: 13, title: 'Amazing Grace' }],
            }),
          ],
          total: 2,
        }),
    });
    const original = window.fetch;
    const el = await fixture('<sm-history tab="content"></sm-history>');
    await waitFor(() => text(el).includes('Psalm 91'));
    expect(text(el)).to.contain('Album');
    // The download goes through fetch with the Authorization header.
    const saved: { name: string; href: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    };
    const fetchBefore = window.fetch;
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/webclient/account/download/12')) {
        expect((init?.headers as Record<string, string>).Authorization).to.equal('Bearer tok');
        return new Response(new Uint8Array([0x49, 0x44, 0x33]), { headers: { 'Content-Type': 'audio/mpeg' } });
      }
      return fetchBefore(input, init);
    }) as typeof fetch;
    try {
      byRole(el, 'button', 'Download Psalm 91').click();
      await waitFor(() => saved.length === 1);
      expect(saved[0]!.name).to.equal('Cantor Choir - Psalm 91.mp3');
      expect(saved[0]!.href).to.match(/^blob:/);
    } finally {
      HTMLAnchorElement.prototype.click = click;
      window.fetch = original;
    }
  });
});
