/**
 * Registers <sm-subscribe>. Registration only: the views are subscribe.tsx, the state the *.model.ts files.
 *
 * @summary Premium membership: monthly pay-what-you-can or one-time for some months; change the amount, manage, cancel.
 * @attr view - subscribe (default) | checkout | success | change | change-success | manage | update-payment | direct-subscribe
 * @attr api-base - Base URL of the API host (default: this page's origin).
 * @attr portal - Address of the portal, when the element is embedded on another page.
 * @attr theme - light | dark (default: follows prefers-color-scheme).
 * @event sm-payment-completed - A membership payment was confirmed. detail: { kind: 'subscription', sessionId }
 * @event sm-amount-changed - The monthly amount was changed. detail: { amount }
 * @event sm-membership-canceled - The monthly membership was canceled. detail: { endDate }
 * @event sm-close - The Manage Membership dialog (view="manage") was closed.
 * @csspart card - The widget's card.
 * @csspart slider - The price slider.
 * @csspart dialog - A dialog.
 * @csspart overlay - The 'please wait...' overlay.
 * @cssproperty --sm-color-primary - Buttons, the slider, the chosen option.
 */
import { defineWidget } from '../../shared/ui/define';
import { Subscribe, type SubscribeProps } from './subscribe';

defineWidget<SubscribeProps>('sm-subscribe', Subscribe, { view: 'string', apiBase: 'string', portal: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'sm-subscribe': HTMLElement & { view?: string; apiBase?: string; portal?: string };
  }
}
