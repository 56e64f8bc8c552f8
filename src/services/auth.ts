// Implementations of the sign-in machines' actors (login, Google, registration, completion).
// The API client is imported when a call is made, so the sign-in screens load without it.
import { fromPromise } from 'xstate';
import type { PasswordPolicy } from '../../machines/passwordPolicy';
import type { CompletionPayload } from '../../machines/profileCompletion.machine';
import type { AccountType } from '../../machines/types';
import { messages } from '../messages';
import { readJwt } from './storage';

const authApi = () => import('../api/auth');

export const authenticate = fromPromise<string, { email: string; password: string }>(async ({ input }) =>
  (await authApi()).jwtLogin(input.email, input.password || null, null),
);

export const googlePopup = fromPromise<string | null, void>(async () => {
  const { googleIdToken } = await import('./firebase');
  return googleIdToken();
});

export const exchangeGoogleToken = fromPromise<string | null, { idToken: string }>(async ({ input }) =>
  (await authApi()).firebaseLogin(input.idToken),
);

export const loadPasswordPolicy = fromPromise<PasswordPolicy, void>(async () => (await authApi()).passwordPolicy());

export const registerAccount = fromPromise<string, { email: string; password: string; type_account: AccountType }>(async ({ input }) =>
  (await authApi()).register(input.email, input.password, input.type_account),
);

/** The completion payload goes through the profile update helper; no jwt → the spec's error, no request. */
export const saveCompletion = fromPromise<unknown, CompletionPayload>(async ({ input }) => {
  const jwt = readJwt();
  if (!jwt) throw new Error(messages.profileUpdateNoToken);
  const { updateProfile } = await import('../api/profile');
  return updateProfile(jwt, input);
});
