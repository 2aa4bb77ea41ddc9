/**
 * Intl's data for the page's language, loaded before the first views format money and dates with it (on a phone, the
 * first format of a locale takes a long task of its own, most of it loading the locale's data). A worker makes the
 * same formats: the data it loads is the browser's, kept for every thread of the page, so the main thread's own first
 * formats then find it loaded (figures: docs/bench.md). Where no worker can start (a CSP or Trusted Types policy
 * without ours), the main thread loads it, once the page is parsed and drawn, in tasks of its own.
 */
import { INTL_WORKER_FILE, INTL_WORKER_POLICY, intlLocales } from '../../shared/boot/boot';

type Policy = { createScriptURL(url: string): string };

export function loadIntl(language: string): void {
  try {
    const types = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: Policy): Policy } }).trustedTypes;
    // The policy passes the worker's address and nothing else.
    const policy = types?.createPolicy(INTL_WORKER_POLICY, {
      createScriptURL: (url) => {
        if (url === INTL_WORKER_FILE) return url;
        throw new TypeError(`${INTL_WORKER_POLICY} refused ${url}`);
      },
    });
    const worker = new Worker(policy ? policy.createScriptURL(INTL_WORKER_FILE) : INTL_WORKER_FILE);
    worker.onerror = () => loadHere(language);
    worker.postMessage(intlLocales(language));
  } catch {
    loadHere(language);
  }
}

function loadHere(language: string): void {
  const [locale] = intlLocales(language);
  const load = () =>
    requestAnimationFrame(() => {
      setTimeout(() => new Intl.NumberFormat(locale).format(0));
      setTimeout(() => new Intl.DateTimeFormat(locale).format(0));
    });
  if (document.readyState === 'loading') document.addEventListener('readystatechange', load, { once: true });
  else load();
}
