// The thread flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { messageProblem, type threadMachine } from './thread.machine';
import { sampleMessage, sampleOffer, sampleReply } from './samples';

export const samples = {
  inputs: [{ offerId: sampleOffer.id }],
  events: {
    'message.change': [
      { type: 'message.change', value: '' },
      { type: 'message.change', value: 'Yes, any corner works.' },
      { type: 'message.change', value: 'x'.repeat(2001) },
    ],
    'message.received': [{ type: 'message.received', message: sampleMessage }],
    // The newest page: the whole thread, or one with earlier pages before it (its cursor).
    'xstate.done.actor.loadMessages': [
      { type: 'xstate.done.actor.loadMessages', output: { messages: [sampleMessage], earlier: null } },
      { type: 'xstate.done.actor.loadMessages', output: { messages: [sampleReply], earlier: '41' } },
    ],
    'xstate.done.actor.loadEarlier': [
      { type: 'xstate.done.actor.loadEarlier', output: { messages: [sampleMessage], earlier: null } },
    ],
    'xstate.done.actor.postMessage': [{ type: 'xstate.done.actor.postMessage', output: sampleReply }],
  },
  abstract: (context) => ({
    messages: context.messages.length,
    earlier: context.earlier !== null,
    earlierError: context.earlierError !== null,
    draft: messageProblem(context.draft),
    draftError: context.draftError !== null,
    failed: context.error !== null,
    stale: context.stale,
  }),
} satisfies Fixture<typeof threadMachine>;
