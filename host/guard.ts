/**
 * The navigation guard, as a pure function: given where the person is and
 * whether they are signed in, say what to render or where to go instead.
 */
import { ROUTES, type Location, type RouteName } from '../shared/routing/routes';
import type { Target } from '../shared/routing/targets';

export type Decision =
  | { readonly kind: 'render'; readonly name: RouteName }
  | { readonly kind: 'redirect'; readonly to: Target; readonly remember?: Target };

export function decide(location: Location, signedIn: boolean, available: ReadonlySet<RouteName>): Decision {
  const { name, query } = location;
  if (name === 'Dashboard') return { kind: 'redirect', to: { name: 'HomePage', query: {} } };
  const route = ROUTES[name];
  if (!route.public && !signedIn) {
    return { kind: 'redirect', to: { name: 'Signin', query: {} }, remember: { name, query } };
  }
  // A route whose page this build does not have yet goes home rather than to an empty screen.
  if (!available.has(name)) return { kind: 'redirect', to: { name: signedIn ? 'HomePage' : 'Signin', query: {} } };
  return { kind: 'render', name };
}
