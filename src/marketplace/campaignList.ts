// The Campaigns list's implementation (docs/product.md §Marketplace): GET /api/campaigns with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Campaign } from '@/contract';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type CampaignListLogic = typeof campaignListMachine;

type Jwt = () => string | null;

export function campaignListActors(jwt: Jwt) {
  return {
    loadCampaigns: fromPromise<Campaign[], void>(
      async () => (await (await api()).request('listCampaigns', { jwt: requireJwt(jwt()) })).campaigns,
    ),
  };
}

export function useCampaignListLogic(logic?: CampaignListLogic): CampaignListLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? campaignListMachine.provide({ actors: campaignListActors(app.jwt) }), [logic, app]);
}
