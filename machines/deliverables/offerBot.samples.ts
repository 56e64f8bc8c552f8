// The offerBot flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { offerBotMachine } from './offerBot.machine';
import { samplePausedProgress, samplePosts, sampleProgress } from './samples';

export const samples = {
  inputs: [{ offerId: 'off_nova' }, { offerId: 'off_nova', readOnly: true }],
  events: {
    'xstate.done.actor.loadBot': [
      { type: 'xstate.done.actor.loadBot', output: { progress: sampleProgress, posts: samplePosts } },
      { type: 'xstate.done.actor.loadBot', output: { progress: samplePausedProgress, posts: samplePosts } },
    ],
    'xstate.error.actor.loadBot': [{ type: 'xstate.error.actor.loadBot', error: apiRefusal('Offer not found', 404) }],
    'xstate.done.actor.setBotPaused': [
      { type: 'xstate.done.actor.setBotPaused', output: { progress: samplePausedProgress, posts: samplePosts } },
      { type: 'xstate.done.actor.setBotPaused', output: { progress: sampleProgress, posts: samplePosts } },
    ],
    'xstate.error.actor.setBotPaused': [
      { type: 'xstate.error.actor.setBotPaused', error: apiRefusal('The offer is not accepted or active', 409) },
    ],
  },
  abstract: (context) => ({
    readOnly: context.readOnly,
    loaded: context.bot !== null,
    paused: context.bot?.progress.chat?.paused ?? null,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof offerBotMachine>;
