// Find creators' implementation (docs/product.md §Discovery and negotiation): the creatorSearch, creatorLists and
// invitation flows' services over GET /api/creators, /api/creator-lists, GET /api/creators/:id/invite-options and
// POST /api/campaigns/:id/invitations with the session's jwt.
import type { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { CreatorList, CreatorsAnswer, InviteOption, Offer } from '@/contract';
import { creatorListsMachine, type OpenList } from '@/machines/marketplace/creatorLists.machine';
import { creatorSearchMachine, type CreatorQuery } from '@/machines/marketplace/creatorSearch.machine';
import { invitationMachine, type InvitationRequest } from '@/machines/marketplace/invitation.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type CreatorSearchLogic = typeof creatorSearchMachine;
export type CreatorListsLogic = typeof creatorListsMachine;
export type InvitationLogic = typeof invitationMachine;

/** What the screen's parts and its lazily loaded dialogs are handed of the running flows. */
export type ListsSnapshot = ReturnType<typeof useMachine<CreatorListsLogic>>[0];
export type ListsSend = ReturnType<typeof useMachine<CreatorListsLogic>>[1];
export type InviteSnapshot = ReturnType<typeof useMachine<InvitationLogic>>[0];
export type InviteSend = ReturnType<typeof useMachine<InvitationLogic>>[1];

type Jwt = () => string | null;

export function creatorSearchActors(jwt: Jwt) {
  return {
    searchCreators: fromPromise<CreatorsAnswer, CreatorQuery>(async ({ input }) =>
      (await api()).request('searchCreators', {
        jwt: requireJwt(jwt()),
        query: input as never,
      }),
    ),
  };
}

export function creatorListsActors(jwt: Jwt) {
  const call = async () => ({ client: await api(), token: requireJwt(jwt()) });
  return {
    loadLists: fromPromise<CreatorList[], void>(async () => {
      const { client, token } = await call();
      return (await client.request('listCreatorLists', { jwt: token })).lists;
    }),
    addToList: fromPromise<CreatorList, { listId: string; creatorId: string }>(async ({ input }) => {
      const { client, token } = await call();
      return (
        await client.request('addToCreatorList', {
          jwt: token,
          params: { id: input.listId, creatorId: input.creatorId },
        })
      ).list;
    }),
    createList: fromPromise<CreatorList, { name: string }>(async ({ input }) => {
      const { client, token } = await call();
      return (await client.request('createCreatorList', { jwt: token, json: { name: input.name } })).list;
    }),
    loadList: fromPromise<OpenList, { listId: string }>(async ({ input }) => {
      const { client, token } = await call();
      return client.request('getCreatorList', { jwt: token, params: { id: input.listId } });
    }),
    removeFromList: fromPromise<CreatorList, { listId: string; creatorId: string }>(async ({ input }) => {
      const { client, token } = await call();
      return (
        await client.request('removeFromCreatorList', {
          jwt: token,
          params: { id: input.listId, creatorId: input.creatorId },
        })
      ).list;
    }),
    deleteList: fromPromise<void, { listId: string }>(async ({ input }) => {
      const { client, token } = await call();
      await client.request('deleteCreatorList', { jwt: token, params: { id: input.listId } });
    }),
  };
}

export function invitationActors(jwt: Jwt) {
  return {
    loadCampaigns: fromPromise<InviteOption[], { creatorId: string }>(
      async ({ input }) =>
        (await (await api()).request('inviteOptions', { jwt: requireJwt(jwt()), params: { id: input.creatorId } }))
          .campaigns,
    ),
    sendInvitation: fromPromise<Offer, InvitationRequest>(async ({ input }) => {
      const message = input.message.trim();
      return (
        await (
          await api()
        ).request('inviteCreator', {
          jwt: requireJwt(jwt()),
          params: { id: input.campaignId },
          json: { creatorId: input.creatorId, ...(message ? { message } : {}) },
        })
      ).offer;
    }),
  };
}

export function useCreatorSearchLogic(logic?: CreatorSearchLogic): CreatorSearchLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? creatorSearchMachine.provide({ actors: creatorSearchActors(app.jwt) }), [logic, app]);
}

export function useCreatorListsLogic(logic?: CreatorListsLogic): CreatorListsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? creatorListsMachine.provide({ actors: creatorListsActors(app.jwt) }), [logic, app]);
}

export function useInvitationLogic(logic?: InvitationLogic): InvitationLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? invitationMachine.provide({ actors: invitationActors(app.jwt) }), [logic, app]);
}
