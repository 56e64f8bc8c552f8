// The offerActions flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { connectBeforeAcceptMessage } from '@/contract/marketplace';
import { apiRefusal, type Fixture } from '../events';
import { reasonProblem, type offerActionsMachine } from './offerActions.machine';
import { changedOffer } from './samples';
import { messageProblem } from './thread.machine';

export const samples = {
  inputs: [{ offerId: 'off_new', status: 'invited' }],
  events: {
    'reason.change': [
      { type: 'reason.change', value: '' },
      { type: 'reason.change', value: 'Not a fit for my audience.' },
      { type: 'reason.change', value: 'x'.repeat(501) },
    ],
    'message.change': [
      { type: 'message.change', value: '' },
      { type: 'message.change', value: 'Which flavours would you send?' },
      { type: 'message.change', value: 'x'.repeat(2001) },
    ],
    'xstate.done.actor.acceptOffer': [{ type: 'xstate.done.actor.acceptOffer', output: changedOffer('accepted') }],
    'xstate.done.actor.declineOffer': [{ type: 'xstate.done.actor.declineOffer', output: changedOffer('declined') }],
    'xstate.done.actor.requestInfo': [
      { type: 'xstate.done.actor.requestInfo', output: changedOffer('info_requested') },
    ],
    'xstate.error.actor.acceptOffer': [
      { type: 'xstate.error.actor.acceptOffer', error: new Error('Network error') },
      { type: 'xstate.error.actor.acceptOffer', error: apiRefusal('All spots of this campaign are taken', 409) },
      {
        type: 'xstate.error.actor.acceptOffer',
        error: apiRefusal(connectBeforeAcceptMessage(['Twitch']), 409, 'marketplace.channel_required'),
      },
    ],
    'xstate.error.actor.declineOffer': [
      {
        type: 'xstate.error.actor.declineOffer',
        error: apiRefusal('This offer is expired: it cannot be declined now', 409),
      },
    ],
  },
  abstract: (context) => ({
    status: context.status,
    closed: context.closed,
    needsChannel: context.needsChannel,
    reason: reasonProblem(context.reason),
    reasonError: context.reasonError !== null,
    message: messageProblem(context.message),
    messageError: context.messageError !== null,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof offerActionsMachine>;
