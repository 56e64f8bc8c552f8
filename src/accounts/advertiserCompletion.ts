// An advertiser's completion at /complete-register (docs/product.md §Advertiser onboarding): the company profile sent for review
// (PUT /api/advertiser/profile) with the session's jwt; once sent, the Company Profile page.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import { advertiserCompletionMachine } from '@/machines/accounts/advertiserCompletion.machine';
import { api, requireJwt, useAppWiring } from './session';

export type AdvertiserCompletionLogic = typeof advertiserCompletionMachine;

export function advertiserCompletionActors(jwt: () => string | null) {
  return {
    saveCompanyProfile: fromPromise<AdvertiserProfile, AdvertiserProfileInput>(async ({ input }) => {
      const { profile } = await (
        await api()
      ).request('updateAdvertiserProfile', { jwt: requireJwt(jwt()), json: input });
      if (!profile) throw new Error('The company profile was not saved.');
      return profile;
    }),
  };
}

/** The completion with the session's jwt and the router; `logic` (tests) replaces the API actor. */
export function useAdvertiserCompletionLogic(logic?: AdvertiserCompletionLogic): AdvertiserCompletionLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? advertiserCompletionMachine.provide({ actors: advertiserCompletionActors(app.jwt) })).provide({
        actions: { goToCompanyProfile: () => app.goTo('/company-profile') },
      }),
    [logic, app],
  );
}
