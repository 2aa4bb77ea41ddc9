/**
 * The state and actions of <sm-survey> (spec section 4, Survey): one question at a time, 1 to 3
 * choices, the last option's free text replacing its value, the submission after the last.
 * Loading sequence: loading on, call, store the list (empty if no data) and status, loading off.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { call } from '../../shared/api/client';
import * as api from '../../shared/api/survey';
import type { SurveyAnswer, SurveyQuestion } from '../../shared/api/survey';
import { emit } from '../../shared/events/events';
import { navigate, openAppLink } from '../../shared/routing/navigate';
import { session } from '../../shared/session/session';

export const MAX_CHOICES = 3;

/** The feedback for a question: chosen options; the last option's value is its non-empty free text. */
export function feedbackFor(question: SurveyQuestion, chosen: readonly number[], freeText: string): SurveyAnswer {
  const last = question.option.length - 1;
  return {
    id: question.id,
    feedback: chosen.map((index) => {
      const option = question.option[index]?.value ?? '';
      const text = freeText.trim();
      return { option, value: index === last && text ? text : option };
    }),
  };
}

export function createSurveyModel(options: { host?: () => EventTarget | null } = {}) {
  const loading = signal(false);
  const status = signal<{ status: number; message: string; errorCode: string | null }>({ status: 200, message: '', errorCode: null });
  const questions = signal<readonly SurveyQuestion[]>([]);
  const index = signal(0);
  const chosen = signal<readonly number[]>([]);
  const freeText = signal('');
  const answers = signal<readonly SurveyAnswer[]>([]);
  const stage = signal<'questions' | 'done' | 'already'>('questions');
  const submitError = signal<string | null>(null);

  const question = computed(() => questions.value[index.value] ?? null);
  const lastChosen = computed(() => {
    const q = question.value;
    return !!q && chosen.value.includes(q.option.length - 1);
  });
  const canNext = computed(() => chosen.value.length >= 1 && chosen.value.length <= MAX_CHOICES && !loading.value);

  async function load() {
    batch(() => {
      loading.value = true;
      submitError.value = null;
    });
    const result = await call(api.surveyQuestions, {});
    batch(() => {
      if (result.ok) {
        questions.value = result.data ?? [];
        status.value = { status: 200, message: '', errorCode: null };
        if (result.data.length > 0 && result.data.every((q) => q.answers && q.answers.length > 0)) stage.value = 'already';
      } else {
        // A failed list fetch yields an empty list, with the error shown (spec section 7).
        questions.value = [];
        status.value = { status: result.error.status, message: result.error.message, errorCode: null };
      }
      loading.value = false;
    });
  }

  async function submit(all: readonly SurveyAnswer[]) {
    batch(() => {
      loading.value = true;
      submitError.value = null;
    });
    const result = await call(api.submitSurvey, { data: [...all] });
    batch(() => {
      loading.value = false;
      if (result.ok) {
        status.value = { status: 200, message: '', errorCode: null };
        stage.value = 'done';
      } else {
        status.value = { status: result.error.status, message: result.error.message, errorCode: null };
        submitError.value = result.error.message;
      }
    });
    if (result.ok) emit(options.host?.() ?? null, 'sm-survey-done', { answered: all.length });
  }

  return {
    loading: loading as ReadonlySignal<boolean>,
    status: status as ReadonlySignal<{ status: number; message: string; errorCode: string | null }>,
    questions: questions as ReadonlySignal<readonly SurveyQuestion[]>,
    index: index as ReadonlySignal<number>,
    question,
    chosen: chosen as ReadonlySignal<readonly number[]>,
    freeText: freeText as ReadonlySignal<string>,
    lastChosen,
    canNext,
    stage: stage as ReadonlySignal<'questions' | 'done' | 'already'>,
    submitError: submitError as ReadonlySignal<string | null>,
    start() {
      void load();
    },
    retry() {
      void load();
    },
    /** Toggles an option; a fourth choice is refused (max 3). */
    toggle(option: number) {
      const current = chosen.value;
      if (current.includes(option)) chosen.value = current.filter((i) => i !== option);
      else if (current.length < MAX_CHOICES) chosen.value = [...current, option].sort((a, b) => a - b);
    },
    setFreeText(value: string) {
      freeText.value = value.slice(0, 500);
    },
    next() {
      const q = question.value;
      if (!q || !canNext.value) return;
      const all = [...answers.value.filter((a) => a.id !== q.id), feedbackFor(q, chosen.value, freeText.value)];
      batch(() => {
        answers.value = all;
        chosen.value = [];
        freeText.value = '';
      });
      if (index.value + 1 < questions.value.length) index.value = index.value + 1;
      else void submit(all);
    },
    retrySubmit() {
      void submit(answers.value);
    },
    again() {
      batch(() => {
        stage.value = 'questions';
        index.value = 0;
        answers.value = [];
        chosen.value = [];
      });
    },
    /** The close icon and the Back link go to the app's survey_done deep link (home outside the app). */
    leave() {
      if (session.fromApps.value) openAppLink('survey_done');
      else navigate('HomePage');
    },
  };
}

export type SurveyModel = ReturnType<typeof createSurveyModel>;
