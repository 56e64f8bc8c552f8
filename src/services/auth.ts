// Implementations of the sign-in machines' actors (login, Google, registration, completion).
import { fromPromise } from 'xstate';
import type { CompletionPayload } from '../../machines/profileCompletion.machine';
import type { PasswordPolicy } from '../../machines/passwordPolicy';
import type { AccountType } from '../../machines/types';
import { firebaseLogin, jwtLogin, passwordPolicy, register } from '../api/auth';
import { updateProfile } from '../api/profile';
import { messages } from '../messages';
import { readJwt } from './storage';

export const authenticate = fromPromise<string, { email: string; password: string }>(({ input }) =>
  jwtLogin(input.email, input.password || null, null),
);

export const googlePopup = fromPromise<string | null, void>(async () => {
  const { googleIdToken } = await import('./firebase');
  return googleIdToken();
});

export const exchangeGoogleToken = fromPromise<string | null, { idToken: string }>(({ input }) => firebaseLogin(input.idToken));

export const loadPasswordPolicy = fromPromise<PasswordPolicy, void>(() => passwordPolicy());

export const registerAccount = fromPromise<string, { email: string; password: string; type_account: AccountType }>(({ input }) =>
  register(input.email, input.password, input.type_account),
);

/** The completion payload goes through the profile update helper; no jwt → the spec's error, no request. */
export const saveCompletion = fromPromise<unknown, CompletionPayload>(async ({ input }) => {
  const jwt = readJwt();
  if (!jwt) throw new Error(messages.profileUpdateNoToken);
  return updateProfile(jwt, input);
});
