// The depositReturn flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { depositReturnMachine } from './depositReturn.machine';
import {
  sampleCardDeposit,
  sampleFailedDeposit,
  sampleProcessingDeposit,
  sampleSucceededDeposit,
} from './fundsSamples';

export const samples = {
  events: {
    'deposit.track': [
      { type: 'deposit.track', depositId: 'dep_1', cancelled: false },
      { type: 'deposit.track', depositId: 'dep_1', cancelled: true },
    ],
    'xstate.done.actor.loadDeposit': [
      { type: 'xstate.done.actor.loadDeposit', output: sampleSucceededDeposit },
      { type: 'xstate.done.actor.loadDeposit', output: sampleFailedDeposit },
      { type: 'xstate.done.actor.loadDeposit', output: sampleCardDeposit },
      { type: 'xstate.done.actor.loadDeposit', output: sampleProcessingDeposit },
    ],
    'xstate.done.actor.cancelDeposit': [
      { type: 'xstate.done.actor.cancelDeposit', output: { ...sampleCardDeposit, status: 'expired' } },
    ],
  },
  abstract: (context) => ({
    cancelled: context.cancelled,
    status: context.deposit?.status ?? null,
    attempts: context.attempts,
    error: context.error !== null,
  }),
} satisfies Fixture<typeof depositReturnMachine>;
