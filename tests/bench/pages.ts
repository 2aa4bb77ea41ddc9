/**
 * The bench's pages: each tag embedded both ways (its snippet pasted, and the script tag alone),
 * and a plain HTML newsletter form to compare them with. Each page says what a person reaches for
 * first (its control) and, where the bench also acts like a person, what they do and what tells
 * them it is done.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlDocument } from '../../sandbox/core/html';
import { snippetFile } from './sizes';

/** What the in-page probe (probe.js) watches. */
export interface ProbeConfig {
  /** The tag whose shadow root holds the control; null for the plain form (the document). */
  host: string | null;
  /** The first field, or the main button where the first view is buttons, or a link (the portal's dashboard). */
  control: string;
  /** A link is usable once it shows, has its address and nothing covers it: following it needs no script. */
  kind: 'field' | 'button' | 'link';
  /** Whether to record when React handles the control where it is in the document (host null); a tag's always is. */
  hydrates?: boolean;
  /**
   * Where the first control comes before the view's data, the first control that shows that data (a field): when it
   * is usable is printed beside the data's arrival.
   */
  filled?: string;
  /** A pattern the filled element's text must match (where it is text, not a field: a balance's digits). */
  filledText?: string;
  /** What shows when the person's action is done (a selector, and a text it must hold). */
  done?: { selector: string; text?: string };
}

/** What a person does as soon as the control shows: tap it, type (an email), tap a button. */
export interface Act {
  /** Typed into the control after tapping it; `{n}` becomes a number unique to the run. */
  type?: string;
  /** Tapped last (after typing), in the same scope as the control. */
  press?: string;
  /** The request the action sends: its URL's end, and the JSON field that must hold what was typed. */
  sends?: { path: string; field: string };
  /** Said under the table: what "done" means here. */
  describe: string;
}

/** A tag's snippet pasted, its script tag alone, the plain form, or the portal page (members.ts). */
export type Embed = 'snippet' | 'script' | 'form' | 'portal';

export interface BenchPage {
  /** e.g. 'sm-newsletter snippet' */
  name: string;
  tag: string | null;
  /** The control, in words. */
  what: string;
  /** The control that shows the view's data, in words, where it is not the first. */
  filledWhat?: string;
  embed: Embed;
  path: string;
  html: string;
  probe: ProbeConfig;
  signedIn: boolean;
  /**
   * The API paths the tag's first view shows the answers of: those its markup names for the
   * loader to ask for at once (data-sm-early, or data-sm-early-signed-in for a signed-in person).
   */
  data: string[];
  act?: Act;
}

interface TagCase {
  tag: string;
  /** The control, in words. */
  what: string;
  /** Attributes besides api-base and portal. */
  attributes?: string;
  signedIn: boolean;
  control: string;
  kind: 'field' | 'button';
  filled?: string;
  /** The filled control, in words. */
  filledWhat?: string;
  done?: ProbeConfig['done'];
  act?: Act;
}

const NEWSLETTER_THANKS = 'Thank you for subscribing to our newsletter!';

const TAGS: TagCase[] = [
  {
    tag: 'sm-newsletter',
    what: 'the email field',
    signedIn: false,
    control: 'input[type="email"]',
    kind: 'field',
    done: { selector: '[role="status"]', text: NEWSLETTER_THANKS },
    act: {
      type: 'reader{n}@example.org',
      press: 'button[type="submit"]',
      sends: { path: '/subscribe-newsletter', field: 'email' },
      describe: "types an email, taps Subscribe; done when the server's thank-you shows",
    },
  },
  {
    tag: 'sm-login',
    what: 'Continue with Email (a button)',
    signedIn: false,
    control: '[part~="providers"] [part~="button-primary"]',
    kind: 'button',
    done: { selector: 'input[type="email"]' },
    act: { describe: 'taps Continue with Email; done when the email field shows' },
  },
  {
    tag: 'sm-donate',
    what: 'the amount slider, once the mission has arrived',
    attributes: 'mission="2"',
    signedIn: false,
    control: 'input[type="range"]',
    kind: 'field',
  },
  {
    tag: 'sm-topup',
    what: 'the Myself / As a gift choice',
    signedIn: true,
    control: 'input[name="purchasefor"]',
    kind: 'field',
    filled: 'input[name="credit-option"]',
    filledWhat: 'the first credit choice',
    // The model has the gift when its view marks that card chosen (the radio alone is the browser's).
    done: { selector: 'label[data-checked="true"] > input[name="purchasefor"][value="2"]' },
    act: {
      press: 'label:nth-of-type(2) > input[name="purchasefor"]',
      describe: 'taps As a gift; done when the view shows it chosen',
    },
  },
  {
    tag: 'sm-subscribe',
    what: 'the Monthly / One-time choice',
    signedIn: true,
    control: 'input[name="duration"]',
    kind: 'field',
    done: { selector: 'input[name="months"]' },
    act: {
      press: 'label:nth-of-type(2) > input[name="duration"]',
      describe: 'taps One-time; done when the choice of months shows',
    },
  },
  {
    tag: 'sm-history',
    what: 'another tab (a button)',
    signedIn: true,
    control: '[role="tab"][aria-selected="false"]',
    kind: 'button',
    done: { selector: '[role="tab"]:nth-child(2)[aria-selected="true"]' },
    act: { describe: 'taps the Content Purchase tab; done when that tab is the one selected' },
  },
  {
    tag: 'sm-survey',
    what: 'the first answer, once the questions have arrived',
    signedIn: true,
    control: '.sm-option input',
    kind: 'field',
    // The model has the choice when its view marks that answer chosen (the checkbox alone is the browser's).
    done: { selector: 'label.sm-option[data-checked="true"] > input' },
    // The control is the first answer: tapped once (a second tap would take it back).
    act: { describe: 'taps the first answer; done when the view shows it chosen' },
  },
];

/** A plain HTML newsletter form posting with a few lines of script: the yardstick. */
const FORM = (api: string) => `<form id="newsletter" novalidate>
<h2>Join our newsletter</h2>
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="email" required> <button>Subscribe</button>
<p id="message" role="status"></p>
</form>
<script>
document.getElementById('newsletter').addEventListener('submit', async (event) => {
  event.preventDefault();
  const message = document.getElementById('message');
  try {
    const response = await fetch('${api}/subscribe-newsletter', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: event.target.email.value }) });
    message.textContent = (await response.json()).message;
  } catch { message.textContent = 'Please try again.'; }
});
</script>`;

/** A page holding `body`, with the loader file `loader` (beside the tags' code, in widgets/) in its head, or none. */
function pageHtml(title: string, body: string, loader: string | null): string {
  return htmlDocument(
    `bench: ${title}`,
    `${loader ? `<script type="module" src="/widgets/${loader}"></script>\n` : ''}<style>body { font-family: Georgia, serif; margin: 0 auto; max-width: 760px; padding: 16px; }</style>`,
    `<h1>A page with ${title}</h1>\n${body}`,
  );
}

/**
 * Every bench page, served at /bench/<n>.html. The tags call the API at `api` (another origin,
 * as on an embedder's page) and link to the portal at `portal`.
 */
export function benchPages(dist: string, api: string, portal: string): BenchPage[] {
  const pages: Omit<BenchPage, 'path'>[] = [
    {
      name: 'plain form',
      tag: null,
      what: 'the email field',
      embed: 'form',
      html: pageHtml('a plain form', FORM(api), null),
      probe: {
        host: null,
        control: 'form input[type="email"]',
        kind: 'field',
        done: { selector: '#message', text: NEWSLETTER_THANKS },
      },
      signedIn: false,
      data: [],
      act: { ...TAGS[0]!.act!, press: 'form button' },
    },
  ];
  for (const c of TAGS) {
    const attributes = `${c.attributes ? `${c.attributes} ` : ''}api-base="${api}" portal="${portal}"`;
    const snippet = readFileSync(join(dist, snippetFile(c.tag)), 'utf8').replace(
      `<${c.tag}>`,
      `<${c.tag} ${attributes}>`,
    );
    const probe: ProbeConfig = {
      host: c.tag,
      control: c.control,
      kind: c.kind,
      ...(c.filled ? { filled: c.filled } : {}),
      ...(c.done ? { done: c.done } : {}),
    };
    const data = earlyData(snippet, c.signedIn);
    const common = {
      tag: c.tag,
      what: c.what,
      ...(c.filledWhat ? { filledWhat: c.filledWhat } : {}),
      probe,
      signedIn: c.signedIn,
      data,
      ...(c.act ? { act: c.act } : {}),
    };
    pages.push({
      ...common,
      name: `${c.tag} snippet`,
      embed: 'snippet',
      html: pageHtml(`${c.tag} (snippet)`, snippet, 'loader.js'),
    });
    // The script tag alone: the tag's own copy of the loader, with its markup in it (docs/loader.md).
    pages.push({
      ...common,
      name: `${c.tag} script`,
      embed: 'script',
      html: pageHtml(`${c.tag} (script tag)`, `<${c.tag} ${attributes}></${c.tag}>`, `loader-${c.tag}.js`),
    });
  }
  return pages.map((p, i) => ({ ...p, path: `/bench/${i}.html` }));
}

/** The API paths a tag's markup names for the loader to ask for at once (for a signed-in person, or not). */
function earlyData(markup: string, signedIn: boolean): string[] {
  const early = new RegExp(`data-sm-early${signedIn ? '-signed-in' : ''}="([^"]+)"`, 'g');
  // Each attribute lists paths, space-separated, some with a query (matched on the path: browser.ts dataAnswered).
  return [...markup.matchAll(early)].flatMap((m) => m[1]!.split(/\s+/).map((path) => path.split('?')[0]!));
}

/** A tag's first control as its embed pages watch it, for the same tag on a portal route (members.ts). */
export interface TagWatch {
  what: string;
  filledWhat?: string;
  probe: ProbeConfig;
  /** The API paths its first view shows the answers of (those its markup names). */
  data: string[];
}

export function tagWatch(dist: string, tag: string): TagWatch {
  const c = TAGS.find((t) => t.tag === tag);
  if (!c) throw new Error(`The bench watches no control of ${tag}`);
  return {
    what: c.what,
    ...(c.filledWhat ? { filledWhat: c.filledWhat } : {}),
    probe: { host: c.tag, control: c.control, kind: c.kind, ...(c.filled ? { filled: c.filled } : {}) },
    // In the portal the tag asks for what it shows to anyone and what it shows a signed-in person.
    data: [false, true].flatMap((signedIn) =>
      earlyData(readFileSync(join(dist, snippetFile(c.tag)), 'utf8'), signedIn),
    ),
  };
}
