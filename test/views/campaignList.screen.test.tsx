// The advertiser's campaigns on Campaigns (docs/product.md §Marketplace "Advertiser workspace", "Campaign"), replayed
// along campaignList's recorded paths on the real screen; the screen's other cards (checklist, funds, reach) wait for
// their answers.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign, FundingDetails } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { formatMoney } from '@/src/common/format';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { campaignStatus } from '@/src/marketplace/labels';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const spinner = () => screen.queryByText('Loading campaigns');
const failure = () => screen.queryByText('The campaigns could not be loaded')?.closest<HTMLElement>('[role="alert"]');
const list = () => screen.queryByRole('list', { name: 'Campaigns' });

walkScreens('campaignList', {
  mount() {
    const load = controlled<Campaign[]>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: load.logic } }),
          funds: advertiserFundsMachine.provide({
            actors: {
              loadFunds: controlled<AdvertiserBalance>().logic,
              loadTransfer: controlled<FundingDetails>().logic,
            },
          }),
          reach: campaignReachMachine.provide({
            actors: { loadReach: controlled<AdvertiserAnalytics, { range: AnalyticsRange }>().logic },
          }),
          checklist: advertiserChecklistMachine.provide({
            actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
          }),
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    /** The campaigns answered, the failure shown, the reads ended. */
    const seen = { campaigns: [] as Campaign[], error: null as string | null, settled: 0 };
    return {
      load,
      seen,
      gestures: {
        'xstate.done.actor.loadCampaigns': async ({ output }) => {
          seen.settled += 1;
          Object.assign(seen, { campaigns: output, error: null });
          await load.resolve(output);
        },
        'xstate.error.actor.loadCampaigns': async ({ error }) => {
          seen.settled += 1;
          seen.error = (error as Error).message;
          await load.reject(error);
        },
        'campaigns.retry': () => fireEvent.click(within(failure()!).getByRole('button', { name: 'Try again' })),
      },
    };
  },
  states: {
    // The read under way: its spinner, no list, no failure.
    loading: ({ load, seen }) => {
      expect(spinner()).toBeInTheDocument();
      expect(failure()).toBeFalsy();
      expect(list()).not.toBeInTheDocument();
      expect(screen.queryByText(/^No campaigns yet/)).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled + 1);
    },
    // The read failed: the server's message and Try again; nothing read meanwhile.
    failed: ({ load, seen }) => {
      const alert = failure()!;
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(spinner()).not.toBeInTheDocument();
      expect(list()).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled);
    },
    // Each campaign with its status, pay, spots and offers, linking its page (an empty list says so).
    ready: ({ load, seen }) => {
      expect(spinner()).not.toBeInTheDocument();
      expect(failure()).toBeFalsy();
      expect(load.started).toBe(seen.settled);
      if (seen.campaigns.length === 0) {
        expect(screen.getByText(/^No campaigns yet/)).toBeInTheDocument();
        return;
      }
      const items = within(list()!).getAllByRole('listitem');
      expect(items).toHaveLength(seen.campaigns.length);
      seen.campaigns.forEach((campaign, i) => {
        const item = within(items[i]!);
        expect(item.getByRole('link', { name: campaign.title })).toHaveAttribute('href', `/campaigns/${campaign.id}`);
        expect(items[i]).toHaveTextContent(campaign.brand);
        expect(items[i]).toHaveTextContent(campaignStatus[campaign.status].label);
        expect(items[i]).toHaveTextContent(`Pay per creator${formatMoney(campaign.payCents)}`);
        expect(items[i]).toHaveTextContent(`Spots${campaign.spots}`);
        expect(items[i]).toHaveTextContent(`Accepted${campaign.offers.accepted} of ${campaign.spots}`);
      });
    },
  },
});
