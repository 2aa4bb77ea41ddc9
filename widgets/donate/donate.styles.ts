/**
 * Styles of <sm-donate> beyond the shared base (its reserved min-height is in widgets/tags.ts), the slider and the payment views.
 *
 * A mission's placeholders (donate.tsx MissionSkeleton, MissionCardSkeleton) are the filled view's elements at its
 * height (`.sm-skeleton-line`: `:where()` adds no weight, so a title's or a button's own height wins). A short title
 * sits at the bottom of its place; a banner without carousel controls keeps their room below it.
 * The phone rule is a viewport query, not a container one: a container's width cannot come from its content, so a page
 * that centres the tag in a flex column would squeeze it to its padding (tests/e2e/embedding.e2e.ts).
 */
export const donateStyles = /* css */ `
.sm-card { max-width: 720px; }
.sm-missions { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; }
.sm-mission { border: 1px solid var(--_sm-color-border); border-radius: var(--_sm-radius); padding: 12px; display: flex; flex-direction: column; gap: 8px; }
.sm-mission h3 { margin: 0; font-size: 1.1rem; }
.sm-mission p { margin: 0; }
.sm-banner { width: 100%; height: auto; aspect-ratio: 2 / 1; object-fit: cover; border-radius: 8px; display: block; background: var(--_sm-color-surface-alt); }
.sm-raised { font-weight: 700; }
.sm-title { min-height: 2lh; }
h1.sm-title { display: flex; flex-direction: column; justify-content: flex-end; }
@media (max-width: 440px) { h1.sm-title { min-height: 3lh; } }
.sm-mission .sm-title, .sm-blurb { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
.sm-mission .sm-title { -webkit-line-clamp: 2; line-clamp: 2; height: 2lh; }
.sm-blurb { -webkit-line-clamp: 4; line-clamp: 4; height: 4lh; }
.sm-carousel:not(:has(> .sm-carousel-controls)) { padding-bottom: 34px; }
.sm-skeleton .sm-title { width: 80%; }
.sm-skeleton-text { height: 9em; }
.sm-description { border-top: 1px solid var(--_sm-color-border); padding-top: 12px; }
.sm-description p { margin: 0 0 8px; }
.sm-carousel { position: relative; }
.sm-carousel-controls { display: flex; gap: 8px; justify-content: center; align-items: center; margin-top: 6px; }
.sm-carousel-pause { font: inherit; font-size: 0.8rem; background: none; border: 1px solid var(--_sm-color-border); color: var(--_sm-color-text); border-radius: 999px; padding: 2px 10px; cursor: pointer; min-height: 28px; }
.sm-dot { width: 24px; height: 24px; border-radius: 50%; border: 2px solid var(--_sm-color-primary); background: transparent; cursor: pointer; padding: 0; }
.sm-dot[aria-current="true"] { background: var(--_sm-color-primary); }
.sm-slide[data-active="true"] { animation: sm-fade 0.6s ease-in; }
@keyframes sm-fade { from { opacity: 0; } to { opacity: 1; } }
`;
