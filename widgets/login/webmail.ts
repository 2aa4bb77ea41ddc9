/**
 * The large free mail services, for a link that opens the inbox (their app on a phone). Others get
 * no link: `mailto:` would start a new email, not open the inbox.
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
