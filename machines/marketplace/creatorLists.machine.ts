// Saved lists of creators (docs/product.md §Discovery and negotiation): the advertiser's lists load with the Find creators
// screen. Save to list on a card opens a dialog: choose a list (PUT /api/creator-lists/:id/creators/:creatorId) or
// name a new one, which is created and the creator saved in it. Saved lists open to their creators (a creator who
// unpublished the media kit is no longer in them), from which a creator can be taken off, and a list deleted. One
// request at a time; a refusal is shown and the lists stay as they were.
import { assign, setup } from 'xstate';
import type { CreatorCard, CreatorList } from '@/contract';
import { SEARCH_LIMITS } from '@/contract/search';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface ListTarget {
  id: string;
  displayName: string;
}

/** What the last save did, as ids for the screen to word ("AlexRivera_Live is saved in Speedrunners"). */
export interface ListsNotice {
  /** The creator's display name, as the card shows it. */
  creator: string;
  /** The list's name, as the advertiser wrote it. */
  list: string;
}

export interface OpenList {
  list: CreatorList;
  creators: CreatorCard[];
}

export interface CreatorListsContext {
  lists: CreatorList[];
  /** The creator the Save to list dialog is open for. */
  target: ListTarget | null;
  /** The list a request is about. */
  listId: string;
  /** The creator being taken off the open list. */
  memberId: string;
  newName: string;
  /** The list shown with its creators. */
  open: OpenList | null;
  error: string | null;
  /** What the last save did: the creator and the list (worded by the screen). */
  notice: ListsNotice | null;
}

export type CreatorListsEvent =
  | { type: 'lists.retry' }
  | { type: 'save.open'; creator: ListTarget }
  | { type: 'save.close' }
  | { type: 'list.choose'; listId: string }
  | { type: 'name.change'; value: string }
  | { type: 'list.create' }
  | { type: 'list.open'; listId: string }
  | { type: 'list.close' }
  | { type: 'member.remove'; creatorId: string }
  | { type: 'list.delete'; listId: string };

const replace = (lists: CreatorList[], list: CreatorList) =>
  lists.some((l) => l.id === list.id) ? lists.map((l) => (l.id === list.id ? list : l)) : [list, ...lists];

export const creatorListsMachine = setup({
  types: { context: {} as CreatorListsContext, events: {} as CreatorListsEvent },
  actors: {
    loadLists: service<CreatorList[]>('loadLists'),
    addToList: service<CreatorList, { listId: string; creatorId: string }>('addToList'),
    createList: service<CreatorList, { name: string }>('createList'),
    loadList: service<OpenList, { listId: string }>('loadList'),
    removeFromList: service<CreatorList, { listId: string; creatorId: string }>('removeFromList'),
    deleteList: service<void, { listId: string }>('deleteList'),
  },
  guards: {
    /** The Save to list dialog is open: a creator to save is set. */
    saving: ({ context }) => context.target !== null,
    /** A list is open with its creators: its Close list, Delete list and Remove buttons show. */
    listOpen: ({ context }) => context.open !== null,
    /** Create and save in the Save to list dialog: a creator to save, and a new list's name of 1 to 60 characters. */
    newListOk: ({ context }) =>
      context.target !== null &&
      context.newName.trim().length > 0 &&
      context.newName.trim().length <= SEARCH_LIMITS.listName,
  },
}).createMachine({
  id: 'creatorLists',
  context: {
    lists: [],
    target: null,
    listId: '',
    memberId: '',
    newName: '',
    open: null,
    error: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLists',
        src: 'loadLists',
        onDone: { target: 'ready', actions: assign({ lists: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'lists.retry': { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'save.open': {
              actions: assign({ target: ({ event }) => event.creator, newName: '', error: null, notice: null }),
            },
            // Done, Escape: only with the Save to list dialog open.
            'save.close': { guard: 'saving', actions: assign({ target: null, error: null, notice: null }) },
            'list.choose': {
              guard: 'saving',
              target: 'saving',
              actions: assign({ listId: ({ event }) => event.listId, error: null, notice: null }),
            },
            // The New list field and Create and save are in the Save to list dialog only.
            'name.change': { guard: 'saving', actions: assign({ newName: ({ event }) => event.value }) },
            'list.create': { guard: 'newListOk', target: 'creating', actions: assign({ error: null, notice: null }) },
            'list.open': { target: 'opening', actions: assign({ listId: ({ event }) => event.listId, error: null }) },
            // Close list, Remove and Delete list are on the open list only.
            'list.close': { guard: 'listOpen', actions: assign({ open: null, error: null }) },
            'member.remove': {
              guard: 'listOpen',
              target: 'removing',
              actions: assign({ memberId: ({ event }) => event.creatorId, error: null }),
            },
            'list.delete': {
              guard: 'listOpen',
              target: 'deleting',
              actions: assign({ listId: ({ event }) => event.listId, error: null }),
            },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'addToList',
            src: 'addToList',
            input: ({ context }) => ({ listId: context.listId, creatorId: context.target!.id }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                lists: replace(context.lists, event.output),
                notice: { creator: context.target!.displayName, list: event.output.name },
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createList',
            src: 'createList',
            input: ({ context }) => ({ name: context.newName.trim() }),
            // Made from the Save to list dialog (the only place a list is named): the creator goes into it next.
            onDone: {
              target: 'saving',
              actions: assign(({ context, event }) => ({
                lists: replace(context.lists, event.output),
                listId: event.output.id,
                newName: '',
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        opening: {
          tags: ['busy'],
          invoke: {
            id: 'loadList',
            src: 'loadList',
            input: ({ context }) => ({ listId: context.listId }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                open: event.output,
                lists: replace(context.lists, event.output.list),
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeFromList',
            src: 'removeFromList',
            input: ({ context }) => ({ listId: context.open?.list.id ?? '', creatorId: context.memberId }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                lists: replace(context.lists, event.output),
                open: context.open
                  ? {
                      list: event.output,
                      creators: context.open.creators.filter((c) => c.id !== context.memberId),
                    }
                  : null,
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteList',
            src: 'deleteList',
            input: ({ context }) => ({ listId: context.listId }),
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => ({
                lists: context.lists.filter((l) => l.id !== context.listId),
                open: context.open?.list.id === context.listId ? null : context.open,
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
