/**
 * Registers <sm-survey>. Registration only: the view is survey.tsx, the state survey.model.ts.
 *
 * @summary A short survey, one question at a time, 1 to 3 choices each; ends with a thank-you.
 * @attr api-base - Base URL of the API host (default: this page's origin).
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark (default: follows prefers-color-scheme).
 * @event sm-survey-done - The answers were submitted. detail: { answered }
 * @event sm-app-link - (on document) The close icon or Back asks the app to close the survey: detail { url: 'smapp://survey_done' }; cancelable.
 * @csspart card - The widget's card.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Chosen options, buttons, the progress.
 */
import { defineWidget } from '../../shared/ui/define';
import { Survey, type SurveyProps } from './survey';

defineWidget<SurveyProps>('sm-survey', Survey, { apiBase: 'string', portal: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'sm-survey': HTMLElement & { apiBase?: string; portal?: string };
  }
}
