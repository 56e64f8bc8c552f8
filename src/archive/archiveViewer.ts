// One archived day's or stream's viewer (docs/product.md §Chat archive): GET /api/archive/messages with the session's jwt, a page at a time.
// Its own module, so the viewer's route loads none of the archive screen's other flows.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  archiveViewerMachine,
  type ArchivePage,
  type ArchivePageQuery,
} from '@/machines/archive/archiveViewer.machine';
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

export type ArchiveViewerLogic = typeof archiveViewerMachine;

export function useArchiveViewerLogic(logic?: ArchiveViewerLogic): ArchiveViewerLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? archiveViewerMachine.provide({ actors: archiveViewerActors(app.jwt) }), [logic, app]);
}
