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

/**
 * What is wrong with a password, as an id and the values its text reads: the screens word it in the page's language
 * (src/accounts/passwordProblems.ts; docs/architecture.md §Languages).
 */
export type PasswordProblem =
  | { id: 'tooShort'; min: number }
  | { id: 'tooLong'; max: number }
  | { id: 'lowercase' }
  | { id: 'uppercase' }
  | { id: 'number' }
  | { id: 'symbol' };

/** What is wrong with a field of a password form: empty, a rule broken, or a confirmation that differs. */
export type PasswordFieldProblem = { id: 'required' } | { id: 'passwordsDiffer' } | PasswordProblem;

export const REQUIRED: PasswordFieldProblem = { id: 'required' };
export const PASSWORDS_DIFFER: PasswordFieldProblem = { id: 'passwordsDiffer' };

/** The first rule a password breaks; null when it complies. */
export function passwordProblem(password: string, policy: PasswordPolicy): PasswordProblem | null {
  const length = [...password].length;
  if (length < policy.minLength) return { id: 'tooShort', min: policy.minLength };
  if (policy.maxLength && length > policy.maxLength) return { id: 'tooLong', max: policy.maxLength };
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) return { id: 'lowercase' };
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) return { id: 'uppercase' };
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) return { id: 'number' };
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) return { id: 'symbol' };
  return null;
}
