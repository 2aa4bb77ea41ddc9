/** Styles of <sm-history> beyond the shared base (its reserved min-height is in widgets/tags.ts). */
export const historyStyles = /* css */ `
.sm-card { max-width: 960px; }
.sm-table-wrap { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
th, td { text-align: start; padding: 8px 10px; border-bottom: 1px solid var(--_sm-color-surface-alt); vertical-align: top; }
th { font-size: 0.85rem; color: var(--_sm-color-muted); white-space: nowrap; }
td { white-space: nowrap; }
.sm-ref { font-family: ui-monospace, monospace; font-size: 0.8rem; }
.sm-songs { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
.sm-songs li { display: flex; gap: 8px; align-items: center; justify-content: space-between; }
.sm-pager { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 8px 12px; margin-top: 12px; }
.sm-pager .sm-button { width: auto; }
/* A page's places (history.tsx HeldTable): each cell's as many lines high as its cell usually is. */
.sm-held-cell { display: block; }
.sm-held-cell[data-lines="2"] { min-height: 2lh; }
`;
