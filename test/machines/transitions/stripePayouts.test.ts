// The stripePayouts flow's transitions, pinned by hand (money flows are pinned as well as path-tested): source, event,
// expected target and what it changes — the account shown (kept while it is read again), the error said, and the
// browser sent to Stripe only once an onboarding link exists; back through an expired link, a new one at once.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import type { StripePayouts } from '@/contract';
import { sampleStripeComplete, sampleStripeNeeds, sampleStripeNone, sampleStripeOff } from '@/machines/money/samples';
import { stripePayoutsMachine, type StripeOnboarding } from '@/machines/money/stripePayouts.machine';
import { selectStripeNeeds } from '@/machines/money/stripePayouts.select';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const link: StripeOnboarding = { url: 'https://connect.stripe.com/setup/e/acct_1/x', stripe: sampleStripeNeeds };

function start(restart = false) {
  const goToStripe = vi.fn();
  const loadStripe = controlled<StripePayouts>();
  const startOnboarding = controlled<StripeOnboarding>();
  const actor = createActor(
    stripePayoutsMachine.provide({
      actions: { goToStripe: (_, params) => goToStripe(params) },
      actors: { loadStripe: loadStripe.logic, startOnboarding: startOnboarding.logic },
    }),
    { input: { restart } },
  );
  actor.start();
  return {
    actor,
    goToStripe,
    loadStripe,
    startOnboarding,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

async function ready(stripe: StripePayouts = sampleStripeNone) {
  const flow = start();
  await flow.loadStripe.resolve(stripe);
  expect(flow.value()).toBe('ready');
  return flow;
}

describe('stripePayouts transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(stripePayoutsMachine);

  pin(
    {
      from: 'stripePayouts.loading',
      on: 'xstate.done.actor.loadStripe',
      guard: 'restartOffered',
      to: 'stripePayouts.starting',
    },
    'back through an expired link: a new link is asked for at once',
    async () => {
      const flow = start(true);
      await flow.loadStripe.resolve(sampleStripeNeeds);
      expect(flow.value()).toBe('starting');
      expect(flow.startOnboarding.started).toBe(1);
      expect(flow.context()).toMatchObject({ stripe: sampleStripeNeeds, restart: false });
    },
  );

  pin(
    { from: 'stripePayouts.loading', on: 'xstate.done.actor.loadStripe', to: 'stripePayouts.ready' },
    'the account loads and is shown; an expired link with the rail off starts nothing',
    async () => {
      const flow = await ready(sampleStripeNeeds);
      expect(selectStripeNeeds(flow.actor.getSnapshot(), 'en')).toEqual([
        'the bank account to pay you into',
        'your date of birth',
        "your acceptance of Stripe's terms",
      ]);
      expect(selectStripeNeeds(flow.actor.getSnapshot(), 'es-MX')).toEqual([
        'la cuenta bancaria donde se te paga',
        'tu fecha de nacimiento',
        'que aceptes los términos de Stripe',
      ]);
      const off = start(true);
      await off.loadStripe.resolve(sampleStripeOff);
      expect(off.value()).toBe('ready');
      expect(off.startOnboarding.started).toBe(0);
    },
  );

  pin(
    { from: 'stripePayouts.loading', on: 'xstate.error.actor.loadStripe', to: 'stripePayouts.failed' },
    'a failed load says why',
    async () => {
      const flow = start();
      await flow.loadStripe.reject(new Error('Failed to fetch'));
      expect(flow.value()).toBe('failed');
      expect(flow.context().error).toBe('Failed to fetch');
    },
  );

  pin(
    { from: 'stripePayouts.failed', on: 'stripe.retry', to: 'stripePayouts.loading' },
    'Try again loads again',
    async () => {
      const flow = start();
      await flow.loadStripe.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'stripe.retry' });
      expect(flow.value()).toBe('loading');
      expect(flow.loadStripe.started).toBe(2);
    },
  );

  pin(
    { from: 'stripePayouts.ready', on: 'stripe.start', guard: 'offered', to: 'stripePayouts.starting' },
    'Get paid through Stripe asks for a link, only where the rail is configured',
    async () => {
      const off = await ready(sampleStripeOff);
      off.actor.send({ type: 'stripe.start' });
      expect(off.value()).toBe('ready');
      const flow = await ready();
      flow.actor.send({ type: 'stripe.start' });
      expect(flow.value()).toBe('starting');
      expect(flow.goToStripe).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'stripePayouts.ready', on: 'stripe.check', to: 'stripePayouts.checking' },
    'Check again reads the account again, keeping it shown',
    async () => {
      const flow = await ready(sampleStripeNeeds);
      flow.actor.send({ type: 'stripe.check' });
      expect(flow.value()).toBe('checking');
      expect(flow.context().stripe).toEqual(sampleStripeNeeds);
    },
  );

  pin(
    { from: 'stripePayouts.checking', on: 'xstate.done.actor.loadStripe', to: 'stripePayouts.ready' },
    'the new reading replaces the old',
    async () => {
      const flow = await ready(sampleStripeNeeds);
      flow.actor.send({ type: 'stripe.check' });
      await flow.loadStripe.resolve(sampleStripeComplete);
      expect(flow.value()).toBe('ready');
      expect(flow.context().stripe).toEqual(sampleStripeComplete);
    },
  );

  pin(
    { from: 'stripePayouts.checking', on: 'xstate.error.actor.loadStripe', to: 'stripePayouts.ready' },
    'a failed re-read keeps the account shown and says why',
    async () => {
      const flow = await ready(sampleStripeNeeds);
      flow.actor.send({ type: 'stripe.check' });
      await flow.loadStripe.reject(new Error('Failed to fetch'));
      expect(flow.value()).toBe('ready');
      expect(flow.context()).toMatchObject({ stripe: sampleStripeNeeds, error: 'Failed to fetch' });
    },
  );

  pin(
    { from: 'stripePayouts.starting', on: 'xstate.done.actor.startOnboarding', to: 'stripePayouts.redirecting' },
    "the browser goes to Stripe's onboarding; the account as made is shown",
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'stripe.start' });
      await flow.startOnboarding.resolve(link);
      expect(flow.value()).toBe('redirecting');
      expect(flow.goToStripe).toHaveBeenCalledWith({ url: link.url });
      expect(flow.context().stripe).toEqual(sampleStripeNeeds);
    },
  );

  pin(
    { from: 'stripePayouts.starting', on: 'xstate.error.actor.startOnboarding', to: 'stripePayouts.ready' },
    'a refusal says why; nothing opens',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'stripe.start' });
      await flow.startOnboarding.reject(new Error('Stripe did not start your onboarding: rate limited'));
      expect(flow.value()).toBe('ready');
      expect(flow.context().error).toBe('Stripe did not start your onboarding: rate limited');
      expect(flow.goToStripe).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'stripePayouts.redirecting', on: 'stripe.check', to: 'stripePayouts.checking' },
    'a navigation that did not happen: Check again still reads the account',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'stripe.start' });
      await flow.startOnboarding.resolve(link);
      flow.actor.send({ type: 'stripe.check' });
      expect(flow.value()).toBe('checking');
    },
  );

  pinsEveryTransition();
});
