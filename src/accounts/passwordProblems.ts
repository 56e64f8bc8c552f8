// What is wrong with a field of a password form, in the page's language: the machines say it as an id and values
// (machines/accounts/passwordPolicy.ts), the accounts catalogue words it (docs/architecture.md §Languages).
import type { PasswordFieldProblem } from '@/machines/accounts/passwordPolicy';
import type { MessageValues } from '@/src/i18n/i18n';
import type { AccountsSignUpMessage } from './signUpCatalogue';

const TEXTS = {
  required: 'password.required',
  passwordsDiffer: 'password.passwordsDiffer',
  tooShort: 'password.tooShort',
  tooLong: 'password.tooLong',
  lowercase: 'password.lowercase',
  uppercase: 'password.uppercase',
  number: 'password.number',
  symbol: 'password.symbol',
} as const satisfies Record<PasswordFieldProblem['id'], AccountsSignUpMessage>;

/**
 * The problem's text with the screen's `t` (of a useMessages with accountsSignUpMessages); undefined for no problem, so a Field
 * shows no error. A plain function, not a hook: a screen calls useMessages once, as its last hook.
 */
export function passwordProblemText(
  t: (id: AccountsSignUpMessage, values?: MessageValues) => string,
  problem: PasswordFieldProblem | undefined,
): string | undefined {
  return problem ? t(TEXTS[problem.id], problem) : undefined;
}
