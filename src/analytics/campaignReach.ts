// The advertiser's reach per campaign (docs/product.md §Analytics): GET /api/analytics?range= with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AdvertiserAnalytics } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

type Jwt = () => string | null;

export type CampaignReachLogic = typeof campaignReachMachine;

export function campaignReachActors(jwt: Jwt) {
  return {
    loadReach: fromPromise<AdvertiserAnalytics, { range: AnalyticsRange }>(async ({ input }) => {
      const answer = await (
        await api()
      ).request('analytics', { jwt: requireJwt(jwt()), query: { range: input.range } });
      if (answer.role !== 'advertiser') throw new Error('Campaign figures of an advertiser were expected');
      return answer;
    }),
  };
}

export function useCampaignReachLogic(logic?: CampaignReachLogic): CampaignReachLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? campaignReachMachine.provide({ actors: campaignReachActors(app.jwt) }), [logic, app]);
}
