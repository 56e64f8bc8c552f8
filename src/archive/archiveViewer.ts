// One archived day's or stream's viewer (docs/product.md §Chat archive): GET /api/archive/messages with the session's jwt, a page at a time.
// Its own module, so the viewer's route loads none of the archive screen's other flows.
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  archiveViewerMachine,
  type ArchivePage,
  type ArchivePageQuery,
  type ArchiveViewerEvent,
} from '@/machines/archive/archiveViewer.machine';
import { subscribeSignals } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';

type Jwt = () => string | null;

export function archiveViewerActors(jwt: Jwt) {
  const loadPage = fromPromise<ArchivePage, ArchivePageQuery>(async ({ input }) =>
    (await api()).request('archiveMessages', {
      jwt: requireJwt(jwt()),
      query: {
        platform: input.platform,
        ...(input.stream !== null ? { stream: String(input.stream) } : { date: input.date ?? '' }),
        ...(input.after ? { after: input.after } : input.at ? { at: input.at } : {}),
      },
    }),
  );
  return { loadPage, loadMore: loadPage };
}

/** The live hub's archive signals as the viewer's `archive.changed`. */
export const viewerLiveFeed = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeSignals((signal) =>
    sendBack({ type: 'archive.changed', platform: signal.platform } satisfies ArchiveViewerEvent),
  ),
);

export type ArchiveViewerLogic = typeof archiveViewerMachine;

/** `logic` (tests) replaces the API actors; the live hub's feed is given either way. */
export function useArchiveViewerLogic(logic?: ArchiveViewerLogic): ArchiveViewerLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? archiveViewerMachine.provide({ actors: archiveViewerActors(app.jwt) })).provide({
        actors: { liveFeed: viewerLiveFeed },
      }),
    [logic, app],
  );
}
