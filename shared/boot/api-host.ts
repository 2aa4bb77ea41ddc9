/**
 * An API host's or portal's address as the code keys and calls it: an absolute http(s) URL (a relative one is read
 * against the page) without a trailing slash; null for anything else.
 */
export function normaliseBase(
  value: string | null | undefined,
  pageUrl: string | undefined = globalThis.location?.href,
): string | null {
  try {
    const url = new URL(value!, pageUrl);
    return value && /^https?:$/.test(url.protocol) ? url.href.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/** The build's API host (VITE_API_BASE); '' is the page's own origin. */
export const BUILD_API_BASE: string = normaliseBase(import.meta.env?.VITE_API_BASE as string | undefined) ?? '';

/** A tag's API host: its `api-base` when that is a good address, else the build's. */
export function apiBaseOf(attribute: string | null | undefined): string {
  return normaliseBase(attribute) ?? BUILD_API_BASE;
}
