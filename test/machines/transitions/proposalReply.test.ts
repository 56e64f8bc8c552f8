// The advertiser's answer to a counter-offer, pinned by hand (docs/product.md §Counter-offers; money flows are pinned as
// well as path-tested): source, event, expected target and what it changes — the round answered, a short balance
// told apart from any other refusal (its message names the amount missing), the counter's request as sent.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Offer, Proposal } from '@/contract';
import { shortOfFundsMessage } from '@/contract/marketplace';
import { proposalReplyMachine } from '@/machines/marketplace/proposalReply.machine';
import { selectReplyOpen, selectReplyShort } from '@/machines/marketplace/proposalReply.select';
import { centsOf } from '@/machines/marketplace/proposalForm';
import { sampleOffer } from '@/machines/marketplace/samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const proposal: Proposal = {
  round: 3,
  side: 'creator',
  payCents: 15_000,
  deliverableMinutes: 90,
  message: 'Meet me here.',
  status: 'open',
  createdAt: '2026-11-24T09:00:00.000Z',
};
const refusal = (message: string, status: number, code?: string) =>
  Object.assign(new Error(message), { status, ...(code ? { code } : {}) });
type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };

function start() {
  const accept = controlled<Offer, { offerId: string; round: number }>();
  const decline = controlled<Offer, { offerId: string; round: number }>();
  const propose = controlled<Offer, ProposeInput>();
  const changed: Offer[] = [];
  const actor = createActor(
    proposalReplyMachine.provide({
      actors: { acceptProposal: accept.logic, declineProposal: decline.logic, propose: propose.logic },
      actions: { offerChanged: (_, { offer }) => void changed.push(offer) },
    }),
    { input: { offerId: 'off_1', proposal } },
  );
  actor.start();
  return {
    actor,
    accept,
    decline,
    propose,
    changed,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** Accepting refused for want of funds. */
async function short() {
  const reply = start();
  reply.actor.send({ type: 'reply.accept' });
  await reply.accept.reject(refusal(shortOfFundsMessage(5_000), 409, 'marketplace.accept_short_of_funds'));
  expect(reply.value()).toBe('short');
  return reply;
}

/** Refused for another reason. */
async function refused() {
  const reply = start();
  reply.actor.send({ type: 'reply.decline' });
  await reply.decline.reject(refusal('This proposal is withdrawn: it can no longer be answered', 409));
  expect(reply.value()).toBe('refused');
  return reply;
}

function composing() {
  const reply = start();
  reply.actor.send({ type: 'compose.open' });
  return reply;
}

function submitting() {
  const reply = composing();
  reply.actor.send({ type: 'pay.change', value: '120.5' });
  reply.actor.send({ type: 'message.change', value: '  Our budget stops here.  ' });
  reply.actor.send({ type: 'compose.submit' });
  expect(reply.value()).toEqual({ composing: 'submitting' });
  return reply;
}

describe('the pay as typed', () => {
  it('is dollars with at most two decimals', () => {
    expect(centsOf('150')).toBe(15_000);
    expect(centsOf('$1,250.5')).toBe(125_050);
    expect(centsOf('1.234')).toBeNull();
    expect(centsOf('ten')).toBeNull();
  });
});

describe('proposalReply transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(proposalReplyMachine);

  for (const from of ['idle', 'short', 'refused'] as const) {
    const at = async () => (from === 'idle' ? start() : from === 'short' ? short() : refused());
    pin(
      { from: `proposalReply.${from}`, on: 'reply.accept', to: 'proposalReply.accepting' },
      'Accept answers the open round; a shown refusal goes',
      async () => {
        const reply = await at();
        reply.actor.send({ type: 'reply.accept' });
        expect(reply.value()).toBe('accepting');
        expect(reply.accept.inputs.at(-1)).toEqual({ offerId: 'off_1', round: 3 });
        expect(reply.context().error).toBeNull();
      },
    );
    pin(
      { from: `proposalReply.${from}`, on: 'reply.decline', to: 'proposalReply.declining' },
      'Decline answers the open round',
      async () => {
        const reply = await at();
        reply.actor.send({ type: 'reply.decline' });
        expect(reply.value()).toBe('declining');
        expect(reply.decline.inputs.at(-1)).toEqual({ offerId: 'off_1', round: 3 });
      },
    );
    pin(
      { from: `proposalReply.${from}`, on: 'compose.open', to: 'proposalReply.composing' },
      "Counter opens the dialog with the creator's pay, no minutes, no message",
      async () => {
        const reply = await at();
        reply.actor.send({ type: 'compose.open' });
        expect(reply.value()).toEqual({ composing: 'editing' });
        expect(reply.context()).toMatchObject({ draft: { pay: '150', minutes: '', message: '' }, error: null });
      },
    );
  }

  pin(
    { from: 'proposalReply.accepting', on: 'xstate.done.actor.acceptProposal', to: 'proposalReply.accepted' },
    'accepted: the page hears the offer, accepted at those terms',
    async () => {
      const reply = start();
      reply.actor.send({ type: 'reply.accept' });
      const offer = { ...sampleOffer, status: 'accepted' as const, payCents: 15_000 };
      await reply.accept.resolve(offer);
      expect(reply.value()).toBe('accepted');
      expect(reply.changed).toEqual([offer]);
      expect(selectReplyOpen(reply.actor.getSnapshot())).toBe(false);
    },
  );
  pin(
    {
      from: 'proposalReply.accepting',
      on: 'xstate.error.actor.acceptProposal',
      guard: 'short',
      to: 'proposalReply.short',
    },
    'a short balance: the message names the amount missing, and Accept stays offered',
    async () => {
      const reply = await short();
      expect(reply.context().error).toBe('Accepting needs $50 more than your balance holds: add funds first');
      expect(selectReplyShort(reply.actor.getSnapshot())).toBe(true);
      expect(selectReplyOpen(reply.actor.getSnapshot())).toBe(true);
      expect(reply.changed).toEqual([]);
    },
  );
  pin(
    { from: 'proposalReply.accepting', on: 'xstate.error.actor.acceptProposal', to: 'proposalReply.refused' },
    'any other refusal (a paused campaign, a full one) is shown as the server words it',
    async () => {
      const reply = start();
      reply.actor.send({ type: 'reply.accept' });
      await reply.accept.reject(refusal('All spots of this campaign are taken', 409));
      expect(reply.value()).toBe('refused');
      expect(reply.context().error).toBe('All spots of this campaign are taken');
    },
  );
  pin(
    { from: 'proposalReply.declining', on: 'xstate.done.actor.declineProposal', to: 'proposalReply.declined' },
    'declined: the page hears the offer at its previous terms',
    async () => {
      const reply = start();
      reply.actor.send({ type: 'reply.decline' });
      await reply.decline.resolve(sampleOffer);
      expect(reply.value()).toBe('declined');
      expect(reply.changed).toEqual([sampleOffer]);
    },
  );
  pin(
    { from: 'proposalReply.declining', on: 'xstate.error.actor.declineProposal', to: 'proposalReply.refused' },
    'a refused decline says why',
    async () => {
      const reply = await refused();
      expect(reply.context().error).toBe('This proposal is withdrawn: it can no longer be answered');
    },
  );
  for (const [on, field, value] of [
    ['pay.change', 'pay', 'ten'],
    ['minutes.change', 'minutes', 'an hour'],
    ['message.change', 'message', 'Fine.'],
  ] as const) {
    pin(
      { from: 'proposalReply.composing.editing', on, to: null },
      `${field} follows the typing; a shown check follows the correction`,
      () => {
        const reply = composing();
        reply.actor.send({ type: on, value });
        expect(reply.context().draft[field]).toBe(value);
        expect(reply.context().errors[field]).toBeNull();
      },
    );
  }
  pin(
    {
      from: 'proposalReply.composing.editing',
      on: 'compose.submit',
      guard: 'draftOk',
      to: 'proposalReply.composing.submitting',
    },
    'a valid counter is sent as cents, minutes null when left empty, the message trimmed',
    () => {
      const reply = submitting();
      expect(reply.propose.inputs).toEqual([
        { offerId: 'off_1', payCents: 12_050, deliverableMinutes: null, message: 'Our budget stops here.' },
      ]);
    },
  );
  pin(
    { from: 'proposalReply.composing.editing', on: 'compose.submit', to: null },
    'an invalid counter is not sent: each field says what is wrong, and follows its correction',
    () => {
      const reply = composing();
      reply.actor.send({ type: 'pay.change', value: 'ten' });
      reply.actor.send({ type: 'compose.submit' });
      expect(reply.value()).toEqual({ composing: 'editing' });
      expect(reply.context().errors.pay).toEqual({ id: 'payFormat' });
      expect(reply.context().errors.message).toEqual({ id: 'required' });
      expect(reply.propose.started).toBe(0);
      reply.actor.send({ type: 'pay.change', value: '90' });
      expect(reply.context().errors.pay).toBeNull();
    },
  );
  pin(
    { from: 'proposalReply.composing.editing', on: 'compose.cancel', to: 'proposalReply.idle' },
    'Cancel closes the dialog',
    () => {
      const reply = composing();
      reply.actor.send({ type: 'compose.cancel' });
      expect(reply.value()).toBe('idle');
    },
  );
  pin(
    { from: 'proposalReply.composing.submitting', on: 'xstate.done.actor.propose', to: 'proposalReply.countered' },
    'countered: the page hears the offer with the counter open',
    async () => {
      const reply = submitting();
      const offer = {
        ...sampleOffer,
        proposal: { ...proposal, round: 4, side: 'advertiser' as const, payCents: 12_050 },
      };
      await reply.propose.resolve(offer);
      expect(reply.value()).toBe('countered');
      expect(reply.changed).toEqual([offer]);
    },
  );
  pin(
    {
      from: 'proposalReply.composing.submitting',
      on: 'xstate.error.actor.propose',
      to: 'proposalReply.composing.editing',
    },
    'a refused counter keeps the dialog and the draft, and says why',
    async () => {
      const reply = submitting();
      await reply.propose.reject(refusal('This proposal was answered meanwhile; reload the offer', 409));
      expect(reply.value()).toEqual({ composing: 'editing' });
      expect(reply.context().draft.pay).toBe('120.5');
      expect(reply.context().error).toBe('This proposal was answered meanwhile; reload the offer');
    },
  );

  pinsEveryTransition();
});

it('knows a short balance by its code, not its words: in Spanish too, and never by an English start alone', async () => {
  const spanish = start();
  spanish.actor.send({ type: 'reply.accept' });
  await spanish.accept.reject(
    refusal(
      'Para aceptar necesitas USD\u00a050 más de lo que tiene tu saldo: primero agrega fondos',
      409,
      'marketplace.accept_short_of_funds',
    ),
  );
  expect(spanish.value()).toBe('short');
  const uncoded = start();
  uncoded.actor.send({ type: 'reply.accept' });
  await uncoded.accept.reject(refusal(shortOfFundsMessage(5_000), 409));
  expect(uncoded.value()).toBe('refused');
});

it("the generated samples stay in the contract: a short balance is a 409 with its code, in the server's English", () => {
  expect(shortOfFundsMessage(12_345)).toBe('Accepting needs $123.45 more than your balance holds: add funds first');
});
