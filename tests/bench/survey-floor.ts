/**
 * The survey's app link at its floor: a page with one inline script that exchanges the app's token, asks for the
 * questions with the new sign-in and draws one checkbox, and nothing else, beside the bench's plain form, measured as
 * the bench measures every page (browser.ts measureLoad: the same mobile conditions and the same "usable"), 9 loads
 * each. What no portal page can beat: the two requests one after the other after the page (docs/bench.md, "The
 * survey's app link misses its target").
 *
 *   npx tsx tests/bench/survey-floor.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, measureLoad } from './browser';
import { benchPages, type BenchPage } from './pages';
import { freePort, startSandbox, startCdn } from './serve';

const RUNS = 9;
const root = resolve(import.meta.dirname, '../..');
const dist = process.env.SM_OUT_DIR ?? join(root, 'dist');
const cdnPort = await freePort();
const cdnOrigin = `http://127.0.0.1:${cdnPort}`;
const sandbox = await startSandbox(
  root,
  await freePort(),
  mkdtempSync(join(tmpdir(), 'fl-')),
  `${cdnOrigin}/`,
  cdnOrigin,
);

const plain = benchPages(dist, sandbox.origin, `${cdnOrigin}/`).find((p) => p.embed === 'form')!;
const floor: BenchPage = {
  name: 'survey at its floor',
  tag: null,
  what: 'the first answer, once the questions have arrived',
  embed: 'form',
  path: '/bench/survey-floor.html',
  html: `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>floor</title><body><p>Survey</p><div id="q"></div><script>
const t = new URLSearchParams(location.hash.split('?')[1]).get('_t');
fetch('/webclient/auth/mobile-login', { headers: { Authorization: 'Bearer ' + t } }).then(r => r.json()).then(b =>
  fetch('/survey-question', { headers: { Authorization: (b.data.token_type || 'Bearer') + ' ' + b.data.access_token } })).then(r => r.json()).then(q => {
  document.getElementById('q').innerHTML = '<label><input type="checkbox"> ' + (q.data && q.data[0] ? 'first answer' : 'none') + '</label>';
});
</script>`,
  probe: { host: null, control: '#q input', kind: 'field' },
  signedIn: false,
  data: [],
};
const cdn = await startCdn(cdnPort, dist, new Map([plain, floor].map((p) => [p.path, p.html])), sandbox.origin);

/** A fresh one-time token of the app for each load, as the app gives one per webview. */
async function appLinkUrl(): Promise<string> {
  const answer = await fetch(`${sandbox.origin}/sandbox/app-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'listener@example.org' }),
  });
  const { token } = ((await answer.json()) as { data: { token: string } }).data;
  return `${cdnOrigin}${floor.path}#/login?_t=${token}&type=survey`;
}

const browser = await launchChromium();
const usable = { plain: [] as number[], floor: [] as number[] };
for (let round = 0; round < RUNS; round++) {
  usable.plain.push((await measureLoad(browser, cdnOrigin + plain.path, plain, null)).usable);
  usable.floor.push((await measureLoad(browser, await appLinkUrl(), floor, null)).usable);
}
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
const [form, least] = [median(usable.plain), median(usable.floor)];
const all = (xs: number[]) => xs.map(Math.round).join(', ');
console.log(`plain form usable at ${form} ms (${all(usable.plain)})`);
console.log(`survey at its floor usable at ${least} ms (${all(usable.floor)}): ${(least / form).toFixed(2)}x`);
await browser.close();
await cdn.close();
await sandbox.stop();
