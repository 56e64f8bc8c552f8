// The Archive Chat screen (docs/product.md §Chat archive): the archive's days, its archiving switch, a day's or a stream's export and its
// deletions, with the session's jwt; exports are fetched and saved as the file the server names (./archiveSearch
// exports its results the same way).
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ExportFormat } from '@/contract';
import {
  archiveChatMachine,
  type ArchiveChannel,
  type ArchiveDeletion,
  type ArchiveListing,
  type ArchiveChatEvent,
  type ArchivePart,
  type ChatPlatform,
} from '@/machines/archive/archiveChat.machine';
import { subscribeSignals } from '../notifications/liveHub';
import { saveBlob } from '../money/saveFile';
import { api, requireJwt, useAppWiring } from '../accounts/session';

type Jwt = () => string | null;

/** GET /api/archive/export?…, saved as the file the server names (or `fallbackName`). */
export async function exportFile(jwt: Jwt, query: Record<string, string>, fallbackName: string) {
  const { blob, fileName } = await (
    await api()
  ).download('archiveExport', { jwt: requireJwt(jwt()), query: query as never });
  saveBlob(blob, fileName ?? fallbackName);
}

export function archiveChatActors(jwt: Jwt) {
  return {
    listArchive: fromPromise<ArchiveListing, { platform: ChatPlatform; date: string }>(async ({ input }) =>
      (await api()).request('archiveDays', {
        jwt: requireJwt(jwt()),
        query: { platform: input.platform, ...(input.date ? { date: input.date } : {}) },
      }),
    ),
    setArchiving: fromPromise<ArchiveChannel | null, { platform: ChatPlatform; archiving: boolean }>(
      async ({ input }) =>
        (await (await api()).request('archiveSettings', { jwt: requireJwt(jwt()), json: input })).channel,
    ),
    exportArchive: fromPromise<void, { platform: ChatPlatform; part: ArchivePart; format: ExportFormat }>(
      ({ input }) => {
        const extension = input.format === 'text' ? 'txt' : input.format;
        return input.part.kind === 'day'
          ? exportFile(
              jwt,
              { format: input.format, platform: input.platform, date: input.part.day },
              `chat-${input.part.day}.${extension}`,
            )
          : exportFile(
              jwt,
              { format: input.format, platform: input.platform, stream: String(input.part.id) },
              `chat-stream-${input.part.id}.${extension}`,
            );
      },
    ),
    deleteArchive: fromPromise<number, { platform: ChatPlatform; deletion: ArchiveDeletion }>(async ({ input }) => {
      const client = await api();
      const { deletion } = input;
      const answer =
        deletion.kind === 'day'
          ? await client.request('deleteArchiveDay', {
              jwt: requireJwt(jwt()),
              params: { date: deletion.day },
              query: { platform: input.platform },
            })
          : deletion.kind === 'stream'
            ? await client.request('deleteArchiveStream', {
                jwt: requireJwt(jwt()),
                params: { id: String(deletion.id) },
                query: { platform: input.platform },
              })
            : await client.request('deleteArchive', { jwt: requireJwt(jwt()), query: { platform: input.platform } });
      return answer.deleted;
    }),
  };
}

/** The live hub's archive signals (the live events stream's `archive` events) as the flow's `archive.changed`. */
export const archiveLiveFeed = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeSignals((signal) =>
    sendBack({ type: 'archive.changed', platform: signal.platform } satisfies ArchiveChatEvent),
  ),
);

export type ArchiveChatLogic = typeof archiveChatMachine;

/** `logic` (tests) replaces the API actors; the live hub's feed is given either way. */
export function useArchiveChatLogic(logic?: ArchiveChatLogic): ArchiveChatLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? archiveChatMachine.provide({ actors: archiveChatActors(app.jwt) })).provide({
        actors: { liveFeed: archiveLiveFeed },
      }),
    [logic, app],
  );
}
