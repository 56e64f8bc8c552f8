// The Analytics screen's figures (issue 17): GET /api/analytics?range= with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { CreatorAnalytics } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import { analyticsConnectMachine } from '@/machines/analytics/analyticsConnect.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

type Jwt = () => string | null;

export type AnalyticsLogic = typeof analyticsConnectMachine;

export function analyticsActors(jwt: Jwt) {
  return {
    loadAnalytics: fromPromise<CreatorAnalytics, { range: AnalyticsRange }>(async ({ input }) => {
      const answer = await (await api()).request('analytics', { jwt: requireJwt(jwt()), query: { range: input.range } });
      if (answer.role !== 'creator') throw new Error('Analytics of a creator were expected');
      return answer;
    }),
  };
}

export function useAnalyticsLogic(logic?: AnalyticsLogic): AnalyticsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? analyticsConnectMachine.provide({ actors: analyticsActors(app.jwt) }), [logic, app]);
}
