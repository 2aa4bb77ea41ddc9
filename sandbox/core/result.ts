// What a rule answers: its data, or a failure that says what went wrong in words a person reads. Rules know nothing
// of HTTP; routes turn a failure into an error answer (`unwrap` in core/http.ts gives each kind its status).

/** Why a rule said no. */
export type FailureKind =
  /** the input breaks a rule: an amount out of bounds, an unknown plan, a payment not made */
  | 'invalid'
  /** a proof of who the person is did not hold (a social sign-in token) */
  | 'unverified'
  /** the person may not do this (a blocked account, a song not bought) */
  | 'forbidden'
  /** what the input names does not exist, or not for this person */
  | 'not-found'
  /** it exists but belongs to someone else (a wallet transaction, an email address) */
  | 'conflict'
  /** a service the rule needs cannot be reached */
  | 'unavailable';

export interface Failure {
  readonly ok: false;
  readonly kind: FailureKind;
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | Failure;

export const success = <T>(value: T): Result<T> => ({ ok: true, value });
export const failure = (kind: FailureKind, message: string): Failure => ({ ok: false, kind, message });
/** The input breaks a rule (the most common failure). */
export const invalid = (message: string): Failure => failure('invalid', message);
