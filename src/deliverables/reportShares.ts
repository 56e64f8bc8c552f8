// The report's share links (docs/product.md §Deliverables, "The brand's report"): GET, POST and DELETE
// /api/campaigns/:id/report/shares with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ReportShare } from '@/machines/deliverables/reportShares.machine';
import { reportSharesMachine } from '@/machines/deliverables/reportShares.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type ReportSharesLogic = typeof reportSharesMachine;

type Jwt = () => string | null;

export function reportSharesActors(jwt: Jwt) {
  return {
    loadShares: fromPromise<ReportShare[], { campaignId: string }>(
      async ({ input }) =>
        (await (await api()).request('listReportShares', { jwt: requireJwt(jwt()), params: { id: input.campaignId } }))
          .shares,
    ),
    createShare: fromPromise<ReportShare, { campaignId: string; label: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('createReportShare', {
            jwt: requireJwt(jwt()),
            params: { id: input.campaignId },
            json: { label: input.label },
          })
        ).share,
    ),
    revokeShare: fromPromise<ReportShare, { campaignId: string; shareId: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('revokeReportShare', {
            jwt: requireJwt(jwt()),
            params: { id: input.campaignId, shareId: input.shareId },
          })
        ).share,
    ),
  };
}

/** The share links' flow with the session's jwt; `logic` (tests) replaces it. */
export function useReportSharesLogic(logic?: ReportSharesLogic): ReportSharesLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? reportSharesMachine.provide({ actors: reportSharesActors(app.jwt) }), [logic, app]);
}
