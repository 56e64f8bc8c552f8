// The depositReturn flow's transitions, pinned by hand (docs/product.md §Self-serve money): back from Stripe Checkout, the
// payment is read; while it processes it is read again after growing waits (2, 4, 8, 15, 30 s) and on news about funds,
// then only on news; succeeded tells the Funds card (its parent, advertiserFunds) to read the funds again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { AdvertiserBalance, FundingDetails } from '@/contract';
import type { CardDeposit } from '@/contract/schemas/money';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { selectDepositReturn } from '@/machines/money/advertiserFunds.select';
import { DEPOSIT_RECHECK_MS, depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { selectPaymentReturn } from '@/machines/money/depositReturn.select';
import {
  sampleCardDeposit,
  sampleFailedDeposit,
  sampleProcessingDeposit,
  sampleSucceededDeposit,
} from '@/machines/money/fundsSamples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

afterEach(() => vi.useRealTimers());

function start() {
  const loadDeposit = controlled<CardDeposit, { depositId: string }>();
  const cancelDeposit = controlled<CardDeposit, { depositId: string }>();
  const actor = createActor(
    depositReturnMachine.provide({ actors: { loadDeposit: loadDeposit.logic, cancelDeposit: cancelDeposit.logic } }),
  );
  actor.start();
  return {
    actor,
    loadDeposit,
    cancelDeposit,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    payment: () => selectPaymentReturn(actor.getSnapshot()),
  };
}

async function track(deposit: CardDeposit, cancelled = false) {
  const flow = start();
  flow.actor.send({ type: 'deposit.track', depositId: deposit.id, cancelled });
  expect(flow.value()).toBe('loading');
  expect(flow.payment()).toEqual({ phase: 'checking' });
  await flow.loadDeposit.resolve(deposit);
  return flow;
}

describe('depositReturn transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(depositReturnMachine);

  pin(
    { from: 'depositReturn', on: 'deposit.track', to: 'depositReturn.loading' },
    'a return reads its payment; another return replaces it',
    async () => {
      const flow = await track(sampleFailedDeposit);
      flow.actor.send({ type: 'deposit.track', depositId: 'dep_9', cancelled: true });
      expect(flow.value()).toBe('loading');
      expect(flow.loadDeposit.inputs).toEqual([{ depositId: 'dep_1' }, { depositId: 'dep_9' }]);
      expect(flow.context()).toMatchObject({ cancelled: true, deposit: null, attempts: 0 });
    },
  );

  pin(
    {
      from: 'depositReturn.loading',
      on: 'xstate.done.actor.loadDeposit',
      guard: 'settled',
      to: 'depositReturn.settled',
    },
    'succeeded, failed or expired is said as it is',
    async () => {
      expect((await track(sampleSucceededDeposit)).payment()).toEqual({
        phase: 'succeeded',
        deposit: sampleSucceededDeposit,
      });
      expect((await track(sampleFailedDeposit)).payment()).toEqual({ phase: 'failed', deposit: sampleFailedDeposit });
      const expired = { ...sampleCardDeposit, status: 'expired' as const };
      expect((await track(expired, true)).payment()).toEqual({ phase: 'expired', deposit: expired });
    },
  );

  pin(
    {
      from: 'depositReturn.loading',
      on: 'xstate.done.actor.loadDeposit',
      guard: 'cancelledOpen',
      to: 'depositReturn.cancelling',
    },
    'cancelled on Stripe’s page with nothing paid: said at once, and the payment is closed at Stripe; no more reads',
    async () => {
      const flow = await track(sampleCardDeposit, true);
      expect(flow.value()).toBe('cancelling');
      expect(flow.payment()).toEqual({ phase: 'cancelled', deposit: sampleCardDeposit });
      expect(flow.cancelDeposit.inputs).toEqual([{ depositId: sampleCardDeposit.id }]);
      expect(flow.loadDeposit.started).toBe(1);
    },
  );

  pin(
    { from: 'depositReturn.cancelling', on: 'xstate.done.actor.cancelDeposit', to: 'depositReturn.cancelled' },
    'closed at Stripe: the deposit as it now stands (expired)',
    async () => {
      const flow = await track(sampleCardDeposit, true);
      const expired = { ...sampleCardDeposit, status: 'expired' as const };
      await flow.cancelDeposit.resolve(expired);
      expect(flow.value()).toBe('cancelled');
      expect(flow.payment()).toEqual({ phase: 'cancelled', deposit: expired });
    },
  );

  pin(
    { from: 'depositReturn.cancelling', on: 'xstate.error.actor.cancelDeposit', to: 'depositReturn.cancelled' },
    'Stripe not answering still says cancelled: nothing was charged, and the page closes on its own',
    async () => {
      const flow = await track(sampleCardDeposit, true);
      await flow.cancelDeposit.reject(new Error('Failed to fetch'));
      expect(flow.value()).toBe('cancelled');
      expect(flow.payment()).toEqual({ phase: 'cancelled', deposit: sampleCardDeposit });
    },
  );

  pin(
    {
      from: 'depositReturn.loading',
      on: 'xstate.done.actor.loadDeposit',
      guard: 'moreWaits',
      to: 'depositReturn.waiting',
    },
    'not confirmed yet: processing, read again after the next wait; back through Cancel with a payment already processing, it is never closed at Stripe',
    async () => {
      const flow = await track(sampleCardDeposit);
      expect(flow.value()).toBe('waiting');
      expect(flow.payment()).toEqual({ phase: 'processing', deposit: sampleCardDeposit });
      const paying = await track(sampleProcessingDeposit, true);
      expect(paying.value()).toBe('waiting');
      expect(paying.payment()).toEqual({ phase: 'processing', deposit: sampleProcessingDeposit });
      expect(paying.cancelDeposit.started).toBe(0);
    },
  );

  pin(
    { from: 'depositReturn.loading', on: 'xstate.done.actor.loadDeposit', to: 'depositReturn.processing' },
    'after every wait (2, 4, 8, 15, 30 s) it stops reading by itself and still says processing',
    async () => {
      vi.useFakeTimers();
      const flow = await track(sampleProcessingDeposit);
      for (const [n, wait] of DEPOSIT_RECHECK_MS.entries()) {
        await vi.advanceTimersByTimeAsync(wait - 1);
        expect(flow.loadDeposit.started).toBe(n + 1);
        await vi.advanceTimersByTimeAsync(1);
        expect(flow.loadDeposit.started).toBe(n + 2);
        await flow.loadDeposit.resolve(sampleProcessingDeposit);
      }
      expect(DEPOSIT_RECHECK_MS).toEqual([2000, 4000, 8000, 15_000, 30_000]);
      expect(flow.value()).toBe('processing');
      expect(flow.payment()).toEqual({ phase: 'processing', deposit: sampleProcessingDeposit });
      await vi.advanceTimersByTimeAsync(600_000);
      expect(flow.loadDeposit.started).toBe(DEPOSIT_RECHECK_MS.length + 1);
    },
  );

  pin(
    { from: 'depositReturn.loading', on: 'xstate.error.actor.loadDeposit', to: 'depositReturn.failed' },
    'an unreadable payment says why',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'deposit.track', depositId: 'dep_1', cancelled: false });
      await flow.loadDeposit.reject(new Error('Failed to fetch'));
      expect(flow.payment()).toEqual({ phase: 'unreadable', error: 'Failed to fetch' });
    },
  );

  pin(
    { from: 'depositReturn.waiting', on: 'deposit.recheck', to: 'depositReturn.loading' },
    'news about funds reads it at once',
    async () => {
      const flow = await track(sampleCardDeposit);
      flow.actor.send({ type: 'deposit.recheck' });
      expect(flow.loadDeposit.started).toBe(2);
      await flow.loadDeposit.resolve(sampleSucceededDeposit);
      expect(flow.value()).toBe('settled');
    },
  );

  pin(
    { from: 'depositReturn.waiting', on: 'xstate.after.recheck', to: 'depositReturn.loading' },
    'the first wait is 2 s',
    async () => {
      vi.useFakeTimers();
      const flow = await track(sampleCardDeposit);
      await vi.advanceTimersByTimeAsync(1999);
      expect(flow.loadDeposit.started).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.value()).toBe('loading');
      expect(flow.context().attempts).toBe(1);
    },
  );

  pin(
    { from: 'depositReturn.processing', on: 'deposit.recheck', to: 'depositReturn.loading' },
    'a bank debit still processing is read again on news (days later)',
    async () => {
      const flow = await track(sampleProcessingDeposit);
      for (let n = 0; n < DEPOSIT_RECHECK_MS.length; n += 1) {
        flow.actor.send({ type: 'deposit.recheck' });
        await flow.loadDeposit.resolve(sampleProcessingDeposit);
      }
      expect(flow.value()).toBe('processing');
      flow.actor.send({ type: 'deposit.recheck' });
      await flow.loadDeposit.resolve({ ...sampleProcessingDeposit, status: 'succeeded' });
      expect(flow.payment()).toMatchObject({ phase: 'succeeded' });
    },
  );

  for (const from of ['processing', 'settled', 'cancelled', 'failed'] as const)
    pin(
      { from: `depositReturn.${from}`, on: 'deposit.dismiss', to: 'depositReturn.idle' },
      'the message is put away',
      async () => {
        const flow =
          from === 'failed'
            ? start()
            : from === 'processing'
              ? await track(sampleProcessingDeposit)
              : await track(from === 'settled' ? sampleSucceededDeposit : sampleCardDeposit, from === 'cancelled');
        if (from === 'failed') {
          flow.actor.send({ type: 'deposit.track', depositId: 'dep_1', cancelled: false });
          await flow.loadDeposit.reject(new Error('Failed to fetch'));
        }
        if (from === 'cancelled') await flow.cancelDeposit.resolve({ ...sampleCardDeposit, status: 'expired' });
        if (from === 'processing')
          for (let n = 0; n < DEPOSIT_RECHECK_MS.length; n += 1) {
            flow.actor.send({ type: 'deposit.recheck' });
            await flow.loadDeposit.resolve(sampleProcessingDeposit);
          }
        expect(flow.value()).toBe(from);
        flow.actor.send({ type: 'deposit.dismiss' });
        expect(flow.payment()).toBeNull();
      },
    );

  pin(
    { from: 'depositReturn.failed', on: 'deposit.retry', to: 'depositReturn.loading' },
    'Try again reads it again',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'deposit.track', depositId: 'dep_1', cancelled: false });
      await flow.loadDeposit.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'deposit.retry' });
      await flow.loadDeposit.resolve(sampleSucceededDeposit);
      expect(flow.value()).toBe('settled');
    },
  );

  pinsEveryTransition();
});

describe('depositReturn inside the Funds card (advertiserFunds)', () => {
  const balance: AdvertiserBalance = {
    balanceCents: 0,
    reservedCents: 0,
    refundingCents: 0,
    disputedCents: 0,
    owedCents: 0,
    owedDispute: null,
    deposits: [],
    cardDeposits: [],
  };

  it('news about funds reaches the returning payment; its success reads the funds again', async () => {
    const loadFunds = controlled<AdvertiserBalance>();
    const loadDeposit = controlled<CardDeposit, { depositId: string }>();
    let news: (() => void) | undefined;
    const card = createActor(
      advertiserFundsMachine.provide({
        actors: {
          loadFunds: loadFunds.logic,
          loadTransfer: controlled<FundingDetails>().logic,
          liveFeed: fromCallback(({ sendBack }) => {
            news = () => sendBack({ type: 'funds.reload' });
          }),
          depositReturn: depositReturnMachine.provide({ actors: { loadDeposit: loadDeposit.logic } }),
        },
      }),
    );
    card.start();
    await loadFunds.resolve(balance);
    const child = selectDepositReturn(card.getSnapshot())!;
    child.send({ type: 'deposit.track', depositId: 'dep_1', cancelled: false });
    await loadDeposit.resolve(sampleCardDeposit);
    news!();
    expect(loadFunds.started).toBe(2);
    expect(loadDeposit.started).toBe(2);
    await loadFunds.resolve(balance);
    await loadDeposit.resolve(sampleSucceededDeposit);
    expect(loadFunds.started).toBe(3);
    expect(card.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
  });
});
