// The registration wizard's implementations (docs/spec.md §2 Register screen, §7 POST /api/auth/register).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { PasswordPolicy } from '@/machines/accounts/passwordPolicy';
import { registrationMachine } from '@/machines/accounts/registration.machine';
import type { AccountType } from '@/machines/types';
import { messages } from '@/src/messages';
import { api, useAppWiring } from './session';
import { currentLocale } from '@/src/i18n/i18n';

/** The wizard with its API actors: the password policy and POST /api/auth/register → the token. */
export const registrationLogic = registrationMachine.provide({
  actors: {
    loadPolicy: fromPromise<PasswordPolicy, void>(async () => (await api()).request('passwordPolicy', {})),
    register: fromPromise<string, { email: string; password: string; type_account: AccountType }>(async ({ input }) => {
      const { request } = await api();
      // The account starts in the page's language (the browser's, or the one the public menu chose).
      return (await request('register', { json: { ...input, locale: currentLocale() } })).token;
    }),
  },
});
export type RegistrationLogic = typeof registrationLogic;

/** `logic` with the session's sign-in and the router: success stores the token and opens /complete-register. */
export function useRegistrationLogic(logic: RegistrationLogic = registrationLogic): RegistrationLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic.provide({
        actions: {
          signIn: (_, { token }) => app.signIn('register', token),
          goToCompleteRegister: () => app.goTo('/complete-register'),
          logError: (_, { error }) => console.error(messages.registerFailed, error),
        },
      }),
    [logic, app],
  );
}
