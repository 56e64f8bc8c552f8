// The Funds card on Campaigns (docs/product.md §Money "Advertiser funding", §Self-serve money), replayed along
// advertiserFunds' recorded paths on the real screen. The world's part is the server's answers (the funds, how to add
// them by transfer) and the live feed's news about funds; the card's own flows tell it when to read again: a payment
// come back from that succeeded (the browser back at /campaigns?deposit=<id>), a refund requested in its dialog.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign, FundingDetails } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import type { CardDeposit } from '@/contract/schemas/money';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { addFundsMachine, type DepositRequest, type DepositStarted } from '@/machines/money/addFunds.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { fundsRefundMachine, type RefundRequest, type RefundResult } from '@/machines/money/fundsRefund.machine';
import { sampleStripeRefund, sampleSucceededDeposit } from '@/machines/money/fundsSamples';
import { formatMoney } from '@/src/common/format';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { fundsLiveFeed } from '@/src/money/advertiserFunds';
import { publishLive } from '@/src/notifications/liveHub';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The Refund dialog is a chunk of its own, loaded once here (as the browser has it just after the screen).
beforeAll(() => import('@/src/money/FundsRefund'));

/** The browser's address, as Stripe's return link sets it. */
function Browser({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  onNavigate(useNavigate());
  return null;
}

/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

walkScreens('advertiserFunds', {
  mount() {
    const loadFunds = controlled<AdvertiserBalance>();
    const loadTransfer = controlled<FundingDetails>();
    const loadDeposit = controlled<CardDeposit, { depositId: string }>();
    const requestRefund = controlled<RefundResult, RefundRequest>();
    let navigate: NavigateFunction | undefined;
    renderScreen(
      <>
        <CampaignsScreen
          logic={{
            list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
            funds: advertiserFundsMachine.provide({
              actors: { loadFunds: loadFunds.logic, loadTransfer: loadTransfer.logic, liveFeed: fundsLiveFeed },
            }),
            fundsFlows: {
              addFunds: addFundsMachine.provide({
                actors: { createDeposit: controlled<DepositStarted, DepositRequest>().logic },
                actions: { goToCheckout: () => {} },
              }),
              depositReturn: depositReturnMachine.provide({
                actors: {
                  loadDeposit: loadDeposit.logic,
                  cancelDeposit: controlled<CardDeposit, { depositId: string }>().logic,
                },
              }),
              fundsRefund: fundsRefundMachine.provide({ actors: { requestRefund: requestRefund.logic } }),
            },
            reach: campaignReachMachine.provide({
              actors: { loadReach: controlled<AdvertiserAnalytics, { range: AnalyticsRange }>().logic },
            }),
            checklist: advertiserChecklistMachine.provide({
              actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
            }),
          }}
        />
        <Browser onNavigate={(next) => (navigate = next)} />
      </>,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    /** What the card has been told: the funds and transfer details answered, the reads asked for. */
    const seen = {
      funds: null as AdvertiserBalance | null,
      transfer: null as FundingDetails | null,
      failure: null as string | null,
      /** How many reads of the funds had started when the last one was answered: a read is out while more have. */
      answeredAt: 0,
      /** Try again clicks: the first read and each retry are the only reads before the funds show. */
      retries: 0,
    };
    const card = () => within(screen.getByRole('region', { name: 'Funds' }));
    return {
      loadFunds,
      seen,
      card,
      gestures: {
        // The live feed and the child flows run for the screen's life; their ends are no event of the flow.
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
        'xstate.done.actor.addFunds': unhandled('xstate.done.actor.addFunds'),
        'xstate.error.actor.addFunds': unhandled('xstate.error.actor.addFunds'),
        'xstate.done.actor.depositReturn': unhandled('xstate.done.actor.depositReturn'),
        'xstate.error.actor.depositReturn': unhandled('xstate.error.actor.depositReturn'),
        'xstate.done.actor.fundsRefund': unhandled('xstate.done.actor.fundsRefund'),
        'xstate.error.actor.fundsRefund': unhandled('xstate.error.actor.fundsRefund'),
        'xstate.done.actor.loadFunds': async ({ output }) => {
          seen.funds = output;
          seen.failure = null;
          seen.answeredAt = loadFunds.started;
          await loadFunds.resolve(output);
        },
        'xstate.error.actor.loadFunds': async ({ error }) => {
          seen.failure = (error as Error).message;
          seen.answeredAt = loadFunds.started;
          await loadFunds.reject(error);
        },
        'xstate.done.actor.loadTransfer': async ({ output }) => {
          seen.transfer = output;
          await loadTransfer.resolve(output);
        },
        'xstate.error.actor.loadTransfer': ({ error }) => loadTransfer.reject(error),
        'funds.retry': () => {
          seen.retries += 1;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        // News about funds on the live feed.
        'funds.reload': () =>
          act(() =>
            publishLive({
              id: 1,
              type: 'funds.deposited',
              title: 'Funds',
              text: 'Funds',
              offerId: null,
              link: null,
              read: false,
              createdAt: '2026-11-25T10:00:00.000Z',
              locale: 'en',
            }),
          ),
        // Back from Stripe Checkout, the payment succeeded: the card's payment flow tells it.
        'deposit.settled': async () => {
          act(() => navigate!(`/campaigns?deposit=${sampleSucceededDeposit.id}`));
          await loadDeposit.resolve(sampleSucceededDeposit);
          expect(card().getByRole('status')).toHaveTextContent('Funds added');
        },
        // Refund unspent funds, then Done: the card's refund flow tells it.
        'refund.requested': async () => {
          fireEvent.click(card().getByRole('button', { name: 'Refund unspent funds' }));
          const dialog = await screen.findByRole('dialog', { name: 'Refund unspent funds' });
          fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '300' } });
          fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
          await requestRefund.resolve({ refunds: [sampleStripeRefund], balanceCents: 950_000 });
          fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
          await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        },
      },
    };
  },
  states: {
    // The funds are being read: the spinner, no card yet.
    loading: ({ loadFunds, seen }) => {
      expect(screen.getByText('Loading funds')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Funds' })).not.toBeInTheDocument();
      expect(screen.queryByText('The funds could not be loaded')).not.toBeInTheDocument();
      expect(loadFunds.started).toBe(1 + seen.retries);
      expect(loadFunds.started).toBeGreaterThan(seen.answeredAt);
    },
    // The funds could not be read: why, and Try again; no card.
    failed: ({ loadFunds, seen }) => {
      expect(screen.getByText('The funds could not be loaded')).toBeInTheDocument();
      expect(screen.getByText(seen.failure!)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading funds')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Funds' })).not.toBeInTheDocument();
      expect(loadFunds.started).toBe(seen.answeredAt);
    },
    // The card with the funds last read (and how to add them by transfer, once read); no read is out.
    'ready.idle': ({ loadFunds, seen, card }) => {
      expectCard(seen, card);
      expect(loadFunds.started).toBe(seen.answeredAt);
    },
    // The card stays as it is while the funds are read again.
    'ready.reloading': ({ loadFunds, seen, card }) => {
      expectCard(seen, card);
      expect(loadFunds.started).toBeGreaterThan(seen.answeredAt);
    },
  },
});

/** The Funds card as the last good read left it. */
function expectCard(
  seen: { funds: AdvertiserBalance | null; transfer: FundingDetails | null },
  card: () => ReturnType<typeof within>,
) {
  const funds = seen.funds!;
  expect(card().getByText('Balance').nextSibling).toHaveTextContent(formatMoney(funds.balanceCents));
  expect(card().getByRole('button', { name: 'Add funds' })).toBeEnabled();
  expect(screen.queryByText('Loading funds')).not.toBeInTheDocument();
  if (seen.transfer) {
    const transfer = card().getByRole('region', { name: 'Add funds by bank transfer' });
    expect(transfer).toHaveTextContent(seen.transfer.reference);
  } else expect(card().queryByText('Add funds by bank transfer')).not.toBeInTheDocument();
}
