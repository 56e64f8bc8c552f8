// The Funds card's Add funds dialog on Campaigns (docs/product.md §Self-serve money), replayed along addFunds'
// recorded paths on the real screen: the flow runs as the Funds card's child, as in the app; the browser's trip to
// Stripe is an injected action the test records.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, vi } from 'vitest';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import type { CardDeposit } from '@/contract/schemas/money';
import { DEPOSIT_FEE_TEXT, depositFee, type DepositMethod } from '@/contract/money';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import {
  addFundsMachine,
  depositAmountCents,
  type DepositRequest,
  type DepositStarted,
} from '@/machines/money/addFunds.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { fundsRefundMachine, type RefundRequest, type RefundResult } from '@/machines/money/fundsRefund.machine';
import { formatMoney } from '@/src/common/format';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { fundsLiveFeed } from '@/src/money/advertiserFunds';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';
import { depositProblemInEnglish } from './fundsTexts';

// The dialog is a chunk of its own, loaded once here (as the browser has it just after the screen).
beforeAll(() => import('@/src/money/AddFunds'));

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

const METHOD_LABEL: Record<DepositMethod, string> = { card: 'Card', us_bank_account: 'US bank account' };

walkScreens('addFunds', {
  async mount() {
    const loadFunds = controlled<AdvertiserBalance>();
    const createDeposit = controlled<DepositStarted, DepositRequest>();
    const goToCheckout = vi.fn();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
          funds: advertiserFundsMachine.provide({ actors: { loadFunds: loadFunds.logic, liveFeed: fundsLiveFeed } }),
          fundsFlows: {
            addFunds: addFundsMachine.provide({
              actors: { createDeposit: createDeposit.logic },
              actions: { goToCheckout: (_, params) => goToCheckout(params) },
            }),
            depositReturn: depositReturnMachine.provide({
              actors: {
                loadDeposit: controlled<CardDeposit, { depositId: string }>().logic,
                cancelDeposit: controlled<CardDeposit, { depositId: string }>().logic,
              },
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
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    await loadFunds.resolve(emptyFunds);
    /** What the person has typed and chosen, and how the server answered. */
    const seen = {
      amount: '',
      method: 'card' as DepositMethod,
      /** The amount's check on show (after Continue with a bad amount), as it follows the corrections. */
      amountError: null as string | null,
      failure: null as string | null,
      settled: 0,
      checkoutUrl: null as string | null,
    };
    const card = () => within(screen.getByRole('region', { name: 'Funds' }));
    const dialog = () => screen.getByRole('dialog', { name: 'Add funds' });
    return {
      createDeposit,
      goToCheckout,
      seen,
      card,
      dialog,
      gestures: {
        'addFunds.open': () => {
          seen.amountError = null;
          seen.failure = null;
          seen.checkoutUrl = null;
          fireEvent.click(card().getByRole('button', { name: 'Add funds' }));
        },
        'amount.change': ({ value }) => {
          seen.amount = value;
          if (seen.amountError) seen.amountError = depositProblemInEnglish(value);
          fireEvent.change(within(dialog()).getByLabelText('Amount'), { target: { value } });
        },
        'method.change': ({ method }) => {
          seen.method = method;
          fireEvent.click(within(dialog()).getByRole('radio', { name: METHOD_LABEL[method] }));
        },
        'addFunds.submit': () => {
          seen.amountError = depositProblemInEnglish(seen.amount);
          if (!seen.amountError) seen.failure = null;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Continue to payment' }));
        },
        'addFunds.cancel': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
        'xstate.done.actor.createDeposit': async ({ output }) => {
          seen.settled += 1;
          seen.checkoutUrl = output.checkoutUrl;
          await createDeposit.resolve(output);
        },
        'xstate.error.actor.createDeposit': async ({ error }) => {
          seen.settled += 1;
          seen.failure = (error as Error).message;
          await createDeposit.reject(error);
        },
      },
    };
  },
  states: {
    // The Funds card with no dialog: Add funds waits; nothing is being opened at Stripe.
    closed: async ({ createDeposit, goToCheckout, seen, card }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(card().getByRole('button', { name: 'Add funds' })).toBeEnabled();
      expect(createDeposit.started).toBe(seen.settled);
      expect(goToCheckout).toHaveBeenCalledTimes(seen.checkoutUrl ? 1 : 0);
    },
    // The form: the amount as typed with its check, the method chosen, the fee and the total; a failure said.
    open: async ({ createDeposit, goToCheckout, seen, dialog }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Add funds' }));
      const amount = d.getByLabelText('Amount');
      expect(amount).toHaveValue(seen.amount);
      expect(amount).toBeEnabled();
      if (seen.amountError) expect(amount).toHaveAccessibleDescription(expect.stringContaining(seen.amountError));
      else expect(amount).not.toHaveAttribute('aria-invalid');
      for (const method of ['card', 'us_bank_account'] as const)
        expect(d.getByRole('radio', { name: METHOD_LABEL[method] })).toHaveAttribute(
          'aria-checked',
          String(method === seen.method),
        );
      expect(d.getByText(DEPOSIT_FEE_TEXT[seen.method])).toBeInTheDocument();
      const cents = depositAmountCents(seen.amount);
      if (cents === null) expect(d.getByText('Enter an amount to see the fee and the total.')).toBeInTheDocument();
      else
        expect(d.getByText('Total charged').nextSibling).toHaveTextContent(
          formatMoney(depositFee(seen.method, cents).grossCents),
        );
      if (seen.failure)
        expect(d.getByRole('alert')).toHaveTextContent(`The payment could not be started${seen.failure}`);
      else expect(d.queryByText('The payment could not be started')).not.toBeInTheDocument();
      expect(d.queryByText('Opening Stripe’s payment page')).not.toBeInTheDocument();
      expect(d.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(createDeposit.started).toBe(seen.settled);
      expect(goToCheckout).not.toHaveBeenCalled();
      expect(dialog()).toBeInTheDocument();
    },
    // The Checkout is being opened: the amount in cents by the method chosen; the dialog waits.
    creating: async ({ createDeposit, goToCheckout, seen }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Add funds' }));
      expect(createDeposit.started).toBe(seen.settled + 1);
      expect(createDeposit.inputs.at(-1)).toMatchObject({
        amountCents: depositAmountCents(seen.amount),
        method: seen.method,
      });
      expect(d.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
      expect(d.getByRole('button', { name: 'Continue to payment' })).toHaveAttribute('aria-busy', 'true');
      expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(d.getByLabelText('Amount')).toBeDisabled();
      expect(d.queryByText('Opening Stripe’s payment page')).not.toBeInTheDocument();
      expect(goToCheckout).not.toHaveBeenCalled();
    },
    // The browser is sent to Stripe's page, with a link should it not get there; only Cancel is left.
    redirecting: async ({ createDeposit, goToCheckout, seen }) => {
      const d = within(await screen.findByRole('dialog', { name: 'Add funds' }));
      expect(goToCheckout).toHaveBeenCalledExactlyOnceWith({ url: seen.checkoutUrl });
      expect(d.getByText('Opening Stripe’s payment page')).toBeInTheDocument();
      expect(d.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute('href', seen.checkoutUrl);
      expect(d.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(createDeposit.started).toBe(seen.settled);
    },
  },
});
