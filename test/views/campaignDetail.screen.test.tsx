// The campaign page (docs/product.md §Marketplace "Advertiser workspace"), replayed along campaignDetail's recorded
// paths on the real page: the campaign and its offers read, read again on Refresh or after a confirmed delivery (its
// child's news), changed by its controls, with one offer's thread open at a time.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserChecklist, Campaign, Offer, ThreadMessage } from '@/contract';
import type { CampaignAction } from '@/contract/marketplace';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { campaignStatus, offerStatus } from '@/src/marketplace/labels';
import { preloadAlertDialogPanel } from '@/src/ui/AlertDialog';
import { controlled, renderScreen, type Gestures } from './harness';
import { walkScreens } from './screens';

const ACTION: Partial<Record<Campaign['status'], CampaignAction>> = { paused: 'pause', active: 'resume' };

const conversation = () => screen.queryByRole('dialog', { name: /^Conversation with / });
const refresh = () => screen.getByRole('button', { name: 'Refresh', hidden: true });
const offerCard = (offer: Offer) => screen.getByRole('listitem', { name: offer.creator!.name, hidden: true });

/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

async function mount(input: unknown) {
  const { campaignId } = input as { campaignId: string };
  const load = controlled<CampaignDetail, { id: string }>();
  const run = controlled<Campaign, { id: string; action: CampaignAction }>();
  const confirm = controlled<Offer, { offerId: string }>();
  await act(() => preloadAlertDialogPanel());
  renderScreen(
    <CampaignPageScreen
      logic={{
        checklist: advertiserChecklistMachine.provide({
          actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
        }),
        detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
        controls: campaignControlsMachine.provide({
          actors: { runCampaignAction: run.logic, loadBalance: controlled<LaunchFunds>().logic },
        }),
        thread: threadMachine.provide({
          actors: {
            loadMessages: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
            loadEarlier: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
            postMessage: controlled<ThreadMessage, { offerId: string; body: string }>().logic,
          },
        }),
        delivery: deliveryConfirmMachine.provide({ actors: { confirmDelivery: confirm.logic } }),
      }}
    />,
    { path: '/campaigns/:id', url: `/campaigns/${campaignId}`, jwt: 'advertiser.jwt' },
  );
  await act(async () => {
    await import('@/src/marketplace/ThreadDialog');
  });
  /** The campaign and offers shown, the open thread's offer, the failures shown, the reads ended. */
  const seen = {
    campaignId,
    campaign: null as Campaign | null,
    offers: [] as Offer[],
    thread: null as Offer | null,
    error: null as string | null,
    /** The first read answered. */
    ready: false,
    settled: 0,
  };
  return {
    load,
    seen,
    gestures: {
      // The live feed and the delivery confirmation run for the page's life; their ends are no event of the flow.
      'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
      'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
      'xstate.done.actor.deliveryConfirm': unhandled('xstate.done.actor.deliveryConfirm'),
      'xstate.error.actor.deliveryConfirm': unhandled('xstate.error.actor.deliveryConfirm'),
      'xstate.done.actor.loadCampaignDetail': async ({ output }) => {
        seen.settled += 1;
        Object.assign(seen, { campaign: output.campaign, offers: output.offers, error: null, ready: true });
        await load.resolve(output);
      },
      'xstate.error.actor.loadCampaignDetail': async ({ error }) => {
        seen.settled += 1;
        seen.error = (error as Error).message;
        await load.reject(error);
      },
      'campaign.retry': () => {
        seen.error = null;
        fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
      },
      'campaign.reload': () => fireEvent.click(refresh()),
      // The controls changed the campaign: their action, answered with it.
      'campaign.updated': async ({ campaign }) => {
        const action = ACTION[campaign.status]!;
        const status = within(screen.getByRole('region', { name: 'Status' }));
        fireEvent.click(status.getByRole('button', { name: action === 'pause' ? 'Pause' : 'Resume' }));
        seen.campaign = { ...campaign, delivery: campaign.delivery ?? seen.campaign?.delivery };
        await run.resolve(campaign);
      },
      // The child confirmed a delivery: Confirm Delivery on the offer, Yes, and the API's answer.
      'delivery.confirmed': async ({ offer }) => {
        const before = seen.offers.find((o) => o.id === offer.id)!;
        fireEvent.click(within(offerCard(before)).getByRole('button', { name: 'Confirm Delivery' }));
        const dialog = screen.getByRole('alertdialog', { name: 'Confirm delivery?' });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Confirm Delivery' }));
        await confirm.resolve(offer);
      },
      'thread.open': ({ offerId }) => {
        const offer = seen.offers.find((o) => o.id === offerId)!;
        seen.thread = offer;
        fireEvent.click(within(offerCard(offer)).getByRole('button', { name: /^Messages/ }));
      },
      'thread.close': () => {
        seen.thread = null;
        fireEvent.click(within(conversation()!).getByRole('button', { name: 'Close' }));
      },
    } satisfies Gestures<typeof campaignDetailMachine>,
  };
}

/** What the checks read: the mounted screen. */
type Screen = Awaited<ReturnType<typeof mount>>;

const states = (() => {
  /** The campaign read: its title, status and offers by status; the open thread; a failed read's message. */
  const page = ({ seen }: Screen, thread: boolean) => {
    const campaign = seen.campaign!;
    expect(screen.queryByText('Loading campaign')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: campaign.title, hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('campaign-status')).toHaveTextContent(campaignStatus[campaign.status].label);
    for (const offer of seen.offers) {
      const list = screen.getByRole('list', { name: offerStatus[offer.status], hidden: true });
      expect(within(list).getByRole('listitem', { name: offer.creator!.name, hidden: true })).toBeInTheDocument();
    }
    expect(thread).toBe(seen.thread !== null);
    if (thread) expect(conversation()).toHaveAccessibleName(`Conversation with ${seen.thread!.creator!.name}`);
    else expect(conversation()).not.toBeInTheDocument();
    const alert = screen.queryByRole('alert', { hidden: true });
    if (seen.error) expect(alert).toHaveTextContent(seen.error);
    else expect(alert).not.toBeInTheDocument();
  };
  /** Nothing read since the last answer; Refresh offered. */
  const idle = (thread: boolean) => (m: Screen) => {
    page(m, thread);
    expect(m.load.started).toBe(m.seen.settled);
    expect(refresh()).toBeEnabled();
    expect(refresh()).not.toHaveAttribute('aria-busy');
  };
  /** The page read again while it stays as it is: Refresh waits. */
  const reloading = (thread: boolean) => (m: Screen) => {
    page(m, thread);
    expect(m.load.started).toBe(m.seen.settled + 1);
    expect(m.load.inputs.at(-1)).toEqual({ id: m.seen.campaignId });
    expect(refresh()).toBeDisabled();
    expect(refresh()).toHaveAttribute('aria-busy', 'true');
  };
  return {
    // The first read: its spinner, nothing of the campaign yet.
    loading: ({ load, seen }: Screen) => {
      expect(screen.getByText('Loading campaign')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Status' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled + 1);
      expect(load.inputs.at(-1)).toEqual({ id: seen.campaignId });
    },
    // The first read failed: the server's message and Try again.
    failed: ({ load, seen }: Screen) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The campaign could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading campaign')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Status' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled);
    },
    'ready.data.idle & thread.closed': idle(false),
    'ready.data.idle & thread.open': idle(true),
    'ready.data.reloading & thread.closed': reloading(false),
    'ready.data.reloading & thread.open': reloading(true),
  };
})();

walkScreens('campaignDetail', { mount, states });
