// The archive's search: GET /api/archive/search a page at a time, the results' export and a chatter's
// deletion, with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ArchivedMessage, ExportFormat } from '@/contract';
import type { ChatPlatform } from '@/machines/archive/archiveChat.machine';
import { archiveSearchMachine, type ArchiveSearchTerms } from '@/machines/archive/archiveSearch.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { exportFile } from './archiveChat';

export type ArchiveSearchLogic = typeof archiveSearchMachine;

type Jwt = () => string | null;

/** Non-empty search terms as query parameters. */
const termsQuery = (terms: ArchiveSearchTerms) =>
  Object.fromEntries(
    Object.entries({ q: terms.q.trim(), user: terms.user.trim(), from: terms.from, to: terms.to }).filter(
      ([, value]) => value !== '',
    ),
  ) as Record<string, string>;

export function archiveSearchActors(jwt: Jwt) {
  const search = fromPromise<
    { messages: ArchivedMessage[]; next: string | null },
    { platform: ChatPlatform | null; terms: ArchiveSearchTerms; before: string | null }
  >(async ({ input }) =>
    (await api()).request('archiveSearch', {
      jwt: requireJwt(jwt()),
      // No platform chosen yet: every platform's archive.
      query: {
        ...(input.platform ? { platform: input.platform } : {}),
        ...termsQuery(input.terms),
        ...(input.before ? { before: input.before } : {}),
      } as never,
    }),
  );
  return {
    search,
    searchMore: search,
    exportResults: fromPromise<
      void,
      { platform: ChatPlatform | null; terms: ArchiveSearchTerms; format: ExportFormat }
    >(({ input }) =>
      exportFile(
        jwt,
        { format: input.format, ...(input.platform ? { platform: input.platform } : {}), ...termsQuery(input.terms) },
        `chat-search.${input.format === 'text' ? 'txt' : input.format}`,
      ),
    ),
    deleteChatter: fromPromise<number, { platform: ChatPlatform; chatterId: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('deleteArchiveChatter', {
            jwt: requireJwt(jwt()),
            params: { chatterId: input.chatterId },
            query: { platform: input.platform },
          })
        ).deleted,
    ),
  };
}

export function useArchiveSearchLogic(logic?: ArchiveSearchLogic): ArchiveSearchLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? archiveSearchMachine.provide({ actors: archiveSearchActors(app.jwt) }), [logic, app]);
}
