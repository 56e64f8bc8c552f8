// The profile completion's implementations (docs/spec.md §2 Complete-register, §7: the completion goes through the profile
// update helper, PUT /api/profile).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { profileCompletionMachine, type CompletionPayload } from '@/machines/accounts/profileCompletion.machine';
import { messages } from '@/src/messages';
import { api, requireJwt, useAppWiring } from './session';

export type ProfileCompletionLogic = typeof profileCompletionMachine;

/** The completion payload through the profile update helper (PUT /api/profile); no jwt → the spec's error, no request. */
export function profileCompletionActors(jwt: () => string | null) {
  return {
    saveProfile: fromPromise<unknown, CompletionPayload>(async ({ input }) => {
      const token = requireJwt(jwt(), messages.profileUpdateNoToken);
      return (await api()).request('updateProfile', { jwt: token, json: input });
    }),
  };
}

/** The wizard with the session's jwt and the router; `logic` (tests) replaces the API actor. */
export function useProfileCompletionLogic(logic?: ProfileCompletionLogic): ProfileCompletionLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? profileCompletionMachine.provide({ actors: profileCompletionActors(app.jwt) })).provide({
        actions: {
          goToDashboard: () => app.goTo('/dashboard'),
          logError: (_, { error }) => console.error(messages.profileUpdateFailed, error),
        },
      }),
    [logic, app],
  );
}
