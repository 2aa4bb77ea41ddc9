// HTML for the sandbox's own pages: escaping and a shared page layout (no scripts: the CSP forbids inline ones).

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Escapes text and makes links of the given addresses where they appear in it, and of nothing else: an address a
 * person typed into the text (a name, a message) stays plain text.
 */
export function linkify(text: string, links: readonly string[]): string {
  const known = [...new Set(links)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (known.length === 0) return escapeHtml(text);
  const re = new RegExp(known.map((link) => link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(re)) {
    out += escapeHtml(text.slice(last, m.index));
    const url = escapeHtml(m[0]);
    out += `<a href="${url}">${url}</a>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** A whole HTML document: `title` is HTML already (escape text first), `head` goes after the title. */
export function htmlDocument(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${title}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

export function page(title: string, body: string): string {
  return htmlDocument(
    escapeHtml(title),
    `<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
  h1 { font-size: 1.5rem; }
  article { border: 1px solid #ccc; border-radius: 6px; padding: 0.75rem 1rem; margin: 1rem 0; }
  article h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
  .meta { color: #555; font-size: 0.9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0.5rem 0 0; }
  code { background: #f2f2f2; padding: 0 0.25rem; border-radius: 3px; }
  a { color: #0645ad; }
</style>`,
    body,
  );
}
