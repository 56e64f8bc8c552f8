// Set Payout Method (docs/product.md §Money): the stored methods load; the bank dialog checks the ABA routing number before
// anything is sent and sends digits only; a refused save keeps the dialog; PayPal connects by e-mail; Replace and
// Disconnect act on the stored method; a failed load offers Try again. Each through its machine with controlled actors.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { PayoutMethod, StripePayouts } from '@/contract';
import { payoutMethodsMachine, type NewPayoutMethod } from '@/machines/money/payoutMethods.machine';
import { messages } from '@/src/messages';
import { SetPayoutMethodScreen } from '@/src/money/PayoutMethods';
import { sampleBankMethod, sampleStripeOff } from '@/machines/money/samples';
import { stripePayoutsMachine, type StripeOnboarding } from '@/machines/money/stripePayouts.machine';
import { controlled, renderScreen } from './harness';

// What the dialog says under a field (src/money/messages/en.json).
const ROUTING_INVALID = 'Enter the 9-digit ABA routing number printed on your checks.';
const ACCOUNT_INVALID = 'Enter your account number: 4 to 17 digits.';
const EMAIL_INVALID = 'Enter the e-mail address of your PayPal account.';

const paypal: PayoutMethod = {
  id: 'pm_paypal',
  kind: 'paypal',
  display: 'ana@example.com',
  holderName: null,
  isDefault: false,
  createdAt: '2026-11-21T10:00:00.000Z',
};

function setup() {
  const load = controlled<PayoutMethod[]>();
  const add = controlled<PayoutMethod[], NewPayoutMethod>();
  const remove = controlled<PayoutMethod[], { id: string }>();
  const logic = payoutMethodsMachine.provide({
    actors: { loadMethods: load.logic, addMethod: add.logic, removeMethod: remove.logic },
  });
  // The stripe rail is off here: the Stripe card (stripePayouts.test.tsx) shows nothing.
  const stripe = stripePayoutsMachine.provide({
    actors: {
      loadStripe: fromPromise<StripePayouts, void>(async () => sampleStripeOff),
      startOnboarding: controlled<StripeOnboarding>().logic,
    },
  });
  renderScreen(<SetPayoutMethodScreen logic={logic} stripe={stripe} />, {
    path: '/set-payout-method',
    jwt: 'creator.jwt',
  });
  return { load, add, remove, user: userEvent.setup() };
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('Set Payout Method', () => {
  it('connects a bank account: fields checked (routing checksum) before sending digits only; the card shows it masked', async () => {
    const { load, add, user } = setup();
    expect(screen.getByText('Loading payout methods')).toBeInTheDocument();
    await load.resolve([]);

    await user.click(within(card('Bank Account')).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Bank Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getAllByText(messages.required)).toHaveLength(3);

    await user.type(within(dialog).getByLabelText('Account Holder Name'), 'Ana Lee');
    await user.type(within(dialog).getByLabelText('Routing Number'), '011000016');
    await user.type(within(dialog).getByLabelText('Account Number'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText(ROUTING_INVALID)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_INVALID)).toBeInTheDocument();
    expect(add.started).toBe(0);

    await user.clear(within(dialog).getByLabelText('Routing Number'));
    await user.type(within(dialog).getByLabelText('Routing Number'), '0110-0001 5');
    expect(within(dialog).queryByText(ROUTING_INVALID)).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Account Number'));
    await user.type(within(dialog).getByLabelText('Account Number'), '0001 2345 6789');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(add.inputs).toEqual([
      { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000123456789' },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Connect' })).toBeDisabled();
    // Escape while the method is being stored does not close the dialog.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Connect Bank Account' })).toBeInTheDocument();

    await add.reject(new Error('Too many requests: try again in a minute.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Too many requests');
    expect(within(dialog).getByLabelText('Account Holder Name')).toHaveValue('Ana Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await add.resolve([sampleBankMethod]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('bank-chip')).toHaveTextContent('Ana Lee •••• 6789');
    expect(within(card('Bank Account')).getByText('Default')).toBeInTheDocument();
    expect(within(card('Bank Account')).getByRole('button', { name: 'Replace' })).toBeInTheDocument();
  });

  it('connects PayPal by e-mail, replaces and disconnects a method; a refused removal is said on the screen', async () => {
    const { load, add, remove, user } = setup();
    await load.resolve([sampleBankMethod]);

    await user.click(within(card('PayPal')).getByRole('button', { name: 'Connect' }));
    let dialog = screen.getByRole('dialog', { name: 'Connect PayPal' });
    await user.type(within(dialog).getByLabelText('PayPal E-mail'), 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText(EMAIL_INVALID)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('PayPal E-mail'), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(add.inputs).toEqual([{ kind: 'paypal', email: 'ana@example.com' }]);
    await add.resolve([sampleBankMethod, paypal]);
    expect(screen.getByTestId('paypal-chip')).toHaveTextContent('ana@example.com');

    // Cancel sends nothing.
    await user.click(within(card('Bank Account')).getByRole('button', { name: 'Replace' }));
    dialog = screen.getByRole('dialog', { name: 'Connect Bank Account' });
    expect(within(dialog).getByLabelText('Account Holder Name')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add.started).toBe(1);

    await user.click(within(card('PayPal')).getByRole('button', { name: 'Disconnect' }));
    expect(remove.inputs).toEqual([{ id: 'pm_paypal' }]);
    expect(within(card('Bank Account')).getByRole('button', { name: 'Disconnect' })).toBeDisabled();
    await remove.reject(new Error('No such payout method'));
    expect(screen.getByRole('alert')).toHaveTextContent('No such payout method');
    await user.click(within(card('PayPal')).getByRole('button', { name: 'Disconnect' }));
    await remove.resolve([sampleBankMethod]);
    expect(screen.queryByTestId('paypal-chip')).not.toBeInTheDocument();
    expect(within(card('PayPal')).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed load offers Try again', async () => {
    const { load, user } = setup();
    await load.reject(new Error('Service unavailable'));
    expect(screen.getByText('The payout methods could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await load.resolve([]);
    expect(within(card('Bank Account')).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });
});
