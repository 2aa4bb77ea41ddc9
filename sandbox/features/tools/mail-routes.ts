// The sandbox mailbox: every email the sandbox sent (in production, a real mail provider).
import { escapeHtml, linkify, page } from '../../core/html.js';
import { html, json, type RequestContext, type Route } from '../../core/http.js';
import { listMail } from '../../core/mail.js';

function recipient(ctx: RequestContext): string | undefined {
  return ctx.url.searchParams.get('to')?.trim() || undefined;
}

function mailPage(ctx: RequestContext) {
  const to = recipient(ctx);
  const mails = listMail(ctx.app.db, to);
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <div class="meta">To <a href="/sandbox/mail?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${escapeHtml(m.sent_at)}">${escapeHtml(m.sent_at)}</time></div>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  const heading = to ? `Mail to ${escapeHtml(to)} <small>(<a href="/sandbox/mail">all</a>)</small>` : 'Sandbox mailbox';
  return html(
    page('Sandbox mailbox', `<h1>${heading}</h1>
<p>Every email the sandbox has sent, newest first. As JSON: <a href="/sandbox/mail.json${to ? `?to=${encodeURIComponent(to)}` : ''}">mail.json</a>. <a href="/sandbox">Sandbox home</a></p>
${items || '<p>No mail yet.</p>'}`),
  );
}

export const mailRoutes: Route[] = [
  { method: 'GET', path: '/sandbox/mail', handler: mailPage },
  { method: 'GET', path: '/sandbox/mail.json', handler: (ctx) => json(listMail(ctx.app.db, recipient(ctx))) },
];
