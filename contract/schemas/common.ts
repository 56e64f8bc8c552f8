// Pieces every schema of the contract uses.
import { z } from 'zod';
import { ALL_ERROR_CODES, type ErrorCode } from '../errors.ts';

/**
 * Every error the API answers with: a 4xx (or 5xx) status and this body; `code` is stable (contract/errors.ts),
 * `message` is in the request's language.
 */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(ALL_ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** PostgreSQL text cannot hold U+0000, so it is refused on every backend alike. */
export const NO_NUL = [(value: string) => !value.includes('\u0000'), 'must not contain NUL characters'] as const;

/** Trimmed text that must not be empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL);

/** Emails are compared trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A well-formed email address, normalised. */
export const email = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseEmail(value) : value),
  z.email({ error: 'must be a valid email address' }).max(254),
);

/** Free text up to `max` characters, without NUL. */
export const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL);

/** A body with nothing to say beyond the status. */
export const empty = z.object({}).strict();
