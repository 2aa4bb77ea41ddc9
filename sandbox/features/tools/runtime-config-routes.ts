// The portal's runtime config (the Firebase web config, and the Auth emulator while it runs), also embedded in
// every HTML page of dist/ as <script type="application/json" id="sm-runtime-config">.
import { runtimeConfig } from '../../core/firebase.js';
import { json, type Route } from '../../core/http.js';

export const runtimeConfigRoutes: Route[] = [
  { method: 'GET', path: '/sandbox/runtime-config.json', handler: (ctx) => json(runtimeConfig(ctx.app.firebase)) },
];
