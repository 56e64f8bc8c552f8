// The Archive Chat screen, its day viewer and its search (issue 16): the archive's endpoints with the session's jwt;
// exports are fetched and saved as the file the server names.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ArchivedMessage, ExportFormat } from '@/contract';
import { archiveChatMachine, type ArchiveChannel, type ArchiveDeletion, type ArchiveListing, type ArchivePart, type ChatPlatform } from '@/machines/archive/archiveChat.machine';
import { archiveSearchMachine, type ArchiveSearchTerms } from '@/machines/archive/archiveSearch.machine';
import { saveBlob } from '../money/saveFile';
import { api, requireJwt, useAppWiring } from '../accounts/session';

type Jwt = () => string | null;

/** Non-empty search terms as query parameters. */
const termsQuery = (terms: ArchiveSearchTerms) =>
  Object.fromEntries(Object.entries({ q: terms.q.trim(), user: terms.user.trim(), from: terms.from, to: terms.to }).filter(([, value]) => value !== '')) as Record<string, string>;

async function exportFile(jwt: Jwt, query: Record<string, string>, fallbackName: string) {
  const { blob, fileName } = await (await api()).download('archiveExport', { jwt: requireJwt(jwt()), query: query as never });
  saveBlob(blob, fileName ?? fallbackName);
}

export function archiveChatActors(jwt: Jwt) {
  return {
    listArchive: fromPromise<ArchiveListing, { platform: ChatPlatform; date: string }>(async ({ input }) =>
      (await api()).request('archiveDays', { jwt: requireJwt(jwt()), query: { platform: input.platform, ...(input.date ? { date: input.date } : {}) } }),
    ),
    setArchiving: fromPromise<ArchiveChannel | null, { platform: ChatPlatform; archiving: boolean }>(
      async ({ input }) => (await (await api()).request('archiveSettings', { jwt: requireJwt(jwt()), json: input })).channel,
    ),
    exportArchive: fromPromise<void, { platform: ChatPlatform; part: ArchivePart; format: ExportFormat }>(({ input }) => {
      const extension = input.format === 'text' ? 'txt' : input.format;
      return input.part.kind === 'day'
        ? exportFile(jwt, { format: input.format, platform: input.platform, date: input.part.day }, `chat-${input.part.day}.${extension}`)
        : exportFile(jwt, { format: input.format, platform: input.platform, stream: String(input.part.id) }, `chat-stream-${input.part.id}.${extension}`);
    }),
    deleteArchive: fromPromise<number, { platform: ChatPlatform; deletion: ArchiveDeletion }>(async ({ input }) => {
      const client = await api();
      const { deletion } = input;
      const answer =
        deletion.kind === 'day'
          ? await client.request('deleteArchiveDay', { jwt: requireJwt(jwt()), params: { date: deletion.day }, query: { platform: input.platform } })
          : deletion.kind === 'stream'
            ? await client.request('deleteArchiveStream', { jwt: requireJwt(jwt()), params: { id: String(deletion.id) }, query: { platform: input.platform } })
            : await client.request('deleteArchive', { jwt: requireJwt(jwt()), query: { platform: input.platform } });
      return answer.deleted;
    }),
  };
}

export function archiveSearchActors(jwt: Jwt) {
  const search = fromPromise<{ messages: ArchivedMessage[]; next: string | null }, { platform: ChatPlatform; terms: ArchiveSearchTerms; before: string | null }>(async ({ input }) =>
      (await api()).request('archiveSearch', {
        jwt: requireJwt(jwt()),
        query: { platform: input.platform, ...termsQuery(input.terms), ...(input.before ? { before: input.before } : {}) } as never,
      }),
  );
  return {
    search,
    searchMore: search,
    exportResults: fromPromise<void, { platform: ChatPlatform; terms: ArchiveSearchTerms; format: ExportFormat }>(({ input }) =>
      exportFile(jwt, { format: input.format, platform: input.platform, ...termsQuery(input.terms) }, `chat-search.${input.format === 'text' ? 'txt' : input.format}`),
    ),
    deleteChatter: fromPromise<number, { platform: ChatPlatform; chatterId: string }>(
      async ({ input }) =>
        (await (await api()).request('deleteArchiveChatter', { jwt: requireJwt(jwt()), params: { chatterId: input.chatterId }, query: { platform: input.platform } })).deleted,
    ),
  };
}

export type ArchiveChatLogic = typeof archiveChatMachine;
export type ArchiveSearchLogic = typeof archiveSearchMachine;

export function useArchiveChatLogic(logic?: ArchiveChatLogic): ArchiveChatLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? archiveChatMachine.provide({ actors: archiveChatActors(app.jwt) }), [logic, app]);
}

export function useArchiveSearchLogic(logic?: ArchiveSearchLogic): ArchiveSearchLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? archiveSearchMachine.provide({ actors: archiveSearchActors(app.jwt) }), [logic, app]);
}
