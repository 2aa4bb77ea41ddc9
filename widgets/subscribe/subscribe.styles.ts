/** Styles of <sm-subscribe> beyond the shared base and the slider. */
export const subscribeStyles = /* css */ `
.sm-choices { border: none; padding: 0; margin: 0; display: grid; gap: 8px; }
.sm-choices legend { font-weight: 700; margin-bottom: 8px; padding: 0; }
.sm-months { grid-template-columns: repeat(3, 1fr); }
.sm-choice { display: flex; align-items: center; gap: 10px; padding: 12px; border: 2px solid var(--sm-color-border); border-radius: var(--sm-radius); cursor: pointer; min-height: 48px; }
.sm-choice[data-checked="true"] { border-color: var(--sm-color-primary); background: var(--sm-color-surface-alt); }
.sm-choice input { width: 20px; height: 20px; accent-color: var(--sm-color-primary); flex: none; }
.sm-choice:focus-within { outline: 3px solid var(--sm-color-primary); outline-offset: 2px; }
.sm-back { align-self: flex-start; }
.sm-summary { font-weight: 700; }
.sm-info { background: var(--sm-color-surface-alt); border-radius: 8px; padding: 10px 12px; }
.sm-notes { margin: 0; padding-left: 20px; color: var(--sm-color-muted); font-size: 0.9rem; }
.sm-manage { display: flex; justify-content: space-between; margin: 0 0 8px; font-size: 1.1rem; }
.sm-manage dd { margin: 0; font-weight: 700; }
.sm-embedded:empty { display: none; }
`;
