// YouTube live chat in the archive (docs/product.md §Chat archive), on SQLite and PostgreSQL: a creator connects YouTube through the OAuth
// stand-in, turns archiving on; the ingester finds the live broadcast, polls liveChatMessages at the interval the API
// gives with the page token, and stores text messages and Super Chats, a moderator's deletion and a ban; a broadcast
// that ends is not a gap; a used-up quota shows as the channel's problem.
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPacificMidnight } from '../../server/connections/governor.ts';
import { createOAuthStandIn, type OAuthStandIn, type YouTubeChatItem } from '../../standins/oauth.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';
import { connect, serveStandIn, testClient } from './oauth-flow.ts';

const text = (id: string, name: string, message: string, extra: Record<string, unknown> = {}): YouTubeChatItem => ({
  id,
  snippet: {
    type: 'textMessageEvent',
    publishedAt: new Date().toISOString(),
    displayMessage: message,
    textMessageDetails: { messageText: message },
  },
  authorDetails: {
    channelId: `UC${id.padEnd(22, '0')}`,
    displayName: name,
    isChatOwner: false,
    isChatModerator: false,
    isChatSponsor: false,
    isVerified: false,
    ...extra,
  },
});

describe.each(BACKENDS)('YouTube live chat in the archive on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;
  let creator: Account;
  const channel = `yt_${backendName}`;
  const today = () => new Date().toISOString().slice(0, 10);
  const days = () => api.request('GET', '/api/archive/days?platform=youtube', { token: creator.token });

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    // A project granted a large quota: the chat is polled at the API's own interval (with the default 10,000 units
    // one chat is paced to a poll every ~20 s; the pacing itself: youtube-quota.test.ts).
    standIn = createOAuthStandIn({ ...testClient, pollMs: 1000, youtubeDailyQuota: 1_000_000 });
    const served = await serveStandIn(standIn);
    server = served.server;
    const base = `${served.base}/youtube`;
    api = await startApp(backend, {
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTH_BASE: base,
      GOOGLE_TOKEN_BASE: base,
      YOUTUBE_API_BASE: base,
      YOUTUBE_DAILY_QUOTA: '1000000',
      TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
    });
    creator = await account(api, 'creator');
    expect((await connect(api, creator, 'youtube', channel)).get('connected')).toBe('youtube');
  });
  afterAll(async () => {
    await api?.close();
    server?.close();
    await backend?.cleanup();
  });

  it('reads the live chat at the API’s interval: messages, a Super Chat, a deletion and a ban', async () => {
    // This broadcast does not offer streamList: its chat is polled (streaming: youtube-quota.test.ts).
    standIn.youtube.setStreaming(channel, false);
    standIn.youtube.setLive(channel, true);
    standIn.youtube.say(channel, [
      text('m1', 'Lia Fan', 'hello from youtube', { isChatSponsor: true }),
      text('m2', '@Troll Tom', 'spam spam'),
    ]);
    const on = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'youtube', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    await until(days, (a) => (a.body.days as { messages: number }[])[0]?.messages === 2);
    standIn.youtube.say(channel, [
      {
        id: 'sc1',
        snippet: {
          type: 'superChatEvent',
          publishedAt: new Date().toISOString(),
          displayMessage: '$5.00 from Big Fan: keep going',
          superChatDetails: { amountDisplayString: '$5.00', userComment: 'keep going' },
        },
        authorDetails: { channelId: 'UCbigfan000000000000000', displayName: 'Big Fan' },
      },
      {
        id: 'del1',
        snippet: {
          type: 'messageDeletedEvent',
          publishedAt: new Date().toISOString(),
          messageDeletedDetails: { deletedMessageId: 'm2' },
        },
      },
      {
        id: 'ban1',
        snippet: {
          type: 'userBannedEvent',
          publishedAt: new Date().toISOString(),
          userBannedDetails: {
            bannedUserDetails: { channelId: 'UCm20', displayName: '@Troll Tom' },
            banType: 'temporary',
            banDurationSeconds: '300',
          },
        },
      },
      { id: 'odd', snippet: { type: 'pollEvent', publishedAt: new Date().toISOString() } },
    ]);
    await until(days, (a) => (a.body.days as { messages: number }[])[0]?.messages === 3);
    const page = await until(
      () => api.request('GET', `/api/archive/messages?platform=youtube&date=${today()}`, { token: creator.token }),
      (a) => (a.body.events as unknown[]).length === 2,
    );
    const messages = page.body.messages as {
      login: string;
      displayName: string;
      badges: string;
      kind: string;
      text: string;
      moderated: boolean;
    }[];
    expect(messages.map((m) => [m.displayName, m.kind, m.text, m.moderated])).toEqual([
      ['Lia Fan', 'privmsg', 'hello from youtube', false],
      ['@Troll Tom', 'privmsg', 'spam spam', true],
      ['Big Fan', 'superchat', '[$5.00] keep going', false],
    ]);
    expect(messages[0]!.badges).toBe('member/1');
    expect(messages[1]!.login).toBe('troll_tom');
    expect(
      (page.body.events as { kind: string; targetLogin: string | null; duration: number | null }[]).map((e) => [
        e.kind,
        e.targetLogin,
        e.duration,
      ]),
    ).toEqual([
      ['clearmsg', null, null],
      ['clearchat', 'troll_tom', 300],
    ]);
    expect(
      (await api.request('GET', '/api/archive/search?q=youtube&platform=youtube', { token: creator.token })).body
        .messages,
    ).toHaveLength(1);
    // Every call went through the stand-in's quota: one streamList refused, then polls, each at its published cost.
    expect(standIn.calls.youtube.byCall['liveChatMessages.streamList']).toBe(5);
    expect(standIn.calls.youtube.byCall['liveChatMessages.list']! % 5).toBe(0);
    expect(standIn.calls.youtube.byCall['liveBroadcasts.list']! % 5).toBe(0);
  });

  it('a broadcast that ends is not a gap; turning archiving off stops polling', async () => {
    standIn.youtube.setLive(channel, false);
    // The ingester hears the end on its next poll (the page with offlineAt): the broadcast's stream is ended.
    const ended = await until(days, (a) => (a.body.streams as { endedAt: number | null }[])[0]?.endedAt != null);
    // An end, not a lost connection: the channel is still read (live on the screen) and no gap was opened.
    expect(ended.body.channel).toMatchObject({ archiving: true, live: true, problem: null });
    expect((ended.body.days as { gaps: number }[])[0]!.gaps).toBe(0);
    const off = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'youtube', archiving: false },
    });
    expect(off.body.channel).toMatchObject({ archiving: false, live: false, problem: null });
    expect(((await days()).body.days as { gaps: number }[])[0]!.gaps).toBe(0);
  });

  // After the broadcast's end (above): Google's quotaExceeded holds every YouTube call back until midnight Pacific,
  // so nothing of this channel is read for the rest of the file.
  it('a used-up quota shows as the channel’s problem on the screen', async () => {
    standIn.youtube.setQuotaExceeded(true);
    const on = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'youtube', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    await until(days, (a) => (a.body.channel as { problem: string | null }).problem !== null, 15_000);
    expect((await days()).body.channel).toMatchObject({
      problem: "YouTube's daily limit is reached: chat is kept again from 00:00 Pacific.",
    });
    // Google said no until its reset: the governor keeps every YouTube call back until midnight Pacific, and the
    // ingester sleeps until then (the gap and the reading again after the reset: youtube-quota.test.ts).
    expect(standIn.calls.youtube.forced).toBe(1);
    // The ingester's call is put off until the reset (as operators see it beside the budget): that is its sleep.
    const deferred = (await api.castbridge.services.governor.budgets()).flatMap((budget) => budget.deferred);
    expect(deferred.find((entry) => entry.purpose === 'archive_chat')).toMatchObject({
      count: 1,
      until: nextPacificMidnight(Date.now()),
    });
    // Analytics says the same on the creator's YouTube card: its collection has no units before the reset either.
    await api.castbridge.services.collector.collect(creator.id, 'youtube');
    const analytics = await api.request('GET', '/api/analytics?range=30d', { token: creator.token });
    expect(analytics.status, analytics.text).toBe(200);
    expect((analytics.body.youtube as { collection: { status: string; problem: string } }).collection).toMatchObject({
      status: 'rate_limited',
      problem: "YouTube's daily limit is reached: chat is kept again from 00:00 Pacific.",
    });
    // The collection's call was held back by the governor too: Google was asked once in all.
    expect(standIn.calls.youtube.forced).toBe(1);
    standIn.youtube.setQuotaExceeded(false);
    expect((await days()).body.channel).toMatchObject({ archiving: true });
  });
});
