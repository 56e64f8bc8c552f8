// The platform stand-ins you can drive (standins/control.ts, oauth.ts, state.ts): the control page and its
// JSON API (live/offline, title, branded-content / paid-promotion flag, viewers, recordings), Twitch's app access
// token and the batched Helix calls delivery is verified with (Get Streams, Get Channel Information, Get Videos, 100
// ids a call, rate-limit headers per token), the recording pages an evidence link opens, YouTube's liveBroadcasts and
// videos.list (concurrentViewers, paidProductPlacementDetails, actualEndTime), two stand-ins on one DATA_DIR agreeing,
// the demo's disclosed titles, and the mounted surface (present with stand-ins, absent beside real providers).
import type { ServerType } from '@hono/node-server';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STANDIN_CLIENT } from '../../standins/oauth.ts';
import { createOAuthStandIn, standInChannelId, standInFigures, type OAuthStandIn } from '../../standins/oauth.ts';
import { takeViolations } from '../../standins/published/conformance.ts';
import { makeBackend, startApp, tempDir, type Backend, type Client } from './helpers.ts';
import { serveStandIn } from './oauth-flow.ts';

const REDIRECT = 'http://127.0.0.1:3000/api/connections/callback';
const CLIENT = { client_id: STANDIN_CLIENT.clientId, client_secret: STANDIN_CLIENT.clientSecret };
type Platform = 'twitch' | 'youtube';

const form = (standIn: OAuthStandIn, path: string, fields: Record<string, string>) =>
  standIn.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
const postJson = (standIn: OAuthStandIn, path: string, body: unknown) =>
  standIn.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Consent and code exchange for `channel` on `platform`, as a creator connecting would: answers the user token. */
async function grant(standIn: OAuthStandIn, platform: Platform, channel: string): Promise<string> {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const scope = platform === 'twitch' ? 'user:read:email chat:read' : 'youtube.readonly';
  const decidePath = platform === 'twitch' ? '/twitch/oauth2/authorize/decide' : '/youtube/o/oauth2/v2/auth/decide';
  const decided = await form(standIn, decidePath, {
    client_id: STANDIN_CLIENT.clientId,
    redirect_uri: REDIRECT,
    state: 's',
    scope,
    code_challenge: challenge,
    channel,
    decision: 'allow',
  });
  expect(decided.status).toBe(302);
  const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
  const exchanged = await form(standIn, platform === 'twitch' ? '/twitch/oauth2/token' : '/youtube/token', {
    ...CLIENT,
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  expect(exchanged.status).toBe(200);
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

async function appToken(standIn: OAuthStandIn): Promise<string> {
  const answer = await form(standIn, '/twitch/oauth2/token', { ...CLIENT, grant_type: 'client_credentials' });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

const helix = (
  standIn: OAuthStandIn,
  token: string,
  pathAndQuery: string,
  clientId: string = STANDIN_CLIENT.clientId,
) =>
  standIn.app.request(`/twitch/helix/${pathAndQuery}`, {
    headers: { authorization: `Bearer ${token}`, 'client-id': clientId },
  });
const youtube = (standIn: OAuthStandIn, token: string, pathAndQuery: string) =>
  standIn.app.request(`/youtube/youtube/v3/${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });

interface ChannelJson {
  platform: Platform;
  channel: string;
  channelId: string;
  live: boolean;
  title: string;
  branded: boolean;
  viewers: number;
  startedAt: string | null;
  upcoming: { id: string; url: string; title: string; scheduledStartAt: string } | null;
  recordings: { id: string; url: string; title: string; startedAt: string; endedAt: string | null }[];
}
const channelsOf = async (standIn: OAuthStandIn) =>
  ((await (await standIn.app.request('/api/channels')).json()) as { channels: ChannelJson[] }).channels;

describe('the control API and page', () => {
  let standIn: OAuthStandIn;
  beforeAll(() => {
    standIn = createOAuthStandIn({ redirectUris: () => [REDIRECT] });
  });
  afterAll(() => standIn.close());

  it('lists no channel before a grant; then every granted channel of both platforms, offline, with its defaults', async () => {
    expect(await channelsOf(standIn)).toEqual([]);
    await grant(standIn, 'twitch', 'nova_runs');
    await grant(standIn, 'youtube', 'lia_plays');
    expect(await channelsOf(standIn)).toEqual([
      {
        platform: 'twitch',
        channel: 'nova_runs',
        channelId: standInChannelId('twitch', 'nova_runs'),
        live: false,
        title: 'nova_runs live on Castbridge',
        branded: false,
        viewers: standInFigures('twitch', 'nova_runs').viewers,
        startedAt: null,
        upcoming: null,
        recordings: [],
      },
      {
        platform: 'youtube',
        channel: 'lia_plays',
        channelId: standInChannelId('youtube', 'lia_plays'),
        live: false,
        title: 'lia_plays live on Castbridge',
        branded: false,
        viewers: standInFigures('youtube', 'lia_plays').viewers,
        startedAt: null,
        upcoming: null,
        recordings: [],
      },
    ]);
  });

  it('live, title, branded and viewers set by the API; offline keeps the recording; live again is a new stream', async () => {
    const live = await postJson(standIn, '/api/channels/twitch/nova_runs', {
      live: true,
      title: '  Speedrun night #ad ',
      viewers: 420,
    });
    expect(live.status).toBe(200);
    const first = (await live.json()) as ChannelJson;
    expect(first).toMatchObject({ live: true, title: 'Speedrun night #ad', branded: false, viewers: 420 });
    expect(first.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(first.recordings).toHaveLength(1);
    expect(first.recordings[0]).toMatchObject({ endedAt: null, title: 'Speedrun night #ad' });
    expect(first.recordings[0]!.url).toBe(`http://localhost/twitch/videos/${first.recordings[0]!.id}`);

    // The title changes while live: the stream's and its recording's with it.
    const retitled = (await (
      await postJson(standIn, '/api/channels/twitch/nova_runs', { title: 'Speedrun night', branded: true })
    ).json()) as ChannelJson;
    expect(retitled).toMatchObject({ live: true, title: 'Speedrun night', branded: true });
    expect(retitled.startedAt).toBe(first.startedAt);
    expect(retitled.recordings.map((r) => [r.id, r.title])).toEqual([[first.recordings[0]!.id, 'Speedrun night']]);

    const offline = (await (
      await postJson(standIn, '/api/channels/twitch/nova_runs', { live: false })
    ).json()) as ChannelJson;
    expect(offline).toMatchObject({ live: false, startedAt: null, title: 'Speedrun night', branded: true });
    expect(offline.recordings).toHaveLength(1);
    expect(offline.recordings[0]!.endedAt).not.toBeNull();

    const again = (await (
      await postJson(standIn, '/api/channels/twitch/nova_runs', { live: true })
    ).json()) as ChannelJson;
    // The channel's title carries over to its next stream, as on Twitch.
    expect(again).toMatchObject({ live: true, title: 'Speedrun night' });
    expect(again.recordings).toHaveLength(2);
    expect(again.recordings[1]!.id).toBe(first.recordings[0]!.id);
    expect(again.recordings[0]!.id).not.toBe(first.recordings[0]!.id);
    expect(again.recordings[0]!.endedAt).toBeNull();
    expect(standIn.channelState('twitch', 'nova_runs')).toMatchObject({ live: true, viewers: 420, branded: true });
  });

  it('answers 400 { message } to bad input and 404 to an unknown channel or platform, changing nothing', async () => {
    const before = await channelsOf(standIn);
    const bad: [unknown, RegExp][] = [
      ['{not json', /not JSON/],
      [[true], /JSON object/],
      ['"live"', /JSON object/],
      [{ live: 'yes' }, /live is true or false/],
      [{ branded: 1 }, /branded is true or false/],
      [{ viewers: -1 }, /viewers is a whole number/],
      [{ viewers: 1.5 }, /viewers is a whole number/],
      [{ viewers: '12' }, /viewers is a whole number/],
      [{ viewers: 10_000_001 }, /viewers is a whole number/],
      [{ title: '   ' }, /cannot be empty/],
      [{ title: 42 }, /title is text/],
      [{ title: 'line\nbreak' }, /one line/],
      [{ title: 'x'.repeat(141) }, /at most 140/],
      [{ live: true, viewer: 3 }, /Unknown field "viewer"/],
    ];
    for (const [body, message] of bad) {
      const answer = await postJson(standIn, '/api/channels/twitch/nova_runs', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(message);
    }
    // YouTube titles are shorter.
    const long = await postJson(standIn, '/api/channels/youtube/lia_plays', { title: 'y'.repeat(101) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toMatch(/at most 100/);

    for (const path of ['/api/channels/twitch/nobody_here', '/api/channels/kick/nova_runs']) {
      const answer = await postJson(standIn, path, { live: true });
      expect(answer.status).toBe(404);
      expect(typeof ((await answer.json()) as { message: string }).message).toBe('string');
      expect((await standIn.app.request(path)).status).toBe(404);
    }
    expect(await channelsOf(standIn)).toEqual(before);
    expect(standIn.channelState('twitch', 'nobody_here').live).toBe(false);
  });

  it('the page: titled, every field labelled, no script or external asset; its form saves and redirects back', async () => {
    const answer = await standIn.app.request('/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    const html = await answer.text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<title>Platform stand-ins: channels</title>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<script|<link|<img|\ssrc=|url\(/i);
    const inputs = [...html.matchAll(/<input [^>]*id="([^"]+)"/g)].map((match) => match[1]!);
    // live, title, branded, viewers × 2 channels; the YouTube one's "Schedule a broadcast": its title and start
    expect(inputs).toHaveLength(10);
    for (const id of inputs) expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain('<label for="twitch-nova_runs-branded">Branded content</label>');
    expect(html).toContain('<label for="youtube-lia_plays-branded">Paid promotion</label>');
    expect(html).toMatch(/<a href="http:\/\/localhost\/twitch\/videos\/\d+">Speedrun night<\/a>/);

    // Unticked boxes are sent as nothing: offline, not branded.
    const saved = await form(standIn, '/channels/twitch/nova_runs', { title: 'Quiet evening', viewers: '17' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/?saved=nova_runs%20on%20Twitch#twitch-nova_runs');
    expect(standIn.channelState('twitch', 'nova_runs')).toMatchObject({
      live: false,
      title: 'Quiet evening',
      branded: false,
      viewers: 17,
    });
    const back = await (await standIn.app.request('/?saved=nova_runs%20on%20Twitch')).text();
    expect(back).toContain('<p role="status">Saved nova_runs on Twitch.</p>');

    const live = await form(standIn, '/channels/youtube/lia_plays', {
      live: 'on',
      branded: 'on',
      title: 'Cozy build #ad',
      viewers: '88',
    });
    expect(live.status).toBe(303);
    expect(standIn.channelState('youtube', 'lia_plays')).toMatchObject({ live: true, branded: true, viewers: 88 });

    const wrong = await form(standIn, '/channels/youtube/lia_plays', {
      live: 'on',
      title: 'Cozy build',
      viewers: 'many',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/<p role="alert">lia_plays on YouTube: Viewers is a whole number/);
    const empty = await form(standIn, '/channels/youtube/lia_plays', { live: 'on', title: ' ', viewers: '3' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('<p role="alert">lia_plays on YouTube: A title cannot be empty</p>');
    expect(standIn.channelState('youtube', 'lia_plays')).toMatchObject({ title: 'Cozy build #ad', viewers: 88 });
    expect((await form(standIn, '/channels/twitch/nobody_here', { title: 't', viewers: '1' })).status).toBe(404);
  });

  it('mounted under a prefix: the page is at the prefix with a slash, its form returns there', async () => {
    const parent = new Hono();
    parent.route('/standin', standIn.app);
    const bare = await parent.request('/standin');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/standin/');
    const page = await parent.request('/standin/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="channels/twitch/nova_runs"');
    const saved = await parent.request('/standin/channels/twitch/nova_runs', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'live=on&title=Back+again&viewers=5',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/standin/?saved=nova_runs%20on%20Twitch#twitch-nova_runs');
    const listed = (await (await parent.request('/standin/api/channels')).json()) as { channels: ChannelJson[] };
    const nova = listed.channels.find((channel) => channel.channel === 'nova_runs')!;
    expect(nova.live).toBe(true);
    expect(nova.recordings[0]!.url).toBe(`http://localhost/standin/twitch/videos/${nova.recordings[0]!.id}`);
  });
});

describe('Twitch: the app token and the batched Helix calls', () => {
  let standIn: OAuthStandIn;
  const channels = ['ch_alpha', 'ch_beta', 'ch_gamma'];
  const userTokens: Record<string, string> = {};
  beforeAll(async () => {
    standIn = createOAuthStandIn({ redirectUris: () => [REDIRECT] });
    for (const channel of channels) userTokens[channel] = await grant(standIn, 'twitch', channel);
    standIn.setChannel('twitch', 'ch_alpha', { live: true, title: 'Alpha plays #ad', viewers: 1234 });
    standIn.setChannel('twitch', 'ch_gamma', { live: true, title: 'Gamma chats', branded: true });
  });
  afterAll(() => standIn.close());
  afterEach(() => vi.useRealTimers());
  // These tests send Helix and YouTube the requests the platforms refuse, on purpose: the refusals are theirs.
  afterEach(() => void takeViolations((violation) => violation.kind === 'request'));

  it('client credentials: an app token as Twitch gives one (no refresh token); a wrong secret or YouTube refuse', async () => {
    const answer = await form(standIn, '/twitch/oauth2/token', { ...CLIENT, grant_type: 'client_credentials' });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body).toMatchObject({ token_type: 'bearer' });
    expect(body.expires_in).toBeGreaterThan(3600);
    const wrong = await form(standIn, '/twitch/oauth2/token', {
      client_id: STANDIN_CLIENT.clientId,
      client_secret: 'not-it',
      grant_type: 'client_credentials',
    });
    expect(wrong.status).toBe(401);
    const google = await form(standIn, '/youtube/token', { ...CLIENT, grant_type: 'client_credentials' });
    expect(google.status).toBe(400);
  });

  it('Get Streams: the live ones among up to 100 ids, with the set viewers and title; 101 ids is a 400', async () => {
    const token = await appToken(standIn);
    const ids = channels.map((channel) => standInChannelId('twitch', channel));
    const others = Array.from({ length: 97 }, (_, i) => String(900_000_000 + i));
    const query = [...others, ...ids].map((id) => `user_id=${id}`).join('&');
    const answer = await helix(standIn, token, `streams?${query}`);
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: Record<string, unknown>[] };
    expect(data.map((stream) => [stream.user_login, stream.title, stream.viewer_count, stream.type]).sort()).toEqual([
      ['ch_alpha', 'Alpha plays #ad', 1234, 'live'],
      ['ch_gamma', 'Gamma chats', standInFigures('twitch', 'ch_gamma').viewers, 'live'],
    ]);

    const tooMany = await helix(standIn, token, `streams?${query}&user_id=1`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toMatch(/100/);
    // A user token works too, for any channel.
    const byUser = await helix(standIn, userTokens.ch_beta!, `streams?user_id=${ids[0]}&user_id=${ids[1]}`);
    expect(((await byUser.json()) as { data: { user_login: string }[] }).data.map((s) => s.user_login)).toEqual([
      'ch_alpha',
    ]);
  });

  it('Get Channel Information: every asked channel it knows, live or not, with is_branded_content; 100 at most', async () => {
    const token = await appToken(standIn);
    const ids = channels.map((channel) => standInChannelId('twitch', channel));
    const answer = await helix(
      standIn,
      token,
      `channels?${[...ids, '1', ids[0]].map((id) => `broadcaster_id=${id}`).join('&')}`,
    );
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(3);
    expect(data[0]).toEqual({
      broadcaster_id: ids[0],
      broadcaster_login: 'ch_alpha',
      broadcaster_name: 'ch_alpha',
      broadcaster_language: 'en',
      game_id: '509658',
      game_name: 'Just Chatting',
      title: 'Alpha plays #ad',
      delay: 0,
      tags: ['English'],
      content_classification_labels: [],
      is_branded_content: false,
    });
    expect(data.map((channel) => [channel.broadcaster_login, channel.title, channel.is_branded_content])).toEqual([
      ['ch_alpha', 'Alpha plays #ad', false],
      ['ch_beta', 'ch_beta live on Castbridge', false],
      ['ch_gamma', 'Gamma chats', true],
    ]);
    const hundredOne = Array.from({ length: 101 }, (_, i) => `broadcaster_id=${i + 1}`).join('&');
    expect((await helix(standIn, token, `channels?${hundredOne}`)).status).toBe(400);
    expect((await helix(standIn, token, 'channels')).status).toBe(400);
  });

  it('the wrong caller: another Client-Id, a YouTube or revoked token get 401; an app token is no user', async () => {
    const token = await appToken(standIn);
    const id = standInChannelId('twitch', 'ch_alpha');
    expect((await helix(standIn, token, `streams?user_id=${id}`, 'another-client')).status).toBe(401);
    const ytToken = await grant(standIn, 'youtube', 'yt_only');
    expect((await helix(standIn, ytToken, `channels?broadcaster_id=${id}`)).status).toBe(401);
    expect((await helix(standIn, 'made-up', `videos?user_id=${id}`)).status).toBe(401);
    // Followers and subscriptions need the broadcaster's user token.
    expect((await helix(standIn, token, `channels/followers?broadcaster_id=${id}`)).status).toBe(401);
    expect((await helix(standIn, token, 'users')).status).toBe(400);
    const users = await helix(standIn, token, `users?id=${id}&login=CH_BETA`);
    expect(((await users.json()) as { data: { login: string }[] }).data.map((u) => u.login)).toEqual([
      'ch_alpha',
      'ch_beta',
    ]);
    // Revoking an app token ends that token only.
    const other = await appToken(standIn);
    expect((await form(standIn, '/twitch/oauth2/revoke', { client_id: STANDIN_CLIENT.clientId, token })).status).toBe(
      200,
    );
    expect((await helix(standIn, token, `streams?user_id=${id}`)).status).toBe(401);
    expect((await helix(standIn, other, `streams?user_id=${id}`)).status).toBe(200);
    expect((await helix(standIn, userTokens.ch_alpha!, `streams?user_id=${id}`)).status).toBe(200);
  });

  it('rate-limit headers per token on every answer; calls counted by path and by token; the 429 hook still works', async () => {
    const token = await appToken(standIn);
    const id = standInChannelId('twitch', 'ch_alpha');
    const pathsBefore = { ...standIn.calls.helix };
    const remaining: number[] = [];
    for (const path of [`streams?user_id=${id}`, `channels?broadcaster_id=${id}`, `videos?user_id=${id}`]) {
      const answer = await helix(standIn, token, path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe('800');
      remaining.push(Number(answer.headers.get('ratelimit-remaining')));
      const reset = Number(answer.headers.get('ratelimit-reset'));
      expect(reset * 1000).toBeGreaterThan(Date.now());
      expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 61_000);
    }
    // One bucket per client id for the app's tokens (earlier tests spent some of it): a point a call.
    expect(remaining).toEqual([remaining[0]!, remaining[0]! - 1, remaining[0]! - 2]);
    expect(remaining[0]).toBeLessThan(800);
    // A user's token has its own bucket.
    const user = await helix(standIn, userTokens.ch_beta!, `streams?user_id=${id}`);
    expect(Number(user.headers.get('ratelimit-remaining'))).toBeGreaterThan(remaining[2]!);
    expect(standIn.calls.helixByToken[token]).toBe(3);
    expect(standIn.calls.helix.streams).toBe((pathsBefore.streams ?? 0) + 2);
    expect(standIn.calls.helix.channels).toBe((pathsBefore.channels ?? 0) + 1);
    expect(standIn.calls.helix.videos).toBe((pathsBefore.videos ?? 0) + 1);

    standIn.twitch.rateLimit(1, 30_000);
    const limited = await helix(standIn, token, `streams?user_id=${id}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect((await helix(standIn, token, `streams?user_id=${id}`)).status).toBe(200);
  });

  it('Get Videos: one archive per stream, newest first, with its stream_id, duration and a URL that opens its page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-20T18:00:00Z');
    vi.setSystemTime(start);
    standIn.setChannel('twitch', 'ch_beta', { live: true, title: 'Beta first #sponsored' });
    const token = await appToken(standIn);
    const id = standInChannelId('twitch', 'ch_beta');
    const firstStream = (
      (await (await helix(standIn, token, `streams?user_id=${id}`)).json()) as { data: { id: string }[] }
    ).data[0]!.id;
    vi.setSystemTime(start + (3600 + 2 * 60 + 3) * 1000);
    standIn.setChannel('twitch', 'ch_beta', { live: false });
    vi.setSystemTime(start + 2 * 3600 * 1000);
    standIn.setChannel('twitch', 'ch_beta', { live: true, title: 'Beta second' });
    vi.setSystemTime(start + 2 * 3600 * 1000 + 65_000);

    const served = await serveStandIn(standIn);
    try {
      const answer = await fetch(`${served.base}/twitch/helix/videos?user_id=${id}&type=archive`, {
        headers: { authorization: `Bearer ${token}`, 'client-id': STANDIN_CLIENT.clientId },
      });
      expect(answer.status).toBe(200);
      const { data } = (await answer.json()) as { data: Record<string, unknown>[] };
      expect(data).toHaveLength(2);
      const [second, first] = data as [Record<string, unknown>, Record<string, unknown>];
      expect(first).toEqual({
        id: first.id,
        stream_id: firstStream,
        user_id: id,
        user_login: 'ch_beta',
        user_name: 'ch_beta',
        title: 'Beta first #sponsored',
        description: '',
        created_at: '2026-11-20T18:00:00Z',
        published_at: '2026-11-20T18:00:00Z',
        url: `${served.base}/twitch/videos/${first.id}`,
        thumbnail_url: '',
        viewable: 'public',
        view_count: standInFigures('twitch', 'ch_beta').viewers,
        language: 'en',
        type: 'archive',
        duration: '1h2m3s',
        muted_segments: null,
      });
      expect(first.id).toMatch(/^\d+$/);
      expect(first.id).not.toBe(firstStream);
      expect(second).toMatchObject({ title: 'Beta second', duration: '1m5s', created_at: '2026-11-20T20:00:00Z' });
      expect(second.stream_id).not.toBe(firstStream);

      // The evidence link, offline: the VOD's page at the moment asked.
      const page = await fetch(`${String(first.url)}?t=0h42m7s`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<title>Beta first #sponsored — recording of ch_beta on Twitch (local stand-in)</title>');
      expect(html).toContain('<h1>Beta first #sponsored</h1>');
      expect(html).toContain('<p>Recording of ch_beta, at 42m7s</p>');
      expect(html).toContain('<dd>1h2m3s</dd>');
      expect(html).toContain('<time datetime="2026-11-20T18:00:00.000Z">2026-11-20 18:00 UTC</time>');
      expect(html).not.toMatch(/<script|<link|<img|\ssrc=/i);
      const running = await (await fetch(`${String(second.url)}?t=3600`)).text();
      expect(running).toContain('Recording of ch_beta, at 1h0m0s (after its end so far)');
      expect(running).toContain('1m5s (still live)');
      expect((await fetch(`${served.base}/twitch/videos/123`)).status).toBe(404);

      const byId = await fetch(`${served.base}/twitch/helix/videos?id=${String(first.id)}&id=${String(second.id)}`, {
        headers: { authorization: `Bearer ${token}`, 'client-id': STANDIN_CLIENT.clientId },
      });
      expect(((await byId.json()) as { data: { id: string }[] }).data.map((v) => v.id)).toEqual([first.id, second.id]);
    } finally {
      served.server.close();
    }
    expect((await helix(standIn, token, `videos?user_id=${id}&type=highlight`)).status).toBe(200);
    expect(
      ((await (await helix(standIn, token, `videos?user_id=${id}&type=highlight`)).json()) as { data: [] }).data,
    ).toEqual([]);
    expect((await helix(standIn, token, `videos?user_id=${id}&id=1`)).status).toBe(400);
    expect((await helix(standIn, token, 'videos')).status).toBe(400);
    expect((await helix(standIn, token, `videos?user_id=${id}&type=clips`)).status).toBe(400);
    expect((await helix(standIn, token, 'videos?id=999')).status).toBe(404);
    const paged = (await (await helix(standIn, token, `videos?user_id=${id}&first=1`)).json()) as {
      data: { title: string }[];
      pagination: { cursor?: string };
    };
    expect(paged.data.map((v) => v.title)).toEqual(['Beta second']);
    const next = (await (
      await helix(standIn, token, `videos?user_id=${id}&first=1&after=${paged.pagination.cursor}`)
    ).json()) as { data: { title: string }[]; pagination: { cursor?: string } };
    expect(next.data.map((v) => v.title)).toEqual(['Beta first #sponsored']);
    expect(next.pagination).toEqual({});
  });
});

describe('YouTube: broadcasts and videos with the paid-promotion flag, viewers and the end', () => {
  let standIn: OAuthStandIn;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    standIn = createOAuthStandIn({ redirectUris: () => [REDIRECT] });
    owner = await grant(standIn, 'youtube', 'yt_creator');
    stranger = await grant(standIn, 'youtube', 'yt_other');
  });
  afterAll(() => standIn.close());
  afterEach(() => vi.useRealTimers());
  // These tests send Helix and YouTube the requests the platforms refuse, on purpose: the refusals are theirs.
  afterEach(() => void takeViolations((violation) => violation.kind === 'request'));

  it('live: videos.list gives the title, concurrentViewers and, to the owner only, hasPaidProductPlacement', async () => {
    standIn.setChannel('youtube', 'yt_creator', { live: true, title: 'Cozy build', branded: true, viewers: 321 });
    const broadcasts = (await (
      await youtube(standIn, owner, 'liveBroadcasts?part=snippet&broadcastStatus=active')
    ).json()) as { items: { id: string; snippet: Record<string, string> }[] };
    expect(broadcasts.items).toHaveLength(1);
    const [broadcast] = broadcasts.items;
    expect(broadcast!.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(broadcast!.snippet).toMatchObject({ title: 'Cozy build', liveChatId: 'chat-yt_creator' });
    expect(broadcast!.snippet.actualEndTime).toBeUndefined();

    const parts = 'part=snippet,liveStreamingDetails,paidProductPlacementDetails';
    const mine = (await (await youtube(standIn, owner, `videos?id=${broadcast!.id}&${parts}`)).json()) as {
      items: Record<string, Record<string, unknown>>[];
    };
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]!.snippet).toMatchObject({ title: 'Cozy build', liveBroadcastContent: 'live' });
    expect(mine.items[0]!.liveStreamingDetails).toEqual({
      actualStartTime: broadcast!.snippet.actualStartTime,
      concurrentViewers: '321',
      activeLiveChatId: 'chat-yt_creator',
    });
    expect(mine.items[0]!.paidProductPlacementDetails).toEqual({ hasPaidProductPlacement: true });
    const theirs = (await (await youtube(standIn, stranger, `videos?id=${broadcast!.id}&${parts}`)).json()) as {
      items: Record<string, unknown>[];
    };
    expect(theirs.items[0]!.paidProductPlacementDetails).toBeUndefined();
    expect(theirs.items[0]!.liveStreamingDetails).toMatchObject({ concurrentViewers: '321' });

    standIn.setChannel('youtube', 'yt_creator', { branded: false, viewers: 50 });
    const after = (await (await youtube(standIn, owner, `videos?id=${broadcast!.id}&${parts}`)).json()) as {
      items: Record<string, Record<string, unknown>>[];
    };
    expect(after.items[0]!.paidProductPlacementDetails).toEqual({ hasPaidProductPlacement: false });
    expect(after.items[0]!.liveStreamingDetails!.concurrentViewers).toBe('50');

    expect((await youtube(standIn, owner, `videos?id=${broadcast!.id}`)).status).toBe(400);
    expect((await youtube(standIn, owner, `videos?id=${broadcast!.id}&part=fileDetails`)).status).toBe(400);
    expect((await youtube(standIn, 'made-up', `videos?id=${broadcast!.id}&${parts}`)).status).toBe(401);
    expect((await youtube(standIn, owner, 'liveBroadcasts?part=snippet&broadcastStatus=finished')).status).toBe(400);
  });

  it('ended: actualEndTime and no viewers; listed as completed; its watch page opens at &t=', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-21T09:00:00Z');
    vi.setSystemTime(start);
    standIn.setChannel('youtube', 'yt_other', { live: true, title: 'Morning run #ad' });
    const id = standIn.channelState('youtube', 'yt_other').recordings[0]!.id;
    vi.setSystemTime(start + 45 * 60_000);
    standIn.setChannel('youtube', 'yt_other', { live: false });
    vi.setSystemTime(start + 50 * 60_000);

    const video = (await (
      await youtube(standIn, stranger, `videos?id=${id},nope&part=snippet,liveStreamingDetails`)
    ).json()) as { items: Record<string, Record<string, unknown>>[] };
    expect(video.items).toHaveLength(1);
    expect(video.items[0]!.liveStreamingDetails).toEqual({
      actualStartTime: '2026-11-21T09:00:00.000Z',
      actualEndTime: '2026-11-21T09:45:00.000Z',
    });
    expect(video.items[0]!.snippet).toMatchObject({ title: 'Morning run #ad', liveBroadcastContent: 'none' });

    const list = async (status: string) =>
      (
        (await (
          await youtube(standIn, stranger, `liveBroadcasts?part=snippet,status&broadcastStatus=${status}`)
        ).json()) as { items: { id: string; snippet: Record<string, string>; status: Record<string, string> }[] }
      ).items;
    expect(await list('active')).toEqual([]);
    const completed = await list('completed');
    expect(completed.map((item) => [item.id, item.snippet.actualEndTime, item.status.lifeCycleStatus])).toEqual([
      [id, '2026-11-21T09:45:00.000Z', 'complete'],
    ]);
    expect(completed[0]!.snippet.liveChatId).toBeUndefined();
    standIn.setChannel('youtube', 'yt_other', { live: true });
    const all = await list('all');
    expect(all.map((item) => item.status.lifeCycleStatus)).toEqual(['live', 'complete']);
    expect(all[1]!.id).toBe(id);
    // mine=true alone lists every broadcast of the token's channel, as YouTube does; by id, those asked for.
    const mine = (await (await youtube(standIn, stranger, 'liveBroadcasts?part=snippet&mine=true')).json()) as {
      items: { id: string }[];
    };
    expect(mine.items.map((item) => item.id)).toEqual(all.map((item) => item.id));
    const byId = (await (await youtube(standIn, stranger, `liveBroadcasts?part=snippet&id=${id}`)).json()) as {
      items: { id: string }[];
    };
    expect(byId.items.map((item) => item.id)).toEqual([id]);

    const watch = await standIn.app.request(`/youtube/watch?v=${id}&t=754s`);
    expect(watch.status).toBe(200);
    const html = await watch.text();
    expect(html).toContain('<p>Recording of yt_other, at 12m34s</p>');
    expect(html).toContain('<dd>45m0s</dd>');
    expect((await standIn.app.request('/youtube/watch?v=unknown1234')).status).toBe(404);
    expect((await standIn.app.request('/youtube/watch')).status).toBe(404);
    expect(standIn.channelState('youtube', 'yt_other').recordings[1]!.url).toBe(`/youtube/watch?v=${id}`);
  });

  it('liveBroadcasts.list takes exactly one filter (broadcastStatus, id, mine): two are 400 incompatibleParameters, none 400 missingRequiredParameter', async () => {
    // YouTube's reference: "Filters (specify exactly one of the following parameters)"; broadcastType is not one.
    const two = await youtube(standIn, owner, 'liveBroadcasts?part=snippet&broadcastStatus=active&mine=true');
    expect(two.status).toBe(400);
    const refusal = (await two.json()) as {
      error: { code: number; message: string; errors: { message: string; domain: string; reason: string }[] };
    };
    expect(refusal.error.code).toBe(400);
    expect(refusal.error.errors).toEqual([
      { message: refusal.error.message, domain: 'youtube.parameter', reason: 'incompatibleParameters' },
    ]);
    expect(refusal.error.message).toContain('broadcastStatus, mine');
    const three = await youtube(standIn, owner, 'liveBroadcasts?part=id&broadcastStatus=all&mine=true&id=abc');
    expect(((await three.json()) as typeof refusal).error.errors[0]!.reason).toBe('incompatibleParameters');
    const none = await youtube(standIn, owner, 'liveBroadcasts?part=snippet&broadcastType=all');
    expect(none.status).toBe(400);
    expect(((await none.json()) as typeof refusal).error.errors[0]).toMatchObject({
      domain: 'youtube.parameter',
      reason: 'missingRequiredParameter',
    });
    expect(
      (await youtube(standIn, owner, 'liveBroadcasts?part=snippet&broadcastStatus=active&broadcastType=all')).status,
    ).toBe(200);
  });
});

describe('two stand-ins over one DATA_DIR agree on the channels', () => {
  let dir: string;
  let a: OAuthStandIn;
  let b: OAuthStandIn;
  beforeAll(() => {
    dir = tempDir('castbridge-standins-control-');
    a = createOAuthStandIn({ dataDir: dir, redirectUris: () => [REDIRECT] });
    b = createOAuthStandIn({ dataDir: dir, redirectUris: () => [REDIRECT] });
  });
  afterAll(() => {
    a.close();
    b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a change on one is the state, the Helix answers and the recordings of the other', async () => {
    await grant(a, 'twitch', 'shared_one');
    await grant(b, 'youtube', 'shared_two');
    const id = standInChannelId('twitch', 'shared_one');
    expect(await channelsOf(b)).toEqual(await channelsOf(a));

    a.setChannel('twitch', 'shared_one', { live: true, title: 'Across #ad', branded: true, viewers: 777 });
    expect(b.channelState('twitch', 'shared_one')).toEqual(a.channelState('twitch', 'shared_one'));
    expect(b.figures.get('twitch', 'shared_one').viewers).toBe(777);
    // An app token from A works on B; B's streams and channels say what A set.
    const token = await appToken(a);
    const stream = (
      (await (await helix(b, token, `streams?user_id=${id}`)).json()) as { data: Record<string, unknown>[] }
    ).data[0]!;
    expect(stream).toMatchObject({ title: 'Across #ad', viewer_count: 777 });
    const info = (
      (await (await helix(b, token, `channels?broadcaster_id=${id}`)).json()) as {
        data: Record<string, unknown>[];
      }
    ).data[0]!;
    expect(info).toMatchObject({ title: 'Across #ad', is_branded_content: true });

    // Retitled on B while live: A's stream and recording follow; offline on B ends A's recording.
    expect((await postJson(b, '/api/channels/twitch/shared_one', { title: 'Across, again #ad' })).status).toBe(200);
    const onA = ((await (await helix(a, token, `streams?user_id=${id}`)).json()) as { data: Record<string, unknown>[] })
      .data[0]!;
    expect(onA).toMatchObject({ id: stream.id, title: 'Across, again #ad' });
    b.setChannel('twitch', 'shared_one', { live: false });
    expect(((await (await helix(a, token, `streams?user_id=${id}`)).json()) as { data: [] }).data).toEqual([]);
    const videos = (
      (await (await helix(a, token, `videos?user_id=${id}&type=archive`)).json()) as {
        data: Record<string, unknown>[];
      }
    ).data;
    expect(videos.map((video) => [video.stream_id, video.title])).toEqual([[stream.id, 'Across, again #ad']]);
    expect(a.channelState('twitch', 'shared_one').recordings[0]!.endedAt).not.toBeNull();
    expect(await channelsOf(a)).toEqual(await channelsOf(b));

    // Going live on the other while live already starts no second stream.
    b.setChannel('youtube', 'shared_two', { live: true });
    a.setChannel('youtube', 'shared_two', { live: true });
    expect(a.channelState('youtube', 'shared_two').recordings).toHaveLength(1);
  });

  it('the demo starts every channel live with a disclosed title (#ad), not branded, the same stream for all', () => {
    const demoDir = tempDir('castbridge-standins-demo-');
    const demos = [
      createOAuthStandIn({ dataDir: demoDir, demoLines: ['# nothing said'], redirectUris: () => [REDIRECT] }),
      createOAuthStandIn({ dataDir: demoDir, demoLines: ['# nothing said'], redirectUris: () => [REDIRECT] }),
    ];
    try {
      const first = demos[0]!.channelState('twitch', 'demo_channel');
      expect(first).toMatchObject({ live: true, title: 'demo_channel live on Castbridge #ad', branded: false });
      expect(first.recordings).toHaveLength(1);
      expect(demos[1]!.channelState('twitch', 'demo_channel')).toEqual(first);
      expect(demos[1]!.channelState('youtube', 'demo_channel').title).toBe('demo_channel live on Castbridge #ad');
    } finally {
      for (const demo of demos) demo.close();
      fs.rmSync(demoDir, { recursive: true, force: true });
    }
  });
});

describe('the control surface in the server', () => {
  let backend: Backend;
  const apps: Client[] = [];
  const servers: ServerType[] = [];
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const server of servers) server.close();
    await backend?.cleanup();
  });

  it('is mounted at /standin/ with the stand-ins, recording links on the public address', async () => {
    const app = await startApp(backend, { STANDINS: '1', SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1:3000' });
    apps.push(app);
    const page = await app.request('GET', '/standin/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Platform stand-ins</h1>');
    expect(page.headers.get('content-security-policy')).toBeTruthy();
    const listed = await app.request('GET', '/standin/api/channels');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ channels: [] });
    expect((await app.request('POST', '/standin/api/channels/twitch/nobody', { json: { live: true } })).status).toBe(
      404,
    );
    await app.close();
    apps.pop();
  });

  it('is not there when the real platforms are configured', async () => {
    const app = await startApp(backend, {
      STANDINS: '1',
      SEED_DEMO: '0',
      TWITCH_CLIENT_ID: 'real-id',
      TWITCH_CLIENT_SECRET: 'real-secret',
      GOOGLE_CLIENT_ID: 'real-id',
      GOOGLE_CLIENT_SECRET: 'real-secret',
    });
    apps.push(app);
    const page = await app.request('GET', '/standin/');
    expect(page.text).not.toContain('Platform stand-ins');
    const api = await app.request('GET', '/standin/api/channels');
    expect(api.body).not.toHaveProperty('channels');
    expect((await app.request('POST', '/standin/api/channels/twitch/x', { json: { live: true } })).status).toBe(404);
  });
});
