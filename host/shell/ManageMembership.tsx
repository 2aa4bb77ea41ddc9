/**
 * The Manage Membership dialog, opened from the header dropdown or My Dashboard: the
 * <sm-subscribe view="manage"> element, closed by its sm-close event, and closed when the
 * route changes (it belongs to the page it was opened on).
 */
import { signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';

export const manageOpen = signal(false);

export function ManageMembership({ route }: { route: string }) {
  useSignals();
  const ref = useRef<HTMLElement>(null);
  const open = manageOpen.value;
  const shownRoute = useRef(route);
  useEffect(() => {
    if (route === shownRoute.current) return;
    shownRoute.current = route;
    manageOpen.value = false;
  }, [route]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const close = () => (manageOpen.value = false);
    element.addEventListener('sm-close', close);
    return () => element.removeEventListener('sm-close', close);
  }, [open]);
  return open ? <sm-subscribe ref={ref} view="manage" /> : null;
}
