/**
 * The loader (dist/widgets/loader.js): one script tag makes every sm-* tag on a page usable
 * before React arrives, and fetches a widget's code only when it is wanted.
 *
 * For each sm-* element on the page (and each added later) it:
 * 1. stamps the tag's prerendered markup in its language into an element that came without it,
 *    except a view for visitors who are not signed in (`data-sm-signed-out`) into a signed-in
 *    person's tag;
 * 2. captures what the person does before the code arrives (fields, choices, presses; also those
 *    made before it ran), shows a `data-sm-action` button's `data-sm-busy` text, and keeps
 *    `data-sm-requires="<field>"` buttons disabled while that field is empty; the model takes it
 *    all when its code arrives (shared/ui/capture.ts);
 * 3. asks early for the data its first view names (shared/api/early.ts), and imports the tag's
 *    draw module where the view draws that data before its code comes (survey.draw.ts);
 * 4. imports the tag's files (see FILES) when the person reaches for the tag, when it is or comes
 *    into view, or when the page is idle, whichever is first.
 *
 * It holds no React, no r2wc, no signals, no zod, and works in small tasks so a slow phone stays
 * responsive. How it works: docs/loader.md; its place in a page's boot: docs/boot.md.
 */
// The boot protocol, shared with the code after React. The build gives this file its own copy (vite.config.ts
// bootCopies), so the loader fetches nothing but itself.
import {
  apiBaseOf,
  appLinkSignedIn,
  askEarly,
  bootOf,
  elementLanguage,
  isApiPath,
  page,
  PSEUDO,
  storedAuthorization,
  type Capture,
  type Early,
} from '../shared/boot/boot';
import { trustedMarkup } from '../shared/boot/trusted-types';
/**
 * What the build knows (tools/loader-build.ts; docs/loader.md "What the build tells the loader"): `FILES`, the files
 * each tag's entry imports (names in ../assets/ without '.js'), fetched all at once; `WRITTEN`, each markup file's hash
 * (shared/boot/trusted-types.ts markupHash); `MARKUP`, markup files this copy holds already (loader-<tag>.js holds its
 * tag's English one). In development all are empty, and the tag's source module is imported instead.
 */
import { FILES, MARKUP, WRITTEN as written } from 'virtual:sm-build';

const here = import.meta.url;
const sources = import.meta.env.DEV ? import.meta.glob('./*/*.element.ts') : {};
const draws = import.meta.env.DEV
  ? import.meta.glob<{ default: (root: ShadowRoot, early: Early, auth: string) => void }>('./*/*.draw.ts')
  : {};
/** Every tag, as a selector ('sm-donate,sm-history,…'). */
const TAGS = String(
  import.meta.env.DEV ? Object.keys(sources).map((path) => `sm-${path.split('/')[1]}`) : Object.keys(FILES),
);
/** Each markup file, asked for by its name. */
const markup: Record<string, Promise<string> | string> = MARKUP;
const started = new WeakSet<Element>();
/** Each tag's import, once asked for. */
const imported: Record<string, Promise<unknown>> = {};
/** The page's load event. */
const loaded = new Promise((done) => (document.readyState === 'complete' ? done(0) : addEventListener('load', done)));
/** The imports under way: an import for an idle page waits for them, so it never slows a tag being shown. */
let busy: Promise<unknown> = Promise.resolve();
/** When the page has loaded, the imports under way then have arrived, and the page is idle (at once where the browser cannot say). */
const idle = (fn: () => void) =>
  void loaded.then(() => busy).then(() => (globalThis.requestIdleCallback ?? setTimeout)(fn, { timeout: 3000 }));

function importTag(tag: string): Promise<unknown> {
  if (import.meta.env.DEV) return sources[`./${tag.slice(3)}/${tag.slice(3)}.element.ts`]!();
  // Each file in a task of its own: adding them all at once makes one long task on a slow phone.
  for (const file of FILES[tag]!)
    setTimeout(link, 0, { rel: 'modulepreload', href: new URL(`../assets/${file}.js`, here).href });
  // (A URL is a module specifier as its text is.)
  return import(/* @vite-ignore */ new URL(`${tag}.js`, here) as never);
}

/**
 * Imports a tag's code once, and adds it to the imports under way. Where it fails, the next reach for the tag asks
 * again; what was captured waits for it.
 */
function load(tag: string): void {
  imported[tag] ??= busy = Promise.all([
    busy,
    importTag(tag).catch((error: unknown) => {
      // Said a second later: a page being left cancels its imports, and by then is gone, so it does not report those.
      setTimeout(console.error, 1000, `[${tag}]`, error);
      delete imported[tag];
    }),
  ]);
}

/** The language of a tag's markup file: '' for English (and the development-only pseudo-locale, which has none). */
function languageOf(element: Element): string {
  const language = elementLanguage(element);
  return language === 'en' || language === PSEUDO ? '' : language;
}

/** A tag's markup file in a language, relative to this file. */
const fileOf = (tag: string, language: string) => `markup/${tag}${language ? `.${language}` : ''}.html`;

/** A markup file's text ('' when it does not come: the request failed, or its body was cut off as the page was left). */
function markupOf(file: string): Promise<string> | string {
  return (markup[file] ??= fetch(new URL(file, here))
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => ''));
}

/** A control's key in a capture: a text field's name, else its place among the shadow root's controls ('#3'). */
function keyOf(root: ShadowRoot, control: Element): string {
  const { name, type } = control as HTMLInputElement;
  return name && type !== 'radio' && type !== 'checkbox'
    ? name
    : `#${[...root.querySelectorAll('button,input,select,textarea')].indexOf(control)}`;
}

/** Records a field's text, a checkbox's state or a radio group's choice ('@<group>' -> the chosen radio's key). */
function note(root: ShadowRoot, record: Capture, field: HTMLInputElement): void {
  if (field.type === 'radio') record.fields[`@${field.name}`] = keyOf(root, field);
  else record.fields[keyOf(root, field)] = field.type === 'checkbox' ? String(field.checked) : field.value;
  follow(root, record);
}

/** Buttons that wait for a field: disabled while it is empty. */
function follow(root: ShadowRoot, capture: Capture): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-sm-requires]:not([data-sm-pressed])'))
    button.disabled = !capture.fields[button.dataset.smRequires!]?.trim();
}

/** Records an action (a named one once, another press unless it repeats the last), and shows its busy text. */
function act(capture: Capture, action: string, button: HTMLElement | null): void {
  if (button ? capture.actions.includes(action) : capture.actions.at(-1) === action) return;
  capture.actions.push(action);
  // Only a button whose action the model takes at once shows it is busy; others are pressed again later.
  if (button?.dataset.smBusy) {
    button.dataset.smPressed = '';
    button.textContent = button.dataset.smBusy;
    (button as HTMLButtonElement).disabled = true;
  }
}

function capture(element: Element, root: ShadowRoot): void {
  // (Never one another copy of the loader captures already: start() leaves those, and stamps only a bare element.)
  const record = bootOf(element);
  record.captured = true;
  const open = () => page().boots.get(element) === record;
  root.addEventListener('input', (event) => {
    if (open()) note(root, record, event.target as HTMLInputElement);
  });
  /** A press of a button: its form's action, else its own, else its place; none while it is disabled. */
  const press = (button: HTMLButtonElement | null | undefined, action = button?.dataset.smAction) => {
    if (open() && button && !button.disabled) act(record, action ?? keyOf(root, button), action ? button : null);
  };
  root.addEventListener('submit', (event) => {
    if (!open()) return;
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    press(form.querySelector<HTMLButtonElement>('[type=submit]'), form.dataset.smAction);
  });
  // What was typed or chosen before the loader ran is in the fields already.
  for (const field of root.querySelectorAll<HTMLInputElement>('input,select,textarea')) {
    if (
      field.type === 'radio' || field.type === 'checkbox'
        ? field.checked !== field.defaultChecked
        : field.value !== field.defaultValue
    )
      note(root, record, field);
  }
  const PRESSABLE = '[data-sm-action]:not(form,[type=submit]),button:not([type=submit])';
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(PRESSABLE);
    // A named action is the model's to do: the button's own default (a link followed) waits for it.
    if (open() && button?.dataset.smAction) event.preventDefault();
    press(button);
  });
  // A tap or click made before the loader ran left the focus on its button (a keyboard's focus shows, and presses nothing).
  if (!root.activeElement?.matches(':focus-visible')) press(root.activeElement?.closest<HTMLButtonElement>(PRESSABLE));
  follow(root, record);
}

/** Adds a <link> to the page's head (a module preloaded, the API host's connection opened). */
function link(attributes: Partial<HTMLLinkElement>): void {
  document.head.append(Object.assign(document.createElement('link'), attributes));
}

/**
 * Asks now for the GETs a first view names (`data-sm-early`, or `data-sm-early-signed-in` with the person's token), so
 * the data comes while the code does; the API client takes them (shared/api/early.ts).
 */
function askFirstView(tag: string, root: ShadowRoot, base: string, auth: string): void {
  const name = `data-sm-early${auth && '-signed-in'}`;
  const view = root.querySelector(`[${name}]`);
  for (const path of view?.getAttribute(name)?.split(' ') ?? []) {
    if (!isApiPath(path)) continue;
    // Keyed by the address as the client writes it.
    const early = askEarly(base + path, auth);
    early.uses++;
    // A view that draws the answer before its code comes: its tag's draw module (<tag>.draw.js) does.
    if (view!.querySelector('[data-sm-draw]')) {
      const draw = import.meta.env.DEV
        ? (draws[`./${tag.slice(3)}/${tag.slice(3)}.draw.ts`]?.() ??
          Promise.reject(new Error(`${tag} has no draw module`)))
        : (import(/* @vite-ignore */ new URL(`${tag}.draw.js`, here) as never) as ReturnType<(typeof draws)[string]>);
      draw.then(
        (m) => m.default(root, early, auth),
        () => {},
      );
    }
  }
}

/** Whether an element is laid out within the viewport's height now (one scrolled sideways counts, a hidden one not). */
function inView(element: Element): boolean {
  const box = element.getClientRects()[0];
  return !!box && box.bottom >= 0 && box.top <= innerHeight;
}

async function start(element: Element): Promise<void> {
  // Another copy of the loader on the page found it already with its markup, or stamped it: that copy does the rest.
  if (started.has(element) || page().boots.get(element)?.captured) return;
  started.add(element);
  const tag = element.localName;
  let root = customElements.get(tag) ? null : element.shadowRoot;
  // A pasted snippet captures at once; a tag without markup asks for it before any code, so it never waits behind code.
  if (root) capture(element, root);
  const file = root || customElements.get(tag) ? '' : fileOf(tag, languageOf(element));
  const html = file && markupOf(file);
  const want = () => load(tag);
  // (load() does its work once: the listeners, and the observer below, may stay.)
  for (const type of ['focusin', 'pointerdown', 'keydown']) element.addEventListener(type, want);
  // In view already: fetched at once (an observer says so only after the first frames), after every tag found with
  // this one has asked for its markup.
  if (inView(element)) queueMicrotask(want);
  // The rest in a task of its own, so a slow phone is never held long.
  await new Promise((next) => setTimeout(next));
  new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want()).observe(element);
  idle(want);
  // The tag's API host, as its code will call it (and key its session); its connection is opened early, for the
  // uncredentialed calls the widgets make (a bad address is ignored).
  const base = apiBaseOf(element.getAttribute('api-base'));
  if (base) link({ rel: 'preconnect', href: base, crossOrigin: '' });
  // A link from the mobile app being signed in on this page (host/route.ts): its data is asked with the new sign-in.
  await appLinkSignedIn();
  const auth = storedAuthorization(base);
  if (html) {
    const text = await html;
    // The markup's first comment says which elements it fits, as a selector (tools/prerender.tsx renderedWith): any
    // other waits for its code, as does a signed-in person's tag whose view is for visitors (data-sm-signed-out).
    const [comment, fits = '*'] = /^<!--(.*?)-->/.exec(text) ?? [''];
    // Only byte for byte as the build wrote it, as the page's Trusted Types policy passes it (trusted-types.ts).
    const trusted = await trustedMarkup(text.slice(comment.length), written);
    if (
      trusted !== null &&
      !element.shadowRoot &&
      !customElements.get(tag) &&
      element.matches(fits) &&
      !(auth && text.includes('data-sm-signed-out'))
    ) {
      (root = element.attachShadow({ mode: 'open' })).innerHTML = trusted;
      capture(element, root);
    }
  }
  if (root && !customElements.get(tag)) askFirstView(tag, root, base, auth);
}

function scan(root: ParentNode): void {
  for (const element of root.querySelectorAll(TAGS)) void start(element);
}

scan(document);
new MutationObserver(() => scan(document)).observe(document.documentElement, { childList: true, subtree: true });
