// The Archive Chat form: platform, streams' date, one of three videos listed once a platform is chosen (SPEC §2 Archive Chat, §3, §4).
import { assign, setup } from 'xstate';

export type ChatPlatform = 'twitch' | 'youtube';

export interface ArchiveChatContext {
  platform: ChatPlatform | null;
  date: string;
  videoId: string | null;
}

export const archiveChatMachine = setup({
  types: {
    context: {} as ArchiveChatContext,
    events: {} as
      | { type: 'platform.select'; platform: ChatPlatform }
      | { type: 'date.change'; value: string }
      | { type: 'video.select'; videoId: string },
  },
}).createMachine({
  id: 'archiveChat',
  initial: 'noPlatform',
  context: { platform: null, date: '', videoId: null },
  on: {
    'date.change': { actions: assign({ date: ({ event }) => event.value }) },
  },
  states: {
    // The video list stays hidden until a platform is chosen.
    noPlatform: {
      on: {
        'platform.select': { target: 'platformChosen', actions: assign({ platform: ({ event }) => event.platform, videoId: null }) },
      },
    },
    platformChosen: {
      on: {
        // Each platform lists its own videos, so a new platform clears the chosen one.
        'platform.select': { actions: assign({ platform: ({ event }) => event.platform, videoId: null }) },
        'video.select': { actions: assign({ videoId: ({ event }) => event.videoId }) },
      },
    },
  },
});
