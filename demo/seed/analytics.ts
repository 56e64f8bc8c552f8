// The demo creator's channels and a year of their figures (docs/product.md §Analytics), as ordinary rows: a Twitch and a YouTube channel
// connected through the local stand-ins (their refresh tokens are ones the demo stand-in honours, so the collector
// keeps reading them after a restart), and a year of daily totals and evening viewer samples that end where the
// stand-in's figures stand today — so the demo's Analytics shows real charts that the next collection continues.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SeriesKey } from '../../contract/analytics.ts';
import type { ConnectPlatform } from '../../contract/connections.ts';
import type { CastbridgeApp } from '../../server/app.ts';
import { TWITCH_SCOPES, YOUTUBE_SCOPES } from '../../server/connections/providers.ts';
import type { Database } from '../../server/db/types.ts';
import { createSealer, loadPayoutKey, type Sealer } from '../../server/money/sealing.ts';
import { demoRefreshToken, standInChannelId, standInFigures } from '../../standins/oauth.ts';
import { rosterFigures } from './roster.ts';

/** A channel the seed connects: the stand-in's channel name, and the login and display name Castbridge keeps. */
export interface DemoChannel {
  channel: string;
  login: string;
  displayName: string;
}

export const DEMO_CHANNELS: Record<ConnectPlatform, DemoChannel> = {
  twitch: { channel: 'alexrivera_live', login: 'alexrivera_live', displayName: 'AlexRivera_Live' },
  youtube: { channel: 'alexriveraplays', login: '@alexriveraplays', displayName: 'Alex Rivera Plays' },
};

const DAY = 86_400_000;
/** A repeatable wobble in [0, 1) for day `d` of series `seed`. */
const wobble = (seed: string, d: number) =>
  parseInt(crypto.createHash('sha256').update(`${seed}:${d}`).digest('hex').slice(0, 6), 16) / 0xffffff;

/**
 * A year of one platform's figures, by moment: totals once a day at noon, viewers every 15 minutes of a 19:00–21:00
 * UTC stream, ending where the stand-in's figures for `channel` (the demo creator's by default) stand today.
 */
export function demoYear(
  platform: ConnectPlatform,
  now: number,
  channel = DEMO_CHANNELS[platform].channel,
): { at: number; samples: Partial<Record<SeriesKey, number>> }[] {
  const final = rosterFigures(platform, channel) ?? standInFigures(platform, channel);
  // The demo creator's wobble as it always was; each other channel its own.
  const wobbleSeed =
    channel === DEMO_CHANNELS[platform].channel ? `${platform}-viewers` : `${platform}-viewers:${channel}`;
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const moments: { at: number; samples: Partial<Record<SeriesKey, number>> }[] = [];
  const totals: SeriesKey[] = platform === 'twitch' ? ['followers', 'subscribers'] : ['subscribers', 'views'];
  for (let d = 364; d >= 1; d -= 1) {
    const day = today - d * DAY;
    // Yesterday's totals are today's figures: the directory rows the seed publishes read them, whether or not the
    // collector's first run (a job racing the seed) has read the stand-in yet.
    const progress = (364 - d) / 363;
    const samples: Partial<Record<SeriesKey, number>> = {};
    for (const key of totals) {
      const target = (key === 'subscribers' ? final.subscribers : final[key as 'followers' | 'views']) ?? 0;
      // Growth to 100 % of today's figure from about 45 % a year ago, never going down.
      samples[key] = Math.floor(target * (0.45 + 0.55 * progress ** 1.2));
    }
    moments.push({ at: day + 12 * 3_600_000, samples });
    for (let q = 0; q < 8; q += 1) {
      const level = 0.4 + 0.6 * progress;
      moments.push({
        at: day + 19 * 3_600_000 + q * 15 * 60_000,
        samples: {
          viewers: Math.round(final.viewers * level * (0.8 + 0.4 * wobble(wobbleSeed, d * 8 + q))),
        },
      });
    }
  }
  return moments;
}

/** Connects the demo creator's channels (only where the platforms are the local stand-ins) and writes their year. */
export async function seedAnalytics(castbridge: CastbridgeApp, creatorId: string): Promise<void> {
  await seedChannels(castbridge, creatorId, DEMO_CHANNELS);
}

/**
 * Writes a year of figures for each of `channels` and connects it where its platform is the local stand-in (the
 * collector then follows it, reading on from where the year ends).
 */
export async function seedChannels(
  castbridge: CastbridgeApp,
  creatorId: string,
  channels: Partial<Record<ConnectPlatform, DemoChannel>>,
): Promise<void> {
  const { db, config, services } = castbridge;
  const sealer = createSealer(loadPayoutKey(config.payoutKey, config.dataDir));
  const now = Date.now();
  for (const platform of ['twitch', 'youtube'] as const) {
    const channel = channels[platform];
    if (!channel) continue;
    await services.metrics.writeMany(creatorId, platform, demoYear(platform, now, channel.channel));
    if (!config.oauth[platform]?.standIn) continue;
    await connectDemoChannel(db, sealer, creatorId, platform, channel, now);
    const account = await services.connections.account(creatorId, platform);
    if (account) await services.collector.follow(account);
  }
}

async function connectDemoChannel(
  db: Kysely<Database>,
  sealer: Sealer,
  creatorId: string,
  platform: ConnectPlatform,
  channel: DemoChannel,
  now: number,
): Promise<void> {
  const stamp = new Date(now).toISOString();
  await db
    .insertInto('connected_accounts')
    .values({
      id: crypto.randomUUID(),
      user_id: creatorId,
      platform,
      platform_user_id: standInChannelId(platform, channel.channel),
      login: channel.login,
      display_name: channel.displayName,
      scopes: (platform === 'twitch' ? TWITCH_SCOPES : YOUTUBE_SCOPES).join(' '),
      // Expired: the first collection refreshes it with the demo refresh token.
      tokens_sealed: sealer.seal({
        accessToken: 'demo-expired',
        refreshToken: demoRefreshToken(platform, channel.channel),
      }),
      expires_at: 0,
      status: 'connected',
      stand_in: 1,
      archiving: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}
