// Add spots on the campaign page (issue 48 item 6): POST /api/campaigns/:id/spots with the session's jwt; the
// confirmation reads the free balance (GET /api/advertiser/balance), as the launch's does.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Campaign } from '@/contract';
import { addSpotsMachine } from '@/machines/marketplace/addSpots.machine';
import type { LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type AddSpotsLogic = typeof addSpotsMachine;

type Jwt = () => string | null;

export function addSpotsActors(jwt: Jwt) {
  return {
    loadBalance: fromPromise<LaunchFunds, void>(async () => {
      const funds = await (await api()).request('getAdvertiserBalance', { jwt: requireJwt(jwt()) });
      return { balanceCents: funds.balanceCents, owedCents: funds.owedCents, owedDispute: funds.owedDispute };
    }),
    addSpots: fromPromise<Campaign, { id: string; spots: number; from: number }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('addCampaignSpots', {
            jwt: requireJwt(jwt()),
            params: { id: input.id },
            json: { spots: input.spots },
            // The same spots added to the same campaign from the same count is one request: a resend after a lost
            // answer reserves nothing twice (docs/api.md "Idempotency-Key").
            headers: { 'Idempotency-Key': `campaign-spots:${input.id}:${input.from}+${input.spots}` },
          })
        ).campaign,
    ),
  };
}

/** The flow with the session's jwt; `onChanged` hears the campaign with its new spots (the page shows it). */
export function useAddSpotsLogic(
  logic: AddSpotsLogic | undefined,
  onChanged: (campaign: Campaign) => void,
): AddSpotsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? addSpotsMachine.provide({ actors: addSpotsActors(app.jwt) })).provide({
        actions: { campaignChanged: (_, { campaign }) => onChanged(campaign) },
      }),
    [logic, app, onChanged],
  );
}
