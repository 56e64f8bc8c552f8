// YouTube's push feed as the stand-in serves it (issue 46; standins/websub.ts, published/websub.ts): Google's WebSub
// hub at /youtube/pubsubhubbub/subscribe — subscribe, 202, the verification GET a subscriber must echo, leases,
// signed Atom pushes for a channel's new and retitled broadcasts, retries, unsubscribing, and the hub's refusals in
// its own words — with a small subscriber of the test's own on a port; scheduled broadcasts (upcoming → live → ended)
// as liveBroadcasts.list and videos.list read them, videos.list with the project's API key (50 ids a call, 1 unit,
// never the owner-only paid-promotion flag) and Google's refusals of a wrong key and of a key where a token is due;
// scheduling from the control API and the control page's labelled form; the hub's subscriptions shared by two
// stand-ins on one DATA_DIR; and the mounted hub reaching the app's own callback in process.
import type { ServerType } from '@hono/node-server';
import axe from 'axe-core';
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mountStandIns, type HostConfig } from '../../standins/mount.ts';
import {
  createOAuthStandIn,
  STANDIN_CLIENT,
  STANDIN_YOUTUBE_API_KEY,
  standInChannelId,
  type OAuthStandIn,
} from '../../standins/oauth.ts';
import { takeViolations } from '../../standins/published/conformance.ts';
import { HUB_DEFAULT_LEASE_SECONDS, HUB_MAX_LEASE_SECONDS, youtubeFeedTopic } from '../../standins/published/websub.ts';
import { tempDir, until } from './helpers.ts';
import { serveStandIn } from './oauth-flow.ts';

const REDIRECT = 'http://127.0.0.1:3000/api/connections/callback';
const ATOM = 'http://www.w3.org/2005/Atom';
const YT = 'http://www.youtube.com/xml/schemas/2015';

// jsdom ships no types: the little of it used here.
interface XmlWindow {
  document: Document;
  eval(code: string): unknown;
  axe?: typeof axe;
  close(): void;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string, options?: { contentType?: string; runScripts?: 'outside-only' }) => { window: XmlWindow };
};

/** A subscriber of the test's own: how it answers each callback path, and what it received. */
interface Subscriber {
  url: string;
  /**
   * echo: the challenge back; wrong: 200 with another body; missing: 404; hold: the challenge back once `release`d.
   * Pushes: 204, or 500 while `failPushes` says so.
   */
  answer: Map<string, 'echo' | 'wrong' | 'missing' | 'hold'>;
  release(path: string): void;
  failPushes: Map<string, number>;
  gets: { path: string; query: URLSearchParams }[];
  posts: { path: string; search: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

async function startSubscriber(): Promise<Subscriber> {
  const answer = new Map<string, 'echo' | 'wrong' | 'missing' | 'hold'>();
  const held = new Map<string, () => void>();
  const failPushes = new Map<string, number>();
  const gets: Subscriber['gets'] = [];
  const posts: Subscriber['posts'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://subscriber');
    if (req.method === 'GET') {
      gets.push({ path: url.pathname, query: url.searchParams });
      const how = answer.get(url.pathname) ?? 'echo';
      if (how === 'missing') return void res.writeHead(404).end('no such subscription');
      if (how === 'hold')
        return void held.set(url.pathname, () =>
          res.writeHead(200, { 'content-type': 'text/plain' }).end(url.searchParams.get('hub.challenge') ?? ''),
        );
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end(how === 'echo' ? (url.searchParams.get('hub.challenge') ?? '') : 'yes please');
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      posts.push({
        path: url.pathname,
        search: url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const failing = failPushes.get(url.pathname) ?? 0;
      if (failing > 0) {
        failPushes.set(url.pathname, failing - 1);
        return void res.writeHead(500).end('busy');
      }
      res.writeHead(204).end();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    answer,
    release(path) {
      held.get(path)?.();
      held.delete(path);
    },
    failPushes,
    gets,
    posts,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Consent and code exchange for a channel, as a creator connecting would: answers the user token. */
async function grant(standIn: OAuthStandIn, channel: string, platform: 'youtube' | 'twitch' = 'youtube') {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const twitch = platform === 'twitch';
  const decided = await standIn.app.request(
    twitch ? '/twitch/oauth2/authorize/decide' : '/youtube/o/oauth2/v2/auth/decide',
    {
      ...form({
        client_id: STANDIN_CLIENT.clientId,
        redirect_uri: REDIRECT,
        state: 's',
        scope: twitch ? 'user:read:email' : 'youtube.readonly',
        code_challenge: challenge,
        channel,
        decision: 'allow',
      }),
      redirect: 'manual',
    },
  );
  const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
  const exchanged = await standIn.app.request(
    twitch ? '/twitch/oauth2/token' : '/youtube/token',
    form({
      client_id: STANDIN_CLIENT.clientId,
      client_secret: STANDIN_CLIENT.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    }),
  );
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

/** The Atom document of a push, parsed as XML (a malformed one throws), and its entry's fields. */
function readPush(body: string) {
  const { document } = new JSDOM(body, { contentType: 'application/xml' }).window;
  const feed = document.documentElement;
  const entry = feed.getElementsByTagNameNS(ATOM, 'entry')[0]!;
  const text = (element: Element, ns: string, name: string) => element.getElementsByTagNameNS(ns, name)[0]?.textContent;
  const link = (element: Element, rel: string) =>
    [...element.children]
      .find((child) => child.localName === 'link' && child.getAttribute('rel') === rel)
      ?.getAttribute('href');
  return {
    root: `${feed.namespaceURI} ${feed.localName}`,
    hub: link(feed, 'hub'),
    self: link(feed, 'self'),
    id: text(entry, ATOM, 'id'),
    videoId: text(entry, YT, 'videoId'),
    channelId: text(entry, YT, 'channelId'),
    title: text(entry, ATOM, 'title'),
    alternate: link(entry, 'alternate'),
    author: text(entry.getElementsByTagNameNS(ATOM, 'author')[0]!, ATOM, 'name'),
    published: text(entry, ATOM, 'published'),
    updated: text(entry, ATOM, 'updated'),
  };
}

const hmac = (secret: string, body: string) => crypto.createHmac('sha1', secret).update(body, 'utf8').digest('hex');

describe("YouTube's WebSub hub and scheduled broadcasts", () => {
  let standIn: OAuthStandIn;
  let server: ServerType;
  let base: string;
  let subscriber: Subscriber;
  /** The hub's clock runs this far ahead of the real one (a test lets a lease pass by moving it). */
  let ahead = 0;
  let owner: string;
  const channel = 'yt_sponsor';
  const channelId = standInChannelId('youtube', channel);
  const topic = youtubeFeedTopic(channelId);
  const hub = () => `${base}/youtube/pubsubhubbub/subscribe`;
  const subscribe = (callback: string, extra: Record<string, string> = {}) =>
    fetch(hub(), form({ 'hub.callback': callback, 'hub.mode': 'subscribe', 'hub.topic': topic, ...extra }));
  const viewOf = (callback: string) => standIn.youtubeHub.subscriptions().find((sub) => sub.callback === callback);
  const pushesTo = (path: string) => subscriber.posts.filter((post) => post.path === path);

  beforeAll(async () => {
    standIn = createOAuthStandIn({
      redirectUris: () => [REDIRECT],
      youtubeHub: { now: () => Date.now() + ahead, retryDelaysMs: [20, 40] },
    });
    ({ base, server } = await serveStandIn(standIn));
    subscriber = await startSubscriber();
    owner = await grant(standIn, channel);
  });
  afterAll(async () => {
    standIn.close();
    server.close();
    await subscriber.close();
  });
  afterEach(async () => {
    await standIn.youtubeHub.idle();
  });

  it('subscribing: 202, then a GET with the mode, the topic, a random challenge and the lease granted; echoed, it is active', async () => {
    const callback = `${subscriber.url}/echo?channel=${channelId}`;
    const answer = await subscribe(callback, { 'hub.lease_seconds': '3600', 'hub.secret': 's3cret' });
    expect(answer.status).toBe(202);
    await standIn.youtubeHub.idle();
    const get = subscriber.gets.find((one) => one.path === '/echo')!;
    // The callback's own query kept, the hub's appended.
    expect(get.query.get('channel')).toBe(channelId);
    expect(get.query.get('hub.mode')).toBe('subscribe');
    expect(get.query.get('hub.topic')).toBe(topic);
    expect(get.query.get('hub.lease_seconds')).toBe('3600');
    expect(get.query.get('hub.challenge')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(viewOf(callback)).toMatchObject({ topic, state: 'active', leaseSeconds: 3600, hasSecret: true });
    expect(viewOf(callback)!.expiresAt).toBeGreaterThan(Date.now() + 3500_000);

    // No lease asked: 5 days; more than 10 days asked: 10 days. Each challenge is new.
    await subscribe(`${subscriber.url}/echo-default`);
    await subscribe(`${subscriber.url}/echo-long`, { 'hub.lease_seconds': '9999999' });
    await standIn.youtubeHub.idle();
    expect(viewOf(`${subscriber.url}/echo-default`)!.leaseSeconds).toBe(HUB_DEFAULT_LEASE_SECONDS);
    expect(viewOf(`${subscriber.url}/echo-long`)!.leaseSeconds).toBe(HUB_MAX_LEASE_SECONDS);
    const challenges = subscriber.gets.map((one) => one.query.get('hub.challenge'));
    expect(new Set(challenges).size).toBe(challenges.length);
    expect(subscriber.gets.find((one) => one.path === '/echo-default')!.query.get('hub.lease_seconds')).toBe('432000');

    // Pending while the subscriber has not answered the challenge.
    subscriber.answer.set('/held', 'hold');
    await subscribe(`${subscriber.url}/held`);
    await until(
      async () => subscriber.gets.some((one) => one.path === '/held'),
      (asked) => asked,
    );
    expect(viewOf(`${subscriber.url}/held`)).toMatchObject({ state: 'pending', expiresAt: null });
    subscriber.release('/held');
    await standIn.youtubeHub.idle();
    expect(viewOf(`${subscriber.url}/held`)?.state).toBe('active');
  });

  it('a callback that answers another body, or 404, stays unsubscribed and is pushed nothing', async () => {
    subscriber.answer.set('/wrong', 'wrong');
    subscriber.answer.set('/missing', 'missing');
    expect((await subscribe(`${subscriber.url}/wrong`)).status).toBe(202);
    expect((await subscribe(`${subscriber.url}/missing`)).status).toBe(202);
    await standIn.youtubeHub.idle();
    expect(viewOf(`${subscriber.url}/wrong`)).toBeUndefined();
    expect(viewOf(`${subscriber.url}/missing`)).toBeUndefined();
    const outcomes = standIn.youtubeHub
      .verifications()
      .filter((one) => one.callback.endsWith('/wrong') || one.callback.endsWith('/missing'))
      .map((one) => [one.status, one.verified]);
    expect(outcomes).toEqual([
      [200, false],
      [404, false],
    ]);

    standIn.setChannel('youtube', channel, { schedule: { title: 'Warm-up', startsAt: Date.now() + 3600_000 } });
    await standIn.youtubeHub.idle();
    expect(pushesTo('/wrong')).toEqual([]);
    expect(pushesTo('/missing')).toEqual([]);
    expect(pushesTo('/echo')).toHaveLength(1);
  });

  it('scheduled, live, retitled, ended: its creation and its title change are pushed, signed, as the guide shows; videos.list with the API key reads upcoming, live, ended', async () => {
    // The channel's scheduled broadcast (from the test before) is moved; a new one would be another video.
    const startsAt = Date.parse('2027-01-15T18:00:00Z');
    standIn.setChannel('youtube', channel, { schedule: { title: 'Launch night #ad', startsAt }, branded: true });
    await standIn.youtubeHub.idle();
    const upcoming = standIn.channelState('youtube', channel).upcoming!;
    expect(upcoming).toMatchObject({ title: 'Launch night #ad', scheduledStartAt: '2027-01-15T18:00:00Z' });

    // Retitling the scheduled broadcast is a push of it (the first push, of 'Warm-up', was its creation).
    const pushes = pushesTo('/echo');
    expect(pushes.map((push) => readPush(push.body).title)).toEqual(['Warm-up', 'Launch night #ad']);
    for (const push of pushes) {
      expect(push.search).toBe(`?channel=${channelId}`);
      expect(push.headers['content-type']).toBe('application/atom+xml');
      expect(push.headers.link).toBe(`<${topic}>; rel=self, <http://pubsubhubbub.appspot.com/>; rel=hub`);
      expect(push.headers['x-hub-signature']).toBe(`sha1=${hmac('s3cret', push.body)}`);
    }
    const first = readPush(pushes[0]!.body);
    expect(first).toMatchObject({
      root: `${ATOM} feed`,
      hub: 'https://pubsubhubbub.appspot.com',
      self: topic,
      id: `yt:video:${upcoming.id}`,
      videoId: upcoming.id,
      channelId,
      alternate: `http://www.youtube.com/watch?v=${upcoming.id}`,
      author: channel,
    });
    expect(first.published).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(first.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}\+00:00$/);
    // Subscribed without a secret: the same push, unsigned.
    expect(pushesTo('/echo-default').map((push) => push.headers['x-hub-signature'])).toEqual([undefined, undefined]);

    // The owner's liveBroadcasts.list: the scheduled one is upcoming, and only there.
    const broadcasts = async (status: string) =>
      (
        (await (
          await fetch(`${base}/youtube/youtube/v3/liveBroadcasts?part=snippet,status&broadcastStatus=${status}`, {
            headers: { authorization: `Bearer ${owner}` },
          })
        ).json()) as { items: { id: string; snippet: Record<string, string>; status: Record<string, string> }[] }
      ).items;
    const listed = await broadcasts('upcoming');
    expect(listed.map((item) => [item.id, item.snippet.scheduledStartTime, item.status.lifeCycleStatus])).toEqual([
      [upcoming.id, '2027-01-15T18:00:00.000Z', 'ready'],
    ]);
    expect(await broadcasts('active')).toEqual([]);

    // Another channel's ended broadcast, read in the same videos.list call: 2 ids, 1 unit, with the key alone.
    standIn.setChannel('youtube', 'yt_other', { live: true, title: 'Earlier' });
    standIn.setChannel('youtube', 'yt_other', { live: false });
    await standIn.youtubeHub.idle();
    const other = standIn.channelState('youtube', 'yt_other').recordings[0]!.id;
    const parts = 'snippet,liveStreamingDetails,paidProductPlacementDetails';
    const read = async () => {
      const units = standIn.calls.youtube.byCall['videos.list'] ?? 0;
      const answer = await fetch(
        `${base}/youtube/youtube/v3/videos?part=${parts}&id=${upcoming.id},${other}&key=${STANDIN_YOUTUBE_API_KEY}`,
      );
      expect(answer.status).toBe(200);
      expect((standIn.calls.youtube.byCall['videos.list'] ?? 0) - units).toBe(1);
      const items = ((await answer.json()) as { items: Record<string, Record<string, unknown>>[] }).items;
      expect(items.map((item) => item.id)).toEqual([upcoming.id, other]);
      // Public data only: the paid-promotion flag is the owner's to read.
      for (const item of items) expect(item.paidProductPlacementDetails).toBeUndefined();
      return items[0]!;
    };
    const before = await read();
    expect(before.snippet).toMatchObject({ title: 'Launch night #ad', liveBroadcastContent: 'upcoming', channelId });
    expect(before.liveStreamingDetails).toEqual({ scheduledStartTime: '2027-01-15T18:00:00.000Z' });

    // Live: the scheduled broadcast itself (same id), nothing pushed for going live.
    const pushed = subscriber.posts.length;
    standIn.setChannel('youtube', channel, { live: true, viewers: 250 });
    await standIn.youtubeHub.idle();
    expect(subscriber.posts).toHaveLength(pushed);
    const live = standIn.channelState('youtube', channel);
    expect(live).toMatchObject({ live: true, upcoming: null, title: 'Launch night #ad' });
    expect(live.recordings[0]!.id).toBe(upcoming.id);
    const during = await read();
    expect(during.snippet).toMatchObject({ liveBroadcastContent: 'live' });
    expect(during.liveStreamingDetails).toEqual({
      scheduledStartTime: '2027-01-15T18:00:00.000Z',
      actualStartTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      concurrentViewers: '250',
      activeLiveChatId: `chat-${channel}`,
    });
    const actualStart = Date.parse(during.liveStreamingDetails!.actualStartTime as string);
    expect(Math.floor(actualStart / 1000) * 1000).toBe(Date.parse(live.recordings[0]!.startedAt));
    // The owner's own token still reads the flag.
    const mine = (await (
      await fetch(`${base}/youtube/youtube/v3/videos?part=paidProductPlacementDetails&id=${upcoming.id}`, {
        headers: { authorization: `Bearer ${owner}` },
      })
    ).json()) as { items: Record<string, unknown>[] };
    expect(mine.items[0]!.paidProductPlacementDetails).toEqual({ hasPaidProductPlacement: true });

    // Retitled while live: pushed, with the new title.
    standIn.setChannel('youtube', channel, { title: 'Launch night, part 2 #ad' });
    await standIn.youtubeHub.idle();
    const retitled = readPush(pushesTo('/echo').at(-1)!.body);
    expect(retitled).toMatchObject({ videoId: upcoming.id, title: 'Launch night, part 2 #ad' });
    expect(pushesTo('/echo').at(-1)!.headers['x-hub-signature']).toBe(
      `sha1=${hmac('s3cret', pushesTo('/echo').at(-1)!.body)}`,
    );

    // Ended: nothing pushed; videos.list has its end.
    const afterTitle = subscriber.posts.length;
    standIn.setChannel('youtube', channel, { live: false });
    await standIn.youtubeHub.idle();
    expect(subscriber.posts).toHaveLength(afterTitle);
    const ended = await read();
    expect(ended.snippet).toMatchObject({ title: 'Launch night, part 2 #ad', liveBroadcastContent: 'none' });
    expect(Object.keys(ended.liveStreamingDetails!).sort()).toEqual([
      'actualEndTime',
      'actualStartTime',
      'scheduledStartTime',
    ]);

    // Live again without a schedule: a new broadcast, pushed as one.
    standIn.setChannel('youtube', channel, { live: true, title: 'Surprise stream' });
    await standIn.youtubeHub.idle();
    const surprise = standIn.channelState('youtube', channel).recordings[0]!;
    expect(surprise.id).not.toBe(upcoming.id);
    expect(readPush(pushesTo('/echo').at(-1)!.body)).toMatchObject({ videoId: surprise.id, title: 'Surprise stream' });
    standIn.setChannel('youtube', channel, { live: false });
  });

  it('a delivery refused is tried again with backoff, a bounded number of times; the subscription stays', async () => {
    const callback = `${subscriber.url}/flaky`;
    await subscribe(callback, { 'hub.secret': 'flaky-secret' });
    await standIn.youtubeHub.idle();
    // Refused twice, taken the third time.
    subscriber.failPushes.set('/flaky', 2);
    standIn.setChannel('youtube', channel, { schedule: { title: 'Retry me', startsAt: Date.now() + 7200_000 } });
    await standIn.youtubeHub.idle();
    const attempts = standIn.youtubeHub.deliveries().filter((one) => one.callback === callback);
    expect(attempts.map((one) => [one.attempt, one.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 204],
    ]);
    expect(attempts[2]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(60);
    // Refused every time: the first try and the two retries, then the hub gives up; the lease runs on.
    subscriber.failPushes.set('/flaky', 100);
    standIn.setChannel('youtube', channel, { title: 'Retry me again' });
    await standIn.youtubeHub.idle();
    const again = standIn.youtubeHub
      .deliveries()
      .filter((one) => one.callback === callback)
      .slice(3);
    expect(again.map((one) => [one.attempt, one.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect(viewOf(callback)?.state).toBe('active');
    subscriber.failPushes.delete('/flaky');
  });

  it('a lease that has passed gets no push and shows expired; subscribing again renews it', async () => {
    const callback = `${subscriber.url}/short`;
    await subscribe(callback, { 'hub.lease_seconds': '60' });
    await standIn.youtubeHub.idle();
    expect(viewOf(callback)?.state).toBe('active');
    ahead += 61_000;
    expect(viewOf(callback)?.state).toBe('expired');
    standIn.setChannel('youtube', channel, { title: 'Nobody listening there' });
    await standIn.youtubeHub.idle();
    expect(pushesTo('/short')).toEqual([]);

    await subscribe(callback, { 'hub.lease_seconds': '60' });
    await standIn.youtubeHub.idle();
    expect(viewOf(callback)?.state).toBe('active');
    standIn.setChannel('youtube', channel, { title: 'Listening again' });
    await standIn.youtubeHub.idle();
    expect(pushesTo('/short').map((push) => readPush(push.body).title)).toEqual(['Listening again']);

    // A renewal that fails verification leaves the subscription as it was: its lease and its secret.
    const was = viewOf(callback)!;
    subscriber.answer.set('/short', 'wrong');
    await subscribe(callback, { 'hub.lease_seconds': '600', 'hub.secret': 'new-secret' });
    await standIn.youtubeHub.idle();
    expect(viewOf(callback)).toEqual(was);
    subscriber.answer.delete('/short');
    // The test helper: every lease of the topic ends now.
    standIn.youtubeHub.expire(topic);
    expect(standIn.youtubeHub.subscriptions().every((sub) => sub.state === 'expired')).toBe(true);
  });

  it('unsubscribing, verified, ends the pushes; unsubscribing what is not subscribed is 204', async () => {
    const callback = `${subscriber.url}/leaving`;
    await subscribe(callback);
    await standIn.youtubeHub.idle();
    expect(viewOf(callback)?.state).toBe('active');
    const answer = await fetch(
      hub(),
      form({ 'hub.callback': callback, 'hub.mode': 'unsubscribe', 'hub.topic': topic }),
    );
    expect(answer.status).toBe(202);
    await standIn.youtubeHub.idle();
    const get = subscriber.gets.filter((one) => one.path === '/leaving').at(-1)!;
    expect(get.query.get('hub.mode')).toBe('unsubscribe');
    expect(viewOf(callback)).toBeUndefined();
    standIn.setChannel('youtube', channel, { title: 'After they left' });
    await standIn.youtubeHub.idle();
    expect(pushesTo('/leaving')).toEqual([]);

    const nothing = await fetch(
      hub(),
      form({ 'hub.callback': callback, 'hub.mode': 'unsubscribe', 'hub.topic': topic }),
    );
    expect(nothing.status).toBe(204);
  });

  it("the hub's refusals: 400 and its plain-text words; a wrong API key, a key where a token is due, 51 ids: Google's answers", async () => {
    const good = { 'hub.callback': `${subscriber.url}/echo`, 'hub.mode': 'subscribe', 'hub.topic': topic };
    const refused = async (fields: Record<string, string>) => {
      const answer = await fetch(hub(), form(fields));
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      return [answer.status, await answer.text()];
    };
    const ports = 'optional port in ranges 80-90, 440-450, 1024-65535';
    expect(await refused({ ...good, 'hub.mode': 'watch' })).toEqual([400, 'Invalid value for hub.mode: watch']);
    expect(await refused({ 'hub.callback': good['hub.callback'], 'hub.topic': topic })).toEqual([
      400,
      'Invalid value for hub.mode: ',
    ]);
    expect(await refused({ ...good, 'hub.topic': 'channel_id=UC123' })).toEqual([
      400,
      `Invalid parameter: hub.topic; must be valid URI with no fragment and ${ports}`,
    ]);
    expect(await refused({ ...good, 'hub.topic': 'https://example.com/feed.xml' })).toEqual([400, 'Restricted topic']);
    expect(
      await refused({ ...good, 'hub.topic': `https://www.youtube.com/feeds/videos.xml?channel_id=${channelId}` }),
    ).toEqual([400, 'Restricted topic']);
    expect(await refused({ ...good, 'hub.callback': '/api/webhooks/youtube/websub' })).toEqual([
      400,
      `Invalid parameter: hub.callback; must be valid URI with no fragment and ${ports}`,
    ]);
    expect(await refused({ ...good, 'hub.callback': `${subscriber.url}/echo#here` })).toEqual([
      400,
      `Invalid parameter: hub.callback; must be valid URI with no fragment and ${ports}`,
    ]);
    expect(await refused({ ...good, 'hub.callback': 'http://127.0.0.1:999/echo' })).toEqual([
      400,
      `Invalid parameter: hub.callback; must be valid URI with no fragment and ${ports}`,
    ]);
    expect(await refused({ ...good, 'hub.lease_seconds': '5 days' })).toEqual([
      400,
      'Invalid value for hub.lease_seconds: 5 days',
    ]);
    // 200 bytes (100 two-byte characters) is too many; 199 are taken.
    expect(await refused({ ...good, 'hub.secret': 'é'.repeat(100) })).toEqual([
      400,
      'Invalid parameter: hub.secret; must be less than 200 bytes',
    ]);
    expect(takeViolations((violation) => violation.path === 'pubsubhubbub/subscribe')).toHaveLength(10);
    expect((await fetch(hub(), form({ ...good, 'hub.secret': 'x'.repeat(199) }))).status).toBe(202);
    await standIn.youtubeHub.idle();

    const id = standIn.channelState('youtube', channel).recordings[0]!.id;
    const wrongKey = await fetch(`${base}/youtube/youtube/v3/videos?part=snippet&id=${id}&key=AIzaWrong`);
    expect(wrongKey.status).toBe(400);
    expect(await wrongKey.json()).toEqual({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        errors: [
          { message: 'API key not valid. Please pass a valid API key.', domain: 'global', reason: 'badRequest' },
        ],
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'youtube.googleapis.com' },
          },
        ],
      },
    });
    const keyOnly = await fetch(
      `${base}/youtube/youtube/v3/liveBroadcasts?part=snippet&broadcastStatus=upcoming&key=${STANDIN_YOUTUBE_API_KEY}`,
    );
    expect(keyOnly.status).toBe(401);
    expect(keyOnly.headers.get('www-authenticate')).toBe('Bearer realm="https://accounts.google.com/"');
    expect(await keyOnly.json()).toEqual({
      error: {
        code: 401,
        message: 'Login Required.',
        errors: [
          {
            message: 'Login Required.',
            domain: 'global',
            reason: 'required',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    });
    expect(takeViolations((violation) => violation.platform === 'youtube')).toHaveLength(2);
    const ids = Array.from({ length: 51 }, (_, n) => `video${String(n).padStart(6, '0')}`).join(',');
    const tooMany = await fetch(`${base}/youtube/youtube/v3/videos?part=id&id=${ids}&key=${STANDIN_YOUTUBE_API_KEY}`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'invalidValue',
    );
  });
});

describe('scheduling a YouTube broadcast from the control surface', () => {
  let standIn: OAuthStandIn;
  beforeAll(async () => {
    standIn = createOAuthStandIn({ redirectUris: () => [REDIRECT] });
    await grant(standIn, 'lia_plays');
    await grant(standIn, 'nova_runs', 'twitch');
  });
  afterAll(() => standIn.close());

  const postJson = (path: string, body: unknown) =>
    standIn.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('the API takes schedule: { title, startsAt } for YouTube, checks it, and going live starts that broadcast', async () => {
    const answer = await postJson('/api/channels/youtube/lia_plays', {
      schedule: { title: ' Cozy build #ad ', startsAt: '2027-02-01T20:30:00+01:00' },
    });
    expect(answer.status).toBe(200);
    const view = (await answer.json()) as {
      upcoming: { id: string; title: string; scheduledStartAt: string; url: string };
    };
    expect(view.upcoming).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      url: `http://localhost/youtube/watch?v=${view.upcoming.id}`,
      title: 'Cozy build #ad',
      scheduledStartAt: '2027-02-01T19:30:00Z',
    });
    for (const [body, message] of [
      [{ schedule: { title: 'x' } }, /startsAt is a date and time with its zone/],
      [{ schedule: { title: '', startsAt: '2027-02-01T20:30:00Z' } }, /^schedule\.title: A title cannot be empty$/],
      [{ schedule: { title: 'x', startsAt: '2027-02-01 20:30' } }, /startsAt/],
      [{ schedule: { title: 'x', startsAt: '2027-02-01T20:30:00Z', end: 'soon' } }, /schedule\.end/],
      [{ schedule: 'tonight' }, /schedule is \{ title, startsAt \}/],
    ] as const) {
      const refused = await postJson('/api/channels/youtube/lia_plays', body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(message);
    }
    const twitch = await postJson('/api/channels/twitch/nova_runs', {
      schedule: { title: 'x', startsAt: '2027-02-01T20:30:00Z' },
    });
    expect(twitch.status).toBe(400);
    expect(((await twitch.json()) as { message: string }).message).toBe(
      'Only a YouTube broadcast is scheduled here: Twitch has no schedule field',
    );

    const live = await postJson('/api/channels/youtube/lia_plays', { live: true });
    const started = (await live.json()) as {
      live: boolean;
      upcoming: null;
      title: string;
      recordings: { id: string }[];
    };
    expect(started).toMatchObject({ live: true, upcoming: null, title: 'Cozy build #ad' });
    expect(started.recordings[0]!.id).toBe(view.upcoming.id);
  });

  it('the page: a labelled "Schedule a broadcast" form on the YouTube card, no axe violation, and it schedules', async () => {
    const page = await (await standIn.app.request('/')).text();
    expect(page).toContain('<h4 id="youtube-lia_plays-schedule">Schedule a broadcast</h4>');
    expect(page).toContain('<label for="youtube-lia_plays-schedule-title">Broadcast title</label>');
    expect(page).toContain('<label for="youtube-lia_plays-schedule-start">Starts at (UTC)</label>');
    const inputs = [...page.matchAll(/<input [^>]*id="([^"]+)"/g)].map((match) => match[1]!);
    for (const id of inputs) expect(page).toContain(`<label for="${id}">`);

    const { window } = new JSDOM(page, { runScripts: 'outside-only' });
    window.eval(axe.source);
    // jsdom paints nothing: colour contrast is the browser journeys' to measure (test/e2e, axeViolations).
    const result = await window.axe!.run(window.document, {
      runOnly: ['wcag2a', 'wcag2aa'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    window.close();

    const saved = await standIn.app.request('/channels/youtube/lia_plays/schedule', {
      ...form({ title: 'Sunday special', startsAt: '2027-03-07T17:00' }),
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(
      '/?saved=the%20broadcast%20scheduled%20on%20lia_plays#youtube-lia_plays',
    );
    expect(standIn.channelState('youtube', 'lia_plays').upcoming).toMatchObject({
      title: 'Sunday special',
      scheduledStartAt: '2027-03-07T17:00:00Z',
    });
    const wrong = await standIn.app.request(
      '/channels/youtube/lia_plays/schedule',
      form({ title: 'x', startsAt: 'soon' }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('<p role="alert">lia_plays on YouTube: Starts at is a date and a time</p>');
  });
});

describe("the platform's state: shared over DATA_DIR, an older one brought up to date; the hub mounted on the app", () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a subscription verified through one stand-in is pushed by another on the same DATA_DIR', async () => {
    dir = tempDir('castbridge-websub-');
    const subscriber = await startSubscriber();
    const a = createOAuthStandIn({ dataDir: dir, redirectUris: () => [REDIRECT] });
    const b = createOAuthStandIn({ dataDir: dir, redirectUris: () => [REDIRECT] });
    try {
      const topic = youtubeFeedTopic(standInChannelId('youtube', 'shared_yt'));
      const answer = await a.app.request(
        '/youtube/pubsubhubbub/subscribe',
        form({ 'hub.callback': `${subscriber.url}/shared`, 'hub.mode': 'subscribe', 'hub.topic': topic }),
      );
      expect(answer.status).toBe(202);
      await a.youtubeHub.idle();
      expect(b.youtubeHub.subscriptions()).toMatchObject([{ topic, state: 'active' }]);
      b.setChannel('youtube', 'shared_yt', { schedule: { title: 'From B', startsAt: Date.now() + 60_000 } });
      await b.youtubeHub.idle();
      expect(subscriber.posts.map((post) => readPush(post.body).title)).toEqual(['From B']);
      expect(a.channelState('youtube', 'shared_yt').upcoming?.title).toBe('From B');
    } finally {
      a.close();
      b.close();
      await subscriber.close();
    }
  });

  it('a DATA_DIR from before scheduled broadcasts gets their table and columns; its recordings read as unscheduled', async () => {
    const old = tempDir('castbridge-websub-old-');
    try {
      // The recordings table as it was, with a stream already recorded.
      const file = new SQLite(path.join(old, 'standins.sqlite'));
      file.exec(`create table recordings (platform text not null, id text not null, channel text not null,
        stream_id text not null, title text not null, started_at integer not null, ended_at integer,
        primary key (platform, id))`);
      file
        .prepare('insert into recordings values (?, ?, ?, ?, ?, ?, ?)')
        .run('youtube', 'oldvideo123', 'old_yt', 'oldvideo123', 'Before', 1_700_000_000_000, 1_700_000_360_000);
      file.close();
      const standIn = createOAuthStandIn({ dataDir: old, redirectUris: () => [REDIRECT] });
      try {
        expect(standIn.channelState('youtube', 'old_yt').recordings).toEqual([
          expect.objectContaining({ id: 'oldvideo123', title: 'Before', endedAt: '2023-11-14T22:19:20Z' }),
        ]);
        standIn.setChannel('youtube', 'old_yt', { schedule: { title: 'After', startsAt: Date.now() + 60_000 } });
        standIn.setChannel('youtube', 'old_yt', { live: true });
        const video = (await (
          await standIn.app.request(
            `/youtube/youtube/v3/videos?part=snippet,liveStreamingDetails&id=oldvideo123&key=${STANDIN_YOUTUBE_API_KEY}`,
          )
        ).json()) as { items: { snippet: Record<string, string>; liveStreamingDetails: Record<string, string> }[] };
        expect(video.items[0]!.snippet.publishedAt).toBe('2023-11-14T22:13:20.000Z');
        expect(video.items[0]!.liveStreamingDetails.scheduledStartTime).toBeUndefined();
        expect(standIn.channelState('youtube', 'old_yt')).toMatchObject({ live: true, title: 'After' });
      } finally {
        standIn.close();
      }
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  });

  it("mounted on the app, the hub verifies and pushes to the app's own callback in process", async () => {
    const config: HostConfig = {
      dataDir: tempDir('castbridge-websub-mount-'),
      twitchChatUrl: 'ws://127.0.0.1:9',
      twitchChat: { mode: 'irc', eventSubUrl: null },
      oauth: { twitch: null, youtube: { clientId: 'test-client', clientSecret: 'test-secret', standIn: true } },
      stripe: null,
    };
    const reached: string[] = [];
    // The app's own routes, answered in process: its callback echoes the challenge.
    const selfFetch = {
      resolve: (path: string) => (path.startsWith('/') ? `http://castbridge.internal${path}` : path),
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        reached.push(`${request.method} ${request.url}`);
        if (request.method === 'GET')
          return new Response(new URL(request.url).searchParams.get('hub.challenge'), { status: 200 });
        return new Response(null, { status: 204 });
      }) as typeof fetch,
    };
    const mounted = await mountStandIns({ callbackPath: () => '/api/connections/callback' })({
      config,
      links: { url: (path) => `http://127.0.0.1:3999${path}` },
      selfFetch,
    });
    try {
      const oauth = mounted.oauth!;
      const topic = youtubeFeedTopic(standInChannelId('youtube', 'mounted_yt'));
      const answer = await oauth.app.request(
        '/youtube/pubsubhubbub/subscribe',
        form({
          'hub.callback': 'http://127.0.0.1:3999/api/webhooks/youtube/websub?channel=x',
          'hub.mode': 'subscribe',
          'hub.topic': topic,
        }),
      );
      expect(answer.status).toBe(202);
      await oauth.youtubeHub.idle();
      oauth.setChannel('youtube', 'mounted_yt', { live: true, title: 'Mounted' });
      await oauth.youtubeHub.idle();
      expect(reached.map((line) => line.replace(/\?.*$/, ''))).toEqual([
        'GET http://castbridge.internal/api/webhooks/youtube/websub',
        'POST http://castbridge.internal/api/webhooks/youtube/websub',
      ]);
      expect(reached[1]).toBe('POST http://castbridge.internal/api/webhooks/youtube/websub?channel=x');
    } finally {
      await mounted.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
