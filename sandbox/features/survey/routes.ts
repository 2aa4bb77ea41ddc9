// The survey: the questions for the signed-in person, and submitting answers.
import { z } from 'zod';
import * as surveyApi from '../../../shared/api/survey.js';
import { answer, contractBody, ok, unwrap, type RequestContext, type Route } from '../../core/http.js';
import { requireSession } from '../../core/session.js';
import { checkAnswers, FREE_TEXT_MAX, questionsFor, saveAnswers, SURVEY_MESSAGES } from './survey.js';

const TEXT_MAX = FREE_TEXT_MAX * 4; // generous here; the free-text limit is checked after trimming

const SubmitBody = contractBody(surveyApi.submitSurvey, {
  data: z
    .array(
      z.object({
        id: z.number().int({ error: 'must be a whole number' }),
        feedback: z
          .array(
            z.object({
              option: z.string().max(TEXT_MAX),
              value: z.string().max(TEXT_MAX).nullish(),
            }),
          )
          .max(50),
      }),
    )
    .max(50),
});

function questions(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  return answer(surveyApi.surveyQuestions, 'Survey questions.', questionsFor(ctx.app.db, user.id));
}

async function submit(ctx: RequestContext) {
  const { user } = requireSession(ctx);
  const { data } = await ctx.body(SubmitBody);
  const first = saveAnswers(ctx.app.db, user.id, unwrap(checkAnswers(data)), ctx.app.now());
  return ok(first ? SURVEY_MESSAGES.thanks : SURVEY_MESSAGES.updated);
}

export const surveyRoutes: Route[] = [
  { method: 'GET', path: '/survey-question', handler: questions },
  { method: 'POST', path: '/api/v6/home/submit-survey', handler: submit },
];
