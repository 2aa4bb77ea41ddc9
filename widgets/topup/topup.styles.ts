import { paymentStyles } from '../../shared/payments/PaymentViews';

/** Styles of <sm-topup> beyond the shared base and the payment views'. */
export const topupStyles = /* css */ `${paymentStyles}
.sm-choice-title { font-weight: 700; flex: 1 1 auto; min-width: 0; }
.sm-choice-price { text-align: end; flex: 1 1 auto; min-width: 0; }
/* A long title and its price share the row, and wrap under each other when they do not fit. */
.sm-choice:has(.sm-choice-price) { flex-wrap: wrap; }
/* The new balance has a line of its own, held while the payment is confirmed: however long the number, nothing moves. */
.sm-new-balance { display: block; }
.sm-code-row { display: flex; gap: 8px; align-items: center; justify-content: center; flex-wrap: wrap; }
.sm-code { font-size: 1.25rem; letter-spacing: 0.08em; padding: 8px 12px; border-radius: 8px; background: var(--_sm-color-surface-alt); user-select: all; }
.sm-tooltip-anchor { position: relative; display: inline-block; }
.sm-tooltip-anchor .sm-button { width: auto; }
.sm-tooltip { position: absolute; bottom: calc(100% + 6px); left: 50%; transform: translateX(-50%); background: var(--_sm-color-text); color: var(--_sm-color-surface); padding: 4px 8px; border-radius: 6px; font-size: 0.85rem; white-space: nowrap; z-index: 10000; }
`;
