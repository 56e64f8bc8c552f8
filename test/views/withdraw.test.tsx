// The Earnings screen's withdraw flow, driven through the UI along every generated path of the `withdraw` statechart.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '@/machines/index';
import type { PayoutReceipt, PayoutRequest, withdrawMachine } from '@/machines/withdraw.machine';
import { withdrawLogic } from '@/src/services/withdraw';
import { EarningsScreen } from '@/src/views/dashboard/earnings/Earnings';
import { fixtures } from '@/test/machines/fixtures';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, type Gestures } from './harness';

const FAILED = 'Transfer to bank account has been failed.';
const SUCCEEDED = 'Transferred successfully to your bank account.';
const methodLabel = { Influencer: 'Bank Account', Advertiser: 'PayPal', first: undefined } as const;

const dialog = (name: string) => screen.getByRole('dialog', { name });

async function expectNoDialog() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function expectResult(title: string, message: string) {
  const d = await screen.findByRole('dialog', { name: title });
  expect(d).toHaveTextContent(`Withdrawal amount of $1,289${message}`);
  expect(within(d).getByText('$1,289').tagName).toBe('STRONG');
  expect(within(d).getByRole('button', { name: 'Retry' })).toBeEnabled();
  expect(screen.queryByRole('dialog', { name: 'Withdraw' })).toBeNull();
}

afterEach(() => vi.restoreAllMocks());

describe('withdraw view along generated paths', () => {
  const paths = generatePaths(catalogue.withdraw, fixtures.withdraw);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    // A payout the test settles itself, so `requesting` can be seen and either result chosen.
    const payout = controlled<PayoutReceipt, PayoutRequest>();
    const logResult = vi.fn();
    const logic = withdrawLogic.provide({ actors: { requestPayout: payout.logic }, actions: { logResult: (_, params) => logResult(params) } });
    const user = userEvent.setup();
    render(<EarningsScreen logic={logic} />);
    let method: string = 'first';
    let amount = '';

    const gestures = {
      'withdraw.open': async () => {
        await user.click(screen.getByRole('button', { name: 'Withdraw' }));
        // The dialogs are a lazy chunk of the screen.
        await screen.findByRole('dialog', { name: 'Withdraw' });
        method = 'first';
        amount = '';
      },
      'amount.change': async ({ value }) => {
        await user.type(within(dialog('Withdraw')).getByLabelText('Amount'), value);
        amount = value;
      },
      'method.change': async (event) => {
        const label = methodLabel[event.method];
        if (!label) throw new Error(`No option for method ${event.method}`);
        method = event.method;
        await user.click(within(dialog('Withdraw')).getByRole('radio', { name: label }));
      },
      'withdraw.cancel': async () => {
        await user.click(within(dialog('Withdraw')).getByRole('button', { name: 'Cancel' }));
        expect(payout.inputs.at(-1)).toEqual({ amount, method, outcome: 'error' });
      },
      'withdraw.submit': async () => {
        await user.click(within(dialog('Withdraw')).getByRole('button', { name: 'Withdraw' }));
        expect(payout.inputs.at(-1)).toEqual({ amount, method, outcome: 'success' });
      },
      'withdraw.dismiss': () => user.keyboard('{Escape}'),
      'result.dismiss': () => user.keyboard('{Escape}'),
      'result.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
      'xstate.done.actor.requestPayout': async ({ output }) => {
        await payout.resolve(output);
        expect(logResult).toHaveBeenLastCalledWith({ ok: true, result: output });
      },
      'xstate.error.actor.requestPayout': async ({ error }) => {
        await payout.reject(error);
        expect(logResult).toHaveBeenLastCalledWith({ ok: false, result: error });
      },
    } satisfies Gestures<typeof withdrawMachine>;
    await perform(gestures, path.events);

    switch (path.expected) {
      case 'closed':
        await expectNoDialog();
        expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
        break;
      case 'open':
      case 'requesting': {
        const d = dialog('Withdraw');
        const input = within(d).getByLabelText('Amount');
        expect(input).toHaveAttribute('placeholder', 'Enter Amount');
        expect(input).toHaveValue(amount);
        expect(within(d).getByText('$')).toBeInTheDocument();
        const bank = within(d).getByRole('radio', { name: 'Bank Account' });
        const paypal = within(d).getByRole('radio', { name: 'PayPal' });
        expect(bank).toHaveAccessibleDescription('Account •••• 4321');
        // The default value `first` matches no option.
        expect(bank).toHaveAttribute('aria-checked', String(method === 'Influencer'));
        expect(paypal).toHaveAttribute('aria-checked', String(method === 'Advertiser'));
        const busy = path.expected === 'requesting';
        expect(within(d).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', busy);
        expect(within(d).getByRole('button', { name: 'Withdraw' })).toHaveProperty('disabled', busy);
        break;
      }
      case 'failed':
        await expectResult('Withdrawal failed', FAILED);
        break;
      case 'succeeded':
        await expectResult('Withdrawal successful', SUCCEEDED);
        break;
      default:
        throw new Error(`No assertion for ${JSON.stringify(path.expected)}`);
    }
  });
});

describe('withdraw with the default (simulated) payout', () => {
  it('Cancel reports an error result: the failed modal, logged; Retry closes it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<EarningsScreen />);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('dialog', { name: 'Withdraw' });
    await user.click(within(dialog('Withdraw')).getByRole('button', { name: 'Cancel' }));
    await expectResult('Withdrawal failed', FAILED);
    expect(warn).toHaveBeenCalledWith('Withdrawal result', expect.objectContaining({ message: 'Ha ocurrido un error' }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await expectNoDialog();
  });

  it('Withdraw reports success: the success modal, logged; its Retry closes it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<EarningsScreen />);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('dialog', { name: 'Withdraw' });
    await user.type(within(dialog('Withdraw')).getByLabelText('Amount'), '250');
    await user.click(within(dialog('Withdraw')).getByRole('radio', { name: 'PayPal' }));
    await user.click(within(dialog('Withdraw')).getByRole('button', { name: 'Withdraw' }));
    await expectResult('Withdrawal successful', SUCCEEDED);
    expect(info).toHaveBeenCalledWith('Withdrawal result', { amount: '250', method: 'Advertiser' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await expectNoDialog();
  });
});
