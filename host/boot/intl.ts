/**
 * Loads Intl's data for the page's language before the first views format with it (a locale's first format is a long
 * task, mostly loading its data): a worker makes the same formats, and the data it loads is shared by the page's
 * threads. Where no worker can start (a CSP or Trusted Types policy without ours), the main thread makes them once the
 * page is parsed and drawn, in tasks of its own. Boot: docs/boot.md.
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
