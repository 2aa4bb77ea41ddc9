/**
 * Registers <sm-survey>. Registration only: the view is survey.tsx, the state survey.model.ts.
 * The loader (widgets/loader.ts) imports this same module when a <sm-survey> is connected.
 *
 * @summary A short survey, one question at a time, 1 to 3 choices each; ends with a thank-you.
 * @attr api-base - Base URL of the API host (default: this page's origin). Not an http(s) URL: warns and uses the default.
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark; left out, follows prefers-color-scheme (another value warns in the console and does the same).
 * @attr language - en (the only language so far; another value warns in the console and shows English).
 * @event sm-survey-done - The answers were submitted. detail: { answered }
 * @event sm-app-link - (on document) The close icon or Back asks the app to close the survey. detail: { url: 'smapp://survey_done' }; cancelable.
 * @event sm-signed-out - (on document) The page's session signed out: logged out, expired, or signed out in another tab. detail: { reason: 'logout' | 'expired' | 'other-tab' }
 * @csspart card - The widget's card.
 * @csspart button - Every button (also button-primary, button-secondary, button-link).
 * @csspart input - Every text input and select (selects also carry select).
 * @csspart field - A labelled field; label - its label.
 * @csspart notice - An inline message (also notice-info, notice-error or notice-success by tone).
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Chosen options, buttons, the progress.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Survey, type SurveyProps } from './survey';

defineWidget<SurveyProps>('sm-survey', Survey, tags['sm-survey']);

export { Survey };

declare global {
  interface HTMLElementTagNameMap {
    'sm-survey': HTMLElement & { apiBase?: string; portal?: string };
  }
}
