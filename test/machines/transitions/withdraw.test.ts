// The withdraw flow's transitions, pinned by hand: source, event, expected target and what it changes.
// Today the modal's buttons choose the simulated outcome (Cancel an error, Withdraw a success); pinned as it is.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { withdrawMachine, type PayoutReceipt, type PayoutRequest } from '@/machines/withdraw.machine';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const receipt: PayoutReceipt = { amount: '1289', method: 'Influencer' };

function start() {
  const actions = { logResult: vi.fn() };
  const requestPayout = controlled<PayoutReceipt, PayoutRequest>();
  const actor = createActor(withdrawMachine.provide({ actions, actors: { requestPayout: requestPayout.logic } })).start();
  return { actor, actions, requestPayout, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

/** The modal open with an amount and a method. */
function open() {
  const withdraw = start();
  withdraw.actor.send({ type: 'withdraw.open' });
  withdraw.actor.send({ type: 'amount.change', value: '1289' });
  withdraw.actor.send({ type: 'method.change', method: 'Influencer' });
  expect(withdraw.value()).toBe('open');
  return withdraw;
}

/** A result modal: `failed` after Cancel, `succeeded` after Withdraw. */
async function showing(kind: 'failed' | 'succeeded') {
  const withdraw = open();
  if (kind === 'failed') {
    withdraw.actor.send({ type: 'withdraw.cancel' });
    await withdraw.requestPayout.reject(new Error('Ha ocurrido un error'));
  } else {
    withdraw.actor.send({ type: 'withdraw.submit' });
    await withdraw.requestPayout.resolve(receipt);
  }
  expect(withdraw.value()).toBe(kind);
  return withdraw;
}

describe('withdraw transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(withdrawMachine);

  pin({ from: 'withdraw.closed', on: 'withdraw.open', to: 'withdraw.open' }, 'Withdraw opens the modal with an empty form', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'withdraw.open' });
    actor.send({ type: 'amount.change', value: '50' });
    actor.send({ type: 'withdraw.dismiss' });
    actor.send({ type: 'withdraw.open' });
    expect(value()).toBe('open');
    expect(context()).toMatchObject({ amount: '', method: 'first' });
  });

  pin({ from: 'withdraw.open', on: 'amount.change', to: null }, 'the typed amount is kept, in the same state', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'withdraw.open' });
    actor.send({ type: 'amount.change', value: '250' });
    expect(value()).toBe('open');
    expect(context().amount).toBe('250');
  });

  pin({ from: 'withdraw.open', on: 'method.change', to: null }, 'the chosen method is kept, in the same state', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'withdraw.open' });
    actor.send({ type: 'method.change', method: 'Advertiser' });
    expect(value()).toBe('open');
    expect(context().method).toBe('Advertiser');
  });

  pin({ from: 'withdraw.open', on: 'withdraw.cancel', to: 'withdraw.requesting' }, 'Cancel requests the payout with an error outcome', () => {
    const { actor, value, requestPayout } = open();
    actor.send({ type: 'withdraw.cancel' });
    expect(value()).toBe('requesting');
    expect(requestPayout.inputs).toEqual([{ amount: '1289', method: 'Influencer', outcome: 'error' }]);
  });

  pin({ from: 'withdraw.open', on: 'withdraw.submit', to: 'withdraw.requesting' }, 'Withdraw requests the payout with a success outcome', () => {
    const { actor, value, requestPayout } = open();
    actor.send({ type: 'withdraw.submit' });
    expect(value()).toBe('requesting');
    expect(requestPayout.inputs).toEqual([{ amount: '1289', method: 'Influencer', outcome: 'success' }]);
  });

  pin({ from: 'withdraw.open', on: 'withdraw.dismiss', to: 'withdraw.closed' }, 'Escape closes the modal with no request and nothing logged', () => {
    const { actor, value, requestPayout, actions } = open();
    actor.send({ type: 'withdraw.dismiss' });
    expect(value()).toBe('closed');
    expect(requestPayout.started).toBe(0);
    expect(actions.logResult).not.toHaveBeenCalled();
  });

  pin({ from: 'withdraw.requesting', on: 'xstate.done.actor.requestPayout', to: 'withdraw.succeeded' }, 'a receipt shows the success modal and is logged', async () => {
    const { actor, value, requestPayout, actions } = open();
    actor.send({ type: 'withdraw.submit' });
    await requestPayout.resolve(receipt);
    expect(value()).toBe('succeeded');
    expect(actions.logResult).toHaveBeenCalledWith(expect.anything(), { ok: true, result: receipt });
  });

  pin({ from: 'withdraw.requesting', on: 'xstate.error.actor.requestPayout', to: 'withdraw.failed' }, 'a failure shows the failed modal and is logged', async () => {
    const { actor, value, requestPayout, actions } = open();
    actor.send({ type: 'withdraw.cancel' });
    const error = new Error('Ha ocurrido un error');
    await requestPayout.reject(error);
    expect(value()).toBe('failed');
    expect(actions.logResult).toHaveBeenCalledWith(expect.anything(), { ok: false, result: error });
  });

  for (const result of ['failed', 'succeeded'] as const) {
    pin({ from: `withdraw.${result}`, on: 'result.retry', to: 'withdraw.closed' }, `Retry closes the ${result} modal`, async () => {
      const { actor, value } = await showing(result);
      actor.send({ type: 'result.retry' });
      expect(value()).toBe('closed');
    });

    pin({ from: `withdraw.${result}`, on: 'result.dismiss', to: 'withdraw.closed' }, `Escape closes the ${result} modal`, async () => {
      const { actor, value } = await showing(result);
      actor.send({ type: 'result.dismiss' });
      expect(value()).toBe('closed');
    });
  }

  pinsEveryTransition();
});
