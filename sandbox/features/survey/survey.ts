// The survey: the current survey's questions, checking a submission, storing answers per person.
import type { Db } from '../../core/db.js';
import { invalid, success, type Result } from '../../core/result.js';

export interface SurveyOption {
  value: string;
  /** the free-text option: the person types the value (the last option of every question, as the portal shows it) */
  free?: true;
}

export interface SurveyQuestion {
  id: number;
  title: string;
  question: string;
  option: readonly SurveyOption[];
}

export interface Feedback {
  option: string;
  value: string;
}

export interface SurveyAnswer {
  id: number;
  feedback: Feedback[];
}

/** Choices a question allows (the portal's 'Select a max of 3 choices only'). */
export const MAX_CHOICES = 3;
export const FREE_TEXT_MAX = 500;

export const CURRENT_SURVEY = {
  id: 'listeners-2026',
  questions: [
    {
      id: 1,
      title: 'Listening',
      question: 'When do you usually listen to sacred music?',
      option: [
        { value: 'During personal prayer or devotion' },
        { value: 'At church or choir practice' },
        { value: 'While working or studying' },
        { value: 'While commuting or travelling' },
        { value: 'Other', free: true },
      ],
    },
    {
      id: 2,
      title: 'Music',
      question: 'Which kinds of music would you like to hear more of?',
      option: [
        { value: 'Traditional hymns' },
        { value: 'Choral and classical sacred music' },
        { value: 'Contemporary worship' },
        { value: 'Scripture songs for children' },
        { value: 'Instrumental accompaniment' },
        { value: 'Other', free: true },
      ],
    },
    {
      id: 3,
      title: 'Missions',
      question: 'Which missions matter most to you?',
      option: [
        { value: 'Music education' },
        { value: 'Bibles and hymnals' },
        { value: 'Local church support' },
        { value: 'Something else', free: true },
      ],
    },
  ] satisfies SurveyQuestion[],
} as const;

export const SURVEY_MESSAGES = {
  thanks: 'Thank you for your answers.',
  updated: 'Your answers were updated.',
} as const;

type Submission = readonly { id: number; feedback: readonly { option: string; value?: string | null | undefined }[] }[];

/** One chosen option as stored: the free-text option keeps the person's text (trimmed, 1 to 500 characters). */
function checkFeedback(q: SurveyQuestion, f: Submission[number]['feedback'][number], field: string): Result<Feedback> {
  const option = q.option.find((o) => o.value === f.option.trim());
  if (!option) return invalid(`${field}.option: is not an option of question ${q.id}`);
  if (!option.free) return success({ option: option.value, value: option.value });
  const text = (f.value ?? '').trim();
  if (!text) return invalid(`${field}.value: is required for "${option.value}"`);
  if (Array.from(text).length > FREE_TEXT_MAX)
    return invalid(`${field}.value: must be at most ${FREE_TEXT_MAX} characters`);
  return success({ option: option.value, value: text });
}

/** One answer as stored: a question of the survey, answered once, with 1 to 3 different options. */
function checkAnswer(
  item: Submission[number],
  i: number,
  answered: ReadonlyMap<number, SurveyAnswer>,
): Result<SurveyAnswer> {
  const q = (CURRENT_SURVEY.questions as readonly SurveyQuestion[]).find((x) => x.id === item.id);
  if (!q) return invalid(`data.${i}.id: is not a question of this survey`);
  if (answered.has(q.id)) return invalid(`data.${i}.id: question ${q.id} is answered twice`);
  if (item.feedback.length < 1 || item.feedback.length > MAX_CHOICES)
    return invalid(`data.${i}.feedback: choose 1 to ${MAX_CHOICES} options`);
  const feedback: Feedback[] = [];
  for (const [j, f] of item.feedback.entries()) {
    const checked = checkFeedback(q, f, `data.${i}.feedback.${j}`);
    if (!checked.ok) return checked;
    feedback.push(checked.value);
  }
  if (new Set(feedback.map((f) => f.option)).size !== feedback.length)
    return invalid(`data.${i}.feedback: an option is chosen twice`);
  return success({ id: q.id, feedback });
}

/**
 * Checks a submission against the current survey: every question answered exactly once, 1 to 3 choices each, each
 * an option of that question, no option twice; the free-text option's value is trimmed, non-empty, at most 500
 * characters. Other options' values are their own text. Returns the answers as stored, in question order.
 */
export function checkAnswers(items: Submission): Result<SurveyAnswer[]> {
  const byId = new Map<number, SurveyAnswer>();
  for (const [i, item] of items.entries()) {
    const answer = checkAnswer(item, i, byId);
    if (!answer.ok) return answer;
    byId.set(answer.value.id, answer.value);
  }
  const missing = CURRENT_SURVEY.questions.filter((q) => !byId.has(q.id)).map((q) => q.id);
  if (missing.length) return invalid(`data: every question must be answered (missing ${missing.join(', ')})`);
  return success(CURRENT_SURVEY.questions.map((q) => byId.get(q.id)!));
}

/** Stores the person's answers (replacing earlier ones); true when this was the first submission. */
export function saveAnswers(db: Db, userId: number, answers: SurveyAnswer[], now: Date): boolean {
  return db
    .transaction(() => {
      const first = !db
        .prepare('SELECT 1 FROM survey_responses WHERE user_id = ? AND survey_id = ?')
        .get(userId, CURRENT_SURVEY.id);
      db.prepare(
        `INSERT INTO survey_responses (user_id, survey_id, answers, submitted_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, survey_id) DO UPDATE SET answers = excluded.answers, updated_at = excluded.updated_at`,
      ).run(userId, CURRENT_SURVEY.id, JSON.stringify(answers), now.toISOString(), now.toISOString());
      return first;
    })
    .immediate();
}

/** The questions for this person: with their `answers` once they have answered. */
export function questionsFor(db: Db, userId: number) {
  const row = db
    .prepare('SELECT answers FROM survey_responses WHERE user_id = ? AND survey_id = ?')
    .pluck()
    .get(userId, CURRENT_SURVEY.id) as string | undefined;
  const answers = row ? (JSON.parse(row) as SurveyAnswer[]) : null;
  return CURRENT_SURVEY.questions.map((q) => ({
    id: q.id,
    title: q.title,
    question: q.question,
    option: q.option.map((o) => ({ value: o.value })),
    ...(answers ? { answers: answers.find((a) => a.id === q.id)?.feedback ?? [] } : {}),
  }));
}
