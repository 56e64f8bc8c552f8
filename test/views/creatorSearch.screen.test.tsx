// Find creators (docs/product.md §Discovery and negotiation), replayed along creatorSearch's recorded paths on the real
// screen of an approved advertiser: a filter chosen, the sort, Search, Clear filters, Previous and Next, Try again, or
// the API answering; after every step the results show what the state says (the spinner or the last cards waiting,
// the cards of a page with its paging, no creator matching, or the refusal with Try again).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserChecklist, CreatorList, CreatorsAnswer, InviteOption, Offer } from '@/contract';
import type { SearchSort } from '@/contract/search';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { creatorListsMachine, type OpenList } from '@/machines/marketplace/creatorLists.machine';
import {
  creatorSearchMachine,
  EMPTY_FILTERS,
  queryOf,
  type CreatorFilterDraft,
  type CreatorQuery,
} from '@/machines/marketplace/creatorSearch.machine';
import { invitationMachine, type InvitationRequest } from '@/machines/marketplace/invitation.machine';
import { FindCreatorsScreen } from '@/src/marketplace/FindCreators';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const NO_MATCH = 'No creator matches these filters. Try fewer filters, or lower the figures.';
/** The filters' labels on the screen. */
const LABELS: Record<keyof CreatorFilterDraft, string> = {
  q: 'Name or handle starts with',
  platform: 'Platform',
  category: 'Category',
  language: 'Language',
  country: 'Country',
  minViewers: 'Average viewers, at least',
  maxViewers: 'Average viewers, at most',
  minFollowers: 'Followers, at least',
  minDeliveryRate: 'Delivery rate, at least (%)',
};

const results = () => within(screen.getByRole('region', { name: 'Results' }));
const searchButton = () => screen.getByRole('button', { name: 'Search' });

interface Seen {
  draft: CreatorFilterDraft;
  sort: SearchSort;
  /** The search last sent. */
  query: CreatorQuery;
  /** Searches sent so far. */
  requests: number;
  answer: CreatorsAnswer | null;
  /** The cards the results kept from the last answer (none after a refusal or no match). */
  shown: CreatorsAnswer['creators'];
  error: string | null;
}

walkScreens('creatorSearch', {
  async mount() {
    const checklist = controlled<AdvertiserChecklist>();
    const search = controlled<CreatorsAnswer, CreatorQuery>();
    renderScreen(
      <FindCreatorsScreen
        logic={{
          checklist: advertiserChecklistMachine.provide({ actors: { loadChecklist: checklist.logic } }),
          search: creatorSearchMachine.provide({ actors: { searchCreators: search.logic } }),
          lists: creatorListsMachine.provide({
            actors: {
              loadLists: controlled<CreatorList[]>().logic,
              addToList: controlled<CreatorList, { listId: string; creatorId: string }>().logic,
              createList: controlled<CreatorList, { name: string }>().logic,
              loadList: controlled<OpenList, { listId: string }>().logic,
              removeFromList: controlled<CreatorList, { listId: string; creatorId: string }>().logic,
              deleteList: controlled<void, { listId: string }>().logic,
            },
          }),
          invitation: invitationMachine.provide({
            actors: {
              loadCampaigns: controlled<InviteOption[], { creatorId: string }>().logic,
              sendInvitation: controlled<Offer, InvitationRequest>().logic,
            },
          }),
        }}
      />,
      { path: '/creators', jwt: 'advertiser.jwt' },
    );
    // Only an approved company's advertiser reaches the search.
    await checklist.resolve({ profile: 'approved', fundsCents: 0, campaigns: 0, draftId: null, launched: false });
    /** What the screen was told so far: the filters chosen, the search sent, the last answer. */
    const seen: Seen = {
      draft: EMPTY_FILTERS,
      sort: 'viewers',
      query: queryOf(EMPTY_FILTERS, 'viewers', 1),
      requests: 1,
      answer: null,
      shown: [],
      error: null,
    };
    const send = (query: CreatorQuery) => {
      seen.query = query;
      seen.requests += 1;
    };
    return {
      search,
      seen,
      gestures: {
        'filter.change': ({ field, value }) => {
          seen.draft = { ...seen.draft, [field]: value };
          fireEvent.change(screen.getByLabelText(LABELS[field]), { target: { value } });
        },
        'sort.change': ({ sort }) => {
          seen.sort = sort;
          send(queryOf(seen.draft, sort, 1));
          fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: sort } });
        },
        // Search waits while a search is out (its button disabled): the click does nothing then.
        'search.submit': () => {
          if (!searchButton().hasAttribute('disabled')) send(queryOf(seen.draft, seen.sort, 1));
          fireEvent.click(searchButton());
        },
        'filters.clear': () => {
          seen.draft = EMPTY_FILTERS;
          send(queryOf(EMPTY_FILTERS, seen.sort, 1));
          fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
        },
        'page.next': () => {
          send({ ...seen.query, page: seen.query.page + 1 });
          fireEvent.click(results().getByRole('button', { name: 'Next' }));
        },
        // Previous pages back from a page of cards. A page past the last shows no paging, only that no creator
        // matches: the way back to the first page is Search (the same filters, from page 1).
        'page.previous': () => {
          const previous = results().queryByRole('button', { name: 'Previous' });
          if (previous) {
            send({ ...seen.query, page: seen.query.page - 1 });
            fireEvent.click(previous);
          } else {
            expect(results().getByText(NO_MATCH)).toBeInTheDocument();
            send(queryOf(seen.draft, seen.sort, 1));
            fireEvent.click(searchButton());
          }
        },
        'search.retry': () => {
          seen.requests += 1;
          fireEvent.click(results().getByRole('button', { name: 'Try again' }));
        },
        'xstate.done.actor.searchCreators': async ({ output }) => {
          seen.answer = output;
          seen.shown = output.creators;
          seen.error = null;
          await search.resolve(output);
        },
        'xstate.error.actor.searchCreators': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.shown = [];
          await search.reject(error);
        },
      },
    };
  },
  states: {
    // The search is out: the results busy, Search waiting; the spinner, or the last page's cards kept meanwhile
    // with Previous and Next waiting too.
    searching: ({ search, seen }) => {
      filters(seen);
      expect(searchButton()).toBeDisabled();
      expect(screen.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'true');
      expect(results().queryByText('The search could not be made')).not.toBeInTheDocument();
      expect(results().queryByText(NO_MATCH)).not.toBeInTheDocument();
      if (seen.shown.length === 0) {
        expect(results().getByText('Searching creators').closest('[role="status"]')).toBeInTheDocument();
        expect(results().queryByRole('list', { name: 'Creators' })).not.toBeInTheDocument();
      } else {
        expect(cardNames()).toEqual(seen.shown.map((creator) => creator.displayName));
        expect(results().getByRole('button', { name: 'Previous' })).toBeDisabled();
        expect(results().getByRole('button', { name: 'Next' })).toBeDisabled();
      }
      expect(search.started).toBe(seen.requests);
      expect(search.inputs.at(-1)).toEqual(seen.query);
    },
    // A page of cards: how many match, the page among the pages, Previous and Next where they go somewhere.
    results: ({ search, seen }) => {
      filters(seen);
      expect(searchButton()).toBeEnabled();
      expect(screen.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
      const { page, pageSize } = seen.query;
      const total = seen.answer!.total;
      expect(cardNames()).toEqual(seen.answer!.creators.map((creator) => creator.displayName));
      const first = (page - 1) * pageSize + 1;
      const last = (page - 1) * pageSize + seen.answer!.creators.length;
      expect(results().getByRole('status')).toHaveTextContent(`Creators ${first}–${last} of ${total}`);
      expect(results().getByText(`Page ${page} of ${Math.ceil(total / pageSize)}`)).toBeInTheDocument();
      expect(results().getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', page === 1);
      expect(results().getByRole('button', { name: 'Next' })).toHaveProperty('disabled', page * pageSize >= total);
      expect(results().queryByText('Searching creators')).not.toBeInTheDocument();
      expect(results().queryByText(NO_MATCH)).not.toBeInTheDocument();
      expect(results().queryByRole('alert')).not.toBeInTheDocument();
      expect(search.started).toBe(seen.requests);
    },
    // No creator matches: the screen says so and suggests fewer filters; no cards, no paging.
    empty: ({ search, seen }) => {
      filters(seen);
      expect(searchButton()).toBeEnabled();
      expect(results().getByText(NO_MATCH)).toBeInTheDocument();
      expect(results().queryByRole('list', { name: 'Creators' })).not.toBeInTheDocument();
      expect(results().queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
      expect(results().queryByText('Searching creators')).not.toBeInTheDocument();
      expect(results().queryByRole('alert')).not.toBeInTheDocument();
      expect(search.started).toBe(seen.requests);
    },
    // The search was refused: the server's message and Try again; no cards.
    failed: ({ search, seen }) => {
      filters(seen);
      const alert = results().getByRole('alert');
      expect(alert).toHaveTextContent('The search could not be made');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(results().queryByRole('list', { name: 'Creators' })).not.toBeInTheDocument();
      expect(results().queryByText('Searching creators')).not.toBeInTheDocument();
      expect(results().queryByText(NO_MATCH)).not.toBeInTheDocument();
      expect(search.started).toBe(seen.requests);
    },
  },
});

/** The filters as chosen (a number field empty reads null) and the sort. */
function filters(seen: Seen) {
  for (const [field, label] of Object.entries(LABELS) as [keyof CreatorFilterDraft, string][]) {
    const input = screen.getByLabelText(label);
    const value = seen.draft[field];
    if (input.getAttribute('type') === 'number') expect(input).toHaveValue(value === '' ? null : Number(value));
    else expect(input).toHaveValue(value);
  }
  expect(screen.getByLabelText('Sort by')).toHaveValue(seen.sort);
}

const cardNames = () =>
  within(results().getByRole('list', { name: 'Creators' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
