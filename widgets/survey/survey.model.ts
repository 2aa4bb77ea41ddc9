/**
 * <sm-survey>: the questions load once and are asked one at a time, 1 to 3 choices each (the
 * last option's free text replaces its value); then the answers are sent. A person who answered
 * before sees that, and may answer again.
 */
import { computed, signal } from '@preact/signals-core';
import { submitSurvey, surveyQuestions, type SurveyAnswer, type SurveyQuestion } from '../../shared/api/survey';
import { addressOf } from '../../shared/api/contract';
import type { ModelDeps } from '../../shared/deps/deps';

export const MAX_CHOICES = 3;
/** The longest free text kept for the last option. */
export const MAX_TEXT = 500;

/** A question's feedback; the last option's value is its free text, if any. */
export function feedbackFor(question: SurveyQuestion, chosen: readonly number[], freeText: string): SurveyAnswer {
  const last = question.option.length - 1;
  const text = freeText.trim();
  return {
    id: question.id,
    feedback: chosen.map((index) => {
      const option = question.option[index]?.value ?? '';
      return { option, value: index === last && text ? text : option };
    }),
  };
}

/** Where a call to the server stands. */
type Call = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string } | { kind: 'done' };

/** The question shown, the answers so far, and this one's choices. */
interface Sheet {
  readonly index: number;
  readonly answers: readonly SurveyAnswer[];
  readonly chosen: readonly number[];
  readonly text: string;
}
const BLANK: Sheet = { index: 0, answers: [], chosen: [], text: '' };

/** The first load's GET, named in the markup (shared/api/early.ts). */
export const firstCalls = (): string => addressOf(surveyQuestions, {});

export function createSurveyModel({ api, session, nav, emit }: Pick<ModelDeps, 'api' | 'session' | 'nav' | 'emit'>) {
  const questions = signal<readonly SurveyQuestion[]>([]);
  // Loading from the first render: the view starts it at once.
  const list = signal<Call>({ kind: 'busy' });
  const sending = signal<Call>({ kind: 'idle' });
  const sheet = signal<Sheet>(BLANK);
  const answeringAgain = signal(false);
  let started = false;

  const question = computed(() => questions.value[sheet.value.index] ?? null);
  const loading = computed(() => list.value.kind === 'busy' || sending.value.kind === 'busy');
  const canNext = computed(
    () => sheet.value.chosen.length >= 1 && sheet.value.chosen.length <= MAX_CHOICES && !loading.value,
  );
  const answeredBefore = computed(
    () => questions.value.length > 0 && questions.value.every((q) => (q.answers?.length ?? 0) > 0),
  );

  async function load() {
    list.value = { kind: 'busy' };
    const result = await api.call(surveyQuestions, {});
    questions.value = result.ok ? result.data : [];
    list.value = result.ok ? { kind: 'done' } : { kind: 'failed', message: result.error.message };
  }

  async function send(answers: readonly SurveyAnswer[]) {
    sending.value = { kind: 'busy' };
    const result = await api.call(submitSurvey, { data: [...answers] });
    sending.value = result.ok ? { kind: 'done' } : { kind: 'failed', message: result.error.message };
    if (result.ok) emit('sm-survey-done', { answered: answers.length });
  }

  return {
    questions: computed(() => questions.value),
    /** The question shown, or null while there is none. */
    question,
    /** Its place in the survey, from 0. */
    index: computed(() => sheet.value.index),
    chosen: computed(() => sheet.value.chosen),
    freeText: computed(() => sheet.value.text),
    /** The last option is chosen, so its free text is asked for. */
    lastChosen: computed(() => !!question.value && sheet.value.chosen.includes(question.value.option.length - 1)),
    loading,
    /** Why the questions could not be loaded, or null. */
    loadError: computed(() => (list.value.kind === 'failed' ? list.value.message : null)),
    /** Why the answers could not be sent, or null. */
    submitError: computed(() => (sending.value.kind === 'failed' ? sending.value.message : null)),
    /** Next (or Submit) is enabled with 1 to 3 choices, when nothing loads. */
    canNext,
    stage: computed<'questions' | 'done' | 'already'>(() =>
      sending.value.kind === 'done' ? 'done' : answeredBefore.value && !answeringAgain.value ? 'already' : 'questions',
    ),

    /** Starts from the answer body survey.draw.ts drew before this code came, as if loaded. */
    startFrom(body: unknown) {
      const drawn = api.read(surveyQuestions, body);
      started = true;
      questions.value = drawn.ok ? drawn.data : [];
      list.value = drawn.ok ? { kind: 'done' } : { kind: 'failed', message: drawn.error.message };
    },
    /** Loads the questions, once. */
    start() {
      if (started) return;
      started = true;
      void load();
    },
    retry() {
      void load();
    },
    /** Chooses or unchooses an option; a choice beyond the third is refused. */
    toggle(option: number) {
      const { chosen } = sheet.value;
      if (chosen.includes(option)) sheet.value = { ...sheet.value, chosen: chosen.filter((i) => i !== option) };
      else if (chosen.length < MAX_CHOICES)
        sheet.value = { ...sheet.value, chosen: [...chosen, option].sort((a, b) => a - b) };
    },
    setFreeText(value: string) {
      sheet.value = { ...sheet.value, text: value.slice(0, MAX_TEXT) };
    },
    /** Keeps this question's answer and shows the next one; after the last, sends every answer. */
    next() {
      const q = question.value;
      const current = sheet.value;
      if (!q || !canNext.value) return;
      const answers = [...current.answers.filter((a) => a.id !== q.id), feedbackFor(q, current.chosen, current.text)];
      const last = current.index + 1 >= questions.value.length;
      sheet.value = { index: last ? current.index : current.index + 1, answers, chosen: [], text: '' };
      if (last) void send(answers);
    },
    retrySubmit() {
      void send(sheet.value.answers);
    },
    /** Answers again, from the first question. */
    again() {
      sheet.value = BLANK;
      answeringAgain.value = true;
    },
    /** Close and Back: the app's survey_done link inside the app, else home. */
    leave() {
      if (session.fromApps.value) nav.openAppLink('survey_done');
      else nav.go('HomePage');
    },
  };
}

export type SurveyModel = ReturnType<typeof createSurveyModel>;
