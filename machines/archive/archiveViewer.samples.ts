// The archiveViewer flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { archiveViewerMachine } from './archiveViewer.machine';
import { sampleArchivedMessage, sampleArchiveStream } from './samples';

/** A page of 60 messages, a second apart. */
const firstPage = Array.from({ length: 60 }, (_, i) => ({
  ...sampleArchivedMessage,
  id: 100 + i,
  sentAt: sampleArchivedMessage.sentAt + i * 1000,
  text: `message ${i + 1}`,
}));

export const samples = {
  inputs: [
    { platform: 'twitch', date: '2026-11-20', stream: null, at: null },
    { platform: 'twitch', date: '2026-11-20', stream: null, at: '21:30' },
    { platform: 'twitch', date: null, stream: 3, at: null },
  ],
  events: {
    'xstate.done.actor.loadPage': [
      // A first page longer than the log shows at once: the viewer asks for the next one only as the reader scrolls
      // to its end (a short page with more after it is followed at once).
      {
        type: 'xstate.done.actor.loadPage',
        output: { messages: firstPage, events: [], next: '1795578819238.60', stream: null },
      },
      {
        type: 'xstate.done.actor.loadPage',
        output: { messages: [sampleArchivedMessage], events: [], next: null, stream: sampleArchiveStream },
      },
    ],
    'xstate.error.actor.loadPage': [
      { type: 'xstate.error.actor.loadPage', error: apiRefusal('No Twitch chat is archived for 2026-11-20', 404) },
    ],
    'xstate.done.actor.loadMore': [
      {
        type: 'xstate.done.actor.loadMore',
        output: { messages: [{ ...sampleArchivedMessage, id: 7 }], events: [], next: null, stream: null },
      },
    ],
    'xstate.error.actor.loadMore': [
      { type: 'xstate.error.actor.loadMore', error: apiRefusal('The server could not be reached', 0) },
    ],
    'viewer.jump': [{ type: 'viewer.jump', at: '22:00' }],
    'archive.changed': [
      { type: 'archive.changed', platform: 'twitch' },
      { type: 'archive.changed', platform: 'youtube' },
    ],
  },
  abstract: (context) => ({
    at: context.at,
    stream: context.stream !== null,
    titled: context.streamInfo !== null,
    messages: context.messages.length,
    more: context.next !== null,
    error: context.error !== null,
  }),
} satisfies Fixture<typeof archiveViewerMachine>;
