// YouTube's push feed on SQLite and PostgreSQL (issue 46; server/connections/websub.ts and live.ts), against the
// YouTube stand-in and its WebSub hub (standins/websub.ts, held to Google's and the specifications' descriptions),
// the hub reaching the app in process: the live watch subscribes each YouTube channel in delivery, echoes the hub's
// challenge only for what it asked, and learns a scheduled broadcast from the signed push; batched videos.list
// (the API key, 1 unit) confirms it upcoming, live and ended, with the owner's paid-promotion flag read with the
// channel's token; a forged or unsigned push is refused and changes nothing; a lease is renewed before it lapses;
// a channel whose feed is never verified is looked for by liveBroadcasts.list within its quota share; a broadcast the
// hub failed to announce is looked for once the overlay has claimed minutes for the grace, the claims waiting meanwhile.
import crypto from 'node:crypto';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsOf, youtubeSampleEvery } from '../../server/connections/live.ts';
import { feedTopic, WEBSUB_CALLBACK_PATH } from '../../server/connections/websub.ts';
import { createOAuthStandIn, STANDIN_YOUTUBE_API_KEY, type OAuthStandIn } from '../../standins/oauth.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, activeCampaignRow, deliveryOfferRow, type Account } from './market.ts';
import { connect, serveStandIn, standInSettings, testClient } from './oauth-flow.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('the resolution of YouTube reads', () => {
  const day = { units: 9_900, resetAt: 0 };
  it('is every poll while 60% of the units left, spread over the polls to the reset, reads every live broadcast', () => {
    // 200 live broadcasts: 4 calls a poll of the 4.1 a poll a whole day's 9,900 units allow.
    expect(youtubeSampleEvery(200, { ...day, resetAt: DAY }, 0, MIN, true)).toBe(1);
    expect(youtubeSampleEvery(0, { ...day, resetAt: DAY }, 0, MIN, true)).toBe(1);
  });
  it('is lowered evenly beyond: every k-th poll for all of them, never past the reset', () => {
    // 1,000 live: 20 calls a poll → every 5th poll.
    expect(youtubeSampleEvery(1000, { ...day, resetAt: DAY }, 0, MIN, true)).toBe(5);
    // Without the API key each broadcast is a unit of its own.
    expect(youtubeSampleEvery(200, { ...day, resetAt: DAY }, 0, MIN, false)).toBe(49);
    // Nothing left: once before the reset.
    expect(youtubeSampleEvery(10, { units: 0, resetAt: 30 * MIN }, 0, MIN, true)).toBe(30);
  });
});

describe.each(BACKENDS)('YouTube’s push feed on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;
  const watchCalls = { keyed: 0, flag: 0, looks: 0 };
  /**
   * The hub's answers from the app; `refuseVerification` makes the callback unreachable for the hub's verifications,
   * `dropPushes` for its pushes (a broadcast the hub fails to announce).
   */
  const hubReach = { refuseVerification: false, dropPushes: false };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    standIn = createOAuthStandIn({
      ...testClient,
      youtubeHub: {
        // The hub reaches the app's callback in process (its URL is the app's PUBLIC_URL-less own address).
        deliver: async (url, init) => {
          if (hubReach.refuseVerification && (init.method ?? 'GET') === 'GET') throw new TypeError('fetch failed');
          if (hubReach.dropPushes && init.method === 'POST') throw new TypeError('fetch failed');
          return api.castbridge.app.request(url, init);
        },
        retryDelaysMs: [],
      },
    });
    // The live watch's own YouTube calls, told apart from the archive's and analytics' (which spend the same quota on
    // their own schedules): batched reads carry the API key, the flag read asks that part alone, and its look for a
    // broadcast asks `id,snippet`.
    const counting = {
      ...standIn,
      app: {
        fetch: (request: Request, ...rest: unknown[]) => {
          const url = new URL(request.url);
          if (url.pathname.endsWith('/youtube/v3/videos') && url.searchParams.has('key')) watchCalls.keyed += 1;
          if (
            url.pathname.endsWith('/youtube/v3/videos') &&
            url.searchParams.get('part') === 'paidProductPlacementDetails'
          )
            watchCalls.flag += 1;
          if (url.pathname.endsWith('/youtube/v3/liveBroadcasts') && url.searchParams.get('part') === 'id,snippet')
            watchCalls.looks += 1;
          return (standIn.app.fetch as (request: Request, ...rest: unknown[]) => Response | Promise<Response>)(
            request,
            ...rest,
          );
        },
      },
    } as unknown as OAuthStandIn;
    const served = await serveStandIn(counting);
    server = served.server;
    // A poll an hour: the test polls itself, with its own clock.
    api = await startApp(backend, {
      ...standInSettings(served.base),
      YOUTUBE_WEBSUB_HUB: `${served.base}/youtube/pubsubhubbub/subscribe`,
      YOUTUBE_API_KEY: STANDIN_YOUTUBE_API_KEY,
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

  /** A creator with `channel` connected and an offer in delivery on an active YouTube campaign. */
  async function inDelivery(channel: string): Promise<{ creator: Account; channelId: string; offerId: string }> {
    const advertiser = await account(api, 'advertiser');
    const creator = await account(api, 'creator');
    expect((await connect(api, creator, 'youtube', channel)).get('connected')).toBe('youtube');
    const db = api.castbridge.db;
    const offerId = await deliveryOfferRow(db, await activeCampaignRow(db, advertiser.id, ['YouTube']), creator.id);
    const row = await db
      .selectFrom('connected_accounts')
      .select('platform_user_id')
      .where('user_id', '=', creator.id)
      .where('platform', '=', 'youtube')
      .executeTakeFirstOrThrow();
    return { creator, channelId: row.platform_user_id, offerId };
  }

  const feed = (channelId: string) =>
    api.castbridge.db.selectFrom('youtube_feeds').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
  const units = () => ({ ...watchCalls });
  const spent = (before: typeof watchCalls, call: keyof typeof watchCalls) => watchCalls[call] - before[call];

  /**
   * Polls at `now` until the channel's feed is verified and its earlier broadcasts looked up (the hub verifies
   * asynchronously: a poll that ran before it treats the channel as not covered yet).
   */
  async function subscribe(channelId: string, now: number) {
    await poll(now);
    await until(
      async () => (await feed(channelId))?.state,
      (state) => state === 'active',
    );
    if ((await feed(channelId))?.caught_up_at === null) await poll(now);
    expect((await feed(channelId))?.caught_up_at).not.toBeNull();
  }

  /**
   * Polls at `now` and waits for the hub's verifications and pushes it set off. The app's own first scheduled poll may
   * hold the cluster's poll lease when this asks (a poll then is skipped, asking nothing): asked again until it runs.
   */
  async function poll(now: number) {
    const result = await until(
      () => api.castbridge.services.live.pollOnce(now),
      (answer) => !answer.skipped,
    );
    await standIn.youtubeHub.idle();
    return result;
  }

  it('a scheduled broadcast announced by the feed, then live, retitled with #ad and ended: the window YouTube says, in 1-unit reads', async () => {
    const channel = `yf_sched_${backendName}`;
    const { creator, channelId } = await inDelivery(channel);
    const now = Date.now();

    // The first poll subscribes the channel's feed; the hub verifies it at once (the challenge echoed).
    await subscribe(channelId, now);
    const subscription = standIn.youtubeHub
      .subscriptions()
      .find((s) => s.topic === feedTopic(channelId) && s.state === 'active');
    expect(subscription).toMatchObject({ hasSecret: true });
    expect(subscription!.callback).toContain(`${WEBSUB_CALLBACK_PATH}?channel=${channelId}`);

    // Scheduled in 30 minutes: the hub pushes the new video, signed; the app takes it.
    const before = units();
    standIn.setChannel('youtube', channel, { schedule: { title: 'Launch stream', startsAt: now + 30 * MIN } });
    await until(
      async () => standIn.youtubeHub.deliveries().some((d) => d.topic === feedTopic(channelId) && d.status === 200),
      Boolean,
    );
    expect(standIn.youtubeHub.deliveries().filter((d) => d.topic === feedTopic(channelId))).toEqual([
      expect.objectContaining({ status: 200, signed: true, attempt: 1 }),
    ]);
    const video = await api.castbridge.db
      .selectFrom('youtube_videos')
      .selectAll()
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ status: 'new', title: 'Launch stream' });

    // Read once (1 unit, with the API key): upcoming, its schedule kept; the channel is offline, no 5-unit look.
    await poll(now + MIN);
    expect(
      await api.castbridge.db
        .selectFrom('youtube_videos')
        .select(['status', 'scheduled_at'])
        .where('video_id', '=', video.video_id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'upcoming', scheduled_at: expect.anything() });
    expect((await channelsOf(api.castbridge.db, creator.id))[0]).toMatchObject({ live: false });

    // Live (going live pushes nothing): read each poll from 15 minutes before its start.
    standIn.setChannel('youtube', channel, { live: true, viewers: 120, branded: false });
    const startedAt = Date.now();
    await poll(now + 16 * MIN);
    const stream = await api.castbridge.db
      .selectFrom('live_streams')
      .selectAll()
      .where('id', '=', `youtube:${video.video_id}`)
      .executeTakeFirstOrThrow();
    expect(Number(stream.started_at)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Number(stream.started_at)).toBeLessThanOrEqual(Date.now());
    expect(stream).toMatchObject({ creator_id: creator.id, title: 'Launch stream', ended_at: null });
    // /admin → Platform budgets: the one live broadcast read every poll, as it should.
    expect(await api.castbridge.services.live.resolutions(now + 16 * MIN)).toEqual([
      {
        provider: 'youtube',
        credential: 'project',
        purpose: 'delivery_verification',
        items: 1,
        everySeconds: 3600,
        goalSeconds: 3600,
      },
    ]);

    // Retitled with #ad: pushed (a title change), read at the next poll, disclosed by its title.
    standIn.setChannel('youtube', channel, { title: 'Launch stream #ad', viewers: 140 });
    await until(
      async () => standIn.youtubeHub.deliveries().filter((d) => d.topic === feedTopic(channelId)).length === 2,
      Boolean,
    );
    await poll(now + 17 * MIN);
    standIn.setChannel('youtube', channel, { live: false });
    await poll(now + 18 * MIN);
    const samples = await api.castbridge.db
      .selectFrom('live_samples')
      .select(['at', 'viewers', 'title', 'disclosed', 'branded'])
      .where('stream_key', '=', `youtube:${video.video_id}`)
      .orderBy('at')
      .execute();
    expect(samples.map((s) => ({ ...s, at: Number(s.at) }))).toEqual([
      { at: now + 16 * MIN, viewers: 120, title: 'Launch stream', disclosed: 0, branded: 0 },
      { at: now + 17 * MIN, viewers: 140, title: 'Launch stream #ad', disclosed: 1, branded: 0 },
    ]);
    expect(
      Number(
        (
          await api.castbridge.db
            .selectFrom('live_streams')
            .select('ended_at')
            .where('id', '=', `youtube:${video.video_id}`)
            .executeTakeFirstOrThrow()
        ).ended_at,
      ),
    ).toBe(now + 18 * MIN);
    // Four batched reads of 1 unit and the owner's flag once (the title did not disclose when it went live); no
    // liveBroadcasts.list while the feed is verified.
    expect(spent(before, 'keyed')).toBe(4);
    expect(spent(before, 'flag')).toBe(1);
    expect(spent(before, 'looks')).toBe(0);
  });

  it('the paid-promotion flag is the owner’s: read with the channel’s token when the broadcast is first seen live', async () => {
    const channel = `yf_flag_${backendName}`;
    const { creator, channelId } = await inDelivery(channel);
    const now = Date.now();
    await subscribe(channelId, now);
    // Started without a schedule: the new video is pushed at once.
    standIn.setChannel('youtube', channel, { live: true, title: 'Just chatting', viewers: 9, branded: true });
    await until(
      async () => standIn.youtubeHub.deliveries().some((d) => d.topic === feedTopic(channelId) && d.status === 200),
      Boolean,
    );
    await poll(now + MIN);
    expect((await channelsOf(api.castbridge.db, creator.id))[0]).toMatchObject({
      live: true,
      title: 'Just chatting',
      disclosed: true,
      viewers: 9,
    });
    standIn.setChannel('youtube', channel, { live: false });
    await poll(now + 2 * MIN);
  });

  it('a broadcast scheduled before the channel entered delivery is looked up once the feed is verified, then read', async () => {
    const channel = `yf_before_${backendName}`;
    const { creator, channelId } = await inDelivery(channel);
    // Scheduled before any subscription: the hub has no one to push it to.
    standIn.setChannel('youtube', channel, {
      schedule: { title: 'Planned stream #ad', startsAt: Date.now() + 20 * MIN },
    });
    await standIn.youtubeHub.idle();
    expect(standIn.youtubeHub.deliveries().filter((d) => d.topic === feedTopic(channelId))).toEqual([]);
    const now = Date.now();
    const before = units();
    // Once verified, one look for its upcoming broadcasts (and its active one), then the feed alone.
    await subscribe(channelId, now);
    // The catch-up's two (upcoming, active), and the ordinary look of a channel not yet verified when the first poll
    // found the hub's verification still under way.
    const looks = spent(before, 'looks');
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(looks).toBeLessThanOrEqual(3);
    standIn.setChannel('youtube', channel, { live: true, viewers: 30 });
    await poll(now + 10 * MIN);
    expect((await channelsOf(api.castbridge.db, creator.id))[0]).toMatchObject({
      live: true,
      title: 'Planned stream #ad',
      disclosed: true,
      viewers: 30,
    });
    expect(spent(before, 'looks')).toBe(looks);
    standIn.setChannel('youtube', channel, { live: false });
    await poll(now + 11 * MIN);
    expect((await channelsOf(api.castbridge.db, creator.id))[0]).toMatchObject({ live: false });
  });

  it('a forged or unsigned push is refused and changes nothing; the hub’s challenge is echoed only for what was asked', async () => {
    const channel = `yf_forged_${backendName}`;
    const { channelId } = await inDelivery(channel);
    await subscribe(channelId, Date.now());
    const body = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
 <entry>
  <id>yt:video:forged-1</id>
  <yt:videoId>forged-1</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>Not a real broadcast</title>
 </entry>
</feed>`;
    const url = `${WEBSUB_CALLBACK_PATH}?channel=${encodeURIComponent(channelId)}`;
    const push = (headers: Record<string, string>) =>
      api.request('POST', url, { headers: { 'content-type': 'application/atom+xml', ...headers }, body });
    const unsigned = await push({});
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.message).toBe('The push is not signed (X-Hub-Signature)');
    const forged = await push({
      'x-hub-signature': `sha1=${crypto.createHmac('sha1', 'a guess').update(body).digest('hex')}`,
    });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('The push’s signature does not match its feed’s secret');
    // Signed with the channel's own secret, the same push is taken (the refusals were for the signature alone).
    const secret = (await feed(channelId))!.secret;
    const signed = await push({
      'x-hub-signature': `sha1=${crypto.createHmac('sha1', secret).update(body).digest('hex')}`,
    });
    expect(signed).toMatchObject({ status: 200, body: { received: 1 } });
    await api.castbridge.db.deleteFrom('youtube_videos').where('video_id', '=', 'forged-1').execute();
    // A channel with no subscription here, and a challenge for a subscription nobody asked for.
    expect((await api.request('POST', `${WEBSUB_CALLBACK_PATH}?channel=UCnobody`, { body })).status).toBe(404);
    const challenge = await api.request(
      'GET',
      `${WEBSUB_CALLBACK_PATH}?channel=UCnobody&hub.mode=subscribe&hub.topic=${encodeURIComponent(feedTopic('UCnobody'))}&hub.challenge=abc&hub.lease_seconds=100`,
    );
    expect(challenge.status).toBe(404);
    expect(challenge.text).not.toContain('abc');
  });

  it('a lease is renewed a day before it ends, while it still runs', async () => {
    const channel = `yf_renew_${backendName}`;
    const { channelId } = await inDelivery(channel);
    const now = Date.now();
    await subscribe(channelId, now);
    const first = (await feed(channelId))!;
    const leaseUntil = Number(first.lease_until);
    // Google's hub grants the 5 days asked for.
    expect(leaseUntil - Number(first.verified_at)).toBe(5 * DAY);
    const verifications = () =>
      standIn.youtubeHub.verifications().filter((v) => v.topic === feedTopic(channelId) && v.verified).length;
    expect(verifications()).toBe(1);
    // Three days on: not yet.
    await poll(now + 3 * DAY);
    expect(verifications()).toBe(1);
    // Within its last day, before it lapses: asked again with the same secret, verified, the lease runs on.
    await poll(leaseUntil - DAY + MIN);
    await until(
      async () => verifications(),
      (n) => n === 2,
    );
    const renewed = (await feed(channelId))!;
    expect(renewed.state).toBe('active');
    expect(renewed.secret).toBe(first.secret);
    expect(Number(renewed.requested_at)).toBe(leaseUntil - DAY + MIN);
    expect(Number(renewed.lease_until)).toBeGreaterThanOrEqual(leaseUntil);
  });

  // A day (or hours) of minute polls proves the platform's arithmetic, the units spent: the same on either backend.
  // It runs once, on SQLite; the poll's reads and writes on PostgreSQL are this suite's other tests'. (npm test's
  // time, issue 45: on a busy 2-core machine the PostgreSQL copy took up to 170 s.)
  it.skipIf(backendName !== 'sqlite')(
    'a channel whose feed is never verified is looked for by liveBroadcasts.list, paced within its quota share',
    async () => {
      const channel = `yf_silent_${backendName}`;
      hubReach.refuseVerification = true;
      try {
        const { creator, channelId } = await inDelivery(channel);
        const now = Date.now();
        const before = units();
        // An hour of polls a minute: the hub never reaches the callback, so the subscription stays pending.
        standIn.setChannel('youtube', channel, { live: true, title: 'Silent feed #sponsored', viewers: 5 });
        await poll(now);
        expect((await channelsOf(api.castbridge.db, creator.id))[0]).toMatchObject({ live: true, disclosed: true });
        const found = units();
        for (let minute = 1; minute < 60; minute += 1) await poll(now + minute * MIN);
        expect((await feed(channelId))?.state).toBe('pending');
        expect((await channelsOf(api.castbridge.db, creator.id))[0]).toMatchObject({ live: true, disclosed: true });
        // Found by the first look (liveBroadcasts.list, 5 units, and its video); then its video alone each poll
        // (1 unit with the API key), not 59 more looks.
        expect(spent(before, 'looks')).toBe(1);
        expect(spent(found, 'looks')).toBe(0);
        expect(spent(found, 'keyed')).toBe(59);
        standIn.setChannel('youtube', channel, { live: false });
        await poll(now + 60 * MIN);
        expect((await channelsOf(api.castbridge.db, creator.id))[0]).toMatchObject({ live: false });
        // Offline, the paced looks for a new broadcast: never more often than the poll (an hour here; the pacing by
        // the quota's share is live-watch.test.ts's), so one in the next hour of polls a minute.
        const looking = units();
        for (let minute = 61; minute < 121; minute += 1) await poll(now + minute * MIN);
        expect(spent(looking, 'looks')).toBe(1);
      } finally {
        hubReach.refuseVerification = false;
      }
    },
  );

  it('a broadcast the hub failed to announce is looked for while the overlay claims minutes, and the claims wait for it', async () => {
    const channel = `yf_unannounced_${backendName}`;
    const { creator, channelId, offerId } = await inDelivery(channel);
    const db = api.castbridge.db;
    // Polls on whole minutes, the stream started before the first.
    const base = Math.ceil(Date.now() / MIN) * MIN + MIN;
    await subscribe(channelId, base - 10 * MIN);
    const before = units();
    hubReach.dropPushes = true;
    try {
      standIn.setChannel('youtube', channel, { live: true, title: 'Unannounced #ad', viewers: 40 });
      await standIn.youtubeHub.idle();
    } finally {
      hubReach.dropPushes = false;
    }
    // The hub tried once and gave up (no retries here): nothing was announced.
    expect(standIn.youtubeHub.deliveries().filter((d) => d.topic === feedTopic(channelId))).toEqual([
      expect.objectContaining({ status: null, attempt: 1 }),
    ]);
    expect(
      await db.selectFrom('youtube_videos').select('video_id').where('channel_id', '=', channelId).execute(),
    ).toEqual([]);
    /** The overlay's heartbeats: a minute's claimed seconds, pending until the platform settles them. */
    const claim = (from: number, to: number) =>
      db
        .insertInto('overlay_minutes')
        .values(
          Array.from({ length: to - from }, (_, i) => ({
            offer_id: offerId,
            minute: base / MIN + from + i,
            seconds: 60,
          })),
        )
        .execute();
    const minutes = async () =>
      new Map(
        (
          await db.selectFrom('overlay_minutes').select(['minute', 'status']).where('offer_id', '=', offerId).execute()
        ).map((row) => [Number(row.minute) - base / MIN, row.status]),
      );
    await claim(0, 3);

    // Three minutes of claims: the feed may still announce it, so no look yet — and no "offline" from the feed
    // either, which would settle the claimed minutes against the creator.
    await poll(base + 3 * MIN);
    expect(spent(before, 'looks')).toBe(0);
    const waiting = await minutes();
    expect([0, 1, 2].map((m) => waiting.get(m))).toEqual(['pending', 'pending', 'pending']);
    expect((await channelsOf(db, creator.id))[0]).toMatchObject({ live: false });

    // Claims older than the grace: one look (liveBroadcasts.list) finds the broadcast; from then on the batch reads it.
    await claim(3, 9);
    await poll(base + 6 * MIN);
    expect(spent(before, 'looks')).toBe(1);
    expect((await channelsOf(db, creator.id))[0]).toMatchObject({ live: true, title: 'Unannounced #ad', viewers: 40 });
    for (let minute = 7; minute <= 9; minute += 1) await poll(base + minute * MIN);
    expect(spent(before, 'looks')).toBe(1);
    const settled = await minutes();
    // The minutes claimed before the look have no sample near them; those after it are the creator's, verified.
    expect([0, 1, 2].map((m) => settled.get(m))).toEqual(['no_sample', 'no_sample', 'no_sample']);
    expect(settled.get(6)).toBe('verified');

    // Ended, and the overlay still claims without a broadcast: the feed's "offline" stands between looks, which keep
    // the uncovered channels' pace (the poll, an hour here, from the look at +6 minutes), so the claims settle offline.
    standIn.setChannel('youtube', channel, { live: false });
    await poll(base + 10 * MIN);
    await claim(10, 20);
    const offline = units();
    for (let minute = 11; minute <= 22; minute += 1) await poll(base + minute * MIN);
    expect(spent(offline, 'looks')).toBe(0);
    const after = await minutes();
    expect([10, 11, 12, 13, 14, 15].map((m) => after.get(m))).toEqual(Array(6).fill('offline'));
    // Claiming an hour on: one look again, which finds nothing, and the claims settle offline.
    await claim(70, 78);
    for (let minute = 70; minute <= 80; minute += 1) await poll(base + minute * MIN);
    expect(spent(offline, 'looks')).toBe(1);
    expect((await minutes()).get(75)).toBe('offline');
  });
});

describe('two instances on one PostgreSQL', () => {
  let backend: Backend;
  let a: Client;
  let b: Client;
  let standIn: OAuthStandIn;
  let servers: ServerType[] = [];
  let held: Promise<void> | null = null;
  // The platform's requests held, by the instance that sent them: each instance reaches the stand-in at an address of
  // its own, so B's poll asking nothing is told apart from A's poll asking twice. A poll reads the YouTube Data API.
  // Neither instance runs its jobs (beforeAll): the scheduled poll, 5 s after start, and a connected channel's
  // background reads would otherwise read beside the test's polls (a busy run once saw B read videos.list while
  // the test's poll on B was told to skip: a poll of B's own schedule was under way).
  const heldFrom = { a: [] as string[], b: [] as string[] };
  const pollReads = (paths: string[]) => paths.filter((path) => path.includes('/youtube/v3/'));

  beforeAll(async () => {
    backend = await makeBackend('postgres');
    // The hub reaches instance B only (a load balancer's choice); A polls.
    standIn = createOAuthStandIn({
      ...testClient,
      youtubeHub: { deliver: async (url, init) => b.castbridge.app.request(url, init), retryDelaysMs: [] },
    });
    // The platform's answers can be held, so one instance's poll is seen mid-read by the other.
    const settingsFor = async (name: keyof typeof heldFrom) => {
      const served = await serveStandIn({
        app: {
          fetch: async (request, env, context) => {
            if (held) {
              heldFrom[name].push(new URL(request.url).pathname);
              await held;
            }
            return standIn.app.fetch(request, env, context);
          },
        },
      });
      servers.push(served.server);
      return {
        ...standInSettings(served.base),
        YOUTUBE_WEBSUB_HUB: `${served.base}/youtube/pubsubhubbub/subscribe`,
        YOUTUBE_API_KEY: STANDIN_YOUTUBE_API_KEY,
        TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
        LIVE_POLL_SECONDS: '3600',
      };
    };
    a = await startApp(backend, await settingsFor('a'));
    b = await startApp(backend, await settingsFor('b'));
    await a.castbridge.services.jobs.stop();
    await b.castbridge.services.jobs.stop();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const server of servers) server.close();
    servers = [];
    standIn?.close();
    await backend?.cleanup();
  });

  it('the feed verified and pushed through one instance, the broadcast read by the other’s poll; one poll at a time', async () => {
    const advertiser = await account(a, 'advertiser');
    const creator = await account(a, 'creator');
    const channel = 'yf_two_instances';
    expect((await connect(a, creator, 'youtube', channel)).get('connected')).toBe('youtube');
    const db = a.castbridge.db;
    await deliveryOfferRow(db, await activeCampaignRow(db, advertiser.id, ['YouTube']), creator.id);
    const now = Date.now();
    await a.castbridge.services.live.pollOnce(now);
    await standIn.youtubeHub.idle();
    const row = await a.castbridge.db.selectFrom('youtube_feeds').select(['state']).executeTakeFirstOrThrow();
    expect(row.state).toBe('active');
    standIn.setChannel('youtube', channel, { live: true, title: 'Two instances #ad', viewers: 21 });
    await standIn.youtubeHub.idle();
    expect(standIn.youtubeHub.deliveries()).toEqual([expect.objectContaining({ status: 200, signed: true })]);
    // A's poll holds the lease while it waits on the platform: B's poll, meanwhile, is told someone else is reading
    // and asks nothing. (Started together, one could finish before the other asks for the lease: both would read,
    // one after the other, which the lease allows.)
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const first = a.castbridge.services.live.pollOnce(now + MIN);
    await until(
      async () => pollReads(heldFrom.a).length,
      (count) => count > 0,
    );
    const second = await b.castbridge.services.live.pollOnce(now + MIN);
    expect(second).toEqual({ skipped: true, answered: 0, problems: 0 });
    expect(pollReads(heldFrom.b), `B asked ${heldFrom.b.join(', ')}`).toEqual([]);
    held = null;
    release();
    expect((await first).skipped).toBe(false);
    expect((await channelsOf(a.castbridge.db, creator.id))[0]).toMatchObject({
      live: true,
      title: 'Two instances #ad',
      disclosed: true,
      viewers: 21,
    });
    const samples = await a.castbridge.db.selectFrom('live_samples').select('at').execute();
    expect(samples.map((s) => Number(s.at))).toEqual([now + MIN]);
  });
});
