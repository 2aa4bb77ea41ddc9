// The country list served by GET /api/country, from the countries-list package.
import { countries } from 'countries-list';
import type { CountryListItem } from '../../shared/api/schemas.js';

export const COUNTRIES: readonly CountryListItem[] = Object.entries(countries)
  .map(([code, c]) => ({ code, name: c.name, phone_code: c.phone[0] === undefined ? '' : `+${c.phone[0]}` }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export function isCountryCode(code: string): boolean {
  return BY_CODE.has(code);
}

export function countryName(code: string): string | undefined {
  return BY_CODE.get(code)?.name;
}
