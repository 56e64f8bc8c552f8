// An offer's chat bot (docs/product.md §Deliverables, "The chat bot"): GET /api/offers/:id/bot and PUT
// /api/offers/:id/bot `{ paused }` with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { offerBotMachine, type OfferBotAnswer } from '@/machines/deliverables/offerBot.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type OfferBotLogic = typeof offerBotMachine;

type Jwt = () => string | null;

export function offerBotActors(jwt: Jwt) {
  return {
    loadBot: fromPromise<OfferBotAnswer, { offerId: string }>(
      async ({ input }) =>
        await (await api()).request('getOfferBot', { jwt: requireJwt(jwt()), params: { id: input.offerId } }),
    ),
    setBotPaused: fromPromise<OfferBotAnswer, { offerId: string; paused: boolean }>(
      async ({ input }) =>
        await (
          await api()
        ).request('pauseOfferBot', {
          jwt: requireJwt(jwt()),
          params: { id: input.offerId },
          json: { paused: input.paused },
        }),
    ),
  };
}

/** The bot's flow with the session's jwt; `logic` (tests) replaces it. */
export function useOfferBotLogic(logic?: OfferBotLogic): OfferBotLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? offerBotMachine.provide({ actors: offerBotActors(app.jwt) }), [logic, app]);
}
