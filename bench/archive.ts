// Chat archive figures for `npm run bench -- archive` (docs/product.md §Chat archive), on SQLite with the full-text index:
// - ingestion through the whole path (the stand-in chat server → tmi.js → the ingester's batches → SQLite), and the
//   storage alone (1,000-message transactions);
// - 1,000,000 messages of one channel over ten days: search p95 (50 searches of words of varied frequency, a chatter,
//   a date range), the first page of a 100,000-message day, and an NDJSON export of all of it (RSS growth); one
//   chatter's export, a timeout flagging their day, and their deletion;
// - the Archive Chat list (GET /api/archive/days) of another channel's year: 1,000,000 messages over 365 days and a
//   stream on most of them, without a date (what the screen asks first) and for one date;
// - kill -9 of a server process while it ingests: what was lost (at most the unflushed batch) and the gap recorded
//   after the restart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../server/app.ts';
import { channelKey } from '../server/archive/ingest.ts';
import { line } from '../server/archive/formats.ts';
import type { ChatLine } from '../server/archive/store.ts';
import { insertUsers, percentile, SECRET, startServer } from './marketplace.ts';
import { loadConfig } from '../server/config.ts';
import { silentLogger } from '../server/log.ts';
import { createSealer, loadPayoutKey } from '../server/money/sealing.ts';
import { startTwitchChatStandIn } from '../standins/twitch-chat.ts';

export interface ArchiveBench {
  ingestPerSecond: number;
  storePerSecond: number;
  archived: number;
  searchP95Ms: number;
  firstPageMs: number;
  exportRows: number;
  exportRssGrowthMb: number;
  chatterExportMs: number;
  timeoutMs: number;
  chatterDeleteMs: number;
  listP95Ms: number;
  listDayP95Ms: number;
  killLost: number;
  killSent: number;
  killGapRecorded: boolean;
}

const WORDS =
  'the a stream chat hype gg pog lol clip raid sub follow speedrun split boss level lantern giveaway emote music overlay sponsor energy drink night game run pb wr reset lag'.split(
    ' ',
  );
const RARE = ['zephyr', 'quokka', 'marzipan', 'obsidian', 'kumquat'];

function text(i: number): string {
  const words: string[] = [];
  const n = 3 + (i % 9);
  for (let k = 0; k < n; k += 1) words.push(WORDS[(i * 7 + k * 13) % WORDS.length]!);
  if (i % 997 === 0) words.push(RARE[i % RARE.length]!);
  return words.join(' ');
}

function chatLine(i: number, sentAt: number): ChatLine {
  const chatter = i % 5000;
  return {
    msgId: `m${i}`,
    sentAt,
    chatterId: String(100000 + chatter),
    login: `viewer_${chatter}`,
    displayName: `Viewer_${chatter}`,
    color: '#1E90FF',
    badges: chatter % 10 === 0 ? 'subscriber/6' : '',
    emotes: null,
    bits: null,
    kind: 'privmsg',
    text: text(i),
  };
}

const privmsg = (channel: string, i: number) =>
  `@badge-info=;badges=;color=#1E90FF;display-name=Viewer_${i % 5000};emotes=;id=live-${i};mod=0;room-id=1;subscriber=0;tmi-sent-ts=${Date.now()};turbo=0;user-id=${100000 + (i % 5000)};user-type= :viewer_${i % 5000}!viewer_${i % 5000}@viewer_${i % 5000}.tmi.twitch.tv PRIVMSG #${channel} :${text(i)}`;

export async function connectedCreator(
  db: Awaited<ReturnType<typeof createApp>>['db'],
  dataDir: string,
  login: string,
  archiving: boolean,
) {
  const [userId] = await insertUsers(db, 1, 'creator', () => ({}));
  const sealer = createSealer(loadPayoutKey(null, dataDir));
  const stamp = new Date().toISOString();
  await db
    .insertInto('connected_accounts')
    .values({
      id: crypto.randomUUID(),
      user_id: userId!,
      platform: 'twitch',
      platform_user_id: `9${Date.now() % 1e8}`,
      login,
      display_name: login,
      scopes: 'chat:read',
      tokens_sealed: sealer.seal({ accessToken: 'a', refreshToken: 'r' }),
      expires_at: Date.now() + 3_600_000,
      status: 'connected',
      stand_in: 1,
      archiving: archiving ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return userId!;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * A year of one channel's chat through the store's own writes: `total` messages over 365 days from 2025-01-01, and on
 * five days of six a stream from 18:00 to 22:00 (UTC), so ~300 streams to list. As on a real channel, a stream day's
 * chat is sent during its stream; on the other days it is spread over the day.
 */
export async function archiveYear(
  services: Awaited<ReturnType<typeof createApp>>['services'],
  userId: string,
  total = 1_000_000,
): Promise<{ days: number; streams: number }> {
  const key = channelKey((await services.connections.account(userId, 'twitch'))!);
  const DAYS = 365;
  const firstDay = Date.parse('2025-01-01T00:00:00Z');
  let streams = 0;
  // Day by day as it happens: a stream goes live, its chat is written in 1,000-message batches, it goes offline.
  for (let day = 0, n = 0; day < DAYS; day += 1) {
    const streamed = day % 6 !== 5;
    const [from, span] = streamed ? [18 * 3_600_000, 4 * 3_600_000 - 60_000] : [0, 86_000_000];
    const startedAt = firstDay + day * 86_400_000 + from;
    if (streamed)
      await services.archive.streamLive(key, { streamId: `s${day}`, title: `Stream ${day}`, startedAt }, startedAt);
    const end = Math.round(((day + 1) * total) / DAYS);
    const count = end - n;
    for (let first = n; first < end; first += 1000) {
      const messages = Array.from({ length: Math.min(1000, end - first) }, (_, k) => ({
        ...chatLine(first + k, startedAt + Math.floor(((first + k - n) / count) * span)),
        msgId: `y${first + k}`,
      }));
      await services.archive.write(key, { messages, moderation: [], skipped: 0, seenAt: Date.now() });
    }
    n = end;
    if (streamed) {
      await services.archive.streamLive(
        key,
        { streamId: `s${day}`, title: `Stream ${day}`, startedAt },
        startedAt + span,
      );
      await services.archive.streamOffline(key, startedAt + span + 60_000);
      streams += 1;
    }
  }
  return { days: DAYS, streams };
}

/** p95 of GET /api/archive/days over HTTP (in process) for the creator: without a date and with one. */
export async function timeArchiveList(
  app: Awaited<ReturnType<typeof createApp>>,
  userId: string,
  rounds = 40,
): Promise<{ listP95Ms: number; listDayP95Ms: number; days: number; streams: number }> {
  const token = await app.services.tokens.issue(userId, 0);
  const get = async (query: string) => {
    const response = await app.app.request(`/api/archive/days?platform=twitch${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`GET /api/archive/days${query}: ${response.status}`);
    return (await response.json()) as { days: unknown[]; streams: unknown[] };
  };
  const first = await get('');
  const all: number[] = [];
  const oneDay: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    let t0 = performance.now();
    await get('');
    all.push(performance.now() - t0);
    const date = new Date(Date.parse('2025-01-01T00:00:00Z') + ((i * 37) % 365) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    t0 = performance.now();
    await get(`&date=${date}`);
    oneDay.push(performance.now() - t0);
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    listP95Ms: round(percentile(all, 95)),
    listDayP95Ms: round(percentile(oneDay, 95)),
    days: first.days.length,
    streams: first.streams.length,
  };
}

export async function benchArchive(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<ArchiveBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-archive-'));
  const chat = await startTwitchChatStandIn();
  try {
    const app = await createApp(
      {
        ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` }),
      },
      { logger: silentLogger },
    );
    const { db, services } = app;

    // 1. Ingestion end to end: 200,000 lines sent in frames of 1,000 as fast as the stand-in can.
    const liveChannel = 'bench_live';
    const liveUser = await connectedCreator(db, dataDir, liveChannel, false);
    await services.connections.setArchiving(liveUser, 'twitch', true);
    await chat.waitForJoin(liveChannel);
    await until(() => services.ingest.status(liveUser, 'twitch')?.connected === true, 10_000);
    const LIVE = 200_000;
    const started = performance.now();
    for (let i = 0; i < LIVE; i += 1000) {
      chat.send(
        liveChannel,
        Array.from({ length: 1000 }, (_, k) => privmsg(liveChannel, i + k)),
      );
      // Let the ingester breathe between frames, as a socket would.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => (services.ingest.status(liveUser, 'twitch')?.written ?? 0) >= LIVE, 120_000);
    const ingestSeconds = (performance.now() - started) / 1000;
    const written = services.ingest.status(liveUser, 'twitch')?.written ?? 0;
    const ingestPerSecond = Math.round(written / ingestSeconds);
    log(
      `ingested ${written} of ${LIVE} messages through tmi.js in ${ingestSeconds.toFixed(1)} s: ${ingestPerSecond}/s`,
    );
    await services.connections.setArchiving(liveUser, 'twitch', false);

    // 2. Storage alone, and the million-message channel: ten days of 100,000.
    const bigUser = await connectedCreator(db, dataDir, 'bench_big', false);
    const account = (await services.connections.account(bigUser, 'twitch'))!;
    const key = channelKey(account);
    const TOTAL = 1_000_000;
    const firstDay = Date.parse('2026-10-01T00:00:00Z');
    const storeStart = performance.now();
    for (let i = 0; i < TOTAL; i += 1000) {
      const messages = Array.from({ length: 1000 }, (_, k) => {
        const n = i + k;
        const day = Math.floor(n / 100_000);
        return chatLine(n, firstDay + day * 86_400_000 + Math.floor(((n % 100_000) / 100_000) * 86_000_000));
      });
      await services.archive.write(key, { messages, moderation: [], skipped: 0, seenAt: Date.now() });
    }
    const storePerSecond = Math.round(TOTAL / ((performance.now() - storeStart) / 1000));
    log(`stored ${TOTAL} messages in 1,000-message transactions: ${storePerSecond}/s`);

    // 3. Search p95 over the million.
    const queries = [
      ...RARE.map((q) => ({ q })),
      ...WORDS.slice(0, 25).map((q, i) => ({ q: `${q} ${WORDS[(i + 5) % WORDS.length]}` })),
      ...Array.from({ length: 10 }, (_, i) => ({ user: `viewer_${i * 37}` })),
      ...Array.from({ length: 10 }, (_, i) => ({ q: WORDS[i + 3]!, from: '2026-10-03', to: '2026-10-05' })),
    ];
    const timings: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const query of queries) {
        const t0 = performance.now();
        await services.archive.search(bigUser, { ...query, platform: 'twitch', limit: 50 });
        if (round === 1) timings.push(performance.now() - t0);
      }
    }
    const searchP95Ms = Math.round(percentile(timings, 95) * 10) / 10;
    log(
      `search over ${TOTAL} messages: ${timings.length} searches, p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${searchP95Ms} ms, max ${Math.max(...timings).toFixed(1)} ms`,
    );

    // 4. The first page of a 100,000-message day.
    const pages: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const t0 = performance.now();
      await services.archive.messages(bigUser, { platform: 'twitch', day: `2026-10-0${(i % 9) + 1}`, limit: 200 });
      pages.push(performance.now() - t0);
    }
    const firstPageMs = Math.round(percentile(pages, 95) * 10) / 10;
    log(`first page of a 100,000-message day: p95 ${firstPageMs} ms`);

    // 5. Export all of it as NDJSON: RSS before and the peak during.
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let rows = 0;
    let bytes = 0;
    const exportStart = performance.now();
    for await (const message of services.archive.export(bigUser, { platform: 'twitch' })) {
      bytes += line('ndjson', message).length;
      rows += 1;
      if (rows % 50_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    const exportRssGrowthMb = Math.round((peak - before) / 1024 / 1024);
    log(
      `exported ${rows} messages (${Math.round(bytes / 1024 / 1024)} MB of NDJSON) in ${Math.round((performance.now() - exportStart) / 1000)} s: RSS growth ${exportRssGrowthMb} MB`,
    );

    // 6. One chatter of the million (200 messages over the ten days; on SQLite found through the full-text index):
    // their export, a timeout by login and a ban by id each flagging their messages of a 100,000-message day, and
    // their deletion (a viewer's request).
    const chatterTimes = { export: [] as number[], timeout: [] as number[], delete: [] as number[] };
    for (let k = 0; k < 5; k += 1) {
      const chatter = 4990 + k;
      let t0 = performance.now();
      let exported = 0;
      let others = 0;
      for await (const message of services.archive.export(bigUser, {
        platform: 'twitch',
        login: `viewer_${chatter}`,
      })) {
        if (message.login === `viewer_${chatter}`) exported += 1;
        else others += 1;
      }
      chatterTimes.export.push(performance.now() - t0);
      const at = firstDay + k * 86_400_000 + 86_000_000;
      t0 = performance.now();
      await services.archive.write(key, {
        messages: [],
        moderation: [
          { kind: 'clearchat', at, targetLogin: `viewer_${chatter}`, targetId: null, targetMsgId: null, duration: 600 },
        ],
        skipped: 0,
        seenAt: Date.now(),
      });
      await services.archive.write(key, {
        messages: [],
        moderation: [
          {
            kind: 'clearchat',
            at,
            targetLogin: null,
            targetId: String(100000 + chatter + 1),
            targetMsgId: null,
            duration: null,
          },
        ],
        skipped: 0,
        seenAt: Date.now(),
      });
      chatterTimes.timeout.push((performance.now() - t0) / 2);
      t0 = performance.now();
      const deleted = await services.archive.delete(bigUser, {
        platform: 'twitch',
        chatterId: String(100000 + chatter),
      });
      chatterTimes.delete.push(performance.now() - t0);
      if (exported !== TOTAL / 5000 || others !== 0 || deleted !== TOTAL / 5000)
        throw new Error(
          `chatter ${chatter}: exported ${exported} (and ${others} of others), deleted ${deleted} of ${TOTAL / 5000}`,
        );
    }
    const worst = (times: number[]) => Math.round(Math.max(...times) * 10) / 10;
    const chatterExportMs = worst(chatterTimes.export);
    const timeoutMs = worst(chatterTimes.timeout);
    const chatterDeleteMs = worst(chatterTimes.delete);
    log(
      `one chatter of ${TOTAL} (${TOTAL / 5000} messages), worst of 5: export ${chatterExportMs} ms; a timeout or ban flagging their day ${timeoutMs} ms; their deletion ${chatterDeleteMs} ms`,
    );

    // 7. The Archive Chat list of a year: 1,000,000 messages over 365 days, ~300 streams.
    const yearUser = await connectedCreator(db, dataDir, 'bench_year', false);
    await archiveYear(services, yearUser, TOTAL);
    const list = await timeArchiveList(app, yearUser);
    log(
      `Archive Chat list (no date) of ${list.days} days and ${list.streams} streams (${TOTAL} messages): p95 ${list.listP95Ms} ms; one date: p95 ${list.listDayP95Ms} ms`,
    );
    await app.close();

    // 8. kill -9 while ingesting.
    const killDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-kill-'));
    try {
      const setup = await createApp(
        {
          ...loadConfig({ DATA_DIR: killDir, JWT_SECRET: SECRET, TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` }),
        },
        { logger: silentLogger },
      );
      const killChannel = 'bench_kill';
      const killUser = await connectedCreator(setup.db, killDir, killChannel, true);
      await setup.close();
      const env = { TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` };
      let { child } = await startServer(killDir, env);
      await chat.waitForJoin(killChannel);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      let sent = 0;
      const sender = setInterval(() => {
        chat.send(
          killChannel,
          Array.from({ length: 100 }, (_, k) => privmsg(killChannel, 1_000_000 + sent + k)),
        );
        sent += 100;
      }, 20);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      clearInterval(sender);
      const sentBeforeKill = sent;
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      await new Promise((resolve) => setTimeout(resolve, 2500));
      ({ child } = await startServer(killDir, env));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      const check = await createApp(
        {
          ...loadConfig({ DATA_DIR: killDir, JWT_SECRET: SECRET, TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` }),
        },
        { logger: silentLogger },
      );
      await check.services.ingest.close();
      const stored = Number(
        (
          await check.db
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', killUser)
            .executeTakeFirstOrThrow()
        ).n,
      );
      const gaps = await check.db
        .selectFrom('chat_events')
        .selectAll()
        .where('user_id', '=', killUser)
        .where('kind', '=', 'gap')
        .execute();
      await check.close();
      const killLost = sentBeforeKill - stored;
      log(
        `kill -9 while ingesting ~5,000 messages/s: ${sentBeforeKill} sent before the kill, ${stored} stored, ${killLost} lost; gaps recorded after the restart: ${gaps.length} (${gaps.map((g) => `${Math.round((Number(g.until) - Number(g.at)) / 100) / 10} s`).join(', ')})`,
      );
      return {
        ingestPerSecond,
        storePerSecond,
        archived: TOTAL,
        searchP95Ms,
        firstPageMs,
        exportRows: rows,
        exportRssGrowthMb,
        chatterExportMs,
        timeoutMs,
        chatterDeleteMs,
        listP95Ms: list.listP95Ms,
        listDayP95Ms: list.listDayP95Ms,
        killLost,
        killSent: sentBeforeKill,
        killGapRecorded: gaps.length > 0,
      };
    } finally {
      fs.rmSync(killDir, { recursive: true, force: true });
    }
  } finally {
    await chat.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchArchive().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
