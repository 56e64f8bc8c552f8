// The password policy the registration form checks (docs/spec.md §5): client default minimum 6, raised by the server's policy.

export interface PasswordPolicy {
  minLength: number;
  maxLength?: number;
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireNumeric?: boolean;
  requireNonAlphanumeric?: boolean;
}

/** docs/spec.md §9: the client's default minimum length before the server's policy is known. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

export const defaultPasswordPolicy: PasswordPolicy = { minLength: DEFAULT_MIN_PASSWORD_LENGTH };

/** The first rule a password breaks, as a sentence for under the field; null when it complies. */
export function passwordProblem(password: string, policy: PasswordPolicy): string | null {
  const length = [...password].length;
  if (length < policy.minLength) return `Use at least ${policy.minLength} characters.`;
  if (policy.maxLength && length > policy.maxLength) return `Use at most ${policy.maxLength} characters.`;
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) return 'Include a lowercase letter.';
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) return 'Include an uppercase letter.';
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) return 'Include a number.';
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) return 'Include a symbol such as ! or #.';
  return null;
}
