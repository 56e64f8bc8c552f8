// Get paid through Stripe (docs/product.md §Money, Stripe Connect): the Stripe card on Set Payout Method (only where the
// stripe rail is configured) and the screen Stripe sends the creator back to say where they stand: not started, what
// Stripe still needs (in plain words), restricted, onboarding complete. The button asks for an onboarding link and
// the browser goes there; a refusal says why; Check again reads the account again; back through an expired link
// (?refresh=1) a new link is asked for at once. Each through its machine with controlled actors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PayoutMethod, StripePayouts } from '@/contract';
import {
  sampleStripeComplete,
  sampleStripeNeeds,
  sampleStripeNone,
  sampleStripeOff,
  sampleStripeRestricted,
} from '@/machines/money/samples';
import { payoutMethodsMachine, type NewPayoutMethod } from '@/machines/money/payoutMethods.machine';
import { stripePayoutsMachine, type StripeOnboarding } from '@/machines/money/stripePayouts.machine';
import { SetPayoutMethodScreen } from '@/src/money/PayoutMethods';
import { StripeReturnScreen } from '@/src/money/StripePayouts';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

function stripeLogic() {
  const load = controlled<StripePayouts>();
  const start = controlled<StripeOnboarding>();
  const goToStripe = vi.fn();
  const logic = stripePayoutsMachine.provide({
    actors: { loadStripe: load.logic, startOnboarding: start.logic },
    actions: { goToStripe: (_args, params) => goToStripe(params) },
  });
  return { load, start, goToStripe, logic };
}

function onPayoutMethods() {
  const flow = stripeLogic();
  const methods = payoutMethodsMachine.provide({
    actors: {
      loadMethods: fromPromise<PayoutMethod[], void>(async () => []),
      addMethod: controlled<PayoutMethod[], NewPayoutMethod>().logic,
      removeMethod: controlled<PayoutMethod[], { id: string }>().logic,
    },
  });
  renderScreen(<SetPayoutMethodScreen logic={methods} stripe={flow.logic} />, {
    path: '/set-payout-method',
    jwt: 'creator.jwt',
  });
  return { ...flow, user: userEvent.setup() };
}

function onReturn(url = '/set-payout-method/stripe') {
  const flow = stripeLogic();
  renderScreen(<StripeReturnScreen logic={flow.logic} />, {
    path: '/set-payout-method/stripe',
    url,
    jwt: 'creator.jwt',
  });
  return { ...flow, user: userEvent.setup() };
}

describe('Get paid through Stripe', () => {
  it('Set Payout Method offers it when the stripe rail is configured; the button opens Stripe’s onboarding', async () => {
    const { load, start, goToStripe, user } = onPayoutMethods();
    await screen.findByRole('region', { name: 'Bank Account' });
    await load.resolve(sampleStripeNone);
    const card = screen.getByRole('region', { name: 'Stripe' });
    expect(card).toHaveTextContent('Stripe asks who you are and where to pay you');

    await user.click(within(card).getByRole('button', { name: 'Get paid through Stripe' }));
    expect(start.started).toBe(1);
    expect(within(card).getByRole('button', { name: 'Opening Stripe…' })).toBeDisabled();
    await start.reject(new Error('Stripe did not start your onboarding: try again in a moment.'));
    expect(within(card).getByRole('alert')).toHaveTextContent('Stripe did not start your onboarding');

    await user.click(within(card).getByRole('button', { name: 'Get paid through Stripe' }));
    await start.resolve({ url: 'https://connect.stripe.com/setup/e/acct_1/onboard', stripe: sampleStripeNeeds });
    expect(goToStripe).toHaveBeenCalledWith({ url: 'https://connect.stripe.com/setup/e/acct_1/onboard' });
  });

  it('is not offered without the stripe rail', async () => {
    const { load } = onPayoutMethods();
    await screen.findByRole('region', { name: 'Bank Account' });
    await load.resolve(sampleStripeOff);
    expect(screen.queryByRole('region', { name: 'Stripe' })).not.toBeInTheDocument();
  });

  it('back from Stripe: what Stripe still needs, in plain words; Check again reads it again; then onboarding complete', async () => {
    const { load, user } = onReturn();
    expect(screen.getByRole('heading', { name: 'Stripe payouts' })).toBeInTheDocument();
    expect(screen.getByText('Loading Stripe payouts')).toBeInTheDocument();
    await load.resolve(sampleStripeNeeds);
    const card = screen.getByRole('region', { name: 'Where you stand with Stripe' });
    expect(card).toHaveTextContent('Stripe still needs:');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['the bank account to pay you into', 'your date of birth', "your acceptance of Stripe's terms"]);
    expect(within(card).getByRole('button', { name: 'Continue on Stripe' })).toBeEnabled();

    await user.click(within(card).getByRole('button', { name: 'Check again' }));
    // What is shown stays while it is read again.
    expect(card).toHaveTextContent('Stripe still needs:');
    await load.resolve(sampleStripeComplete);
    expect(within(card).getByText('Onboarding complete')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Continue on Stripe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Set Payout Method' })).toHaveAttribute(
      'href',
      '/set-payout-method',
    );
  });

  it('back from Stripe: a restricted account says why; a failed read offers Try again', async () => {
    const { load, user } = onReturn();
    await load.reject(new Error('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent('The Stripe payouts could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await load.resolve(sampleStripeRestricted);
    const card = screen.getByRole('region', { name: 'Where you stand with Stripe' });
    expect(within(card).getByText('Restricted')).toBeInTheDocument();
    expect(card).toHaveTextContent('Stripe is verifying the details you gave.');
  });

  it('a refusal is said beside the card until the next Check again or Continue on Stripe, and stays gone after it', async () => {
    const { load, start, user } = onReturn();
    await load.resolve(sampleStripeNeeds);
    const card = screen.getByRole('region', { name: 'Where you stand with Stripe' });
    // A failed read again: said; Check again takes it away, and a good read does not bring it back.
    await user.click(within(card).getByRole('button', { name: 'Check again' }));
    await load.reject(new Error('Stripe did not answer'));
    expect(within(card).getByRole('alert')).toHaveTextContent('Stripe did not answer');
    await user.click(within(card).getByRole('button', { name: 'Check again' }));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    await load.resolve(sampleStripeNeeds);
    expect(within(card).getByRole('button', { name: 'Continue on Stripe' })).toBeEnabled();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    // A refused link: said; Continue on Stripe takes it away, and a refusal after it is the new one alone.
    await user.click(within(card).getByRole('button', { name: 'Continue on Stripe' }));
    await start.reject(new Error('Your account cannot be onboarded right now'));
    expect(within(card).getByRole('alert')).toHaveTextContent('Your account cannot be onboarded right now');
    await user.click(within(card).getByRole('button', { name: 'Continue on Stripe' }));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    await start.reject(new Error('Stripe is busy'));
    expect(within(card).getByRole('alert')).toHaveTextContent('Stripe is busy');
    expect(within(card).getByRole('alert')).not.toHaveTextContent('cannot be onboarded');
    // Check again after a refused link: a good read leaves nothing said.
    await user.click(within(card).getByRole('button', { name: 'Check again' }));
    await load.resolve(sampleStripeNeeds);
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('back through an expired link (?refresh=1): a new link is asked for at once', async () => {
    const { load, start, goToStripe } = onReturn('/set-payout-method/stripe?refresh=1');
    await load.resolve(sampleStripeNeeds);
    expect(start.started).toBe(1);
    await start.resolve({ url: 'https://connect.stripe.com/setup/e/acct_1/again', stripe: sampleStripeNeeds });
    expect(goToStripe).toHaveBeenCalledWith({ url: 'https://connect.stripe.com/setup/e/acct_1/again' });
  });
});

describe('Set Payout Method in Spanish', () => {
  it('the cards, the bank dialog and its checks, and the Stripe card in the page’s language', async () => {
    await act(() => setLocale('es-MX'));
    const { load, user } = onPayoutMethods();
    const bank = await screen.findByRole('region', { name: 'Cuenta bancaria' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Configurar método de pago');
    expect(screen.getByRole('link', { name: 'formulario fiscal' })).toHaveAttribute('href', '/tax-form');
    expect(screen.getByRole('region', { name: 'PayPal' })).toHaveTextContent(
      'Recibe tus ganancias en tu cuenta de PayPal.',
    );
    await load.resolve(sampleStripeNone);
    const stripe = screen.getByRole('region', { name: 'Stripe' });
    expect(stripe).toHaveTextContent('Stripe te pregunta quién eres y dónde pagarte');
    expect(within(stripe).getByRole('button', { name: 'Recibir pagos con Stripe' })).toBeEnabled();

    await user.click(within(bank).getByRole('button', { name: 'Conectar' }));
    const dialog = screen.getByRole('dialog', { name: 'Conectar cuenta bancaria' });
    await user.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    expect(within(dialog).getAllByText('Este campo es obligatorio')).toHaveLength(3);
    await user.type(within(dialog).getByLabelText('Número de ruta (routing number)'), '123456789');
    await user.type(within(dialog).getByLabelText('Número de cuenta'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    expect(within(dialog).getByLabelText('Número de ruta (routing number)')).toHaveAccessibleDescription(
      'El número ABA de 9 dígitos de tu banco. Escribe el número de ruta ABA de 9 dígitos que aparece en tus cheques.',
    );
    expect(within(dialog).getByLabelText('Número de cuenta')).toHaveAccessibleDescription(
      'Escribe tu número de cuenta: de 4 a 17 dígitos.',
    );
  });

  it('back from Stripe: what Stripe still needs and why it holds an account, in the creator’s words', async () => {
    await act(() => setLocale('es-MX'));
    const { load, user } = onReturn();
    await load.resolve(sampleStripeNeeds);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pagos con Stripe');
    const card = screen.getByRole('region', { name: 'Tu situación con Stripe' });
    expect(card).toHaveTextContent('Stripe todavía necesita:');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['la cuenta bancaria donde se te paga', 'tu fecha de nacimiento', 'que aceptes los términos de Stripe']);
    await user.click(within(card).getByRole('button', { name: 'Volver a revisar' }));
    await load.resolve(sampleStripeRestricted);
    expect(within(card).getByText('Restringida')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Stripe está verificando los datos que diste. Stripe no paga a tu cuenta hasta que esto se resuelva.',
    );
    expect(screen.getByRole('link', { name: 'Volver a Configurar método de pago' })).toHaveAttribute(
      'href',
      '/set-payout-method',
    );
  });
});
