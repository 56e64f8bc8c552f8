// The platform-limits governor (server/connections/governor.ts) on SQLite and PostgreSQL: two governors on one
// database (two instances) never hand out more than a window's usable budget together; a slice is refilled ahead of
// time; a new window at the end of one; Helix's headers move the window and shrink the slice; a 429 or a
// quotaExceeded stops every instance until the platform's reset; waiting calls are served by priority and analytics
// leaves 30% of a window to the others; BudgetExhausted says when to come back; YouTube's day ends at midnight Pacific
// across the clock changes; what operators see (budgets()).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BudgetPurpose } from '../../contract/budgets.ts';
import type { Database } from '../../server/db/types.ts';
import {
  BudgetExhausted,
  callCost,
  createGovernor,
  nextPacificMidnight,
  type CallSpec,
  type Governor,
  type Priority,
} from '../../server/connections/governor.ts';
import { BACKENDS, makeBackend, memoryLogger, startApp, type Backend, type Client } from './helpers.ts';

/** A purpose of Castbridge's callers for each priority, for the calls these tests make. */
const PURPOSE_OF: Record<Priority, BudgetPurpose> = {
  verify: 'delivery_verification',
  chat: 'archive_chat',
  connect: 'identity_at_connect',
  analytics: 'analytics_collection',
  backfill: 'analytics_collection',
};

describe('midnight Pacific, when YouTube’s day ends', () => {
  it('is 08:00 UTC in winter and 07:00 UTC in summer, across both clock changes', () => {
    const at = (iso: string) => nextPacificMidnight(Date.parse(iso));
    // Winter (PST, UTC−8).
    expect(new Date(at('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-16T08:00:00.000Z');
    // The evening before the spring change (Sunday 8 March 2026, 02:00 → 03:00): that midnight is still PST.
    expect(new Date(at('2026-03-08T07:30:00Z')).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    // Just after that midnight: the next one is in PDT (UTC−7), 23 hours later.
    expect(new Date(at('2026-03-08T08:00:00Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    // Summer.
    expect(new Date(at('2026-07-04T06:59:59Z')).toISOString()).toBe('2026-07-04T07:00:00.000Z');
    // The autumn change (Sunday 1 November 2026, 02:00 → 01:00): the day that has 25 hours.
    expect(new Date(at('2026-11-01T07:00:00Z')).toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(new Date(at('2026-10-31T20:00:00Z')).toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('knows what each call costs: a Helix point, YouTube’s table', () => {
    expect(callCost('twitch', 'GET', '/helix/streams')).toEqual({ call: 'GET /helix/streams', cost: 1 });
    expect(callCost('youtube', 'GET', '/youtube/v3/liveChat/messages')).toEqual({
      call: 'liveChatMessages.list',
      cost: 5,
    });
    expect(callCost('youtube', 'GET', '/youtube/v3/liveChat/messages/stream').call).toBe('liveChatMessages.streamList');
    expect(callCost('youtube', 'POST', '/youtube/v3/liveChat/messages').cost).toBe(50);
    expect(callCost('youtube', 'GET', '/youtube/v3/channels').cost).toBe(1);
    expect(callCost('youtube', 'GET', '/youtube/v3/search').cost).toBe(100);
  });
});

describe.each(BACKENDS)('the governor on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let db: Kysely<Database>;
  const made: Governor[] = [];
  let n = 0;
  /** A credential no other test spends. */
  const fresh = () => `user:${backendName}-${(n += 1)}`;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    db = api.castbridge.db;
  });
  afterAll(async () => {
    for (const g of made) await g.close();
    await api?.close();
    await backend?.cleanup();
  });

  /** An instance's governor on the shared database, on a clock the test moves (real time plus `clock.offset`). */
  function instance(clock = { offset: 0 }) {
    const governor = createGovernor({ db, logger: memoryLogger(), now: () => Date.now() + clock.offset });
    made.push(governor);
    return governor;
  }
  const spec = (credential: string, priority: Priority = 'verify', extra: Partial<CallSpec> = {}) => ({
    provider: 'twitch' as const,
    credential,
    priority,
    purpose: PURPOSE_OF[priority],
    maxWaitMs: 0,
    cost: 1,
    ...extra,
  });
  /** Takes one unit at a time until the governor says no: answers how many it got. */
  async function drainAll(governor: Governor, s: ReturnType<typeof spec>, limit = 2000): Promise<number> {
    let got = 0;
    for (; got < limit; got += 1) {
      try {
        await governor.take(s);
      } catch (error) {
        expect(error).toBeInstanceOf(BudgetExhausted);
        break;
      }
    }
    return got;
  }
  const row = (credential: string, provider = 'twitch') =>
    db
      .selectFrom('platform_budgets')
      .selectAll()
      .where('key', '=', `${provider}:${credential}`)
      .executeTakeFirstOrThrow();
  const helixAnswer = (status: number, headers: Record<string, string>) =>
    new Response(status === 429 ? '{"error":"Too Many Requests","status":429}' : '{"data":[]}', {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('two instances on one database never spend more than the window’s usable budget together', async () => {
    const credential = fresh();
    const [a, b] = [instance(), instance()];
    // Both ask at once, far more than the window holds.
    const attempts = Array.from({ length: 1200 }, (_, i) =>
      (i % 2 ? a : b).take(spec(credential)).then(
        () => 1,
        (error: unknown) => {
          expect(error).toBeInstanceOf(BudgetExhausted);
          return 0;
        },
      ),
    );
    const served = (await Promise.all(attempts)).reduce<number>((sum, x) => sum + x, 0);
    // 800 a minute less the 2.5% headroom: 780; at most a slice each stays unspent on an instance.
    expect(served).toBeLessThanOrEqual(780);
    expect(served).toBeGreaterThanOrEqual(780 - 2 * 40);
    await a.flush();
    await b.flush();
    const shared = await row(credential);
    expect(Number(shared.granted)).toBeLessThanOrEqual(780);
    expect(Number(shared.spent)).toBe(served);
  });

  it('a slice is refilled ahead: past half of it spent, the next one is already asked for', async () => {
    const credential = fresh();
    const g = instance();
    await g.take(spec(credential));
    expect(Number((await row(credential)).granted)).toBe(40);
    for (let i = 0; i < 20; i += 1) await g.take(spec(credential));
    // 21 spent, 19 held: a second slice is asked for without a call waiting for it (behind the take that went below
    // half; polled on the shared row until it is written).
    await expect.poll(async () => Number((await row(credential)).granted), { timeout: 5_000 }).toBe(80);
    // And calls go on from memory: 40 more without the row changing until the next refill.
    for (let i = 0; i < 30; i += 1) await g.take(spec(credential));
    expect(g.stats.waited).toBe(0);
  });

  it('at the window’s end a new window starts: BudgetExhausted said when', async () => {
    const credential = fresh();
    const clock = { offset: 0 };
    const g = instance(clock);
    const got = await drainAll(g, spec(credential));
    expect(got).toBe(780);
    const { resetAt } = g.remaining('twitch', credential, 'verify');
    const error = await g.take(spec(credential)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExhausted);
    expect((error as BudgetExhausted).retryAt).toBe(resetAt);
    expect((error as BudgetExhausted).provider).toBe('twitch');
    expect(resetAt - (Date.now() + clock.offset)).toBeGreaterThan(55_000);
    clock.offset = resetAt - Date.now() + 1;
    await g.take(spec(credential));
    const shared = await row(credential);
    expect(Number(shared.window_end)).toBeGreaterThanOrEqual(resetAt + 60_000);
    expect(Number(shared.granted)).toBe(40);
  });

  it('Helix’s headers: a later Ratelimit-Reset moves the window; a lower Remaining shrinks the slice', async () => {
    const credential = fresh();
    const g = instance();
    const [a, b] = [g, instance()];
    await a.take(spec(credential));
    const { resetAt, units } = a.remaining('twitch', credential, 'verify');
    // 780 usable, 40 granted, 39 held.
    expect(units).toBe(779);
    const later = Math.ceil((resetAt + 7_000) / 1000) * 1000;
    await a.observe(
      { provider: 'twitch', credential },
      helixAnswer(200, {
        'Ratelimit-Limit': '800',
        'Ratelimit-Remaining': '799',
        'Ratelimit-Reset': String(later / 1000),
      }),
    );
    expect(a.remaining('twitch', credential, 'verify').resetAt).toBe(later);
    // Written for the other instances with the next report (the call's answer does not wait for it).
    await a.flush();
    expect(Number((await row(credential)).window_end)).toBe(later);
    // The other instance takes its slice in the same window, moved: nothing it held is lost.
    await b.take(spec(credential));
    expect(b.remaining('twitch', credential, 'verify').resetAt).toBe(later);
    // Someone else spends the same token: Twitch says 50 are left; what this instance holds shrinks to 50 less the
    // headroom.
    await a.observe(
      { provider: 'twitch', credential },
      helixAnswer(200, {
        'Ratelimit-Limit': '800',
        'Ratelimit-Remaining': '50',
        'Ratelimit-Reset': String(later / 1000),
      }),
    );
    // 780 − 40 granted (as this instance last read the row) + 30 held.
    expect(a.remaining('twitch', credential, 'verify').units).toBe(770);
  });

  it('a 429 stops every instance until Twitch’s reset; a quotaExceeded until midnight Pacific', async () => {
    const credential = fresh();
    const clock = { offset: 0 };
    const [a, b] = [instance(clock), instance(clock)];
    await a.take(spec(credential));
    await b.take(spec(credential));
    const reset = Math.ceil((Date.now() + 30_000) / 1000) * 1000;
    await a.observe(
      { provider: 'twitch', credential },
      helixAnswer(429, {
        'Ratelimit-Limit': '800',
        'Ratelimit-Remaining': '0',
        'Ratelimit-Reset': String(reset / 1000),
      }),
    );
    expect(a.stats.refusals).toBe(1);
    const refusedA = await a.take(spec(credential)).catch((e: unknown) => e);
    expect(refusedA).toBeInstanceOf(BudgetExhausted);
    expect((refusedA as BudgetExhausted).retryAt).toBe(reset);
    // The other instance learns it from the shared row within a report (REPORT_MS), with the slice it held.
    await b.flush();
    const refusedB = await b.take(spec(credential)).catch((e: unknown) => e);
    expect((refusedB as BudgetExhausted).retryAt).toBe(reset);
    expect(b.remaining('twitch', credential, 'verify')).toMatchObject({ refused: true, resetAt: reset, units: 0 });
    // After the reset both spend again.
    clock.offset = reset - Date.now() + 1;
    await a.take(spec(credential));
    await b.take(spec(credential));

    // YouTube: quotaExceeded stops the project's calls until midnight Pacific.
    const youtube = { provider: 'youtube' as const, credential: `project-${backendName}` };
    await a.take({ ...youtube, priority: 'chat', purpose: 'archive_chat', cost: 5, maxWaitMs: 0 });
    await b.take({ ...youtube, priority: 'chat', purpose: 'archive_chat', cost: 5, maxWaitMs: 0 });
    await b.observe(
      youtube,
      new Response(
        JSON.stringify({
          error: {
            code: 403,
            message: 'The request cannot be completed because you have exceeded your quota.',
            errors: [{ message: 'quota', domain: 'youtube.quota', reason: 'quotaExceeded' }],
          },
        }),
        { status: 403, headers: { 'content-type': 'application/json' } },
      ),
    );
    await a.flush();
    const midnight = nextPacificMidnight(Date.now() + clock.offset);
    for (const g of [a, b]) {
      const error = await g
        .take({ ...youtube, priority: 'verify', purpose: 'delivery_verification', cost: 1 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BudgetExhausted);
      expect((error as BudgetExhausted).retryAt).toBe(midnight);
    }
    const [view] = (await a.budgets()).filter((v) => v.provider === 'youtube' && v.credential === youtube.credential);
    expect(view).toMatchObject({
      refusedUntil: midnight,
      refusedReason: { code: 'limit_reached', answer: 'quotaExceeded' },
    });
  });

  it('waiting calls are served verification and chat first, analytics last', async () => {
    const credential = fresh();
    const clock = { offset: 0 };
    const g = instance(clock);
    // The whole window spent at once.
    await g.take({ ...spec(credential), cost: 780 });
    const { resetAt } = g.remaining('twitch', credential, 'verify');
    // 300 ms before the window's end (real time runs on).
    clock.offset = resetAt - 300 - Date.now();
    const served: BudgetPurpose[] = [];
    // Each waiter its own purpose: the view counts them by purpose.
    const wait = (priority: Priority, purpose: BudgetPurpose) =>
      g.take(spec(credential, priority, { maxWaitMs: 10_000, purpose })).then(() => served.push(purpose));
    const waiting = [
      wait('analytics', 'analytics_collection'),
      wait('backfill', 'archive_stream_sessions'),
      wait('chat', 'chat_bot'),
    ];
    // These three are in the queue (each counted as waiting when it joins it) before the next three ask.
    await vi.waitFor(() => expect(g.stats.waited).toBe(3));
    waiting.push(
      wait('verify', 'delivery_verification'),
      wait('connect', 'identity_at_connect'),
      wait('chat', 'archive_chat'),
    );
    const view = (await g.budgets()).find((v) => v.credential === credential)!;
    expect(view.waiting.map((w) => [w.purpose, w.priority, w.count])).toEqual([
      ['chat_bot', 'chat', 1],
      ['delivery_verification', 'verify', 1],
      ['archive_chat', 'chat', 1],
      ['identity_at_connect', 'connect', 1],
      ['analytics_collection', 'analytics', 1],
      ['archive_stream_sessions', 'backfill', 1],
    ]);
    expect(view.waiting[0]).toMatchObject({ reason: 'spent', refusedReason: null });
    await Promise.all(waiting);
    expect(served).toEqual([
      'chat_bot',
      'delivery_verification',
      'archive_chat',
      'identity_at_connect',
      'analytics_collection',
      'archive_stream_sessions',
    ]);
    expect(g.stats.waited).toBe(6);
  });

  it('analytics leaves 30% of the window to verification and chat, and a backfill half', async () => {
    const credential = fresh();
    const g = instance();
    const analytics = await drainAll(g, spec(credential, 'analytics'));
    // 780 usable less the 240 (30% of 800) kept: 540, less what a refill could not hand out whole.
    expect(analytics).toBeLessThanOrEqual(540);
    expect(analytics).toBeGreaterThanOrEqual(540 - 40);
    expect(await drainAll(g, spec(credential, 'backfill'))).toBe(0);
    // What analytics left is there for the others.
    expect(await drainAll(g, spec(credential, 'chat'))).toBe(780 - analytics);
    const error = await g.take(spec(credential, 'analytics')).catch((e: unknown) => e);
    expect((error as BudgetExhausted).retryAt).toBe(g.remaining('twitch', credential, 'verify').resetAt);
  });

  it('a verification is not held up by analytics waiting for its share', async () => {
    const credential = fresh();
    const g = instance();
    await drainAll(g, spec(credential, 'analytics'));
    // Analytics willing to wait for the next window; a verification meanwhile is served at once.
    const waiting = g.take(spec(credential, 'analytics', { maxWaitMs: 120_000 })).catch(() => 'closed');
    const began = Date.now();
    await g.take(spec(credential, 'verify', { maxWaitMs: 60_000 }));
    expect(Date.now() - began).toBeLessThan(1000);
    expect((await g.budgets()).find((v) => v.credential === credential)!.waiting).toMatchObject([
      { priority: 'analytics', count: 1 },
    ]);
    await g.close();
    expect(await waiting).toBe('closed');
  });

  it('budgets() shows each credential: capacity, spent, remaining, reset, what waits and what was put off', async () => {
    const credential = fresh();
    const g = instance();
    for (let i = 0; i < 12; i += 1) await g.take(spec(credential));
    const until = Date.now() + 45_000;
    g.defer({ provider: 'twitch', credential, priority: 'analytics', purpose: 'analytics_collection' }, until);
    g.defer({ provider: 'twitch', credential, priority: 'analytics', purpose: 'analytics_collection' }, until - 5);
    const view = (await g.budgets()).find((v) => v.provider === 'twitch' && v.credential === credential)!;
    const { resetAt } = g.remaining('twitch', credential, 'verify');
    expect(view).toEqual({
      provider: 'twitch',
      credential,
      capacity: 800,
      spent: 12,
      remaining: 768,
      resetAt,
      refusedUntil: null,
      refusedReason: null,
      waiting: [],
      deferred: [{ purpose: 'analytics_collection', priority: 'analytics', count: 2, until }],
      purposes: ['delivery_verification'],
    });
    // Another instance sees the same spent figure and what the budget was spent for from the shared row.
    const other = (await instance().budgets()).find((v) => v.credential === credential)!;
    expect(other).toMatchObject({
      spent: 12,
      remaining: 768,
      resetAt,
      deferred: [],
      purposes: ['delivery_verification'],
    });
  });

  it('a governed fetch charges the call’s cost before it and reads the answer after', async () => {
    const g = instance();
    const seen: string[] = [];
    const base = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return helixAnswer(200, { 'Ratelimit-Limit': '800', 'Ratelimit-Remaining': '700', 'Ratelimit-Reset': '1' });
    }) as typeof fetch;
    const credential = `project-fetch-${backendName}`;
    const youtube = g.fetch({ provider: 'youtube', credential, priority: 'chat', purpose: 'archive_chat' }, base);
    await youtube('http://platform.test/youtube/v3/liveChat/messages?liveChatId=x&part=snippet');
    await youtube('http://platform.test/youtube/v3/videos?id=x&part=snippet');
    expect(seen).toHaveLength(2);
    const view = (await g.budgets()).find((v) => v.provider === 'youtube' && v.credential === credential)!;
    expect(view).toMatchObject({ capacity: 10_000, spent: 6, remaining: 9900 - 6 });
  });
});
