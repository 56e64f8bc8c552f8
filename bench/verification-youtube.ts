// A simulated day of YouTube delivery verification (issue 46), for `npm run bench -- verification`: 1,000 creators in
// delivery on one default quota (10,000 units), each live 4 hours of the day, against the YouTube stand-in and its
// WebSub hub charging the documented costs (standins/published/youtube.ts), on SQLite or PostgreSQL (`databaseUrl`:
// a schema of its own, dropped after). The clock is injected — the
// app's (its governor), the stand-in's (its quota and the hub's leases) and each poll's — and moved, never waited for.
// - The world: 1,000 creators in delivery since yesterday (their feeds verified before the day starts); half schedule their broadcast an hour ahead (the feed announces it then) and go live on
//   time; the others go live at once (the feed announces the new video then). 3 in 5 disclose with #ad in the title,
//   the others with YouTube's paid-promotion flag alone. Starts are spread over the day's first 20 hours, at a random
//   second.
// - Each simulated minute: the platform's changes of that minute in time order, then one poll of the live watch.
// - Measured: the units the watch spent (the stand-in's count: nothing else runs), and for each broadcast how long
//   after YouTube started or ended it the watch had recorded it (its start seen at the first poll that wrote the
//   stream, its end at the first that closed it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { nextPacificMidnight } from '../server/connections/governor.ts';
import { silentLogger } from '../server/log.ts';
import { createSealer, loadPayoutKey } from '../server/money/sealing.ts';
import { createOAuthStandIn, demoRefreshToken, standInChannelId, STANDIN_YOUTUBE_API_KEY } from '../standins/oauth.ts';
import { campaignRow, insertUsers, percentile, SECRET } from './marketplace.ts';

export interface YouTubeVerificationDay {
  /** Where the app kept its rows. */
  database: 'SQLite' | 'PostgreSQL';
  creators: number;
  /** Units the live watch spent over the day, of the project's 10,000. */
  units: number;
  byCall: Record<string, number>;
  /** The budget's ceiling: creators one quota carries at 50 ids a unit, each read once a minute while live. */
  ceilingCreators: number;
  startP95Seconds: number;
  endP95Seconds: number;
  /** Broadcasts whose start or end was never recorded. */
  missed: number;
  /** The lowest resolution the watch fell to (seconds between reads of a live broadcast). */
  worstEverySeconds: number;
  wallSeconds: number;
}

const MIN = 60_000;
const LIVE_MINUTES = 240;
const DAILY_UNITS = 10_000;

interface Broadcast {
  channel: string;
  channelId: string;
  scheduled: boolean;
  startAt: number;
  endAt: number;
  title: string;
  branded: boolean;
  seenStart: number | null;
  seenEnd: number | null;
}

export async function youtubeVerificationDay(
  options: {
    creators?: number;
    log?: (line: string) => void;
    databaseUrl?: string;
    /** Where the SQLite data directory goes: the system's temp folder (a real disk) unless given. */
    dataRoot?: string;
  } = {},
): Promise<YouTubeVerificationDay> {
  const creators = options.creators ?? 1000;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const wallStart = Date.now();
  const dataDir = fs.mkdtempSync(path.join(options.dataRoot ?? os.tmpdir(), 'castbridge-bench-youtube-'));
  const schema = options.databaseUrl ? `castbridge_bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}` : '';
  // The day starts at midnight Pacific, when the project's quota is whole.
  const dayStart = nextPacificMidnight(Date.now());
  let clock = dayStart;
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  const standIn = createOAuthStandIn({
    clientId: 'bench-client',
    clientSecret: 'bench-secret',
    redirectUris: () => [],
    now: () => clock,
    youtubeDailyQuota: DAILY_UNITS,
    demoScopes: { twitch: [], youtube: ['https://www.googleapis.com/auth/youtube.readonly'] },
    youtubeHub: {
      now: () => clock,
      deliver: async (url, init) => app!.app.request(url, init),
      retryDelaysMs: [],
    },
  });
  // Tokens outlive the simulated day: the app dates its tokens by the real clock, the stand-in by the simulated one,
  // and a token refreshed on the real clock's word would be refused (401, a unit each) on the simulated one's.
  standIn.setTokenLifetime(3 * 24 * 3600);
  let server: ServerType | null = null;
  const spentOn = { batched: 0, flags: 0 };
  try {
    const port = await new Promise<number>((resolve) => {
      // What the units went to: batched reads carry the API key; the owner's flag read asks that part alone.
      const fetch = (request: Request, ...rest: unknown[]) => {
        const url = new URL(request.url);
        if (url.pathname.endsWith('/youtube/v3/videos'))
          if (url.searchParams.has('key')) spentOn.batched += 1;
          else if (url.searchParams.get('part') === 'paidProductPlacementDetails') spentOn.flags += 1;
        return (standIn.app.fetch as (request: Request, ...rest: unknown[]) => Response | Promise<Response>)(
          request,
          ...rest,
        );
      };
      server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
    });
    const base = `http://127.0.0.1:${port}`;
    app = await createApp(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        DATABASE_SCHEMA: schema,
        JWT_SECRET: SECRET,
        GOOGLE_CLIENT_ID: 'bench-client',
        GOOGLE_CLIENT_SECRET: 'bench-secret',
        GOOGLE_AUTH_BASE: `${base}/youtube`,
        GOOGLE_TOKEN_BASE: `${base}/youtube`,
        YOUTUBE_API_BASE: `${base}/youtube`,
        YOUTUBE_WEBSUB_HUB: `${base}/youtube/pubsubhubbub/subscribe`,
        YOUTUBE_API_KEY: STANDIN_YOUTUBE_API_KEY,
        LIVE_POLL_SECONDS: '60',
      }),
      { logger: silentLogger, now: () => clock },
    );
    const { db, services, config } = app;
    // Nothing else spends the quota: no archive, no analytics, no scheduled polls (the bench polls).
    await services.jobs.stop();
    const sealer = createSealer(loadPayoutKey(config.payoutKey, dataDir));
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const ids = await insertUsers(db, creators, 'creator', (i) => ({
      notify_email: 0,
      first_name: `Creator${i}`,
      language: 'English',
      country: 'Iceland',
    }));
    const campaign = {
      ...campaignRow(advertiserId!, 1, creators),
      platforms: JSON.stringify(['YouTube']),
      deliverable_minutes: 100_000,
      accepted_count: creators,
    };
    await db.insertInto('campaigns').values(campaign).execute();
    const stamp = new Date().toISOString();
    const random = (() => {
      // A fixed seed: the same day every run.
      let seed = 46;
      return () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31;
      };
    })();
    const broadcasts: Broadcast[] = ids.map((_, i) => {
      const channel = `bench_yt_${i}`;
      const startAt = dayStart + Math.floor(random() * (24 * 60 - LIVE_MINUTES - 1) * MIN);
      const disclosesByTitle = i % 5 < 3;
      return {
        channel,
        channelId: standInChannelId('youtube', channel),
        scheduled: i % 2 === 0,
        startAt,
        endAt: startAt + LIVE_MINUTES * MIN,
        title: disclosesByTitle ? `Stream ${i} #ad` : `Stream ${i}`,
        branded: !disclosesByTitle,
        seenStart: null,
        seenEnd: null,
      };
    });
    for (let start = 0; start < ids.length; start += 200) {
      const chunk = ids.slice(start, start + 200);
      await db
        .insertInto('connected_accounts')
        .values(
          chunk.map((creatorId, k) => ({
            id: crypto.randomUUID(),
            user_id: creatorId,
            platform: 'youtube' as const,
            platform_user_id: broadcasts[start + k]!.channelId,
            login: broadcasts[start + k]!.channel,
            display_name: broadcasts[start + k]!.channel,
            scopes: 'https://www.googleapis.com/auth/youtube.readonly',
            tokens_sealed: sealer.seal({
              accessToken: 'expired',
              refreshToken: demoRefreshToken('youtube', broadcasts[start + k]!.channel),
            }),
            expires_at: 0,
            status: 'connected' as const,
            stand_in: 1,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      await db
        .insertInto('offers')
        .values(
          chunk.map((creatorId) => ({
            id: crypto.randomUUID(),
            campaign_id: campaign.id,
            creator_id: creatorId,
            status: 'accepted' as const,
            reasons: '[]',
            score: 1,
            decline_reason: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }

    // The platform's changes, in time order.
    type Change = { at: number; apply: () => void };
    const changes: Change[] = broadcasts.flatMap((b) => {
      const second = Math.floor(random() * 60) * 1000;
      b.startAt += second;
      b.endAt += second;
      const live = (): Change => ({
        at: b.startAt,
        apply: () => standIn.setChannel('youtube', b.channel, { live: true, title: b.title, branded: b.branded }),
      });
      const end: Change = {
        at: b.endAt,
        apply: () => standIn.setChannel('youtube', b.channel, { live: false }),
      };
      return b.scheduled
        ? [
            {
              at: b.startAt - 60 * MIN,
              apply: () =>
                standIn.setChannel('youtube', b.channel, { schedule: { title: b.title, startsAt: b.startAt } }),
            },
            live(),
            end,
          ]
        : [live(), end];
    });
    changes.sort((a, b) => a.at - b.at);

    // The creators have been in delivery since yesterday: their feeds subscribed and verified, the broadcasts
    // announced before that looked up (catch-ups cost 10 units once per channel entering delivery, not per day).
    clock = dayStart - 2 * 60 * MIN;
    await services.live.pollOnce(clock);
    await standIn.youtubeHub.idle();
    await db.updateTable('youtube_feeds').set({ caught_up_at: clock }).where('state', '=', 'active').execute();
    const verifiedFeeds = await db
      .selectFrom('youtube_feeds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'active')
      .executeTakeFirstOrThrow();
    if (Number(verifiedFeeds.n) !== creators) throw new Error(`only ${verifiedFeeds.n} feeds verified`);
    const yesterday = standIn.calls.youtube.units;
    spentOn.batched = 0;
    spentOn.flags = 0;
    const yesterdayByCall = { ...standIn.calls.youtube.byCall };

    const byChannel = new Map(broadcasts.map((b) => [b.channelId, b]));
    let worstEvery = 60;
    let next = 0;
    for (let minute = 1; minute <= 24 * 60; minute += 1) {
      const pollAt = dayStart + minute * MIN;
      for (; next < changes.length && changes[next]!.at <= pollAt; next += 1) {
        clock = changes[next]!.at;
        changes[next]!.apply();
      }
      await standIn.youtubeHub.idle();
      clock = pollAt;
      await services.live.pollOnce(pollAt);
      await standIn.youtubeHub.idle();
      worstEvery = Math.max(worstEvery, services.live.youtubeResolution().everySeconds);
      // What the watch has recorded by now.
      const pending = broadcasts.filter(
        (b) => (b.seenStart === null && b.startAt <= pollAt) || (b.seenEnd === null && b.endAt <= pollAt),
      );
      for (let i = 0; i < pending.length; i += 500) {
        const rows = await db
          .selectFrom('live_streams')
          .select(['channel_id', 'ended_at'])
          .where(
            'channel_id',
            'in',
            pending.slice(i, i + 500).map((b) => b.channelId),
          )
          .execute();
        for (const row of rows) {
          const b = byChannel.get(row.channel_id)!;
          if (b.seenStart === null && b.startAt <= pollAt) b.seenStart = pollAt;
          if (b.seenEnd === null && row.ended_at !== null && b.endAt <= pollAt) b.seenEnd = pollAt;
        }
      }
      if (minute % 240 === 0)
        log(
          `  ${minute / 60} h: ${standIn.calls.youtube.units - yesterday} units spent, ${services.live.youtubeResolution().videos} broadcasts live or starting`,
        );
    }
    if (process.env.BENCH_DEBUG)
      for (const b of broadcasts.filter((x) => x.seenStart === null || x.seenEnd === null))
        log(
          `missed ${b.channel} scheduled=${b.scheduled} start=+${(b.startAt - dayStart) / MIN}min end=+${(b.endAt - dayStart) / MIN}min seenStart=${b.seenStart === null ? null : (b.seenStart - dayStart) / MIN} seenEnd=${b.seenEnd === null ? null : (b.seenEnd - dayStart) / MIN}`,
        );
    const starts = broadcasts.flatMap((b) => (b.seenStart === null ? [] : [(b.seenStart - b.startAt) / 1000]));
    const ends = broadcasts.flatMap((b) => (b.seenEnd === null ? [] : [(b.seenEnd - b.endAt) / 1000]));
    const result: YouTubeVerificationDay = {
      database: options.databaseUrl ? 'PostgreSQL' : 'SQLite',
      creators,
      units: standIn.calls.youtube.units - yesterday,
      byCall: {
        ...Object.fromEntries(
          Object.entries(standIn.calls.youtube.byCall).map(([call, units]) => [
            call,
            units - (yesterdayByCall[call] ?? 0),
          ]),
        ),
        'videos.list batched (API key)': spentOn.batched,
        'videos.list owner flag': spentOn.flags,
      },
      ceilingCreators: Math.floor(DAILY_UNITS / ((LIVE_MINUTES / 50) * 1)),
      startP95Seconds: Math.round(percentile(starts, 95)),
      endP95Seconds: Math.round(percentile(ends, 95)),
      missed: broadcasts.filter((b) => b.seenStart === null || b.seenEnd === null).length,
      worstEverySeconds: worstEvery,
      wallSeconds: Math.round((Date.now() - wallStart) / 1000),
    };
    return result;
  } finally {
    await app?.close();
    (server as ServerType | null)?.close();
    standIn.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (options.databaseUrl) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
    }
  }
}

// Runs alone: `npx tsx bench/verification-youtube.ts [--postgres] [--creators N]` (PostgreSQL: BENCH_DATABASE_URL or
// the local test database).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const arg = (name: string) => process.argv.indexOf(name);
  const creators = arg('--creators') > 0 ? Number(process.argv[arg('--creators') + 1]) : undefined;
  youtubeVerificationDay({
    creators,
    databaseUrl:
      arg('--postgres') > 0 ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined,
  })
    .then((result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
