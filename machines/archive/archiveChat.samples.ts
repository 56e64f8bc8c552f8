// The archiveChat flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { archiveChatMachine } from './archiveChat.machine';
import { sampleArchiveChannel, sampleArchiveDay, sampleArchiveStream } from './samples';

export const samples = {
  events: {
    'platform.select': [
      { type: 'platform.select', platform: 'twitch' },
      { type: 'platform.select', platform: 'youtube' },
    ],
    'date.change': [
      { type: 'date.change', value: '2026-11-20' },
      { type: 'date.change', value: '' },
    ],
    'xstate.done.actor.listArchive': [
      {
        type: 'xstate.done.actor.listArchive',
        output: { channel: sampleArchiveChannel(false), days: [sampleArchiveDay], streams: [sampleArchiveStream] },
      },
      { type: 'xstate.done.actor.listArchive', output: { channel: sampleArchiveChannel(true), days: [], streams: [] } },
      { type: 'xstate.done.actor.listArchive', output: { channel: null, days: [], streams: [] } },
      {
        type: 'xstate.done.actor.listArchive',
        output: { channel: { ...sampleArchiveChannel(false), supported: false }, days: [], streams: [] },
      },
    ],
    // The live stream: this platform's archive grew (and another platform's, which the list ignores).
    'archive.changed': [
      { type: 'archive.changed', platform: 'twitch' },
      { type: 'archive.changed', platform: 'youtube' },
    ],
    'xstate.error.actor.listArchive': [
      { type: 'xstate.error.actor.listArchive', error: apiRefusal('The server could not be reached', 0) },
    ],
    'xstate.done.actor.setArchiving': [
      { type: 'xstate.done.actor.setArchiving', output: sampleArchiveChannel(true) },
      { type: 'xstate.done.actor.setArchiving', output: sampleArchiveChannel(false) },
    ],
    'xstate.error.actor.setArchiving': [
      {
        type: 'xstate.error.actor.setArchiving',
        error: apiRefusal('Connect your Twitch account first (Connect Accounts)', 409),
      },
    ],
    // A day's export and a stream's take the same transitions (the view tests send both). The stream is the listing's
    // (sampleArchiveStream), as its card sends it.
    'archive.export': [
      { type: 'archive.export', part: { kind: 'stream', id: 3, title: sampleArchiveStream.title }, format: 'ndjson' },
    ],
    'xstate.error.actor.exportArchive': [
      { type: 'xstate.error.actor.exportArchive', error: apiRefusal('The server could not be reached', 0) },
    ],
    'delete.ask': [
      { type: 'delete.ask', deletion: { kind: 'stream', id: 3, title: sampleArchiveStream.title } },
      { type: 'delete.ask', deletion: { kind: 'all' } },
    ],
    'xstate.done.actor.deleteArchive': [{ type: 'xstate.done.actor.deleteArchive', output: 1204 }],
    'xstate.error.actor.deleteArchive': [
      { type: 'xstate.error.actor.deleteArchive', error: apiRefusal('No chat is archived for 2026-11-20', 404) },
    ],
  },
  abstract: (context) => ({
    platform: context.platform,
    dated: context.date !== '',
    channel: context.channel === null ? 'none' : `${context.channel.archiving}:${context.channel.supported}`,
    days: context.days.length,
    streams: context.streams.length,
    error: context.error !== null,
    notice: context.notice !== null,
    // A day and a stream are asked about alike: one abstract value keeps the state space as it was.
    deletion: context.deletion === null ? null : context.deletion.kind === 'all' ? 'all' : 'part',
  }),
} satisfies Fixture<typeof archiveChatMachine>;
