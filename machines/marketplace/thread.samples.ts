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
    'xstate.done.actor.loadMessages': [{ type: 'xstate.done.actor.loadMessages', output: [sampleMessage] }],
    'xstate.done.actor.postMessage': [{ type: 'xstate.done.actor.postMessage', output: sampleReply }],
  },
  abstract: (context) => ({
    messages: context.messages.length,
    draft: messageProblem(context.draft),
    draftError: context.draftError !== null,
    failed: context.error !== null,
    stale: context.stale,
  }),
} satisfies Fixture<typeof threadMachine>;
