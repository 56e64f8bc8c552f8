// The Analytics screen's figures (docs/product.md §Analytics): GET /api/analytics?range= with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { CreatorAnalytics } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import { analyticsConnectMachine } from '@/machines/analytics/analyticsConnect.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

type Jwt = () => string | null;

export type AnalyticsConnectLogic = typeof analyticsConnectMachine;

export function analyticsConnectActors(jwt: Jwt) {
  return {
    loadAnalytics: fromPromise<CreatorAnalytics, { range: AnalyticsRange }>(async ({ input }) => {
      const answer = await (
        await api()
      ).request('analytics', { jwt: requireJwt(jwt()), query: { range: input.range } });
      if (answer.role !== 'creator') throw new Error('Analytics of a creator were expected');
      return answer;
    }),
  };
}

export function useAnalyticsConnectLogic(logic?: AnalyticsConnectLogic): AnalyticsConnectLogic {
  const app = useAppWiring();
  return useMemo(
    () => logic ?? analyticsConnectMachine.provide({ actors: analyticsConnectActors(app.jwt) }),
    [logic, app],
  );
}
