/**
 * At build time (tools/prerender.tsx): the survey's first question as its view renders it, with
 * marks where the data goes (survey.draw.ts MARK), for survey.draw.ts to fill in before the code
 * comes. It is the view's own markup (Question in survey.tsx, rendered by react-dom/server), so
 * what is drawn is what React hydrates.
 */
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createApiClient } from '../../shared/api/client';
import type { SurveyQuestion } from '../../shared/api/survey';
import type { ModelDeps } from '../../shared/deps/deps';
import { translate, type Language } from '../../shared/i18n/catalogue';
import { LanguageContext, WidgetRoot } from '../../shared/ui/WidgetRoot';
import { MARK } from './survey.draw';
import { createSurveyModel } from './survey.model';
import { Question } from './survey';

/** One question with one answer, each field its mark. */
const MARKED = { id: 0, title: MARK.title, question: MARK.question, option: [{ value: MARK.value }] };

/** The first question's <form>, in `language`, as the view renders it once its model starts from these questions. */
export function renderQuestion(language: Language, questions: readonly SurveyQuestion[]): string {
  // A model that starts from them as it starts from questions drawn (its other dependencies are not used).
  const api = createApiClient({ base: '', authorization: () => null, onUnauthorized: () => {} });
  const model = createSurveyModel({ api } as ModelDeps);
  model.startFrom({ data: questions });
  const html = renderToString(
    createElement(
      LanguageContext.Provider,
      { value: language },
      createElement(WidgetRoot, null, createElement(Question, { model })),
    ),
  );
  const form = /<form[\s\S]*<\/form>/.exec(html)?.[0];
  if (!form) throw new Error(`The survey's question did not render: ${html}`);
  return form;
}

/** The first question's markup in `language`: a <form> whose texts hold the marks. */
export default function questionTemplate(language: Language): string {
  const form = renderQuestion(language, [MARKED]);
  // Its progress says "1 of 1" (one marked question): it is to say the survey's length. (As React writes text.)
  const progress = (total: string | number) =>
    renderToStaticMarkup(translate(language, 'survey.progress', { n: 1, total }));
  if (!form.includes(progress(1)))
    throw new Error(`The survey's progress did not render as survey.template.tsx expects: ${form}`);
  return form.replace(progress(1), progress(MARK.total));
}
