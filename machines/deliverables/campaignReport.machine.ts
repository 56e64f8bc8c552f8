// The brand's report (docs/product.md §Deliverables, "The brand's report"): a campaign's figures by day, in total and
// per creator, read for the campaign's advertiser (GET /api/campaigns/:id/report) or through a share link (GET
// /api/reports/:token, no sign-in). A creator filter reads again keeping the figures shown; a link that is unknown
// or revoked (404) is its own end, the page that says so, not a retry.
import { assign, setup } from 'xstate';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface CampaignReportContext {
  /** The campaign's id (the advertiser's report) or the share token (the shared page): the wiring knows which. */
  source: string;
  /** One creator's report (an offer id), or null for every creator. */
  offerId: string | null;
  report: CampaignReport | null;
  error: string | null;
}

export type CampaignReportEvent =
  | { type: 'report.filter'; offerId: string | null }
  | { type: 'report.retry' }
  | { type: 'report.refresh' }
  | { type: 'report.download' };

/** A refusal's HTTP status, when the failure carries one (the client's ApiError). */
const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};

export const campaignReportMachine = setup({
  types: {
    context: {} as CampaignReportContext,
    events: {} as CampaignReportEvent,
    input: {} as { source: string; offerId?: string | null },
  },
  actors: {
    /** The report of `source` (a campaign id or a share token), for one creator when `offerId` is set. */
    loadReport: service<CampaignReport, { source: string; offerId: string | null }>('loadReport'),
    /** GET /api/campaigns/:id/report/csv (the same filter), saved as a file: the advertiser's report only. */
    downloadCsv: service<void, { source: string; offerId: string | null }>('downloadCsv'),
  },
  guards: {
    /** Not found: another advertiser's campaign, or a share link unknown or revoked. */
    isGone: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    /** A filter that changes what is read. */
    isNewFilter: ({ context, event }) => event.type === 'report.filter' && event.offerId !== context.offerId,
  },
}).createMachine({
  id: 'campaignReport',
  context: ({ input }) => ({ source: input.source, offerId: input.offerId ?? null, report: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ source: context.source, offerId: context.offerId }),
        onDone: { target: 'ready', actions: assign({ report: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isGone', target: 'gone' },
          { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    // The filter lists the report's creators: none until a report is read, so only Try again.
    failed: {
      on: { 'report.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    /** The report is not there (or no longer shared): nothing to retry. */
    gone: { type: 'final' },
    ready: {
      initial: 'idle',
      on: {
        'report.filter': {
          guard: 'isNewFilter',
          target: '.reloading',
          actions: assign({ offerId: ({ event }) => event.offerId, error: null }),
        },
        'report.refresh': { target: '.reloading', actions: assign({ error: null }) },
      },
      states: {
        idle: {
          on: { 'report.download': { target: 'downloading', actions: assign({ error: null }) } },
        },
        downloading: {
          invoke: {
            id: 'downloadCsv',
            src: 'downloadCsv',
            input: ({ context }) => ({ source: context.source, offerId: context.offerId }),
            onDone: 'idle',
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        // Read again keeping the figures shown until the new ones arrive; a failure keeps them and says why.
        reloading: {
          invoke: {
            id: 'loadReport',
            src: 'loadReport',
            input: ({ context }) => ({ source: context.source, offerId: context.offerId }),
            onDone: { target: 'idle', actions: assign({ report: ({ event }) => event.output }) },
            onError: [
              { guard: 'isGone', target: '#campaignReport.gone' },
              { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
            ],
          },
        },
      },
    },
  },
});
