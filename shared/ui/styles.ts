/** The dark theme's colours: when the page prefers dark (unless theme="light"), or with theme="dark". */
const darkColors = /* css */ `
  --_sm-color-primary: var(--sm-color-primary, #c9a0e3);
  --_sm-color-primary-contrast: var(--sm-color-primary-contrast, #1b1320);
  --_sm-color-text: var(--sm-color-text, #f1ecf4);
  --_sm-color-muted: var(--sm-color-muted, #c2b9c9);
  --_sm-color-surface: var(--sm-color-surface, #1b1820);
  --_sm-color-surface-alt: var(--sm-color-surface-alt, #2a2530);
  --_sm-color-border: var(--sm-color-border, #8d8396);
  --_sm-color-danger: var(--sm-color-danger, #ffb4ab);
  --_sm-color-success: var(--sm-color-success, #8fd7a5);
`;

/**
 * Base styles every widget puts in its shadow root. Themable through --sm-* custom properties on the element or any
 * ancestor, read into the root's own --_sm-* with the default as fallback (declaring --sm-* here would hide an
 * ancestor's value); a page's --sm-* colour applies to light and dark, which follow prefers-color-scheme unless
 * theme="light" or theme="dark".
 *
 * .sm-needs-script: a prerendered form's line saying its script is off or did not load (4 s without the element's
 * code), out of the flow until it shows, so the form does not move when its code comes in time. overflow-wrap: a run
 * kept together (a date, an amount) longer than its line breaks inside rather than spilling out. .sm-root carries
 * the element's lang and dir and adds no box. (Said here rather than in the CSS, which every tag's markup carries.)
 */
export const baseStyles = /* css */ `
:host {
  --_sm-color-primary: var(--sm-color-primary, #7a3e9d);
  --_sm-color-primary-contrast: var(--sm-color-primary-contrast, #ffffff);
  --_sm-color-text: var(--sm-color-text, #1f1a24);
  --_sm-color-muted: var(--sm-color-muted, #5d5566);
  --_sm-color-surface: var(--sm-color-surface, #ffffff);
  --_sm-color-surface-alt: var(--sm-color-surface-alt, #f5f1f8);
  --_sm-color-border: var(--sm-color-border, #8c8494);
  --_sm-color-danger: var(--sm-color-danger, #b3261e);
  --_sm-color-success: var(--sm-color-success, #1e6b3a);
  --_sm-font-family: var(--sm-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  --_sm-radius: var(--sm-radius, 10px);
  --_sm-space: var(--sm-space, 16px);
  display: block;
  color: var(--_sm-color-text);
  font-family: var(--_sm-font-family);
  font-size: 16px;
  line-height: 1.45;
  overflow-wrap: break-word;
}
.sm-root { display: contents; }
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light"])) { ${darkColors} }
}
:host([theme="dark"]) { ${darkColors} }
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
.sm-card { background: var(--_sm-color-surface); color: var(--_sm-color-text); border-radius: var(--_sm-radius); padding: calc(var(--_sm-space) * 1.5); max-width: 440px; margin: 0 auto; }
h1, h2, h3 { margin: 0 0 var(--_sm-space); line-height: 1.2; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.25rem; }
p { margin: 0 0 var(--_sm-space); }
.sm-stack { display: flex; flex-direction: column; gap: calc(var(--_sm-space) * 0.75); }
.sm-row { display: flex; gap: calc(var(--_sm-space) * 0.5); align-items: center; flex-wrap: wrap; }
.sm-muted { color: var(--_sm-color-muted); }
.sm-center { text-align: center; }
.sm-button { font: inherit; font-weight: 600; min-height: 44px; padding: 10px 18px; border-radius: 999px; cursor: pointer; border: 2px solid var(--_sm-color-primary); background: var(--_sm-color-primary); color: var(--_sm-color-primary-contrast); width: 100%; }
.sm-button[data-variant="secondary"] { background: transparent; color: var(--_sm-color-primary); }
.sm-button[data-variant="link"] { background: none; border: none; color: var(--_sm-color-primary); text-decoration: underline; width: auto; min-height: 0; padding: 4px; font-weight: 500; }
.sm-button:disabled { opacity: 0.55; cursor: not-allowed; }
.sm-button:focus-visible, .sm-input:focus-visible, a:focus-visible, .sm-tab:focus-visible { outline: 3px solid var(--_sm-color-primary); outline-offset: 2px; }
a { color: var(--_sm-color-primary); }
.sm-back { align-self: flex-start; }
.sm-field { display: flex; flex-direction: column; gap: 4px; }
.sm-field label { font-weight: 600; font-size: 0.9rem; }
.sm-input { font: inherit; min-height: 44px; padding: 8px 12px; border: 1px solid var(--_sm-color-border); border-radius: 8px; background: var(--_sm-color-surface); color: var(--_sm-color-text); width: 100%; }
.sm-input[aria-invalid="true"] { border-color: var(--_sm-color-danger); }
.sm-input-group { display: flex; align-items: stretch; gap: 0; }
.sm-input-group .sm-input { border-radius: 0; }
.sm-input-group > :first-child { border-radius: 8px 0 0 8px; }
.sm-input-group > :last-child { border-radius: 0 8px 8px 0; }
.sm-input-group > :only-child { border-radius: 8px; }
.sm-prefix { display: flex; align-items: center; padding: 0 10px; border: 1px solid var(--_sm-color-border); border-inline-end: none; background: var(--_sm-color-surface-alt); }
.sm-toggle { font: inherit; border: 1px solid var(--_sm-color-border); border-inline-start: none; background: var(--_sm-color-surface-alt); color: var(--_sm-color-text); padding: 0 12px; cursor: pointer; }
.sm-error { color: var(--_sm-color-danger); font-size: 0.9rem; margin: 0; }
.sm-notice { border-radius: 8px; padding: 12px; margin: 0 0 var(--_sm-space); background: var(--_sm-color-surface-alt); }
.sm-notice[data-tone="error"] { border-inline-start: 4px solid var(--_sm-color-danger); }
.sm-notice[data-tone="success"] { border-inline-start: 4px solid var(--_sm-color-success); }
.sm-tabs { display: flex; flex-wrap: wrap; gap: 4px; padding: 4px; border-radius: 24px; background: var(--_sm-color-surface-alt); margin-bottom: var(--_sm-space); }
.sm-tab { flex: 1 1 auto; min-width: 0; overflow-wrap: break-word; font: inherit; font-weight: 600; border: none; border-radius: 999px; padding: 8px; min-height: 40px; cursor: pointer; background: transparent; color: var(--_sm-color-text); }
.sm-tab[aria-selected="true"] { background: var(--_sm-color-primary); color: var(--_sm-color-primary-contrast); }
.sm-overlay { position: fixed; inset: 0; display: grid; place-items: center; background: rgb(0 0 0 / 0.6); color: #fff; z-index: 9999; font-size: 1.1rem; }
.sm-dialog-backdrop { position: fixed; inset: 0; display: grid; place-items: center; background: rgb(0 0 0 / 0.45); z-index: 9998; padding: var(--_sm-space); }
.sm-dialog { background: var(--_sm-color-surface); color: var(--_sm-color-text); border-radius: var(--_sm-radius); padding: calc(var(--_sm-space) * 1.5); max-width: 400px; width: 100%; }
.sm-avatar { width: 56px; height: 56px; border-radius: 50%; object-fit: cover; display: inline-grid; place-items: center; background: var(--_sm-color-primary); color: var(--_sm-color-primary-contrast); font-weight: 700; flex: none; }
.sm-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.sm-needs-script { display: none; }
:host(:not(:defined)) .sm-needs-script { display: block; position: absolute; visibility: hidden; animation: sm-reveal 0s 4s forwards; color: var(--_sm-color-muted); }
@keyframes sm-reveal { to { visibility: visible; position: static; } }
@media (prefers-reduced-motion: reduce) { :not(.sm-needs-script), ::before, ::after { animation: none !important; transition: none !important; } }
`;

/**
 * Styles of the places held for a view's data on its way (shared/ui/Places.tsx, donate's skeletons), after the
 * widget's own: each place is the element it holds, as tall as what fills it (at least a line; :where() adds no
 * weight, so the element's own height wins), a plain block (its sizing text does not show).
 */
export const placesStyles = /* css */ `
.sm-skeleton-line { border-radius: 6px; background: var(--_sm-color-surface-alt); border-color: transparent; color: transparent; }
:where(.sm-skeleton-line) { min-height: 1lh; }
.sm-skeleton-short { width: 45%; }
`;

/** Styles of the price slider (shared/ui/Slider.tsx), for widgets that use it. */
export const sliderStyles = /* css */ `
.sm-slider { display: flex; flex-direction: column; gap: 8px; }
.sm-slider-value { font-size: 1.75rem; font-weight: 800; text-align: center; }
.sm-slider input[type="range"] { width: 100%; margin-inline: 0; accent-color: var(--_sm-color-primary); min-height: 32px; }
.sm-slider-marks { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 8px; }
.sm-slider-mark { font: inherit; font-size: 0.85rem; background: none; border: 1px solid var(--_sm-color-border); color: var(--_sm-color-text); border-radius: 999px; padding: 4px 10px; cursor: pointer; min-height: 32px; }
`;

/**
 * Styles of the radio cards (shared/ui/Choices.tsx), for widgets that use them. A card's text may break anywhere it
 * must (as flex items its parts shrink no narrower than their longest word otherwise); its radio button has no
 * vertical margin (each engine gives it its own), so a card is as tall as its place.
 */
export const choiceStyles = /* css */ `
.sm-choices { border: none; padding: 0; margin: 0; display: grid; gap: 8px; }
.sm-choices legend { font-weight: 700; margin-bottom: 8px; padding: 0; }
.sm-choices-row { grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr)); }
.sm-choice { display: flex; align-items: center; gap: 8px; padding: 12px 10px; min-width: 0; overflow-wrap: anywhere; border: 2px solid var(--_sm-color-border); border-radius: var(--_sm-radius); cursor: pointer; min-height: 48px; }
.sm-choice[data-checked="true"] { border-color: var(--_sm-color-primary); background: var(--_sm-color-surface-alt); }
.sm-choice input { width: 20px; height: 20px; margin: 0; accent-color: var(--_sm-color-primary); flex: none; }
.sm-choice:focus-within { outline: 3px solid var(--_sm-color-primary); outline-offset: 2px; }
`;
