import { describe, expect, it } from 'vitest';
import { surveyQuestionList, surveySubmission } from '../../shared/api/testing';
import { fail, fakeDeps, ok, settle, type Handler } from '../../shared/deps/testing';
import { MAX_TEXT, createSurveyModel, feedbackFor } from './survey.model';

const questions = surveyQuestionList();
const LIST = 'GET /survey-question';
const SUBMIT = 'POST /api/v6/home/submit-survey';

function setup(
  routes: Record<string, Handler> = { [LIST]: ok(questions), [SUBMIT]: ok(null) },
  options: { fromApps?: boolean } = {},
) {
  const deps = fakeDeps({ signedIn: true, routes, ...options });
  return { deps, model: createSurveyModel(deps) };
}

async function started(...args: Parameters<typeof setup>) {
  const made = setup(...args);
  made.model.start();
  await settle();
  return made;
}

const submissions = (deps: ReturnType<typeof fakeDeps>) =>
  deps.requests.filter((r) => r.path === '/api/v6/home/submit-survey').map((r) => r.body);

describe('survey model', () => {
  it('starts from the questions its first view drew before the code came (survey.draw.ts), and does not ask again', async () => {
    const { deps, model } = setup();
    model.startFrom({ message: '', data: questions });
    // As loaded, before React's first render: what it hydrates is what the person sees.
    expect(model.loading.value).toBe(false);
    expect(model.question.value?.title).toBe('Listening');
    model.start();
    await settle();
    expect(deps.requests).toEqual([]);
    model.toggle(0);
    model.next();
    expect(model.question.value?.title).toBe('Music');
  });

  it('starting from a drawn answer that breaks the contract says the list could not load, as a failed call does', () => {
    const { model } = setup();
    model.startFrom({ data: [{ id: 1, title: 'No options' }] });
    expect(model.loading.value).toBe(false);
    expect(model.questions.value).toEqual([]);
    expect(model.loadError.value).not.toBeNull();
  });

  it('loads the questions once however often it is started, and shows the first', async () => {
    let release: () => void = () => {};
    const { deps, model } = setup({ [LIST]: () => new Promise((resolve) => (release = () => resolve(ok(questions)))) });
    expect(model.loading.value).toBe(true);
    model.start();
    model.start();
    await settle();
    expect(model.loading.value).toBe(true);
    release();
    await settle();
    model.start();
    await settle();
    expect(deps.requests.map((r) => `${r.method} ${r.path}`)).toEqual([LIST]);
    expect(deps.requests[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(model.loading.value).toBe(false);
    expect(model.stage.value).toBe('questions');
    expect(model.question.value?.question).toBe('When do you listen?');
    expect(model.index.value).toBe(0);
    expect(model.questions.value).toHaveLength(2);
  });

  it("shows an empty list with the server's message when the list fails, and loading ends; a retry loads again", async () => {
    const { deps, model } = await started({ [LIST]: fail(500, 'Internal error') });
    expect(model.questions.value).toEqual([]);
    expect(model.question.value).toBeNull();
    expect(model.loadError.value).toBe('Internal error');
    expect(model.loading.value).toBe(false);
    deps.on(LIST, ok(questions));
    model.retry();
    await settle();
    expect(model.loadError.value).toBeNull();
    expect(model.question.value?.id).toBe(1);
  });

  it('an empty survey has no question and no error', async () => {
    const { model } = await started({ [LIST]: ok([]) });
    expect(model.question.value).toBeNull();
    expect(model.loadError.value).toBeNull();
    expect(model.loading.value).toBe(false);
    expect(model.stage.value).toBe('questions');
  });

  it('Next is enabled only with 1 to 3 choices; a fourth choice is refused', async () => {
    const { model } = await started();
    expect(model.canNext.value).toBe(false);
    model.next();
    expect(model.index.value).toBe(0);
    model.toggle(2);
    expect(model.canNext.value).toBe(true);
    model.toggle(0);
    model.toggle(1);
    model.toggle(3);
    expect(model.chosen.value).toEqual([0, 1, 2]);
    expect(model.canNext.value).toBe(true);
    model.toggle(1);
    expect(model.chosen.value).toEqual([0, 2]);
    model.toggle(0);
    model.toggle(2);
    expect(model.canNext.value).toBe(false);
  });

  it('asks for free text only when the last option is chosen, up to 500 characters', async () => {
    const { model } = await started();
    model.toggle(0);
    expect(model.lastChosen.value).toBe(false);
    model.toggle(3);
    expect(model.lastChosen.value).toBe(true);
    model.setFreeText('x'.repeat(MAX_TEXT + 20));
    expect(model.freeText.value).toHaveLength(500);
  });

  it('the free text replaces the value of the last option only when it is not empty', () => {
    const [, music] = questions;
    expect(feedbackFor(music!, [0, 2], '  Choral anthems ')).toEqual({
      id: 2,
      feedback: [
        { option: 'Hymns', value: 'Hymns' },
        { option: 'Other', value: 'Choral anthems' },
      ],
    });
    expect(feedbackFor(music!, [2], '   ')).toEqual({ id: 2, feedback: [{ option: 'Other', value: 'Other' }] });
    expect(feedbackFor(music!, [0], 'ignored')).toEqual({ id: 2, feedback: [{ option: 'Hymns', value: 'Hymns' }] });
  });

  it('keeps each answer, shows the next question, and after the last sends them all and thanks', async () => {
    const { deps, model } = await started();
    model.toggle(0);
    model.toggle(1);
    model.toggle(2);
    model.next();
    expect(model.index.value).toBe(1);
    expect(model.question.value?.question).toBe('What would you like more of?');
    expect(model.chosen.value).toEqual([]);
    expect(model.freeText.value).toBe('');
    expect(submissions(deps)).toEqual([]);
    model.toggle(2);
    model.setFreeText('Choral anthems');
    model.next();
    expect(model.loading.value).toBe(true);
    expect(model.canNext.value).toBe(false);
    await settle();
    expect(submissions(deps)).toEqual([surveySubmission('Choral anthems')]);
    expect(model.stage.value).toBe('done');
    expect(model.loading.value).toBe(false);
    expect(deps.events).toEqual([{ type: 'sm-survey-done', detail: { answered: 2 } }]);
  });

  it("shows the server's message when the answers cannot be sent, and sends the same answers again on retry", async () => {
    const { deps, model } = await started({ [LIST]: ok([questions[0]]), [SUBMIT]: fail(500, 'Internal error') });
    model.toggle(3);
    model.setFreeText('After the sermon');
    model.next();
    await settle();
    expect(model.submitError.value).toBe('Internal error');
    expect(model.stage.value).toBe('questions');
    expect(deps.events).toEqual([]);
    deps.on(SUBMIT, ok(null));
    model.retrySubmit();
    await settle();
    const [first, second] = submissions(deps);
    expect(second).toEqual(first);
    expect(first).toEqual({ data: [{ id: 1, feedback: [{ option: 'Night', value: 'After the sermon' }] }] });
    expect(model.submitError.value).toBeNull();
    expect(model.stage.value).toBe('done');
    expect(deps.events).toEqual([{ type: 'sm-survey-done', detail: { answered: 1 } }]);
  });

  it('says so when every question was answered before, and can be answered again from the first', async () => {
    const answered = questions.map((q) => ({
      ...q,
      answers: [{ option: q.option[0]!.value, value: q.option[0]!.value }],
    }));
    const { model } = await started({ [LIST]: ok(answered) });
    expect(model.stage.value).toBe('already');
    model.again();
    expect(model.stage.value).toBe('questions');
    expect(model.index.value).toBe(0);
    expect(model.chosen.value).toEqual([]);
  });

  it('a survey answered only in part is asked again', async () => {
    const { model } = await started({
      [LIST]: ok([{ ...questions[0], answers: [{ option: 'Noon', value: 'Noon' }] }, questions[1]]),
    });
    expect(model.stage.value).toBe('questions');
  });

  it('the close icon and Back leave through the app link survey_done inside the app', async () => {
    const { deps, model } = await started(undefined, { fromApps: true });
    model.leave();
    expect(deps.appLinks).toEqual([{ action: 'survey_done', query: undefined }]);
    expect(deps.visits).toEqual([]);
  });

  it('the close icon and Back go to the home page outside the app', async () => {
    const { deps, model } = await started();
    model.leave();
    expect(deps.visits).toEqual([{ name: 'HomePage', query: undefined, replace: false }]);
    expect(deps.appLinks).toEqual([]);
  });
});
