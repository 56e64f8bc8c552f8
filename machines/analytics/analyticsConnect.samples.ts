// The analyticsConnect flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { analyticsConnectMachine } from './analyticsConnect.machine';
import { sampleCreatorAnalytics } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadAnalytics': [
      { type: 'xstate.done.actor.loadAnalytics', output: sampleCreatorAnalytics('none') },
      { type: 'xstate.done.actor.loadAnalytics', output: sampleCreatorAnalytics('complete') },
      { type: 'xstate.done.actor.loadAnalytics', output: sampleCreatorAnalytics('partial') },
      { type: 'xstate.done.actor.loadAnalytics', output: sampleCreatorAnalytics('twitchOnly') },
      { type: 'xstate.done.actor.loadAnalytics', output: sampleCreatorAnalytics('complete', '12m') },
    ],
    'xstate.error.actor.loadAnalytics': [
      { type: 'xstate.error.actor.loadAnalytics', error: apiRefusal('The server could not be reached', 0) },
    ],
    'tab.select': [
      { type: 'tab.select', tab: 'youtube' },
      { type: 'tab.select', tab: 'twitch' },
    ],
    // Two ranges: a change to another one while the first loads.
    'range.change': [
      { type: 'range.change', range: '12m' },
      { type: 'range.change', range: '7d' },
    ],
  },
  abstract: (context) => ({
    range: context.range,
    data:
      context.data === null
        ? null
        : `${context.data.range}:${context.data.twitch.channel !== null}:${context.data.twitch.metrics.filter((m) => m.missing).length}:${context.data.youtube.channel !== null}`,
    error: context.error !== null,
  }),
} satisfies Fixture<typeof analyticsConnectMachine>;
