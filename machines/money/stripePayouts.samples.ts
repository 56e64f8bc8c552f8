// The stripePayouts flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { stripePayoutsMachine } from './stripePayouts.machine';
import { sampleStripeComplete, sampleStripeNeeds, sampleStripeNone, sampleStripeOff } from './samples';

export const samples = {
  inputs: [{ restart: false }, { restart: true }],
  events: {
    'xstate.done.actor.loadStripe': [
      { type: 'xstate.done.actor.loadStripe', output: sampleStripeNone },
      { type: 'xstate.done.actor.loadStripe', output: sampleStripeOff },
      { type: 'xstate.done.actor.loadStripe', output: sampleStripeComplete },
    ],
    'xstate.done.actor.startOnboarding': [
      {
        type: 'xstate.done.actor.startOnboarding',
        output: { url: 'https://connect.stripe.com/setup/e/acct_1Sample/onboard', stripe: sampleStripeNeeds },
      },
    ],
    'xstate.error.actor.startOnboarding': [
      {
        type: 'xstate.error.actor.startOnboarding',
        error: apiRefusal('Stripe did not start your onboarding: try again in a moment.', 502),
      },
    ],
  },
  abstract: (context) => ({
    state: context.stripe ? `${String(context.stripe.available)}:${context.stripe.state}` : null,
    restart: context.restart,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof stripePayoutsMachine>;
