/**
 * The survey's app link at its floor: a page with one inline script that exchanges the app's token, asks for the
 * questions with the new sign-in and draws one checkbox, and nothing else, beside a plain form of its own, under the
 * bench's mobile conditions (tools/chromium.ts emulateMobile), 9 loads each. What no portal page can beat: the two
 * requests one after the other after the page (docs/bench.md, "The survey's app link misses its target").
 *
 *   npx tsx tests/bench/survey-floor.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, emulateMobile, PHONE_CONTEXT } from '../../tools/chromium';
import { freePort, startSandbox, startCdn } from './serve';
const root = resolve(import.meta.dirname, '../..');
const dist = process.env.SM_OUT_DIR ?? join(root, 'dist');
const dir = mkdtempSync(join(tmpdir(), 'fl-'));
const cdnPort = await freePort();
const cdnOrigin = `http://127.0.0.1:${cdnPort}`;
const sandbox = await startSandbox(root, await freePort(), dir, `${cdnOrigin}/`, cdnOrigin);
const floor = `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>floor</title><body><p>Survey</p><div id="q"></div><script>
const t = new URLSearchParams(location.hash.split('?')[1]).get('_t');
fetch('/webclient/auth/mobile-login', { headers: { Authorization: 'Bearer ' + t } }).then(r => r.json()).then(b =>
  fetch('/survey-question', { headers: { Authorization: (b.data.token_type || 'Bearer') + ' ' + b.data.access_token } })).then(r => r.json()).then(q => {
  document.getElementById('q').innerHTML = '<label><input type="checkbox"> ' + (q.data && q.data[0] ? 'first answer' : 'none') + '</label>';
  requestAnimationFrame(() => { window.__usable = performance.now(); });
});
</script>`;
const plain = `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>plain</title><body><form><label>Email <input type="email" id="e"></label><button>Subscribe</button></form><script>requestAnimationFrame(function f(){ if (document.getElementById('e')) window.__usable = performance.now(); else requestAnimationFrame(f); });</script>`;
const cdn = await startCdn(
  cdnPort,
  dist,
  new Map([
    ['/floor.html', floor],
    ['/plain.html', plain],
  ]),
  sandbox.origin,
);
const browser = await chromium.launch(chromiumLaunchOptions());
const results: Record<string, number[]> = { plain: [], floor: [] };
for (let i = 0; i < 9; i++) {
  for (const kind of ['plain', 'floor'] as const) {
    const context = await browser.newContext(PHONE_CONTEXT);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await emulateMobile(cdp, true);
    let url = `${cdnOrigin}/plain.html`;
    if (kind === 'floor') {
      const t = await fetch(`${sandbox.origin}/sandbox/app-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'listener@example.org' }),
      });
      url = `${cdnOrigin}/floor.html#/login?_t=${((await t.json()) as { data: { token: string } }).data.token}&type=survey`;
    }
    await tab.goto(url);
    await tab.waitForFunction('window.__usable', null, { timeout: 10000 });
    results[kind]!.push(Math.round((await tab.evaluate('window.__usable')) as number));
    await context.close();
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const [form, least] = [median(results.plain!), median(results.floor!)];
console.log(`plain form usable at ${form} ms (${results.plain!.join(', ')})`);
console.log(`survey at its floor usable at ${least} ms (${results.floor!.join(', ')}): ${(least / form).toFixed(2)}x`);
await browser.close();
await cdn.close();
await sandbox.stop();
