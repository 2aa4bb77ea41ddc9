// The outbox: emails the sandbox "sends" are stored and shown at /sandbox/mail.
import type { Db } from './db.js';

/** What sending needs: the outbox, the time, and the portal the links in a message point at. */
export interface MailContext {
  db: Db;
  now: Date;
  /** e.g. http://localhost:8080/ */
  portalUrl: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

/**
 * Stores an email. `links` are the addresses the sandbox itself put into the text (the mailbox makes links of those
 * only); anything else in the text, such as a name a person typed, stays plain text.
 */
export function sendMail(
  { db, now }: MailContext,
  mail: { to: string; subject: string; text: string; links: readonly string[] },
): void {
  db.prepare('INSERT INTO mail (to_addr, subject, text, links, sent_at) VALUES (?, ?, ?, ?, ?)').run(
    mail.to,
    mail.subject,
    mail.text,
    JSON.stringify(mail.links),
    now.toISOString(),
  );
}

/** Newest first; optionally only those sent to one address (case-insensitive). */
export function listMail(db: Db, to?: string): Mail[] {
  const rows = (
    to
      ? db.prepare('SELECT * FROM mail WHERE to_addr = ? ORDER BY id DESC').all(to.trim().toLowerCase())
      : db.prepare('SELECT * FROM mail ORDER BY id DESC').all()
  ) as { to_addr: string; subject: string; text: string; links: string; sent_at: string }[];
  return rows.map((r) => ({
    to: r.to_addr,
    subject: r.subject,
    text: r.text,
    links: JSON.parse(r.links) as string[],
    sent_at: r.sent_at,
  }));
}

/** `${portalUrl}#/path` with any fragment of portalUrl dropped. */
export function portalLink({ portalUrl }: Pick<MailContext, 'portalUrl'>, hashPath: string): string {
  return `${portalUrl.replace(/#.*$/, '')}#${hashPath}`;
}
