import { describe, expect, it } from 'vitest';
import { bannerOf, buildQuery, hrefFor, parseHash, routeForPath, ROUTES, routeForType, takesPlace } from './routes';

/** Whether a path names a route open to signed-out visitors (host/guard.ts reads ROUTES[name].public). */
function isPublicPath(path: string): boolean {
  const name = routeForPath(path);
  return name !== null && ROUTES[name].public;
}

describe('routes', () => {
  it('parses hash paths with queries into route names', () => {
    expect(parseHash('#/top-up')).toEqual({ name: 'TopUpPage', path: '/top-up', query: {} });
    expect(parseHash('#/success?type=self')).toMatchObject({ name: 'SuccessPage', query: { type: 'self' } });
    expect(parseHash('#/verify-email?_t=abc%2Bdef')).toMatchObject({ name: 'VerifyEmail', query: { _t: 'abc+def' } });
    expect(parseHash('#/login/')).toMatchObject({ name: 'Signin' });
  });

  it('falls back to the Dashboard for empty or unknown paths', () => {
    expect(parseHash('').name).toBe('Dashboard');
    expect(parseHash('#').name).toBe('Dashboard');
    expect(parseHash('#/no-such-page?x=1').name).toBe('Dashboard');
    expect(parseHash('#//evil.example').name).toBe('Dashboard');
  });

  it('builds hrefs that parse back to the same route', () => {
    const href = hrefFor('DonationsPage', { _d: '2' });
    expect(href).toBe('#/donations?_d=2');
    expect(parseHash(href)).toMatchObject({ name: 'DonationsPage', query: { _d: '2' } });
    expect(buildQuery({ a: 'x y', b: '&' })).toBe('?a=x+y&b=%26');
    expect(buildQuery({})).toBe('');
  });

  it('knows the public paths', () => {
    for (const path of [
      '/login',
      '/register',
      '/verify-email',
      '/signup-success',
      '/forgot-password',
      '/change-password',
      '/send-verification',
      '/donation-page',
      '/premium',
      '/update-payment',
      '/update-payment-success',
      '/update-payment-failed',
      '/direct-subscribe',
      '/test-page',
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ['/home', '/top-up', '/survey', '/change-password-user', '/donations', '/unknown']) {
      expect(isPublicPath(path), path).toBe(false);
    }
    expect(routeForPath('/result/pending')).toBe('ResultPendingPage');
  });

  it('keeps the banner of a payment page on the page it goes on to, and else shows its own banner', () => {
    expect(bannerOf('ResultPendingPage', 'donation')).toBe('donation');
    expect(bannerOf('TransactionFailedPage', 'credit')).toBe('credit');
    expect(bannerOf('TransactionFailedPage', null)).toBe('default');
    expect(bannerOf('ResultPendingPage', 'none')).toBe('default');
    expect(bannerOf('TransactionSuccessPage', 'credit')).toBe('default');
    expect(bannerOf('TopUpPage', 'donation')).toBe('credit');
    expect(takesPlace('TransactionFailedPage', 'subscription')).toBe(true);
    expect(takesPlace('TransactionFailedPage', 'none')).toBe(false);
    expect(takesPlace('HomePage', 'credit')).toBe(false);
  });

  it('maps the login type query to its page', () => {
    expect(routeForType('topup')).toBe('TopUpPage');
    expect(routeForType('subscription')).toBe('SubscribePage');
    expect(routeForType('survey')).toBe('SurveyPage');
    expect(routeForType('change-subscription')).toBe('ChangeSubscriptionPage');
    expect(routeForType('update-payment')).toBe('UpdatePaymentPage');
    expect(routeForType(undefined)).toBe('HomePage');
    expect(routeForType('javascript:alert(1)')).toBe('HomePage');
  });
});
