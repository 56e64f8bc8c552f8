// The advertiser's reach per campaign on Campaigns (docs/product.md §Analytics "Advertisers see, per campaign…"),
// replayed along campaignReach's recorded paths on the real screen: the Reach card's figures for a range, a range
// change reading again while the figures stay, a failed first read with Try again. The screen's other cards
// (checklist, funds, campaigns) wait for their answers.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign, FundingDetails } from '@/contract';
import { DEFAULT_RANGE, RANGE_LABELS, type AnalyticsRange } from '@/contract/analytics';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { errorText } from '@/machines/messages';
import { formatCount, formatMoney } from '@/src/common/format';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The Reach card loads lazily; its module is loaded once here so that every path finds it ready.
beforeAll(() => import('@/src/analytics/CampaignReach'));

const spinner = () => screen.queryByText('Loading campaign figures');
const failure = () =>
  screen.queryByText('The campaign figures could not be loaded')?.closest<HTMLElement>('[role="alert"]') ?? null;
const card = () => screen.queryByRole('region', { name: 'Reach' });

/** What the person has been shown and chosen: the figures, the range, the last failure, the reads answered. */
interface Seen {
  reach: AdvertiserAnalytics | null;
  range: AnalyticsRange;
  error: string | null;
  settled: number;
}

type Load = ReturnType<typeof controlled<AdvertiserAnalytics, { range: AnalyticsRange }>>;

/** The Reach card with the last figures answered, the range chosen checked, and the last failure if any. */
function expectFigures({ load, seen }: { load: Load; seen: Seen }, reloading: boolean) {
  const region = card()!;
  expect(region).toBeInTheDocument();
  expect(spinner()).not.toBeInTheDocument();
  expect(failure()).toBeNull();
  const reach = seen.reach!;
  const inCard = within(region);
  expect(inCard.getByRole('radio', { name: RANGE_LABELS[seen.range] })).toBeChecked();
  for (const range of Object.keys(RANGE_LABELS) as AnalyticsRange[])
    if (range !== seen.range) expect(inCard.getByRole('radio', { name: RANGE_LABELS[range] })).not.toBeChecked();
  expect(inCard.getByRole('table', { name: `Your campaigns' reach in ${RANGE_LABELS[reach.range]}` })).toBeVisible();
  for (const campaign of reach.campaigns) {
    const row = inCard.getByRole('row', { name: new RegExp(campaign.title) });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      `${campaign.brand}: ${campaign.title}`,
      formatCount(campaign.creatorsReached),
      formatCount(campaign.displayMinutes),
      formatCount(campaign.impressions),
      `${formatMoney(campaign.spendCents)} of ${formatMoney(campaign.budgetCents)}`,
    ]);
  }
  expect(region).toHaveAttribute('aria-busy', String(reloading));
  if (seen.error) expect(inCard.getByRole('alert')).toHaveTextContent(seen.error);
  else expect(inCard.queryByRole('alert')).not.toBeInTheDocument();
  expect(load.started).toBe(seen.settled + (reloading ? 1 : 0));
  if (reloading) expect(load.inputs.at(-1)).toEqual({ range: seen.range });
}

walkScreens('campaignReach', {
  async mount() {
    const load: Load = controlled<AdvertiserAnalytics, { range: AnalyticsRange }>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
          funds: advertiserFundsMachine.provide({
            actors: {
              loadFunds: controlled<AdvertiserBalance>().logic,
              loadTransfer: controlled<FundingDetails>().logic,
            },
          }),
          reach: campaignReachMachine.provide({ actors: { loadReach: load.logic } }),
          checklist: advertiserChecklistMachine.provide({
            actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
          }),
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    // The lazy card's module is loaded; React takes it on the next turn.
    await act(async () => {});
    const seen: Seen = { reach: null, range: DEFAULT_RANGE, error: null, settled: 0 };
    return {
      load,
      seen,
      gestures: {
        'xstate.done.actor.loadReach': async ({ output }) => {
          seen.settled += 1;
          seen.reach = output;
          // A first read's answer clears its failure; a range's answer keeps none (the change cleared it).
          seen.error = null;
          await load.resolve(output);
        },
        'xstate.error.actor.loadReach': async ({ error }) => {
          seen.settled += 1;
          seen.error = errorText(error);
          await load.reject(error);
        },
        'reach.retry': () => fireEvent.click(within(failure()!).getByRole('button', { name: 'Try again' })),
        'range.change': ({ range }) => {
          seen.range = range;
          seen.error = null;
          fireEvent.click(within(card()!).getByRole('radio', { name: RANGE_LABELS[range] }));
        },
      },
    };
  },
  states: {
    // The first read (or a retry) under way: the card's spinner, no figures, no failure.
    loading: ({ load, seen }) => {
      expect(spinner()).toBeInTheDocument();
      expect(card()).not.toBeInTheDocument();
      expect(failure()).toBeNull();
      expect(load.started).toBe(seen.settled + 1);
      expect(load.inputs.at(-1)).toEqual({ range: seen.range });
    },
    // The first read failed: why, and Try again; no figures, no range to choose; nothing read meanwhile.
    failed: ({ load, seen }) => {
      const alert = failure()!;
      expect(alert).toBeInTheDocument();
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(spinner()).not.toBeInTheDocument();
      expect(card()).not.toBeInTheDocument();
      expect(screen.queryByRole('radiogroup', { name: 'Range' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled);
    },
    // The figures of the range read; a failed range read says why above them (the older figures stay).
    'ready.idle': (mounted) => expectFigures(mounted, false),
    // Another range is being read: the card is busy, the figures shown stay, no failure.
    'ready.reloading': (mounted) => expectFigures(mounted, true),
  },
});
