// Find creators (docs/product.md §Discovery and negotiation): an approved advertiser searches the creators who published
// their media kit (GET /api/creators). The filters are typed into a draft and sent with Search (page 1); a sort change
// searches at once; Previous and Next page through the answer; a failure (a refusal: not approved, a bad filter)
// shows the server's message and Try again sends the same search. An empty answer is a state of its own, so the
// screen says no creator matches rather than showing an empty list.
import { assign, setup } from 'xstate';
import type { CreatorsAnswer } from '@/contract';
import { SEARCH_LIMITS, type SearchSort } from '@/contract/search';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** The filter fields as typed (numbers as text; '' is no filter). */
export interface CreatorFilterDraft {
  platform: '' | 'Twitch' | 'YouTube';
  category: string;
  language: '' | 'English' | 'Spanish';
  country: string;
  minViewers: string;
  maxViewers: string;
  minFollowers: string;
  minDeliveryRate: string;
  q: string;
}
export type CreatorFilterField = keyof CreatorFilterDraft;

/** What GET /api/creators is sent: the filters that are set, the sort and the page. */
export type CreatorQuery = Partial<Record<CreatorFilterField, string>> & {
  sort: SearchSort;
  page: number;
  pageSize: number;
};

export interface CreatorSearchContext {
  draft: CreatorFilterDraft;
  sort: SearchSort;
  /** The search last sent (its filters, sort and page). */
  query: CreatorQuery;
  answer: CreatorsAnswer | null;
  error: string | null;
}

export type CreatorSearchEvent =
  | { type: 'filter.change'; field: CreatorFilterField; value: string }
  | { type: 'sort.change'; sort: SearchSort }
  | { type: 'search.submit' }
  | { type: 'filters.clear' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'search.retry' };

export const EMPTY_FILTERS: CreatorFilterDraft = {
  platform: '',
  category: '',
  language: '',
  country: '',
  minViewers: '',
  maxViewers: '',
  minFollowers: '',
  minDeliveryRate: '',
  q: '',
};

/** The query of a draft: only the fields that are set, trimmed. */
export function queryOf(draft: CreatorFilterDraft, sort: SearchSort, page: number): CreatorQuery {
  const query: CreatorQuery = { sort, page, pageSize: SEARCH_LIMITS.pageSize };
  for (const [field, value] of Object.entries(draft) as [CreatorFilterField, string][]) {
    if (value.trim() !== '') query[field] = value.trim();
  }
  return query;
}

export const creatorSearchMachine = setup({
  types: { context: {} as CreatorSearchContext, events: {} as CreatorSearchEvent },
  actors: {
    /** GET /api/creators with the query. */
    searchCreators: service<CreatorsAnswer, CreatorQuery>('searchCreators'),
  },
  guards: {
    hasNext: ({ context }) =>
      context.answer !== null && context.query.page * context.query.pageSize < context.answer.total,
    hasPrevious: ({ context }) => context.query.page > 1,
    isEmpty: ({ event }) => (event as unknown as { output: CreatorsAnswer }).output.creators.length === 0,
  },
}).createMachine({
  id: 'creatorSearch',
  context: {
    draft: EMPTY_FILTERS,
    sort: 'viewers',
    query: queryOf(EMPTY_FILTERS, 'viewers', 1),
    answer: null,
    error: null,
  },
  initial: 'searching',
  on: {
    'filter.change': {
      actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }),
    },
    'sort.change': {
      target: '.searching',
      reenter: true,
      actions: assign(({ context, event }) => ({ sort: event.sort, query: queryOf(context.draft, event.sort, 1) })),
    },
    'search.submit': {
      target: '.searching',
      reenter: true,
      actions: assign({ query: ({ context }) => queryOf(context.draft, context.sort, 1) }),
    },
    'filters.clear': {
      target: '.searching',
      reenter: true,
      actions: assign(({ context }) => ({ draft: EMPTY_FILTERS, query: queryOf(EMPTY_FILTERS, context.sort, 1) })),
    },
  },
  states: {
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'searchCreators',
        src: 'searchCreators',
        input: ({ context }) => context.query,
        onDone: [
          { guard: 'isEmpty', target: 'empty', actions: assign({ answer: ({ event }) => event.output, error: null }) },
          { target: 'results', actions: assign({ answer: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    results: {
      on: {
        'page.next': {
          guard: 'hasNext',
          target: 'searching',
          actions: assign({ query: ({ context }) => ({ ...context.query, page: context.query.page + 1 }) }),
        },
        'page.previous': {
          guard: 'hasPrevious',
          target: 'searching',
          actions: assign({ query: ({ context }) => ({ ...context.query, page: context.query.page - 1 }) }),
        },
      },
    },
    // No creator matches (or the page is past the last): the screen suggests fewer filters.
    empty: {
      on: {
        'page.previous': {
          guard: 'hasPrevious',
          target: 'searching',
          actions: assign({ query: ({ context }) => ({ ...context.query, page: 1 }) }),
        },
      },
    },
    failed: { on: { 'search.retry': 'searching' } },
  },
});
