// Twitch chat over EventSub for `npm run bench -- eventsub` (docs/product.md §Chat archive), on SQLite, against the EventSub and Twitch
// stand-ins (standins/eventsub.ts, oauth.ts) served on ports of their own:
// - ingestion through the whole path: the stand-in's WebSocket → the EventSub client (server/archive/eventsub.ts) →
//   the ingester's batches → SQLite, 200,000 channel.chat.message notifications sent as fast as the stand-in can;
// - 200 channels archived on one instance over WebSocket with Twitch's own limits (Helix's 800 points a minute for the
//   bot's token, 300 subscriptions a connection, 3 connections a token): the connections used, the subscriptions
//   each holds, what the stand-in refused (nothing, when the client keeps the limits) and how long subscribing took.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app.ts';
import { WEBSOCKET_TYPES } from '../server/archive/eventsub.ts';
import { loadConfig } from '../server/config.ts';
import { silentLogger } from '../server/log.ts';
import { createSealer, loadPayoutKey } from '../server/money/sealing.ts';
import { STANDIN_BOT, twitchUserId } from '../standins/eventsub.ts';
import { insertUsers, SECRET } from './marketplace.ts';

export interface EventSubBench {
  /** Messages per second into storage through the stand-in's WebSocket, the client and the ingester. */
  ingestPerSecond: number;
  ingested: number;
  /** 200 channels on one instance: connections used and the subscriptions each holds. */
  channels: number;
  connections: number;
  subscriptionsPerConnection: number[];
  /** Subscriptions or connections the stand-in refused (Twitch's limits reached): 0 when the client keeps them. */
  refused: number;
  /** Seconds from archiving on to every subscription enabled, within Helix's 800 points a minute. */
  subscribeSeconds: number;
}

/** The stand-ins in a process of their own (bench/eventsub-standins.ts), as Twitch is to a real server. */
async function standIns() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./eventsub-standins.ts', import.meta.url))],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async <T>() => JSON.parse(String((await lines.next()).value)) as T;
  const where = await next<{ base: string; ircPort: number; eventSubUrl: string }>();
  return {
    ...where,
    async ask<T>(command: object): Promise<T> {
      child.stdin!.write(`${JSON.stringify(command)}\n`);
      return next<T>();
    },
    close() {
      child.stdin!.end();
      child.kill();
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Twitch channels connected and archived as the OAuth flow leaves them (their ids the stand-in's). */
async function archived(app: Awaited<ReturnType<typeof createApp>>, dataDir: string, logins: string[]) {
  const sealer = createSealer(loadPayoutKey(null, dataDir));
  const users = await insertUsers(app.db, logins.length, 'creator', () => ({}));
  const stamp = new Date().toISOString();
  await app.db
    .insertInto('connected_accounts')
    .values(
      logins.map((login, i) => ({
        id: crypto.randomUUID(),
        user_id: users[i]!,
        platform: 'twitch' as const,
        platform_user_id: twitchUserId(login),
        login,
        display_name: login,
        scopes: 'chat:read channel:bot',
        tokens_sealed: sealer.seal({ accessToken: 'a', refreshToken: 'r' }),
        expires_at: Date.now() + 3_600_000,
        status: 'connected' as const,
        stand_in: 1,
        archiving: 0,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  return users;
}

export async function benchEventSub(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<EventSubBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-eventsub-'));
  const twitch = await standIns();
  try {
    const app = await createApp(
      {
        ...loadConfig({
          DATA_DIR: dataDir,
          JWT_SECRET: SECRET,
          TWITCH_CLIENT_ID: 'bench-client',
          TWITCH_CLIENT_SECRET: 'bench-secret',
          TWITCH_AUTH_BASE: twitch.base,
          TWITCH_API_BASE: twitch.base,
          TWITCH_CHAT_URL: `ws://127.0.0.1:${twitch.ircPort}`,
          TWITCH_EVENTSUB_URL: twitch.eventSubUrl,
          TWITCH_BOT_REFRESH_TOKEN: STANDIN_BOT.refreshToken,
          // A stream poll a minute per channel on each creator's own token: not what is measured here.
          TWITCH_STREAM_POLL_SECONDS: '3600',
        }),
      },
      { logger: silentLogger },
    );
    const { services } = app;
    try {
      // 1. Ingestion end to end: 200,000 notifications of one channel, sent by the stand-in as fast as it can.
      const live = 'bench_eventsub_live';
      const [liveUser] = await archived(app, dataDir, [live]);
      await services.connections.setArchiving(liveUser!, 'twitch', true);
      await until(() => services.ingest.status(liveUser!, 'twitch')?.connected === true, 20_000);
      const TOTAL = 200_000;
      const started = performance.now();
      const sent = twitch.ask<{ sentMs: number }>({ blast: { channel: live, total: TOTAL } });
      await until(() => (services.ingest.status(liveUser!, 'twitch')?.written ?? 0) >= TOTAL, 180_000);
      const seconds = (performance.now() - started) / 1000;
      const { sentMs } = await sent;
      const ingested = services.ingest.status(liveUser!, 'twitch')?.written ?? 0;
      const ingestPerSecond = Math.round(ingested / seconds);
      log(
        `ingested ${ingested} of ${TOTAL} EventSub notifications into SQLite in ${seconds.toFixed(1)} s (the stand-in sent them in ${(sentMs / 1000).toFixed(1)} s): ${ingestPerSecond}/s`,
      );
      await services.connections.setArchiving(liveUser!, 'twitch', false);
      await until(() => (services.eventSub?.stats().channels ?? 1) === 0, 10_000);

      // 2. 200 channels on one instance, with Helix's own 800 points a minute.
      const CHANNELS = Number(process.env.BENCH_EVENTSUB_CHANNELS ?? 200);
      const logins = Array.from({ length: CHANNELS }, (_, i) => `bench_es_${i}`);
      const users = await archived(app, dataDir, logins);
      const subscribeStart = performance.now();
      for (const user of users) await services.connections.setArchiving(user, 'twitch', true);
      const wanted = CHANNELS * WEBSOCKET_TYPES.length;
      const subscribed = () =>
        (services.eventSub?.stats().connections ?? []).reduce((sum, connection) => sum + connection.subscriptions, 0);
      await until(() => subscribed() >= wanted, 180_000);
      const subscribeSeconds = Math.round((performance.now() - subscribeStart) / 100) / 10;
      const stats = services.eventSub!.stats();
      const { refused: reasons } = await twitch.ask<{ refused: Record<string, number> }>({ stats: true });
      const refused = Object.values(reasons).reduce((sum, n) => sum + n, 0);
      const subscriptionsPerConnection = stats.connections.map((connection) => connection.subscriptions);
      log(
        `${CHANNELS} channels on one instance: ${stats.connections.length} connections, subscriptions per connection ${subscriptionsPerConnection.join(' / ')} (${WEBSOCKET_TYPES.length} a channel), ${stats.unavailable} over IRC, ${refused} refused by Twitch's limits; subscribed in ${subscribeSeconds} s within Helix's 800 points a minute`,
      );
      return {
        ingestPerSecond,
        ingested,
        channels: stats.channels,
        connections: stats.connections.length,
        subscriptionsPerConnection,
        refused,
        subscribeSeconds,
      };
    } finally {
      await app.close();
    }
  } finally {
    twitch.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
