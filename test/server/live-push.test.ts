// Twitch pushes the live watch (issue 46; server/connections/twitch-push.ts, server/connections/live.ts `pushed`),
// against the EventSub stand-in (standins/eventsub.ts) and the Twitch stand-in serving its Helix routes, on SQLite (one
// instance: the live watch's own 'verify' conduit beside chat over WebSocket) and PostgreSQL (chat's conduit carries
// the stream events too): stream.online, channel.update and stream.offline written as Twitch said them, within
// seconds; a poll asks Get Streams only for the channels known live and those not covered; a channel whose
// subscriptions Twitch refused (the cost limit) is still polled; a lost EventSub session loses no end; a channel
// leaving delivery has its subscriptions deleted; two instances on one PostgreSQL record each event once.
import crypto from 'node:crypto';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_PUSH_TYPES } from '../../server/connections/twitch-push.ts';
import { createOAuthStandIn, type OAuthStandIn } from '../../standins/oauth.ts';
import { STANDIN_BOT, startEventSubStandIn, twitchUserId, type EventSubStandIn } from '../../standins/eventsub.ts';
import { startTwitchChatStandIn, type TwitchChatStandIn } from '../../standins/twitch-chat.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, connectChannel, type Account, activeCampaignRow, deliveryOfferRow } from './market.ts';
import { connect, serveStandIn, standInSettings, testClient } from './oauth-flow.ts';

/** The stand-in's and the governor's Helix budget in these tests: the subscriptions of 100 channels fit a minute. */
const POINTS = 5000;
/** What the stand-in lets the app's subscriptions cost: the 100 unauthorized channels' 300, and not a point more. */
const MAX_COST = 300;

interface World {
  irc: TwitchChatStandIn;
  eventSub: EventSubStandIn;
  standIn: OAuthStandIn;
  server: ServerType;
  base: string;
  close(): Promise<void>;
}

async function world(): Promise<World> {
  const irc = await startTwitchChatStandIn();
  const eventSub = await startEventSubStandIn({ irc, appMaxTotalCost: MAX_COST });
  const standIn = createOAuthStandIn({ ...testClient, eventSub, helixPointsPerMinute: POINTS });
  const { base, server } = await serveStandIn(standIn);
  return {
    irc,
    eventSub,
    standIn,
    server,
    base,
    async close() {
      server.close();
      await eventSub.close();
      await irc.close();
      standIn.close();
    },
  };
}

const settings = (w: World) => ({
  ...standInSettings(w.base),
  TWITCH_CHAT_URL: `ws://127.0.0.1:${w.irc.port}`,
  TWITCH_EVENTSUB_URL: w.eventSub.url,
  TWITCH_BOT_REFRESH_TOKEN: STANDIN_BOT.refreshToken,
  TWITCH_POINTS_PER_MINUTE: String(POINTS),
  // The tests poll themselves.
  LIVE_POLL_SECONDS: '3600',
});

/** An active campaign on Twitch. */
const campaign = (api: Client, advertiser: Account) => activeCampaignRow(api.castbridge.db, advertiser.id, ['Twitch']);

const offer = (api: Client, campaignId: string, creator: Account) =>
  deliveryOfferRow(api.castbridge.db, campaignId, creator.id);

/** The stand-in's enabled stream subscriptions of a broadcaster. */
const streamSubs = (w: World, broadcasterId: string) =>
  w.eventSub
    .subscriptions()
    .filter(
      (s) =>
        s.status === 'enabled' &&
        (STREAM_PUSH_TYPES as string[]).includes(s.type) &&
        s.condition.broadcaster_user_id === broadcasterId,
    );
const shardsEnabled = (w: World) =>
  w.eventSub.conduits().every((c) => c.shards.length > 0 && c.shards.every((s) => s.status === 'enabled'));

describe.each(BACKENDS)('Twitch pushes the live watch on %s', (backendName) => {
  let backend: Backend;
  let w: World;
  let api: Client;
  let advertiser: Account;
  let campaignId: string;
  const first = `push_${backendName}`;
  const firstId = twitchUserId(first);
  const second = `push2_${backendName}`;
  const secondId = twitchUserId(second);
  let firstAccount = '';
  let secondAccount = '';
  let firstOffer = '';
  const fillers: string[] = [];

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    w = await world();
    api = await startApp(backend, settings(w));
    advertiser = await account(api, 'advertiser');
    campaignId = await campaign(api, advertiser);
    const creator = await account(api, 'creator');
    expect((await connect(api, creator, 'twitch', first)).get('connected')).toBe('twitch');
    firstOffer = await offer(api, campaignId, creator);
    firstAccount = (await api.castbridge.services.connections.account(creator.id, 'twitch'))!.id;
  });
  afterAll(async () => {
    await api?.close();
    await w?.close();
    await backend?.cleanup();
  });

  const db = () => api.castbridge.db;
  const live = () => api.castbridge.services.live;
  const streams = () => w.standIn.calls.helixApp.streams ?? 0;
  const openStream = (accountId: string) =>
    db()
      .selectFrom('live_streams')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('started_at', 'desc')
      .executeTakeFirst();
  const samplesOf = (key: string) =>
    db()
      .selectFrom('live_samples')
      .select(['at', 'title', 'disclosed', 'viewers'])
      .where('stream_key', '=', key)
      .orderBy('at')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, at: Number(r.at), disclosed: Number(r.disclosed) })));
  /** Polls until every watched channel is covered: a poll then asks Get Streams only for those known live. */
  async function pollUntilCovered(expectedStreamsCalls: number) {
    let calls = -1;
    await until(
      async () => {
        const before = streams();
        await live().pollOnce(Date.now());
        calls = streams() - before;
        return calls;
      },
      (n) => n === expectedStreamsCalls && shardsEnabled(w),
      // A net against a hang, not a bound: 102 channels' subscriptions took past 30 s in a busy npm test (2026-12-02).
      120_000,
    );
  }

  it('stream.online, a title without #ad, then with #ad, then stream.offline: the window as Twitch said, written at once', async () => {
    expect(api.castbridge.services.twitchPush).not.toBeNull();
    // The first poll looks at the channel and subscribes it: its three subscriptions on the conduit, the shards served.
    await live().pollOnce(Date.now());
    await until(
      async () =>
        streamSubs(w, firstId)
          .map((s) => `${s.type} v${s.version} ${s.transport.method}`)
          .sort(),
      (subs) => subs.join() === 'channel.update v2 conduit,stream.offline v1 conduit,stream.online v1 conduit',
      20_000,
    );
    // The creator authorized the client: no cost.
    expect(streamSubs(w, firstId).map((s) => s.cost)).toEqual([0, 0, 0]);
    await until(
      async () => shardsEnabled(w),
      (ok) => ok,
      20_000,
    );
    const polled = streams();

    // Retitled while offline (a channel.update with no stream to sample), then live.
    w.standIn.setChannel('twitch', first, { title: 'Speedrun' });
    const view = w.standIn.setChannel('twitch', first, { live: true });
    // The control API says seconds; the event's started_at, milliseconds.
    const startedAt = Date.parse(view.startedAt!);
    const opened = await until(
      () => openStream(firstAccount),
      (row) => row !== undefined && row.ended_at === null,
    );
    // Live from Twitch's started_at, with a first sample of its title (channel information: not disclosed).
    expect(Math.floor(Number(opened!.started_at) / 1000) * 1000).toBe(startedAt);
    const key = opened!.id;
    expect(
      await until(
        () => samplesOf(key),
        (s) => s.length === 1,
      ),
    ).toMatchObject([{ title: 'Speedrun', disclosed: 0, viewers: null }]);
    expect(
      await db().selectFrom('live_watch').selectAll().where('account_id', '=', firstAccount).executeTakeFirst(),
    ).toMatchObject({ live: 1, stream_key: key });

    w.standIn.setChannel('twitch', first, { title: 'Speedrun, any% glitchless' });
    await until(
      () => samplesOf(key),
      (s) => s.length === 2,
    );
    w.standIn.setChannel('twitch', first, { title: 'Speedrun #ad' });
    const titled = await until(
      () => samplesOf(key),
      (s) => s.length === 3,
    );
    // Each sample's disclosure follows the title Twitch pushed.
    expect(titled.map((s) => [s.title, s.disclosed])).toEqual([
      ['Speedrun', 0],
      ['Speedrun, any% glitchless', 0],
      ['Speedrun #ad', 1],
    ]);

    const before = Date.now();
    w.standIn.setChannel('twitch', first, { live: false });
    const after = Date.now();
    const ended = await until(
      () => openStream(firstAccount),
      (row) => row?.ended_at !== null,
    );
    // Ended when Twitch said so (its message's time), not at a poll.
    expect(Number(ended!.ended_at)).toBeGreaterThanOrEqual(before);
    expect(Number(ended!.ended_at)).toBeLessThanOrEqual(after);
    expect(Number(ended!.started_at)).toBe(Number(opened!.started_at));
    expect(
      await db().selectFrom('live_watch').selectAll().where('account_id', '=', firstAccount).executeTakeFirst(),
    ).toMatchObject({ live: 0, stream_key: null });
    // None of it asked Get Streams.
    expect(streams()).toBe(polled);
  }, 60_000);

  it('a poll asks Get Streams only for the channels known live: 102 watched, 1 live → 1 call, not 2', async () => {
    // 100 more channels in delivery (never authorized the client: 1 each, the stand-in's MAX_COST exactly) and one
    // more connected channel, live.
    for (let i = 0; i < 100; i += 1) {
      const creator = await account(api, 'creator');
      const channel = await connectChannel(api, creator);
      fillers.push(channel.id);
      await offer(api, campaignId, creator);
    }
    const creator = await account(api, 'creator');
    expect((await connect(api, creator, 'twitch', second)).get('connected')).toBe('twitch');
    await offer(api, campaignId, creator);
    secondAccount = (await api.castbridge.services.connections.account(creator.id, 'twitch'))!.id;
    w.standIn.setChannel('twitch', second, { live: true, title: 'Chess #sponsored', viewers: 77 });

    // Until every channel is subscribed and looked at since: then a poll is 1 Get Streams (the live one).
    await pollUntilCovered(1);
    expect(api.castbridge.services.twitchPush!.stats()).toMatchObject({ subscribed: 102, refused: 0 });
    const channelsBefore = w.standIn.calls.helixApp.channels ?? 0;
    const now = Date.now();
    const before = streams();
    expect(await live().pollOnce(now)).toMatchObject({ skipped: false, answered: 102 });
    expect(streams() - before).toBe(1);
    expect((w.standIn.calls.helixApp.channels ?? 0) - channelsBefore).toBe(1);
    // The live one sampled with its viewers; the others known offline through now, unasked.
    const stream = await openStream(secondAccount);
    expect((await samplesOf(stream!.id)).at(-1)).toMatchObject({ at: now, viewers: 77, disclosed: 1 });
    const rows = await db()
      .selectFrom('live_watch')
      .select(['checked_at', 'live'])
      .where('account_id', 'in', fillers)
      .execute();
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => Number(r.checked_at) === now && Number(r.live) === 0)).toBe(true);
  }, 180_000);

  it('a channel whose subscriptions Twitch refused (the cost limit) is still polled: its stream recorded', async () => {
    // Known to Twitch, never authorized the client: 1 a subscription, beyond the 300 the app may spend.
    const login = `unauth_${backendName}`;
    w.standIn.setChannel('twitch', login, { live: true, title: 'Not covered' });
    const creator = await account(api, 'creator');
    const accountId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    const template = await db()
      .selectFrom('connected_accounts')
      .selectAll()
      .where('id', '=', fillers[0]!)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('connected_accounts')
      .values({
        ...template,
        id: accountId,
        user_id: creator.id,
        platform_user_id: twitchUserId(login),
        login,
        display_name: login,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await offer(api, campaignId, creator);
    const refusedBefore = w.eventSub.stats.refused['total cost exceeded'] ?? 0;
    await live().pollOnce(Date.now());
    expect(w.eventSub.stats.refused['total cost exceeded'] ?? 0).toBeGreaterThan(refusedBefore);
    expect(streamSubs(w, twitchUserId(login))).toEqual([]);
    expect(api.castbridge.services.twitchPush!.stats().refused).toBe(1);
    // The governor takes any 429 for Helix's bucket and holds the app token until its reset (up to a minute): the
    // polls below wait for that, not for the refusal.
    await until(
      async () => api.castbridge.services.governor.remaining('twitch', 'app', 'verify').units,
      (units) => units > 0,
      75_000,
    );
    // Every poll asks for it: with the live one, 2 known live or not covered, one Get Streams.
    for (let i = 0; i < 2; i += 1) {
      const now = Date.now();
      const before = streams();
      await live().pollOnce(now);
      expect(streams() - before).toBe(1);
      const stream = await openStream(accountId);
      expect(stream).toMatchObject({ ended_at: null, title: 'Not covered' });
      expect((await samplesOf(stream!.id)).at(-1)).toMatchObject({ at: now });
    }
  }, 120_000);

  it('a lost EventSub session during a stream loses no end: the next poll looks at every channel', async () => {
    const stream = await openStream(secondAccount);
    expect(stream?.ended_at).toBeNull();
    const dropped = w.eventSub.stats.dropped;
    const sessionsBefore = new Set(w.eventSub.conduits().flatMap((c) => c.shards.map((shard) => shard.sessionId)));
    // Every socket lost; the stream ends meanwhile: its stream.offline finds no shard.
    w.eventSub.dropAll();
    w.standIn.setChannel('twitch', second, { live: false });
    expect(w.eventSub.stats.dropped).toBeGreaterThan(dropped);
    // The shards are served again, on new sessions (the subscriptions stayed: they are the conduit's).
    await until(
      async () => w.eventSub.conduits().flatMap((c) => c.shards),
      (shards) => shards.every((shard) => shard.status === 'enabled' && !sessionsBefore.has(shard.sessionId)),
      20_000,
    );
    expect(streamSubs(w, secondId)).toHaveLength(3);
    const now = Date.now();
    const before = streams();
    await live().pollOnce(now);
    // A gap in the push path: every watched channel looked at (103: 2 calls), the end found.
    expect(streams() - before).toBe(2);
    const ended = await openStream(secondAccount);
    expect(ended?.id).toBe(stream!.id);
    expect(Number(ended?.ended_at)).toBe(now);
  }, 60_000);

  it('a channel that leaves delivery has its subscriptions deleted', async () => {
    expect(streamSubs(w, firstId)).toHaveLength(3);
    await db().updateTable('offers').set({ status: 'declined' }).where('id', '=', firstOffer).execute();
    await live().pollOnce(Date.now());
    await until(
      async () => streamSubs(w, firstId).length,
      (n) => n === 0,
    );
    expect(streamSubs(w, secondId)).toHaveLength(3);
    expect(api.castbridge.services.twitchPush!.stats().deleted).toBeGreaterThanOrEqual(3);
  }, 30_000);
});

describe('two instances on one PostgreSQL', () => {
  let backend: Backend;
  let w: World;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    backend = await makeBackend('postgres');
    w = await world();
    [a, b] = [await startApp(backend, settings(w)), await startApp(backend, settings(w))];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await w?.close();
    await backend?.cleanup();
  });

  it('each pushed event is recorded once, whichever instance receives it', async () => {
    const login = 'push_two';
    const advertiser = await account(a, 'advertiser');
    const creator = await account(a, 'creator');
    expect((await connect(a, creator, 'twitch', login)).get('connected')).toBe('twitch');
    await offer(a, await campaign(a, advertiser), creator);
    const accountId = (await a.castbridge.services.connections.account(creator.id, 'twitch'))!.id;
    // One conduit (the chat's), its shards shared by the two; one instance polls at a time and subscribes.
    await Promise.all([
      a.castbridge.services.live.pollOnce(Date.now()),
      b.castbridge.services.live.pollOnce(Date.now()),
    ]);
    await until(
      async () => streamSubs(w, twitchUserId(login)).length,
      (n) => n === 3,
      20_000,
    );
    await until(
      async () => [a, b].map((api) => api.castbridge.services.eventSub!.stats().connections.length),
      (counts) => counts[0]! + counts[1]! === 4 && counts[0]! > 0 && counts[1]! > 0,
      30_000,
    );
    expect(w.eventSub.conduits()).toHaveLength(1);
    const events = () => [a, b].reduce((sum, api) => sum + api.castbridge.services.twitchPush!.stats().events, 0);
    const eventsBefore = events();

    // Four events: channel.update (offline: nothing to sample), stream.online, channel.update, stream.offline.
    w.standIn.setChannel('twitch', login, { title: 'Two of us' });
    w.standIn.setChannel('twitch', login, { live: true });
    const stream = await until(
      () =>
        a.castbridge.db.selectFrom('live_streams').selectAll().where('account_id', '=', accountId).executeTakeFirst(),
      (row) => row !== undefined,
    );
    w.standIn.setChannel('twitch', login, { title: 'Two of us #ad' });
    w.standIn.setChannel('twitch', login, { live: false });
    await until(
      () =>
        b.castbridge.db.selectFrom('live_streams').select('ended_at').where('id', '=', stream!.id).executeTakeFirst(),
      (row) => row?.ended_at !== null,
    );
    await until(
      async () => events() - eventsBefore,
      (n) => n === 4,
    );
    const samples = await b.castbridge.db
      .selectFrom('live_samples')
      .select(['title', 'disclosed'])
      .where('stream_key', '=', stream!.id)
      .orderBy('at')
      .execute();
    expect(samples.map((s) => [s.title, Number(s.disclosed)])).toEqual([
      ['Two of us', 0],
      ['Two of us #ad', 1],
    ]);
    expect(
      await b.castbridge.db.selectFrom('live_streams').select('id').where('account_id', '=', accountId).execute(),
    ).toEqual([{ id: stream!.id }]);
  }, 90_000);
});
