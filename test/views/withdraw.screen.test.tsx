// The Withdraw modal and its result modals on the Earnings screen (docs/spec.md §2 Withdraw modal and result modals,
// §8; docs/product.md §Money), replayed along withdraw's recorded paths on the real screen: the flow runs as the
// earnings actor's child, as in the app.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { Payout, PayoutMethod } from '@/contract';
import { parseDollars } from '@/contract/money';
import { earningsMachine, type EarningsData } from '@/machines/money/earnings.machine';
import { sampleEarnings, samplePayout } from '@/machines/money/samples';
import { withdrawMachine, type PayoutRequest } from '@/machines/money/withdraw.machine';
import { EarningsScreen } from '@/src/money/Earnings';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The modals' chunk is loaded once before the tests, as the browser has it after the first Withdraw.
beforeAll(() => import('@/src/money/Withdraw'));

const REQUIRED = 'Este campo es obligatorio';
const INVALID = 'Enter an amount in dollars and cents, e.g. 60 or 60.50.';
const valid = (amount: string) => (parseDollars(amount) ?? 0) > 0;

walkScreens('withdraw', {
  async mount() {
    const load = controlled<EarningsData>();
    const methods = controlled<PayoutMethod[]>();
    const payout = controlled<Payout, PayoutRequest>();
    renderScreen(
      <EarningsScreen
        logic={{
          earnings: earningsMachine.provide({ actors: { loadEarnings: load.logic } }),
          withdraw: withdrawMachine.provide({
            actors: { loadMethods: methods.logic, requestPayout: payout.logic },
            actions: { logResult: () => {} },
          }),
        }}
      />,
      { path: '/earnings', jwt: 'creator.jwt' },
    );
    await load.resolve({ earnings: sampleEarnings, payouts: [] });
    /** What the person has done so far: the modal's fields and the answers given. */
    const seen = {
      opens: 0,
      methodLoads: 0,
      amount: '',
      /** The amount's check, shown after a Withdraw with a bad amount until the amount is corrected. */
      amountError: false,
      loaded: [] as PayoutMethod[],
      chosen: null as string | null,
      payoutsSettled: 0,
      failure: '',
    };
    const modal = () => screen.getByRole('dialog', { name: 'Withdraw' });
    return {
      methods,
      payout,
      seen,
      modal,
      gestures: {
        'withdraw.open': () => {
          seen.opens += 1;
          seen.methodLoads += 1;
          seen.amount = '';
          seen.amountError = false;
          fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
        },
        'xstate.done.actor.loadMethods': async ({ output }) => {
          seen.loaded = output;
          seen.chosen =
            output.find((m) => m.id === seen.chosen)?.id ??
            output.find((m) => m.isDefault)?.id ??
            output[0]?.id ??
            null;
          await methods.resolve(output);
        },
        'xstate.error.actor.loadMethods': ({ error }) => methods.reject(error),
        'methods.retry': () => {
          seen.methodLoads += 1;
          fireEvent.click(within(modal()).getByRole('button', { name: 'Try again' }));
        },
        'amount.change': ({ value }) => {
          seen.amount = value;
          if (seen.amountError) seen.amountError = !valid(value);
          fireEvent.change(within(modal()).getByLabelText('Amount'), { target: { value } });
        },
        'method.change': ({ methodId }) => {
          const method = seen.loaded.find((m) => m.id === methodId)!;
          seen.chosen = methodId;
          const name = method.kind === 'bank' ? 'Bank Account' : method.kind === 'paypal' ? 'PayPal' : 'Stripe';
          fireEvent.click(within(modal()).getByRole('radio', { name }));
        },
        'withdraw.cancel': () => fireEvent.click(within(modal()).getByRole('button', { name: 'Cancel' })),
        'withdraw.dismiss': () => fireEvent.keyDown(modal(), { key: 'Escape' }),
        'withdraw.submit': () => {
          if (!valid(seen.amount)) seen.amountError = true;
          fireEvent.click(within(modal()).getByRole('button', { name: 'Withdraw' }));
        },
        'xstate.done.actor.requestPayout': async ({ output }) => {
          seen.payoutsSettled += 1;
          await payout.resolve(output);
        },
        'xstate.error.actor.requestPayout': async ({ error }) => {
          seen.payoutsSettled += 1;
          seen.failure = (error as Error).message;
          await payout.reject(error);
        },
        // The result modal's one button: the spec's Retry on the bank account's texts, Done elsewhere; both close.
        'result.retry': () =>
          fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^(Retry|Done)$/ })),
        'result.dismiss': () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }),
      },
    };
  },
  states: {
    // The Earnings screen with no modal: its Withdraw button waits, no request is out.
    closed: async ({ methods, payout, seen }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
      expect(methods.started).toBe(seen.methodLoads);
      expect(payout.started).toBe(seen.payoutsSettled);
    },
    // The modal reads the saved methods: its spinner, and Withdraw disabled.
    'open.loading': async ({ methods, payout, seen, modal }) => {
      await screen.findByRole('dialog', { name: 'Withdraw' });
      expect(within(modal()).getByText('Loading your payout methods')).toBeInTheDocument();
      expect(within(modal()).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
      expect(within(modal()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(within(modal()).queryByRole('radio')).not.toBeInTheDocument();
      expect(within(modal()).queryByText('Your payout methods could not be loaded')).not.toBeInTheDocument();
      expect(methods.started).toBe(seen.methodLoads);
      expect(payout.started).toBe(seen.payoutsSettled);
    },
    // The methods could not be read: the modal says so with a Try again; Withdraw stays disabled.
    'open.loadFailed': async ({ payout, seen, modal }) => {
      await screen.findByRole('dialog', { name: 'Withdraw' });
      expect(within(modal()).getByText('Your payout methods could not be loaded')).toBeInTheDocument();
      expect(within(modal()).getByText('Simulated failure')).toBeInTheDocument();
      expect(within(modal()).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(within(modal()).queryByText('Loading your payout methods')).not.toBeInTheDocument();
      expect(within(modal()).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
      expect(payout.started).toBe(seen.payoutsSettled);
    },
    // The form: the amount as typed (its check when one was shown), the methods with the chosen one checked.
    'open.editing': async ({ payout, seen, modal }) => {
      await screen.findByRole('dialog', { name: 'Withdraw' });
      const amount = within(modal()).getByLabelText('Amount');
      expect(amount).toHaveValue(seen.amount);
      expect(amount).toBeEnabled();
      if (seen.amountError)
        expect(within(modal()).getByText(seen.amount.trim() === '' ? REQUIRED : INVALID)).toBeInTheDocument();
      else expect(amount).not.toHaveAttribute('aria-invalid');
      for (const method of seen.loaded) {
        const name = method.kind === 'bank' ? 'Bank Account' : method.kind === 'paypal' ? 'PayPal' : 'Stripe';
        expect(within(modal()).getByRole('radio', { name })).toHaveAttribute(
          'aria-checked',
          String(method.id === seen.chosen),
        );
      }
      if (seen.loaded.length === 0) expect(within(modal()).getByText(/No payout method yet/)).toBeInTheDocument();
      expect(within(modal()).queryByText('Loading your payout methods')).not.toBeInTheDocument();
      expect(within(modal()).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
      expect(within(modal()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(payout.started).toBe(seen.payoutsSettled);
    },
    // The payout is asked for: the amount in cents to the chosen method; the modal waits, nothing can be changed.
    requesting: async ({ payout, seen, modal }) => {
      await screen.findByRole('dialog', { name: 'Withdraw' });
      expect(payout.started).toBe(seen.payoutsSettled + 1);
      expect(payout.inputs.at(-1)).toMatchObject({ amountCents: 6_000, methodId: seen.chosen });
      expect(within(modal()).getByLabelText('Amount')).toBeDisabled();
      expect(within(modal()).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
      expect(within(modal()).getByRole('button', { name: 'Withdraw' })).toHaveAttribute('aria-busy', 'true');
      expect(within(modal()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    // The server refused the payout (the sample's 409): nothing was sent, and its reason.
    failed: async ({ seen }) => {
      const dialog = await screen.findByRole('dialog', { name: 'Withdrawal not sent' });
      expect(dialog).toHaveTextContent(`Withdrawal amount of $60Nothing was transferred.${seen.failure}`);
      expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled();
      expect(screen.queryByRole('dialog', { name: 'Withdraw' })).not.toBeInTheDocument();
    },
    // The payout requested to the bank account: the spec's success modal and the server's reference.
    succeeded: async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Withdrawal successful' });
      expect(dialog).toHaveTextContent(
        `Withdrawal amount of $60Transferred successfully to your bank account.Reference ${samplePayout.reference}` +
          ' · Bank Account •••• 6789.',
      );
      expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeEnabled();
      expect(screen.queryByRole('dialog', { name: 'Withdraw' })).not.toBeInTheDocument();
    },
  },
});
