// The brand's report at /campaigns/:id/report (docs/product.md §Deliverables, "The brand's report"), replayed along
// campaignReport's recorded paths on the real screen: the creator filter, Refresh, Download CSV, Try again, or the
// API answering; after every step the screen shows what its state says (the spinner, the refusal with Try again,
// the not-found page, or the report with the one request under way marked busy).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { campaignReportMachine } from '@/machines/deliverables/campaignReport.machine';
import { reportSharesMachine, type ReportShare } from '@/machines/deliverables/reportShares.machine';
import { CampaignReportScreen } from '@/src/deliverables/CampaignReport';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type ReportInput = { source: string; offerId: string | null };

const GONE = "This campaign's report was not found.";
const table = () => screen.queryByRole('table', { name: 'The report by day' });
const refresh = () => screen.getByRole('button', { name: 'Refresh' });
const download = () => screen.getByRole('button', { name: 'Download CSV' });

walkScreens('campaignReport', {
  mount(input) {
    const { source } = input as { source: string };
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
      { path: '/campaigns/:id/report', url: `/campaigns/${source}/report`, jwt: 'advertiser.jwt' },
    );
    /** What the screen was told so far: the report read, the filter chosen, the last refusal. */
    const seen = {
      source,
      offerId: null as string | null,
      report: null as CampaignReport | null,
      error: null as string | null,
      settled: { load: 0, csv: 0 },
    };
    return {
      load,
      csv,
      seen,
      gestures: {
        // The filter offers the report's creators; "All creators" is the empty value.
        'report.filter': ({ offerId }) => {
          if (offerId !== seen.offerId) seen.error = null;
          seen.offerId = offerId;
          fireEvent.change(screen.getByLabelText('Creator'), { target: { value: offerId ?? '' } });
        },
        'report.retry': () => {
          seen.error = null;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        'report.refresh': () => {
          seen.error = null;
          fireEvent.click(refresh());
        },
        'report.download': () => {
          seen.error = null;
          fireEvent.click(download());
        },
        'xstate.done.actor.loadReport': async ({ output }) => {
          seen.report = output;
          seen.error = null;
          seen.settled.load += 1;
          await load.resolve(output);
        },
        'xstate.error.actor.loadReport': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.load += 1;
          await load.reject(error);
        },
        'xstate.done.actor.downloadCsv': async () => {
          seen.settled.csv += 1;
          await csv.resolve();
        },
        'xstate.error.actor.downloadCsv': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.csv += 1;
          await csv.reject(error);
        },
      },
    };
  },
  states: {
    // The spinner alone: the report is being read with the filter chosen.
    loading: ({ load, csv, seen }) => {
      expect(screen.getByText('Loading report').closest('[role="status"]')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Report');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByText(GONE)).not.toBeInTheDocument();
      expect(table()).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load + 1);
      expect(load.inputs.at(-1)).toEqual({ source: seen.source, offerId: seen.offerId });
      expect(csv.started).toBe(seen.settled.csv);
    },
    // The report could not be read: why, and Try again; no figures.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The report could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading report')).not.toBeInTheDocument();
      expect(screen.queryByText(GONE)).not.toBeInTheDocument();
      expect(table()).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
    },
    // Not found (404): the page says so, with nothing to retry and no figures.
    gone: ({ load, csv, seen }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(GONE);
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByText('Loading report')).not.toBeInTheDocument();
      expect(table()).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
      expect(csv.started).toBe(seen.settled.csv);
    },
    // The report, every control free and no request out; the last refusal above the figures.
    'ready.idle': (mounted) => {
      readyScreen(mounted);
      expect(refresh()).toBeEnabled();
      expect(refresh()).not.toHaveAttribute('aria-busy');
      expect(download()).toBeEnabled();
      expect(download()).not.toHaveAttribute('aria-busy');
      expect(mounted.load.started).toBe(mounted.seen.settled.load);
      expect(mounted.csv.started).toBe(mounted.seen.settled.csv);
    },
    // Read again (a new filter, Refresh) keeping the figures shown: Refresh busy, the request out.
    'ready.reloading': (mounted) => {
      readyScreen(mounted);
      expect(refresh()).toBeDisabled();
      expect(refresh()).toHaveAttribute('aria-busy', 'true');
      expect(download()).toBeEnabled();
      expect(mounted.load.started).toBe(mounted.seen.settled.load + 1);
      expect(mounted.load.inputs.at(-1)).toEqual({ source: mounted.seen.source, offerId: mounted.seen.offerId });
      expect(mounted.csv.started).toBe(mounted.seen.settled.csv);
    },
    // The CSV is being fetched with the filter chosen: Download CSV busy.
    'ready.downloading': (mounted) => {
      readyScreen(mounted);
      expect(download()).toBeDisabled();
      expect(download()).toHaveAttribute('aria-busy', 'true');
      expect(refresh()).toBeEnabled();
      expect(mounted.csv.started).toBe(mounted.seen.settled.csv + 1);
      expect(mounted.csv.inputs.at(-1)).toEqual({ source: mounted.seen.source, offerId: mounted.seen.offerId });
      expect(mounted.load.started).toBe(mounted.seen.settled.load);
    },
  },
});

/** The report as read: its title, the filter as chosen, the table by day, the last refusal or none. */
function readyScreen({
  seen,
}: {
  seen: { offerId: string | null; report: CampaignReport | null; error: string | null };
}) {
  const report = seen.report!;
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Report: ${report.campaign.title}`);
  expect(screen.queryByText('Loading report')).not.toBeInTheDocument();
  expect(screen.queryByText('The report could not be loaded')).not.toBeInTheDocument();
  expect(screen.queryByText(GONE)).not.toBeInTheDocument();
  expect(screen.getByLabelText('Creator')).toHaveValue(seen.offerId ?? '');
  const creator = report.creators.find((c) => c.offerId === seen.offerId)?.name;
  expect(screen.getByText(creator ? new RegExp(`· ${creator} only ·`) : /· Every creator ·/)).toBeInTheDocument();
  expect(within(table()!).getAllByRole('row')).toHaveLength(report.days.length + 1);
  const refusal = screen.queryByText('The report could not be read again');
  if (seen.error) expect(refusal?.closest('[role="alert"]')).toHaveTextContent(seen.error);
  else expect(refusal).not.toBeInTheDocument();
}
