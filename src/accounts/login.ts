// The login and Google sign-in flows' implementations (SPEC §2 Login screen, §7, §8).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { googleSignInMachine } from '@/machines/accounts/googleSignIn.machine';
import { loginMachine } from '@/machines/accounts/login.machine';
import { messages } from '@/src/messages';
import { api, useAppWiring } from './session';

/** POST /api/auth/jwt-login with the login payload of SPEC §3 → the token. */
export const loginLogic = loginMachine.provide({
  actors: {
    authenticate: fromPromise<string, { email: string; password: string }>(async ({ input }) => {
      const { request } = await api();
      return (await request('jwtLogin', { json: { email: input.email, password: input.password || null, firebaseResponse: null } })).token;
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

/** The Google popup (Firebase, loaded on the click), then POST /api/auth/firebase-login → our token or a falsy value. */
export const googleSignInLogic = googleSignInMachine.provide({
  actors: {
    popup: fromPromise<string | null, void>(async () => (await import('./firebase')).googleIdToken()),
    exchange: fromPromise<string | null, { idToken: string }>(async ({ input }) => {
      const { request } = await api();
      return (await request('firebaseLogin', { json: { accessToken: input.idToken } })).token || null;
    }),
  },
});
export type GoogleSignInLogic = typeof googleSignInLogic;

export function useGoogleSignInLogic(logic: GoogleSignInLogic = googleSignInLogic): GoogleSignInLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic.provide({
        actions: {
          signIn: (_, { token }) => app.signIn('google', token),
          goToDashboard: () => app.goTo('/dashboard'),
          logFailure: (_, { error }) => console.error(messages.googleSignInFailed, error),
        },
      }),
    [logic, app],
  );
}
