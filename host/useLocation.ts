/** The current hash route, updated on hashchange (`initialHash` stands in for the address when prerendering). */
import { useLayoutEffect, useState } from 'react';
import { parseHash, type Location } from '../shared/routing/routes';

export function useLocation(initialHash?: string): Location {
  const [hash, setHash] = useState(() => initialHash ?? window.location.hash);
  // A layout effect, so the listener is in place before any layout effect that redirects.
  useLayoutEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    window.addEventListener('popstate', update);
    update();
    return () => {
      window.removeEventListener('hashchange', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return parseHash(hash);
}
