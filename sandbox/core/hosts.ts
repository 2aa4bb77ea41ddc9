// The host names the sandbox answers to. A page on another name that a DNS server points at 127.0.0.1 (DNS
// rebinding) reaches the sandbox from the browser of the person running it, as a client on this computer: it must
// find nothing there. So every request names one of the sandbox's own hosts in `Host`, or gets 421 and no body.
import { networkInterfaces } from 'node:os';

/** The names of this computer that no DNS answer can take over. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** The host name of `Host` (or of a URL's host), lowercased, without its port; null when it is not one. */
export function hostName(host: string): string | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * The host names to answer: the loopback names, the hosts of the portal's and the sandbox's own addresses, and the
 * extras configured (SANDBOX_ALLOWED_HOSTS: names, `name:port` or URLs, comma-separated).
 */
export function allowedHosts(urls: readonly string[], extras: readonly string[]): Set<string> {
  const names = new Set<string>(LOOPBACK_HOSTS);
  for (const url of urls) {
    try {
      names.add(new URL(url).host.replace(/:\d+$/, '').toLowerCase());
    } catch {
      /* not a URL: nothing to add */
    }
  }
  for (const extra of extras) {
    const value = extra.trim();
    if (!value) continue;
    let name: string | null = null;
    try {
      name = hostName(value.includes('://') ? new URL(value).host : value);
    } catch {
      /* not a URL */
    }
    if (name) names.add(name);
  }
  return names;
}

/** SANDBOX_ALLOWED_HOSTS, split. */
export function parseHosts(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
}

/** This computer's own interface addresses as `Host` names them (IPv6 in brackets): for a sandbox on every interface. */
export function interfaceHosts(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((a) => (a.family === 'IPv6' ? `[${a.address.replace(/%.*$/, '')}]` : a.address));
}

/** Whether a request's `Host` names one of these hosts (any port). */
export function hostAllowed(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = host === undefined ? null : hostName(host);
  return name !== null && allowed.has(name);
}

/** The two ways this computer's loopback address is written in a browser's address bar. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1'];

/**
 * The portal's origin written the other loopback way, same scheme and port (http://localhost:8080/ ->
 * http://127.0.0.1:8080), when the portal is on this computer; else none. A person may open the portal either way, and
 * a payment started there returns there: the sandbox allows both as return (and CORS) origins (serve.ts), and addresses
 * its own pages as the portal was reached (app.ts).
 */
export function loopbackAliases(portalUrl: string): string[] {
  const url = new URL(portalUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [];
  return LOOPBACK_NAMES.filter((name) => name !== url.hostname).map(
    (name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`,
  );
}
