// The mediaKit flow's samples, for its generated paths, the inspector and the view test (catalogued in machines/samples.ts).
import type { MediaKit } from '@/contract';
import { HANDLE_RULE, HANDLE_TAKEN } from '@/contract/mediaKit';
import { apiRefusal, type Fixture } from '../events';
import type { mediaKitMachine } from './mediaKit.machine';

/** A creator's kit as GET /api/media-kit answers it before anything is saved: a suggested handle, not published. */
export const sampleMediaKit: MediaKit = {
  handle: 'alexrivera_live',
  saved: false,
  published: false,
  publishedAt: null,
  url: 'http://127.0.0.1:3000/c/alexrivera_live',
  facts: {
    displayName: 'AlexRivera_Live',
    image: null,
    category: 'Gaming',
    language: 'English',
    country: 'United States',
    about: 'Variety streamer on Twitch: speedruns, indie games and late-night chats.',
    channels: [
      {
        platform: 'Twitch',
        name: 'AlexRivera_Live',
        url: 'https://www.twitch.tv/alexrivera_live',
        followers: 8_412,
        avgViewers: 143,
      },
      {
        platform: 'YouTube',
        name: 'Alex Rivera Plays',
        url: 'https://www.youtube.com/channel/UC-alexriveraplays',
        followers: 310,
        avgViewers: null,
      },
    ],
    followers: 8_722,
    avgViewers: 143,
    audienceCountries: [],
    completed: 4,
    deliveryRate: 80,
  },
};

export const samplePublishedKit: MediaKit = {
  ...sampleMediaKit,
  handle: 'alexrivera',
  saved: true,
  published: true,
  publishedAt: '2026-11-20T10:00:00.000Z',
  url: 'http://127.0.0.1:3000/c/alexrivera',
};

export const samples = {
  events: {
    'xstate.done.actor.loadMediaKit': [{ type: 'xstate.done.actor.loadMediaKit', output: sampleMediaKit }],
    'handle.change': [
      { type: 'handle.change', value: 'alexrivera' },
      { type: 'handle.change', value: 'a!' },
    ],
    'kit.publish': [
      { type: 'kit.publish', published: true },
      { type: 'kit.publish', published: false },
    ],
    'xstate.done.actor.saveMediaKit': [
      { type: 'xstate.done.actor.saveMediaKit', output: samplePublishedKit },
      {
        type: 'xstate.done.actor.saveMediaKit',
        output: { ...samplePublishedKit, published: false, publishedAt: null },
      },
    ],
    'xstate.error.actor.saveMediaKit': [
      { type: 'xstate.error.actor.saveMediaKit', error: apiRefusal(HANDLE_TAKEN, 409) },
      { type: 'xstate.error.actor.saveMediaKit', error: apiRefusal(`handle: ${HANDLE_RULE}`, 400) },
    ],
  },
  abstract: (context) => ({
    loaded: context.kit !== null,
    published: context.kit?.published,
    handleOk: /^[a-z0-9_]{3,30}$/.test(context.handle.trim().toLowerCase()),
    problem: context.problem !== null,
    failed: context.error !== null,
    pending: context.pending?.published,
    notice: context.notice,
    copied: context.copied,
  }),
} satisfies Fixture<typeof mediaKitMachine>;
