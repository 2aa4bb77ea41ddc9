/**
 * What a failed payment-list load (plans, options, methods) shows (spec sections 6 and 8):
 * 401 while the session is still good is 'Happy Sabbath!' with the server's message; 401 with
 * a dead session signs out (the guard sends the person to sign in and back); other statuses
 * show a warning titled with the status, or the message inline when the server was not reached.
 */
import type { ApiError } from '../api/errors';
import { refreshProfile } from '../session/account';
import { session } from '../session/session';

export type ListErrorView =
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'sabbath'; readonly message: string }
  | { readonly kind: 'status'; readonly title: string; readonly message: string }
  | { readonly kind: 'inline'; readonly message: string };

export async function viewOfListError(error: ApiError, options: { statusDialog: boolean }): Promise<ListErrorView> {
  if (error.status === 401) {
    const profile = await refreshProfile();
    if (!profile.ok && !session.isSignedIn.value) return { kind: 'signed-out' };
    return { kind: 'sabbath', message: error.message };
  }
  if (options.statusDialog && error.status !== 0) return { kind: 'status', title: String(error.status), message: error.message };
  return { kind: 'inline', message: error.message };
}
