/**
 * The Survey calls (both send the person's token) and the newsletter call.
 */
import * as z from 'zod/mini';
import { get, post } from './contract';
import { lazy } from './lazy';

/** A survey question; fields beyond these are not shown. */
export const SurveyQuestion = lazy(() =>
  z.object({
    id: z.union([z.number(), z.string()]),
    title: z.string(),
    question: z.string(),
    option: z.array(z.object({ value: z.string() })),
    answers: z.optional(z.nullable(z.array(z.object({ option: z.string(), value: z.string() })))),
  }),
);
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

/** One answered question as submitted. */
export const SurveyAnswer = lazy(() =>
  z.object({
    id: z.union([z.number(), z.string()]),
    feedback: z.array(z.object({ option: z.string(), value: z.string() })),
  }),
);
export type SurveyAnswer = z.infer<typeof SurveyAnswer>;

export const surveyQuestions = lazy(() => get('/survey-question', z.array(SurveyQuestion)));
export const submitSurvey = lazy(() =>
  post('/api/v6/home/submit-survey', z.object({ data: z.array(SurveyAnswer) }), z.unknown()),
);
export const subscribeNewsletter = lazy(() =>
  post(
    '/subscribe-newsletter',
    z.object({ email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)) }),
    z.unknown(),
    { auth: false },
  ),
);
