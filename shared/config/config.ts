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

/** One element's settings. */
export interface Settings {
  /** Base URL of the API host this element calls; '' is the page's own origin. */
  readonly apiBase: string;
  /** Address of the portal page; '' means this page is the portal (hash navigation). */
  readonly portalUrl: string;
  /** A checkout started here returns to the portal's pages (else to this page, where the tag shows its outcome). */
  readonly returnsToPortal: boolean;
}

/**
 * An element's settings from its `api-base`, `portal` and `return-to` attributes, which shared/ui/define.ts has already
 * checked (a bad value warned there and arrives as undefined): normalised as the boot protocol keys them, else the
 * defaults. A tag without `return-to` returns to the portal when it names one.
 */
export function settingsFrom({
  apiBase,
  portal,
  returnTo,
}: {
  apiBase?: string | undefined;
  portal?: string | undefined;
  returnTo?: 'page' | 'portal' | undefined;
}): Settings {
  const portalUrl = normaliseBase(portal) ?? '';
  return {
    apiBase: normaliseBase(apiBase) ?? BUILD_API_BASE,
    portalUrl,
    returnsToPortal: !!portalUrl && returnTo !== 'page',
  };
}
