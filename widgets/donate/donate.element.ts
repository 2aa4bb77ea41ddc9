/**
 * Registers <sm-donate>. Registration only: the view is donate.tsx, the state donate.model.ts.
 *
 * @summary Give to the nonprofit's missions, once or monthly; lists the ongoing missions.
 * @attr view - donate (default) | missions | success
 * @attr mission - The mission id to give to (e.g. mission="2"); inside the portal the _d query is used.
 * @attr list - For view="missions": home (up to 3) | all (default) | public
 * @attr api-base - Base URL of the API host (default: this page's origin).
 * @attr portal - Address of the portal, for pages other than the portal (sign-in and return pages live there).
 * @attr theme - light | dark (default: follows prefers-color-scheme).
 * @event sm-donation-completed - A gift was confirmed in the person's donation history. detail: { sessionId, amount }
 * @csspart card - The widget's card.
 * @csspart slider - The amount slider.
 * @csspart dialog - A dialog.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, the slider, the chosen frequency.
 */
import { defineWidget } from '../../shared/ui/define';
import { Donate, type DonateProps } from './donate';

defineWidget<DonateProps>('sm-donate', Donate, { view: 'string', mission: 'string', list: 'string', apiBase: 'string', portal: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'sm-donate': HTMLElement & { view?: string; mission?: string; list?: string; apiBase?: string; portal?: string };
  }
}
