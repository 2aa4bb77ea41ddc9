// zod helpers: field schemas shared by routes, and error messages that name the field.
import { z } from 'zod';
import { isCountryCode } from './countries.js';

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

export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string };

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input, { error: messages });
  return result.success ? { ok: true, data: result.data } : { ok: false, message: formatIssues(result.error) };
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
