// The connectAccounts flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { connectAccountsMachine } from './connectAccounts.machine';
import { sampleConnection } from './samples';

export const samples = {
  inputs: [
    { returned: { platform: null, error: null } },
    { returned: { platform: 'twitch', error: 'You did not allow Castbridge on Twitch' } },
    { returned: { platform: 'youtube', error: 'YouTube reported an error: connect again' } },
    { returned: { platform: 'twitch', error: null, completion: 'one-time-token' } },
    { returned: { platform: 'youtube', error: null, completion: 'one-time-token' } },
  ],
  events: {
    'xstate.done.actor.listConnections': [
      {
        type: 'xstate.done.actor.listConnections',
        output: [sampleConnection('twitch', null), sampleConnection('youtube', 'connected')],
      },
      {
        type: 'xstate.done.actor.listConnections',
        output: [sampleConnection('twitch', 'reconnect'), { ...sampleConnection('youtube', null), configured: false }],
      },
      {
        type: 'xstate.done.actor.listConnections',
        output: [{ ...sampleConnection('twitch', null), configured: false }, sampleConnection('youtube', 'reconnect')],
      },
      {
        type: 'xstate.done.actor.listConnections',
        output: [sampleConnection('twitch', 'connected'), sampleConnection('youtube', null)],
      },
    ],
    'xstate.error.actor.listConnections': [
      { type: 'xstate.error.actor.listConnections', error: apiRefusal('Authentication required', 401) },
    ],
    'xstate.done.actor.twitchStart': [
      {
        type: 'xstate.done.actor.twitchStart',
        output: 'http://127.0.0.1:3000/standin/twitch/oauth2/authorize?state=s',
      },
    ],
    'xstate.error.actor.twitchStart': [
      {
        type: 'xstate.error.actor.twitchStart',
        error: apiRefusal(
          'Twitch is not configured on this server: set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET',
          409,
        ),
      },
    ],
    'xstate.error.actor.youtubeStart': [
      { type: 'xstate.error.actor.youtubeStart', error: apiRefusal('Too many requests', 429) },
    ],
    'xstate.done.actor.twitchComplete': [
      { type: 'xstate.done.actor.twitchComplete', output: sampleConnection('twitch', 'connected') },
    ],
    'xstate.error.actor.twitchComplete': [
      {
        type: 'xstate.error.actor.twitchComplete',
        error: apiRefusal(
          'This Twitch connection was started from another Castbridge account: connect again from this one',
          403,
        ),
      },
    ],
    'xstate.done.actor.youtubeComplete': [
      { type: 'xstate.done.actor.youtubeComplete', output: sampleConnection('youtube', 'connected') },
    ],
    'xstate.error.actor.youtubeComplete': [
      {
        type: 'xstate.error.actor.youtubeComplete',
        error: apiRefusal('This YouTube connection attempt expired: connect again', 409),
      },
    ],
    'xstate.done.actor.twitchDisconnect': [
      { type: 'xstate.done.actor.twitchDisconnect', output: sampleConnection('twitch', null) },
    ],
    'xstate.done.actor.youtubeDisconnect': [
      { type: 'xstate.done.actor.youtubeDisconnect', output: sampleConnection('youtube', null) },
    ],
    'twitch.consent': [{ type: 'twitch.consent', consent: true }],
    'youtube.consent': [{ type: 'youtube.consent', consent: true }],
    'xstate.done.actor.twitchBotConsent': [
      { type: 'xstate.done.actor.twitchBotConsent', output: { platform: 'twitch', consent: true } },
    ],
    'xstate.error.actor.twitchBotConsent': [
      {
        type: 'xstate.error.actor.twitchBotConsent',
        error: apiRefusal('Twitch did not grant the channel:bot scope: connect Twitch again to let the bot post', 409),
      },
    ],
    'xstate.done.actor.youtubeBotConsent': [
      { type: 'xstate.done.actor.youtubeBotConsent', output: { platform: 'youtube', consent: false } },
    ],
    'xstate.error.actor.youtubeDisconnect': [
      { type: 'xstate.error.actor.youtubeDisconnect', error: apiRefusal('No YouTube account is connected', 404) },
    ],
  },
  abstract: (context) => ({
    listed: context.connections
      .map((c) => `${c.platform}:${c.configured ? (c.account?.status ?? 'none') : 'unconfigured'}`)
      .join(','),
    failed: context.loadError !== null,
    twitchError: context.errors.twitch !== null,
    youtubeError: context.errors.youtube !== null,
    consent: `${context.botConsent.twitch}:${context.botConsent.youtube}`,
  }),
} satisfies Fixture<typeof connectAccountsMachine>;
