// The creatorLists flow's samples, for its generated paths, the inspector and the view test (catalogued in machines/samples.ts).
import type { CreatorList } from '@/contract';
import { apiRefusal, type Fixture } from '../events';
import type { creatorListsMachine } from './creatorLists.machine';
import { sampleCreatorCard } from './creatorSearch.samples';

export const sampleCreatorList: CreatorList = {
  id: 'lst_1',
  name: 'Speedrunners',
  size: 1,
  creatorIds: [sampleCreatorCard.id],
  createdAt: '2026-11-20T10:00:00.000Z',
};

export const samples = {
  events: {
    'save.open': [
      { type: 'save.open', creator: { id: sampleCreatorCard.id, displayName: sampleCreatorCard.displayName } },
    ],
    'list.choose': [{ type: 'list.choose', listId: sampleCreatorList.id }],
    'name.change': [
      { type: 'name.change', value: 'Spanish gaming' },
      { type: 'name.change', value: '  ' },
    ],
    'list.open': [{ type: 'list.open', listId: sampleCreatorList.id }],
    'member.remove': [{ type: 'member.remove', creatorId: sampleCreatorCard.id }],
    'list.delete': [{ type: 'list.delete', listId: sampleCreatorList.id }],
    // A list without the sample creator: the dialog offers it (a list the creator is in shows "saved", disabled).
    'xstate.done.actor.loadLists': [
      { type: 'xstate.done.actor.loadLists', output: [{ ...sampleCreatorList, size: 0, creatorIds: [] }] },
    ],
    'xstate.done.actor.addToList': [{ type: 'xstate.done.actor.addToList', output: sampleCreatorList }],
    'xstate.done.actor.createList': [
      {
        type: 'xstate.done.actor.createList',
        output: { ...sampleCreatorList, id: 'lst_2', name: 'Spanish gaming', size: 0, creatorIds: [] },
      },
    ],
    'xstate.done.actor.loadList': [
      { type: 'xstate.done.actor.loadList', output: { list: sampleCreatorList, creators: [sampleCreatorCard] } },
    ],
    'xstate.done.actor.removeFromList': [
      { type: 'xstate.done.actor.removeFromList', output: { ...sampleCreatorList, size: 0, creatorIds: [] } },
    ],
    'xstate.error.actor.addToList': [
      { type: 'xstate.error.actor.addToList', error: apiRefusal('No such creator', 404) },
    ],
  },
  abstract: (context) => ({
    lists: context.lists.length,
    target: context.target !== null,
    name: context.newName.trim() !== '',
    open: context.open !== null,
    error: context.error !== null,
    notice: context.notice !== null,
  }),
} satisfies Fixture<typeof creatorListsMachine>;
