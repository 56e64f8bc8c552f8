// Stream sessions in the chat archive (docs/product.md §Chat archive), on SQLite and PostgreSQL: a creator connects Twitch through the OAuth
// stand-in and turns archiving on; Helix `streams` (asked every second here) says when the channel is live, which
// records the stream with its title and start, and ends it when the channel goes offline. A stream's messages are
// listed, paged, exported and deleted on their own; another creator's stream is not found; a 429 waits for
// Ratelimit-Reset; a refused token is the channel's problem while the chat goes on. YouTube's broadcast is its stream.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_END_GRACE_MS } from '../../server/archive/store.ts';
import { createOAuthStandIn, type OAuthStandIn } from '../../standins/oauth.ts';
import { SYNTHETIC_SESSION, startTwitchChatStandIn, type TwitchChatStandIn } from '../../standins/twitch-chat.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';
import { connect, standInSettings, testClient } from './oauth-flow.ts';

interface Stream {
  id: number;
  title: string;
  startedAt: number;
  endedAt: number | null;
  messages: number;
  chatters: number;
}

const privmsg = (channel: string, id: string, login: string, text: string) =>
  `@badges=;color=#00FF00;display-name=${login};emotes=;id=${id};room-id=1;tmi-sent-ts=${Date.now()};user-id=77${login.length};user-type= :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${text}`;

describe.each(BACKENDS)('stream sessions in the archive on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;
  let chat: TwitchChatStandIn;
  let creator: Account;
  let other: Account;
  const channel = `streams_${backendName}`;
  const ytChannel = `ytstreams_${backendName}`;

  /** Each Helix `streams` call as it reached the stand-in: when, and the status it was answered with. */
  const streamArrivals: { at: number; status: number }[] = [];
  const get = (path: string, who: Account = creator) => api.request('GET', path, { token: who.token });
  const streams = async (platform = 'twitch', who: Account = creator) =>
    (await get(`/api/archive/days?platform=${platform}`, who)).body.streams as Stream[];

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    standIn = createOAuthStandIn({ ...testClient, pollMs: 1000 });
    // Served as serveStandIn (oauth-flow.ts) serves it, noting when each Helix `streams` call arrives.
    const port = await new Promise<number>((resolve) => {
      server = serve(
        {
          fetch: async (request: Request, env: unknown) => {
            const at = Date.now();
            const response = await standIn.app.fetch(request, env as never);
            if (new URL(request.url).pathname === '/twitch/helix/streams')
              streamArrivals.push({ at, status: response.status });
            return response;
          },
          port: 0,
          hostname: '127.0.0.1',
        },
        (info: AddressInfo) => resolve(info.port),
      );
    });
    chat = await startTwitchChatStandIn();
    api = await startApp(backend, {
      ...standInSettings(`http://127.0.0.1:${port}`),
      TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}`,
      TWITCH_STREAM_POLL_SECONDS: '1',
    });
    creator = await account(api, 'creator');
    other = await account(api, 'creator');
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
  });
  afterAll(async () => {
    await api?.close();
    await chat?.close();
    server?.close();
    await backend?.cleanup();
  });

  it('a live channel is a stream with its title and start; its chat is counted in it; going offline ends it', async () => {
    standIn.twitch.setLive(channel, true, 'Speedrun night with Nova Energy');
    const on = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    await chat.waitForJoin(channel);
    const [live] = await until(streams, (list) => list.length === 1);
    expect(live).toMatchObject({ title: 'Speedrun night with Nova Energy', endedAt: null, messages: 0 });
    expect(Math.abs(live!.startedAt - Date.now())).toBeLessThan(10_000);

    await chat.replay(channel, SYNTHETIC_SESSION);
    await until(streams, (list) => list[0]?.messages === 11);
    expect((await streams())[0]).toMatchObject({ messages: 11, chatters: 8 });

    standIn.twitch.setLive(channel, false);
    const [ended] = await until(streams, (list) => list[0]?.endedAt !== null);
    expect(ended!.endedAt! - ended!.startedAt).toBeGreaterThan(0);
    // Chat after the stream belongs to the day, not to the stream.
    chat.send(channel, privmsg(channel, 'after-stream-1', 'late_larry', 'did I miss it'));
    const today = new Date().toISOString().slice(0, 10);
    await until(
      () => get(`/api/archive/days?platform=twitch&date=${today}`),
      (a) => (a.body.days as { messages: number }[])[0]?.messages === 12,
    );
    expect((await streams())[0]).toMatchObject({ messages: 11 });
  });

  it('a second broadcast is a second stream; each pages, exports and deletes its own messages', async () => {
    standIn.twitch.setLive(channel, true, 'Second stream');
    await until(streams, (list) => list.length === 2 && list[0]!.endedAt === null);
    chat.send(channel, [
      privmsg(channel, 'second-1', 'new_nia', 'second stream hello'),
      privmsg(channel, 'second-2', 'new_nia', 'and goodbye'),
    ]);
    const [second, first] = await until(streams, (list) => list[0]?.messages === 2);
    expect(second!.title).toBe('Second stream');

    const page = await get(`/api/archive/messages?platform=twitch&stream=${first!.id}`);
    expect(page.status, page.text).toBe(200);
    expect((page.body.messages as { login: string }[]).map((m) => m.login)).not.toContain('late_larry');
    expect(page.body.messages).toHaveLength(11);
    const secondPage = await get(`/api/archive/messages?platform=twitch&stream=${second!.id}`);
    expect((secondPage.body.messages as { text: string }[]).map((m) => m.text)).toEqual([
      'second stream hello',
      'and goodbye',
    ]);
    // A stream's jump time: HH:MM on the day it started.
    const at = new Date(first!.startedAt).toISOString().slice(11, 16);
    expect(
      ((await get(`/api/archive/messages?platform=twitch&stream=${first!.id}&at=${at}`)).body.messages as unknown[])
        .length,
    ).toBe(11);

    const exported = await get(`/api/archive/export?format=ndjson&stream=${first!.id}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="castbridge-chat-twitch-stream-${new Date(first!.startedAt).toISOString().slice(0, 10)}-${first!.id}.ndjson"`,
    );
    expect(exported.text.trim().split('\n')).toHaveLength(11);

    const gone = await api.request('DELETE', `/api/archive/streams/${first!.id}?platform=twitch`, {
      token: creator.token,
    });
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toEqual({ deleted: 11 });
    const left = await streams();
    expect(left.map((s) => s.id)).toEqual([second!.id]);
    expect(left[0]).toMatchObject({ messages: 2 });
    // The messages outside the stream stay.
    expect(((await get('/api/archive/search?user=late_larry')).body.messages as unknown[]).length).toBe(1);
    expect((await get(`/api/archive/messages?platform=twitch&stream=${first!.id}`)).status).toBe(404);
  });

  it('another creator’s stream is not found; advertisers are refused; anonymous 401', async () => {
    const [stream] = await streams();
    const advertiser = await account(api, 'advertiser');
    expect((await get(`/api/archive/messages?platform=twitch&stream=${stream!.id}`, other)).status).toBe(404);
    expect((await get(`/api/archive/export?format=csv&stream=${stream!.id}`, other)).status).toBe(404);
    expect((await api.request('DELETE', `/api/archive/streams/${stream!.id}`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await api.request('DELETE', `/api/archive/streams/${stream!.id}`, { token: advertiser.token })).status,
    ).toBe(403);
    expect((await api.request('DELETE', `/api/archive/streams/${stream!.id}`)).status).toBe(401);
    expect((await get(`/api/archive/messages?platform=youtube&stream=${stream!.id}`)).status).toBe(404);
    expect((await api.request('DELETE', '/api/archive/streams/not-a-number', { token: creator.token })).status).toBe(
      404,
    );
    expect((await get(`/api/archive/messages?platform=twitch&stream=abc`)).status).toBe(400);
    expect((await get(`/api/archive/messages?platform=twitch&stream=${stream!.id}&date=2026-01-01`)).status).toBe(400);
    expect(await streams('twitch', other)).toEqual([]);
    expect((await streams())[0]).toMatchObject({ id: stream!.id, messages: 2 });
  });

  it('a 429 waits for Ratelimit-Reset; a refused token is the channel’s problem while the chat goes on', async () => {
    const from = streamArrivals.length;
    // The stand-in's Ratelimit-Reset is 4 s after the moment it is told to refuse, so no earlier than this.
    const resetAt = Date.now() + 4000;
    standIn.twitch.rateLimit(1, 4000);
    // The next call is refused with 429; then comes the one after it.
    const refusedIn = (calls: typeof streamArrivals) => calls.findIndex((call) => call.status === 429);
    const calls = await until(
      async () => streamArrivals.slice(from),
      (list) => refusedIn(list) >= 0 && list.length > refusedIn(list) + 1,
      15_000,
    );
    // Polled every second otherwise: the call after the 429 came only after the reset, so nothing was asked before it.
    expect(calls[refusedIn(calls) + 1]!.at).toBeGreaterThanOrEqual(resetAt);

    standIn.revokeChannel('twitch', channel);
    const problem = await until(
      () => get('/api/archive/days?platform=twitch'),
      (a) => typeof (a.body.channel as { problem: string | null }).problem === 'string',
      15_000,
    );
    expect((problem.body.channel as { problem: string }).problem).toMatch(
      /^Twitch refused to say when you are live .*connect Twitch again\. The chat is still archived\.$/,
    );
    chat.send(channel, privmsg(channel, 'revoked-1', 'still_sal', 'chat still archived'));
    await until(
      () => get('/api/archive/search?q=still%20archived'),
      (a) => (a.body.messages as unknown[]).length === 1,
    );
    // Connecting again clears it.
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
    await until(
      () => get('/api/archive/days?platform=twitch'),
      (a) => (a.body.channel as { problem: string | null }).problem === null,
      15_000,
    );
  });

  it('archiving off ends a live stream where the archive stops; on again while it is still live takes it up again', async () => {
    const [live] = await until(streams, (list) => list[0]?.endedAt === null);
    const off = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: false },
    });
    expect(off.status, off.text).toBe(200);
    const [ended] = await until(streams, (list) => list[0]?.endedAt !== null);
    expect(ended!.id).toBe(live!.id);
    await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: true },
    });
    const [again] = await until(streams, (list) => list[0]?.endedAt === null);
    expect(again!.id).toBe(live!.id);
  });

  it('a stream found ended after a restart ends shortly after it was last seen live, not at the restart', async () => {
    const key = {
      userId: creator.id,
      platform: 'twitch' as const,
      channelId: 'restart-channel',
      channel: 'restart_channel',
    };
    const seen = Date.parse('2026-11-20T23:50:00Z');
    await api.castbridge.services.archive.streamLive(
      key,
      { streamId: 'late-night', title: 'Past midnight', startedAt: Date.parse('2026-11-20T22:00:00Z') },
      seen,
    );
    await api.castbridge.services.archive.streamLive(
      key,
      { streamId: 'late-night', title: 'Past midnight', startedAt: Date.parse('2026-11-20T22:00:00Z') },
      Date.parse('2026-11-21T00:30:00Z'),
    );
    await api.castbridge.services.archive.streamOffline(key, Date.parse('2026-11-21T09:00:00Z'));
    const row = await api.castbridge.db
      .selectFrom('chat_streams')
      .selectAll()
      .where('stream_id', '=', 'late-night')
      .executeTakeFirstOrThrow();
    expect(Number(row.ended_at)).toBe(Date.parse('2026-11-21T00:30:00Z') + STREAM_END_GRACE_MS);
    expect([row.start_day, row.end_day]).toEqual(['2026-11-20', '2026-11-21']);
    // Listed on both days it ran.
    expect((await get('/api/archive/days?platform=twitch&date=2026-11-20')).body.streams).toEqual([
      expect.objectContaining({ title: 'Past midnight' }),
    ]);
    expect((await get('/api/archive/days?platform=twitch&date=2026-11-21')).body.streams).toEqual([
      expect.objectContaining({ title: 'Past midnight' }),
    ]);
    expect((await get('/api/archive/days?platform=twitch&date=2026-11-22')).body.streams).toEqual([]);
    // A new broadcast of the channel ends one left open.
    await api.castbridge.services.archive.streamLive(
      key,
      { streamId: 'open-one', title: 'Open', startedAt: Date.parse('2026-11-22T10:00:00Z') },
      Date.parse('2026-11-22T10:05:00Z'),
    );
    await api.castbridge.services.archive.streamLive(
      key,
      { streamId: 'next-one', title: 'Next', startedAt: Date.parse('2026-11-22T12:00:00Z') },
      Date.parse('2026-11-22T12:00:00Z'),
    );
    const open = await api.castbridge.db
      .selectFrom('chat_streams')
      .select('ended_at')
      .where('stream_id', '=', 'open-one')
      .executeTakeFirstOrThrow();
    expect(Number(open.ended_at)).toBe(Date.parse('2026-11-22T10:05:00Z'));
  });

  it('YouTube: the live broadcast is the stream, ended when its chat ends', async () => {
    expect((await connect(api, creator, 'youtube', ytChannel)).get('connected')).toBe('youtube');
    standIn.youtube.setLive(ytChannel, true, 'YouTube premiere');
    await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'youtube', archiving: true },
    });
    const [live] = await until(
      () => streams('youtube'),
      (list) => list.length === 1,
    );
    expect(live).toMatchObject({ title: 'YouTube premiere', endedAt: null });
    standIn.youtube.setLive(ytChannel, false);
    await until(
      () => streams('youtube'),
      (list) => list[0]?.endedAt !== null,
    );
    await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'youtube', archiving: false },
    });
  });
});
