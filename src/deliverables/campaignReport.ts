// The brand's report (docs/product.md §Deliverables, "The brand's report"): the advertiser's, read with the session's
// jwt (GET /api/campaigns/:id/report, its CSV from …/report/csv saved under the server's file name), and the shared
// page's, read with the link's token and no session (GET /api/reports/:token).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { campaignReportMachine } from '@/machines/deliverables/campaignReport.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { saveBlob } from '../money/saveFile';

export type CampaignReportLogic = typeof campaignReportMachine;

type Jwt = () => string | null;
type ReportInput = { source: string; offerId: string | null };

const queryOf = (offerId: string | null) => (offerId ? { offerId } : {});

export function campaignReportActors(jwt: Jwt) {
  return {
    loadReport: fromPromise<CampaignReport, ReportInput>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('campaignReport', {
            jwt: requireJwt(jwt()),
            params: { id: input.source },
            query: queryOf(input.offerId),
          })
        ).report,
    ),
    downloadCsv: fromPromise<void, ReportInput>(async ({ input }) => {
      const { blob, fileName } = await (
        await api()
      ).download('campaignReportCsv', {
        jwt: requireJwt(jwt()),
        params: { id: input.source },
        query: queryOf(input.offerId),
      });
      saveBlob(blob, fileName ?? `report-${input.source}.csv`);
    }),
  };
}

/** The advertiser's report with the session's jwt; `logic` (tests) replaces it. */
export function useCampaignReportLogic(logic?: CampaignReportLogic): CampaignReportLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? campaignReportMachine.provide({ actors: campaignReportActors(app.jwt) }), [logic, app]);
}

/** The shared page: the link's token is the source, no session; it offers no download. */
export const sharedReportLogic: CampaignReportLogic = campaignReportMachine.provide({
  actors: {
    loadReport: fromPromise<CampaignReport, ReportInput>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('sharedReport', { params: { token: input.source }, query: queryOf(input.offerId) })
        ).report,
    ),
    downloadCsv: fromPromise<void, ReportInput>(async () => {
      throw new Error('A shared report has no download');
    }),
  },
});
