// The archiveSearch flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { archiveSearchMachine } from './archiveSearch.machine';
import { sampleArchivedMessage } from './samples';

export const samples = {
  inputs: [{ platform: 'twitch' }],
  events: {
    // A chatter (or words) makes the terms searchable; a date alone does not (the search then says what it needs).
    // A search by chatter is what offers to delete a chatter's messages.
    'terms.change': [
      { type: 'terms.change', field: 'user', value: 'retro_rosa' },
      { type: 'terms.change', field: 'q', value: '' },
      { type: 'terms.change', field: 'from', value: '2026-11-01' },
    ],
    'xstate.done.actor.search': [
      { type: 'xstate.done.actor.search', output: { messages: [sampleArchivedMessage], next: '1795578760238.6' } },
      { type: 'xstate.done.actor.search', output: { messages: [], next: null } },
    ],
    'xstate.error.actor.search': [
      { type: 'xstate.error.actor.search', error: apiRefusal('Search for words (q) or a chatter (user)', 400) },
    ],
    'xstate.done.actor.searchMore': [
      { type: 'xstate.done.actor.searchMore', output: { messages: [{ ...sampleArchivedMessage, id: 5 }], next: null } },
    ],
    'xstate.error.actor.searchMore': [
      { type: 'xstate.error.actor.searchMore', error: apiRefusal('The server could not be reached', 0) },
    ],
    'search.export': [{ type: 'search.export', format: 'ndjson' }],
    'chatter.delete': [{ type: 'chatter.delete', chatter: { id: '90112233', name: 'retro_rosa', platform: 'twitch' } }],
    'xstate.done.actor.deleteChatter': [{ type: 'xstate.done.actor.deleteChatter', output: 2 }],
    'xstate.error.actor.deleteChatter': [
      {
        type: 'xstate.error.actor.deleteChatter',
        error: apiRefusal('Nothing from chatter 90112233 is archived on Twitch', 404),
      },
    ],
  },
  abstract: (context) => ({
    terms: context.terms.q.trim() !== '' || context.terms.user.trim() !== '',
    results: context.results.length,
    more: context.next !== null,
    error: context.error !== null,
    chatter: context.chatter?.id ?? null,
    notice: context.notice !== null,
  }),
} satisfies Fixture<typeof archiveSearchMachine>;
