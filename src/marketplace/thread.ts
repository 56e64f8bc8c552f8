// An offer thread's implementations (docs/product.md §Offers, threads, notifications "Threads"): GET (a page by cursor) and POST /api/offers/:id/messages with the session's
// jwt, and the live hub's news of the offer. The same thread serves the creator's offer cards and the advertiser's
// campaign page.
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ThreadMessage } from '@/contract';
import { threadMachine, type ThreadEvent, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type ThreadLogic = typeof threadMachine;

export function threadActors(jwt: () => string | null) {
  // A page of the thread: the newest, or the one before cursor `before` ("Load earlier messages").
  const page = fromPromise<ThreadPage, { offerId: string; before: string | null }>(async ({ input }) =>
    (await api()).request('listMessages', {
      jwt: requireJwt(jwt()),
      params: { id: input.offerId },
      query: input.before === null ? {} : { before: input.before },
    }),
  );
  return {
    loadMessages: page,
    loadEarlier: page,
    postMessage: fromPromise<ThreadMessage, { offerId: string; body: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('postMessage', {
            jwt: requireJwt(jwt()),
            params: { id: input.offerId },
            json: { body: input.body },
          })
        ).message,
    ),
  };
}

/** A live notification naming the thread's offer reads the thread again (a new message, a status change). */
export const threadLiveFeed = fromCallback<EventObject, { offerId: string }>(({ sendBack, input }) =>
  subscribeLive((notification) => {
    if (notification.offerId === input.offerId) sendBack({ type: 'thread.refresh' } satisfies ThreadEvent);
  }),
);

/** `logic` (tests) replaces the API actors; the live hub's feed is given either way (tests publish to it). */
export function useThreadLogic(logic?: ThreadLogic): ThreadLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? threadMachine.provide({ actors: threadActors(app.jwt) })).provide({
        actors: { liveFeed: threadLiveFeed },
      }),
    [logic, app],
  );
}
