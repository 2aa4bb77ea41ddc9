/**
 * The error record ({status, message, errorCode}) and the catalogue codes (ER-AUTH-01 ...).
 * Every failed call becomes one of these; nothing throws past the client.
 */

/** Catalogue codes a failing call carries when the server names none. */
export type ErrorCode =
  | 'ER-AUTH-01'
  | 'ER-AUTH-02'
  | 'ER-AUTH-03'
  | 'ER-AUTH-69'
  | 'change-amount-subs'
  | 'update-payment'
  | 'error-paymongo-confirm'
  | 'DonationPlanError';

export interface ApiError {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly message: string;
  /** The server's own code when it sent one, else the catalogue code of the failing call. */
  readonly errorCode: string | null;
}

export type ApiResult<T> =
  { readonly ok: true; readonly data: T; readonly message: string } | { readonly ok: false; readonly error: ApiError };

/** Messages the client itself produces (the server supplies all others). */
export const CLIENT_MESSAGES = {
  network: 'We could not reach the server. Check your connection and try again.',
  malformed: 'The server sent an answer we could not read. Please try again.',
  timeout: 'The server took too long to answer. Please try again.',
  unknown: 'Something Wrong. Please Try Again',
  signedOut: 'Your session has ended. Please log in again.',
} as const;
