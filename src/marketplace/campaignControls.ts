// The campaign page's life-cycle controls: POST /api/campaigns/:id/launch|pause|resume|cancel with the
// session's jwt; the launch confirmation reads the free balance (GET /api/advertiser/balance).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Campaign } from '@/contract';
import type { CampaignAction } from '@/contract/marketplace';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type CampaignControlsLogic = typeof campaignControlsMachine;

type Jwt = () => string | null;

const actionEndpoints = {
  launch: 'launchCampaign',
  pause: 'pauseCampaign',
  resume: 'resumeCampaign',
  cancel: 'cancelCampaign',
} as const satisfies Record<CampaignAction, string>;

export function campaignControlsActors(jwt: Jwt) {
  return {
    loadBalance: fromPromise<LaunchFunds, void>(async () => {
      const funds = await (await api()).request('getAdvertiserBalance', { jwt: requireJwt(jwt()) });
      return { balanceCents: funds.balanceCents, owedCents: funds.owedCents, owedDispute: funds.owedDispute };
    }),
    runCampaignAction: fromPromise<Campaign, { id: string; action: CampaignAction }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request(actionEndpoints[input.action], {
            jwt: requireJwt(jwt()),
            params: { id: input.id },
            // Launching reserves and cancelling releases money, each once in a campaign's life: a resend after a lost
            // answer is the same request, so its key names the campaign and the action (docs/api.md
            // "Idempotency-Key"). Pause and resume move no money and happen again: no key.
            ...(input.action === 'launch' || input.action === 'cancel'
              ? { headers: { 'Idempotency-Key': `campaign-${input.action}:${input.id}` } }
              : {}),
          })
        ).campaign,
    ),
  };
}

/** The controls with the session's jwt; `onChanged` hears the campaign in its new status (the page shows it). */
export function useCampaignControlsLogic(
  logic: CampaignControlsLogic | undefined,
  onChanged: (campaign: Campaign) => void,
): CampaignControlsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? campaignControlsMachine.provide({ actors: campaignControlsActors(app.jwt) })).provide({
        actions: { campaignChanged: (_, { campaign }) => onChanged(campaign) },
      }),
    [logic, app, onChanged],
  );
}
