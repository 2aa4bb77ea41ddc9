/**
 * Registers <sm-donate>. Registration only: the view is donate.tsx, the state donate.model.ts.
 * The loader (widgets/loader.ts) imports this same module when a <sm-donate> is connected.
 *
 * @summary Give to the nonprofit's missions, once or monthly; lists the ongoing missions.
 * @attr view - donate (default) | missions | success; another value warns and shows donate
 * @attr mission - The mission id to give to (e.g. mission="2"; a whole number, else a warning); inside the portal the _d query is used.
 * @attr list - home (up to 3) | all (default) | public: which missions view="missions" lists; another value warns and shows all
 * @attr api-base - Base URL of the API host (default: this page's origin). Not an http(s) URL: warns and uses the default.
 * @attr portal - Address of the portal, for pages other than the portal (sign-in and return pages live there).
 * @attr theme - light | dark; left out, follows prefers-color-scheme (another value warns in the console and does the same).
 * @attr language - en (the only language so far; another value warns in the console and shows English).
 * @event sm-donation-completed - A gift was confirmed in the person's donation history. detail: { sessionId, amount }
 * @event sm-signed-out - (on document) The page's session signed out: logged out, expired, or signed out in another tab. detail: { reason: 'logout' | 'expired' | 'other-tab' }
 * @csspart card - The widget's card.
 * @csspart button - Every button (also button-primary, button-secondary, button-link).
 * @csspart input - Every text input and select (selects also carry select).
 * @csspart field - A labelled field; label - its label.
 * @csspart slider - The amount slider.
 * @csspart notice - An inline message (also notice-info, notice-error or notice-success by tone).
 * @csspart dialog - A dialog.
 * @csspart dialog-backdrop - The dimmed backdrop behind a dialog.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, the slider, the chosen frequency.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Donate, type DonateProps } from './donate';

defineWidget<DonateProps>('sm-donate', Donate, tags['sm-donate']);

export { Donate };

declare global {
  interface HTMLElementTagNameMap {
    'sm-donate': HTMLElement & { view?: string; mission?: string; list?: string; apiBase?: string; portal?: string };
  }
}
