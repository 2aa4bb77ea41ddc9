/**
 * Settings. The build gives the defaults (the API host, the mobile app's deep-link scheme);
 * each element has its own settings from its attributes (`api-base`, `portal`), so two tags on
 * one page never overwrite each other's.
 */
import { BUILD_API_BASE, normaliseBase } from '../boot/boot';

function envString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.length > 0 ? value : fallback;
}

/** The mobile app's deep-link scheme, e.g. 'smapp' for smapp://survey_done. */
export const APP_SCHEME: string = envString(import.meta.env?.VITE_APP_SCHEME, 'smapp');
/** The mission the mobile app's donation link opens (`_d=2`). */
export const APP_DONATION_MISSION_ID = 2;

/** One element's settings. */
export interface Settings {
  /** Base URL of the API host this element calls; '' is the page's own origin. */
  readonly apiBase: string;
  /** Address of the portal page; '' means this page is the portal (hash navigation). */
  readonly portalUrl: string;
}

/**
 * Validates an http(s) base URL given by an embedder (attribute api-base or portal).
 * Returns the normalised URL without a trailing slash, or null with a console message.
 */
export function parseBaseUrl(value: string | undefined | null, attribute: string, pageUrl = globalThis.location?.href): string | null {
  if (value === undefined || value === null || value === '') return null;
  const base = normaliseBase(value, pageUrl);
  if (base === null) console.warn(`[sm] Ignoring ${attribute}="${value}": give an absolute http(s) URL such as https://portal.example.org.`);
  return base;
}

/** An element's settings from its `api-base` and `portal` attributes (a bad value warns and the default is used). */
export function settingsFrom({ apiBase, portal }: { apiBase?: string | undefined; portal?: string | undefined }): Settings {
  return { apiBase: parseBaseUrl(apiBase, 'api-base') ?? BUILD_API_BASE, portalUrl: parseBaseUrl(portal, 'portal') ?? '' };
}
