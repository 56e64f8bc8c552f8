// The getting-started checklist on Campaigns (docs/product.md §Advertiser onboarding), replayed along
// advertiserChecklist's recorded paths on the real screen: Try again, live news that moves a step (the profile
// approved), or the API answering; after every step the screen shows what its state says (the spinner, the refusal
// with Try again, or the steps in their order, read again while news is being followed).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign, FundingDetails } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { checklistSteps } from '@/machines/marketplace/advertiserChecklist.select';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { publishLive } from '@/src/notifications/liveHub';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** Each step's title and the chip its state shows, as the screen words them. */
const TITLES = {
  profile: 'Send your company profile',
  approval: 'Castbridge approves it',
  funds: 'Add funds',
  campaign: 'Create a campaign',
  launch: 'Launch it',
};
const CHIPS = { done: 'Done', todo: 'To do', waiting: 'Waiting for review', refused: 'Not approved' };

/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

const steps = () => screen.queryByRole('list', { name: 'Getting started' });

walkScreens('advertiserChecklist', {
  mount() {
    const load = controlled<AdvertiserChecklist>();
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
          reach: campaignReachMachine.provide({
            actors: { loadReach: controlled<AdvertiserAnalytics, { range: AnalyticsRange }>().logic },
          }),
          checklist: advertiserChecklistMachine.provide({ actors: { loadChecklist: load.logic } }),
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    /** What the screen was told so far: the checklist read, the last refusal, the reads answered. */
    const seen = { settled: 0, checklist: null as AdvertiserChecklist | null, error: null as string | null };
    return {
      load,
      seen,
      gestures: {
        'checklist.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        // News that moves a step arrives on the live feed: the company profile was approved.
        'checklist.reload': () =>
          act(() =>
            publishLive({
              id: 1,
              type: 'advertiser.approved',
              title: 'Company approved',
              text: 'Your company profile was approved.',
              offerId: null,
              link: null,
              read: false,
              createdAt: '2026-11-25T10:00:00.000Z',
              locale: 'en',
            }),
          ),
        'xstate.done.actor.loadChecklist': async ({ output }) => {
          seen.checklist = output;
          seen.error = null;
          seen.settled += 1;
          await load.resolve(output);
        },
        'xstate.error.actor.loadChecklist': async ({ error }) => {
          // A failed first read is shown; a failed read again keeps the steps as they were, silently.
          if (seen.checklist === null) seen.error = (error as Error).message;
          seen.settled += 1;
          await load.reject(error);
        },
        // The live feed runs as long as the checklist: it never ends.
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
      },
    };
  },
  states: {
    // The checklist's spinner: it is being read; no steps yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading checklist').closest('[role="status"]')).toBeInTheDocument();
      expect(screen.queryByText('The checklist could not be loaded')).not.toBeInTheDocument();
      expect(steps()).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled + 1);
    },
    // The checklist could not be read: why, and Try again; no steps.
    failed: ({ load, seen }) => {
      const alert = screen.getByText('The checklist could not be loaded').closest('[role="alert"]')!;
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert as HTMLElement).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading checklist')).not.toBeInTheDocument();
      expect(steps()).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled);
    },
    // The steps as last read, the one to act on now marked; nothing is being read.
    'ready.idle': ({ load, seen }) => {
      checklist(seen.checklist!);
      expect(load.started).toBe(seen.settled);
    },
    // News came: the checklist is read again, its steps shown as they were meanwhile.
    'ready.reloading': ({ load, seen }) => {
      checklist(seen.checklist!);
      expect(load.started).toBe(seen.settled + 1);
    },
  },
});

/** The Getting started card: the five steps in order, each with its state's chip, the current one marked. */
function checklist(answer: AdvertiserChecklist) {
  expect(screen.queryByText('Loading checklist')).not.toBeInTheDocument();
  expect(screen.queryByText('The checklist could not be loaded')).not.toBeInTheDocument();
  const items = within(steps()!).getAllByRole('listitem');
  expect(
    items.map((item) => ({ text: item.textContent, current: item.getAttribute('aria-current') === 'step' })),
  ).toEqual(
    checklistSteps(answer).map((step) => ({
      text: expect.stringContaining(`${TITLES[step.id]}${CHIPS[step.state]}`),
      current: step.current,
    })),
  );
}
