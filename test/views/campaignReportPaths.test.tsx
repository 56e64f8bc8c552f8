// The brand's report (docs/product.md §Deliverables, "The brand's report") driven along the campaignReport
// statechart's generated paths: every event is a gesture on the screen (the creator filter, Refresh, Download CSV,
// Try again) or a settled request, and each path ends on what its state shows.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { catalogue } from '@/machines/index';
import { fixtures } from '@/machines/samples';
import { campaignReportMachine } from '@/machines/deliverables/campaignReport.machine';
import { reportSharesMachine, type ReportShare } from '@/machines/deliverables/reportShares.machine';
import { CampaignReportScreen } from '@/src/deliverables/CampaignReport';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

type ReportInput = { source: string; offerId: string | null };

describe("the brand's report along generated paths", () => {
  const paths = generatePaths(catalogue.campaignReport, fixtures.campaignReport);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const load = controlled<CampaignReport, ReportInput>();
    const csv = controlled<void, ReportInput>();
    const shares = controlled<ReportShare[], { campaignId: string }>();
    renderScreen(
      <CampaignReportScreen
        logic={{
          report: campaignReportMachine.provide({ actors: { loadReport: load.logic, downloadCsv: csv.logic } }),
          shares: reportSharesMachine.provide({ actors: { loadShares: shares.logic } }),
        }}
      />,
      { path: '/campaigns/:id/report', url: '/campaigns/cmp_nova/report', jwt: 'advertiser.jwt' },
    );

    const gestures = {
      // The filter offers the report's creators; "All creators" is the empty value.
      'report.filter': ({ offerId }) => {
        const select = screen.queryByLabelText('Creator');
        if (select) fireEvent.change(select, { target: { value: offerId ?? '' } });
      },
      'report.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
      'report.refresh': () => {
        const button = screen.queryByRole('button', { name: 'Refresh' });
        if (button) fireEvent.click(button);
      },
      'report.download': () => {
        const button = screen.queryByRole('button', { name: 'Download CSV' });
        if (button) fireEvent.click(button);
      },
      'xstate.done.actor.loadReport': ({ output }) => load.resolve(output),
      'xstate.error.actor.loadReport': ({ error }) => load.reject(error as Error),
      'xstate.done.actor.downloadCsv': () => csv.resolve(),
      'xstate.error.actor.downloadCsv': ({ error }) => csv.reject(error as Error),
    } satisfies Gestures<typeof campaignReportMachine>;
    await perform(gestures, path.events);

    const expected = JSON.stringify(path.expected);
    if (expected === '"loading"') expect(screen.getByText('Loading report')).toBeInTheDocument();
    else if (expected === '"failed"') expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    else if (expected === '"gone"')
      expect(screen.getByText("This campaign's report was not found.")).toBeInTheDocument();
    else {
      expect(screen.getByRole('table', { name: 'The report by day' })).toBeInTheDocument();
      const busy = expected === '{"ready":"reloading"}';
      expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', busy);
      expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty(
        'disabled',
        expected === '{"ready":"downloading"}',
      );
    }
  });
});
