// GET /api/admin/budgets (docs/product.md §Platform limits) on SQLite and PostgreSQL: nothing before a platform call;
// then each credential's budget as the governor keeps it (spent and remaining in its window, the reset), a Twitch user
// token named by its connected channel's login, the platform's refusal with its time and reason, the calls waiting
// and the work put off, in the contract's shape (CONTRACT_CHECK); operators only, a creator and an advertiser 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformBudget } from '../../contract/schemas/budgets.ts';
import { BudgetExhausted } from '../../server/connections/governor.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, connectChannel, type Account } from './market.ts';

describe.each(BACKENDS)('the platforms’ budgets in /admin on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let creator: Account;
  let advertiser: Account;
  /** The waiting calls, settled (refused) when the app closes. */
  const waiting: Promise<unknown>[] = [];

  const budgets = async (who: Account = operator) => {
    const answer = await api.request('GET', '/api/admin/budgets', { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body as { budgets: PlatformBudget[] }).budgets;
  };
  const budget = async (provider: string, credential: string) => {
    const found = (await budgets()).find((b) => b.provider === provider && b.credential === credential);
    expect(found, `${provider}:${credential}`).toBeDefined();
    return found!;
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    // A small Twitch bucket (20 points, 19 usable): spending it is cheap.
    api = await startApp(backend, { TWITCH_POINTS_PER_MINUTE: '20', YOUTUBE_DAILY_QUOTA: '1000' });
    operator = await account(api, 'operator');
    creator = await account(api, 'creator');
    advertiser = await account(api, 'advertiser');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await Promise.all(waiting);
    await backend?.cleanup();
  });

  it('is for operators only: a creator and an advertiser 403, nobody 401', async () => {
    for (const who of [creator, advertiser]) {
      const answer = await api.request('GET', '/api/admin/budgets', { token: who.token });
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.message).toEqual(expect.any(String));
      expect(answer.body).not.toHaveProperty('budgets');
    }
    expect((await api.request('GET', '/api/admin/budgets')).status).toBe(401);
  });

  it('lists nothing spent before any platform call', async () => {
    for (const b of await budgets()) {
      expect(b.spent, `${b.provider}:${b.credential}`).toBe(0);
      expect(b.waiting).toEqual([]);
      expect(b.deferred).toEqual([]);
    }
  });

  it('shows what a Twitch user token spent, named by its channel, with its remaining and its reset', async () => {
    const { governor } = api.castbridge.services;
    const channel = await connectChannel(api, creator, 'twitch');
    const credential = `user:twitch-${channel.login}`;
    const before = Date.now();
    await governor.take({
      provider: 'twitch',
      credential,
      priority: 'analytics',
      purpose: 'analytics_collection',
      cost: 5,
    });
    const b = await budget('twitch', credential);
    expect(b).toMatchObject({
      login: channel.login,
      owner: 'channel',
      purposes: ['analytics_collection'],
      window: 'minute',
      capacity: 20,
      spent: 5,
      // 20 less 5% kept for clock drift (1), less the 5 spent.
      remaining: 14,
      refusedUntil: null,
      refusedReason: null,
      waiting: [],
      deferred: [],
    });
    const reset = Date.parse(b.resetAt);
    expect(reset).toBeGreaterThan(before);
    expect(reset).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("says when the platform refused, until when and why: Twitch's 429 with its reset", async () => {
    const { governor } = api.castbridge.services;
    const credential = 'user:9001';
    await governor.take({ provider: 'twitch', credential, priority: 'chat', purpose: 'archive_chat', cost: 1 });
    const resetSeconds = Math.ceil(Date.now() / 1000) + 30;
    await governor.observe(
      { provider: 'twitch', credential },
      new Response('{}', {
        status: 429,
        headers: { 'ratelimit-limit': '20', 'ratelimit-remaining': '0', 'ratelimit-reset': String(resetSeconds) },
      }),
    );
    const b = await budget('twitch', credential);
    // Nobody connected this account: the id stands for it.
    expect(b.login).toBeNull();
    expect(b.owner).toBe('disconnected');
    expect(b.purposes).toEqual(['archive_chat']);
    expect(b.refusedUntil).toBe(new Date(resetSeconds * 1000).toISOString());
    expect(b.refusedReason).toEqual({ code: 'limit_reached', answer: '429' });

    // A call that comes meanwhile waits for the reset, and says why: the platform refused, with what it answered.
    waiting.push(
      governor
        .take({ provider: 'twitch', credential, priority: 'chat', purpose: 'chat_bot', cost: 1, maxWaitMs: 120_000 })
        .catch((error: unknown) => expect(error).toBeInstanceOf(BudgetExhausted)),
    );
    expect((await budget('twitch', credential)).waiting).toEqual([
      {
        purpose: 'chat_bot',
        priority: 'chat',
        count: 1,
        since: expect.any(String),
        reason: 'refused',
        refusedReason: { code: 'limit_reached', answer: '429' },
      },
    ]);
  });

  it('reads a row written before the codes: its purposes by name, the platform’s answer in a sentence', async () => {
    const { governor } = api.castbridge.services;
    const { db } = api.castbridge;
    const credential = 'user:9002';
    await governor.take({ provider: 'twitch', credential, priority: 'chat', purpose: 'archive_chat', cost: 1 });
    await governor.flush();
    // What an instance of the version before wrote: names with spaces, and its own sentence around Twitch's 429.
    await db
      .updateTable('platform_budgets')
      .set({
        purposes: JSON.stringify(['analytics collection', 'archive chat']),
        refused_until: Date.now() + 30_000,
        refused_reason: 'Twitch answered 429',
      })
      .where('key', '=', `twitch:${credential}`)
      .execute();
    expect(await budget('twitch', credential)).toMatchObject({
      purposes: ['analytics_collection', 'archive_chat'],
      refusedReason: { code: 'limit_reached', answer: '429' },
    });
  });

  it('names Castbridge’s chat account by what asks for its token, and keeps every instance’s purposes', async () => {
    const { governor } = api.castbridge.services;
    const { db } = api.castbridge;
    // The bot's own token (no creator connected it): the chat bot's posts and EventSub's subscriptions spend it.
    const credential = 'user:167897161';
    await governor.take({ provider: 'twitch', credential, priority: 'chat', purpose: 'chat_bot', cost: 1 });
    // Meanwhile another instance wrote its own purpose to the shared row, before this one's report.
    await db
      .updateTable('platform_budgets')
      .set({ purposes: JSON.stringify(['eventsub']) })
      .where('key', '=', `twitch:${credential}`)
      .execute();
    expect(await budget('twitch', credential)).toMatchObject({
      login: null,
      owner: 'chat-account',
      purposes: ['chat_bot', 'eventsub'],
    });
    // The report added this instance's to the other's: both are in the row.
    const row = await db
      .selectFrom('platform_budgets')
      .select('purposes')
      .where('key', '=', `twitch:${credential}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.purposes)).toEqual(['chat_bot', 'eventsub']);
    // Before Twitch has said whose the token is, it goes by the bot's name: still the chat account.
    await governor.take({
      provider: 'twitch',
      credential: 'user:castbridge-bot',
      priority: 'chat',
      purpose: 'eventsub',
      cost: 1,
    });
    expect((await budget('twitch', 'user:castbridge-bot')).owner).toBe('chat-account');
  });

  it('lists the calls waiting for a spent window, with why, and the work put off until the reset', async () => {
    const { governor } = api.castbridge.services;
    // The app token's 19 usable points spent by delivery verification…
    await governor.take({
      provider: 'twitch',
      credential: 'app',
      priority: 'verify',
      purpose: 'delivery_verification',
      cost: 19,
    });
    // …then an archive stream session waits for the next window (at most a minute away).
    const since = Date.now();
    const waits = governor
      .take({
        provider: 'twitch',
        credential: 'app',
        priority: 'chat',
        purpose: 'archive_stream_sessions',
        cost: 1,
        maxWaitMs: 120_000,
      })
      .catch((error: unknown) => expect(error).toBeInstanceOf(BudgetExhausted));
    waiting.push(waits);
    // YouTube's analytics put off until midnight Pacific, twice.
    const until = Date.now() + 3_600_000;
    const analytics = {
      provider: 'youtube',
      credential: 'project',
      priority: 'analytics',
      purpose: 'analytics_collection',
    } as const;
    await governor.take({ ...analytics, cost: 3 });
    governor.defer(analytics, until);
    governor.defer(analytics, until);

    const app = await budget('twitch', 'app');
    expect(app).toMatchObject({ login: null, owner: 'app', spent: 19, remaining: 0 });
    expect(app.purposes).toEqual(['archive_stream_sessions', 'delivery_verification']);
    expect(app.waiting).toEqual([
      {
        purpose: 'archive_stream_sessions',
        priority: 'chat',
        count: 1,
        since: expect.any(String),
        reason: 'spent',
        refusedReason: null,
      },
    ]);
    expect(Date.parse(app.waiting[0]!.since)).toBeGreaterThanOrEqual(since - 1000);

    const youtube = await budget('youtube', 'project');
    expect(youtube).toMatchObject({
      owner: 'project',
      window: 'pacific-day',
      capacity: 1000,
      spent: 3,
      remaining: 987,
    });
    expect(youtube.deferred).toEqual([
      { purpose: 'analytics_collection', priority: 'analytics', count: 2, until: new Date(until).toISOString() },
    ]);
    // Midnight Pacific is at most a day (and an hour, on the day the clocks change) away.
    expect(Date.parse(youtube.resetAt) - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
  });
});
