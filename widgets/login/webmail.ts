/**
 * The web mail service an address is at, for a link that opens its inbox: on a phone, the service's own app where it
 * is installed (its links open the app), else its web page. Only the large free services, whose inbox addresses are
 * stable; for any other address there is no such link (a `mailto:` link would start a new email, not open the inbox).
 */
const SERVICES: readonly [domains: RegExp, service: string, inbox: string][] = [
  [/^(gmail|googlemail)\.com$/, 'Gmail', 'https://mail.google.com/'],
  [/^(outlook|hotmail|live|msn)\.[a-z]{2,3}(\.[a-z]{2})?$/, 'Outlook', 'https://outlook.live.com/mail/'],
  [/^(yahoo|ymail)\.[a-z]{2,3}(\.[a-z]{2})?$/, 'Yahoo Mail', 'https://mail.yahoo.com/'],
  [/^(icloud|me|mac)\.com$/, 'iCloud Mail', 'https://www.icloud.com/mail'],
  [/^(proton\.me|protonmail\.com|pm\.me)$/, 'Proton Mail', 'https://mail.proton.me/'],
];

/** The service an address is at, and its inbox's address; null for any other. */
export function webmailOf(email: string): { service: string; inbox: string } | null {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const found = SERVICES.find(([domains]) => domains.test(domain));
  return found ? { service: found[1], inbox: found[2] } : null;
}
