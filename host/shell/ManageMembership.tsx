/**
 * The Manage Membership dialog, opened from the header dropdown or My Dashboard: the
 * <sm-subscribe view="manage"> element, closed by its sm-close event.
 */
import { signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';

export const manageOpen = signal(false);

export function ManageMembership() {
  useSignals();
  const ref = useRef<HTMLElement>(null);
  const open = manageOpen.value;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const close = () => (manageOpen.value = false);
    element.addEventListener('sm-close', close);
    return () => element.removeEventListener('sm-close', close);
  }, [open]);
  return open ? <sm-subscribe ref={ref} view="manage" /> : null;
}
