// The campaign page's implementations (issue 13): GET /api/campaigns/:id (the campaign and its offers) and the
// life-cycle controls POST /api/campaigns/:id/launch|pause|resume|cancel, and (issue 14) confirming an offer's
// delivery, POST /api/offers/:id/confirm-delivery, with the session's jwt.
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Campaign, Offer } from '@/contract';
import type { CampaignAction } from '@/contract/marketplace';
import { campaignControlsMachine } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail, type CampaignDetailEvent } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type CampaignDetailLogic = typeof campaignDetailMachine;
export type CampaignControlsLogic = typeof campaignControlsMachine;

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
    if (notification.link === `/campaigns/${input.campaignId}`) sendBack({ type: 'campaign.reload' } satisfies CampaignDetailEvent);
  }),
);

/** `logic` (tests) replaces the API actor; the live hub's feed is given either way. */
export function useCampaignDetailLogic(logic?: CampaignDetailLogic): CampaignDetailLogic {
  const app = useAppWiring();
  return useMemo(
    () => (logic ?? campaignDetailMachine.provide({ actors: campaignDetailActors(app.jwt) })).provide({ actors: { liveFeed: campaignLiveFeed } }),
    [logic, app],
  );
}

const actionEndpoints = {
  launch: 'launchCampaign',
  pause: 'pauseCampaign',
  resume: 'resumeCampaign',
  cancel: 'cancelCampaign',
} as const satisfies Record<CampaignAction, string>;

export function campaignControlsActors(jwt: Jwt) {
  return {
    runCampaignAction: fromPromise<Campaign, { id: string; action: CampaignAction }>(async ({ input }) =>
      (await (await api()).request(actionEndpoints[input.action], { jwt: requireJwt(jwt()), params: { id: input.id } })).campaign,
    ),
  };
}

/** The controls with the session's jwt; `onChanged` hears the campaign in its new status (the page shows it). */
export function useCampaignControlsLogic(logic: CampaignControlsLogic | undefined, onChanged: (campaign: Campaign) => void): CampaignControlsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? campaignControlsMachine.provide({ actors: campaignControlsActors(app.jwt) })).provide({
        actions: { campaignChanged: (_, { campaign }) => onChanged(campaign) },
      }),
    [logic, app, onChanged],
  );
}

// --- Delivery (issue 14) ------------------------------------------------------------------------------------------

export type DeliveryConfirmLogic = typeof deliveryConfirmMachine;

export function deliveryConfirmActors(jwt: Jwt) {
  return {
    confirmDelivery: fromPromise<Offer, { offerId: string }>(async ({ input }) =>
      (await (await api()).request('confirmDelivery', { jwt: requireJwt(jwt()), params: { id: input.offerId } })).offer,
    ),
  };
}

export function useDeliveryConfirmLogic(logic?: DeliveryConfirmLogic): DeliveryConfirmLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? deliveryConfirmMachine.provide({ actors: deliveryConfirmActors(app.jwt) }), [logic, app]);
}
