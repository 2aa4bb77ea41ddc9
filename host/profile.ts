/**
 * What the portal shows of the person signed in, and from when. The page's first paint is markup prerendered for any
 * signed-in person (tools/prerender.tsx): the header, the banner and the dashboard hold places for the name, the
 * picture and the balance. The portal's first render must draw those same places, or React could not hydrate the
 * markup, even when the session in storage already holds the profile: so the profile shows from the render after the
 * first commit (useHydrated), or when it arrives.
 */
import { signal } from '@preact/signals-core';
import { useSyncExternalStore } from 'react';
import type { UserProfile } from '../shared/api/schemas';
import { useDeps } from '../shared/ui/WidgetRoot';

const unchanging = () => () => {};

/**
 * False while React renders the prerendered markup it hydrates (and when prerendering), true from the render after
 * that commit, and at once in a portal drawn without prerendered markup: React takes the server's answer while it
 * hydrates, then draws again with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}

/** The profile could not be loaded as the portal opened (the dashboard says so and offers to ask again). */
export const profileFailed = signal(false);

/**
 * The signed-in person's profile as the portal's own parts show it: null (places held) until hydrated and until it
 * has arrived. The component calls useSignals() first, as for any signal it reads.
 */
export function useProfile(): UserProfile | null {
  const user = useDeps().session.user.value;
  return useHydrated() ? user : null;
}
