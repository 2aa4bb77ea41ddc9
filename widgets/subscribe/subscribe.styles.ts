import { paymentStyles } from '../../shared/payments/PaymentViews';

/**
 * Styles of <sm-subscribe> beyond the shared base, the slider and the payment views. `.sm-over` is a notice that comes
 * after the first view (subscribe.tsx): over the top of the card, so nothing under it moves. (Comments stay out of the
 * CSS text, which ships as written in the tag's code and markup.)
 */
export const subscribeStyles = /* css */ `${paymentStyles}
.sm-months { grid-template-columns: repeat(auto-fit, minmax(min(100%, 8.5rem), 1fr)); }
.sm-info { background: var(--_sm-color-surface-alt); border-radius: 8px; padding: 10px 12px; }
.sm-notes { margin: 0; padding-inline-start: 20px; color: var(--_sm-color-muted); font-size: 0.9rem; }
.sm-manage { display: flex; justify-content: space-between; margin: 0 0 8px; font-size: 1.1rem; }
.sm-manage dd { margin: 0; font-weight: 700; }
.sm-card { position: relative; }
.sm-over { position: absolute; inset-inline: var(--_sm-space); top: var(--_sm-space); z-index: 1; }
.sm-over .sm-notice { margin: 0; box-shadow: 0 2px 10px rgb(0 0 0 / 0.25); }
`;
