// Google sign-in (docs/spec.md §2 Login screen, §7, §8): the Google popup (Firebase, loaded on the click), then
// POST /api/auth/firebase-login → our token.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { googleSignInMachine } from '@/machines/accounts/googleSignIn.machine';
import { messages } from '@/src/messages';
import { api, useAppWiring } from './session';
import { currentLocale } from '@/src/i18n/i18n';

/** The popup, then the exchange → our token or a falsy value. */
export const googleSignInLogic = googleSignInMachine.provide({
  actors: {
    popup: fromPromise<string | null, void>(async () => (await import('./firebase')).googleIdToken()),
    exchange: fromPromise<string | null, { idToken: string }>(async ({ input }) => {
      const { request } = await api();
      // An account this sign-in creates starts in the page's language.
      return (
        (await request('firebaseLogin', { json: { accessToken: input.idToken, locale: currentLocale() } })).token ||
        null
      );
    }),
  },
});
export type GoogleSignInLogic = typeof googleSignInLogic;

/** `logic` with the session's sign-in and the router: success stores the token and opens /dashboard. */
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
