/**
 * At build time (tools/prerender.tsx): the survey's first question as its view renders it, with
 * marks where the data goes (survey.draw.ts MARK), for survey.draw.ts to fill in before the code
 * comes. It is the view's own markup (Question in survey.tsx, rendered by react-dom/server), so
 * what is drawn is what React hydrates.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ModelDeps } from '../../shared/deps/deps';
import { translate, type Language } from '../../shared/i18n/catalogue';
import { LanguageContext, WidgetRoot } from '../../shared/ui/WidgetRoot';
import { MARK } from './survey.draw';
import { createSurveyModel } from './survey.model';
import { Question } from './survey';

/** One question with one answer, each field its mark. */
const MARKED = { id: 0, title: MARK.title, question: MARK.question, option: [{ value: MARK.value }] };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The first question's markup in `language`: a <form> whose texts hold the marks. */
export default function questionTemplate(language: Language): string {
  // A model that starts from the marked question, as it starts from one drawn (its other dependencies are not used).
  const api = { read: () => ({ ok: true, data: [MARKED], message: '' }) } as unknown as ModelDeps['api'];
  const model = createSurveyModel({ api } as ModelDeps);
  model.startFrom({ data: [MARKED] });
  const html = renderToString(createElement(LanguageContext.Provider, { value: language }, createElement(WidgetRoot, null, createElement(Question, { model }))));
  const form = /<form[\s\S]*<\/form>/.exec(html)?.[0];
  // Its progress says "1 of 1" (one marked question): it is to say the survey's length.
  const progress = (total: string | number) => escape(translate(language, 'survey.progress', { n: 1, total }));
  if (!form?.includes(progress(1))) throw new Error(`The survey's question did not render as survey.template.tsx expects: ${html}`);
  return form.replace(progress(1), progress(MARK.total));
}
