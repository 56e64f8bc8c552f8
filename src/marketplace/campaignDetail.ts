// The campaign page's implementations (docs/product.md §Marketplace): GET /api/campaigns/:id (the campaign and its offers) with the
// session's jwt, read again on live news of the campaign; its child, confirming a delivery, wired by ./deliveryConfirm.
// The page's controls are wired by ./campaignControls.
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  campaignDetailMachine,
  type CampaignDetail,
  type CampaignDetailEvent,
} from '@/machines/marketplace/campaignDetail.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { useDeliveryConfirmLogic, type DeliveryConfirmLogic } from './deliveryConfirm';

export type CampaignDetailLogic = typeof campaignDetailMachine;

type Jwt = () => string | null;

export function campaignDetailActors(jwt: Jwt) {
  return {
    loadCampaignDetail: fromPromise<CampaignDetail, { id: string }>(async ({ input }) =>
      (await api()).request('getCampaign', { jwt: requireJwt(jwt()), params: { id: input.id } }),
    ),
  };
}

/** A live notification that leads to this campaign's page reads the page again (new answers, acceptances, declines). */
export const campaignLiveFeed = fromCallback<EventObject, { campaignId: string }>(({ sendBack, input }) =>
  subscribeLive((notification) => {
    if (notification.link === `/campaigns/${input.campaignId}`)
      sendBack({ type: 'campaign.reload' } satisfies CampaignDetailEvent);
  }),
);

/**
 * `logic` (tests) replaces the API actor; the live hub's feed is given either way, and so is the child delivery
 * confirmation (`delivery` replaces it whole, as in useDeliveryConfirmLogic).
 */
export function useCampaignDetailLogic(
  logic?: CampaignDetailLogic,
  delivery?: DeliveryConfirmLogic,
): CampaignDetailLogic {
  const app = useAppWiring();
  const deliveryLogic = useDeliveryConfirmLogic(delivery);
  return useMemo(
    () =>
      (logic ?? campaignDetailMachine.provide({ actors: campaignDetailActors(app.jwt) })).provide({
        actors: { liveFeed: campaignLiveFeed, deliveryConfirm: deliveryLogic },
      }),
    [logic, app, deliveryLogic],
  );
}
