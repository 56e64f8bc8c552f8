// The counterOffer flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { counterOfferMachine } from './counterOffer.machine';
import { draftOk, minutesProblem, payProblem } from './proposalForm';
import { messageProblem } from './thread.machine';
import { changedOffer, creatorOffer } from './samples';

const brandProposal = {
  round: 2,
  side: 'advertiser' as const,
  payCents: 20_000,
  deliverableMinutes: 90,
  message: 'We can do $200 for 90 minutes.',
  status: 'open' as const,
  createdAt: '2026-11-02T10:00:00.000Z',
};
const mine = { ...brandProposal, round: 1, side: 'creator' as const, payCents: 30_000, deliverableMinutes: null };

export const samples = {
  inputs: [
    { offerId: 'off_new', payCents: 25_000, proposal: null },
    { offerId: 'off_new', payCents: 25_000, proposal: brandProposal },
    { offerId: 'off_new', payCents: 25_000, proposal: mine },
  ],
  events: {
    'pay.change': [
      { type: 'pay.change', value: '' },
      { type: 'pay.change', value: '300' },
      { type: 'pay.change', value: '0.50' },
    ],
    'minutes.change': [
      { type: 'minutes.change', value: '' },
      { type: 'minutes.change', value: '90' },
      { type: 'minutes.change', value: 'an hour' },
    ],
    'message.change': [
      { type: 'message.change', value: '' },
      { type: 'message.change', value: 'I stream four hours a day.' },
    ],
    'xstate.done.actor.propose': [
      { type: 'xstate.done.actor.propose', output: creatorOffer('off_new', 'invited', { proposal: mine }) },
    ],
    'xstate.done.actor.acceptProposal': [
      { type: 'xstate.done.actor.acceptProposal', output: { ...changedOffer('accepted'), payCents: 20_000 } },
    ],
    'xstate.done.actor.declineProposal': [
      { type: 'xstate.done.actor.declineProposal', output: changedOffer('invited') },
    ],
    'xstate.error.actor.propose': [
      {
        type: 'xstate.error.actor.propose',
        error: apiRefusal('This offer is expired: its terms can no longer be negotiated', 409),
      },
    ],
    'xstate.error.actor.acceptProposal': [
      {
        type: 'xstate.error.actor.acceptProposal',
        error: apiRefusal('Nova Energy cannot cover $200 right now: their balance is short.', 409),
      },
    ],
  },
  abstract: (context) => ({
    proposal: context.proposal ? `${context.proposal.side}:${context.proposal.status}` : null,
    pay: payProblem(context.draft.pay),
    minutes: minutesProblem(context.draft.minutes),
    message: messageProblem(context.draft.message),
    ok: draftOk(context.draft),
    errors: Object.values(context.errors).filter(Boolean).length,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof counterOfferMachine>;
