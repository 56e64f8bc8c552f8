// The adminBudgets flow's samples, for its generated paths, the inspector and the view tests (catalogued in
// machines/samples.ts): the app token partly spent, Castbridge's chat account, a creator's channel the platform
// refused, another with nothing waiting, YouTube's project with analytics waiting and put off until midnight Pacific.
import type { PlatformBudget } from '@/contract/schemas/budgets';
import type { Fixture } from '../events';
import type { adminBudgetsMachine } from './adminBudgets.machine';

export const sampleTwitchAppBudget: PlatformBudget = {
  provider: 'twitch',
  credential: 'app',
  login: null,
  owner: 'app',
  purposes: ['delivery_verification', 'live_push'],
  window: 'minute',
  capacity: 800,
  spent: 312,
  remaining: 448,
  resetAt: '2026-11-26T14:03:00.000Z',
  refusedUntil: null,
  refusedReason: null,
  waiting: [],
  resolution: [],
  deferred: [],
};

export const sampleTwitchUserBudget: PlatformBudget = {
  provider: 'twitch',
  credential: 'user:141981764',
  login: 'ana_speedruns',
  owner: 'channel',
  purposes: ['analytics_collection', 'archive_stream_sessions'],
  window: 'minute',
  capacity: 800,
  spent: 760,
  remaining: 0,
  resetAt: '2026-11-26T14:02:40.000Z',
  refusedUntil: '2026-11-26T14:02:40.000Z',
  refusedReason: { code: 'limit_reached', answer: '429' },
  waiting: [
    {
      purpose: 'archive_stream_sessions',
      priority: 'chat',
      count: 1,
      since: '2026-11-26T14:02:05.000Z',
      reason: 'refused',
      refusedReason: { code: 'limit_reached', answer: '429' },
    },
  ],
  resolution: [],
  deferred: [],
};

export const sampleYouTubeBudget: PlatformBudget = {
  provider: 'youtube',
  credential: 'project',
  login: null,
  owner: 'project',
  purposes: ['analytics_collection', 'archive_chat', 'delivery_verification', 'identity_at_connect'],
  window: 'pacific-day',
  capacity: 10_000,
  spent: 7_140,
  remaining: 2_760,
  resetAt: '2026-11-27T08:00:00.000Z',
  refusedUntil: null,
  refusedReason: null,
  waiting: [
    {
      purpose: 'analytics_collection',
      priority: 'analytics',
      count: 3,
      since: '2026-11-26T14:02:00.000Z',
      reason: 'spent',
      refusedReason: null,
    },
  ],
  resolution: [{ purpose: 'delivery_verification', items: 412, everySeconds: 120, goalSeconds: 60 }],
  deferred: [{ purpose: 'analytics_collection', priority: 'analytics', count: 12, until: '2026-11-27T08:00:00.000Z' }],
};

/** Castbridge's own chat account (the bot): a Twitch user token no creator connected. */
export const sampleTwitchChatAccountBudget: PlatformBudget = {
  provider: 'twitch',
  credential: 'user:167897161',
  login: null,
  owner: 'chat-account',
  purposes: ['chat_bot', 'eventsub'],
  window: 'minute',
  capacity: 800,
  spent: 24,
  remaining: 736,
  resetAt: '2026-11-26T14:03:00.000Z',
  refusedUntil: null,
  refusedReason: null,
  waiting: [],
  resolution: [],
  deferred: [],
};

/** A creator's channel with nothing waiting: a row of the quiet table. */
export const sampleQuietChannelBudget: PlatformBudget = {
  provider: 'twitch',
  credential: 'user:52817340',
  login: 'milo_plays',
  owner: 'channel',
  purposes: ['analytics_collection'],
  window: 'minute',
  capacity: 800,
  spent: 6,
  remaining: 754,
  resetAt: '2026-11-26T14:02:51.000Z',
  refusedUntil: null,
  refusedReason: null,
  waiting: [],
  resolution: [],
  deferred: [],
};

export const sampleBudgets: PlatformBudget[] = [
  sampleTwitchAppBudget,
  sampleTwitchChatAccountBudget,
  sampleTwitchUserBudget,
  sampleQuietChannelBudget,
  sampleYouTubeBudget,
];

export const samples = {
  events: {
    'xstate.done.actor.loadBudgets': [
      { type: 'xstate.done.actor.loadBudgets', output: sampleBudgets },
      { type: 'xstate.done.actor.loadBudgets', output: [] },
    ],
  },
  abstract: (context) => ({ budgets: context.budgets.length > 0, failed: context.error !== null }),
} satisfies Fixture<typeof adminBudgetsMachine>;
