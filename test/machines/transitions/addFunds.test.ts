// The addFunds flow's transitions, pinned by hand (docs/product.md §Self-serve money: money flows are pinned as well as
// path-tested): source, event, expected target and what it changes — the deposit's amount in cents, its method and its
// Idempotency-Key (kept while the same request is sent again after a lost answer, new after a refusal) — and the
// browser sent to Stripe's page only once Checkout is open.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { depositFee } from '@/contract/money';
import {
  addFundsMachine,
  DEPOSIT_TOO_LARGE,
  DEPOSIT_TOO_SMALL,
  type DepositRequest,
  type DepositStarted,
} from '@/machines/money/addFunds.machine';
import {
  selectAddFundsCreating,
  selectAddFundsOpen,
  selectAddFundsRedirecting,
  selectCheckoutUrl,
  selectDepositQuote,
} from '@/machines/money/addFunds.select';
import { sampleCardDeposit } from '@/machines/money/fundsSamples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });
const started: DepositStarted = { deposit: sampleCardDeposit, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1' };

function start() {
  const goToCheckout = vi.fn();
  const createDeposit = controlled<DepositStarted, DepositRequest>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    addFundsMachine.provide({
      actions: { goToCheckout: (_, params) => goToCheckout(params) },
      actors: { createDeposit: createDeposit.logic },
    }),
    { inspect },
  );
  actor.start();
  return {
    actor,
    goToCheckout,
    createDeposit,
    received,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

function open() {
  const flow = start();
  flow.actor.send({ type: 'addFunds.open' });
  expect(flow.value()).toBe('open');
  return flow;
}

/** $500 by US bank debit, sent. */
function creating() {
  const flow = open();
  flow.actor.send({ type: 'amount.change', value: '500' });
  flow.actor.send({ type: 'method.change', method: 'us_bank_account' });
  flow.actor.send({ type: 'addFunds.submit' });
  expect(flow.value()).toBe('creating');
  return flow;
}

describe('addFunds transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(addFundsMachine);

  pin(
    { from: 'addFunds.closed', on: 'addFunds.open', to: 'addFunds.open' },
    'Add funds opens the dialog on a card payment; an amount typed before stays, its messages go',
    async () => {
      const flow = open();
      expect(flow.context()).toMatchObject({ amount: '', method: 'card', amountError: null, failure: null });
      flow.actor.send({ type: 'amount.change', value: '5' });
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.context().amountError).toBe(DEPOSIT_TOO_SMALL);
      flow.actor.send({ type: 'addFunds.cancel' });
      expect(selectAddFundsOpen(flow.actor.getSnapshot())).toBe(false);
      flow.actor.send({ type: 'addFunds.open' });
      expect(selectAddFundsOpen(flow.actor.getSnapshot())).toBe(true);
      expect(flow.context()).toMatchObject({ amount: '5', amountError: null });
      // A refusal, then a Checkout opened whose page the browser did not reach: reopened, the dialog shows neither.
      flow.actor.send({ type: 'amount.change', value: '500' });
      flow.actor.send({ type: 'addFunds.submit' });
      await flow.createDeposit.reject(refusal('Too many requests: try again in a minute.', 429));
      flow.actor.send({ type: 'addFunds.cancel' });
      flow.actor.send({ type: 'addFunds.open' });
      expect(flow.context().failure).toBeNull();
      flow.actor.send({ type: 'addFunds.submit' });
      await flow.createDeposit.resolve(started);
      expect(selectCheckoutUrl(flow.actor.getSnapshot())).toBe(started.checkoutUrl);
      flow.actor.send({ type: 'addFunds.cancel' });
      flow.actor.send({ type: 'addFunds.open' });
      expect(selectCheckoutUrl(flow.actor.getSnapshot())).toBeNull();
      expect(selectAddFundsRedirecting(flow.actor.getSnapshot())).toBe(false);
      expect(flow.context()).toMatchObject({ amount: '500', amountError: null, failure: null, started: null });
      // A new Checkout after one opened is a new deposit: a new key.
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.createDeposit.inputs[2]!.idempotencyKey).not.toBe(flow.createDeposit.inputs[1]!.idempotencyKey);
      expect(flow.received).toEqual([
        'xstate.init',
        'addFunds.open',
        'amount.change',
        'addFunds.submit',
        'addFunds.cancel',
        'addFunds.open',
        'amount.change',
        'addFunds.submit',
        'xstate.error.actor.createDeposit',
        'addFunds.cancel',
        'addFunds.open',
        'addFunds.submit',
        'xstate.done.actor.createDeposit',
        'addFunds.cancel',
        'addFunds.open',
        'addFunds.submit',
      ]);
    },
  );

  pin(
    { from: 'addFunds.open', on: 'addFunds.cancel', to: 'addFunds.closed' },
    'Cancel closes without a request',
    () => {
      const flow = open();
      flow.actor.send({ type: 'addFunds.cancel' });
      expect(flow.value()).toBe('closed');
      expect(flow.createDeposit.started).toBe(0);
    },
  );

  pin(
    { from: 'addFunds.open', on: 'amount.change', to: null },
    'the amount is kept as typed; once its check is shown it follows the corrections; the quote follows it',
    () => {
      const flow = open();
      flow.actor.send({ type: 'amount.change', value: '5' });
      expect(flow.context()).toMatchObject({ amount: '5', amountError: null });
      flow.actor.send({ type: 'amount.change', value: '1,289.5' });
      expect(flow.context()).toMatchObject({ amount: '1,289.5', amountError: null });
      expect(selectDepositQuote(flow.actor.getSnapshot())).toEqual({
        amountCents: 128_950,
        ...depositFee('card', 128_950),
      });
      flow.actor.send({ type: 'amount.change', value: '60001' });
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.context().amountError).toBe(DEPOSIT_TOO_LARGE);
      expect(selectDepositQuote(flow.actor.getSnapshot())).toBeNull();
      flow.actor.send({ type: 'amount.change', value: '60.5.0' });
      expect(flow.context().amountError).toEqual({ id: 'invalid' });
      flow.actor.send({ type: 'amount.change', value: '  ' });
      expect(flow.context().amountError).toEqual({ id: 'required' });
      flow.actor.send({ type: 'amount.change', value: '50000.01' });
      expect(flow.context().amountError).toBe(DEPOSIT_TOO_LARGE);
      expect(selectDepositQuote(flow.actor.getSnapshot())).toBeNull();
      flow.actor.send({ type: 'amount.change', value: '50000' });
      expect(flow.context().amountError).toBeNull();
      expect(selectDepositQuote(flow.actor.getSnapshot())).toEqual({
        amountCents: 5_000_000,
        ...depositFee('card', 5_000_000),
      });
      flow.actor.send({ type: 'amount.change', value: '9.99' });
      expect(selectDepositQuote(flow.actor.getSnapshot())).toBeNull();
      flow.actor.send({ type: 'amount.change', value: '10' });
      expect(selectDepositQuote(flow.actor.getSnapshot())).toEqual({
        amountCents: 1_000,
        ...depositFee('card', 1_000),
      });
    },
  );

  pin(
    { from: 'addFunds.open', on: 'method.change', to: null },
    'the method changes the fee: a bank debit is 0.8% capped at $5',
    () => {
      const flow = open();
      flow.actor.send({ type: 'amount.change', value: '2000' });
      expect(selectDepositQuote(flow.actor.getSnapshot())).toEqual({
        amountCents: 200_000,
        feeCents: 6_005,
        grossCents: 206_005,
      });
      flow.actor.send({ type: 'method.change', method: 'us_bank_account' });
      expect(flow.context().method).toBe('us_bank_account');
      expect(selectDepositQuote(flow.actor.getSnapshot())).toEqual({
        amountCents: 200_000,
        feeCents: 500,
        grossCents: 200_500,
      });
    },
  );

  pin(
    { from: 'addFunds.open', on: 'addFunds.submit', guard: 'amountValid', to: 'addFunds.creating' },
    'a valid amount is sent in cents with its method and a new Idempotency-Key',
    () => {
      const flow = creating();
      expect(flow.createDeposit.inputs).toEqual([
        { amountCents: 50_000, method: 'us_bank_account', idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) },
      ]);
      expect(flow.goToCheckout).not.toHaveBeenCalled();
      expect(selectAddFundsCreating(flow.actor.getSnapshot())).toBe(true);
      expect(selectAddFundsOpen(flow.actor.getSnapshot())).toBe(true);
      // The smallest and the largest amounts, each on its own.
      for (const [amount, amountCents] of [
        ['10', 1_000],
        ['$50,000.00', 5_000_000],
      ] as const) {
        const edge = open();
        edge.actor.send({ type: 'amount.change', value: amount });
        edge.actor.send({ type: 'addFunds.submit' });
        expect(edge.value()).toBe('creating');
        expect(edge.createDeposit.inputs).toEqual([
          { amountCents, method: 'card', idempotencyKey: expect.any(String) },
        ]);
      }
    },
  );

  pin(
    { from: 'addFunds.open', on: 'addFunds.submit', to: null },
    'an empty or unreadable amount, or one outside $10–$50,000, is refused here and nothing is sent',
    () => {
      const flow = open();
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.context().amountError).toEqual({ id: 'required' });
      flow.actor.send({ type: 'amount.change', value: '   ' });
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.context().amountError).toEqual({ id: 'required' });
      flow.actor.send({ type: 'amount.change', value: 'ten' });
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.context().amountError).toEqual({ id: 'invalid' });
      flow.actor.send({ type: 'amount.change', value: '50000.01' });
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.context().amountError).toBe(DEPOSIT_TOO_LARGE);
      flow.actor.send({ type: 'amount.change', value: '9.99' });
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.context().amountError).toEqual({ id: 'tooSmall', minCents: 1_000 });
      expect(flow.value()).toBe('open');
      expect(flow.createDeposit.started).toBe(0);
    },
  );

  pin(
    { from: 'addFunds.creating', on: 'xstate.done.actor.createDeposit', to: 'addFunds.redirecting' },
    'Checkout open: the browser goes to its page, once',
    async () => {
      const flow = creating();
      await flow.createDeposit.resolve(started);
      expect(flow.value()).toBe('redirecting');
      expect(flow.goToCheckout).toHaveBeenCalledTimes(1);
      expect(flow.goToCheckout).toHaveBeenCalledWith({ url: started.checkoutUrl });
      expect(flow.context()).toMatchObject({ started, pending: null });
      expect(selectCheckoutUrl(flow.actor.getSnapshot())).toBe(started.checkoutUrl);
      expect(selectAddFundsRedirecting(flow.actor.getSnapshot())).toBe(true);
      expect(selectAddFundsOpen(flow.actor.getSnapshot())).toBe(true);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.createDeposit');
    },
  );

  pin(
    { from: 'addFunds.creating', on: 'xstate.error.actor.createDeposit', to: 'addFunds.open' },
    'a lost answer keeps the key for the same request (a changed one takes a new key); a refusal drops it',
    async () => {
      const flow = creating();
      const first = flow.createDeposit.inputs[0]!.idempotencyKey;
      await flow.createDeposit.reject(new Error('Failed to fetch'));
      expect(flow.value()).toBe('open');
      expect(flow.context().failure).toBe('Failed to fetch');
      expect(flow.goToCheckout).not.toHaveBeenCalled();
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.createDeposit.inputs[1]!.idempotencyKey).toBe(first);
      await flow.createDeposit.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'method.change', method: 'card' });
      flow.actor.send({ type: 'addFunds.submit' });
      const third = flow.createDeposit.inputs[2]!;
      expect(third).toMatchObject({ amountCents: 50_000, method: 'card' });
      expect(third.idempotencyKey).not.toBe(first);
      await flow.createDeposit.reject(refusal('Too many requests: try again in a minute.', 429));
      expect(flow.context()).toMatchObject({ failure: 'Too many requests: try again in a minute.', pending: null });
      flow.actor.send({ type: 'addFunds.submit' });
      const fourth = flow.createDeposit.inputs[3]!;
      expect(fourth.idempotencyKey).not.toBe(third.idempotencyKey);
      expect(flow.context().failure).toBeNull();
      expect(flow.received.at(-2)).toBe('xstate.error.actor.createDeposit');
      // A changed amount takes a new key; a server error (5xx) may have opened a Checkout: the key is kept.
      await flow.createDeposit.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'amount.change', value: '600' });
      flow.actor.send({ type: 'addFunds.submit' });
      const fifth = flow.createDeposit.inputs[4]!;
      expect(fifth).toMatchObject({ amountCents: 60_000, method: 'card' });
      expect(fifth.idempotencyKey).not.toBe(fourth.idempotencyKey);
      await flow.createDeposit.reject(refusal('Something went wrong.', 500));
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.createDeposit.inputs[5]!.idempotencyKey).toBe(fifth.idempotencyKey);
      // A status that is not a number is no refusal the server decided; 400 and 499 are.
      await flow.createDeposit.reject(Object.assign(new Error('Failed to fetch'), { status: '409' }));
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.createDeposit.inputs[6]!.idempotencyKey).toBe(fifth.idempotencyKey);
      await flow.createDeposit.reject(refusal('Enter an amount.', 400));
      expect(flow.context().pending).toBeNull();
      flow.actor.send({ type: 'addFunds.submit' });
      const eighth = flow.createDeposit.inputs[7]!.idempotencyKey;
      expect(eighth).not.toBe(fifth.idempotencyKey);
      await flow.createDeposit.reject(refusal('Enter an amount.', 499));
      expect(flow.context().pending).toBeNull();
      flow.actor.send({ type: 'addFunds.submit' });
      const ninth = flow.createDeposit.inputs[8]!.idempotencyKey;
      expect(ninth).not.toBe(eighth);
      // Nor is a status under 400.
      await flow.createDeposit.reject(refusal('Failed to fetch', 399));
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.createDeposit.inputs[9]!.idempotencyKey).toBe(ninth);
      // A rejection with no error at all is no refusal either: said as it is, the key kept, the dialog still usable.
      await flow.createDeposit.reject(null);
      expect(flow.value()).toBe('open');
      expect(flow.context().failure).toBe('null');
      flow.actor.send({ type: 'addFunds.submit' });
      expect(flow.createDeposit.inputs[10]!.idempotencyKey).toBe(ninth);
    },
  );

  pin(
    { from: 'addFunds.redirecting', on: 'addFunds.cancel', to: 'addFunds.closed' },
    'should the browser stay (a blocked navigation), the dialog still closes',
    async () => {
      const flow = creating();
      await flow.createDeposit.resolve(started);
      flow.actor.send({ type: 'addFunds.cancel' });
      expect(flow.value()).toBe('closed');
    },
  );

  pinsEveryTransition();
});
