// The live watcher (server/connections/live.ts) on SQLite and PostgreSQL, against a small in-process Twitch (app token,
// Helix streams, channels and videos) and YouTube (liveBroadcasts, videos) speaking the real APIs' shapes: which
// channels are watched (a delivery offer on an active campaign of that platform), a Twitch channel going live,
// disclosing by title and by the branded flag, changing viewers and going offline (streams, samples, watch rows,
// its VOD); 250 channels in 3 + 3 Helix calls; a 429 waits for Ratelimit-Reset; an unreachable platform changes
// nothing; YouTube's paid-promotion flag and watch URL; a revoked grant is the channel's problem; the creators told
// after a poll; two instances polling at once write each sample once.
import crypto from 'node:crypto';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namespaceOf } from '../../server/cluster/index.ts';
import { postgresLocks } from '../../server/cluster/locks.ts';
import type { Config, OAuthClient } from '../../server/config.ts';
import { channelsOf, createLiveWatch, isDisclosed, type LiveWatchDeps } from '../../server/connections/live.ts';
import type { Connections } from '../../server/connections/store.ts';
import { HttpError } from '../../server/http/errors.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { createOAuthStandIn, type OAuthStandIn } from '../../standins/oauth.ts';
import { BACKENDS, findPostgres, makeBackend, memoryLogger, startApp, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';
import { connect, serveStandIn, standInSettings, testClient } from './oauth-flow.ts';
import { connectionProblems } from '../../server/connections/problems.ts';

// In the past: the 429 test's real clock comes after it.
const T0 = Date.parse('2026-01-15T12:00:00Z');
const MIN = 60_000;

interface FakeChannel {
  live: boolean;
  streamId: string;
  startedAt: number;
  title: string;
  branded: boolean;
  viewers: number;
  /** Twitch: the archive's VOD of this stream exists. */
  recorded?: boolean;
}

/** Twitch and YouTube as their APIs answer, in process; `calls` counts what was asked. */
function fakePlatforms() {
  const channels = new Map<string, FakeChannel>();
  const appTokens = new Set<string>();
  const calls = {
    token: 0,
    streams: 0,
    channels: 0,
    videos: 0,
    liveBroadcasts: 0,
    ytVideos: 0,
    videosOf: [] as string[],
  };
  const state = {
    channels,
    calls,
    /** Twitch: the next Helix calls answer 429 until this epoch ms. */
    limitedUntil: 0,
    down: false,
    refuseApp: false,
    /** YouTube access tokens the platform no longer accepts. */
    revoked: new Set<string>(),
    /** Held until opened (the two-instances test). */
    gate: null as Promise<void> | null,
    set(id: string, change: Partial<FakeChannel>) {
      const current = channels.get(id) ?? {
        live: false,
        streamId: '',
        startedAt: 0,
        title: '',
        branded: false,
        viewers: 0,
      };
      channels.set(id, { ...current, ...change });
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (state.down) throw new TypeError('fetch failed');
      if (state.gate) await state.gate;
      const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
      const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
      if (url.pathname === '/twitch/oauth2/token') {
        const form = new URLSearchParams(await request.text());
        calls.token += 1;
        if (
          state.refuseApp ||
          form.get('client_secret') !== 'secret' ||
          form.get('grant_type') !== 'client_credentials'
        )
          return json({ status: 400, message: 'invalid client secret' }, 400);
        const token = `app-${crypto.randomUUID()}`;
        appTokens.add(token);
        return json({ access_token: token, expires_in: 5_000_000, token_type: 'bearer' });
      }
      if (url.pathname.startsWith('/twitch/helix/')) {
        if (!appTokens.has(bearer) || request.headers.get('client-id') !== 'client')
          return json({ error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' }, 401);
        if (Date.now() < state.limitedUntil)
          return json({ error: 'Too Many Requests', status: 429, message: '' }, 429, {
            'Ratelimit-Reset': String(Math.ceil(state.limitedUntil / 1000)),
          });
        const path = url.pathname.slice('/twitch/helix/'.length);
        if (path === 'streams') {
          calls.streams += 1;
          const ids = url.searchParams.getAll('user_id');
          if (ids.length > 100 || url.searchParams.get('first') !== '100') return json({ message: 'bad' }, 400);
          return json({
            data: ids.flatMap((id) => {
              const c = channels.get(id);
              return c?.live
                ? [
                    {
                      id: c.streamId,
                      user_id: id,
                      user_login: id,
                      type: 'live',
                      title: c.title,
                      viewer_count: c.viewers,
                      started_at: new Date(c.startedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
                    },
                  ]
                : [];
            }),
            pagination: {},
          });
        }
        if (path === 'channels') {
          calls.channels += 1;
          const ids = url.searchParams.getAll('broadcaster_id');
          if (ids.length > 100) return json({ message: 'bad' }, 400);
          return json({
            data: ids.map((id) => ({
              broadcaster_id: id,
              broadcaster_login: id,
              title: channels.get(id)?.title ?? '',
              is_branded_content: channels.get(id)?.branded ?? false,
            })),
          });
        }
        if (path === 'videos') {
          calls.videos += 1;
          calls.videosOf.push(url.searchParams.get('user_id') ?? '');
          const c = channels.get(url.searchParams.get('user_id') ?? '');
          if (url.searchParams.get('type') !== 'archive') return json({ message: 'bad' }, 400);
          return json({
            data:
              c?.recorded && c.streamId
                ? [
                    { id: `v${c.streamId}`, stream_id: 'other', url: 'https://www.twitch.tv/videos/1' },
                    { id: `v${c.streamId}`, stream_id: c.streamId, url: `https://www.twitch.tv/videos/v${c.streamId}` },
                  ]
                : [],
            pagination: {},
          });
        }
      }
      if (url.pathname.startsWith('/youtube/youtube/v3/')) {
        // The channel is the token's: `access-<channel id>`.
        const id = bearer.replace(/^access-/, '');
        if (url.pathname.endsWith('/liveBroadcasts')) calls.liveBroadcasts += 1;
        if (!bearer || state.revoked.has(bearer))
          return json({ error: { code: 401, message: 'Request had invalid authentication credentials.' } }, 401);
        const c = channels.get(id);
        if (url.pathname.endsWith('/liveBroadcasts')) {
          return json({
            kind: 'youtube#liveBroadcastListResponse',
            items: c?.live
              ? [
                  {
                    id: c.streamId,
                    snippet: { title: c.title, actualStartTime: new Date(c.startedAt).toISOString() },
                  },
                ]
              : [],
          });
        }
        if (url.pathname.endsWith('/videos')) {
          calls.ytVideos += 1;
          return json({
            kind: 'youtube#videoListResponse',
            items:
              c?.live && url.searchParams.get('id') === c.streamId
                ? [
                    {
                      id: c.streamId,
                      snippet: { title: c.title },
                      liveStreamingDetails: {
                        actualStartTime: new Date(c.startedAt).toISOString(),
                        concurrentViewers: String(c.viewers),
                      },
                      paidProductPlacementDetails: { hasPaidProductPlacement: c.branded },
                    },
                  ]
                : [],
          });
        }
      }
      return json({ message: 'not found' }, 404);
    }) as typeof fetch,
  };
  return state;
}

const client = (base: string): OAuthClient => ({
  clientId: 'client',
  clientSecret: 'secret',
  authBase: base,
  tokenBase: base,
  apiBase: base,
  standIn: false,
});

describe('disclosure in a title', () => {
  it('is a hashtag: #ad, #sponsored, #advertisement, #publicidad or #patrocinado, in any case, as a word of its own', () => {
    for (const platform of ['twitch', 'youtube'] as const) {
      for (const title of [
        'Speedrun #ad',
        '#AD speedrun',
        'Speedrun (#Sponsored)',
        'Speedrun [#ad] any%',
        'Live #ad!',
        'Live #ad, thanks Nova',
        'Live #ad?! yes',
        'Live #ad; more',
        'Live | #ad | !nova',
        'Live #ad\tspeedrun',
        'Speedrun #advertisement',
        'Directo #publicidad',
        'Directo #Patrocinado: Nova',
        '#sponsored',
      ])
        expect(isDisclosed(platform, title, false), `${platform}: ${title}`).toBe(true);
    }
  });

  it('does not count near-misses: a tag that continues into another word, a period after it, a tag inside a word', () => {
    for (const platform of ['twitch', 'youtube'] as const) {
      for (const title of [
        'Speedrun #ad-free',
        'Speedrun #ad.',
        'Speedrun #ad. Thanks',
        'Speedrun #ad.ly',
        'Speedrun #sponsored-by-nobody',
        'Speedrun #adventure',
        'Speedrun #ads',
        'Speedrun #ad_free',
        'Speedrun #ad!free',
        'Speedrun #ad#',
        'Speedrun ##ad',
        'Speedrun ad sponsored',
        'mail#ad',
        'Speedrun #publicidad-no',
        'Speedrun #patrocinador',
        'Speedrun #advertisements',
        'Speedrun',
      ])
        expect(isDisclosed(platform, title, false), `${platform}: ${title}`).toBe(false);
    }
  });

  it("is the platform's own flag whatever the title", () => {
    expect(isDisclosed('twitch', 'Speedrun', true)).toBe(true);
    expect(isDisclosed('youtube', 'Live #ad-free', true)).toBe(true);
  });
});

describe.each(BACKENDS)('the live watcher on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let advertiser: Account;
  let n = 0;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    // No platform configured: the app's own watcher stays off; each test builds one against the fake platforms.
    api = await startApp(backend);
    advertiser = await account(api, 'advertiser');
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const db = () => api.castbridge.db;

  /** Every campaign so far ends: a test watches only what it makes. */
  const reset = () => db().updateTable('campaigns').set({ status: 'completed' }).execute();

  async function campaign(platforms: string[], status: 'active' | 'paused' = 'active'): Promise<string> {
    const id = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db()
      .insertInto('campaigns')
      .values({
        id,
        advertiser_id: advertiser.id,
        brand: 'Nova',
        title: 'Streams',
        description: 'On stream',
        image: null,
        pay_cents: 10_000,
        spots: 1000,
        platforms: JSON.stringify(platforms),
        languages: '[]',
        countries: '[]',
        categories: '[]',
        min_avg_viewers: null,
        deliverable_minutes: 120,
        starts_on: '2026-01-01',
        ends_on: '2027-01-01',
        disclosure: 'Sponsored by Nova',
        status,
        created_at: stamp,
        updated_at: stamp,
        launched_at: stamp,
      })
      .execute();
    return id;
  }

  /** Creators with a connected channel each and an offer on `campaignId`; answers them with their channel ids. */
  async function creators(
    count: number,
    platform: 'twitch' | 'youtube',
    campaignId: string,
    offerStatus: 'accepted' | 'active' | 'invited' = 'accepted',
  ) {
    const sealer = createSealer(loadPayoutKey(api.castbridge.config.payoutKey, api.castbridge.config.dataDir));
    const made: { creator: Account; channelId: string; accountId: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const creator = await account(api, 'creator');
      n += 1;
      made.push({ creator, channelId: `${platform}-${backendName}-${n}`, accountId: crypto.randomUUID() });
    }
    const stamp = new Date().toISOString();
    for (let i = 0; i < made.length; i += 100) {
      const batch = made.slice(i, i + 100);
      await db()
        .insertInto('connected_accounts')
        .values(
          batch.map((m) => ({
            id: m.accountId,
            user_id: m.creator.id,
            platform,
            platform_user_id: m.channelId,
            login: `login_${m.channelId}`,
            display_name: m.channelId,
            scopes: '',
            tokens_sealed: sealer.seal({ accessToken: `access-${m.channelId}`, refreshToken: 'refresh' }),
            expires_at: Date.now() + 3_600_000,
            status: 'connected' as const,
            stand_in: 0,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      await db()
        .insertInto('offers')
        .values(
          batch.map((m) => ({
            id: crypto.randomUUID(),
            campaign_id: campaignId,
            creator_id: m.creator.id,
            status: offerStatus,
            reasons: '[]',
            score: 1,
            decline_reason: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    return made;
  }

  function watcher(
    fake: ReturnType<typeof fakePlatforms>,
    options: Partial<LiveWatchDeps> & { connections?: LiveWatchDeps['connections'] } = {},
  ) {
    const logger = memoryLogger();
    const config: Pick<Config, 'oauth' | 'livePollSeconds'> = {
      livePollSeconds: 60,
      oauth: { twitch: client('http://platform.test/twitch'), youtube: client('http://platform.test/youtube') },
    };
    return createLiveWatch({
      db: db(),
      config,
      connections: api.castbridge.services.connections,
      jobs: api.castbridge.services.jobs,
      logger,
      selfFetch: { resolve: (base) => base, fetch: fake.fetch },
      // The app's own budgets: every watcher of a test spends the same app token's.
      governor: api.castbridge.services.governor,
      ...options,
    });
  }

  const watchRow = (accountId: string) =>
    db().selectFrom('live_watch').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
  const samples = (key: string) =>
    db()
      .selectFrom('live_samples')
      .selectAll()
      .where('stream_key', '=', key)
      .orderBy('at')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          at: Number(r.at),
          viewers: r.viewers,
          title: r.title,
          branded: Number(r.branded),
          disclosed: Number(r.disclosed),
        })),
      );
  const stream = (key: string) =>
    db()
      .selectFrom('live_streams')
      .selectAll()
      .where('id', '=', key)
      .executeTakeFirst()
      .then(
        (r) =>
          r && {
            creator: r.creator_id,
            startedAt: Number(r.started_at),
            lastLiveAt: Number(r.last_live_at),
            endedAt: r.ended_at === null ? null : Number(r.ended_at),
            title: r.title,
            recording: r.recording_url,
          },
      );

  it('watches the channels of creators with a delivery offer on an active campaign of that platform, and only those', async () => {
    await reset();
    const twitchOnly = await campaign(['Twitch']);
    const anyPlatform = await campaign([]);
    const paused = await campaign(['Twitch', 'YouTube'], 'paused');
    const [accepted] = await creators(1, 'twitch', twitchOnly, 'accepted');
    const [active] = await creators(1, 'twitch', twitchOnly, 'active');
    const [wrongPlatform] = await creators(1, 'youtube', twitchOnly, 'accepted');
    const [invited] = await creators(1, 'twitch', twitchOnly, 'invited');
    const [onPaused] = await creators(1, 'twitch', paused, 'accepted');
    const [youtubeAny] = await creators(1, 'youtube', anyPlatform, 'active');
    const live = watcher(fakePlatforms());
    const watched = await live.sync();
    expect(watched.map((w) => w.accountId).sort()).toEqual(
      [accepted!.accountId, active!.accountId, youtubeAny!.accountId].sort(),
    );
    const rows = await db().selectFrom('live_watch').select(['account_id', 'creator_id', 'platform']).execute();
    expect(rows.map((r) => r.account_id).sort()).toEqual(watched.map((w) => w.accountId).sort());
    for (const left of [wrongPlatform, invited, onPaused])
      expect(rows.some((r) => r.account_id === left!.accountId)).toBe(false);

    // The campaign ends: its channels are no longer watched.
    await db().updateTable('campaigns').set({ status: 'completed' }).where('id', '=', twitchOnly).execute();
    await live.sync();
    const after = await db().selectFrom('live_watch').select('account_id').execute();
    expect(after.map((r) => r.account_id)).toEqual([youtubeAny!.accountId]);
  });

  it('a Twitch channel goes live, discloses by title then by its branded flag, and goes offline with its VOD', async () => {
    await reset();
    const fake = fakePlatforms();
    const checked: [string[], number][] = [];
    const live = watcher(fake, { onChecked: (ids, now) => void checked.push([ids, now]) });
    const [one] = await creators(1, 'twitch', await campaign(['Twitch']));
    const { channelId, accountId, creator } = one!;

    fake.set(channelId, { live: false });
    expect(await live.pollOnce(T0)).toMatchObject({ skipped: false, answered: 1, problems: 0 });
    expect(await watchRow(accountId)).toMatchObject({ live: 0, stream_key: null, problem: null });
    expect(Number((await watchRow(accountId)).checked_at)).toBe(T0);
    expect(checked).toEqual([[[creator.id], T0]]);

    fake.set(channelId, { live: true, streamId: 's1', startedAt: T0 + 10_000, title: 'Speedrun', viewers: 42 });
    await live.pollOnce(T0 + MIN);
    const key = 'twitch:s1';
    expect(await stream(key)).toEqual({
      creator: creator.id,
      startedAt: T0 + 10_000,
      lastLiveAt: T0 + MIN,
      endedAt: null,
      title: 'Speedrun',
      recording: null,
    });
    expect(await watchRow(accountId)).toMatchObject({ live: 1, stream_key: key, problem: null });

    fake.set(channelId, { title: 'Speedrun #ad', viewers: 50 });
    await live.pollOnce(T0 + 2 * MIN);
    expect(await channelsOf(db(), creator.id)).toEqual([
      {
        platform: 'twitch',
        login: `login_${channelId}`,
        live: true,
        checkedAt: new Date(T0 + 2 * MIN).toISOString(),
        title: 'Speedrun #ad',
        disclosed: true,
        viewers: 50,
        problem: null,
      },
    ]);
    fake.set(channelId, { title: 'Speedrun', branded: true, viewers: 61 });
    await live.pollOnce(T0 + 3 * MIN);
    // Not looked for while live before 10 minutes.
    expect(fake.calls.videos).toBe(0);

    fake.set(channelId, { live: false, recorded: true });
    await live.pollOnce(T0 + 4 * MIN);
    expect(await samples(key)).toEqual([
      { at: T0 + MIN, viewers: 42, title: 'Speedrun', branded: 0, disclosed: 0 },
      { at: T0 + 2 * MIN, viewers: 50, title: 'Speedrun #ad', branded: 0, disclosed: 1 },
      { at: T0 + 3 * MIN, viewers: 61, title: 'Speedrun', branded: 1, disclosed: 1 },
    ]);
    expect(await stream(key)).toMatchObject({
      lastLiveAt: T0 + 3 * MIN,
      endedAt: T0 + 4 * MIN,
      recording: 'https://www.twitch.tv/videos/vs1',
    });
    expect(fake.calls.videos).toBe(1);
    expect(await watchRow(accountId)).toMatchObject({ live: 0, stream_key: null });
    expect((await channelsOf(db(), creator.id))[0]).toMatchObject({ live: false, title: null, viewers: null });
    expect(checked.map(([, at]) => at)).toEqual([T0, T0 + MIN, T0 + 2 * MIN, T0 + 3 * MIN, T0 + 4 * MIN]);

    // A new stream ends the one before at the first look that sees it.
    fake.set(channelId, { live: true, streamId: 's2', startedAt: T0 + 5 * MIN, recorded: false });
    await live.pollOnce(T0 + 6 * MIN);
    fake.set(channelId, { streamId: 's3', startedAt: T0 + 6 * MIN + 1 });
    await live.pollOnce(T0 + 7 * MIN);
    expect(await stream('twitch:s2')).toMatchObject({ endedAt: T0 + 7 * MIN });
    expect(await stream('twitch:s3')).toMatchObject({ endedAt: null });
    // One app token for all of it.
    expect(fake.calls.token).toBe(1);
  });

  it('a channel no longer watched has its open stream ended at the last look that found it live', async () => {
    await reset();
    const fake = fakePlatforms();
    const live = watcher(fake);
    const campaignId = await campaign(['Twitch']);
    const [one] = await creators(1, 'twitch', campaignId);
    fake.set(one!.channelId, { live: true, streamId: 'u1', startedAt: T0, title: 'x', viewers: 1 });
    await live.pollOnce(T0 + MIN);
    await db().updateTable('campaigns').set({ status: 'completed' }).where('id', '=', campaignId).execute();
    await live.pollOnce(T0 + 2 * MIN);
    expect(await stream('twitch:u1')).toMatchObject({ lastLiveAt: T0 + MIN, endedAt: T0 + MIN });
    expect(await db().selectFrom('live_watch').select('account_id').execute()).toEqual([]);
    // Its VOD is still looked for once it ended.
    expect(fake.calls.videosOf.filter((id) => id === one!.channelId)).toHaveLength(1);
  });

  it('a live Twitch stream is looked for its VOD every 10 minutes until found', async () => {
    await reset();
    const fake = fakePlatforms();
    const live = watcher(fake);
    const [one] = await creators(1, 'twitch', await campaign(['Twitch']));
    fake.set(one!.channelId, { live: true, streamId: 'r1', startedAt: T0, title: 'Long one', viewers: 5 });
    for (let minute = 0; minute <= 25; minute += 1) {
      if (minute === 21) fake.set(one!.channelId, { recorded: true });
      await live.pollOnce(T0 + minute * MIN);
    }
    // At 10 and 20 minutes (none yet), then at 30 it would be found: not before.
    expect(fake.calls.videos).toBe(2);
    expect(await stream('twitch:r1')).toMatchObject({ recording: null });
    await live.pollOnce(T0 + 30 * MIN);
    expect(await stream('twitch:r1')).toMatchObject({ recording: 'https://www.twitch.tv/videos/vr1' });
    await live.pollOnce(T0 + 45 * MIN);
    expect(fake.calls.videos).toBe(3);
  });

  it('250 live Twitch channels cost 3 Get Streams and 3 Get Channel Information calls a poll', async () => {
    await reset();
    const fake = fakePlatforms();
    const live = watcher(fake);
    const made = await creators(250, 'twitch', await campaign(['Twitch']));
    for (const [i, m] of made.entries())
      fake.set(m.channelId, { live: true, streamId: `b${backendName}${i}`, startedAt: T0, title: 'x', viewers: i });
    const governor = api.castbridge.services.governor;
    const spent = async () =>
      (await governor.budgets()).find((b) => b.provider === 'twitch' && b.credential === 'app')?.spent ?? 0;
    const before = await spent();
    const result = await live.pollOnce(T0);
    expect(result).toMatchObject({ answered: 250, problems: 0 });
    expect(fake.calls).toMatchObject({ token: 1, streams: 3, channels: 3, videos: 0 });
    expect(live.helixPointsLastMinute(T0)).toBe(6);
    // Spent from the app token's budget, which the cluster shares.
    expect((await spent()) - before).toBe(6);
    const rows = await db()
      .selectFrom('live_samples')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('at', '=', T0)
      .where('stream_key', 'like', `twitch:b${backendName}%`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(250);
    await live.pollOnce(T0 + 30_000);
    expect(live.helixPointsLastMinute(T0 + 30_000)).toBe(12);
    // A minute later the first poll's points are out of the window.
    expect(live.helixPointsLastMinute(T0 + 60_000)).toBe(6);
  });

  it('a 429 skips Twitch until its Ratelimit-Reset; an unreachable platform or a refused app changes nothing it knew', async () => {
    await reset();
    const fake = fakePlatforms();
    const checked: string[][] = [];
    const live = watcher(fake, { onChecked: (ids) => void checked.push(ids) });
    const [one] = await creators(1, 'twitch', await campaign(['Twitch']));
    fake.set(one!.channelId, { live: true, streamId: 'q1', startedAt: T0, title: 'x', viewers: 3 });
    await live.pollOnce(T0);
    const streamsBefore = fake.calls.streams;

    // The reset is real time (Helix's header is epoch seconds): a pause 2 s from now.
    const now = Date.now();
    fake.limitedUntil = now + 2000;
    expect(await live.pollOnce(now)).toMatchObject({ answered: 0 });
    await live.pollOnce(now + 1000);
    // Nothing asked before the reset.
    expect(fake.calls.streams).toBe(streamsBefore);
    expect(Number((await watchRow(one!.accountId)).checked_at)).toBe(T0);
    fake.limitedUntil = 0;
    expect(await live.pollOnce(now + 3000)).toMatchObject({ answered: 1 });

    fake.down = true;
    expect(await live.pollOnce(now + 4000)).toMatchObject({ answered: 0, problems: 0 });
    expect(await watchRow(one!.accountId)).toMatchObject({ live: 1, stream_key: 'twitch:q1', problem: null });
    expect(Number((await watchRow(one!.accountId)).checked_at)).toBe(now + 3000);
    expect(await stream('twitch:q1')).toMatchObject({ endedAt: null, lastLiveAt: now + 3000 });
    fake.down = false;

    // The app credentials refused: said on the channel, nothing else changes.
    const refused = watcher(fake);
    fake.refuseApp = true;
    expect(await refused.pollOnce(now + 5000)).toMatchObject({ answered: 0, problems: 1 });
    expect((await watchRow(one!.accountId)).problem).toMatch(/Twitch refused Castbridge’s app credentials/);
    expect(Number((await watchRow(one!.accountId)).checked_at)).toBe(now + 3000);
    fake.refuseApp = false;
    await refused.pollOnce(now + 6000);
    expect((await watchRow(one!.accountId)).problem).toBeNull();
    expect(checked).toEqual([[one!.creator.id], [one!.creator.id]]);
  });

  it('a YouTube broadcast with the paid-promotion flag, then #ad in its title; its recording is the watch page', async () => {
    await reset();
    const fake = fakePlatforms();
    const checked: string[][] = [];
    const live = watcher(fake, { onChecked: (ids) => void checked.push(ids) });
    const [one] = await creators(1, 'youtube', await campaign(['YouTube']));
    const { channelId, accountId, creator } = one!;
    fake.set(channelId, {
      live: true,
      streamId: 'yt-1',
      startedAt: T0 - MIN,
      title: 'Live',
      branded: true,
      viewers: 77,
    });
    await live.pollOnce(T0);
    expect(await stream('youtube:yt-1')).toMatchObject({
      creator: creator.id,
      startedAt: T0 - MIN,
      endedAt: null,
      recording: 'https://www.youtube.com/watch?v=yt-1',
    });
    fake.set(channelId, { title: 'Live #ad-free', branded: false, viewers: 80 });
    await live.pollOnce(T0 + MIN);
    fake.set(channelId, { title: 'Live #ad', viewers: 81 });
    await live.pollOnce(T0 + 2 * MIN);
    fake.set(channelId, { live: false });
    await live.pollOnce(T0 + 3 * MIN);
    expect(await samples('youtube:yt-1')).toEqual([
      { at: T0, viewers: 77, title: 'Live', branded: 1, disclosed: 1 },
      // No flag, and "#ad-free" is no disclosure (issue 44: a hashtag is a whole token).
      { at: T0 + MIN, viewers: 80, title: 'Live #ad-free', branded: 0, disclosed: 0 },
      { at: T0 + 2 * MIN, viewers: 81, title: 'Live #ad', branded: 0, disclosed: 1 },
    ]);
    expect(await stream('youtube:yt-1')).toMatchObject({ endedAt: T0 + 3 * MIN });
    expect(await watchRow(accountId)).toMatchObject({ live: 0, problem: null });
    // The first look asks for the active broadcast (liveBroadcasts.list, 5 units) and its video; while it is known
    // live, its video alone (1 unit); the video saying it ended is the channel's offline (issue 46: a new broadcast
    // waits for the paced look, or the feed, not for a look at once).
    expect(fake.calls).toMatchObject({ liveBroadcasts: 1, ytVideos: 4 });
    expect(checked).toEqual([[creator.id], [creator.id], [creator.id], [creator.id]]);
  });

  it('a revoked YouTube grant is recorded as the channel’s problem, in words the creator can act on', async () => {
    await reset();
    const fake = fakePlatforms();
    const real = api.castbridge.services.connections;
    const forced: string[] = [];
    // The refresh the watcher asks for after a 401 is refused, as connections.accessToken answers a refused refresh.
    const connections: Pick<Connections, 'account' | 'accessToken' | 'markReconnect'> = {
      account: real.account,
      markReconnect: real.markReconnect,
      accessToken: async (row, options) => {
        if (options?.force) {
          forced.push(row.id);
          throw new HttpError(409, connectionProblems.connection_revoked.with({ platform: 'YouTube' }));
        }
        return real.accessToken(row);
      },
    };
    const checked: string[][] = [];
    const live = watcher(fake, { connections, onChecked: (ids) => void checked.push(ids) });
    const [revoked, fine] = await creators(2, 'youtube', await campaign(['YouTube']));
    fake.set(revoked!.channelId, { live: true, streamId: 'yt-r', startedAt: T0, title: 'Live #ad', viewers: 5 });
    fake.set(fine!.channelId, { live: false });
    await live.pollOnce(T0);
    fake.revoked.add(`access-${revoked!.channelId}`);
    // The offline channel is not asked again a minute later (its next look for a broadcast is paced by the quota).
    expect(await live.pollOnce(T0 + MIN)).toMatchObject({ answered: 0, problems: 1 });
    expect(forced).toEqual([revoked!.accountId]);
    const row = await watchRow(revoked!.accountId);
    expect(row.problem).toBe(
      'YouTube no longer accepts Castbridge’s connection: connect YouTube again on Connect Accounts.',
    );
    // What was known stays (the last look that answered); no sample without a look.
    expect(Number(row.checked_at)).toBe(T0);
    expect((await samples('youtube:yt-r')).map((s) => s.at)).toEqual([T0]);
    expect((await channelsOf(db(), revoked!.creator.id))[0]).toMatchObject({ problem: row.problem });
    expect(checked.map((ids) => [...ids].sort())).toEqual([[revoked!.creator.id, fine!.creator.id].sort()]);

    // An account already marked "reconnect" is not asked at all.
    await db()
      .updateTable('connected_accounts')
      .set({ status: 'reconnect' })
      .where('id', '=', fine!.accountId)
      .execute();
    const asked = fake.calls.liveBroadcasts;
    // An hour later: the offline channel is due a look, but not asked; the revoked one's known broadcast is asked by
    // its video alone (and refused again).
    await live.pollOnce(T0 + 60 * MIN);
    expect(fake.calls.liveBroadcasts).toBe(asked);
    expect((await watchRow(fine!.accountId)).problem).toMatch(/connect YouTube again/);
  });

  // A day (or hours) of minute polls proves the platform's arithmetic, the units spent: the same on either backend.
  // It runs once, on SQLite; the poll's reads and writes on PostgreSQL are this suite's other tests'. (npm test's
  // time, issue 45: on a busy 2-core machine the PostgreSQL copy took up to 170 s.)
  it.skipIf(backendName !== 'sqlite')(
    'a watched YouTube channel live 4 hours of a day spends ~1,000 of the project’s 10,000 units, its stream recorded',
    async () => {
      await reset();
      const fake = fakePlatforms();
      // The project's quota as the governor keeps it: what the watch spends (YouTube's costs) comes off what is left
      // until the reset, a day after the first poll.
      const DAY = 24 * 60 * MIN;
      const quota = 9_900;
      let spent = 0;
      const governor: LiveWatchDeps['governor'] = {
        fetch: (spec, base = fetch) =>
          (async (input: string | URL | Request, init?: RequestInit) => {
            if (spec.provider === 'youtube')
              spent += new URL(input instanceof Request ? input.url : String(input)).pathname.endsWith(
                '/liveBroadcasts',
              )
                ? 5
                : 1;
            return base(input, init);
          }) as typeof fetch,
        remaining: (provider) => ({
          units: provider === 'youtube' ? Math.max(0, quota - spent) : 800,
          resetAt: T0 + DAY,
          refused: false,
        }),
      };
      const live = watcher(fake, { governor });
      const [one] = await creators(1, 'youtube', await campaign(['YouTube']));
      const start = T0 + 10 * 60 * MIN;
      const end = T0 + 14 * 60 * MIN;
      fake.set(one!.channelId, { live: false, streamId: 'yt-day', startedAt: start, title: 'Day', viewers: 9 });
      for (let at = T0; at < T0 + DAY; at += MIN) {
        if (at === start) fake.set(one!.channelId, { live: true });
        if (at === end) fake.set(one!.channelId, { live: false });
        await live.pollOnce(at);
      }
      // Asking the active broadcast every minute (and its video while live) would have cost 1,440 × 5 + 240 = 7,440.
      expect(spent).toBeLessThanOrEqual(1_500);
      expect(spent).toBe(fake.calls.liveBroadcasts * 5 + fake.calls.ytVideos);
      // While live, the broadcast's video alone: one liveBroadcasts.list found it, one more after it ended.
      expect(fake.calls.ytVideos).toBeGreaterThanOrEqual(230);
      expect(await stream('youtube:yt-day')).toMatchObject({ startedAt: start, endedAt: end });
      const seen = await samples('youtube:yt-day');
      // Found within one paced look of going live, then sampled every poll until the end.
      expect(seen[0]!.at).toBeGreaterThanOrEqual(start);
      expect(seen[0]!.at).toBeLessThanOrEqual(start + 10 * MIN);
      expect(seen.at(-1)!.at).toBe(end - MIN);
      expect(seen.length).toBe((end - seen[0]!.at) / MIN);
    },
    180_000,
  );

  it('a broadcast the archive already reads is asked by its video at once, without waiting for the paced look', async () => {
    await reset();
    const fake = fakePlatforms();
    const live = watcher(fake);
    const [one] = await creators(1, 'youtube', await campaign(['YouTube']));
    const { channelId, accountId, creator } = one!;
    fake.set(channelId, { live: false, streamId: 'yt-arch', startedAt: T0 + MIN, title: 'Archived', viewers: 3 });
    await live.pollOnce(T0);
    expect(fake.calls).toMatchObject({ liveBroadcasts: 1, ytVideos: 0 });
    // The archive's YouTube source found the broadcast (its open stream session, keyed by the broadcast's id).
    fake.set(channelId, { live: true });
    await db()
      .insertInto('chat_streams')
      .values({
        user_id: creator.id,
        platform: 'youtube',
        channel_id: channelId,
        channel: 'archived',
        stream_id: 'yt-arch',
        title: 'Archived',
        started_at: T0 + MIN,
        ended_at: null,
        live_at: T0 + MIN,
        start_day: '2026-01-15',
        end_day: '2026-01-15',
      })
      .execute();
    await live.pollOnce(T0 + MIN);
    expect(await stream('youtube:yt-arch')).toMatchObject({ startedAt: T0 + MIN, endedAt: null });
    expect(await watchRow(accountId)).toMatchObject({ live: 1, stream_key: 'youtube:yt-arch' });
    // It ends; the archive's session is still open, but the watch saw its end: asked no more.
    fake.set(channelId, { live: false });
    await live.pollOnce(T0 + 2 * MIN);
    await live.pollOnce(T0 + 3 * MIN);
    expect(await stream('youtube:yt-arch')).toMatchObject({ endedAt: T0 + 2 * MIN });
    expect(fake.calls).toMatchObject({ liveBroadcasts: 1, ytVideos: 2 });
  });

  it('without a platform configured the app does not poll', async () => {
    expect(api.castbridge.config.oauth.twitch).toBeNull();
    const jobs = await db().selectFrom('jobs').select('key').where('key', '=', 'live:poll').execute();
    expect(jobs).toEqual([]);
  });
});

describe('two instances on one PostgreSQL', () => {
  let backend: Backend;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    backend = await makeBackend('postgres');
    [a, b] = [await startApp(backend), await startApp(backend)];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await backend?.cleanup();
  });

  it('polling at once on both writes each look once: one polls, the other is told someone else is', async () => {
    const advertiser = await account(a, 'advertiser');
    const creator = await account(a, 'creator');
    const stamp = new Date().toISOString();
    const sealer = createSealer(loadPayoutKey(a.castbridge.config.payoutKey, a.castbridge.config.dataDir));
    await a.castbridge.db
      .insertInto('campaigns')
      .values({
        id: 'c-two',
        advertiser_id: advertiser.id,
        brand: 'Nova',
        title: 'Streams',
        description: 'On stream',
        image: null,
        pay_cents: 10_000,
        spots: 10,
        platforms: '["Twitch"]',
        languages: '[]',
        countries: '[]',
        categories: '[]',
        min_avg_viewers: null,
        deliverable_minutes: 120,
        starts_on: '2026-01-01',
        ends_on: '2027-01-01',
        disclosure: 'Sponsored by Nova',
        status: 'active',
        created_at: stamp,
        updated_at: stamp,
        launched_at: stamp,
      })
      .execute();
    await a.castbridge.db
      .insertInto('connected_accounts')
      .values({
        id: 'acc-two',
        user_id: creator.id,
        platform: 'twitch',
        platform_user_id: 'tw-two',
        login: 'two',
        display_name: 'two',
        scopes: '',
        tokens_sealed: sealer.seal({ accessToken: 'a', refreshToken: 'r' }),
        expires_at: Date.now() + 3_600_000,
        status: 'connected',
        stand_in: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await a.castbridge.db
      .insertInto('offers')
      .values({
        id: 'o-two',
        campaign_id: 'c-two',
        creator_id: creator.id,
        status: 'accepted',
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    const fake = fakePlatforms();
    fake.set('tw-two', { live: true, streamId: 'p1', startedAt: T0, title: 'x #ad', viewers: 9 });
    const url = await findPostgres();
    const namespace = namespaceOf(a.castbridge.config);
    const instance = async (app: Client, owner: string) => {
      const locks = await postgresLocks({ connectionString: url, namespace, owner, logger: memoryLogger() });
      const watch = createLiveWatch({
        db: app.castbridge.db,
        config: { livePollSeconds: 60, oauth: { twitch: client('http://platform.test/twitch'), youtube: null } },
        connections: app.castbridge.services.connections,
        jobs: app.castbridge.services.jobs,
        logger: memoryLogger(),
        selfFetch: { resolve: (base) => base, fetch: fake.fetch },
        governor: app.castbridge.services.governor,
        locks,
      });
      return { watch, locks };
    };
    const one = await instance(a, 'one');
    const two = await instance(b, 'two');
    try {
      // The platform answers only once both polls have started: the second finds the first polling and stops.
      let open!: () => void;
      fake.gate = new Promise<void>((resolve) => (open = resolve));
      const first = one.watch.pollOnce(T0);
      const second = two.watch.pollOnce(T0 + 1);
      const done = await Promise.race([
        first.then((r) => ({ who: 'one', r })),
        second.then((r) => ({ who: 'two', r })),
        // A deadline, not a wait: neither poll answering in 8 s fails the test.
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 8000)),
      ]);
      expect(done?.r.skipped).toBe(true);
      open();
      fake.gate = null;
      const results = await Promise.all([first, second]);
      expect(results.filter((r) => !r.skipped)).toHaveLength(1);
      const rows = await b.castbridge.db.selectFrom('live_samples').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(fake.calls.streams).toBe(1);

      // The same look on both (one moment, one stream): one sample, one stream.
      await Promise.all([one.watch.pollOnce(T0 + MIN), two.watch.pollOnce(T0 + MIN)]);
      await Promise.all([two.watch.pollOnce(T0 + 2 * MIN), one.watch.pollOnce(T0 + 2 * MIN)]);
      const at = (await b.castbridge.db.selectFrom('live_samples').select('at').orderBy('at').execute()).map((r) =>
        Number(r.at),
      );
      expect(at).toEqual([results.find((r) => !r.skipped) === results[0] ? T0 : T0 + 1, T0 + MIN, T0 + 2 * MIN]);
      expect(await b.castbridge.db.selectFrom('live_streams').select('id').execute()).toEqual([{ id: 'twitch:p1' }]);
    } finally {
      await one.locks.close();
      await two.locks.close();
    }
  });

  it('the scheduled poll is one job for the cluster: started on both instances, one row', async () => {
    const fake = fakePlatforms();
    const make = (app: Client) =>
      createLiveWatch({
        db: app.castbridge.db,
        config: { livePollSeconds: 3600, oauth: { twitch: client('http://platform.test/twitch'), youtube: null } },
        connections: app.castbridge.services.connections,
        jobs: app.castbridge.services.jobs,
        logger: memoryLogger(),
        selfFetch: { resolve: (base) => base, fetch: fake.fetch },
        governor: app.castbridge.services.governor,
      });
    const [x, y] = [make(a), make(b)];
    x.register();
    y.register();
    await Promise.all([x.start(), y.start()]);
    await a.castbridge.services.jobs.drain();
    await b.castbridge.services.jobs.drain();
    const rows = await a.castbridge.db
      .selectFrom('jobs')
      .select(['key', 'run_at'])
      .where('key', '=', 'live:poll')
      .execute();
    expect(rows).toHaveLength(1);
    // The next run an interval after the one that ran.
    expect(Number(rows[0]!.run_at)).toBeGreaterThan(Date.now() + 3500_000);
    x.stop();
    y.stop();
  });
});

describe.each(BACKENDS)('the app’s live watcher against the stand-in on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    standIn = createOAuthStandIn(testClient);
    const served = await serveStandIn(standIn);
    server = served.server;
    // A poll an hour: the test polls itself, with its own clock.
    api = await startApp(backend, {
      ...standInSettings(served.base),
      TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
      LIVE_POLL_SECONDS: '3600',
    });
  });
  afterAll(async () => {
    await api?.close();
    server?.close();
    standIn?.close();
    await backend?.cleanup();
  });

  it('is started with the app: one scheduled poll, the next an interval later', async () => {
    await api.castbridge.services.jobs.drain();
    const rows = await api.castbridge.db.selectFrom('jobs').select('run_at').where('key', '=', 'live:poll').execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.run_at)).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('a connected Twitch and YouTube channel in delivery: live, disclosed, viewers, offline with the recording', async () => {
    const advertiser = await account(api, 'advertiser');
    const creator = await account(api, 'creator');
    const twitch = `lw_tw_${backendName}`;
    const youtube = `lw_yt_${backendName}`;
    expect((await connect(api, creator, 'twitch', twitch)).get('connected')).toBe('twitch');
    expect((await connect(api, creator, 'youtube', youtube)).get('connected')).toBe('youtube');
    const stamp = new Date().toISOString();
    const campaignId = crypto.randomUUID();
    await api.castbridge.db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        advertiser_id: advertiser.id,
        brand: 'Nova',
        title: 'Streams',
        description: 'On stream',
        image: null,
        pay_cents: 10_000,
        spots: 10,
        platforms: '[]',
        languages: '[]',
        countries: '[]',
        categories: '[]',
        min_avg_viewers: null,
        deliverable_minutes: 120,
        starts_on: '2026-01-01',
        ends_on: '2027-01-01',
        disclosure: 'Sponsored by Nova',
        status: 'active',
        created_at: stamp,
        updated_at: stamp,
        launched_at: stamp,
      })
      .execute();
    await api.castbridge.db
      .insertInto('offers')
      .values({
        id: crypto.randomUUID(),
        campaign_id: campaignId,
        creator_id: creator.id,
        status: 'active',
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    const live = api.castbridge.services.live;
    const now = Date.now();
    standIn.setChannel('twitch', twitch, { live: true, title: 'Speedrun #sponsored', viewers: 33, branded: false });
    standIn.setChannel('youtube', youtube, { live: true, title: 'Live', viewers: 44, branded: true });
    // The app's own token: the creator's token also asks (analytics, the archive's stream sessions) on its schedule.
    const streamsBefore = standIn.calls.helixApp.streams ?? 0;
    expect(await live.pollOnce(now)).toMatchObject({ skipped: false, answered: 2, problems: 0 });
    expect((standIn.calls.helixApp.streams ?? 0) - streamsBefore).toBe(1);
    expect(standIn.calls.grants).toContain('client_credentials');
    const channels = await channelsOf(api.castbridge.db, creator.id);
    expect(channels).toEqual([
      expect.objectContaining({ platform: 'twitch', login: twitch, live: true, disclosed: true, viewers: 33 }),
      expect.objectContaining({ platform: 'youtube', live: true, title: 'Live', disclosed: true, viewers: 44 }),
    ]);
    const ytStream = await api.castbridge.db
      .selectFrom('live_streams')
      .selectAll()
      .where('platform', '=', 'youtube')
      .where('creator_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(ytStream.recording_url).toBe(`https://www.youtube.com/watch?v=${ytStream.stream_id}`);

    standIn.setChannel('twitch', twitch, { live: false });
    standIn.setChannel('youtube', youtube, { live: false });
    await live.pollOnce(now + MIN);
    const ended = await api.castbridge.db
      .selectFrom('live_streams')
      .selectAll()
      .where('creator_id', '=', creator.id)
      .orderBy('platform')
      .execute();
    expect(ended.map((s) => Number(s.ended_at))).toEqual([now + MIN, now + MIN]);
    // The VOD Twitch keeps of the stream.
    expect(ended[0]!.recording_url).toMatch(/^http.*\/videos\/\w+/);
    expect((await channelsOf(api.castbridge.db, creator.id)).map((c) => c.live)).toEqual([false, false]);
  });

  it('a channel handed over during one stream: each minute is its holder’s, each proof its own samples (issue 44)', async () => {
    const { db } = api.castbridge;
    const advertiser = await account(api, 'advertiser');
    const a = await account(api, 'creator');
    const b = await account(api, 'creator');
    const x = `ho_x_${backendName}`;
    const y = `ho_y_${backendName}`;
    const stamp = new Date().toISOString();
    const campaignId = crypto.randomUUID();
    await db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        advertiser_id: advertiser.id,
        brand: 'Nova',
        title: 'Streams',
        description: 'On stream',
        image: null,
        pay_cents: 10_000,
        spots: 10,
        platforms: '[]',
        languages: '[]',
        countries: '[]',
        categories: '[]',
        min_avg_viewers: null,
        deliverable_minutes: 120,
        starts_on: '2026-01-01',
        ends_on: '2027-12-31',
        disclosure: 'Sponsored by Nova',
        status: 'active',
        created_at: stamp,
        updated_at: stamp,
        launched_at: stamp,
      })
      .execute();
    const offerOf = new Map<string, string>();
    for (const creator of [a, b]) {
      const id = crypto.randomUUID();
      offerOf.set(creator.id, id);
      await db
        .insertInto('offers')
        .values({
          id,
          campaign_id: campaignId,
          creator_id: creator.id,
          status: 'active',
          reasons: '[]',
          score: 1,
          decline_reason: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    const live = api.castbridge.services.live;
    // Channel X goes live (the stand-in's clock); our looks are at T0 + 30 s, + 90 s, … (the poll's clock).
    standIn.setChannel('twitch', x, { live: true, title: 'Speedrun #ad', viewers: 40, branded: false });
    const T0 = (Math.floor(Date.now() / MIN) + 2) * MIN;
    const lookAt = (minute: number) => live.pollOnce(T0 + minute * MIN + 30_000);

    // A connects X while it is live: looks at 0:30, 1:30, 2:30.
    expect((await connect(api, a, 'twitch', x)).get('connected')).toBe('twitch');
    for (const minute of [0, 1, 2]) await lookAt(minute);
    // A gives X up and connects Y (offline): a look at 3:30 sees Y, nobody looks at X.
    const gone = await api.request('DELETE', '/api/connections/twitch', { token: a.token });
    expect(gone.status, gone.text).toBe(200);
    expect((await connect(api, a, 'twitch', y)).get('connected')).toBe('twitch');
    await lookAt(3);
    // B connects X, the same stream going on: looks at 4:30 … 8:30.
    expect((await connect(api, b, 'twitch', x)).get('connected')).toBe('twitch');
    for (const minute of [4, 5, 6, 7, 8]) await lookAt(minute);
    const streams = await db.selectFrom('live_streams').selectAll().where('channel_login', '=', x).execute();
    expect(streams).toHaveLength(1);
    // The stream is watched through whoever holds X now.
    expect(streams[0]).toMatchObject({ creator_id: b.id, ended_at: null });
    const samples = await db
      .selectFrom('live_samples')
      .select(['at', 'creator_id'])
      .where('stream_key', '=', streams[0]!.id)
      .orderBy('at')
      .execute();
    expect(samples.map((sample) => [(Number(sample.at) - T0 - 30_000) / MIN, sample.creator_id])).toEqual([
      [0, a.id],
      [1, a.id],
      [2, a.id],
      [4, b.id],
      [5, b.id],
      [6, b.id],
      [7, b.id],
      [8, b.id],
    ]);

    // Both overlays claim minutes 0–6 whole.
    const first = T0 / MIN;
    for (const creator of [a, b])
      await db
        .insertInto('overlay_minutes')
        .values(
          Array.from({ length: 7 }, (_, i) => ({ offer_id: offerOf.get(creator.id)!, minute: first + i, seconds: 60 })),
        )
        .execute();
    await api.castbridge.services.overlays.settle([a.id, b.id], T0 + 12 * MIN);
    const statuses = async (creator: Account) =>
      (
        await db
          .selectFrom('overlay_minutes')
          .select(['minute', 'status', 'verified_seconds'])
          .where('offer_id', '=', offerOf.get(creator.id)!)
          .orderBy('minute')
          .execute()
      ).map((row) => `${Number(row.minute) - first}:${row.status}:${row.verified_seconds}`);
    // A: the minutes it held X (looks before and after each); from A giving X up, none.
    expect(await statuses(a)).toEqual([
      '0:verified:60',
      '1:verified:60',
      '2:offline:0',
      '3:offline:0',
      '4:offline:0',
      '5:offline:0',
      '6:offline:0',
    ]);
    // B: from its first look on X; the minutes around the hand-over are nobody's.
    expect(await statuses(b)).toEqual([
      '0:offline:0',
      '1:offline:0',
      '2:offline:0',
      '3:offline:0',
      '4:offline:0',
      '5:verified:60',
      '6:verified:60',
    ]);

    // Each proof shows the samples taken through its creator's connection only.
    const proofSamples = async (creator: Account) => {
      const answer = await api.request('GET', `/api/offers/${offerOf.get(creator.id)!}/display`, {
        token: creator.token,
      });
      expect(answer.status, answer.text).toBe(200);
      const sessions = (answer.body.display as { sessions: { samples: { at: string }[] }[] }).sessions;
      return sessions.flatMap((session) =>
        session.samples.map((sample) => (Date.parse(sample.at) - T0 - 30_000) / MIN),
      );
    };
    expect(await proofSamples(a)).toEqual([0, 1, 2]);
    expect(await proofSamples(b)).toEqual([4, 5, 6]);
  });
});
