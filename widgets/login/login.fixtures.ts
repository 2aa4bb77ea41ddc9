/**
 * What <sm-login>'s unit tests (login.testing.ts) and element tests share: the countries the API host offers, and
 * Ann, who signs up by email.
 */

/** The API host's country list (GET /api/country). */
export const COUNTRIES = [
  { code: 'PH', name: 'Philippines', phone_code: '+63' },
  { code: 'US', name: 'United States', phone_code: '+1' },
];

/** Ann's sign-up by email, as the form sends it (POST /webclient/auth/register). */
export const ANN_REGISTRATION = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.org',
  password: 'secret-1',
  country_code: 'US',
  gender: 'Female',
  phone_number: '5551234',
  method: 'email',
};
