// One archived day (issue 16 "A viewer for one stream/day"): its messages in order with the moderation marks and gaps,
// a page at a time (GET /api/archive/messages, keyset cursor), more as the reader scrolls to the end, and a jump to a
// time of the day (the page at or after it).
import { assign, setup } from 'xstate';
import type { ArchiveEvent, ArchivedMessage } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface ArchivePage {
  messages: ArchivedMessage[];
  events: ArchiveEvent[];
  next: string | null;
}

export interface ArchiveViewerInput {
  platform: 'twitch' | 'youtube';
  date: string;
  /** HH:MM to open at (a search result's time). */
  at: string | null;
}

export interface ArchiveViewerContext extends ArchiveViewerInput {
  messages: ArchivedMessage[];
  events: ArchiveEvent[];
  next: string | null;
  error: string | null;
}

export type ArchiveViewerEvent = { type: 'viewer.more' } | { type: 'viewer.jump'; at: string } | { type: 'viewer.retry' };

export const archiveViewerMachine = setup({
  types: { context: {} as ArchiveViewerContext, events: {} as ArchiveViewerEvent, input: {} as ArchiveViewerInput },
  actors: {
    /** GET /api/archive/messages?platform=&date=&after=|at= */
    loadPage: service<ArchivePage, { platform: 'twitch' | 'youtube'; date: string; after: string | null; at: string | null }>('loadPage'),
    /** The same call for the page after the cursor. */
    loadMore: service<ArchivePage, { platform: 'twitch' | 'youtube'; date: string; after: string | null; at: string | null }>('loadMore'),
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'archiveViewer',
  context: ({ input }) => ({ ...input, messages: [], events: [], next: null, error: null }),
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
        input: ({ context }) => ({ platform: context.platform, date: context.date, after: null, at: context.at }),
        onDone: { target: 'ready', actions: assign({ messages: ({ event }) => event.output.messages, events: ({ event }) => event.output.events, next: ({ event }) => event.output.next }) },
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
            input: ({ context }) => ({ platform: context.platform, date: context.date, after: context.next, at: null }),
            onDone: {
              target: 'idle',
              actions: assign({
                messages: ({ context, event }) => [...context.messages, ...event.output.messages],
                events: ({ context, event }) => [...context.events, ...event.output.events.filter((e) => !context.events.some((known) => known.id === e.id))],
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
