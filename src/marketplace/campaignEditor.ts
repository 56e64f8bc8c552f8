// The campaign editor's implementations (docs/product.md §Marketplace): GET /api/campaigns/:id, POST /api/campaigns or PATCH
// /api/campaigns/:id, then POST /api/campaigns/:id/image (multipart `image`, like the profile photo), with the
// session's jwt; a stored campaign opens its page.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Campaign, CampaignInput } from '@/contract';
import { campaignEditorMachine } from '@/machines/marketplace/campaignEditor.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type CampaignEditorLogic = typeof campaignEditorMachine;

type Jwt = () => string | null;

export function campaignEditorActors(jwt: Jwt) {
  return {
    loadCampaign: fromPromise<Campaign, { id: string }>(
      async ({ input }) =>
        (await (await api()).request('getCampaign', { jwt: requireJwt(jwt()), params: { id: input.id } })).campaign,
    ),
    saveCampaign: fromPromise<Campaign, { id: string | null; input: CampaignInput }>(async ({ input }) => {
      const client = await api();
      const token = requireJwt(jwt());
      const answer =
        input.id === null
          ? await client.request('createCampaign', { jwt: token, json: input.input })
          : await client.request('updateCampaign', { jwt: token, params: { id: input.id }, json: input.input });
      return answer.campaign;
    }),
    uploadCampaignImage: fromPromise<Campaign, { id: string; file: File }>(async ({ input }) => {
      const form = new FormData();
      form.append('image', input.file);
      return (
        await (await api()).request('uploadCampaignImage', { jwt: requireJwt(jwt()), params: { id: input.id }, form })
      ).campaign;
    }),
  };
}

/** The editor with the session's jwt; a stored campaign opens its page. `logic` (tests) replaces the API actors. */
export function useCampaignEditorLogic(logic?: CampaignEditorLogic): CampaignEditorLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? campaignEditorMachine.provide({ actors: campaignEditorActors(app.jwt) })).provide({
        actions: {
          revokePreview: (_, { url }) => {
            if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
          },
          openCampaign: (_, { id }) => app.goTo(`/campaigns/${encodeURIComponent(id)}`),
        },
      }),
    [logic, app],
  );
}
