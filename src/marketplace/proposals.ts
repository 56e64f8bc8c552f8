// Counter-offers' wiring (docs/product.md §Counter-offers): POST /api/offers/:id/proposals, …/proposals/:round/accept
// and …/decline with the session's jwt, for the creator's card (counterOffer) and the advertiser's campaign page
// (proposalReply); the answer is the offer, which the screen hears to refresh or move it.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Offer } from '@/contract';
import { counterOfferMachine } from '@/machines/marketplace/counterOffer.machine';
import { proposalReplyMachine } from '@/machines/marketplace/proposalReply.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type CounterOfferLogic = typeof counterOfferMachine;
export type ProposalReplyLogic = typeof proposalReplyMachine;

type Jwt = () => string | null;
type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };

export function proposalActors(jwt: Jwt) {
  const answer = (name: 'acceptProposal' | 'declineProposal') =>
    fromPromise<Offer, { offerId: string; round: number }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request(name, {
            jwt: requireJwt(jwt()),
            params: { id: input.offerId, round: String(input.round) },
            // A round is answered once (accepting moves the reservation): a resend after a lost answer is the same
            // request, so the key names the offer, the round and the answer.
            headers: { 'Idempotency-Key': `proposal-${name}:${input.offerId}:${input.round}` },
          })
        ).offer,
    );
  return {
    propose: fromPromise<Offer, ProposeInput>(
      async ({ input: { offerId, ...json } }) =>
        (await (await api()).request('propose', { jwt: requireJwt(jwt()), params: { id: offerId }, json })).offer,
    ),
    acceptProposal: answer('acceptProposal'),
    declineProposal: answer('declineProposal'),
  };
}

/** The creator's counter-offer flow with the session's jwt; `onChanged` hears the offer after each answer. */
export function useCounterOfferLogic(
  logic: CounterOfferLogic | undefined,
  onChanged: (offer: Offer) => void,
): CounterOfferLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? counterOfferMachine.provide({ actors: proposalActors(app.jwt) })).provide({
        actions: { offerChanged: (_, { offer }) => onChanged(offer) },
      }),
    [logic, app, onChanged],
  );
}

/** The advertiser's reply flow with the session's jwt; `onChanged` hears the offer after each answer. */
export function useProposalReplyLogic(
  logic: ProposalReplyLogic | undefined,
  onChanged: (offer: Offer) => void,
): ProposalReplyLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? proposalReplyMachine.provide({ actors: proposalActors(app.jwt) })).provide({
        actions: { offerChanged: (_, { offer }) => onChanged(offer) },
      }),
    [logic, app, onChanged],
  );
}
