/** Styles of <sm-login> beyond the shared base. */
export const loginStyles = /* css */ `
.sm-two { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
@media (max-width: 420px) { .sm-two { grid-template-columns: 1fr; } }
a.sm-button { display: block; box-sizing: border-box; text-align: center; text-decoration: none; }
.sm-downloads { display: flex; gap: 12px; justify-content: center; flex-wrap: wrap; margin-top: var(--_sm-space); font-size: 0.9rem; }
`;
