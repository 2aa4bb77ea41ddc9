/**
 * <sm-survey>'s first question, drawn the moment the questions arrive, before the tag's code
 * (React, about 67 KiB) has come: on a slow phone that is about half a second sooner.
 *
 * The survey's first view is a skeleton whose answers are data (GET /survey-question, which the
 * loader asks for at once with the person's token: shared/api/early.ts). Its markup also carries the
 * first question as the view renders it, with marks where the data goes (`<template data-sm-draw>`,
 * rendered by survey.template.tsx at build time). The loader imports this module (dist/widgets/
 * sm-survey.draw.js, which imports nothing) for a tag whose markup has that template. When the
 * answer comes, and the tag's code has not, it fills the marks in with the first question as text
 * (never as HTML), puts it in the skeleton's place, and keeps the answer it drew (`drawn`): the
 * model starts from it (survey.model.ts), so React hydrates what the person sees, and a choice made
 * meanwhile is kept by the loader and made again once the code is there (shared/ui/capture.ts).
 *
 * It draws only what the view would: nothing for a failed or malformed answer, an empty survey, or
 * one the person answered whole (the view then says so, once its code comes).
 */
import type { Early } from '../../shared/api/early';

/** Where the data goes in the template: each mark is a private-use character and the field's name. */
export const MARK = { title: '\uE000title', question: '\uE000question', value: '\uE000value', total: '\uE000total' } as const;

interface Question {
  readonly id: unknown;
  readonly title: string;
  readonly question: string;
  readonly option: readonly { readonly value: string }[];
  readonly answers?: readonly unknown[] | null;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The questions of an answer's body, when every one is as the survey's contract says (shared/api/survey.ts); else null. */
export function questionsIn(body: unknown): readonly Question[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  const good = (q: Partial<Question> | null) =>
    !!q &&
    (typeof q.id === 'number' || isText(q.id)) &&
    isText(q.title) &&
    isText(q.question) &&
    Array.isArray(q.option) &&
    q.option.every((o: { value?: unknown } | null) => isText(o?.value)) &&
    (q.answers == null || Array.isArray(q.answers));
  return Array.isArray(data) && data.every(good) ? (data as Question[]) : null;
}

/** Replaces the marks in the text under `node` with `values`, as text. */
function fill(node: Node, values: Record<string, string>): void {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
    text.data = text.data.replace(/\uE000(\w+)/g, (mark: string, name: string) => values[name] ?? mark);
  }
}

/** Draws the first question into `root` once `early` has arrived, if the tag's code has not come by then. */
export default async function draw(root: ShadowRoot, early: Early): Promise<void> {
  // Read once, however many tags named it: each tag is drawn in the same moment, or none.
  const body = await (early.body ??= early.answer.then((response) => (response.ok ? response.clone().json() : null)).catch(() => null));
  const template = root.querySelector<HTMLTemplateElement>('template[data-sm-draw]');
  const skeleton = template?.parentElement;
  const form = template?.content.firstElementChild;
  const questions = questionsIn(body);
  const first = questions?.[0];
  // The code came first (it draws), or there is nothing the view would show as a question.
  if (customElements.get(root.host.localName) || !skeleton || !form || !first || questions.every((q) => q.answers?.length)) return;
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
  early.drawn = body;
}
