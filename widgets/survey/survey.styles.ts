/** Styles of <sm-survey> beyond the shared base. */
export const surveyStyles = /* css */ `
.sm-card { position: relative; }
.sm-close { position: absolute; top: 8px; inset-inline-end: 8px; width: 44px; height: 44px; border: none; background: none; font-size: 1.8rem; line-height: 1; cursor: pointer; color: var(--_sm-color-text); border-radius: 50%; }
.sm-close:focus-visible { outline: 3px solid var(--_sm-color-primary); }
.sm-progress { font-weight: 700; color: var(--_sm-color-primary); margin: 0; }
.sm-options { border: none; padding: 0; margin: 0; display: grid; gap: 8px; }
.sm-options legend { font-weight: 600; font-size: 1.05rem; margin-bottom: 4px; padding: 0; }
.sm-option { display: flex; gap: 10px; align-items: center; padding: 10px 12px; border: 2px solid var(--_sm-color-border); border-radius: var(--_sm-radius); cursor: pointer; min-height: 48px; }
.sm-option[data-checked="true"] { border-color: var(--_sm-color-primary); background: var(--_sm-color-surface-alt); }
.sm-option input { width: 20px; height: 20px; accent-color: var(--_sm-color-primary); flex: none; }
.sm-option:focus-within { outline: 3px solid var(--_sm-color-primary); outline-offset: 2px; }
textarea.sm-input { min-height: 96px; resize: vertical; }
.sm-held-question { min-height: 2lh; width: 100%; }
`;
