// The password change (Settings screen): POST /api/auth/change-password, then the session goes on with the new token.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { changePasswordMachine } from '@/machines/accounts/changePassword.machine';
import { api, requireJwt, useAppWiring } from './session';

export type ChangePasswordLogic = typeof changePasswordMachine;

export function changePasswordActors(jwt: () => string | null) {
  return {
    changePassword: fromPromise<{ message: string; token: string }, { currentPassword: string; newPassword: string }>(
      async ({ input }) => (await api()).request('changePassword', { jwt: requireJwt(jwt()), json: input }),
    ),
  };
}

/** `logic` (tests) replaces the API actor; the session takes the new token either way. */
export function useChangePasswordLogic(logic?: ChangePasswordLogic): ChangePasswordLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? changePasswordMachine.provide({ actors: changePasswordActors(app.jwt) })).provide({
        actions: { renewSession: (_, { token }) => app.session.send({ type: 'session.renew', token }) },
      }),
    [logic, app],
  );
}
