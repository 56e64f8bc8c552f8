// The fundsRefund flow's transitions, pinned by hand (docs/product.md §Self-serve money: money flows are pinned as well
// as path-tested): source, event, expected target and what it changes — the free balance the dialog opened with, the
// amount in cents and its Idempotency-Key (kept while the same amount is sent again after a lost answer, new after a
// refusal), the pieces the request made — what the dialog reads of it (fundsRefund.select.ts), the events the flow
// received, and the `refund.requested` its parent (the Funds card) is told.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import {
  fundsRefundMachine,
  refundTooLarge,
  type RefundRequest,
  type RefundRequested,
  type RefundResult,
} from '@/machines/money/fundsRefund.machine';
import {
  selectRefundDone,
  selectRefundForm,
  selectRefundOpen,
  selectRefundPieces,
  selectRefundRequesting,
} from '@/machines/money/fundsRefund.select';
import { sampleManualRefund, sampleStripeRefund } from '@/machines/money/fundsSamples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });
const result: RefundResult = { refunds: [sampleStripeRefund, sampleManualRefund], balanceCents: 30_000 };
const KEY = expect.stringMatching(/^[0-9a-f]{32}$/);

/** The flow on its own (as the paths of record and the inspector run it): no parent to tell. */
function start() {
  const requestRefund = controlled<RefundResult, RefundRequest>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(fundsRefundMachine.provide({ actors: { requestRefund: requestRefund.logic } }), {
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    requestRefund,
    received,
    snapshot,
    value: () => snapshot().value,
    context: () => snapshot().context,
    form: () => selectRefundForm(snapshot()),
  };
}

/** Refund unspent funds clicked on a free balance of $800. */
function open(balanceCents = 80_000) {
  const flow = start();
  flow.actor.send({ type: 'refund.open', balanceCents });
  expect(flow.value()).toBe('open');
  return flow;
}

/** $500 sent. */
function requesting() {
  const flow = open();
  flow.actor.send({ type: 'amount.change', value: '500' });
  flow.actor.send({ type: 'refund.submit' });
  expect(flow.value()).toBe('requesting');
  return flow;
}

describe('fundsRefund transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(fundsRefundMachine);

  pin(
    { from: 'fundsRefund.closed', on: 'refund.open', to: 'fundsRefund.open' },
    'Refund unspent funds opens an empty form on the free balance; what a dialog before left goes',
    async () => {
      const flow = start();
      expect(selectRefundOpen(flow.snapshot())).toBe(false);
      // Before any dialog: an empty form on no balance, no pieces, nothing pending.
      expect(flow.form()).toEqual({ amount: '', amountError: null, failure: null, balanceCents: 0 });
      expect(selectRefundPieces(flow.snapshot())).toEqual([]);
      expect(flow.context().pending).toBeNull();
      flow.actor.send({ type: 'refund.open', balanceCents: 80_000 });
      expect(flow.value()).toBe('open');
      expect(selectRefundOpen(flow.snapshot())).toBe(true);
      expect(flow.form()).toEqual({ amount: '', amountError: null, failure: null, balanceCents: 80_000 });
      expect(selectRefundPieces(flow.snapshot())).toEqual([]);
      // A form left with an amount and its check, reopened on a new balance: all fresh.
      flow.actor.send({ type: 'amount.change', value: '900' });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.form().amountError).toEqual(refundTooLarge(80_000));
      flow.actor.send({ type: 'refund.cancel' });
      flow.actor.send({ type: 'refund.open', balanceCents: 120_000 });
      expect(flow.form()).toEqual({ amount: '', amountError: null, failure: null, balanceCents: 120_000 });
      // After a refund made (its pieces shown) and a refusal before it, reopening shows neither.
      flow.actor.send({ type: 'amount.change', value: '500' });
      flow.actor.send({ type: 'refund.submit' });
      await flow.requestRefund.reject(new Error('Failed to fetch'));
      expect(flow.form().failure).toBe('Failed to fetch');
      flow.actor.send({ type: 'refund.cancel' });
      flow.actor.send({ type: 'refund.open', balanceCents: 120_000 });
      expect(flow.form().failure).toBeNull();
      flow.actor.send({ type: 'refund.submit' });
      flow.actor.send({ type: 'amount.change', value: '500' });
      flow.actor.send({ type: 'refund.submit' });
      await flow.requestRefund.resolve(result);
      flow.actor.send({ type: 'refund.cancel' });
      flow.actor.send({ type: 'refund.open', balanceCents: 30_000 });
      expect(selectRefundPieces(flow.snapshot())).toEqual([]);
      expect(flow.form()).toEqual({ amount: '', amountError: null, failure: null, balanceCents: 30_000 });
      expect(flow.received).toEqual([
        'xstate.init',
        'refund.open',
        'amount.change',
        'refund.submit',
        'refund.cancel',
        'refund.open',
        'amount.change',
        'refund.submit',
        'xstate.error.actor.requestRefund',
        'refund.cancel',
        'refund.open',
        'refund.submit',
        'amount.change',
        'refund.submit',
        'xstate.done.actor.requestRefund',
        'refund.cancel',
        'refund.open',
      ]);
    },
  );

  pin(
    { from: 'fundsRefund.open', on: 'refund.cancel', to: 'fundsRefund.closed' },
    'Cancel closes without a request',
    () => {
      const flow = open();
      flow.actor.send({ type: 'amount.change', value: '500' });
      flow.actor.send({ type: 'refund.cancel' });
      expect(flow.value()).toBe('closed');
      expect(selectRefundOpen(flow.snapshot())).toBe(false);
      expect(flow.requestRefund.started).toBe(0);
    },
  );

  pin(
    { from: 'fundsRefund.open', on: 'amount.change', to: null },
    'the amount is kept as typed, unchecked until Refund; once its check is shown it follows the corrections',
    () => {
      const flow = open();
      flow.actor.send({ type: 'amount.change', value: 'lots' });
      expect(flow.form()).toMatchObject({ amount: 'lots', amountError: null });
      flow.actor.send({ type: 'amount.change', value: '900' });
      expect(flow.form()).toMatchObject({ amount: '900', amountError: null });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.form().amountError).toEqual(refundTooLarge(80_000));
      flow.actor.send({ type: 'amount.change', value: '0' });
      expect(flow.form().amountError).toEqual({ id: 'invalid' });
      flow.actor.send({ type: 'amount.change', value: ' ' });
      expect(flow.form()).toMatchObject({ amount: ' ', amountError: { id: 'required' } });
      flow.actor.send({ type: 'amount.change', value: '800' });
      expect(flow.form()).toMatchObject({ amount: '800', amountError: null });
      expect(flow.value()).toBe('open');
      expect(flow.requestRefund.started).toBe(0);
    },
  );

  pin(
    { from: 'fundsRefund.open', on: 'refund.submit', guard: 'amountValid', to: 'fundsRefund.requesting' },
    'an amount up to the free balance, all of it included, is sent in cents with a new Idempotency-Key',
    () => {
      const flow = open();
      flow.actor.send({ type: 'amount.change', value: '$800.00' });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.value()).toBe('requesting');
      expect(selectRefundRequesting(flow.snapshot())).toBe(true);
      expect(selectRefundOpen(flow.snapshot())).toBe(true);
      expect(flow.requestRefund.inputs).toEqual([{ amountCents: 80_000, idempotencyKey: KEY }]);
      expect(flow.form()).toMatchObject({ amountError: null, failure: null });
      const cent = open(80_000);
      cent.actor.send({ type: 'amount.change', value: '0.01' });
      cent.actor.send({ type: 'refund.submit' });
      expect(cent.requestRefund.inputs).toEqual([{ amountCents: 1, idempotencyKey: KEY }]);
    },
  );

  pin(
    { from: 'fundsRefund.open', on: 'refund.submit', to: null },
    'an empty or unreadable amount, nothing, or more than the free balance is refused here and nothing is sent',
    () => {
      const flow = open();
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.form().amountError).toEqual({ id: 'required' });
      flow.actor.send({ type: 'amount.change', value: '  ' });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.form().amountError).toEqual({ id: 'required' });
      flow.actor.send({ type: 'amount.change', value: 'ten' });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.form().amountError).toEqual({ id: 'invalid' });
      flow.actor.send({ type: 'amount.change', value: '0.00' });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.form().amountError).toEqual({ id: 'invalid' });
      flow.actor.send({ type: 'amount.change', value: '800.01' });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.form().amountError).toEqual({ id: 'tooLarge', balanceCents: 80_000 });
      expect(flow.value()).toBe('open');
      expect(selectRefundRequesting(flow.snapshot())).toBe(false);
      expect(flow.requestRefund.started).toBe(0);
    },
  );

  pin(
    { from: 'fundsRefund.requesting', on: 'xstate.done.actor.requestRefund', to: 'fundsRefund.done' },
    'the pieces made and the free balance left are shown until Done (on its own, with no parent to tell)',
    async () => {
      const flow = requesting();
      await flow.requestRefund.resolve(result);
      expect(flow.value()).toBe('done');
      expect(selectRefundDone(flow.snapshot())).toBe(true);
      expect(selectRefundOpen(flow.snapshot())).toBe(true);
      expect(selectRefundPieces(flow.snapshot())).toEqual(result.refunds);
      expect(flow.form()).toEqual({ amount: '', amountError: null, failure: null, balanceCents: 30_000 });
      expect(flow.context().pending).toBeNull();
      expect(flow.actor.getSnapshot().status).toBe('active');
      expect(flow.received.at(-1)).toBe('xstate.done.actor.requestRefund');
    },
  );

  pin(
    { from: 'fundsRefund.requesting', on: 'xstate.error.actor.requestRefund', to: 'fundsRefund.open' },
    'a lost answer keeps the key for the same amount (a changed one takes a new key); a refusal drops it',
    async () => {
      const flow = requesting();
      const first = flow.requestRefund.inputs[0]!.idempotencyKey;
      await flow.requestRefund.reject(new Error('Failed to fetch'));
      expect(flow.value()).toBe('open');
      expect(flow.received.at(-1)).toBe('xstate.error.actor.requestRefund');
      expect(flow.form()).toMatchObject({ amount: '500', failure: 'Failed to fetch' });
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.requestRefund.inputs[1]).toEqual({ amountCents: 50_000, idempotencyKey: first });
      expect(flow.form().failure).toBeNull();
      // A server error (5xx) may have made the refund: the key is kept too.
      await flow.requestRefund.reject(refusal('Something went wrong.', 500));
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.requestRefund.inputs[2]).toEqual({ amountCents: 50_000, idempotencyKey: first });
      await flow.requestRefund.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'amount.change', value: '400' });
      flow.actor.send({ type: 'refund.submit' });
      const changed = flow.requestRefund.inputs[3]!;
      expect(changed).toEqual({ amountCents: 40_000, idempotencyKey: KEY });
      expect(changed.idempotencyKey).not.toBe(first);
      await flow.requestRefund.reject(refusal('Your free balance is $200: you cannot refund $400.', 400));
      expect(flow.form()).toMatchObject({ failure: 'Your free balance is $200: you cannot refund $400.' });
      expect(flow.context().pending).toBeNull();
      flow.actor.send({ type: 'refund.submit' });
      const fresh = flow.requestRefund.inputs[4]!;
      expect(fresh).toEqual({ amountCents: 40_000, idempotencyKey: KEY });
      expect(fresh.idempotencyKey).not.toBe(changed.idempotencyKey);
      await flow.requestRefund.reject(refusal('Your free balance is $200: you cannot refund $400.', 499));
      expect(flow.context().pending).toBeNull();
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.requestRefund.inputs[5]!.idempotencyKey).not.toBe(fresh.idempotencyKey);
      // A status that is not a number is no refusal the server decided.
      const kept = flow.requestRefund.inputs[5]!.idempotencyKey;
      await flow.requestRefund.reject(Object.assign(new Error('Failed to fetch'), { status: '409' }));
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.requestRefund.inputs[6]!.idempotencyKey).toBe(kept);
      // Nor is a status under 400.
      await flow.requestRefund.reject(refusal('Failed to fetch', 399));
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.requestRefund.inputs[7]!.idempotencyKey).toBe(kept);
      // A rejection with no error at all is no refusal either: said as it is, the key kept, the dialog still usable.
      await flow.requestRefund.reject(null);
      expect(flow.value()).toBe('open');
      expect(flow.form().failure).toBe('null');
      flow.actor.send({ type: 'refund.submit' });
      expect(flow.requestRefund.inputs[8]!.idempotencyKey).toBe(kept);
    },
  );

  pin(
    { from: 'fundsRefund.done', on: 'refund.cancel', to: 'fundsRefund.closed' },
    'Done closes the dialog',
    async () => {
      const flow = requesting();
      await flow.requestRefund.resolve(result);
      flow.actor.send({ type: 'refund.cancel' });
      expect(flow.value()).toBe('closed');
      expect(selectRefundOpen(flow.snapshot())).toBe(false);
    },
  );

  pinsEveryTransition();
});

describe('fundsRefund as the Funds card’s child', () => {
  it('a refund made tells the parent `refund.requested` with its pieces, once; a failure tells it nothing', async () => {
    const requestRefund = controlled<RefundResult, RefundRequest>();
    const told: RefundRequested[] = [];
    const parent = createActor(
      createMachine({
        invoke: {
          id: 'fundsRefund',
          src: fundsRefundMachine.provide({ actors: { requestRefund: requestRefund.logic } }),
        },
        on: { 'refund.requested': { actions: ({ event }) => told.push(event as RefundRequested) } },
      }),
    );
    parent.start();
    const child = parent.getSnapshot().children.fundsRefund!;
    child.send({ type: 'refund.open', balanceCents: 80_000 });
    child.send({ type: 'amount.change', value: '500' });
    child.send({ type: 'refund.submit' });
    await requestRefund.reject(new Error('Failed to fetch'));
    expect(told).toEqual([]);
    child.send({ type: 'refund.submit' });
    await requestRefund.resolve(result);
    expect(told).toEqual([{ type: 'refund.requested', refunds: result.refunds }]);
  });
});
