/**
 * The boot protocol: every fact that the code running before React (widgets/loader.ts, the survey's
 * draw module, host/route.ts) and the code running after it (the session, capture, the API client's
 * early answers, the portal's language) must agree on, written once.
 *
 * By topic: storage.ts (the keys and records in local storage), page.ts (what the page keeps for the
 * code that comes later, and the early asks), app-link.ts (a link from the mobile app), language.ts,
 * api-host.ts, intl.ts (Intl's locales, and the worker that loads their data), and trusted-types.ts
 * (the HTML policy, imported on its own: it creates the policy as it loads). This file gathers the
 * rest for the code that imports it.
 *
 * Each file imports nothing beyond this folder and touches nothing when imported (trusted-types.ts
 * aside), so the pre-React files can carry their own copy: the build gives each draw module one
 * (tools/boot-scripts.ts bootCopies), and bundles the loader (tools/loader-build.ts) and host/route.ts
 * (the plain script route.js) each on its own. boot.test.ts fails if one of its literals is written
 * anywhere else.
 */
export * from './storage';
export * from './page';
export * from './app-link';
export * from './language';
export * from './api-host';
export * from './intl';
