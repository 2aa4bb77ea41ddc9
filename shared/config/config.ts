/**
 * Page-wide settings every widget reads: where the API host is, where the portal lives,
 * and the mobile app's deep-link scheme. One instance per page (kept on globalThis so a
 * second copy of the widget script shares it).
 */
import { signal, type Signal } from '@preact/signals-core';

export interface Config {
  /** Base URL of the API host; '' means the page's own origin (the sandbox locally). */
  readonly apiBase: Signal<string>;
  /** Address of the portal page; '' means this page is the portal (hash navigation). */
  readonly portalUrl: Signal<string>;
  /** The mobile app's deep-link scheme, e.g. 'smapp' for smapp://survey_done. */
  readonly appScheme: Signal<string>;
}

const KEY = Symbol.for('sm.config');
type Holder = { [KEY]?: Config };

function envString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.length > 0 ? value : fallback;
}

function createConfig(): Config {
  return {
    apiBase: signal(envString(import.meta.env?.VITE_API_BASE, '')),
    portalUrl: signal(''),
    appScheme: signal(envString(import.meta.env?.VITE_APP_SCHEME, 'smapp')),
  };
}

export const config: Config = ((globalThis as Holder)[KEY] ??= createConfig());

/**
 * Validates an http(s) base URL given by an embedder (attribute api-base or portal).
 * Returns the normalised URL without a trailing slash, or null with a console message.
 */
export function parseBaseUrl(value: string | undefined | null, attribute: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    const url = new URL(value, globalThis.location?.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
    return url.href.replace(/\/+$/, '');
  } catch {
    console.warn(`[sm] Ignoring ${attribute}="${value}": give an absolute http(s) URL such as https://portal.example.org.`);
    return null;
  }
}

/**
 * Applies a widget's `api-base` and `portal` attributes to the page's settings (each validated;
 * a bad value warns and is ignored). Every widget calls this, so the rule lives in one place.
 */
export function applyEmbedAttributes({ apiBase, portal }: { apiBase?: string | undefined; portal?: string | undefined }): void {
  const api = parseBaseUrl(apiBase, 'api-base');
  if (api !== null && config.apiBase.peek() !== api) config.apiBase.value = api;
  const portalUrl = parseBaseUrl(portal, 'portal');
  if (portalUrl !== null && config.portalUrl.peek() !== portalUrl) config.portalUrl.value = portalUrl;
}
