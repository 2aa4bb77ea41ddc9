/**
 * Registers <sm-topup>. Registration only: the view is topup.tsx, the state topup.model.ts.
 * The loader (widgets/loader.ts) imports this same module when a <sm-topup> is connected.
 *
 * @summary Top up pay-as-you-go credit for yourself or as a gift (1 credit = $0.10).
 * @attr view - topup (default: the two steps) | checkout (hand-off to the hosted checkout) | success (confirms the payment); another value warns and shows topup
 * @attr api-base - Base URL of the API host (default: this page's origin). Not an http(s) URL: warns and uses the default.
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark; left out, follows prefers-color-scheme (another value warns in the console and does the same).
 * @attr language - en (the only language so far; another value warns in the console and shows English).
 * @event sm-payment-completed - A top-up was confirmed. detail: { kind: 'credit', sessionId }
 * @event sm-signed-out - (on document) The page's session signed out: logged out, expired, or signed out in another tab. detail: { reason: 'logout' | 'expired' | 'other-tab' }
 * @csspart card - The widget's card.
 * @csspart button - Every button (also button-primary, button-secondary, button-link).
 * @csspart input - Every text input and select (selects also carry select).
 * @csspart field - A labelled field; label - its label.
 * @csspart notice - An inline message (also notice-info, notice-error or notice-success by tone).
 * @csspart dialog - A dialog.
 * @csspart dialog-backdrop - The dimmed backdrop behind a dialog.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, links, the chosen option.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Topup, type TopupProps } from './topup';

defineWidget<TopupProps>('sm-topup', Topup, tags['sm-topup']);

export { Topup };

declare global {
  interface HTMLElementTagNameMap {
    'sm-topup': HTMLElement & { view?: string; apiBase?: string; portal?: string };
  }
}
