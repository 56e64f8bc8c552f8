// The Earnings screen's figures (docs/spec.md §2 Earnings; docs/product.md §Money), replayed along earnings' recorded
// paths on the real screen. The world's part is the server's answers and the live feed's news about money; the
// screen's own Withdraw flow tells it when a payout was requested (the creator withdraws, then closes the result).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { Payout, PayoutMethod } from '@/contract';
import { earningsMachine, type EarningsData } from '@/machines/money/earnings.machine';
import { sampleBankMethod } from '@/machines/money/samples';
import { withdrawMachine, type PayoutRequest } from '@/machines/money/withdraw.machine';
import { formatMoney } from '@/src/common/format';
import { EarningsScreen } from '@/src/money/Earnings';
import { earningsLiveFeed } from '@/src/money/earnings';
import { publishLive } from '@/src/notifications/liveHub';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The Withdraw modals' chunk is loaded once before the tests, as the browser has it after the first Withdraw.
beforeAll(() => import('@/src/money/Withdraw'));

/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

walkScreens('earnings', {
  mount() {
    const load = controlled<EarningsData>();
    const methods = controlled<PayoutMethod[]>();
    const payout = controlled<Payout, PayoutRequest>();
    renderScreen(
      <EarningsScreen
        logic={{
          earnings: earningsMachine.provide({ actors: { loadEarnings: load.logic, liveFeed: earningsLiveFeed } }),
          withdraw: withdrawMachine.provide({
            actors: { loadMethods: methods.logic, requestPayout: payout.logic },
            actions: { logResult: () => {} },
          }),
        }}
      />,
      { path: '/earnings', jwt: 'creator.jwt' },
    );
    /** What the screen has been told: the figures answered, the reads asked for. */
    const seen = {
      data: null as EarningsData | null,
      failure: null as string | null,
      /** How many reads had started when the last one was answered: a read is out while more have. */
      answeredAt: 0,
      /** Try again clicks: the first read and each retry are the only reads before the figures show. */
      retries: 0,
      /** News about money, and payouts requested: once the figures show, each starts a read, even while one is out. */
      news: 0,
      payouts: 0,
    };
    return {
      load,
      seen,
      gestures: {
        // The live feed and the child flows run for the screen's life; their ends are no event of the flow.
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
        'xstate.done.actor.withdraw': unhandled('xstate.done.actor.withdraw'),
        'xstate.error.actor.withdraw': unhandled('xstate.error.actor.withdraw'),
        'xstate.done.actor.loadEarnings': async ({ output }) => {
          seen.data = output;
          seen.failure = null;
          seen.answeredAt = load.started;
          await load.resolve(output);
        },
        'xstate.error.actor.loadEarnings': async ({ error }) => {
          seen.failure = (error as Error).message;
          seen.answeredAt = load.started;
          await load.reject(error);
        },
        'earnings.retry': () => {
          seen.retries += 1;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        // News about money on the live feed: a payout paid.
        'earnings.reload': () => {
          seen.news += 1;
          act(() =>
            publishLive({
              id: seen.news,
              type: 'payout.paid',
              title: 'Payout paid',
              text: 'Payout paid',
              offerId: null,
              link: null,
              read: false,
              createdAt: '2026-11-25T10:00:00.000Z',
              locale: 'en',
            }),
          );
        },
        // The creator withdraws the payout's amount, then closes the result modal.
        'payout.requested': async ({ payout: requested }) => {
          seen.payouts += 1;
          fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
          const modal = await screen.findByRole('dialog', { name: 'Withdraw' });
          await methods.resolve([sampleBankMethod]);
          fireEvent.change(within(modal).getByLabelText('Amount'), {
            target: { value: String(requested.amountCents / 100) },
          });
          fireEvent.click(within(modal).getByRole('button', { name: 'Withdraw' }));
          await payout.resolve(requested);
          const result = await screen.findByRole('dialog', { name: 'Withdrawal successful' });
          fireEvent.click(within(result).getByRole('button', { name: 'Retry' }));
          await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        },
      },
    };
  },
  states: {
    // The figures are being read: the spinner, no periods yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading earnings')).toBeInTheDocument();
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(screen.queryByText('The earnings could not be loaded')).not.toBeInTheDocument();
      expect(load.started).toBe(1 + seen.retries);
      expect(load.started).toBeGreaterThan(seen.answeredAt);
    },
    // The figures could not be read: why, and Try again; no periods.
    failed: ({ load, seen }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`The earnings could not be loaded${seen.failure}`);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading earnings')).not.toBeInTheDocument();
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.answeredAt);
    },
    // The figures last read (a failed read again leaves them as they were), not busy, and no read out.
    'ready.idle': ({ load, seen }) => {
      expectFigures(seen.data!);
      expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
      expect(load.started).toBe(seen.answeredAt);
      expect(load.started).toBe(1 + seen.retries + seen.news + seen.payouts);
    },
    // The figures stay as they are while they are read again, marked busy; each news or payout meanwhile has started
    // one more read.
    'ready.reloading': ({ load, seen }) => {
      expectFigures(seen.data!);
      expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
      expect(load.started).toBeGreaterThan(seen.answeredAt);
      expect(load.started).toBe(1 + seen.retries + seen.news + seen.payouts);
    },
  },
});

/** The All Over period's figures and Payout History, as the last good read left them. */
function expectFigures(data: EarningsData) {
  const panel = within(screen.getByRole('tabpanel'));
  expect(screen.getByRole('tab', { name: 'All Over' })).toHaveAttribute('aria-selected', 'true');
  expect(panel.getByRole('heading', { name: 'Total Earning' }).nextSibling).toHaveTextContent(
    formatMoney(data.earnings.periods.allOver.totalCents),
  );
  const rows = within(panel.getByRole('table', { name: 'Payout History' })).getAllByRole('row');
  expect(rows).toHaveLength(1 + data.payouts.length);
  expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  expect(screen.queryByText('Loading earnings')).not.toBeInTheDocument();
}
