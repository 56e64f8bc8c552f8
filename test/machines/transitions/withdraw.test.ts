// The withdraw flow's transitions, pinned by hand (docs/product.md §Money: money flows are pinned as well as path-tested): source,
// event, expected target and what it changes — the request's amount in cents, its method and its Idempotency-Key —
// and its link to Earnings, the parent that invokes it and reads its figures again after a payout request.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import type { Payout, PayoutMethod } from '@/contract';
import { earningsMachine, type EarningsData } from '@/machines/money/earnings.machine';
import { selectWithdraw } from '@/machines/money/earnings.select';
import { selectWithdrawForm, selectWithdrawResult } from '@/machines/money/withdraw.select';
import { withdrawMachine, type PayoutRequest } from '@/machines/money/withdraw.machine';
import { samplePayout, sampleBankMethod, samplePaypalMethod, sampleEarnings } from '@/machines/money/samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const refusal = (message: string, status: unknown, code = 'money.withdrawal_below_minimum') =>
  Object.assign(new Error(message), { status, code });
/**
 * What is wrong with the amount, as an id: the view words it from src/money/messages
 * (test/views/withdraw.screen.test.tsx shows it on the modal).
 */
const INVALID = 'invalid';

function start() {
  const actions = { logResult: vi.fn() };
  const loadMethods = controlled<PayoutMethod[]>();
  const requestPayout = controlled<Payout, PayoutRequest>();
  const actor = createActor(
    withdrawMachine.provide({
      actions,
      actors: { loadMethods: loadMethods.logic, requestPayout: requestPayout.logic },
    }),
  );
  actor.start();
  return {
    actor,
    actions,
    loadMethods,
    requestPayout,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** The modal open with the two methods loaded (the bank account is the default). */
async function editing() {
  const withdraw = start();
  withdraw.actor.send({ type: 'withdraw.open' });
  await withdraw.loadMethods.resolve([sampleBankMethod, samplePaypalMethod]);
  expect(withdraw.value()).toEqual({ open: 'editing' });
  return withdraw;
}

/** A request under way for $60.50 to PayPal. */
async function requesting() {
  const withdraw = await editing();
  withdraw.actor.send({ type: 'amount.change', value: '60.50' });
  withdraw.actor.send({ type: 'method.change', methodId: samplePaypalMethod.id });
  withdraw.actor.send({ type: 'withdraw.submit' });
  expect(withdraw.value()).toBe('requesting');
  return withdraw;
}

async function showing(kind: 'failed' | 'succeeded') {
  const withdraw = await requesting();
  if (kind === 'failed') await withdraw.requestPayout.reject(refusal('Withdrawals start at $50.', 400));
  else await withdraw.requestPayout.resolve(samplePayout);
  expect(withdraw.value()).toBe(kind);
  return withdraw;
}

describe('withdraw transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(withdrawMachine);

  pin(
    { from: 'withdraw.closed', on: 'withdraw.open', to: 'withdraw.open' },
    'Withdraw opens the modal with an empty amount and loads the methods',
    async () => {
      const fresh = start();
      expect(fresh.value()).toBe('closed');
      expect(fresh.context()).toEqual({
        methods: [],
        amount: '',
        methodId: null,
        amountError: null,
        loadError: null,
        pending: null,
        requestedCents: 0,
        payout: null,
        failure: null,
        failureCode: null,
        refused: false,
      });
      const withdraw = await editing();
      withdraw.actor.send({ type: 'amount.change', value: '50' });
      withdraw.actor.send({ type: 'withdraw.dismiss' });
      withdraw.actor.send({ type: 'withdraw.open' });
      expect(withdraw.value()).toEqual({ open: 'loading' });
      expect(withdraw.loadMethods.started).toBe(2);
      expect(withdraw.context()).toMatchObject({ amount: '', amountError: null, failure: null, payout: null });
      // After a refusal, the next opening forgets it: the result the modal reads is no longer a refused one.
      const refused = await showing('failed');
      expect(selectWithdrawResult(refused.actor.getSnapshot())).toMatchObject({ refused: true });
      refused.actor.send({ type: 'result.dismiss' });
      refused.actor.send({ type: 'withdraw.open' });
      expect(selectWithdrawResult(refused.actor.getSnapshot())).toMatchObject({
        refused: false,
        failure: null,
        failureCode: null,
        payout: null,
      });
      expect(refused.context().amount).toBe('');
    },
  );

  pin(
    { from: 'withdraw.open.loading', on: 'xstate.done.actor.loadMethods', to: 'withdraw.open.editing' },
    'the methods arrive and the default one is chosen',
    async () => {
      const withdraw = await editing();
      expect(withdraw.context()).toMatchObject({
        methods: [sampleBankMethod, samplePaypalMethod],
        methodId: sampleBankMethod.id,
      });
      // The default is chosen wherever it is in the list; with no default, the first; with none saved, none.
      const chosen = async (methods: PayoutMethod[]) => {
        const flow = start();
        flow.actor.send({ type: 'withdraw.open' });
        await flow.loadMethods.resolve(methods);
        expect(flow.value()).toEqual({ open: 'editing' });
        return selectWithdrawForm(flow.actor.getSnapshot()).methodId;
      };
      const paypalDefault = { ...samplePaypalMethod, isDefault: true };
      const bankOnly = { ...sampleBankMethod, isDefault: false };
      expect(await chosen([bankOnly, paypalDefault])).toBe(samplePaypalMethod.id);
      expect(await chosen([samplePaypalMethod, bankOnly])).toBe(samplePaypalMethod.id);
      expect(await chosen([])).toBeNull();
    },
  );

  pin(
    { from: 'withdraw.open.loading', on: 'xstate.error.actor.loadMethods', to: 'withdraw.open.loadFailed' },
    'a failed load says why',
    async () => {
      const withdraw = start();
      withdraw.actor.send({ type: 'withdraw.open' });
      await withdraw.loadMethods.reject(new Error('Failed to fetch'));
      expect(withdraw.value()).toEqual({ open: 'loadFailed' });
      expect(withdraw.context().loadError).toBe('Failed to fetch');
    },
  );

  pin(
    { from: 'withdraw.open.loadFailed', on: 'methods.retry', to: 'withdraw.open.loading' },
    'Try again loads the methods again',
    async () => {
      const withdraw = start();
      withdraw.actor.send({ type: 'withdraw.open' });
      await withdraw.loadMethods.reject(new Error('Failed to fetch'));
      withdraw.actor.send({ type: 'methods.retry' });
      expect(withdraw.value()).toEqual({ open: 'loading' });
      expect(withdraw.loadMethods.started).toBe(2);
      expect(withdraw.context().loadError).toBeNull();
    },
  );

  pin(
    { from: 'withdraw.open.editing', on: 'amount.change', to: null },
    'the typed amount is kept; a shown error follows the corrections',
    async () => {
      const withdraw = await editing();
      withdraw.actor.send({ type: 'amount.change', value: '12.345' });
      expect(withdraw.context()).toMatchObject({ amount: '12.345', amountError: null });
      withdraw.actor.send({ type: 'withdraw.submit' });
      expect(withdraw.context().amountError).toBe(INVALID);
      withdraw.actor.send({ type: 'amount.change', value: '12.34' });
      expect(withdraw.value()).toEqual({ open: 'editing' });
      expect(withdraw.context().amountError).toBeNull();
    },
  );

  pin(
    { from: 'withdraw.open.editing', on: 'method.change', to: null },
    'the chosen method is kept, in the same state',
    async () => {
      const withdraw = await editing();
      withdraw.actor.send({ type: 'method.change', methodId: samplePaypalMethod.id });
      expect(withdraw.value()).toEqual({ open: 'editing' });
      expect(withdraw.context().methodId).toBe(samplePaypalMethod.id);
    },
  );

  pin(
    { from: 'withdraw.open.editing', on: 'withdraw.submit', guard: 'amountValid', to: 'withdraw.requesting' },
    'a dollar amount is requested in cents with a new key',
    async () => {
      const withdraw = await requesting();
      const [request] = withdraw.requestPayout.inputs;
      expect(request).toMatchObject({ amountCents: 6_050, methodId: samplePaypalMethod.id });
      expect(request!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
      expect(withdraw.context().requestedCents).toBe(6_050);
    },
  );

  pin(
    { from: 'withdraw.open.editing', on: 'withdraw.submit', to: null },
    'an empty or malformed amount is not sent and says why',
    async () => {
      const withdraw = await editing();
      withdraw.actor.send({ type: 'withdraw.submit' });
      expect(withdraw.context().amountError).toBe('required');
      // Spaces only are no amount either.
      withdraw.actor.send({ type: 'amount.change', value: '   ' });
      withdraw.actor.send({ type: 'withdraw.submit' });
      expect(selectWithdrawForm(withdraw.actor.getSnapshot()).amountError).toBe('required');
      for (const bad of ['abc', '-5', '0', '1.234']) {
        withdraw.actor.send({ type: 'amount.change', value: bad });
        withdraw.actor.send({ type: 'withdraw.submit' });
        expect(selectWithdrawForm(withdraw.actor.getSnapshot()).amountError, bad).toBe(INVALID);
      }
      expect(withdraw.value()).toEqual({ open: 'editing' });
      expect(withdraw.requestPayout.started).toBe(0);
    },
  );

  pin(
    { from: 'withdraw.open', on: 'withdraw.cancel', to: 'withdraw.closed' },
    'Cancel closes the modal: no request, no result modal, nothing logged',
    async () => {
      const withdraw = await editing();
      withdraw.actor.send({ type: 'amount.change', value: '60' });
      withdraw.actor.send({ type: 'withdraw.cancel' });
      expect(withdraw.value()).toBe('closed');
      expect(withdraw.requestPayout.started).toBe(0);
      expect(withdraw.actions.logResult).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'withdraw.open', on: 'withdraw.dismiss', to: 'withdraw.closed' },
    'Escape closes the modal with no request and nothing logged',
    async () => {
      const withdraw = start();
      withdraw.actor.send({ type: 'withdraw.open' });
      withdraw.actor.send({ type: 'withdraw.dismiss' });
      expect(withdraw.value()).toBe('closed');
      expect(withdraw.requestPayout.started).toBe(0);
      expect(withdraw.actions.logResult).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'withdraw.requesting', on: 'xstate.done.actor.requestPayout', to: 'withdraw.succeeded' },
    'the payout shows the success modal and is logged (on its own, with no parent to tell)',
    async () => {
      const withdraw = await showing('succeeded');
      expect(withdraw.context()).toMatchObject({ payout: samplePayout, pending: null, amount: '' });
      expect(withdraw.actions.logResult).toHaveBeenCalledWith(expect.anything(), { ok: true, result: samplePayout });
      expect(withdraw.actor.getSnapshot().status).toBe('active');
    },
  );

  pin(
    { from: 'withdraw.requesting', on: 'xstate.error.actor.requestPayout', to: 'withdraw.failed' },
    "a refusal shows the failed modal with the server's reason and is logged",
    async () => {
      const withdraw = await showing('failed');
      expect(withdraw.context().failure).toBe('Withdrawals start at $50.');
      // The code, by which the modal links to what is missing.
      expect(selectWithdrawResult(withdraw.actor.getSnapshot()).failureCode).toBe('money.withdrawal_below_minimum');
      expect(withdraw.actions.logResult).toHaveBeenCalledWith(expect.anything(), {
        ok: false,
        result: expect.objectContaining({ message: 'Withdrawals start at $50.' }),
      });
    },
  );

  for (const result of ['failed', 'succeeded'] as const) {
    pin(
      { from: `withdraw.${result}`, on: 'result.retry', to: 'withdraw.closed' },
      `Retry closes the ${result} modal`,
      async () => {
        const { actor, value } = await showing(result);
        actor.send({ type: 'result.retry' });
        expect(value()).toBe('closed');
      },
    );

    pin(
      { from: `withdraw.${result}`, on: 'result.dismiss', to: 'withdraw.closed' },
      `Escape closes the ${result} modal`,
      async () => {
        const { actor, value } = await showing(result);
        actor.send({ type: 'result.dismiss' });
        expect(value()).toBe('closed');
      },
    );
  }

  pinsEveryTransition();
});

describe('the Idempotency-Key', () => {
  async function sendAgain(withdraw: Awaited<ReturnType<typeof requesting>>, amount = '60.50') {
    withdraw.actor.send({ type: 'result.retry' });
    withdraw.actor.send({ type: 'withdraw.open' });
    await withdraw.loadMethods.resolve([sampleBankMethod, samplePaypalMethod]);
    withdraw.actor.send({ type: 'amount.change', value: amount });
    withdraw.actor.send({ type: 'withdraw.submit' });
    return withdraw.requestPayout.inputs.at(-1)!;
  }

  it('is kept when the answer was lost (the server may have the payout), for the same amount and method', async () => {
    const withdraw = await requesting();
    const first = withdraw.requestPayout.inputs[0]!;
    await withdraw.requestPayout.reject(new Error('Failed to fetch'));
    // The method chosen before is still chosen after the reload.
    const again = await sendAgain(withdraw);
    expect(again).toEqual(first);
  });

  it('is kept after a server failure (5xx) or an error without a 4xx status: the payout may exist', async () => {
    for (const error of [
      refusal('Internal Server Error', 500),
      refusal('Bad Gateway', 502),
      // Not a refusal either: a status below 400, one that is no number, no error at all.
      refusal('Moved', 399),
      refusal('Odd', '409'),
      null,
    ]) {
      const withdraw = await requesting();
      const first = withdraw.requestPayout.inputs[0]!;
      await withdraw.requestPayout.reject(error);
      expect(withdraw.value()).toBe('failed');
      expect(selectWithdrawResult(withdraw.actor.getSnapshot()).refused).toBe(false);
      expect(await sendAgain(withdraw)).toEqual(first);
    }
  });

  it('holds no code for an error without one, or with one that is not text', async () => {
    for (const error of [
      Object.assign(new Error('Odd'), { status: 409, code: 409 }),
      new Error('Failed to fetch'),
      null,
    ]) {
      const withdraw = await requesting();
      await withdraw.requestPayout.reject(error);
      expect(selectWithdrawResult(withdraw.actor.getSnapshot()).failureCode).toBeNull();
    }
  });

  it('is new after a refusal at either end of the 4xx range', async () => {
    for (const status of [400, 499]) {
      const withdraw = await requesting();
      const first = withdraw.requestPayout.inputs[0]!;
      await withdraw.requestPayout.reject(refusal('Withdrawals start at $50.', status));
      expect(selectWithdrawResult(withdraw.actor.getSnapshot()).refused).toBe(true);
      expect((await sendAgain(withdraw)).idempotencyKey).not.toBe(first.idempotencyKey);
    }
  });

  it('is new for the same amount to another method after a lost answer', async () => {
    const withdraw = await requesting();
    const first = withdraw.requestPayout.inputs[0]!;
    await withdraw.requestPayout.reject(new Error('Failed to fetch'));
    withdraw.actor.send({ type: 'result.retry' });
    withdraw.actor.send({ type: 'withdraw.open' });
    await withdraw.loadMethods.resolve([sampleBankMethod, samplePaypalMethod]);
    withdraw.actor.send({ type: 'method.change', methodId: sampleBankMethod.id });
    withdraw.actor.send({ type: 'amount.change', value: '60.50' });
    withdraw.actor.send({ type: 'withdraw.submit' });
    const again = withdraw.requestPayout.inputs.at(-1)!;
    expect(again).toMatchObject({ amountCents: 6_050, methodId: sampleBankMethod.id });
    expect(again.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('is new after a refusal (nothing was created), and for another amount', async () => {
    const refused = await requesting();
    const first = refused.requestPayout.inputs[0]!;
    await refused.requestPayout.reject(refusal('Your available balance is $40: you cannot withdraw $60.50.', 409));
    expect((await sendAgain(refused)).idempotencyKey).not.toBe(first.idempotencyKey);

    const lost = await requesting();
    await lost.requestPayout.reject(new Error('Failed to fetch'));
    const other = await sendAgain(lost, '70');
    expect(other.amountCents).toBe(7_000);
    expect(other.idempotencyKey).not.toBe(lost.requestPayout.inputs[0]!.idempotencyKey);
  });

  it('is new for the next withdrawal after a success', async () => {
    const withdraw = await requesting();
    const first = withdraw.requestPayout.inputs[0]!;
    await withdraw.requestPayout.resolve(samplePayout);
    expect((await sendAgain(withdraw)).idempotencyKey).not.toBe(first.idempotencyKey);
  });
});

describe('the link to Earnings', () => {
  const read: EarningsData = { earnings: sampleEarnings, payouts: [samplePayout] };

  /** The earnings actor as the screen runs it, figures read, with its withdraw child's API actors controlled; every event Earnings receives is recorded with its sender. */
  async function earningsScreen() {
    const loadEarnings = controlled<EarningsData>();
    const loadMethods = controlled<PayoutMethod[]>();
    const requestPayout = controlled<Payout, PayoutRequest>();
    const withdrawLogic = withdrawMachine.provide({
      actions: { logResult: () => {} },
      actors: { loadMethods: loadMethods.logic, requestPayout: requestPayout.logic },
    });
    const events: Array<{ to: unknown; type: string; from: AnyActorRef | undefined }> = [];
    const earnings = createActor(
      earningsMachine.provide({
        actors: { loadEarnings: loadEarnings.logic, liveFeed: fromCallback(() => {}), withdraw: withdrawLogic },
      }),
      {
        inspect: (inspection) => {
          if (inspection.type === '@xstate.event')
            events.push({
              to: inspection.actorRef,
              type: inspection.event.type,
              from: inspection.sourceRef as AnyActorRef | undefined,
            });
        },
      },
    );
    earnings.start();
    /** What Earnings itself received, with the sender. */
    const received = () => events.filter((e) => e.to === earnings).map(({ type, from }) => ({ type, from }));
    await loadEarnings.resolve(read);
    expect(earnings.getSnapshot().value).toEqual({ ready: 'idle' });
    const withdraw = selectWithdraw(earnings.getSnapshot())!;
    /** Withdraw $60 to the default method through the child, as the modal does. */
    const request = async () => {
      withdraw.send({ type: 'withdraw.open' });
      await loadMethods.resolve([sampleBankMethod, samplePaypalMethod]);
      withdraw.send({ type: 'amount.change', value: '60' });
      withdraw.send({ type: 'withdraw.submit' });
      expect(withdraw.getSnapshot().value).toBe('requesting');
    };
    return { earnings, withdraw, loadEarnings, requestPayout, received, request };
  }

  const payoutsReceived = (received: () => Array<{ type: string; from: AnyActorRef | undefined }>) =>
    received().filter((e) => e.type === 'payout.requested');

  it('Earnings invokes the withdraw flow as its child `withdraw`, for the screen’s whole life', async () => {
    const { earnings, withdraw } = await earningsScreen();
    expect(withdraw.getSnapshot().machine.id).toBe('withdraw');
    expect(withdraw.id).toBe('withdraw');
    expect(withdraw._parent).toBe(earnings);
    earnings.send({ type: 'earnings.reload' });
    expect(selectWithdraw(earnings.getSnapshot())).toBe(withdraw);
  });

  it('a payout requested sends `payout.requested` from the child to Earnings, which reads its figures again keeping the screen', async () => {
    const { earnings, withdraw, loadEarnings, requestPayout, received, request } = await earningsScreen();
    await request();
    expect(payoutsReceived(received)).toEqual([]);
    await requestPayout.resolve(samplePayout);
    expect(withdraw.getSnapshot().value).toBe('succeeded');
    expect(payoutsReceived(received)).toEqual([{ type: 'payout.requested', from: withdraw }]);
    expect(earnings.getSnapshot().value).toEqual({ ready: 'reloading' });
    expect(loadEarnings.started).toBe(2);
    // The figures on screen stay until the new ones arrive.
    expect(earnings.getSnapshot().context.data).toBe(read);
    const after: EarningsData = {
      earnings: { ...sampleEarnings, availableCents: 13_000 },
      payouts: [samplePayout, samplePayout],
    };
    await loadEarnings.resolve(after);
    expect(earnings.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(earnings.getSnapshot().context.data).toBe(after);
  });

  it('a payout requested while the figures are read again reads them once more', async () => {
    const { earnings, loadEarnings, requestPayout, received, request } = await earningsScreen();
    await request();
    earnings.send({ type: 'earnings.reload' });
    expect(loadEarnings.started).toBe(2);
    await requestPayout.resolve(samplePayout);
    expect(payoutsReceived(received)).toHaveLength(1);
    expect(earnings.getSnapshot().value).toEqual({ ready: 'reloading' });
    expect(loadEarnings.started).toBe(3);
  });

  it('a refused payout sends nothing: the figures stay as read', async () => {
    const { earnings, withdraw, loadEarnings, requestPayout, received, request } = await earningsScreen();
    await request();
    await requestPayout.reject(refusal('Withdrawals start at $50.', 400));
    expect(withdraw.getSnapshot().value).toBe('failed');
    expect(payoutsReceived(received)).toEqual([]);
    expect(earnings.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(loadEarnings.started).toBe(1);
  });
});
