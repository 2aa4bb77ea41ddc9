import { describe, expect, it } from 'vitest';
import { parseReturnPath, parseTarget } from './targets';

describe('return targets', () => {
  it('accepts the portal own routes', () => {
    expect(parseReturnPath('/top-up')).toEqual({ name: 'TopUpPage', query: {} });
    expect(parseReturnPath('#/donations?_d=2')).toEqual({ name: 'DonationsPage', query: { _d: '2' } });
    expect(parseReturnPath('%2Fsurvey')).toEqual({ name: 'SurveyPage', query: {} });
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    'https://evil.example/top-up',
    'javascript:alert(1)',
    'https://portal@evil.example',
    '%2F%2Fevil.example',
    '%252F%252Fevil.example',
    '/%5Cevil.example',
    ' //evil.example',
    '/login',
    '/nope',
    '',
    'x'.repeat(2000),
  ])('refuses %s', (value) => {
    expect(parseReturnPath(value)).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(parseReturnPath(42)).toBeNull();
    expect(parseReturnPath(undefined)).toBeNull();
  });

  it('parses stored next pages and drops one-time tokens from them', () => {
    expect(parseTarget({ name: 'TopUpPage', query: { a: '1', _t: 'secret' } })).toEqual({
      name: 'TopUpPage',
      query: { a: '1' },
    });
    expect(parseTarget({ name: 'TopUpPage' })).toEqual({ name: 'TopUpPage', query: {} });
    expect(parseTarget({ name: 'Evil', query: {} })).toBeNull();
    expect(parseTarget({ name: 'Signin', query: {} })).toBeNull();
    expect(parseTarget({ name: 'HomePage', query: { a: 1 } })).toBeNull();
    expect(parseTarget('HomePage')).toBeNull();
    expect(parseTarget(null)).toBeNull();
    expect(parseTarget({ name: '__proto__' })).toBeNull();
  });
});
