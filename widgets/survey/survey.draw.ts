/**
 * <sm-survey>'s first question, drawn the moment the questions arrive, before the tag's code has
 * come (how, and when the loader imports this module: docs/loader.md). It fills the template's
 * marks (`<template data-sm-draw>`, survey.template.tsx) as text, never HTML, and keeps the answer
 * it drew in the element's capture (shared/ui/capture.ts `drawn`), which the model starts from
 * (survey.model.ts startFrom), so React hydrates what the person sees.
 *
 * It draws only what the view would: nothing for a failed or malformed answer, an empty survey, or
 * one answered whole; nothing from an answer older than FRESH_MS, nor into a tag the loader keeps
 * no capture for (its model could not start from it).
 */
// The boot protocol alone, copied in by the build (vite.config.ts bootCopies): anything more would bring shared chunks.
import { bodyOf, bootOf, FRESH_MS, page, type Early } from '../../shared/boot/boot';

/** Where the data goes in the template: each mark is a private-use character and the field's name. */
export const MARK = {
  title: '\uE000title',
  question: '\uE000question',
  value: '\uE000value',
  total: '\uE000total',
} as const;

interface Question {
  readonly id: unknown;
  readonly title: string;
  readonly question: string;
  readonly option: readonly { readonly value: string }[];
  readonly answers?: readonly unknown[] | null;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The questions of an answer's body if it meets the contract the model reads it by (shared/api/survey.ts), else null. */
export function questionsIn(body: unknown): readonly Question[] | null {
  const { data, message } = (body ?? {}) as { data?: unknown; message?: unknown };
  const pair = (a: { option?: unknown; value?: unknown } | null) => isText(a?.option) && isText(a?.value);
  const good = (q: Partial<Question> | null) =>
    !!q &&
    (typeof q.id === 'number' || isText(q.id)) &&
    isText(q.title) &&
    isText(q.question) &&
    Array.isArray(q.option) &&
    q.option.every((o: { value?: unknown } | null) => isText(o?.value)) &&
    (q.answers == null || (Array.isArray(q.answers) && q.answers.every(pair)));
  return (message === undefined || isText(message)) && Array.isArray(data) && data.every(good)
    ? (data as Question[])
    : null;
}

/** Replaces the marks in the text under `node` with `values`, as text. */
function fill(node: Node, values: Record<string, string>): void {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
    text.data = text.data.replace(/\uE000(\w+)/g, (mark: string, name: string) => values[name] ?? mark);
  }
}

/**
 * Draws the first question into `root` once `early` (asked with `auth`) has arrived, if the tag's code has not. Never
 * throws: where it cannot draw, the view does when its code comes.
 *
 * The loader calls it for a tag it has captured; host/route.ts calls it `beforeCapture` for its route's tag, which the
 * loader will capture later (what was drawn waits in the element's record).
 */
export default async function draw(root: ShadowRoot, early: Early, auth: string, beforeCapture = false): Promise<void> {
  try {
    // Only an answer asked for the person signed in for this tag (the loader may find one asked for someone before).
    if ((early.auth ?? '') === auth) await drawInto(root, early, beforeCapture);
  } catch (error) {
    console.warn('[sm-survey] The first question could not be drawn before the code came.', error);
  }
}

async function drawInto(root: ShadowRoot, early: Early, beforeCapture: boolean): Promise<void> {
  // Read once, however many tags named it.
  const body = await bodyOf(early);
  const template = root.querySelector<HTMLTemplateElement>('template[data-sm-draw]');
  const skeleton = template?.parentElement;
  const form = template?.content.firstElementChild;
  const questions = questionsIn(body);
  const first = questions?.[0];
  const captured = !!page().boots.get(root.host)?.captured;
  // The code came first (it draws), or there is nothing the view would show as a question.
  if (customElements.get(root.host.localName) || !(captured || beforeCapture) || Date.now() - early.at > FRESH_MS)
    return;
  if (!skeleton || !form || !first || questions.every((q) => q.answers?.length)) return;
  // A template without its marks (a page that changed the snippet's text) would show them as words: left to React.
  if (!Object.values(MARK).every((mark) => form.textContent!.includes(mark))) return;
  const drawn = form.cloneNode(true) as Element;
  // The question first, then a copy of the answer's row for each answer: no text from the data is filled twice.
  fill(drawn, { title: first.title, question: first.question, total: String(questions.length) });
  const row = drawn.querySelector('.sm-option');
  if (!row) return;
  for (const option of first.option) {
    const copy = row.cloneNode(true);
    fill(copy, { value: option.value });
    row.before(copy);
  }
  row.remove();
  skeleton.replaceWith(drawn);
  bootOf(root.host).drawn = body;
  // This tag has it: no call of its model will take it (shared/api/early.ts takeEarly).
  early.uses--;
}
