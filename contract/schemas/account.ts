// Account flows made real (docs/product.md §Accounts): password reset and change, account deletion, settings, support tickets and
// the newsletter. Field names of the fixed API paths come from the issue; the rest is documented in docs/api.md.
import { z } from 'zod';
import { email, NO_NUL, requiredText as required, text } from './common.ts';
import { SUPPORT_LIMITS } from '../limits.ts';
import { LOCALES } from '../locales.ts';

/** A short answer for the user: what happened, in a sentence. */
export const messageResponse = z.object({ message: z.string().min(1) });

/** A secret from an e-mailed link: base64url of 32 random bytes. */
const linkToken = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(128, 'is not a valid link token')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid link token');

/** A password as typed; the policy is checked by the handler (PASSWORD_POLICY), the length here. */
const password = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(4096)
  .refine(...NO_NUL);

export const forgotPasswordRequest = z.object({ email });

export const resetPasswordRequest = z.object({ token: linkToken, password });

export const changePasswordRequest = z.object({ currentPassword: password, newPassword: password });
/** The caller's session goes on with a fresh token; every other session of the account stops working. */
export const changePasswordResponse = z.object({ message: z.string().min(1), token: z.string().min(1) });

/** Password accounts confirm with their password; Google-only accounts send none. */
export const deleteUserRequest = z.object({
  password: z
    .string()
    .max(4096)
    .refine(...NO_NUL)
    .optional(),
});

export const settings = z.object({
  /** The Settings screen's Notifications switch: notification e-mails on or off. */
  notifications: z.boolean(),
  /** False for accounts that sign in with Google only (they set a password through the reset flow). */
  hasPassword: z.boolean(),
  /** The account's language: its screens, the API's answers to it, its e-mails and documents. */
  locale: z.enum(LOCALES),
});
export type Settings = z.infer<typeof settings>;
/** Either setting or both. */
export const settingsUpdate = z
  .object({
    notifications: z.boolean({ error: 'must be true or false' }).optional(),
    locale: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).optional(),
  })
  .refine((update) => update.notifications !== undefined || update.locale !== undefined, {
    message: 'send notifications, locale or both',
  });

/** docs/spec.md §3 Support and contact forms: name, email, subject, message; plus the page the form was sent from. */
export const supportRequest = z.object({
  name: required(SUPPORT_LIMITS.name),
  email,
  subject: required(SUPPORT_LIMITS.subject),
  message: required(SUPPORT_LIMITS.message),
  page: text(200)
    .regex(/^\/[\w\-/]*$/, 'must be a path of this site')
    .optional(),
});
export type SupportRequest = z.input<typeof supportRequest>;

export const newsletterRequest = z.object({ email });
export const unsubscribeRequest = z.object({ token: linkToken });
