// Ingestion (docs/product.md §Chat archive): one ingester per archived channel, beside the HTTP server. Messages are buffered and written
// in one transaction per batch (500 messages or 1 s, whichever comes first), one write at a time. A failed write is
// the database's (down: the batch is kept for the next try, within a bound) or a row's (a value the database refuses:
// the batch is written in halves until that row is found, dropped and counted as skipped, so one bad line never holds
// up the rest). The time the ingester last knew it was receiving is stored with every batch and every 10 s, so after a
// crash (kill -9) the restart records the gap since then; a lost connection records the gap between losing and
// regaining it. The supervisor keeps exactly one ingester per channel with archiving on, starts and stops them as
// creators turn archiving on and off or disconnect, and restarts one that fails, with backoff. A YouTube account whose
// grant Google refused ("reconnect") is not ingested — its chat needs the token — until the creator connects again;
// the screen says so meanwhile. Twitch's chat is read anonymously and goes on.
import { ARCHIVE_SIGNAL_MS } from '../../contract/archive.ts';
import { memoryLocks, type Lease, type Locks } from '../cluster/locks.ts';
import type { Logger } from '../log.ts';
import type { AccountChange, AccountRow, Connections } from '../connections/store.ts';
import type { Archive, Batch, ChannelKey, ChatLine, ChatModeration } from './store.ts';
import { reconnectProblem, type ChatSource, type ChatSourceHandlers } from './twitch-source.ts';

export const BATCH_MESSAGES = 500;
export const BATCH_MS = 1000;
export const TOUCH_MS = 10_000;
/** A restart sooner than this after the last batch is not a gap worth recording. */
export const GAP_MIN_MS = 2000;
/** What waits for a database that stays down, at most: beyond it the oldest messages (and events) are dropped. */
export const MAX_PENDING_MESSAGES = 50_000;
export const MAX_PENDING_EVENTS = 5_000;
/** The platforms whose chat is read with the channel's own token: not ingested while the grant is refused. */
export const TOKEN_READ_PLATFORMS: readonly AccountRow['platform'][] = ['youtube'];

/** The source of an account's chat; null for a platform whose chat is not ingested. */
export type SourceFactory = (account: AccountRow, handlers: ChatSourceHandlers) => ChatSource | null;

export interface IngesterStatus {
  connected: boolean;
  /** Why the platform is not giving the chat right now (YouTube's quota), shown on the screen. */
  problem: string | null;
  received: number;
  written: number;
  skipped: number;
  gaps: number;
}

/**
 * `signal` at most once per `ms`: at once when it has been quiet that long, else once at the end of the wait (so the
 * last change is always told).
 */
export function throttle(signal: () => void, ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  const fire = () => {
    timer = null;
    last = now();
    signal();
  };
  return () => {
    if (timer) return;
    const wait = last + ms - now();
    if (wait <= 0) fire();
    else (timer = setTimeout(fire, wait)).unref();
  };
}

export function createIngester(
  key: ChannelKey,
  deps: {
    archive: Archive;
    logger: Logger;
    source: (handlers: ChatSourceHandlers) => ChatSource;
    now?: () => number;
    /** Told when the archive grew (messages written, a stream started or ended): the live signal, throttled. */
    changed?: () => void;
  },
) {
  const { archive, logger } = deps;
  const now = deps.now ?? Date.now;
  const changed = deps.changed ? throttle(deps.changed, ARCHIVE_SIGNAL_MS) : () => {};
  let lines: ChatLine[] = [];
  let moderation: ChatModeration[] = [];
  let skipped = 0;
  let timer: NodeJS.Timeout | null = null;
  let toucher: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let lostAt: number | null = null;
  let streamWrites: Promise<void> = Promise.resolve();
  /** A stream reported live and not yet ended: stopping ends it (the archive holds it up to then). */
  let streaming = false;
  let started = false;
  let stopped = false;
  const status: IngesterStatus = { connected: false, problem: null, received: 0, written: 0, skipped: 0, gaps: 0 };

  /** Keeps what waits within its bound (`slack` over it first, so that it is cut now and then, not line by line). */
  function bound(slack: number) {
    const over = lines.length - MAX_PENDING_MESSAGES;
    const eventsOver = moderation.length - MAX_PENDING_EVENTS;
    if (over <= slack && eventsOver <= slack) return;
    if (over > 0) lines = lines.slice(over);
    if (eventsOver > 0) moderation = moderation.slice(eventsOver);
    logger.error('the database does not take the chat: the oldest waiting messages are dropped', {
      channel: key.channel,
      messages: Math.max(0, over),
      events: Math.max(0, eventsOver),
    });
  }

  /** The error a write fails with, or null once written. */
  const failure = (batch: Batch) =>
    archive.write(key, batch).then(
      () => null,
      (error: unknown) => error as Error,
    );
  /** Whether the database takes a write at all (the last-seen time alone): tells its failure from a row's. */
  const answers = async (seenAt: number) =>
    (await failure({ messages: [], moderation: [], skipped: 0, seenAt })) === null;

  /**
   * A batch the database refused as a whole, written in parts: the messages, then the moderation (which flags them),
   * halved until each row it refuses on its own is found; those are dropped and counted. Answers the rows refused,
   * and what is left unwritten when the database itself stops answering meanwhile.
   */
  async function writeApart(
    batch: Batch,
  ): Promise<{ refused: number; messages: ChatLine[]; moderation: ChatModeration[] }> {
    type Part = Pick<Batch, 'messages' | 'moderation'>;
    const parts: Part[] = [
      { messages: batch.messages, moderation: [] },
      { messages: [], moderation: batch.moderation },
    ].filter((part) => part.messages.length + part.moderation.length > 0);
    const halves = ({ messages: rows, moderation: events }: Part): Part[] =>
      rows.length > 1
        ? [
            { messages: rows.slice(0, rows.length >> 1), moderation: [] },
            { messages: rows.slice(rows.length >> 1), moderation: [] },
          ]
        : [
            { messages: [], moderation: events.slice(0, events.length >> 1) },
            { messages: [], moderation: events.slice(events.length >> 1) },
          ];
    let refused = 0;
    while (parts.length > 0) {
      const part = parts[0]!;
      const write = () => failure({ ...part, skipped: 0, seenAt: batch.seenAt });
      let error = await write();
      if (error && part.messages.length + part.moderation.length > 1) {
        parts.splice(0, 1, ...halves(part));
        continue;
      }
      if (error) {
        if (!(await answers(batch.seenAt)))
          return {
            refused,
            messages: parts.flatMap((p) => p.messages),
            moderation: parts.flatMap((p) => p.moderation),
          };
        // The database answers: the row once more (a passing failure is not the row's), then it is the one refused.
        error = await write();
      }
      parts.shift();
      if (!error) {
        status.written += part.messages.length;
        continue;
      }
      refused += 1;
      status.skipped += 1;
      logger.warn('the database refused a chat row: it is dropped and counted as skipped', {
        channel: key.channel,
        msgId: part.messages[0]?.msgId,
        event: part.moderation[0]?.kind,
        error: error.message,
      });
    }
    return { refused, messages: [], moderation: [] };
  }

  /** Writes a batch; what the database does not take while it is down is kept, in front of what came since. */
  async function write(batch: Batch): Promise<boolean> {
    const failed = await failure(batch);
    if (!failed) {
      status.written += batch.messages.length;
      if (batch.messages.length > 0) changed();
      return true;
    }
    // The database down (it takes no write at all: everything is kept), or rows it refuses (the rest goes in without them).
    const left = (await answers(batch.seenAt))
      ? await writeApart(batch)
      : { refused: 0, messages: batch.messages, moderation: batch.moderation };
    const uncounted = batch.skipped + left.refused;
    if (left.messages.length + left.moderation.length === 0) {
      // The skipped lines and the refused rows are counted once the rest is in (or with the next batch).
      if (
        uncounted > 0 &&
        (await failure({ messages: [], moderation: [], skipped: uncounted, seenAt: batch.seenAt }))
      ) {
        skipped += uncounted;
        schedule();
      }
      return true;
    }
    logger.error('writing chat failed; the batch is kept for the next try', {
      channel: key.channel,
      error: failed.message,
    });
    lines = [...left.messages, ...lines];
    moderation = [...left.moderation, ...moderation];
    skipped += uncounted;
    bound(0);
    schedule();
    return false;
  }

  async function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    // One write at a time, in order: a flush asked for during one waits for it, then writes what came meanwhile.
    while (flushing) await flushing;
    if (lines.length === 0 && moderation.length === 0 && skipped === 0) return;
    const batch = { messages: lines, moderation, skipped, seenAt: now() };
    lines = [];
    moderation = [];
    skipped = 0;
    let written = false;
    flushing = write(batch)
      .then((ok) => {
        written = ok;
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
    // A full batch came during the write: it goes next, at once (after a failure it waits for the retry's timer).
    if (written && lines.length >= BATCH_MESSAGES) schedule();
  }

  function schedule() {
    if (stopped) return;
    // During a write, what comes waits for it (see flush): never a second write beside it.
    if (lines.length >= BATCH_MESSAGES && !flushing) void flush();
    else timer ??= setTimeout(() => void flush(), BATCH_MS);
  }

  /** Stream changes are written one after another, in the order the platform reported them. */
  function streamWrite(write: (at: number) => Promise<void>) {
    const at = now();
    streamWrites = streamWrites
      .then(() => write(at))
      .then(changed)
      .catch((error: unknown) =>
        logger.error('recording a stream failed', { channel: key.channel, error: (error as Error).message }),
      );
  }

  async function gap(from: number, until: number, detail: string) {
    status.gaps += 1;
    await archive
      .recordGap(key, from, until, detail)
      .catch((error: unknown) =>
        logger.error('recording a gap failed', { channel: key.channel, error: (error as Error).message }),
      );
  }

  const handlers: ChatSourceHandlers = {
    line(line) {
      status.received += 1;
      lines.push(line);
      bound(BATCH_MESSAGES);
      schedule();
    },
    moderation(event) {
      moderation.push(event);
      bound(BATCH_MESSAGES);
      schedule();
    },
    skipped(count) {
      skipped += count;
      status.skipped += count;
      schedule();
    },
    connected() {
      status.connected = true;
      if (lostAt !== null) {
        void gap(lostAt, now(), 'reconnected');
        lostAt = null;
      }
      void archive.touch(key, now()).catch(() => {});
    },
    streamLive(stream) {
      streaming = true;
      streamWrite((at) => archive.streamLive(key, stream, at));
    },
    streamOffline() {
      streaming = false;
      streamWrite((at) => archive.streamOffline(key, at));
    },
    problem(message) {
      if (message !== status.problem)
        logger.warn('the platform does not give the chat', { channel: key.channel, problem: message });
      status.problem = message;
    },
    disconnected(reason) {
      if (stopped) return;
      status.connected = false;
      lostAt ??= now();
      logger.warn('chat connection lost; reconnecting', { channel: key.channel, reason });
      void flush();
    },
  };
  const source = deps.source(handlers);

  return {
    key,
    status,
    async start() {
      if (started) return;
      started = true;
      // Whatever happened since the last time this channel was known to be received (a crash, a stop) is a gap.
      const last = await archive.lastSeen(key);
      const at = now();
      // Taken over from another instance (it died or stopped): whatever it had not written is missing, however short.
      const takenOver = last !== null && last.owner !== null && key.owner !== undefined && last.owner !== key.owner;
      if (last && (takenOver || at - last.lastSeen > GAP_MIN_MS))
        await gap(last.lastSeen, at, takenOver ? 'taken over' : 'restarted');
      await archive.touch(key, at);
      toucher = setInterval(() => {
        if (status.connected) void archive.touch(key, now()).catch(() => {});
      }, TOUCH_MS);
      toucher.unref();
      await source.start();
    },
    async flush() {
      await flush();
      await streamWrites;
    },
    /** Stops ingesting; `handOver`: another instance (or this one, restarted) goes on, so a live stream stays open. */
    async stop(options: { handOver?: boolean } = {}) {
      stopped = true;
      if (toucher) clearInterval(toucher);
      await source.stop();
      await flush();
      // What was archived of a live stream ends here; a restart that finds it still live takes it up again.
      if (streaming && !options.handOver) streamWrite((at) => archive.streamOffline(key, at));
      await streamWrites;
    },
  };
}

export type Ingester = ReturnType<typeof createIngester>;

/** The channel an account archives. */
export const channelKey = (account: AccountRow): ChannelKey => ({
  userId: account.user_id,
  platform: account.platform,
  channelId: account.platform_user_id,
  channel: account.login.replace(/^@/, ''),
});

/** How often every instance looks for archived channels nobody ingests and renews its own leases. */
export const RECONCILE_MS = 5_000;

export function createIngestSupervisor(deps: {
  connections: Connections;
  archive: Archive;
  logger: Logger;
  source: SourceFactory | null;
  platforms: readonly AccountRow['platform'][];
  /** Exactly one instance ingests a channel (docs/product.md §Several instances); in one process every lease is granted. */
  locks?: Locks;
  /** This instance's id, written with each batch (a takeover by another instance is a gap). */
  owner?: string;
  reconcileMs?: number;
  /** Told when a channel's archive grew (throttled per channel): the owner's live streams hear of it. */
  signal?: (key: ChannelKey) => void;
}) {
  const { connections, archive, logger } = deps;
  const locks = deps.locks ?? memoryLocks();
  const running = new Map<string, Ingester>();
  const leases = new Map<string, Lease>();
  const keyOf = (account: Pick<AccountRow, 'user_id' | 'platform'>) => `${account.user_id}:${account.platform}`;
  /** Archived accounts not ingested while their grant is refused, with what the screen shows for them. */
  const held = new Map<string, IngesterStatus>();
  const refused = (account: AccountRow) =>
    account.status === 'reconnect' && TOKEN_READ_PLATFORMS.includes(account.platform);
  let unsubscribe: (() => void) | null = null;
  let reconciler: NodeJS.Timeout | null = null;
  let reconciling: Promise<void> | null = null;
  let closed = false;

  async function ensure(account: AccountRow) {
    const id = keyOf(account);
    // Reading with a refused grant only asks the platform again and again: held until the creator connects again.
    if (refused(account)) {
      if (running.has(id)) await stop(id);
      held.set(id, {
        connected: false,
        problem: reconnectProblem(account.platform),
        received: 0,
        written: 0,
        skipped: 0,
        gaps: 0,
      });
      return;
    }
    held.delete(id);
    const current = running.get(id);
    if (current && current.key.channelId === account.platform_user_id) return;
    if (current) await stop(id);
    if (!deps.source || closed) return;
    // Another instance may ingest this channel: only the lease holder does.
    const lease = await locks.acquire(`ingest:${account.platform}:${account.platform_user_id}`);
    if (!lease) return;
    if (closed || running.has(id)) {
      await lease.release();
      return;
    }
    const factory = deps.source;
    let source: ChatSource | null = null;
    const ingester = createIngester(
      { ...channelKey(account), ...(deps.owner ? { owner: deps.owner } : {}) },
      {
        archive,
        logger,
        ...(deps.signal ? { changed: () => deps.signal!(channelKey(account)) } : {}),
        source: (handlers) => {
          source = factory(account, handlers);
          return source ?? { start: async () => {}, stop: async () => {} };
        },
      },
    );
    if (!source) {
      await lease.release();
      return;
    }
    running.set(id, ingester);
    leases.set(id, lease);
    await ingester.start().catch(async (error: unknown) => {
      logger.error('starting a chat ingester failed; retrying in 5 s', {
        channel: account.login,
        error: (error as Error).message,
      });
      running.delete(id);
      leases.delete(id);
      await lease.release();
      setTimeout(() => {
        void connections
          .account(account.user_id, account.platform)
          .then(async (row) => {
            if (row && Number(row.archiving) === 1) await ensure(row);
          })
          .catch((retry: unknown) =>
            logger.error('restarting a chat ingester failed; the next reconcile tries again', {
              channel: account.login,
              error: (retry as Error).message,
            }),
          );
      }, 5000).unref();
    });
  }

  async function stop(id: string, options: { handOver?: boolean } = {}) {
    held.delete(id);
    const ingester = running.get(id);
    const lease = leases.get(id);
    running.delete(id);
    leases.delete(id);
    await ingester?.stop(options);
    await lease?.release();
  }

  /** Leases renewed (a lost one stops its ingester: another instance goes on); unclaimed archived channels taken. */
  async function reconcile() {
    for (const [id, lease] of [...leases]) {
      if (await lease.renew()) continue;
      logger.warn('lost the lease of an archived channel; another instance takes it over', {
        channel: running.get(id)?.key.channel,
      });
      await stop(id, { handOver: true });
    }
    const archiving = await connections.archiving();
    const wanted = new Set(archiving.map(keyOf));
    // Switched off or disconnected through another instance.
    for (const id of [...running.keys(), ...held.keys()]) if (!wanted.has(id)) await stop(id);
    for (const account of archiving) if (!running.has(keyOf(account)) || refused(account)) await ensure(account);
  }

  /** One reconciliation pass at a time: a failure is logged, and the next pass tries again. */
  function pass(): Promise<void> {
    reconciling ??= reconcile()
      .catch((error: unknown) =>
        logger.error('archive: reconciling the ingesters failed', { error: (error as Error).message }),
      )
      .finally(() => {
        reconciling = null;
      });
    return reconciling;
  }

  const onChange = (change: AccountChange) => {
    const id = `${change.userId}:${change.platform}`;
    const done = change.account && Number(change.account.archiving) === 1 ? ensure(change.account) : stop(id);
    // Told from inside a request or an ingester's own token refresh: a failure here is logged, never let loose.
    done.catch((error: unknown) =>
      logger.error('archive: starting or stopping an ingester failed', {
        channel: change.account?.login,
        error: (error as Error).message,
      }),
    );
  };

  return {
    async start() {
      unsubscribe = connections.onChange(onChange);
      for (const account of await connections.archiving()) await ensure(account);
      reconciler = setInterval(() => {
        if (reconciling || closed) return;
        void pass();
      }, deps.reconcileMs ?? RECONCILE_MS);
      reconciler.unref();
    },
    /** A reconciliation pass now, after the one under way if any (tests: what the next tick does, without waiting). */
    async reconcile() {
      await reconciling;
      if (!closed) await pass();
    },
    /** The channels this instance ingests now (tests, the cluster's checks). */
    owned: () => [...running.values()].map((ingester) => ingester.key),
    /** The platforms whose chat this server can ingest. */
    supports: (platform: AccountRow['platform']) => deps.platforms.includes(platform),
    status(userId: string, platform: AccountRow['platform']): IngesterStatus | null {
      const id = `${userId}:${platform}`;
      return running.get(id)?.status ?? held.get(id) ?? null;
    },
    /** Writes what every ingester holds (tests, shutdown). */
    async flushAll() {
      await Promise.all([...running.values()].map((ingester) => ingester.flush()));
    },
    async close() {
      closed = true;
      unsubscribe?.();
      if (reconciler) clearInterval(reconciler);
      await reconciling;
      // Shutting down is not the end of archiving: the next instance (or this one, restarted) goes on.
      await Promise.all([...running.keys()].map((id) => stop(id, { handOver: true })));
    },
  };
}

export type IngestSupervisor = ReturnType<typeof createIngestSupervisor>;
