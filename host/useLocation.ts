/** The current hash route, updated on hashchange. */
import { useLayoutEffect, useState } from 'react';
import { parseHash, type Location } from '../shared/routing/routes';

export function useLocation(): Location {
  const [hash, setHash] = useState(() => window.location.hash);
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
