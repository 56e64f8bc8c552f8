// The Funds card's Refund unspent funds dialog on Campaigns (docs/product.md §Self-serve money), replayed along
// fundsRefund's recorded paths on the real screen: the flow runs as the Funds card's child, as in the app; a refund
// requested has the card read the funds again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import type { CardDeposit, Refund } from '@/contract/schemas/money';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { addFundsMachine, type DepositRequest, type DepositStarted } from '@/machines/money/addFunds.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { fundsRefundMachine, type RefundRequest, type RefundResult } from '@/machines/money/fundsRefund.machine';
import { parseDollars } from '@/contract/money';
import { formatMoney } from '@/src/common/format';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { fundsLiveFeed } from '@/src/money/advertiserFunds';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';
import { refundProblemInEnglish } from './fundsTexts';

// The dialog is a chunk of its own, loaded once here (as the browser has it just after the screen).
beforeAll(() => import('@/src/money/FundsRefund'));

/** A free balance of $800, the samples' (refund.open carries the card's free balance). */
const funds: AdvertiserBalance = {
  balanceCents: 80_000,
  reservedCents: 0,
  refundingCents: 0,
  disputedCents: 0,
  owedCents: 0,
  owedDispute: null,
  deposits: [],
  cardDeposits: [],
};

const pieceText = (refund: Refund) =>
  refund.rail === 'stripe'
    ? `${formatMoney(refund.amountCents)} back to the card or bank account that paid it, through Stripe`
    : `${formatMoney(refund.amountCents)} wired back to you by Castbridge`;

walkScreens('fundsRefund', {
  async mount() {
    const loadFunds = controlled<AdvertiserBalance>();
    const requestRefund = controlled<RefundResult, RefundRequest>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
          funds: advertiserFundsMachine.provide({ actors: { loadFunds: loadFunds.logic, liveFeed: fundsLiveFeed } }),
          fundsFlows: {
            addFunds: addFundsMachine.provide({
              actors: { createDeposit: controlled<DepositStarted, DepositRequest>().logic },
              actions: { goToCheckout: () => {} },
            }),
            depositReturn: depositReturnMachine.provide({
              actors: {
                loadDeposit: controlled<CardDeposit, { depositId: string }>().logic,
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
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    await loadFunds.resolve(funds);
    /** What the person has typed, and how the server answered. */
    const seen = {
      amount: '',
      /** The amount's check on show (after Refund with a bad amount), as it follows the corrections. */
      amountError: null as string | null,
      failure: null as string | null,
      settled: 0,
      /** Refunds requested: each has the Funds card read the funds again. */
      requested: 0,
      result: null as RefundResult | null,
    };
    const card = () => within(screen.getByRole('region', { name: 'Funds' }));
    return {
      loadFunds,
      requestRefund,
      seen,
      card,
      gestures: {
        'refund.open': ({ balanceCents }) => {
          expect(balanceCents).toBe(funds.balanceCents);
          seen.amount = '';
          seen.amountError = null;
          seen.failure = null;
          seen.result = null;
          fireEvent.click(card().getByRole('button', { name: 'Refund unspent funds' }));
        },
        'amount.change': ({ value }) => {
          seen.amount = value;
          if (seen.amountError) seen.amountError = refundProblemInEnglish(value, funds.balanceCents);
          const dialog = screen.getByRole('dialog', { name: 'Refund unspent funds' });
          fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value } });
        },
        'refund.submit': () => {
          seen.amountError = refundProblemInEnglish(seen.amount, funds.balanceCents);
          if (!seen.amountError) seen.failure = null;
          const dialog = screen.getByRole('dialog', { name: 'Refund unspent funds' });
          fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
        },
        // Cancel on the form; Done once the pieces show.
        'refund.cancel': () => {
          const dialog = screen.getByRole('dialog', { name: 'Refund unspent funds' });
          fireEvent.click(within(dialog).getByRole('button', { name: /^(Cancel|Done)$/ }));
        },
        'xstate.done.actor.requestRefund': async ({ output }) => {
          seen.settled += 1;
          seen.requested += 1;
          seen.result = output;
          seen.amount = '';
          await requestRefund.resolve(output);
        },
        'xstate.error.actor.requestRefund': async ({ error }) => {
          seen.settled += 1;
          seen.failure = (error as Error).message;
          await requestRefund.reject(error);
        },
      },
    };
  },
  states: {
    // The Funds card with no dialog; nothing is being requested; the funds read again once per refund requested.
    closed: async ({ loadFunds, requestRefund, seen, card }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(card().getByRole('button', { name: 'Add funds' })).toBeEnabled();
      expect(requestRefund.started).toBe(seen.settled);
      expect(loadFunds.started).toBe(1 + seen.requested);
    },
    // The form: the amount as typed with its check, the free balance said, a refusal said; Refund waits for a click.
    open: async ({ loadFunds, requestRefund, seen }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Refund unspent funds' }));
      const amount = d.getByLabelText('Amount');
      expect(amount).toHaveValue(seen.amount);
      expect(amount).toBeEnabled();
      expect(amount).toHaveAccessibleDescription(expect.stringContaining('At most $800, your free balance.'));
      if (seen.amountError) expect(amount).toHaveAccessibleDescription(expect.stringContaining(seen.amountError));
      else expect(amount).not.toHaveAttribute('aria-invalid');
      if (seen.failure)
        expect(d.getByRole('alert')).toHaveTextContent(`The refund could not be requested${seen.failure}`);
      else expect(d.queryByText('The refund could not be requested')).not.toBeInTheDocument();
      expect(d.getByRole('button', { name: 'Refund' })).toBeEnabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(d.queryByRole('list', { name: 'Refund pieces' })).not.toBeInTheDocument();
      expect(requestRefund.started).toBe(seen.settled);
      expect(loadFunds.started).toBe(1 + seen.requested);
    },
    // The refund is on its way: the amount in cents; the dialog waits.
    requesting: async ({ requestRefund, seen }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Refund unspent funds' }));
      expect(requestRefund.started).toBe(seen.settled + 1);
      expect(requestRefund.inputs.at(-1)).toMatchObject({ amountCents: parseDollars(seen.amount) });
      expect(d.getByLabelText('Amount')).toBeDisabled();
      expect(d.getByRole('button', { name: 'Refund' })).toBeDisabled();
      expect(d.getByRole('button', { name: 'Refund' })).toHaveAttribute('aria-busy', 'true');
      expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    // The pieces the request made with their states, the free balance left, and Done; the card reads its funds again.
    done: async ({ loadFunds, requestRefund, seen }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Refund unspent funds' }));
      expect(d.getByRole('heading', { name: 'Refund requested' })).toBeInTheDocument();
      const pieces = within(d.getByRole('list', { name: 'Refund pieces' })).getAllByRole('listitem');
      expect(pieces.map((item) => item.textContent)).toEqual(
        seen.result!.refunds.map((refund) => expect.stringContaining(pieceText(refund))),
      );
      expect(d.getByText(/Your free balance is now/)).toHaveTextContent(
        `Your free balance is now ${formatMoney(seen.result!.balanceCents)}.`,
      );
      expect(d.getByRole('button', { name: 'Done' })).toBeEnabled();
      expect(d.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
      expect(d.queryByLabelText('Amount')).not.toBeInTheDocument();
      expect(requestRefund.started).toBe(seen.settled);
      expect(loadFunds.started).toBe(1 + seen.requested);
    },
  },
});
