/**
 * Registers <sm-subscribe>. Registration only: the views are subscribe.tsx, the state the *.model.ts files.
 * The loader (widgets/loader.ts) imports this same module when a <sm-subscribe> is connected.
 *
 * @summary Premium membership: monthly pay-what-you-can or one-time for some months; change the amount, manage, cancel.
 * @attr view - subscribe (default) | checkout | success | change | change-success | manage | update-payment | direct-subscribe; another value warns and shows subscribe
 * @attr api-base - Base URL of the API host (default: this page's origin). Not an http(s) URL: warns and uses the default.
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark; left out, follows prefers-color-scheme (another value warns in the console and does the same).
 * @attr language - en (the only language so far; another value warns in the console and shows English).
 * @event sm-payment-completed - A membership payment was confirmed. detail: { kind: 'subscription', sessionId }
 * @event sm-amount-changed - The monthly amount was changed. detail: { amount }
 * @event sm-membership-canceled - The monthly membership was canceled. detail: { endDate }
 * @event sm-close - The Manage Membership dialog (view="manage") was closed. detail: {}
 * @event sm-signed-out - (on document) The page's session signed out: logged out, expired, or signed out in another tab. detail: { reason: 'logout' | 'expired' | 'other-tab' }
 * @csspart card - The widget's card.
 * @csspart button - Every button (also button-primary, button-secondary, button-link).
 * @csspart input - Every text input and select (selects also carry select).
 * @csspart field - A labelled field; label - its label.
 * @csspart slider - The price slider.
 * @csspart notice - An inline message (also notice-info, notice-error or notice-success by tone).
 * @csspart dialog - A dialog.
 * @csspart dialog-backdrop - The dimmed backdrop behind a dialog.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, the slider, the chosen option.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Subscribe, type SubscribeProps } from './subscribe';

defineWidget<SubscribeProps>('sm-subscribe', Subscribe, tags['sm-subscribe']);

export { Subscribe };

declare global {
  interface HTMLElementTagNameMap {
    'sm-subscribe': HTMLElement & { view?: string; apiBase?: string; portal?: string };
  }
}
