// One archived day or stream (docs/product.md §Chat archive "A viewer for one stream/day"): its messages in order with the moderation marks
// and gaps, a page at a time (GET /api/archive/messages, keyset cursor), more as the reader scrolls to the end, and a
// jump to a time (the page at or after it; a stream's times are on the day it started).
import { assign, setup } from 'xstate';
import type { ArchiveEvent, ArchivedMessage, ArchiveStream } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface ArchivePage {
  messages: ArchivedMessage[];
  events: ArchiveEvent[];
  next: string | null;
  /** The stream asked for (its title and times), null for a day. */
  stream: ArchiveStream | null;
}

/** What a page is asked for: a day or a stream, a cursor or a time to jump to. */
export interface ArchivePageQuery {
  platform: 'twitch' | 'youtube';
  date: string | null;
  stream: number | null;
  after: string | null;
  at: string | null;
}

export interface ArchiveViewerInput {
  platform: 'twitch' | 'youtube';
  /** A day (YYYY-MM-DD), or null with a stream. */
  date: string | null;
  /** A stream's id, or null with a day. */
  stream: number | null;
  /** HH:MM to open at (a search result's time). */
  at: string | null;
}

export interface ArchiveViewerContext extends ArchiveViewerInput {
  /** The stream shown, as the first page described it. */
  streamInfo: ArchiveStream | null;
  messages: ArchivedMessage[];
  events: ArchiveEvent[];
  next: string | null;
  error: string | null;
}

export type ArchiveViewerEvent =
  { type: 'viewer.more' } | { type: 'viewer.jump'; at: string } | { type: 'viewer.retry' };

export const archiveViewerMachine = setup({
  types: { context: {} as ArchiveViewerContext, events: {} as ArchiveViewerEvent, input: {} as ArchiveViewerInput },
  actors: {
    /** GET /api/archive/messages?platform=&date=|stream=&after=|at= */
    loadPage: service<ArchivePage, ArchivePageQuery>('loadPage'),
    /** The same call for the page after the cursor. */
    loadMore: service<ArchivePage, ArchivePageQuery>('loadMore'),
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'archiveViewer',
  context: ({ input }) => ({ ...input, streamInfo: null, messages: [], events: [], next: null, error: null }),
  initial: 'loading',
  on: {
    'viewer.jump': { target: '.loading', actions: assign({ at: ({ event }) => event.at, error: null }) },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({
          platform: context.platform,
          date: context.date,
          stream: context.stream,
          after: null,
          at: context.at,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            messages: ({ event }) => event.output.messages,
            events: ({ event }) => event.output.events,
            next: ({ event }) => event.output.next,
            streamInfo: ({ context, event }) => event.output.stream ?? context.streamInfo,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'viewer.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'viewer.more': { guard: 'hasMore', target: 'more' } } },
        more: {
          invoke: {
            id: 'loadMore',
            src: 'loadMore',
            input: ({ context }) => ({
              platform: context.platform,
              date: context.date,
              stream: context.stream,
              after: context.next,
              at: null,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                messages: ({ context, event }) => [...context.messages, ...event.output.messages],
                events: ({ context, event }) => [
                  ...context.events,
                  ...event.output.events.filter((e) => !context.events.some((known) => known.id === e.id)),
                ],
                next: ({ event }) => event.output.next,
                error: null,
              }),
            },
            // The page stays; scrolling to the end asks again.
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
