// Get paid through Stripe (docs/product.md §Money, Payout method; Stripe Connect): on Set Payout Method and on the
// screen Stripe sends the creator back to (/set-payout-method/stripe), where their Stripe Express account stands loads:
// not started, what Stripe still needs, restricted, or complete. "Get paid through Stripe" (or "Continue on Stripe")
// asks for a new onboarding link (the account is made once, on the server) and the browser goes to Stripe's page.
// Back through the link's refresh address (an expired link: ?refresh=1), a new link is asked for at once. Check again
// reads the account again, keeping what is shown. The `stripe` rail being off, nothing is offered.
import { assign, setup } from 'xstate';
import type { StripePayouts } from '@/contract/schemas/money';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';

export interface StripePayoutsInput {
  /** Stripe sent the creator back through the link's refresh_url (it expired): start again at once. */
  restart: boolean;
}

/** POST /api/payout-methods/stripe/onboarding's answer. */
export interface StripeOnboarding {
  url: string;
  stripe: StripePayouts;
}

export interface StripePayoutsContext {
  stripe: StripePayouts | null;
  restart: boolean;
  /** A failed load (with a retry), a failed re-read or a refused start (the account stays shown). */
  error: string | null;
}

export type StripePayoutsEvent = { type: 'stripe.start' } | { type: 'stripe.check' } | { type: 'stripe.retry' };

export const stripePayoutsMachine = setup({
  types: {
    context: {} as StripePayoutsContext,
    events: {} as StripePayoutsEvent,
    input: {} as StripePayoutsInput,
  },
  actors: {
    /** GET /api/payout-methods/stripe → where the creator's Stripe account stands. */
    loadStripe: service<StripePayouts>('loadStripe'),
    /** POST /api/payout-methods/stripe/onboarding → Stripe's onboarding page for the account (made once). */
    startOnboarding: service<StripeOnboarding>('startOnboarding'),
  },
  actions: {
    /** The browser goes to Stripe's onboarding page (window.location.assign); tests give a spy. */
    goToStripe: effect<{ url: string }>('goToStripe'),
  },
  guards: {
    restartOffered: ({ context, event }) =>
      context.restart && (event as unknown as { output: StripePayouts }).output.available,
    offered: ({ context }) => context.stripe?.available === true,
  },
}).createMachine({
  id: 'stripePayouts',
  context: ({ input }) => ({ stripe: null, restart: input.restart, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStripe',
        src: 'loadStripe',
        onDone: [
          {
            guard: 'restartOffered',
            target: 'starting',
            actions: assign({ stripe: ({ event }) => event.output, restart: false, error: null }),
          },
          { target: 'ready', actions: assign({ stripe: ({ event }) => event.output, restart: false, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'stripe.retry': 'loading' },
    },
    ready: {
      on: {
        'stripe.start': { guard: 'offered', target: 'starting', actions: assign({ error: null }) },
        'stripe.check': { target: 'checking', actions: assign({ error: null }) },
      },
    },
    // Read again; what is shown stays meanwhile.
    checking: {
      invoke: {
        id: 'loadStripe',
        src: 'loadStripe',
        onDone: { target: 'ready', actions: assign({ stripe: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    starting: {
      invoke: {
        id: 'startOnboarding',
        src: 'startOnboarding',
        onDone: {
          target: 'redirecting',
          actions: [
            assign({ stripe: ({ event }) => event.output.stripe }),
            { type: 'goToStripe', params: ({ event }) => ({ url: event.output.url }) },
          ],
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    // The browser is leaving for Stripe; should it not (a blocked navigation), Check again still reads the account.
    redirecting: {
      on: { 'stripe.check': { target: 'checking', actions: assign({ error: null }) } },
    },
  },
});
