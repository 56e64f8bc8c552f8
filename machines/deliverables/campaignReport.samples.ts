// The campaignReport flow's samples, for its generated paths, the inspector and the view tests (catalogued in
// machines/samples.ts): a week of a campaign asking for overlay minutes, a tracked link and promo redemptions, shaped
// as GET /api/campaigns/:id/report answers it, with the figures adding up (totals = the days, the creators).
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { apiRefusal, type Fixture } from '../events';
import type { campaignReportMachine } from './campaignReport.machine';

type Figures = Omit<CampaignReport['days'][number], 'day'>;

const DAYS: [string, Figures][] = [
  ['2026-11-20', fig(3_600, 1_840, 52, 6, 1, 4_900, 0, 6_000)],
  ['2026-11-21', fig(5_400, 2_610, 77, 9, 3, 14_700, 0, 8_500)],
  ['2026-11-22', fig(0, 0, 12, 1, 0, 0, 0, 0)],
  ['2026-11-23', fig(7_200, 3_980, 121, 14, 2, 9_800, 0, 12_000)],
  ['2026-11-24', fig(6_300, 3_120, 98, 11, 4, 19_600, 0, 10_500)],
  ['2026-11-25', fig(4_500, 2_270, 64, 7, 1, 4_900, 0, 7_500)],
  ['2026-11-26', fig(2_700, 1_330, 31, 3, 0, 0, 0, 4_500)],
];

function fig(
  verifiedSeconds: number,
  impressions: number,
  clicks: number,
  refusedClicks: number,
  redemptions: number,
  redeemedCents: number,
  botPosts: number,
  spendCents: number,
): Figures {
  return { verifiedSeconds, impressions, clicks, refusedClicks, redemptions, redeemedCents, botPosts, spendCents };
}

function sum(rows: Figures[]): Figures {
  const total = fig(0, 0, 0, 0, 0, 0, 0, 0);
  for (const row of rows) for (const key of Object.keys(total) as (keyof Figures)[]) total[key] += row[key];
  return total;
}

/** Totals as the server derives them: click rate per impression, CPM and CPC in cents. */
function totalsOf(figures: Figures): CampaignReport['totals'] {
  return {
    ...figures,
    clickRate: figures.impressions ? figures.clicks / figures.impressions : null,
    cpmCents: figures.impressions ? Math.round((figures.spendCents * 1000) / figures.impressions) : null,
    cpcCents: figures.clicks ? Math.round(figures.spendCents / figures.clicks) : null,
  };
}

const days = DAYS.map(([day, figures]) => ({ day, ...figures }));
// Two creators share the campaign: Rin about three fifths of each figure, Milo the rest.
const rin = sum(DAYS.map(([, f]) => f)) as Figures;
const rinShare = Object.fromEntries(Object.entries(rin).map(([k, v]) => [k, Math.round(v * 0.6)])) as Figures;
const miloShare = Object.fromEntries(
  Object.entries(rin).map(([k, v]) => [k, v - rinShare[k as keyof Figures]]),
) as Figures;

export const sampleReport: CampaignReport = {
  campaign: {
    id: 'cmp_nova',
    brand: 'Nova Energy',
    title: 'Nova late-night streams',
    status: 'active',
    startsOn: '2026-11-20',
    endsOn: '2026-12-10',
    budgetCents: 150_000,
    perClickCents: null,
    asks: { overlay: true, link: true, chat: false, promo: true },
  },
  offerId: null,
  from: '2026-11-20',
  to: '2026-11-26',
  days,
  totals: totalsOf(sum(DAYS.map(([, f]) => f))),
  creators: [
    { offerId: 'off_rin', name: 'Rin Plays', status: 'active', totals: totalsOf(rinShare) },
    { offerId: 'off_milo', name: 'Milo Live', status: 'accepted', totals: totalsOf(miloShare) },
  ],
  generatedAt: '2026-11-26T23:00:00.000Z',
};

/** The same report filtered to one creator (`?offerId=off_rin`). */
export const sampleCreatorReport: CampaignReport = {
  ...sampleReport,
  offerId: 'off_rin',
  days: days.map((day) => ({
    ...day,
    ...Object.fromEntries(
      Object.entries(day)
        .filter(([k]) => k !== 'day')
        .map(([k, v]) => [k, Math.round((v as number) * 0.6)]),
    ),
  })),
  totals: sampleReport.creators[0]!.totals,
};

/** A report with nothing counted yet: a campaign launched today. */
export const sampleEmptyReport: CampaignReport = {
  ...sampleReport,
  from: '2026-11-26',
  to: '2026-11-26',
  days: [{ day: '2026-11-26', ...fig(0, 0, 0, 0, 0, 0, 0, 0) }],
  totals: totalsOf(fig(0, 0, 0, 0, 0, 0, 0, 0)),
  creators: [],
};

/**
 * A link-only campaign (the overlay not asked for): clicks and their spend, no minutes, impressions or redemptions
 * counted (issue 48 item 4).
 */
const LINK_DAYS: [string, Figures][] = [
  ['2026-11-24', fig(0, 0, 40, 5, 0, 0, 0, 0)],
  ['2026-11-25', fig(0, 0, 35, 2, 0, 0, 0, 0)],
  ['2026-11-26', fig(0, 0, 25, 1, 0, 0, 0, 9_000)],
];
export const sampleLinkReport: CampaignReport = {
  campaign: {
    ...sampleReport.campaign,
    id: 'cmp_link',
    title: 'Nova link drops',
    startsOn: '2026-11-24',
    budgetCents: 9_000,
    asks: { overlay: false, link: true, chat: false, promo: false },
  },
  offerId: null,
  from: '2026-11-24',
  to: '2026-11-26',
  days: LINK_DAYS.map(([day, figures]) => ({ day, ...figures })),
  totals: totalsOf(sum(LINK_DAYS.map(([, f]) => f))),
  creators: [
    { offerId: 'off_link', name: 'Rin Plays', status: 'completed', totals: totalsOf(sum(LINK_DAYS.map(([, f]) => f))) },
  ],
  generatedAt: '2026-11-26T23:00:00.000Z',
};

export const samples = {
  inputs: [{ source: 'cmp_nova' }],
  events: {
    'report.filter': [
      { type: 'report.filter', offerId: 'off_rin' },
      { type: 'report.filter', offerId: null },
    ],
    'xstate.error.actor.downloadCsv': [
      { type: 'xstate.error.actor.downloadCsv', error: apiRefusal('Service unavailable', 503) },
    ],
    'xstate.done.actor.loadReport': [{ type: 'xstate.done.actor.loadReport', output: sampleReport }],
    'xstate.error.actor.loadReport': [
      { type: 'xstate.error.actor.loadReport', error: apiRefusal('Service unavailable', 503) },
      { type: 'xstate.error.actor.loadReport', error: apiRefusal('This report link is no longer available', 404) },
    ],
  },
  abstract: (context) => ({
    offerId: context.offerId,
    loaded: context.report !== null,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof campaignReportMachine>;
