// Company Profile's implementations (docs/product.md §Marketplace): GET and PUT /api/advertiser/profile with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import { advertiserProfileMachine } from '@/machines/marketplace/advertiserProfile.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type AdvertiserProfileLogic = typeof advertiserProfileMachine;

type Jwt = () => string | null;

export function advertiserProfileActors(jwt: Jwt) {
  return {
    loadAdvertiserProfile: fromPromise<AdvertiserProfile | null, void>(
      async () => (await (await api()).request('getAdvertiserProfile', { jwt: requireJwt(jwt()) })).profile,
    ),
    saveAdvertiserProfile: fromPromise<AdvertiserProfile, AdvertiserProfileInput>(async ({ input }) => {
      const { profile } = await (
        await api()
      ).request('updateAdvertiserProfile', { jwt: requireJwt(jwt()), json: input });
      if (!profile) throw new Error('The company profile was not saved.');
      return profile;
    }),
  };
}

export function useAdvertiserProfileLogic(logic?: AdvertiserProfileLogic): AdvertiserProfileLogic {
  const app = useAppWiring();
  return useMemo(
    () => logic ?? advertiserProfileMachine.provide({ actors: advertiserProfileActors(app.jwt) }),
    [logic, app],
  );
}
