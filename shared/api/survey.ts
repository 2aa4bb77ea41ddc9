/**
 * Contracts of the Survey calls (spec section 7). Both send the token type and access token.
 */
import * as z from 'zod/mini';
import { contract } from './client';

/** Survey question (spec section 3); fields beyond these are not shown. */
export const SurveyQuestion = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  question: z.string(),
  option: z.array(z.object({ value: z.string() })),
  answers: z.optional(z.nullable(z.array(z.object({ option: z.string(), value: z.string() })))),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

/** Survey submission item (spec section 3). */
export const SurveyAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  feedback: z.array(z.object({ option: z.string(), value: z.string() })),
});
export type SurveyAnswer = z.infer<typeof SurveyAnswer>;

export const surveyQuestions = contract({
  method: 'GET',
  path: '/survey-question',
  auth: true,
  request: z.object({}),
  response: z.array(SurveyQuestion),
  errorCode: null,
});

export const submitSurvey = contract({
  method: 'POST',
  path: '/api/v6/home/submit-survey',
  auth: true,
  request: z.object({ data: z.array(SurveyAnswer) }),
  response: z.unknown(),
  errorCode: null,
});

export const subscribeNewsletter = contract({
  method: 'POST',
  path: '/subscribe-newsletter',
  auth: false,
  request: z.object({ email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)) }),
  response: z.unknown(),
  errorCode: null,
});
