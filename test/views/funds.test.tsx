// Self-serve money on the advertiser's Funds card (docs/product.md §Self-serve money): Add funds driven through the UI
// along every generated path of the `addFunds` statechart (the fee and the total before paying, the browser sent to
// Stripe through an injected action), the return from Checkout (/campaigns?deposit=…: processing until Stripe
// confirms, then said plainly; the query cleared), the amounts refunds and disputes hold and the card payments,
// Refund unspent funds and its pieces, the operator's Refunds and disputes tab, and the wiring's Idempotency-Keys.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSearchParams } from 'react-router-dom';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign } from '@/contract';
import type { AdminRefund, CardDeposit, CardDispute } from '@/contract/schemas/money';
import type { AnalyticsRange } from '@/contract/analytics';
import { DEPOSIT_FEE_TEXT, depositFee, type DepositMethod } from '@/contract/money';
import { catalogue } from '@/machines/index';
import { fixtures } from '@/machines/samples';
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
import {
  sampleAdminRefund,
  sampleCardDeposit,
  sampleCardDispute,
  sampleFailedDeposit,
  sampleManualRefund,
  sampleProcessingDeposit,
  sampleStripeRefund,
  sampleSucceededDeposit,
} from '@/machines/money/fundsSamples';
import {
  adminRefundsMachine,
  type RefundDecision,
  type RefundsAndDisputes,
} from '@/machines/operator/adminRefunds.machine';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { publishLive } from '@/src/notifications/liveHub';
import { fundsLiveFeed } from '@/src/money/advertiserFunds';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';
import { messages } from '@/src/messages';
import { depositProblemInEnglish } from './fundsTexts';

// The dialogs are chunks of their own, loaded once here (as the browser has them just after the screen).
beforeAll(async () => {
  await Promise.all([
    import('@/src/money/AddFunds'),
    import('@/src/money/FundsRefund'),
    import('@/src/operator/OperatorRefunds'),
  ]);
});
afterEach(() => vi.restoreAllMocks());

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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

/** The address's query string, shown beside the screen. */
function Query() {
  const [params] = useSearchParams();
  return <output data-testid="query">{params.toString()}</output>;
}

/** Campaigns with the Funds card's actors and its three flows controlled by the test. */
async function setup({ funds = emptyFunds, url = '/campaigns' }: { funds?: AdvertiserBalance; url?: string } = {}) {
  const loadFunds = controlled<AdvertiserBalance>();
  const createDeposit = controlled<DepositStarted, DepositRequest>();
  const loadDeposit = controlled<CardDeposit, { depositId: string }>();
  const cancelDeposit = controlled<CardDeposit, { depositId: string }>();
  const requestRefund = controlled<RefundResult, RefundRequest>();
  const goToCheckout = vi.fn();
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
              actors: { createDeposit: createDeposit.logic },
              actions: { goToCheckout: (_, params) => goToCheckout(params) },
            }),
            depositReturn: depositReturnMachine.provide({
              actors: { loadDeposit: loadDeposit.logic, cancelDeposit: cancelDeposit.logic },
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
      <Query />
    </>,
    { path: '/campaigns', url, jwt: 'advertiser.jwt' },
  );
  await loadFunds.resolve(funds);
  return {
    loadFunds,
    createDeposit,
    loadDeposit,
    cancelDeposit,
    requestRefund,
    goToCheckout,
    user: userEvent.setup(),
    card: () => within(screen.getByRole('region', { name: 'Funds' })),
  };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const news = (type: 'funds.deposited' | 'thread.message') =>
  act(() =>
    publishLive({
      id: 1,
      type,
      title: 't',
      text: 't',
      offerId: null,
      link: null,
      read: false,
      createdAt: '',
      locale: 'en' as const,
    }),
  );

describe('addFunds view along generated paths', () => {
  const paths = generatePaths(catalogue.addFunds, fixtures.addFunds);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const { createDeposit, goToCheckout, user, card } = await setup();
    let amount = '';
    let method: DepositMethod = 'card';
    let failure = '';
    let checkoutUrl = '';

    const gestures = {
      'addFunds.open': async () => {
        await user.click(card().getByRole('button', { name: 'Add funds' }));
        await screen.findByRole('dialog', { name: 'Add funds' });
        failure = '';
      },
      'amount.change': async ({ value }) => {
        const input = within(dialog('Add funds')).getByLabelText('Amount');
        await user.clear(input);
        if (value) await user.type(input, value);
        amount = value;
      },
      'method.change': async ({ method: next }) => {
        await user.click(
          within(dialog('Add funds')).getByRole('radio', { name: next === 'card' ? 'Card' : 'US bank account' }),
        );
        method = next;
      },
      'addFunds.submit': async () => {
        const before = createDeposit.started;
        await user.click(within(dialog('Add funds')).getByRole('button', { name: 'Continue to payment' }));
        if (createDeposit.started > before) {
          expect(createDeposit.inputs.at(-1)).toMatchObject({ amountCents: depositAmountCents(amount), method });
          failure = '';
        }
      },
      'addFunds.cancel': () => user.click(within(dialog('Add funds')).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.createDeposit': async ({ output }) => {
        await createDeposit.resolve(output);
        checkoutUrl = output.checkoutUrl;
        expect(goToCheckout).toHaveBeenLastCalledWith({ url: output.checkoutUrl });
      },
      'xstate.error.actor.createDeposit': async ({ error }) => {
        await createDeposit.reject(error);
        failure = (error as Error).message;
      },
    } satisfies Gestures<typeof addFundsMachine>;
    await perform(gestures, path.events);

    const state = JSON.stringify(path.expected);
    if (state === '"closed"') {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(card().getByRole('button', { name: 'Add funds' })).toBeEnabled();
      return;
    }
    const d = within(dialog('Add funds'));
    expect(d.getByLabelText('Amount')).toHaveValue(amount);
    expect(d.getByRole('radio', { name: 'Card' })).toHaveAttribute('aria-checked', String(method === 'card'));
    expect(d.getByText(DEPOSIT_FEE_TEXT[method])).toBeInTheDocument();
    const cents = depositAmountCents(amount);
    if (cents === null) expect(d.getByText('Enter an amount to see the fee and the total.')).toBeInTheDocument();
    else {
      const { feeCents, grossCents } = depositFee(method, cents);
      const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: c % 100 ? 2 : 0 })}`;
      expect(d.getByText('Added to your balance').nextSibling).toHaveTextContent(money(cents));
      expect(d.getByText('Stripe’s fee').nextSibling).toHaveTextContent(money(feeCents));
      expect(d.getByText('Total charged').nextSibling).toHaveTextContent(money(grossCents));
      // The fee is Stripe's share of the total charged, said with this amount's figures (issue 48 item 11).
      expect(d.getByTestId('fee-worked')).toHaveTextContent(
        `Stripe keeps ${money(feeCents)} of the ${money(grossCents)} charged, and ${money(cents)} reaches your balance.`,
      );
    }
    if (state === '"open"') {
      expect(d.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
      if (failure) expect(d.getByRole('alert')).toHaveTextContent(`The payment could not be started${failure}`);
      const shown = d.queryByText(depositProblemInEnglish(amount) ?? '\u0000');
      if (!shown) expect(d.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid', 'true');
    } else if (state === '"creating"') {
      expect(d.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    } else if (state === '"redirecting"') {
      expect(d.getByText('Opening Stripe’s payment page')).toBeInTheDocument();
      expect(d.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute('href', checkoutUrl);
      expect(d.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    } else throw new Error(`No assertion for ${state}`);
  });
});

describe('Add funds', () => {
  it('is titled, every field labelled, the fee and the total shown before paying; axe finds nothing', async () => {
    const { user, card, createDeposit, goToCheckout } = await setup();
    await user.click(card().getByRole('button', { name: 'Add funds' }));
    const d = await screen.findByRole('dialog', { name: 'Add funds' });
    expect(d).toHaveAccessibleDescription(/Pay by card or US bank debit through Stripe/);
    await user.type(within(d).getByLabelText('Amount'), '500');
    expect(within(d).getByText('Total charged').nextSibling).toHaveTextContent('$515.25');
    await user.click(within(d).getByRole('radio', { name: 'US bank account' }));
    expect(within(d).getByText('Stripe’s fee').nextSibling).toHaveTextContent('$4.04');
    expect(within(d).getByText('Total charged').nextSibling).toHaveTextContent('$504.04');
    expect(await violations(document.body)).toEqual([]);
    await user.click(within(d).getByRole('button', { name: 'Continue to payment' }));
    expect(createDeposit.inputs).toEqual([
      { amountCents: 50_000, method: 'us_bank_account', idempotencyKey: expect.any(String) },
    ]);
    await createDeposit.resolve({ deposit: sampleProcessingDeposit, checkoutUrl: 'https://checkout.example/cs_2' });
    expect(goToCheckout).toHaveBeenCalledWith({ url: 'https://checkout.example/cs_2' });
  });

  it('refuses amounts outside $10–$50,000 before sending anything', async () => {
    const { user, card, createDeposit } = await setup();
    await user.click(card().getByRole('button', { name: 'Add funds' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add funds' }));
    await user.type(d.getByLabelText('Amount'), '9.99');
    await user.click(d.getByRole('button', { name: 'Continue to payment' }));
    expect(d.getByLabelText('Amount')).toHaveAccessibleDescription(/The smallest amount you can add is \$10\./);
    await user.clear(d.getByLabelText('Amount'));
    await user.type(d.getByLabelText('Amount'), '50000.01');
    await user.click(d.getByRole('button', { name: 'Continue to payment' }));
    expect(d.getByLabelText('Amount')).toHaveAccessibleDescription(
      /The largest amount you can add at once is \$50,000\./,
    );
    expect(createDeposit.started).toBe(0);
  });
});

describe('Funds card', () => {
  it('shows what refunds and a card dispute hold, and the card payments with their states', async () => {
    const { card } = await setup({
      funds: {
        ...emptyFunds,
        balanceCents: 80_000,
        refundingCents: 20_000,
        disputedCents: 35_000,
        cardDeposits: [
          { ...sampleSucceededDeposit, refundedCents: 30_000 },
          sampleProcessingDeposit,
          sampleFailedDeposit,
        ],
      },
    });
    expect(card().getByText('Held by refunds').nextSibling).toHaveTextContent('$200');
    expect(card().getByText('Held by a card dispute').nextSibling).toHaveTextContent('$350');
    const items = within(card().getByRole('list', { name: 'Card and bank payments' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Nov 25, 2026: $500 by card Paid · $300 refunded',
      'Nov 25, 2026: $500 by bank debit Processing',
      'Nov 25, 2026: $500 by card Failed',
    ]);
    expect(card().getByRole('button', { name: 'Refund unspent funds' })).toBeEnabled();
    expect(card().queryByText('No deposits yet.')).not.toBeInTheDocument();
    expect(await violations(screen.getByRole('region', { name: 'Funds' }))).toEqual([]);
  });

  it('hides the held amounts when nothing is held, and Refund when the free balance is empty', async () => {
    const { card } = await setup();
    expect(card().queryByText('Held by refunds')).not.toBeInTheDocument();
    expect(card().queryByText('Held by a card dispute')).not.toBeInTheDocument();
    expect(card().queryByRole('button', { name: 'Refund unspent funds' })).not.toBeInTheDocument();
    expect(card().queryByRole('list', { name: 'Card and bank payments' })).not.toBeInTheDocument();
    expect(card().getByText('No deposits yet.')).toBeInTheDocument();
  });
});

describe('what a card dispute left owed', () => {
  it('the Funds card says what is owed, and why refunds and launches wait, in the words the server refuses them with', async () => {
    const { card } = await setup({
      funds: { ...emptyFunds, disputedCents: 1_000, owedCents: 330, owedDispute: 'open' },
    });
    expect(card().getByText('Owed for a card dispute').nextSibling).toHaveTextContent('$3.30');
    expect(card().getByRole('alert')).toHaveTextContent(
      'Refunds and launches waitA card payment of yours is disputed: $3.30 is owed to Castbridge until the dispute closes. Refunds and launches wait until it is covered.Funds you add, and what your campaigns release, pay it first.',
    );
    expect(await violations(screen.getByRole('region', { name: 'Funds' }))).toEqual([]);
  });

  it('lost: the debt stays, and the card says how to cover it', async () => {
    const { card } = await setup({ funds: { ...emptyFunds, owedCents: 629, owedDispute: 'lost' } });
    expect(card().getByRole('alert')).toHaveTextContent(
      'A card payment of yours was disputed and the bank took it back: $6.29 is owed to Castbridge. Refunds and launches wait until it is covered: add funds, or cancel a campaign to free what it reserves.',
    );
  });

  it('nothing owed: no notice', async () => {
    const { card } = await setup({ funds: { ...emptyFunds, balanceCents: 500 } });
    expect(card().queryByText('Owed for a card dispute')).not.toBeInTheDocument();
    expect(card().queryByText('Refunds and launches wait')).not.toBeInTheDocument();
  });

  it('a refund refused for an open dispute names it in the dialog', async () => {
    const { requestRefund, card, user } = await setup({ funds: { ...emptyFunds, balanceCents: 10_000 } });
    await user.click(card().getByRole('button', { name: 'Refund unspent funds' }));
    const d = await screen.findByRole('dialog', { name: 'Refund unspent funds' });
    await user.type(within(d).getByLabelText('Amount'), '100');
    await user.click(within(d).getByRole('button', { name: 'Refund' }));
    const message =
      'A card payment of yours is disputed: $6.29 is owed to Castbridge until the dispute closes. Refunds and launches wait until it is covered.';
    await requestRefund.reject(Object.assign(new Error(message), { status: 409 }));
    expect(within(d).getByRole('alert')).toHaveTextContent(`The refund could not be requested${message}`);
  });
});

describe('back from Stripe Checkout', () => {
  it('processing until Stripe confirms; news about funds reads it again; Funds added, the funds read again; the query cleared', async () => {
    const { loadDeposit, loadFunds, card, user } = await setup({ url: '/campaigns?deposit=dep_1&tab=x' });
    expect(loadDeposit.inputs).toEqual([{ depositId: 'dep_1' }]);
    expect(screen.getByTestId('query')).toHaveTextContent(/^tab=x$/);
    expect(card().getByRole('status')).toHaveTextContent('Checking your payment');
    await loadDeposit.resolve(sampleCardDeposit);
    expect(card().getByRole('status')).toHaveTextContent(
      'Payment processingYour card payment of $515.25 is processing: $500 is added to your balance as soon as Stripe confirms it.',
    );
    // Not to be put away while it is about to change.
    expect(within(card().getByRole('status')).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    news('thread.message');
    expect(loadDeposit.started).toBe(1);
    news('funds.deposited');
    expect(loadDeposit.started).toBe(2);
    expect(loadFunds.started).toBe(2);
    await loadFunds.resolve({ ...emptyFunds, balanceCents: 50_000 });
    await loadDeposit.resolve(sampleSucceededDeposit);
    expect(card().getByRole('status')).toHaveTextContent('Funds added$500 is now in your balance.');
    expect(loadFunds.started).toBe(3);
    await loadFunds.resolve({ ...emptyFunds, balanceCents: 50_000, cardDeposits: [sampleSucceededDeposit] });
    expect(card().getByText('Balance').nextSibling).toHaveTextContent('$500');
    expect(await violations(screen.getByRole('region', { name: 'Funds' }))).toEqual([]);
    await user.click(within(card().getByRole('status')).getByRole('button', { name: 'Dismiss' }));
    expect(card().queryByRole('status')).toBeNull();
  });

  it('cancelled on Stripe’s page: says nothing was charged, closes the payment and the list stops saying Not paid yet', async () => {
    const open = { ...sampleCardDeposit, id: 'dep_1' };
    const { loadDeposit, cancelDeposit, loadFunds, card } = await setup({
      url: '/campaigns?deposit=dep_1&cancelled=1',
      funds: { ...emptyFunds, cardDeposits: [open] },
    });
    expect(card().getByText('Not paid yet')).toBeInTheDocument();
    await loadDeposit.resolve(open);
    expect(card().getByRole('alert')).toHaveTextContent(
      'Payment cancelledYou cancelled the card payment of $515.25 on Stripe’s page: nothing was charged.',
    );
    expect(screen.getByTestId('query')).toBeEmptyDOMElement();
    // The payment is closed at Stripe (issue 48 item 12), then the card reads its list again.
    expect(cancelDeposit.inputs).toEqual([{ depositId: 'dep_1' }]);
    await cancelDeposit.resolve({ ...open, status: 'expired' });
    expect(loadFunds.started).toBe(2);
    await loadFunds.resolve({ ...emptyFunds, cardDeposits: [{ ...open, status: 'expired' }] });
    expect(card().queryByText('Not paid yet')).toBeNull();
    expect(card().getByText('Expired')).toBeInTheDocument();
  });

  it('a failed payment says why, and that nothing was added', async () => {
    const failed = await setup({ url: '/campaigns?deposit=dep_1' });
    await failed.loadDeposit.resolve(sampleFailedDeposit);
    expect(failed.card().getByRole('alert')).toHaveTextContent(
      'Payment failedYour card payment of $515.25 failed: Your card was declined.. Nothing was added to your balance',
    );
  });

  it('an expired payment, and one that cannot be read (Try again)', async () => {
    const { loadDeposit, card, user } = await setup({ url: '/campaigns?deposit=dep_1' });
    await loadDeposit.reject(new Error('Failed to fetch'));
    expect(card().getByRole('alert')).toHaveTextContent('Your payment could not be checkedFailed to fetch');
    await user.click(within(card().getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await loadDeposit.resolve({ ...sampleCardDeposit, status: 'expired' });
    expect(card().getByRole('alert')).toHaveTextContent(
      'Payment expiredThe card payment of $515.25 was not completed in time: nothing was charged.',
    );
  });

  it('a bank debit says it takes up to 4 business days', async () => {
    const { loadDeposit, card } = await setup({ url: '/campaigns?deposit=dep_2' });
    await loadDeposit.resolve(sampleProcessingDeposit);
    expect(card().getByRole('status')).toHaveTextContent(
      'Your bank debit of $504.04 is processing: bank debits take up to 4 business days, and $500 is added to your balance once it clears.',
    );
  });
});

describe('fundsRefund view along generated paths', () => {
  const paths = generatePaths(catalogue.fundsRefund, fixtures.fundsRefund);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const { requestRefund, card, user } = await setup({ funds: { ...emptyFunds, balanceCents: 80_000 } });
    let amount = '';
    let failure = '';
    let result: RefundResult | null = null;

    const gestures = {
      'refund.open': async () => {
        await user.click(card().getByRole('button', { name: 'Refund unspent funds' }));
        await screen.findByRole('dialog', { name: 'Refund unspent funds' });
        amount = '';
        failure = '';
      },
      'amount.change': async ({ value }) => {
        const input = within(dialog('Refund unspent funds')).getByLabelText('Amount');
        await user.clear(input);
        if (value) await user.type(input, value);
        amount = value;
      },
      'refund.submit': async () => {
        const before = requestRefund.started;
        await user.click(within(dialog('Refund unspent funds')).getByRole('button', { name: 'Refund' }));
        if (requestRefund.started > before) failure = '';
      },
      'refund.cancel': () =>
        user.click(within(dialog('Refund unspent funds')).getByRole('button', { name: result ? 'Done' : 'Cancel' })),
      'xstate.done.actor.requestRefund': async ({ output }) => {
        await requestRefund.resolve(output);
        result = output;
        amount = '';
      },
      'xstate.error.actor.requestRefund': async ({ error }) => {
        await requestRefund.reject(error);
        failure = (error as Error).message;
      },
    } satisfies Gestures<typeof fundsRefundMachine>;
    await perform(gestures, path.events);

    const state = JSON.stringify(path.expected);
    if (state === '"closed"') {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      return;
    }
    const d = within(dialog('Refund unspent funds'));
    if (state === '"done"') {
      expect(d.getAllByRole('listitem')).toHaveLength(result!.refunds.length);
      expect(d.getByRole('button', { name: 'Done' })).toBeEnabled();
      return;
    }
    expect(d.getByLabelText('Amount')).toHaveValue(amount);
    if (state === '"open"') {
      expect(d.getByRole('button', { name: 'Refund' })).toBeEnabled();
      if (failure) expect(d.getByRole('alert')).toHaveTextContent(`The refund could not be requested${failure}`);
    } else if (state === '"requesting"') {
      expect(d.getByRole('button', { name: 'Refund' })).toBeDisabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    } else throw new Error(`No assertion for ${state}`);
  });
});

describe('Refund unspent funds', () => {
  it('up to the free balance; says where card and wired money go; shows the pieces; the funds read again; the key kept for a resend', async () => {
    const { requestRefund, loadFunds, card, user } = await setup({
      funds: { ...emptyFunds, balanceCents: 80_000 },
    });
    await user.click(card().getByRole('button', { name: 'Refund unspent funds' }));
    const d = await screen.findByRole('dialog', { name: 'Refund unspent funds' });
    expect(d).toHaveAccessibleDescription(
      'Money you paid by card or bank debit returns to that payment through Stripe; money you wired is sent back to your bank by Castbridge’s operators.',
    );
    const amount = within(d).getByLabelText('Amount');
    expect(amount).toHaveAccessibleDescription(/At most \$800, your free balance\./);
    await user.type(amount, '900');
    await user.click(within(d).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(/You can refund at most \$800, your free balance\./);
    expect(requestRefund.started).toBe(0);
    await user.clear(amount);
    await user.type(amount, '500');
    expect(await violations(document.body)).toEqual([]);
    await user.click(within(d).getByRole('button', { name: 'Refund' }));
    const key = requestRefund.inputs[0]!.idempotencyKey;
    expect(requestRefund.inputs[0]).toEqual({ amountCents: 50_000, idempotencyKey: expect.any(String) });
    await requestRefund.reject(new Error('Failed to fetch'));
    expect(within(d).getByRole('alert')).toHaveTextContent('The refund could not be requestedFailed to fetch');
    await user.click(within(d).getByRole('button', { name: 'Refund' }));
    expect(requestRefund.inputs[1]).toEqual({ amountCents: 50_000, idempotencyKey: key });
    await requestRefund.resolve({ refunds: [sampleStripeRefund, sampleManualRefund], balanceCents: 30_000 });
    const pieces = within(d).getByRole('list', { name: 'Refund pieces' });
    expect(
      within(pieces)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '$300 back to the card or bank account that paid it, through Stripe Refunded',
      '$200 wired back to you by Castbridge Waiting for Castbridge',
    ]);
    expect(d).toHaveTextContent('Your free balance is now $300.');
    expect(loadFunds.started).toBe(2);
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('operator: Refunds and disputes', () => {
  function renderConsole() {
    const load = controlled<RefundsAndDisputes>();
    const decide = controlled<AdminRefund, RefundDecision>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          records: adminRecordsMachine.provide({
            actors: { loadRecords: controlled<unknown[], { kind: RecordsKind; query: string }>().logic },
          }),
          refunds: adminRefundsMachine.provide({ actors: { loadRefunds: load.logic, decideRefund: decide.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    return { load, decide, user: userEvent.setup() };
  }

  it('lists card disputes open first with amount, held and owed; marks a wired refund sent with its reference; a refusal keeps the dialog', async () => {
    const { load, decide, user } = renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Refunds and disputes' }));
    await waitFor(() => expect(load.started).toBe(1));
    const won: CardDispute = {
      ...sampleCardDispute,
      id: 'cd_0',
      status: 'won',
      createdAt: '2026-11-27T09:00:00.000Z',
      closedAt: '2026-11-28T09:00:00.000Z',
    };
    const stripeRefund: AdminRefund = { ...sampleAdminRefund, ...sampleStripeRefund };
    await load.resolve({ refunds: [sampleAdminRefund, stripeRefund], disputes: [won, sampleCardDispute] });
    const disputes = screen.getByRole('table', { name: 'Card disputes' });
    const rows = within(disputes)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['nova@example.com', '$500', '$350', '$150', 'fraudulent', 'Open', 'Nov 26, 2026'],
      ['nova@example.com', '$500', '$350', '$0', 'fraudulent', 'Won', 'Nov 27, 2026 · closed Nov 28, 2026'],
    ]);
    const waiting = screen.getByRole('list', { name: 'Refunds waiting' });
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(1);
    const other = within(screen.getByRole('table', { name: 'Other refunds' })).getAllByRole('row');
    expect(
      other.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([['nova@example.com', '$300', 'Stripe', 'Refunded', 'Decided Nov 26, 2026']]);
    expect(await violations(document.body)).toEqual([]);

    await user.click(within(waiting).getByRole('button', { name: 'Mark sent' }));
    const d = await screen.findByRole('dialog', { name: 'Mark the refund of $200 sent' });
    await user.click(within(d).getByRole('button', { name: 'Mark sent' }));
    expect(decide.started).toBe(0);
    await user.type(within(d).getByLabelText('Wire reference'), 'WIRE 5521');
    expect(await violations(document.body)).toEqual([]);
    await user.click(within(d).getByRole('button', { name: 'Mark sent' }));
    expect(decide.inputs[0]).toEqual({
      refundId: 'rf_2',
      verdict: 'sent',
      text: 'WIRE 5521',
      idempotencyKey: expect.any(String),
    });
    await decide.reject(Object.assign(new Error('This refund is already sent'), { status: 409 }));
    expect(within(d).getByLabelText('Wire reference')).toHaveAccessibleDescription('This refund is already sent');
    await user.click(within(d).getByRole('button', { name: 'Mark sent' }));
    expect(decide.inputs[1]!.idempotencyKey).toBe(decide.inputs[0]!.idempotencyKey);
    await decide.resolve({ ...sampleAdminRefund, status: 'succeeded', decidedAt: '2026-11-26T12:00:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('No refunds waiting.')).toBeInTheDocument();
  });

  it('a wire reference is checked (blank, at most 100 characters without the spaces around it); a changed reference after a refusal is a new decision with a new Idempotency-Key', async () => {
    const { load, decide, user } = renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Refunds and disputes' }));
    await waitFor(() => expect(load.started).toBe(1));
    await load.resolve({ refunds: [sampleAdminRefund], disputes: [] });
    const waiting = screen.getByRole('list', { name: 'Refunds waiting' });
    await user.click(within(waiting).getByRole('button', { name: 'Mark sent' }));
    const d = within(await screen.findByRole('dialog', { name: 'Mark the refund of $200 sent' }));
    const field = d.getByLabelText('Wire reference');
    const send = () => user.click(d.getByRole('button', { name: 'Mark sent' }));
    await user.type(field, '   ');
    await send();
    expect(field).toHaveAccessibleDescription(messages.required);
    await user.clear(field);
    await user.type(field, 'W'.repeat(101));
    await send();
    expect(field).toHaveAccessibleDescription('At most 100 characters.');
    expect(decide.started).toBe(0);
    await user.clear(field);
    await user.type(field, ` ${'W'.repeat(100)} `);
    await send();
    expect(decide.inputs.at(-1)).toMatchObject({ refundId: 'rf_2', verdict: 'sent', text: 'W'.repeat(100) });
    await decide.reject(new Error('The service is unavailable'));
    await user.clear(field);
    await user.type(field, 'WIRE 5521');
    await send();
    expect(decide.inputs.at(-1)!.text).toBe('WIRE 5521');
    expect(decide.inputs.at(-1)!.idempotencyKey).not.toBe(decide.inputs[0]!.idempotencyKey);
    await decide.reject(new Error('The service is unavailable'));
    await send();
    expect(decide.inputs).toHaveLength(3);
    expect(decide.inputs[2]).toEqual(decide.inputs[1]);
  });

  it('flags a refund whose advertiser has an open or lost card dispute, with what is still owed', async () => {
    const { load, user } = renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Refunds and disputes' }));
    await waitFor(() => expect(load.started).toBe(1));
    const stripeRefund: AdminRefund = {
      ...sampleAdminRefund,
      ...sampleStripeRefund,
      advertiserDisputes: { status: 'lost', owedCents: 0 },
    };
    await load.resolve({
      refunds: [{ ...sampleAdminRefund, advertiserDisputes: { status: 'open', owedCents: 10_330 } }, stripeRefund],
      disputes: [{ ...sampleCardDispute, recoveredCents: 5_000 }],
    });
    const waiting = within(screen.getByRole('list', { name: 'Refunds waiting' })).getByRole('listitem');
    expect(waiting).toHaveTextContent('Card dispute open · $103.30 owed');
    expect(waiting).toHaveTextContent(
      'This advertiser owes Castbridge for a card dispute: do not wire it. Mark it failed, and its amount pays what is owed.',
    );
    const other = within(screen.getByRole('table', { name: 'Other refunds' })).getAllByRole('row')[1]!;
    expect(within(other).getAllByRole('cell')[0]).toHaveTextContent(
      'nova@example.com Card dispute lost · nothing owed',
    );
    // What free money paid back is no longer owed.
    const dispute = within(screen.getByRole('table', { name: 'Card disputes' })).getAllByRole('row')[1]!;
    expect(within(dispute).getAllByRole('cell')[3]).toHaveTextContent('$100');
    expect(await violations(document.body)).toEqual([]);
  });

  it('Mark failed asks for the reason', async () => {
    const { load, decide, user } = renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Refunds and disputes' }));
    await waitFor(() => expect(load.started).toBe(1));
    await load.resolve({ refunds: [sampleAdminRefund], disputes: [] });
    expect(screen.getByText('No card disputes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark failed' }));
    const d = await screen.findByRole('dialog', { name: 'Mark the refund of $200 failed' });
    await user.type(within(d).getByLabelText('Reason'), 'The account is closed');
    await user.click(within(d).getByRole('button', { name: 'Mark failed' }));
    expect(decide.inputs[0]).toMatchObject({ verdict: 'failed', text: 'The account is closed' });
  });

  it('Refresh shows what it read: a refund wired meanwhile leaves the waiting list, a new one joins it', async () => {
    const { load, user } = renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Refunds and disputes' }));
    await waitFor(() => expect(load.started).toBe(1));
    await load.resolve({ refunds: [sampleAdminRefund], disputes: [] });
    const waitingHeadings = () =>
      within(screen.getByRole('list', { name: 'Refunds waiting' }))
        .getAllByRole('heading')
        .map((heading) => heading.textContent);
    expect(waitingHeadings()).toEqual(['$200 to nova@example.com']);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(load.started).toBe(2));
    const pixel: AdminRefund = {
      ...sampleAdminRefund,
      id: 'rf_4',
      advertiserId: 'adv_2',
      advertiserEmail: 'felix@pixelforge.example',
      amountCents: 7_500,
    };
    await load.resolve({
      refunds: [{ ...sampleAdminRefund, status: 'succeeded', decidedAt: '2026-11-26T12:00:00.000Z' }, pixel],
      disputes: [],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(waitingHeadings()).toEqual(['$75 to felix@pixelforge.example']);
    expect(screen.getByRole('table', { name: 'Other refunds' })).toHaveTextContent('nova@example.com$200');
  });
});
