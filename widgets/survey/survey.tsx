/**
 * <sm-survey>'s view: one question at a time, then the thank-you view.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactNode } from 'react';
import { trustedText } from '../../shared/boot/trusted-types';
import { Button } from '../../shared/ui/Button';
import { RetryNotice } from '../../shared/ui/Notice';
import { Overlay } from '../../shared/ui/Overlay';
import { Places } from '../../shared/ui/Places';
import { placesStyles } from '../../shared/ui/styles';
import { WidgetRoot, useModel, useT } from '../../shared/ui/WidgetRoot';
import type { HostProps } from '../../shared/ui/define';
import type { TagProps } from '../tags';
import { createSurveyModel, firstCalls, MAX_CHOICES, MAX_TEXT, type SurveyModel } from './survey.model';
import { surveyStyles } from './survey.styles';
import '@messages/survey';

/** Its attributes as the tag table gives them, parsed, and its shadow root. */
export type SurveyProps = TagProps<'sm-survey'> & HostProps;

/**
 * The draw template's HTML when React renders it itself (no prerendered markup): none, through the page's Trusted Types
 * policy; one object, as React rewrites (empties) the template whenever it is given another.
 */
let emptyTemplate: { __html: string } | undefined;
const drawTemplate = () => (emptyTemplate ??= { __html: trustedText('') });

/** The answers' places held while the questions load: as many as a question usually has. */
export const HELD_ANSWERS = 5;

export function Question({ model }: { model: SurveyModel }) {
  const t = useT();
  useSignals();
  // Ids of its own shadow root: the same wherever it renders, so the first question drawn before the code came
  // (survey.draw.ts, from survey.template.tsx) has them too.
  const id = 'sm-survey';
  const q = model.question.value;
  if (!q) return null;
  const total = model.questions.value.length;
  const chosen = model.chosen.value;
  const full = chosen.length >= MAX_CHOICES;
  const last = q.option.length - 1;
  return (
    <form
      className="sm-stack"
      onSubmit={(event) => {
        event.preventDefault();
        model.next();
      }}
    >
      <p className="sm-progress" data-testid="survey-progress">
        {t('survey.progress', { n: model.index.value + 1, total })}
      </p>
      <h1>{q.title}</h1>
      <fieldset className="sm-options" aria-describedby={`${id}-hint`}>
        <legend>{q.question}</legend>
        <p id={`${id}-hint`} className="sm-muted">
          {t('survey.hint')}
        </p>
        {q.option.map((option, index) => {
          const checked = chosen.includes(index);
          return (
            <label key={`${q.id}-${index}`} className="sm-option" data-checked={checked}>
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={() => model.toggle(index)}
              />
              <span>{option.value}</span>
            </label>
          );
        })}
      </fieldset>
      {model.lastChosen.value ? (
        <div className="sm-field">
          <label htmlFor={`${id}-text`}>{t('survey.otherLabel')}</label>
          <textarea
            id={`${id}-text`}
            className="sm-input"
            placeholder={t('survey.placeholder')}
            value={model.freeText.value}
            maxLength={MAX_TEXT}
            onChange={(event) => model.setFreeText(event.currentTarget.value)}
            aria-label={`${t('survey.otherLabel')}: ${q.option[last]?.value ?? ''}`}
          />
        </div>
      ) : null}
      {model.submitError.value ? (
        <RetryNotice retry={t('survey.retry')} onRetry={() => model.retrySubmit()}>
          {model.submitError.value}
        </RetryNotice>
      ) : null}
      <Button type="submit" disabled={!model.canNext.value}>
        {model.loading.value ? t('survey.sending') : t('survey.next')}
      </Button>
    </form>
  );
}

/** Back and Back to Home: they leave the survey the way the close icon does. */
function LeaveLink({ model, children }: { model: SurveyModel; children: ReactNode }) {
  return (
    <a
      href="#/home"
      onClick={(event) => {
        event.preventDefault();
        model.leave();
      }}
    >
      {children}
    </a>
  );
}

function SurveyWidget() {
  const t = useT();
  useSignals();
  // The questions its first view drew before the code came, if it did (survey.draw.ts).
  const model = useModel(createSurveyModel, { drawn: (m, body) => m.startFrom(body) });
  useEffect(() => {
    model.start();
  }, [model]);
  const stage = model.stage.value;
  const loadError = model.loadError.value;
  const loading = model.loading.value;
  return (
    <div className="sm-card" part="card">
      <button type="button" className="sm-close" aria-label={t('survey.close')} onClick={() => model.leave()}>
        ×
      </button>
      {stage === 'done' ? (
        <div className="sm-stack sm-center">
          <h1>{t('survey.doneTitle')}</h1>
          <p>{t('survey.doneText')}</p>
          <LeaveLink model={model}>{t('survey.backHome')}</LeaveLink>
        </div>
      ) : stage === 'already' ? (
        <div className="sm-stack sm-center">
          <h1>{t('survey.doneTitle')}</h1>
          <p>{t('survey.alreadyDone')}</p>
          <Button variant="secondary" onClick={() => model.again()}>
            {t('survey.again')}
          </Button>
          <LeaveLink model={model}>{t('survey.backHome')}</LeaveLink>
        </div>
      ) : model.questions.value.length === 0 ? (
        loading ? (
          <div className="sm-stack" data-sm-early-signed-in={firstCalls()}>
            {/* Where the question's progress line will be. */}
            <p role="status" className="sm-progress">
              {t('survey.loading')}
            </p>
            {/* The question's places, laid out as Question lays it out. */}
            <div className="sm-stack" aria-hidden="true">
              <h1 className="sm-skeleton-line" />
              <fieldset className="sm-options" disabled>
                <legend className="sm-skeleton-line sm-held-question">{'\u00a0'}</legend>
                <p className="sm-muted">{t('survey.hint')}</p>
                <Places count={HELD_ANSWERS} className="sm-option" within="sm-options" />
              </fieldset>
              <span className="sm-button sm-skeleton-line">{'\u00a0'}</span>
            </div>
            {/* The first question, as this view renders it, for the questions to be drawn into before the code comes:
                filled in by the build (tools/prerender.tsx, survey.template.tsx), drawn by survey.draw.ts. */}
            <template data-sm-draw="" suppressHydrationWarning dangerouslySetInnerHTML={drawTemplate()} />
          </div>
        ) : (
          <div className="sm-stack">
            {loadError !== null ? (
              <RetryNotice retry={t('survey.retry')} onRetry={() => model.retry()}>
                {loadError}
              </RetryNotice>
            ) : (
              <p>{t('survey.empty')}</p>
            )}
            <LeaveLink model={model}>{t('survey.back')}</LeaveLink>
          </div>
        )
      ) : (
        <Question model={model} />
      )}
      {loading && model.questions.value.length > 0 ? <Overlay label={t('survey.loading')} /> : null}
    </div>
  );
}

export function Survey(root: SurveyProps) {
  return (
    <WidgetRoot {...root} styles={surveyStyles + placesStyles}>
      <SurveyWidget />
    </WidgetRoot>
  );
}
