// The stand-ins as the demo mounts them (and the tests, so that they run what `npm start` runs): the demo roster's
// channels keep their figures, and the seeded channels' tokens carry the scopes Castbridge asks for at connect.
import { callbackPath } from '../server/connections/store.ts';
import { TWITCH_SCOPES, YOUTUBE_SCOPES } from '../server/connections/providers.ts';
import { mountStandIns } from '../standins/mount.ts';
import { standInFigures, type Figures } from '../standins/oauth.ts';
import { rosterFigures } from './seed/roster.ts';

/** A channel's figures in the demo world: the roster's where it has them, the stand-in's otherwise. */
export function demoFigures(platform: 'twitch' | 'youtube', channel: string): Figures {
  return rosterFigures(platform, channel) ?? standInFigures(platform, channel);
}

export const demoStandIns = mountStandIns({
  callbackPath,
  figuresOf: (platform, channel) => rosterFigures(platform, channel),
  // A demo channel also lets Castbridge's bot read and post in its chat (channel:bot), as its owner would grant.
  demoScopes: { twitch: [...new Set([...TWITCH_SCOPES, 'channel:bot'])], youtube: [...YOUTUBE_SCOPES] },
});
