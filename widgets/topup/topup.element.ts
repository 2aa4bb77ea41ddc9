/**
 * Registers <sm-topup>. Registration only: the view is topup.tsx, the state topup.model.ts.
 *
 * @summary Top up pay-as-you-go credit for yourself or as a gift (1 credit = $0.10).
 * @attr view - topup (default: the two steps) | checkout (hand-off to the hosted checkout) | success (confirms the payment)
 * @attr api-base - Base URL of the API host (default: this page's origin).
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark (default: follows prefers-color-scheme).
 * @event sm-payment-completed - A top-up was confirmed. detail: { kind: 'credit', sessionId }
 * @csspart card - The widget's card.
 * @csspart dialog - A dialog (unfinished transaction, cancel, Happy Sabbath!).
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, links, the chosen option.
 */
import { defineWidget } from '../../shared/ui/define';
import { Topup, type TopupProps } from './topup';

defineWidget<TopupProps>('sm-topup', Topup, { view: 'string', apiBase: 'string', portal: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'sm-topup': HTMLElement & { view?: string; apiBase?: string; portal?: string };
  }
}
