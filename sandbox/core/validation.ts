// zod helpers: field schemas shared by routes, and error messages that name the field.
import { z } from 'zod';
import { isCountryCode } from './countries.js';
import { isCommonPassword } from './passwords.js';
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
        ? Number(issue.minimum) <= 1
          ? 'is required'
          : `must be at least ${issue.minimum} characters`
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
  return invalid(
    result.error.issues
      .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
      .join('; '),
  );
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

export const PASSWORD_MESSAGES = {
  common: 'is one of the most common passwords, which others guess first; choose a longer or less usual one',
} as const;

/** A password someone chooses: 6 to 200 characters, and not one of the most common ones. */
export const newPassword = z
  .string()
  .min(6, { error: 'must be at least 6 characters', abort: true })
  .max(LIMITS.password, { abort: true })
  .refine((password) => !isCommonPassword(password), { error: PASSWORD_MESSAGES.common });

export const anyPassword = z.string().min(1).max(LIMITS.password);

export const NAME_MESSAGES = {
  controls: 'must not contain line breaks, control characters or text-direction overrides',
  link: 'must not contain a web address',
  letters: 'must contain at least one letter',
} as const;

/** Characters that change how text around them is laid out or read: control characters, bidi overrides and isolates. */
const CONTROLS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** Invisible format characters (zero-width spaces and joiners, U+FEFF, soft hyphens, tag characters: category Cf). */
const FORMAT = /\p{Cf}/u;
/**
 * Characters a URL parser reads as a dot between labels (IDNA maps them to "."), as they stand after NFKC: the
 * ideographic full stop (U+3002, and U+FF61, which NFKC makes it), the full-width one (U+FF0E, NFKC "."), and the
 * small and leader dots NFKC leaves alone in some versions.
 */
const DOT_LIKE = /[\u3002\uFF0E\uFF61\uFE52\u2024]/gu;
/**
 * A web address: a scheme, "www.", a dot between letters that goes on with two or more (example.com, not J.R.R.), or a
 * bare IP address (8.8.8.8, [2001:db8::1]).
 */
const LINK =
  /:\/\/|www\.|[\p{L}\p{N}]\.[\p{L}\p{N}]{2,}|(?<!\d)\d{1,3}(?:\.\d{1,3}){3}(?!\d)|\[[0-9a-f]*:[0-9a-f:.]*\]/iu;
/**
 * Blank characters that show nothing and are not format characters (so \p{Cf} misses them): the Braille blank U+2800,
 * the Hangul fillers, the Mongolian vowel separator, the Khmer inherent vowels. Refused in names like format characters,
 * and dropped where a URL parser would read past them.
 */
const BLANKS = /[\u2800\u3164\u115F\u1160\uFFA0\u180E\u17B4\u17B5]/u;
/**
 * The scripts whose words are written with the zero-width non-joiner and joiner (U+200C, U+200D): Persian and Arabic,
 * Syriac, the Indic scripts, Sinhala. There, after a character of the script and before another (or at the end of the
 * word, where keyboards leave them), the joiners are part of the word.
 */
const JOINING = String.raw`\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}`;
const WORD_JOINER = new RegExp(`(?<=[${JOINING}]\\p{M}*)[\u200C\u200D](?=[${JOINING}]|\\s|$)`, 'gu');

/**
 * The name with what hides an address decoded, as often as it was encoded: percent-encoding (evil%2Ecom) and numeric
 * or named character references (evil&#46;com), then NFKC.
 */
function decoded(name: string): string {
  let text = name;
  for (let round = 0; round < 5; round += 1) {
    const next = text
      .replace(/(?:%[0-9a-f]{2})+/giu, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run.replace(/%([0-9a-f]{2})/giu, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        }
      })
      .replace(/&#x([0-9a-f]{1,6});?|&#(\d{1,7});?/giu, (whole, hex?: string, dec?: string) => {
        const code = hex ? parseInt(hex, 16) : Number(dec);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
      .replace(/&period;/giu, '.')
      .normalize('NFKC');
    if (next === text) break;
    text = next;
  }
  return text;
}

/**
 * What a URL parser would see of a name: format characters dropped, dot-like characters as dots, combining marks on a
 * dot dropped, and marks on letters composed or dropped (so "evil.c\u0301om" is "evil.com" to the check).
 */
function urlSkeleton(name: string): string {
  return decoded(name)
    .replace(/\p{Cf}/gu, '')
    .replace(new RegExp(BLANKS.source, 'gu'), '')
    .replace(DOT_LIKE, '.')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/**
 * A name as it lands in emails and on other people's screens: letters of every script (with their marks) and the
 * apostrophes, hyphens and periods of real names, at most `max` characters, normalised (NFKC) before it is checked and
 * kept so; never line breaks or other control characters, invisible format characters, direction overrides or web
 * addresses, however they are disguised (zero-width characters and other blanks, dots of other scripts, marks on the
 * dot, percent-encoding, character references, bare IP addresses). The zero-width non-joiner and joiner are letters'
 * business inside a word of a script written with them (Persian, Arabic, Indic, Sinhala), and kept there. Other
 * characters are kept as typed (pages and emails escape them).
 */
export function nameField(max: number) {
  return z
    .string()
    .transform((name) => name.normalize('NFKC').trim())
    .pipe(
      z
        .string()
        .min(1, { abort: true })
        .max(max, { abort: true })
        .superRefine((name, ctx) => {
          const message = CONTROLS.test(name)
            ? NAME_MESSAGES.controls
            : LINK.test(name) || LINK.test(urlSkeleton(name)) || /[.\u3002\uFF0E\uFF61]\p{M}/u.test(name)
              ? NAME_MESSAGES.link
              : FORMAT.test(name.replace(WORD_JOINER, '')) || BLANKS.test(name)
                ? NAME_MESSAGES.controls
                : /\p{L}/u.test(name)
                  ? null
                  : NAME_MESSAGES.letters;
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
    );
}

/** A person's first or last name (at most 100 characters). */
export const personName = nameField(LIMITS.name);

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

export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code' });

/** The identifier of a plan, a price or a payment session. */
export const identifier = z.string().trim().min(1).max(100);

/** 1 or 0 (a membership or a gift that renews monthly, or not); true/false and '1'/'0' are read the same way. */
export const zeroOrOne = z.preprocess(
  (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
  z.literal([0, 1]),
);
