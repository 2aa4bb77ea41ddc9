/**
 * Settings the serving host adds at run time in `<script type="application/json"
 * id="sm-runtime-config">` (the sandbox's Auth emulator), else the build's VITE_FIREBASE_* ones.
 */
import * as z from 'zod/mini';

export const FirebaseSettings = z.object({
  apiKey: z.string().check(z.minLength(1)),
  authDomain: z.string().check(z.minLength(1)),
  projectId: z.string().check(z.minLength(1)),
  appId: z.optional(z.string()),
  authEmulatorUrl: z.optional(z.string().check(z.regex(/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/))),
});
export type FirebaseSettings = z.infer<typeof FirebaseSettings>;

const RuntimeConfig = z.object({ firebase: z.optional(FirebaseSettings) });

/** The Firebase settings for this page, or null when social sign-in is not configured. */
export function firebaseSettings(doc: Document | undefined = globalThis.document): FirebaseSettings | null {
  const block = doc?.getElementById('sm-runtime-config');
  if (block?.textContent) {
    try {
      const parsed = RuntimeConfig.safeParse(JSON.parse(block.textContent));
      if (parsed.success && parsed.data.firebase) return parsed.data.firebase;
      if (!parsed.success) console.warn('[sm] Ignoring an unreadable sm-runtime-config block.');
    } catch {
      console.warn('[sm] Ignoring an unreadable sm-runtime-config block.');
    }
  }
  const env = import.meta.env ?? {};
  const fromBuild = FirebaseSettings.safeParse({
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID,
  });
  return fromBuild.success ? fromBuild.data : null;
}
