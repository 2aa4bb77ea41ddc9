/**
 * What the portal shows of the person signed in, and from when. The prerendered markup, the same for any member, holds
 * places for the name, picture and balance; the first render must draw the same to hydrate, even with the profile
 * stored: so it shows from the render after the first commit (useHydrated), or when it arrives.
 */
import { signal } from '@preact/signals-core';
import { useSyncExternalStore } from 'react';
import type { UserProfile } from '../shared/api/schemas';
import { useDeps } from '../shared/ui/WidgetRoot';

const unchanging = () => () => {};

/** False while React hydrates (and when prerendering), true from the render after, and at once where not hydrating. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}

/** The profile could not be loaded as the portal opened (the dashboard says so and offers to ask again). */
export const profileFailed = signal(false);

/** The signed-in person's profile: null (places held) until hydrated and arrived. Call useSignals() first. */
export function useProfile(): UserProfile | null {
  const user = useDeps().session.user.value;
  return useHydrated() ? user : null;
}
