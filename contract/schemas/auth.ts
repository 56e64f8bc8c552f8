// /api/auth/*: registration, password login, Google (Firebase) login and the password policy (docs/spec.md §3, §7).
import { z } from 'zod';
import { email, NO_NUL } from './common.ts';
import { ACCOUNT_TYPES } from '../profile.ts';
import { LOCALES } from '../locales.ts';

/** The shape of Firebase Auth's password policy, which the registration form checks (docs/spec.md §5). */
export const passwordPolicy = z.object({
  minLength: z.number().int().positive(),
  maxLength: z.number().int().positive().optional(),
  requireLowercase: z.boolean().optional(),
  requireUppercase: z.boolean().optional(),
  requireNumeric: z.boolean().optional(),
  requireNonAlphanumeric: z.boolean().optional(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

/** Registration payload (docs/spec.md §3). */
export const registerRequest = z.object({
  email,
  password: z.string({ error: 'is required' }),
  type_account: z.enum(ACCOUNT_TYPES, { error: 'must be Influencer or Advertiser' }),
  /** The language of the page the account signs up on (the browser's, or the public menu's choice); else English. */
  locale: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).optional(),
});

/** Login payload (docs/spec.md §3): password null when absent. */
export const loginRequest = z.object({
  email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(254)
    .refine(...NO_NUL),
  password: z.string().max(4096).nullish(),
  firebaseResponse: z.unknown().optional(),
});

/** The identity provider's token after the Google popup. */
export const firebaseLoginRequest = z.object({
  accessToken: z.string({ error: 'is required' }).min(1, 'is required').max(8192),
  /** The page's language, kept on an account this sign-in creates. */
  locale: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).optional(),
});

/** Every sign-in answers with our token, stored under the jwt key (docs/spec.md §7). */
export const tokenResponse = z.object({ token: z.string().min(1) });
