// Reference data that needs no sign-in.
import { COUNTRIES } from '../countries.js';
import { ok, type Route } from '../http.js';

export const countryRoutes: Route[] = [
  { method: 'GET', path: '/api/country', handler: () => ok('Country list.', COUNTRIES) },
];
