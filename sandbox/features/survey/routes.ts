// The survey (spec section 7, Survey): the questions for the signed-in person, and submitting answers.
import { z } from 'zod';
import { ok, type RequestContext, type Route } from '../../core/http.js';
import { checkAnswers, FREE_TEXT_MAX, questionsFor, saveAnswers, SURVEY_MESSAGES } from './survey.js';
import { requireSession } from '../../core/users.js';

const TEXT_MAX = FREE_TEXT_MAX * 4; // generous here; the free-text limit is checked after trimming

const SubmitBody = z.object({
  data: z
    .array(
      z.object({
        id: z.number().int({ error: 'must be a whole number' }),
        feedback: z.array(
          z.object({
            option: z.string().max(TEXT_MAX),
            value: z.string().max(TEXT_MAX).nullish(),
          }),
        ).max(50),
      }),
    )
    .max(50),
});

function questions(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return ok('Survey questions.', questionsFor(ctx.app.db, user.id));
}

async function submit(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const { data } = await ctx.body(SubmitBody);
  const answers = checkAnswers(data);
  const first = saveAnswers(ctx.app.db, user.id, answers, ctx.app.now());
  return ok(first ? SURVEY_MESSAGES.thanks : SURVEY_MESSAGES.updated);
}

export const surveyRoutes: Route[] = [
  { method: 'GET', path: '/survey-question', handler: questions },
  { method: 'POST', path: '/api/v6/home/submit-survey', handler: submit },
];
