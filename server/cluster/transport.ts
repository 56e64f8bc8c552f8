// The cluster's message transport (issue 18): how one instance tells the others that something changed, so that an
// event raised on instance A reaches an SSE connection held by instance B. Messages carry ids only (a notification's
// id, a creator's id) and stay far below PostgreSQL's 8 kB NOTIFY limit; each receiver reads what it needs from the
// shared database. Three implementations behind one interface:
//   - none: one process (SQLite, the embedded default) — nothing to tell;
//   - PostgreSQL LISTEN/NOTIFY on a channel of the database (a dedicated connection, reconnected with backoff);
//   - Redis pub/sub when REDIS_URL is set.
// A message comes back to its sender too (both transports echo); `origin` lets each instance skip its own.
import crypto from 'node:crypto';
import type { Logger } from '../log.ts';

/** What instances tell each other. `o` is the sender's instance id. */
export type ClusterMessage =
  /** A notification stored for user `u` (id `n`): push it to `u`'s open streams. */
  | { o: string; t: 'notification'; u: string; n: number }
  /** What creators' overlays show changed (settings, offers, campaigns): drop caches, push the state. */
  | { o: string; t: 'overlay'; c: string[] }
  /** A creator's overlay token was replaced: pages open with the old one are told, caches dropped. */
  | { o: string; t: 'overlay.revoked'; c: string }
  /** A campaign changed (paused, resumed, ended): the overlays of its creators show it again. */
  | { o: string; t: 'overlay.campaign'; k: string };

type Payload<T extends ClusterMessage['t']> = Omit<Extract<ClusterMessage, { t: T }>, 'o'>;

export interface Transport {
  /** This instance's id (messages it sent come back with it). */
  readonly origin: string;
  readonly kind: 'none' | 'postgres' | 'redis';
  send<T extends ClusterMessage['t']>(message: Payload<T> & { t: T }): void;
  /** Messages from the other instances. Returns the unsubscribe function. */
  onMessage(handler: (message: ClusterMessage) => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes. */
export const MAX_PAYLOAD = 7900;

function dispatcher(origin: string, logger: Logger) {
  const handlers = new Set<(message: ClusterMessage) => void>();
  return {
    handlers,
    deliver(raw: string) {
      let message: ClusterMessage;
      try {
        message = JSON.parse(raw) as ClusterMessage;
      } catch {
        logger.warn('cluster: an unreadable message was ignored', { length: raw.length });
        return;
      }
      if (message.o === origin) return;
      for (const handler of handlers) {
        try {
          handler(message);
        } catch (error) {
          logger.error('cluster: a message handler failed', { type: message.t, error: (error as Error).message });
        }
      }
    },
    onMessage(handler: (message: ClusterMessage) => void) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

const encode = (origin: string, message: object) => {
  const text = JSON.stringify({ ...message, o: origin });
  if (Buffer.byteLength(text) > MAX_PAYLOAD) throw new Error(`cluster message too large (${Buffer.byteLength(text)} bytes)`);
  return text;
};

export const newInstanceId = () => crypto.randomBytes(6).toString('hex');

/** One process: nothing to tell anybody. */
export function noTransport(origin = newInstanceId()): Transport {
  return { origin, kind: 'none', send() {}, onMessage: () => () => {}, close: async () => {} };
}

/**
 * PostgreSQL LISTEN/NOTIFY on `channel`. One dedicated connection listens (and is opened again with backoff when
 * it drops: a message sent meanwhile is lost, so what depends on it also reads the database on reconnect); sending
 * uses `pg_notify` on a small pool.
 */
export async function postgresTransport(options: { connectionString: string; channel: string; logger: Logger; origin?: string }): Promise<Transport> {
  const { default: pg } = await import('pg');
  const origin = options.origin ?? newInstanceId();
  const { logger, channel } = options;
  const hub = dispatcher(origin, logger);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
  pool.on('error', (error) => logger.warn('cluster: notify pool error', { error: error.message }));
  let listener: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let attempt = 0;
  const identifier = `"${channel.replace(/"/g, '')}"`;

  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) hub.deliver(message.payload);
    });
    client.on('error', (error) => {
      logger.warn('cluster: the LISTEN connection failed; listening again', { error: error.message });
      void reconnect(client);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${identifier}`);
      listener = client;
      attempt = 0;
    } catch (error) {
      logger.warn('cluster: cannot LISTEN yet; retrying', { error: (error as Error).message });
      await reconnect(client);
    }
  }

  async function reconnect(client: InstanceType<typeof pg.Client>) {
    if (listener === client) listener = null;
    await client.end().catch(() => {});
    if (closed) return;
    attempt += 1;
    setTimeout(() => void listen(), Math.min(10_000, 250 * 2 ** attempt)).unref();
  }

  await listen();
  return {
    origin,
    kind: 'postgres',
    send(message) {
      const payload = encode(origin, message);
      pool.query('select pg_notify($1, $2)', [channel, payload]).catch((error: Error) => logger.warn('cluster: NOTIFY failed', { error: error.message }));
    },
    onMessage: hub.onMessage,
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}

/** Redis pub/sub on `channel` (a subscriber connection and a publisher; ioredis reconnects both by itself). */
export async function redisTransport(options: { url: string; channel: string; logger: Logger; origin?: string }): Promise<Transport> {
  const { Redis } = await import('ioredis');
  const origin = options.origin ?? newInstanceId();
  const { logger, channel } = options;
  const hub = dispatcher(origin, logger);
  const publisher = new Redis(options.url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => logger.warn('cluster: Redis connection error', { error: error.message }));
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) hub.deliver(payload);
  });
  await subscriber.subscribe(channel);
  return {
    origin,
    kind: 'redis',
    send(message) {
      publisher.publish(channel, encode(origin, message)).catch((error: Error) => logger.warn('cluster: PUBLISH failed', { error: error.message }));
    },
    onMessage: hub.onMessage,
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
