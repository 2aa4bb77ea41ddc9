/** Settings: the build's defaults, and each element's own from its attributes. */
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
  /** A checkout started here returns to the portal (else to this page). */
  readonly returnsToPortal: boolean;
}

/** An element's settings from its checked attributes; without `return-to`, it returns to the portal it names. */
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
