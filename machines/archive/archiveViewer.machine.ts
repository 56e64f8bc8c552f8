// One archived day or stream (docs/product.md §Chat archive "A viewer for one stream/day"): its messages in order with the moderation marks
// and gaps, a page at a time (GET /api/archive/messages, keyset cursor), more as the reader scrolls to the end, and a
// jump to a time (the page at or after it; a stream's times are on the day it started). The open day or stream follows
// the archive live: when the live events stream says the platform's archive grew and the last page is shown (nothing
// more to load), that page is read again in place, so new messages appear at the end.
import { assign, setup } from 'xstate';
import { listener } from '../listener';
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
  /** Where the last page loaded begins in `messages`, and how it was asked for: what a live refresh reads again. */
  tail: { start: number; after: string | null; at: string | null };
}

export type ArchiveViewerEvent =
  | { type: 'viewer.more' }
  | { type: 'viewer.jump'; at: string }
  | { type: 'viewer.retry' }
  /** From the live events stream: this platform's archive grew. */
  | { type: 'archive.changed'; platform: 'twitch' | 'youtube' };

export const archiveViewerMachine = setup({
  types: { context: {} as ArchiveViewerContext, events: {} as ArchiveViewerEvent, input: {} as ArchiveViewerInput },
  actors: {
    /** GET /api/archive/messages?platform=&date=|stream=&after=|at= */
    loadPage: service<ArchivePage, ArchivePageQuery>('loadPage'),
    /** The same call for the page after the cursor. */
    loadMore: service<ArchivePage, ArchivePageQuery>('loadMore'),
    /** The live hub's archive signals, sent back as `archive.changed`. */
    liveFeed: listener('liveFeed'),
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
    /** This platform grew and the last page is shown: new messages belong at the end. */
    grewAtEnd: ({ context, event }) =>
      event.type === 'archive.changed' && event.platform === context.platform && context.next === null,
  },
}).createMachine({
  id: 'archiveViewer',
  context: ({ input }) => ({
    ...input,
    streamInfo: null,
    messages: [],
    events: [],
    next: null,
    error: null,
    tail: { start: 0, after: null, at: input.at },
  }),
  initial: 'loading',
  invoke: { id: 'liveFeed', src: 'liveFeed' },
  on: {
    'viewer.jump': { target: '.loading', actions: assign({ at: ({ event }) => event.at, error: null }) },
  },
  states: {
    loading: {
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
            tail: ({ context }) => ({ start: 0, after: null, at: context.at }),
            // A first read that failed before is over: its message goes, and reading on resumes.
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'viewer.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'viewer.more': { guard: 'hasMore', target: 'more' },
            'archive.changed': { guard: 'grewAtEnd', target: 'refreshing' },
          },
        },
        // The last page read again in place (same id as a page more: never both at once); a failure keeps the page.
        refreshing: {
          invoke: {
            id: 'loadMore',
            src: 'loadMore',
            input: ({ context }) => ({
              platform: context.platform,
              date: context.date,
              stream: context.stream,
              after: context.tail.after,
              at: context.tail.after === null ? context.tail.at : null,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                messages: ({ context, event }) => [
                  ...context.messages.slice(0, context.tail.start),
                  ...event.output.messages,
                ],
                events: ({ context, event }) => [
                  ...context.events,
                  ...event.output.events.filter((e) => !context.events.some((known) => known.id === e.id)),
                ],
                next: ({ event }) => event.output.next,
              }),
            },
            onError: 'idle',
          },
        },
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
                tail: ({ context }) => ({ start: context.messages.length, after: context.next, at: null }),
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
