/**
 * <sm-survey>'s first question, drawn the moment the questions arrive, before the tag's code
 * (React and the survey's view, far larger than this module) has come, so it can be answered sooner.
 *
 * The survey's first view is a skeleton whose answers are data (GET /survey-question, which the
 * loader asks for at once with the person's token: shared/api/early.ts). Its markup also carries the
 * first question as the view renders it, with marks where the data goes (`<template data-sm-draw>`,
 * rendered by survey.template.tsx at build time). The loader imports this module (dist/widgets/
 * sm-survey.draw.js, which imports nothing: tests/bench/budgets.test.ts) for a tag whose markup has that template. When the
 * answer comes, and the tag's code has not, it fills the marks in with the first question as text
 * (never as HTML), puts it in the skeleton's place, and keeps the answer it drew with what the
 * loader captured for that element (shared/ui/capture.ts `drawn`): its model starts from it
 * (survey.model.ts startFrom), so React hydrates what the person sees, and a choice made meanwhile
 * is made again once the code is there.
 *
 * It draws only what the view would: nothing for a failed or malformed answer, an empty survey, or
 * one the person answered whole (the view then says so, once its code comes); nothing from an
 * answer older than the early answers are kept (FRESH_MS), nor into a tag the loader keeps no
 * capture for (its model could not start from it).
 */
// It imports the boot protocol alone, whose copy the build puts in this file (vite.config.ts bootCopies): anything more
// would come with the shared chunks, which are what it is quicker than.
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

/**
 * The questions of an answer's body, when it is as the survey's contract says (shared/api/survey.ts, which the model
 * reads it with: what one accepts, the other does); else null.
 */
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
 * Draws the first question into `root` once `early` has arrived (asked with `auth`, the tag's person's Authorization),
 * if the tag's code has not come by then. It never throws: where it cannot draw, the view draws the question when its
 * code comes, as without it.
 *
 * The loader calls it for a tag it has captured. The portal's first script (host/route.ts) calls it `beforeCapture`,
 * for a tag of the route it shows: the loader will capture it, and what was drawn waits in the element's record.
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
