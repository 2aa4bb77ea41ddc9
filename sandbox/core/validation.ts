// zod helpers: field schemas shared by routes, and error messages that name the field.
import { z } from 'zod';
import { isCountryCode } from './countries.js';
import { invalid, success, type Result } from './result.js';

export const LIMITS = { name: 100, email: 254, password: 200, phone: 20, token: 4096 } as const;

/** Messages for zod's generic issues, used where a schema has no message of its own. */
const messages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'is required'
        : `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1 ? 'is required' : `must be at least ${issue.minimum} characters`
        : undefined;
    case 'too_big':
      return issue.origin === 'string' ? `must be at most ${issue.maximum} characters` : undefined;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return undefined;
  }
};

/** The input read with the schema, or every problem as `field: problem`, joined by `; `. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>> {
  const result = schema.safeParse(input, { error: messages });
  if (result.success) return success(result.data);
  return invalid(result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`).join('; '));
}

// ---- fields ----

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email)
  .pipe(z.email({ error: 'must be a valid email' }));

/** A login email: any non-empty string; a malformed one simply matches no account. */
export const loginEmail = z.string().trim().toLowerCase().min(1).max(LIMITS.email);

export const newPassword = z
  .string()
  .min(6, { error: 'must be at least 6 characters' })
  .max(LIMITS.password);

export const anyPassword = z.string().min(1).max(LIMITS.password);

export const personName = z.string().trim().min(1).max(LIMITS.name);

export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: 'must be an ISO 3166-1 alpha-2 code from /api/country' });

export const phoneNumber = z
  .string()
  .trim()
  .max(LIMITS.phone)
  .regex(/^[0-9]*$/, { error: 'must contain digits only' });

export const opaqueToken = z.string().min(1).max(LIMITS.token);

export const currencyCode = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code' });

/** The identifier of a plan, a price or a payment session. */
export const identifier = z.string().trim().min(1).max(100);

/** 1 or 0 (a membership or a gift that renews monthly, or not); true/false and '1'/'0' are read the same way. */
export const zeroOrOne = z.preprocess((v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v), z.literal([0, 1]));
