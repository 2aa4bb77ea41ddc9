/** Styles of <sm-topup> beyond the shared base. */
export const topupStyles = /* css */ `
.sm-choices { border: none; padding: 0; margin: 0; display: grid; gap: 8px; }
.sm-choices legend { font-weight: 700; margin-bottom: 8px; padding: 0; }
.sm-choices-row { grid-template-columns: 1fr 1fr; }
.sm-choice { display: flex; align-items: center; gap: 10px; padding: 12px; border: 2px solid var(--sm-color-border); border-radius: var(--sm-radius); cursor: pointer; min-height: 48px; }
.sm-choice[data-checked="true"] { border-color: var(--sm-color-primary); background: var(--sm-color-surface-alt); }
.sm-choice input { width: 20px; height: 20px; accent-color: var(--sm-color-primary); }
.sm-choice:focus-within { outline: 3px solid var(--sm-color-primary); outline-offset: 2px; }
.sm-choice-title { font-weight: 700; flex: 1; }
.sm-choice-price { text-align: right; }
.sm-back { align-self: flex-start; }
.sm-summary { font-weight: 700; }
.sm-code-row { display: flex; gap: 8px; align-items: center; justify-content: center; flex-wrap: wrap; }
.sm-code { font-size: 1.25rem; letter-spacing: 0.08em; padding: 8px 12px; border-radius: 8px; background: var(--sm-color-surface-alt); user-select: all; }
.sm-tooltip-anchor { position: relative; display: inline-block; }
.sm-tooltip-anchor .sm-button { width: auto; }
.sm-tooltip { position: absolute; bottom: calc(100% + 6px); left: 50%; transform: translateX(-50%); background: var(--sm-color-text); color: var(--sm-color-surface); padding: 4px 8px; border-radius: 6px; font-size: 0.85rem; white-space: nowrap; z-index: 10000; }
.sm-embedded:empty { display: none; }
`;
