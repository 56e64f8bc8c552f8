// Searching the archive (docs/product.md §Chat archive): words (full text), a chatter, a date range; results newest first, a page at a
// time, each linking into its day. A chatter's messages can be deleted (a viewer's deletion request) after a
// confirmation — the chatter by their id, as names are not unique and change — and the results exported. The form's
// terms live here (`terms.change`); a search keeps the terms it was made with, for its next page and its export.
import { assign, setup } from 'xstate';
import type { ArchivedMessage, ExportFormat } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface ArchiveSearchTerms {
  q: string;
  user: string;
  from: string;
  to: string;
}

/** A chatter as a deletion names them: their id on the platform (what is deleted by) and the name shown. */
export interface ArchiveChatter {
  id: string;
  name: string;
  /** The platform their messages were found on (a search before a platform is chosen covers both). */
  platform: 'twitch' | 'youtube';
}

export interface ArchiveSearchContext {
  /** The platform searched; null before one is chosen on the screen: every platform. */
  platform: 'twitch' | 'youtube' | null;
  /** The form's terms, as typed. */
  terms: ArchiveSearchTerms;
  /** The terms the results are for (their next page and their export use them), whatever the form says since. */
  searched: ArchiveSearchTerms;
  results: ArchivedMessage[];
  next: string | null;
  /** Why the search or a deletion did not happen: no terms typed, or the server's refusal (its text). */
  error: SearchError | null;
  /** The chatter whose messages a confirmation would delete. */
  chatter: ArchiveChatter | null;
  /** A deletion done: how many messages of which chatter went. */
  notice: { id: 'deleted'; count: number; name: string } | null;
}

export type ArchiveSearchEvent =
  | { type: 'terms.change'; field: keyof ArchiveSearchTerms; value: string }
  | { type: 'search.submit' }
  | { type: 'search.more' }
  | { type: 'search.export'; format: ExportFormat }
  | { type: 'chatter.delete'; chatter: ArchiveChatter }
  | { type: 'delete.confirm' }
  | { type: 'delete.dismiss' };

const NO_TERMS: ArchiveSearchTerms = { q: '', user: '', from: '', to: '' };

/** What the screen words when a search cannot be made or was refused (machines stay language-free). */
export type SearchError = { id: 'needsTerms' } | { id: 'refused'; text: string };

/** The server's refusal, kept as its text. */
const refused = (error: unknown): SearchError => ({ id: 'refused', text: errorText(error) });

export const archiveSearchMachine = setup({
  types: {
    context: {} as ArchiveSearchContext,
    events: {} as ArchiveSearchEvent,
    input: {} as { platform: 'twitch' | 'youtube' | null },
  },
  actors: {
    /** GET /api/archive/search?… */
    search: service<
      { messages: ArchivedMessage[]; next: string | null },
      { platform: 'twitch' | 'youtube' | null; terms: ArchiveSearchTerms; before: string | null }
    >('search'),
    /** The same call for the page after the cursor. */
    searchMore: service<
      { messages: ArchivedMessage[]; next: string | null },
      { platform: 'twitch' | 'youtube' | null; terms: ArchiveSearchTerms; before: string | null }
    >('searchMore'),
    /** GET /api/archive/export?format=&q=&user=&from=&to=, saved as a file. */
    exportResults: service<
      void,
      { platform: 'twitch' | 'youtube' | null; terms: ArchiveSearchTerms; format: ExportFormat }
    >('exportResults'),
    /** DELETE /api/archive/chatters/:chatterId?platform= → how many messages went. */
    deleteChatter: service<number, { platform: 'twitch' | 'youtube'; chatterId: string }>('deleteChatter'),
  },
  guards: {
    hasTerms: ({ context }) => context.terms.q.trim() !== '' || context.terms.user.trim() !== '',
    hasMore: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'archiveSearch',
  context: ({ input }) => ({
    platform: input.platform,
    terms: NO_TERMS,
    searched: NO_TERMS,
    results: [],
    next: null,
    error: null,
    chatter: null,
    notice: null,
  }),
  initial: 'idle',
  on: {
    // The form stays editable whatever the search is doing.
    'terms.change': {
      actions: assign({ terms: ({ context, event }) => ({ ...context.terms, [event.field]: event.value }) }),
    },
    'search.submit': [
      {
        guard: 'hasTerms',
        target: '.searching',
        actions: assign({ searched: ({ context }) => context.terms, error: null, notice: null }),
      },
      { actions: assign({ error: { id: 'needsTerms' } as const }) },
    ],
  },
  states: {
    idle: {},
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ platform: context.platform, terms: context.searched, before: null }),
        onDone: {
          target: 'results',
          actions: assign({ results: ({ event }) => event.output.messages, next: ({ event }) => event.output.next }),
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => refused(event.error), results: [] }) },
      },
    },
    results: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'search.more': { guard: 'hasMore', target: 'more' },
            'search.export': { target: 'exporting', actions: assign({ error: null }) },
            'chatter.delete': {
              target: 'confirming',
              actions: assign({ chatter: ({ event }) => event.chatter, error: null }),
            },
          },
        },
        more: {
          invoke: {
            id: 'searchMore',
            src: 'searchMore',
            input: ({ context }) => ({ platform: context.platform, terms: context.searched, before: context.next }),
            onDone: {
              target: 'idle',
              actions: assign({
                results: ({ context, event }) => [...context.results, ...event.output.messages],
                next: ({ event }) => event.output.next,
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => refused(event.error) }) },
          },
        },
        exporting: {
          tags: ['busy'],
          invoke: {
            id: 'exportResults',
            src: 'exportResults',
            input: ({ context, event }) => ({
              platform: context.platform,
              terms: context.searched,
              format: (event as Extract<ArchiveSearchEvent, { type: 'search.export' }>).format,
            }),
            onDone: 'idle',
            onError: { target: 'idle', actions: assign({ error: ({ event }) => refused(event.error) }) },
          },
        },
        confirming: {
          on: {
            'delete.confirm': 'deleting',
            'delete.dismiss': { target: 'idle', actions: assign({ chatter: null }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteChatter',
            src: 'deleteChatter',
            input: ({ context }) => ({ platform: context.chatter!.platform, chatterId: context.chatter!.id }),
            onDone: {
              target: 'idle',
              actions: assign({
                results: ({ context }) => context.results.filter((m) => m.chatterId !== context.chatter!.id),
                notice: ({ context, event }) =>
                  ({ id: 'deleted', count: event.output, name: context.chatter!.name }) as const,
                chatter: null,
              }),
            },
            onError: { target: 'confirming', actions: assign({ error: ({ event }) => refused(event.error) }) },
          },
        },
      },
    },
  },
});
