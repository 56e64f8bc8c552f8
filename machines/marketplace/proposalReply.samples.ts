// The proposalReply flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { shortOfFundsMessage } from '@/contract/marketplace';
import { apiRefusal, type Fixture } from '../events';
import { draftOk, minutesProblem, payProblem } from './proposalForm';
import type { proposalReplyMachine } from './proposalReply.machine';
import { messageProblem } from './thread.machine';
import { sampleOffer } from './samples';

const creatorProposal = {
  round: 1,
  side: 'creator' as const,
  payCents: 15_000,
  deliverableMinutes: 90,
  message: 'I stream four hours a day.',
  status: 'open' as const,
  createdAt: '2025-06-02T12:00:00.000Z',
};

export const samples = {
  inputs: [{ offerId: 'off_1', proposal: creatorProposal }],
  events: {
    'pay.change': [
      { type: 'pay.change', value: '' },
      { type: 'pay.change', value: '120' },
    ],
    'minutes.change': [
      { type: 'minutes.change', value: '' },
      { type: 'minutes.change', value: '0' },
    ],
    'message.change': [
      { type: 'message.change', value: '' },
      { type: 'message.change', value: 'Our budget stops at $120.' },
    ],
    'xstate.done.actor.acceptProposal': [
      { type: 'xstate.done.actor.acceptProposal', output: { ...sampleOffer, status: 'accepted', payCents: 15_000 } },
    ],
    'xstate.done.actor.declineProposal': [{ type: 'xstate.done.actor.declineProposal', output: sampleOffer }],
    'xstate.done.actor.propose': [
      {
        type: 'xstate.done.actor.propose',
        output: { ...sampleOffer, proposal: { ...creatorProposal, round: 2, side: 'advertiser', payCents: 12_000 } },
      },
    ],
    'xstate.error.actor.acceptProposal': [
      {
        type: 'xstate.error.actor.acceptProposal',
        error: apiRefusal(shortOfFundsMessage(5_000), 409, 'marketplace.accept_short_of_funds'),
      },
      {
        type: 'xstate.error.actor.acceptProposal',
        error: apiRefusal('This campaign is paused: it is not taking offers right now', 409),
      },
    ],
    'xstate.error.actor.declineProposal': [
      {
        type: 'xstate.error.actor.declineProposal',
        error: apiRefusal('This proposal is withdrawn: it can no longer be answered', 409),
      },
    ],
  },
  abstract: (context) => ({
    pay: payProblem(context.draft.pay),
    minutes: minutesProblem(context.draft.minutes),
    message: messageProblem(context.draft.message),
    ok: draftOk(context.draft),
    errors: Object.values(context.errors).filter(Boolean).length,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof proposalReplyMachine>;
