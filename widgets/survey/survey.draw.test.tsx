// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRESH_MS, type Early } from '../../shared/boot/boot';
import { bootOf, page, takeBoot } from '../../shared/boot/boot';
import { loadLanguage, translate, type PublicLanguage } from '../../shared/i18n/catalogue';
import { prerender } from '../../tools/prerender';
import { createApiClient } from '../../shared/api/client';
import { surveyQuestions } from '../../shared/api/survey';
import draw, { questionsIn } from './survey.draw';
import { renderQuestion } from './survey.template';

const questions = [
  {
    id: 7,
    title: 'Listening <b>&amp;</b> "you"',
    question: 'When do you listen? \uE000title',
    option: [{ value: 'Morning' }, { value: '<img src=x onerror=alert(1)>' }, { value: 'Other' }],
  },
  { id: 8, title: 'Music', question: 'What would you like more of?', option: [{ value: 'Hymns' }] },
];

/**
 * A tag holding the survey's markup as the build writes it, its code not come. (Not named sm-survey: prerendering
 * imports the survey's element module, which defines sm-survey here.)
 */
const TAG = 'x-survey';
async function prerendered(language: PublicLanguage = 'en'): Promise<ShadowRoot> {
  const element = document.createElement(TAG);
  document.body.append(element);
  const root = element.attachShadow({ mode: 'open' });
  root.innerHTML = await prerender('sm-survey', {}, language);
  // The loader keeps a capture for each tag it stamps (widgets/loader.ts capture).
  bootOf(element).captured = true;
  return root;
}

/** The loader's record of the survey's questions, asked for early (shared/api/early.ts). */
const early = (body: unknown, status = 200, at = Date.now()): Early => ({
  answer: Promise.resolve(new Response(JSON.stringify(body), { status })),
  uses: 1,
  at,
});
/** What the element's model is to start from. */
const drawnFor = (root: ShadowRoot) => page().boots.get(root.host)?.drawn;
/** Draws the record (asked for `auth`) into the root, which must stay as it was. */
async function expectDrawsNothing(root: ShadowRoot, record: Early, auth = ''): Promise<void> {
  const before = root.innerHTML;
  await draw(root, record, auth);
  expect(root.innerHTML).toBe(before);
}

/** The first question as the view renders it once its model has the questions, in the browser's serialisation. */
function rendered(language: PublicLanguage, list: typeof questions): string {
  const holder = document.createElement('div');
  holder.innerHTML = renderQuestion(language, list);
  return holder.innerHTML;
}

describe("the survey's first question, drawn before the code comes", () => {
  afterEach(() => document.body.replaceChildren());

  it('draws an answer exactly when the model reads it as the contract says (the module, which imports nothing, writes the check out)', () => {
    const api = createApiClient({ base: '', authorization: () => null, onUnauthorized: () => {} });
    const [q] = questions;
    const bodies = [
      { data: questions },
      { message: 'ok', data: [{ ...q, id: 'seven', answers: null }] },
      { data: [{ ...q, answers: [{ option: 'Morning', value: 'Morning' }] }] },
      { data: [] },
      { message: null, data: questions },
      { message: 3, data: questions },
      { data: [{ ...q, id: null }] },
      { data: [{ ...q, title: 3 }] },
      { data: [{ ...q, option: [{ value: 1 }] }] },
      { data: [{ ...q, option: 'Morning' }] },
      { data: [{ ...q, answers: ['Morning'] }] },
      { data: [{ ...q, answers: [{ option: 'Morning' }] }] },
      { data: [null] },
      { data: 'questions' },
      {},
      null,
      'questions',
    ];
    for (const body of bodies)
      expect(questionsIn(body) !== null, JSON.stringify(body)).toBe(api.read(surveyQuestions, body).ok);
  });

  it.each(['en', 'es', 'fil', 'zh-Hans'] as const)(
    'in %s is what the view renders, in the skeleton’s place, with the data as text',
    async (language) => {
      await loadLanguage(language);
      const root = await prerendered(language);
      const record = early({ message: '', data: questions });
      await draw(root, record, '');
      const form = root.querySelector('form')!;
      expect(form.outerHTML).toBe(rendered(language, questions));
      // In the skeleton's place: the close icon before it, no skeleton left.
      expect(form.previousElementSibling?.className).toBe('sm-close');
      expect(root.querySelector('[data-sm-early-signed-in], .sm-skeleton-line')).toBeNull();
      // Text, never markup: no element came from the data.
      expect(form.querySelector('img, b')).toBeNull();
      expect([...form.querySelectorAll('label.sm-option')].map((l) => l.textContent)).toEqual(
        questions[0]!.option.map((o) => o.value),
      );
      expect(form.querySelector('h1')!.textContent).toBe(questions[0]!.title);
      expect(form.querySelector('legend')!.textContent).toBe(questions[0]!.question);
      // Its place in the survey, in the language: '1 of 2', '1 de 2', '1/2'.
      expect(form.querySelector('.sm-progress')!.textContent).toBe(
        translate(language, 'survey.progress', { n: 1, total: 2 }),
      );
      expect(form.querySelector('.sm-progress')!.textContent).toBe(
        { en: '1 of 2', es: '1 de 2', fil: '1 sa 2', 'zh-Hans': '1/2' }[language],
      );
      // The element's model starts from what was drawn, and no call of it takes the early answer.
      expect(drawnFor(root)).toEqual({ message: '', data: questions });
      expect(record.uses).toBe(0);
    },
  );

  it.each([
    ['a failed answer', early({ message: 'Unauthorized' }, 401)],
    ['a malformed answer', early({ data: [{ id: 1, title: 'No options' }] })],
    ['an answer whose past answers break the contract', early({ data: [{ ...questions[0], answers: ['Morning'] }] })],
    ['an answer whose message breaks the contract', early({ message: null, data: questions })],
    ['an empty survey', early({ data: [] })],
    [
      'a survey the person answered whole',
      early({ data: questions.map((q) => ({ ...q, answers: [{ option: 'Hymns', value: 'Hymns' }] })) }),
    ],
    ['an answer older than early answers are kept', early({ data: questions }, 200, Date.now() - FRESH_MS - 1)],
  ])('draws nothing for %s: the view says what it is once its code comes', async (_, record) => {
    const root = await prerendered();
    await expectDrawsNothing(root, record);
    expect(drawnFor(root)).toBeUndefined();
  });

  it("draws nothing from a template that lost its marks (a page changed the snippet's text)", async () => {
    const root = await prerendered();
    const template = root.querySelector('template')!;
    template.innerHTML = template.innerHTML.replace(/\uE000/g, '');
    await expectDrawsNothing(root, early({ data: questions }));
  });

  it('draws nothing into a tag the loader keeps no capture for: its model could not start from it', async () => {
    const root = await prerendered();
    page().boots.delete(root.host);
    await expectDrawsNothing(root, early({ data: questions }));
  });

  it("draws before the loader's capture when the portal's first script asks, and the capture the element takes has it", async () => {
    const root = await prerendered();
    page().boots.delete(root.host);
    await draw(root, early({ data: questions }), '', true);
    expect(root.querySelectorAll('.sm-option')).toHaveLength(3);
    // The loader captures the element later, into the same record; the element takes it with what was drawn.
    const record = bootOf(root.host);
    record.captured = true;
    record.fields['#0'] = 'true';
    expect(takeBoot(root.host)).toEqual({
      fields: { '#0': 'true' },
      actions: [],
      captured: true,
      drawn: { data: questions },
    });
    // Once.
    expect(takeBoot(root.host)).toBeNull();
  });

  it('draws each tag that named the answer with the answer read once, and gives each its own model the answer', async () => {
    const [one, two] = [await prerendered(), await prerendered()];
    const response = new Response(JSON.stringify({ data: questions }));
    const read = vi.spyOn(response, 'clone');
    const record: Early = { answer: Promise.resolve(response), uses: 2, at: Date.now() };
    await Promise.all([draw(one, record, ''), draw(two, record, '')]);
    for (const root of [one, two]) expect(drawnFor(root)).toEqual({ data: questions });
    expect(one.querySelector('form')!.outerHTML).toBe(two.querySelector('form')!.outerHTML);
    expect(read).toHaveBeenCalledTimes(1);
    expect(record.uses).toBe(0);
  });

  it('draws nothing from an answer asked for someone else (another person signed in since it was asked)', async () => {
    const root = await prerendered();
    const record: Early = { ...early({ data: questions }), auth: 'Bearer first-person' };
    await expectDrawsNothing(root, record, 'Bearer second-person');
    expect(drawnFor(root)).toBeUndefined();
    expect(record.uses).toBe(1);
    // Asked for this tag's person, it is drawn.
    await draw(root, record, 'Bearer first-person');
    expect(drawnFor(root)).toEqual({ data: questions });
  });

  it('draws nothing once the code has come: React draws it', async () => {
    const root = await prerendered();
    customElements.define(TAG, class extends HTMLElement {});
    await expectDrawsNothing(root, early({ data: questions }));
    expect(drawnFor(root)).toBeUndefined();
  });
});
