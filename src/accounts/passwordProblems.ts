// What is wrong with a field of a password form, in the page's language: the machines say it as an id and values
// (machines/accounts/passwordPolicy.ts), the accounts catalogue words it (docs/architecture.md §Languages).
import type { PasswordFieldProblem } from '@/machines/accounts/passwordPolicy';
import { useMessages } from '@/src/i18n/i18n';
import { accountsMessages, type AccountsMessage } from './catalogue';

const TEXTS = {
  required: 'password.required',
  passwordsDiffer: 'password.passwordsDiffer',
  tooShort: 'password.tooShort',
  tooLong: 'password.tooLong',
  lowercase: 'password.lowercase',
  uppercase: 'password.uppercase',
  number: 'password.number',
  symbol: 'password.symbol',
} as const satisfies Record<PasswordFieldProblem['id'], AccountsMessage>;

/** `(problem) => text`, undefined for no problem (a Field shows no error). */
export function usePasswordProblemText() {
  const { t } = useMessages(accountsMessages);
  return (problem: PasswordFieldProblem | undefined): string | undefined =>
    problem ? t(TEXTS[problem.id], problem) : undefined;
}
