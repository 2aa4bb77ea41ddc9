import { describe, expect, it } from 'vitest';
import { parseHash, type RouteName } from '../shared/routing/routes';
import { decide } from './guard';

const available = new Set<RouteName>(['HomePage', 'Signin', 'Registration', 'ChangePasswordUser']);

describe('navigation guard', () => {
  it('redirects / to /home', () => {
    expect(decide(parseHash('#/'), true, available)).toEqual({ kind: 'redirect', to: { name: 'HomePage', query: {} } });
  });
  it('sends a protected path to login and remembers it with its query', () => {
    expect(decide(parseHash('#/change-password-user?x=1'), false, available)).toEqual({
      kind: 'redirect',
      to: { name: 'Signin', query: {} },
      remember: { name: 'ChangePasswordUser', query: { x: '1' } },
    });
  });
  it('renders public paths without a session and protected ones with it', () => {
    expect(decide(parseHash('#/login'), false, available)).toEqual({ kind: 'render', name: 'Signin' });
    expect(decide(parseHash('#/home'), true, available)).toEqual({ kind: 'render', name: 'HomePage' });
  });
  it('sends an unknown path home (after sign-in)', () => {
    expect(decide(parseHash('#/nowhere'), false, available)).toEqual({
      kind: 'redirect',
      to: { name: 'HomePage', query: {} },
    });
  });
  it('never renders a route this build has no page for', () => {
    expect(decide(parseHash('#/top-up'), true, available)).toEqual({
      kind: 'redirect',
      to: { name: 'HomePage', query: {} },
    });
  });
});
