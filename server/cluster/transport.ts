// The cluster's message transport (docs/product.md §Several instances): how one instance tells the others that something changed, so that an
// event raised on instance A reaches an SSE connection held by instance B. Messages carry ids only (a notification's
// id, a creator's id) and stay far below PostgreSQL's 8 kB NOTIFY limit; each receiver reads what it needs from the
// shared database. Three implementations behind one interface:
//   - none: one process (SQLite, the embedded default) — nothing to tell;
//   - PostgreSQL LISTEN/NOTIFY on a channel of the database (a dedicated connection, reconnected with backoff);
//   - Redis pub/sub when REDIS_URL is set.
// A message comes back to its sender too (both transports echo); `origin` lets each instance skip its own.
// A message sent while a receiver's connection is down is lost to it (neither keeps them): when that connection is
// back, the transport says so (onReconnect) and the receivers read what they may have missed from the database.
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
  | { o: string; t: 'overlay.campaign'; k: string }
  /** User `u`'s sessions ended (password changed or reset, account deleted): their open live streams close. */
  | { o: string; t: 'sessions.revoked'; u: string }
  /** User `u`'s archive of platform `p` grew: their open live streams are told (docs/product.md §Chat archive). */
  | { o: string; t: 'archive.updated'; u: string; p: 'twitch' | 'youtube' };

type Payload<T extends ClusterMessage['t']> = Omit<Extract<ClusterMessage, { t: T }>, 'o'>;

export interface Transport {
  /** This instance's id (messages it sent come back with it). */
  readonly origin: string;
  readonly kind: 'none' | 'postgres' | 'redis';
  send<T extends ClusterMessage['t']>(message: Payload<T> & { t: T }): void;
  /** Messages from the other instances. Returns the unsubscribe function. */
  onMessage(handler: (message: ClusterMessage) => void): () => void;
  /**
   * Called when the connection that receives messages is back after it was lost (not on the first connection):
   * messages sent meanwhile never arrive, so a receiver reads what it may have missed. Returns the unsubscribe.
   */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes. */
export const MAX_PAYLOAD = 7900;

function dispatcher(origin: string, logger: Logger) {
  const handlers = new Set<(message: ClusterMessage) => void>();
  const reconnectHandlers = new Set<() => void>();
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
    /** The receiving connection is back: messages may have been lost meanwhile. */
    reconnected() {
      logger.info('cluster: receiving messages again; reading what was missed');
      for (const handler of reconnectHandlers) {
        try {
          handler();
        } catch (error) {
          logger.error('cluster: a reconnect handler failed', { error: (error as Error).message });
        }
      }
    },
    onReconnect(handler: () => void) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
  };
}

const encode = (origin: string, message: object) => {
  const text = JSON.stringify({ ...message, o: origin });
  if (Buffer.byteLength(text) > MAX_PAYLOAD)
    throw new Error(`cluster message too large (${Buffer.byteLength(text)} bytes)`);
  return text;
};

export const newInstanceId = () => crypto.randomBytes(6).toString('hex');

/** One process: nothing to tell anybody. */
export function noTransport(origin = newInstanceId()): Transport {
  return {
    origin,
    kind: 'none',
    send() {},
    onMessage: () => () => {},
    onReconnect: () => () => {},
    close: async () => {},
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on `channel`. One dedicated connection listens (named `castbridge-events-<origin>` in
 * pg_stat_activity), and is opened again with backoff when it drops: a message sent meanwhile is lost, so once it
 * listens again onReconnect's handlers read the database. Sending uses `pg_notify` on a small pool.
 */
export async function postgresTransport(options: {
  connectionString: string;
  channel: string;
  logger: Logger;
  origin?: string;
}): Promise<Transport> {
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

  let listened = false;

  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      application_name: `castbridge-events-${origin}`,
    });
    // A broken connection reports itself more than once (the server's error, then the end): one reconnect per client.
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      void reconnect(client);
    };
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) hub.deliver(message.payload);
    });
    client.on('error', (error) => {
      logger.warn('cluster: the LISTEN connection failed; listening again', { error: error.message });
      drop();
    });
    client.on('end', drop);
    try {
      await client.connect();
      await client.query(`LISTEN ${identifier}`);
    } catch (error) {
      logger.warn('cluster: cannot LISTEN yet; retrying', { error: (error as Error).message });
      drop();
      return;
    }
    if (dropped) return;
    listener = client;
    attempt = 0;
    // Listening again after a loss: what was notified in between is read from the database by the handlers.
    if (listened) hub.reconnected();
    listened = true;
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
      pool
        .query('select pg_notify($1, $2)', [channel, payload])
        .catch((error: Error) => logger.warn('cluster: NOTIFY failed', { error: error.message }));
    },
    onMessage: hub.onMessage,
    onReconnect: hub.onReconnect,
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}

/**
 * Redis pub/sub on `channel`: a subscriber connection (named `castbridge-events-<origin>` in CLIENT LIST) and a
 * publisher; ioredis reconnects both by itself. The subscriber subscribes again itself after a reconnect, so that
 * onReconnect's handlers read the database only once messages arrive again (nothing falls between the two).
 */
export async function redisTransport(options: {
  url: string;
  channel: string;
  logger: Logger;
  origin?: string;
}): Promise<Transport> {
  const { Redis } = await import('ioredis');
  const origin = options.origin ?? newInstanceId();
  const { logger, channel } = options;
  const hub = dispatcher(origin, logger);
  const publisher = new Redis(options.url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(options.url, {
    maxRetriesPerRequest: null,
    autoResubscribe: false,
    connectionName: `castbridge-events-${origin}`,
  });
  for (const connection of [publisher, subscriber])
    connection.on('error', (error: Error) => logger.warn('cluster: Redis connection error', { error: error.message }));
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) hub.deliver(payload);
  });
  let connections = 0;
  subscriber.on('ready', () => {
    connections += 1;
    if (connections === 1) return;
    subscriber.subscribe(channel).then(
      () => hub.reconnected(),
      (error: Error) =>
        logger.warn('cluster: cannot SUBSCRIBE again; the next reconnect tries', { error: error.message }),
    );
  });
  await subscriber.subscribe(channel);
  return {
    origin,
    kind: 'redis',
    send(message) {
      publisher
        .publish(channel, encode(origin, message))
        .catch((error: Error) => logger.warn('cluster: PUBLISH failed', { error: error.message }));
    },
    onMessage: hub.onMessage,
    onReconnect: hub.onReconnect,
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
