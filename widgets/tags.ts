/**
 * The sm-* tags in one table, used by every <name>.element.ts and by the loader, so both define
 * a tag the same way:
 * - `props`: the attributes passed to the React component (camelCase prop -> kebab-case
 *   attribute, e.g. apiBase -> api-base);
 * - `minHeight` (and per-`view` values): the height the element keeps from the moment it is
 *   defined, so the page does not move while the widget's code loads and renders. Each is the
 *   widget's usual first height at phone width (390 px) in that view, measured in Chromium
 *   against the sandbox; views that mostly redirect or open a dialog reserve nothing.
 *   This table is the one place for these min-heights (shared/ui/define.ts turns it into a
 *   `:host` style sheet); the widgets' styles do not repeat them.
 *
 * Kept tiny and free of runtime imports: the build puts it in the shared runtime chunk with the
 * guarded define, so the loader pulls in nothing else.
 */
import type { TagSpec } from '../shared/ui/define';

export const tags = {
  'sm-login': {
    props: { view: 'string', apiBase: 'string', portal: 'string' },
    minHeight: 505,
    views: { register: 446, 'forgot-password': 432, 'signup-success': 420, 'send-verification': 402, 'change-password': 250, 'change-password-user': 315 },
  },
  'sm-topup': { props: { view: 'string', apiBase: 'string', portal: 'string' }, minHeight: 698, views: { checkout: 0, success: 0 } },
  'sm-subscribe': {
    props: { view: 'string', apiBase: 'string', portal: 'string' },
    minHeight: 475,
    views: { checkout: 0, success: 0, change: 0, 'change-success': 0, manage: 0, 'update-payment': 0, 'direct-subscribe': 0 },
  },
  'sm-donate': { props: { view: 'string', mission: 'string', list: 'string', apiBase: 'string', portal: 'string' }, minHeight: 760, views: { missions: 320, success: 320 } },
  'sm-history': { props: { tab: 'string', apiBase: 'string', portal: 'string' }, minHeight: 240 },
  'sm-survey': { props: { apiBase: 'string', portal: 'string' }, minHeight: 600 },
  'sm-newsletter': { props: { apiBase: 'string', portal: 'string' }, minHeight: 274 },
} as const satisfies Record<`sm-${string}`, TagSpec>;

export type Tag = keyof typeof tags;
