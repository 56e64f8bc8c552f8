// Archive Chat (docs/spec.md §2 Archive Chat; docs/product.md §Chat archive): the spec's form — platform (Twitch or Youtube), the date of the
// streams, Archive Chat — over the creator's real archive. Once a platform is chosen (docs/spec.md §4: the list stays hidden
// until then) its archived days load (GET /api/archive/days, one day when a date is given) with the connected channel;
// Archive Chat turns archiving on for that channel (PUT /api/archive/settings) or says what is missing; its streams and
// days are listed, each exported (a streamed download) or deleted after a confirmation, and so is the whole archive of
// the platform. The list follows the archive live: when the live events stream says the platform's archive grew, it
// is read again in place (nothing else on the screen changes meanwhile).
import { assign, setup } from 'xstate';
import type { ArchiveDay, ArchiveStream, ExportFormat } from '@/contract';
import { errorText } from '../messages';
import { listener } from '../listener';
import { service } from '../placeholders';

export type ChatPlatform = 'twitch' | 'youtube';

export interface ArchiveChannel {
  login: string;
  displayName: string;
  archiving: boolean;
  live: boolean;
  supported: boolean;
  /** Why the platform is not giving the chat right now (YouTube's quota), or null. */
  problem: string | null;
}

export interface ArchiveListing {
  channel: ArchiveChannel | null;
  days: ArchiveDay[];
  streams: ArchiveStream[];
}

/** One day or one stream of the archive: what is exported or deleted. */
export type ArchivePart = { kind: 'day'; day: string } | { kind: 'stream'; id: number; title: string };

/** What a confirmation is for: a day, a stream, or everything of the platform. */
export type ArchiveDeletion = ArchivePart | { kind: 'all' };

/**
 * What went wrong, as an id the screen words (machines stay language-free): the server's refusal (its text, in the
 * reader's language), or a check the screen makes before asking it.
 */
export type ArchiveError =
  | { id: 'refused'; text: string }
  /** No channel of the platform is connected. */
  | { id: 'noAccount'; platform: ChatPlatform }
  /** The server has no credentials to read the platform's chat. */
  | { id: 'unsupported'; platform: ChatPlatform };

/** What the last action did, as an id and the values its sentence reads. */
export type ArchiveNotice =
  | { id: 'alreadyOn'; channel: string }
  | { id: 'on'; channel: string }
  | { id: 'off' }
  | { id: 'deleted'; count: number };

export interface ArchiveChatContext {
  platform: ChatPlatform | null;
  date: string;
  channel: ArchiveChannel | null;
  days: ArchiveDay[];
  streams: ArchiveStream[];
  /** Why loading, switching, exporting or deleting failed. */
  error: ArchiveError | null;
  /** What the last action did ("Archiving is on", "Deleted 1,204 messages"). */
  notice: ArchiveNotice | null;
  deletion: ArchiveDeletion | null;
}

export type ArchiveChatEvent =
  | { type: 'platform.select'; platform: ChatPlatform }
  | { type: 'date.change'; value: string }
  | { type: 'archive.submit' }
  | { type: 'archive.stop' }
  | { type: 'archive.retry' }
  | { type: 'archive.export'; part: ArchivePart; format: ExportFormat }
  | { type: 'delete.ask'; deletion: ArchiveDeletion }
  | { type: 'delete.confirm' }
  | { type: 'delete.dismiss' }
  /** From the live events stream: this platform's archive grew (a day or stream appeared, or messages were added). */
  | { type: 'archive.changed'; platform: ChatPlatform };

/** The server's refusal, kept as its text. */
const refused = (error: unknown): ArchiveError => ({ id: 'refused', text: errorText(error) });

export const archiveChatMachine = setup({
  types: { context: {} as ArchiveChatContext, events: {} as ArchiveChatEvent },
  actors: {
    /** GET /api/archive/days?platform=&date= */
    listArchive: service<ArchiveListing, { platform: ChatPlatform; date: string }>('listArchive'),
    /** PUT /api/archive/settings → the channel as it is now. */
    setArchiving: service<ArchiveChannel | null, { platform: ChatPlatform; archiving: boolean }>('setArchiving'),
    /** GET /api/archive/export?…&date= or &stream=, saved as a file. */
    exportArchive: service<void, { platform: ChatPlatform; part: ArchivePart; format: ExportFormat }>('exportArchive'),
    /** DELETE /api/archive/days/:date, /api/archive/streams/:id or /api/archive → how many messages went. */
    deleteArchive: service<number, { platform: ChatPlatform; deletion: ArchiveDeletion }>('deleteArchive'),
    /** The live hub's archive signals, sent back as `archive.changed`. */
    liveFeed: listener('liveFeed'),
  },
  guards: {
    noAccount: ({ context }) => context.channel === null,
    unsupported: ({ context }) => context.channel !== null && !context.channel.supported,
    alreadyOn: ({ context }) => context.channel?.archiving === true,
    samePlatform: ({ context, event }) => event.type === 'archive.changed' && event.platform === context.platform,
  },
}).createMachine({
  id: 'archiveChat',
  initial: 'noPlatform',
  context: {
    platform: null,
    date: '',
    channel: null,
    days: [],
    streams: [],
    error: null,
    notice: null,
    deletion: null,
  },
  on: {
    'date.change': { actions: assign({ date: ({ event }) => event.value }) },
  },
  states: {
    // The list stays hidden until a platform is chosen (docs/spec.md §4).
    noPlatform: {
      on: {
        'platform.select': { target: 'platformChosen', actions: assign({ platform: ({ event }) => event.platform }) },
      },
    },
    platformChosen: {
      initial: 'loading',
      invoke: { id: 'liveFeed', src: 'liveFeed' },
      on: {
        // Each platform and date lists its own days.
        'platform.select': {
          target: '.loading',
          actions: assign({ platform: ({ event }) => event.platform, notice: null }),
        },
        'date.change': { target: '.loading', actions: assign({ date: ({ event }) => event.value, notice: null }) },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'listArchive',
            src: 'listArchive',
            input: ({ context }) => ({ platform: context.platform!, date: context.date }),
            onDone: {
              target: 'ready',
              actions: assign({
                channel: ({ event }) => event.output.channel,
                days: ({ event }) => event.output.days,
                streams: ({ event }) => event.output.streams,
                error: null,
              }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => refused(event.error) }) },
          },
        },
        failed: { on: { 'archive.retry': 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'archive.changed': { guard: 'samePlatform', target: 'refreshing' },
                'archive.submit': [
                  {
                    guard: 'noAccount',
                    actions: assign({
                      error: ({ context }) => ({ id: 'noAccount', platform: context.platform! }) as const,
                      notice: null,
                    }),
                  },
                  {
                    guard: 'unsupported',
                    actions: assign({
                      error: ({ context }) => ({ id: 'unsupported', platform: context.platform! }) as const,
                      notice: null,
                    }),
                  },
                  {
                    guard: 'alreadyOn',
                    actions: assign({
                      notice: ({ context }) => ({ id: 'alreadyOn', channel: context.channel!.displayName }) as const,
                      error: null,
                    }),
                  },
                  { target: 'switching', actions: assign({ error: null, notice: null }) },
                ],
                'archive.stop': {
                  guard: 'alreadyOn',
                  target: 'switching',
                  actions: assign({ error: null, notice: null }),
                },
                'archive.export': { target: 'exporting', actions: assign({ error: null, notice: null }) },
                'delete.ask': {
                  target: 'confirming',
                  actions: assign({ deletion: ({ event }) => event.deletion, error: null, notice: null }),
                },
              },
            },
            // The archive grew: read again in place. A failure keeps what is shown (the next signal tries again).
            refreshing: {
              on: { 'archive.changed': { guard: 'samePlatform', target: 'refreshing', reenter: true } },
              invoke: {
                // The same id as the first read (never both at once): one done/error event type for both.
                id: 'listArchive',
                src: 'listArchive',
                input: ({ context }) => ({ platform: context.platform!, date: context.date }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    channel: ({ event }) => event.output.channel,
                    days: ({ event }) => event.output.days,
                    streams: ({ event }) => event.output.streams,
                  }),
                },
                onError: 'idle',
              },
            },
            switching: {
              tags: ['busy'],
              invoke: {
                id: 'setArchiving',
                src: 'setArchiving',
                input: ({ context }) => ({ platform: context.platform!, archiving: !context.channel!.archiving }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    channel: ({ event }) => event.output,
                    notice: ({ event }): ArchiveNotice =>
                      event.output?.archiving ? { id: 'on', channel: event.output.displayName } : { id: 'off' },
                  }),
                },
                onError: { target: 'idle', actions: assign({ error: ({ event }) => refused(event.error) }) },
              },
            },
            exporting: {
              tags: ['busy'],
              invoke: {
                id: 'exportArchive',
                src: 'exportArchive',
                input: ({ context, event }) => {
                  const chosen = event as Extract<ArchiveChatEvent, { type: 'archive.export' }>;
                  return { platform: context.platform!, part: chosen.part, format: chosen.format };
                },
                onDone: 'idle',
                onError: { target: 'idle', actions: assign({ error: ({ event }) => refused(event.error) }) },
              },
            },
            confirming: {
              on: {
                'delete.confirm': 'deleting',
                'delete.dismiss': { target: 'idle', actions: assign({ deletion: null }) },
              },
            },
            deleting: {
              tags: ['busy'],
              invoke: {
                id: 'deleteArchive',
                src: 'deleteArchive',
                input: ({ context }) => ({ platform: context.platform!, deletion: context.deletion! }),
                onDone: {
                  target: '#archiveChat.platformChosen.loading',
                  actions: assign({
                    notice: ({ event }) => ({ id: 'deleted', count: event.output }) as const,
                    deletion: null,
                  }),
                },
                // Refused or lost: the dialog stays open with the reason.
                onError: { target: 'confirming', actions: assign({ error: ({ event }) => refused(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});
