// Reference data that needs no sign-in.
import { COUNTRIES } from '../../core/countries.js';
import { ok, type Route } from '../../core/http.js';

export const countryRoutes: Route[] = [
  { method: 'GET', path: '/api/country', handler: () => ok('Country list.', COUNTRIES) },
];
