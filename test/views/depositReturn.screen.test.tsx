// Back from Stripe Checkout on Campaigns (docs/product.md §Self-serve money), replayed along depositReturn's recorded
// paths on the real screen: the flow runs as the Funds card's child, as in the app. A person's part is the browser
// coming back to /campaigns?deposit=<id> (&cancelled=1), the notice's Try again and Dismiss; the world's is the
// server's answers, the live feed's news about funds (which the card forwards) and the clock of the growing waits.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import type { CardDeposit } from '@/contract/schemas/money';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { addFundsMachine, type DepositRequest, type DepositStarted } from '@/machines/money/addFunds.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { DEPOSIT_RECHECK_MS, depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { fundsRefundMachine, type RefundRequest, type RefundResult } from '@/machines/money/fundsRefund.machine';
import { formatMoney } from '@/src/common/format';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { fundsLiveFeed } from '@/src/money/advertiserFunds';
import { publishLive } from '@/src/notifications/liveHub';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.useRealTimers());

const emptyFunds: AdvertiserBalance = {
  balanceCents: 0,
  reservedCents: 0,
  refundingCents: 0,
  disputedCents: 0,
  owedCents: 0,
  owedDispute: null,
  deposits: [],
  cardDeposits: [],
};

/** Every title the Funds card's payment notice can carry. */
const TITLES = [
  'Checking your payment',
  'Payment processing',
  'Funds added',
  'Payment failed',
  'Payment expired',
  'Payment cancelled',
  'Your payment could not be checked',
];

/** The browser's address, as Stripe's return link sets it. */
function Browser({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  onNavigate(useNavigate());
  return null;
}

walkScreens('depositReturn', {
  async mount() {
    const loadFunds = controlled<AdvertiserBalance>();
    const loadDeposit = controlled<CardDeposit, { depositId: string }>();
    const cancelDeposit = controlled<CardDeposit, { depositId: string }>();
    let navigate: NavigateFunction | undefined;
    renderScreen(
      <>
        <CampaignsScreen
          logic={{
            list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
            funds: advertiserFundsMachine.provide({
              actors: { loadFunds: loadFunds.logic, liveFeed: fundsLiveFeed },
            }),
            fundsFlows: {
              addFunds: addFundsMachine.provide({
                actors: { createDeposit: controlled<DepositStarted, DepositRequest>().logic },
                actions: { goToCheckout: () => {} },
              }),
              depositReturn: depositReturnMachine.provide({
                actors: { loadDeposit: loadDeposit.logic, cancelDeposit: cancelDeposit.logic },
              }),
              fundsRefund: fundsRefundMachine.provide({
                actors: { requestRefund: controlled<RefundResult, RefundRequest>().logic },
              }),
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
    await loadFunds.resolve(emptyFunds);
    // From here the clock is the test's: a processing payment is read again after a wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    /** What the card has been told: the payment tracked, the reads asked for and answered. */
    const seen = {
      depositId: null as string | null,
      deposit: null as CardDeposit | null,
      /** Reads of the payment asked for, and answered. */
      loads: 0,
      loadsSettled: 0,
      /** Reads after the first (each wait grows). */
      attempts: 0,
      cancelsSettled: 0,
      failure: null as string | null,
      /** Payments that told the card to read its funds again (succeeded, or closed after a cancel). */
      settledNews: 0,
      /** News about funds published: each has the card read its funds again. */
      news: 0,
    };
    const card = () => within(screen.getByRole('region', { name: 'Funds' }));
    /** The payment notice on the Funds card, or null. */
    const notice = () => {
      const title = TITLES.map((text) => card().queryByText(text)).find(Boolean);
      return title ? (title.closest('[role="status"], [role="alert"]') as HTMLElement) : null;
    };
    const startRead = () => {
      seen.loads += 1;
    };
    return {
      loadFunds,
      loadDeposit,
      cancelDeposit,
      seen,
      card,
      notice,
      gestures: {
        'deposit.track': ({ depositId, cancelled }) => {
          seen.depositId = depositId;
          seen.deposit = null;
          seen.attempts = 0;
          seen.failure = null;
          startRead();
          act(() => navigate!(`/campaigns?deposit=${depositId}${cancelled ? '&cancelled=1' : ''}`));
        },
        'xstate.done.actor.loadDeposit': async ({ output }) => {
          seen.loadsSettled += 1;
          seen.deposit = output;
          if (output.status === 'succeeded') seen.settledNews += 1;
          await loadDeposit.resolve(output);
        },
        'xstate.error.actor.loadDeposit': async ({ error }) => {
          seen.loadsSettled += 1;
          seen.failure = (error as Error).message;
          await loadDeposit.reject(error);
        },
        'xstate.done.actor.cancelDeposit': async ({ output }) => {
          seen.cancelsSettled += 1;
          seen.settledNews += 1;
          await cancelDeposit.resolve(output);
        },
        'xstate.error.actor.cancelDeposit': async ({ error }) => {
          seen.cancelsSettled += 1;
          await cancelDeposit.reject(error);
        },
        // News about funds on the live feed: the card reads its funds and forwards it to the payment.
        'deposit.recheck': () => {
          seen.news += 1;
          seen.attempts += 1;
          startRead();
          act(() =>
            publishLive({
              id: seen.news,
              type: 'funds.deposited',
              title: 'Funds',
              text: 'Funds',
              offerId: null,
              link: null,
              read: false,
              createdAt: '2026-11-25T10:00:00.000Z',
              locale: 'en',
            }),
          );
        },
        'xstate.after.recheck': async () => {
          const wait = DEPOSIT_RECHECK_MS[Math.min(seen.attempts, DEPOSIT_RECHECK_MS.length - 1)]!;
          seen.attempts += 1;
          startRead();
          await act(async () => {
            await vi.advanceTimersByTimeAsync(wait);
          });
        },
        'deposit.retry': () => {
          seen.failure = null;
          startRead();
          fireEvent.click(within(notice()!).getByRole('button', { name: 'Try again' }));
        },
        'deposit.dismiss': () => fireEvent.click(within(notice()!).getByRole('button', { name: 'Dismiss' })),
      },
    };
  },
  states: {
    // No payment notice; the query (if any) has been taken off the address; no read is out.
    idle: ({ loadDeposit, cancelDeposit, loadFunds, seen, notice }) => {
      expect(notice()).toBeNull();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/campaigns$/);
      expect(loadDeposit.started).toBe(seen.loadsSettled);
      expect(cancelDeposit.started).toBe(seen.cancelsSettled);
      expect(loadFunds.started).toBe(1 + seen.news + seen.settledNews);
    },
    // A read of the payment is out: checking (the first) or still processing (a read again); it cannot be put away.
    loading: ({ loadDeposit, seen, notice }) => {
      expect(loadDeposit.started).toBe(seen.loadsSettled + 1);
      expect(loadDeposit.started).toBe(seen.loads);
      expect(loadDeposit.inputs.at(-1)).toEqual({ depositId: seen.depositId });
      const n = notice()!;
      expect(n).toHaveTextContent(seen.deposit ? 'Payment processing' : 'Checking your payment');
      expect(n).toHaveAttribute('aria-busy', 'true');
      expect(within(n).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/campaigns$/);
    },
    // Processing, a read again due after the wait (or on news): said, and it cannot be put away.
    waiting: ({ loadDeposit, seen, notice }) => {
      const deposit = seen.deposit!;
      expect(loadDeposit.started).toBe(seen.loadsSettled);
      const n = notice()!;
      expect(n).toHaveAttribute('role', 'status');
      expect(n).toHaveTextContent(
        `Payment processingYour card payment of ${formatMoney(deposit.grossCents)} is processing: ` +
          `${formatMoney(deposit.amountCents)} is added to your balance as soon as Stripe confirms it.`,
      );
      expect(n).toHaveAttribute('aria-busy', 'true');
      expect(within(n).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    },
    // Still processing after every wait: said, and now it can be put away (only news reads it again).
    processing: async ({ loadDeposit, seen, notice }) => {
      expect(loadDeposit.started).toBe(seen.loadsSettled);
      const n = notice()!;
      expect(n).toHaveTextContent('Payment processing');
      expect(n).not.toHaveAttribute('aria-busy');
      expect(within(n).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
      // No read is due any more, however long one waits.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DEPOSIT_RECHECK_MS.at(-1)! * 2);
      });
      expect(loadDeposit.started).toBe(seen.loadsSettled);
    },
    // What became of the payment, said plainly; a payment that succeeded has the card read its funds.
    settled: ({ loadDeposit, loadFunds, seen, notice }) => {
      const deposit = seen.deposit!;
      const n = notice()!;
      const titles = { succeeded: 'Funds added', failed: 'Payment failed', expired: 'Payment expired' } as const;
      expect(n).toHaveTextContent(titles[deposit.status as keyof typeof titles]);
      if (deposit.status === 'succeeded')
        expect(n).toHaveTextContent(`Funds added${formatMoney(deposit.amountCents)} is now in your balance.`);
      expect(n).not.toHaveAttribute('aria-busy');
      expect(within(n).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
      expect(loadDeposit.started).toBe(seen.loadsSettled);
      expect(loadFunds.started).toBe(1 + seen.news + seen.settledNews);
    },
    // Cancelled on Stripe's page: said at once while the payment is closed at Stripe; not to be put away yet.
    cancelling: ({ cancelDeposit, seen, notice }) => {
      const deposit = seen.deposit!;
      expect(cancelDeposit.started).toBe(seen.cancelsSettled + 1);
      expect(cancelDeposit.inputs.at(-1)).toEqual({ depositId: seen.depositId });
      const n = notice()!;
      expect(n).toHaveTextContent(
        `Payment cancelledYou cancelled the card payment of ${formatMoney(deposit.grossCents)} on Stripe’s page: nothing was charged.`,
      );
      expect(n).toHaveAttribute('aria-busy', 'true');
      expect(within(n).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    },
    // Cancelled, the payment closed (or left to expire): said, and it can be put away; the card read its funds again
    // when Stripe closed it.
    cancelled: ({ cancelDeposit, loadFunds, seen, notice }) => {
      const n = notice()!;
      expect(n).toHaveTextContent('Payment cancelled');
      expect(n).toHaveTextContent('nothing was charged');
      expect(n).not.toHaveAttribute('aria-busy');
      expect(within(n).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
      expect(cancelDeposit.started).toBe(seen.cancelsSettled);
      expect(loadFunds.started).toBe(1 + seen.news + seen.settledNews);
    },
    // The payment could not be read: why, with Try again and Dismiss.
    failed: ({ loadDeposit, seen, notice }) => {
      const n = notice()!;
      expect(n).toHaveAttribute('role', 'alert');
      expect(n).toHaveTextContent(`Your payment could not be checked${seen.failure}`);
      expect(within(n).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(within(n).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
      expect(loadDeposit.started).toBe(seen.loadsSettled);
    },
  },
});
