/**
 * The boot protocol: every fact the code before React (the loader, draw modules, route.js) and the code after it must
 * agree on, written once (boot.test.ts checks). Gathers every file of this folder but trusted-types.ts, which is
 * imported on its own as it creates the policy when loaded. The others import nothing outside this folder and touch
 * nothing when loaded, so each script that runs before React carries its own copy. The files, the build: docs/boot.md.
 */
export * from './storage';
export * from './page';
export * from './app-link';
export * from './language';
export * from './api-host';
export * from './intl';
