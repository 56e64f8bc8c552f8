// The login flow's implementation (docs/spec.md §2 Login screen, §7, §8); Google sign-in on the same screen is googleSignIn.ts.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { loginMachine } from '@/machines/accounts/login.machine';
import { messages } from '@/src/messages';
import { api, useAppWiring } from './session';

/** POST /api/auth/jwt-login with the login payload of docs/spec.md §3 → the token. */
export const loginLogic = loginMachine.provide({
  actors: {
    authenticate: fromPromise<string, { email: string; password: string }>(async ({ input }) => {
      const { request } = await api();
      return (
        await request('jwtLogin', {
          json: { email: input.email, password: input.password || null, firebaseResponse: null },
        })
      ).token;
    }),
  },
});
export type LoginLogic = typeof loginLogic;

/** `logic` with the session's sign-in and the router: success stores the token and opens /dashboard. */
export function useLoginLogic(logic: LoginLogic = loginLogic): LoginLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic.provide({
        actions: {
          signIn: (_, { token }) => app.signIn('password', token),
          goToDashboard: () => app.goTo('/dashboard'),
          logError: (_, { error }) => console.error(messages.loginFailed, error),
        },
      }),
    [logic, app],
  );
}
