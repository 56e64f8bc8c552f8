// Promo codes on the campaign page (docs/product.md §Deliverables, "Promo codes"): GET and PUT
// /api/campaigns/:id/promo-codes, POST …/redemption-key and the CSV upload POST …/redemptions (a text/csv body),
// with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  promoCodesMachine,
  type PromoCodesAnswer,
  type RedemptionsCsvResult,
} from '@/machines/deliverables/promoCodes.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type PromoCodesLogic = typeof promoCodesMachine;

type Jwt = () => string | null;
type SaveInput =
  { campaignId: string; codes: { offerId: string; code: string }[] } | { campaignId: string; generate: true };

export function promoCodesActors(jwt: Jwt) {
  return {
    loadCodes: fromPromise<PromoCodesAnswer, { campaignId: string }>(
      async ({ input }) =>
        await (await api()).request('listPromoCodes', { jwt: requireJwt(jwt()), params: { id: input.campaignId } }),
    ),
    saveCodes: fromPromise<PromoCodesAnswer, SaveInput>(async ({ input }) => {
      const { campaignId, ...json } = input;
      return await (await api()).request('setPromoCodes', { jwt: requireJwt(jwt()), params: { id: campaignId }, json });
    }),
    createKey: fromPromise<string, { campaignId: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('createRedemptionKey', { jwt: requireJwt(jwt()), params: { id: input.campaignId } })
        ).key,
    ),
    // The file goes as it is, as text/csv: the server reads its header and rows.
    uploadCsv: fromPromise<RedemptionsCsvResult, { campaignId: string; file: Blob }>(
      async ({ input }) =>
        await (
          await api()
        ).request('uploadRedemptions', {
          jwt: requireJwt(jwt()),
          params: { id: input.campaignId },
          body: input.file,
          headers: { 'content-type': 'text/csv' },
        }),
    ),
  };
}

/** The promo codes' flow with the session's jwt; `logic` (tests) replaces it. */
export function usePromoCodesLogic(logic?: PromoCodesLogic): PromoCodesLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? promoCodesMachine.provide({ actors: promoCodesActors(app.jwt) }), [logic, app]);
}
