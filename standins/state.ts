// What the OAuth stand-in (oauth.ts) knows, as a platform keeps it on its side: pending authorization codes, the
// access and refresh tokens of each grant (and the app's own tokens), and each channel: whether it is live, its
// title, branded-content flag and viewers, the broadcast scheduled on it (YouTube's upcoming broadcast: going live
// starts that one, its id the video's), and the recording each stream leaves; and the WebSub hub's verified
// subscriptions (websub.ts). In a small SQLite database — in memory for a
// stand-in of its own (the tests), or DATA_DIR/standins.sqlite when the server mounts it: every instance of a
// cluster on the machine (`npm run start:cluster`) then answers as one provider. The consent page may be served by
// one instance and the code exchanged, the token used, refreshed or revoked on any other (docs/product.md §Several instances).
// Tokens are kept as SHA-256 digests; a code and a rotated refresh token are taken by a DELETE, so each is good
// once even when two instances race for it. A DATA_DIR from before a table or column was added gets it when opened.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export type Platform = 'twitch' | 'youtube';

export interface Grant {
  platform: Platform;
  channel: string;
  scopes: string[];
}

export interface PendingCode extends Grant {
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
}

/** A live broadcast: its id (the stream id), title and start. */
export interface Broadcast {
  id: string;
  title: string;
  startedAt: number;
}

/**
 * A broadcast scheduled on a channel and not started yet (YouTube's upcoming broadcast, liveBroadcasts.list
 * broadcastStatus=upcoming): one per channel here. Its id is the video's from the start; going live starts it.
 */
export interface ScheduledBroadcast {
  id: string;
  platform: Platform;
  channel: string;
  title: string;
  /** When its owner said it starts (scheduledStartTime). */
  scheduledStartAt: number;
  /** When it was scheduled: the video's publishedAt. */
  createdAt: number;
}

/**
 * The recording a stream leaves (a Twitch VOD of type archive, the YouTube broadcast's own video): one per stream
 * the stand-in started, from its start, open (`endedAt` null) while the stream runs. On YouTube the recording's id is
 * the broadcast's; on Twitch the VOD has an id of its own and the stream's id as `streamId`.
 */
export interface Recording {
  id: string;
  streamId: string;
  platform: Platform;
  channel: string;
  title: string;
  startedAt: number;
  endedAt: number | null;
  /** When the broadcast was scheduled to start; null when it went live without being scheduled. */
  scheduledStartAt: number | null;
  /** When the broadcast (its video) was created: scheduled, or else started. */
  createdAt: number;
}

/**
 * What the platform says of a channel now: its broadcast (null offline), its scheduled one (null: none), title,
 * branded flag, viewers (null: unset).
 */
export interface ChannelState {
  live: Broadcast | null;
  upcoming: ScheduledBroadcast | null;
  title: string | null;
  branded: boolean;
  viewers: number | null;
}

/**
 * A change to a channel, as its owner makes it on the platform (the stand-in's control surface). `schedule` schedules
 * a broadcast (a new one, or the channel's scheduled one moved and retitled); `startsAt` in ms since the epoch.
 */
export interface ChannelChange {
  live?: boolean;
  title?: string;
  branded?: boolean;
  viewers?: number;
  schedule?: { title: string; startsAt: number };
}

/** A subscription the WebSub hub (websub.ts) verified: (callback, topic), its secret and lease. */
export interface HubSubscriptionRecord {
  callback: string;
  topic: string;
  secret: string | null;
  leaseSeconds: number;
  /** When the lease ends (ms since the epoch, the hub's clock). */
  expiresAt: number;
  verifiedAt: number;
}

export interface StandInState {
  putCode(code: string, pending: PendingCode): void;
  /** The pending code, removed: a second exchange of it finds nothing. */
  takeCode(code: string): PendingCode | undefined;
  /** New tokens for the grant; `refresh` false for a Google refresh, which keeps the refresh token it has. */
  issue(grant: Grant, lifetimeSeconds: number, refresh: boolean): { accessToken: string; refreshToken: string | null };
  /** An app access token (Twitch's client credentials grant): no channel, no refresh token. */
  issueApp(platform: Platform, lifetimeSeconds: number): string;
  /** The grant of the platform's access token, while it has not expired; an app token's grant has channel ''. */
  access(platform: Platform, token: string): Grant | undefined;
  refresh(platform: Platform, token: string): Grant | undefined;
  /** The grant of the platform's refresh token, removed (Twitch rotates refresh tokens: each is good once). */
  takeRefresh(platform: Platform, token: string): Grant | undefined;
  /** The grant an access or refresh token belongs to, expired or not. */
  grantOf(token: string): Grant | undefined;
  /** Ends every grant of the channel: its access and refresh tokens stop working. */
  revoke(platform: Platform, channel: string): void;
  /** Ends one token (an app token: the app's other tokens keep working). */
  revokeToken(token: string): void;
  /** Channels with a grant. */
  channels(platform: Platform): string[];
  /** The scopes the channel's user has granted now (its usable tokens'), null when it has no grant. */
  scopes(platform: Platform, channel: string): string[] | null;
  /** Channels the platform knows: granted once (revoked or not), or with a broadcast; by name. */
  knownChannels(platform: Platform): readonly string[];
  liveAccessTokens(): number;
  /** The channel's broadcast: null when offline; a channel nobody set starts as `initialTitle` says (first answer wins). */
  broadcast(platform: Platform, channel: string): Broadcast | null;
  /** The channel now (its broadcast as `broadcast` answers it). */
  channel(platform: Platform, channel: string): ChannelState;
  /**
   * Changes the channel at once, for every instance: going live starts the scheduled broadcast (its id) or else a new
   * stream (new id), and its recording; offline ends it (the recording stays, ended); a title set while live is the
   * stream's and its recording's too, set while a broadcast is scheduled the scheduled one's. Scheduling makes the
   * channel's scheduled broadcast (a new id), or moves and retitles the one it has.
   */
  change(platform: Platform, channel: string, change: ChannelChange): ChannelState;
  /** The channel's recordings, newest first. */
  recordings(platform: Platform, channel: string): Recording[];
  /** A recording by its id (YouTube: the broadcast id; Twitch: the VOD id). */
  recording(platform: Platform, id: string): Recording | undefined;
  /** A scheduled (not yet started) broadcast by its id. */
  scheduled(platform: Platform, id: string): ScheduledBroadcast | undefined;
  /** The hub's verified subscriptions (websub.ts), every one or a topic's; expired ones included. */
  hubSubscriptions(topic?: string): HubSubscriptionRecord[];
  hubSubscription(callback: string, topic: string): HubSubscriptionRecord | undefined;
  /** Adds or replaces the subscription of (callback, topic). */
  putHubSubscription(record: HubSubscriptionRecord): void;
  removeHubSubscription(callback: string, topic: string): void;
  close(): void;
}

const SCHEMA = `
create table if not exists codes (code text primary key, grant_json text not null, expires_at integer not null);
create table if not exists tokens (
  digest text primary key,
  kind text not null check (kind in ('access', 'refresh')),
  platform text not null,
  channel text not null,
  scopes text not null,
  expires_at integer
);
create index if not exists tokens_channel on tokens (platform, channel);
create table if not exists broadcasts (
  platform text not null,
  channel text not null,
  id text,
  title text,
  started_at integer,
  primary key (platform, channel)
);
create table if not exists channels (
  platform text not null,
  channel text not null,
  title text,
  branded integer not null default 0,
  viewers integer,
  primary key (platform, channel)
);
create table if not exists recordings (
  platform text not null,
  id text not null,
  channel text not null,
  stream_id text not null,
  title text not null,
  started_at integer not null,
  ended_at integer,
  scheduled_start integer,
  created_at integer,
  primary key (platform, id)
);
create index if not exists recordings_channel on recordings (platform, channel, started_at);
create index if not exists recordings_stream on recordings (platform, stream_id);
create index if not exists broadcasts_id on broadcasts (platform, id);
create table if not exists scheduled_broadcasts (
  platform text not null,
  channel text not null,
  id text not null,
  title text not null,
  scheduled_start integer not null,
  created_at integer not null,
  primary key (platform, channel)
);
create unique index if not exists scheduled_broadcasts_id on scheduled_broadcasts (platform, id);
create table if not exists hub_subscriptions (
  callback text not null,
  topic text not null,
  secret text,
  lease_seconds integer not null,
  expires_at integer not null,
  verified_at integer not null,
  primary key (callback, topic)
);
create index if not exists hub_subscriptions_topic on hub_subscriptions (topic);`;

/** Columns added to a table after it was first made: a DATA_DIR from before gets them when opened. */
const ADDED_COLUMNS: { table: string; column: string; type: string }[] = [
  { table: 'recordings', column: 'scheduled_start', type: 'integer' },
  { table: 'recordings', column: 'created_at', type: 'integer' },
];

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const random = () => crypto.randomBytes(24).toString('base64url');

/** The title a stream gets when neither it nor its channel was given one. */
export const defaultTitle = (channel: string) => `${channel} live on Castbridge`;

// Ids shaped as the platforms' are, random: instances of a cluster start streams too, and two must not share an id.
/** Twitch stream ids are long decimal numbers; YouTube video (broadcast) ids 11 characters of base64url. */
const streamIdFor = (platform: Platform) =>
  platform === 'twitch'
    ? String(40_000_000_000 + crypto.randomInt(10_000_000_000))
    : crypto.randomBytes(8).toString('base64url').slice(0, 11);
/** A Twitch VOD has an id of its own; a YouTube broadcast's recording is the broadcast's video. */
const recordingIdFor = (platform: Platform, streamId: string) =>
  platform === 'twitch' ? String(2_000_000_000 + crypto.randomInt(1_000_000_000)) : streamId;

interface TokenRow {
  platform: Platform;
  channel: string;
  scopes: string;
}
const grantOf = (row: TokenRow | undefined): Grant | undefined =>
  row ? { platform: row.platform, channel: row.channel, scopes: row.scopes.split(' ').filter(Boolean) } : undefined;

interface BroadcastRow {
  id: string | null;
  title: string | null;
  started_at: number | null;
}
interface ChannelRow {
  title: string | null;
  branded: number;
  viewers: number | null;
}
interface RecordingRow {
  platform: Platform;
  id: string;
  channel: string;
  stream_id: string;
  title: string;
  started_at: number;
  ended_at: number | null;
  scheduled_start: number | null;
  created_at: number | null;
}
const recordingOf = (row: RecordingRow): Recording => ({
  id: row.id,
  streamId: row.stream_id,
  platform: row.platform,
  channel: row.channel,
  title: row.title,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  scheduledStartAt: row.scheduled_start,
  createdAt: row.created_at ?? row.started_at,
});
interface ScheduledRow {
  platform: Platform;
  channel: string;
  id: string;
  title: string;
  scheduled_start: number;
  created_at: number;
}
const scheduledOf = (row: ScheduledRow): ScheduledBroadcast => ({
  id: row.id,
  platform: row.platform,
  channel: row.channel,
  title: row.title,
  scheduledStartAt: row.scheduled_start,
  createdAt: row.created_at,
});
interface HubSubscriptionRow {
  callback: string;
  topic: string;
  secret: string | null;
  lease_seconds: number;
  expires_at: number;
  verified_at: number;
}
const hubSubscriptionOf = (row: HubSubscriptionRow): HubSubscriptionRecord => ({
  callback: row.callback,
  topic: row.topic,
  secret: row.secret,
  leaseSeconds: row.lease_seconds,
  expiresAt: row.expires_at,
  verifiedAt: row.verified_at,
});

/**
 * The stand-in's state: shared through DATA_DIR/standins.sqlite when `dataDir` is given, else in memory.
 * `initialTitle` decides how a channel nobody has set yet starts: live with that title, or offline (null).
 */
export function openStandInState(
  dataDir?: string,
  options: { initialTitle?: (platform: Platform, channel: string) => string | null } = {},
): StandInState {
  let handle: SQLite.Database | null = null;
  // Opened on first use: a server that never sees a stand-in call leaves no file.
  const db = () => {
    if (handle) return handle;
    let opened: SQLite.Database;
    if (dataDir) {
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const file = path.join(dataDir, 'standins.sqlite');
      opened = new SQLite(file);
      fs.chmodSync(file, 0o600);
      opened.pragma('busy_timeout = 5000');
      opened.pragma('journal_mode = WAL');
    } else {
      opened = new SQLite(':memory:');
    }
    opened.exec(SCHEMA);
    // Columns a table made before them lacks; in one write transaction, so two instances opening the same older file
    // at once add each once.
    opened
      .transaction(() => {
        for (const { table, column, type } of ADDED_COLUMNS) {
          const columns = opened.prepare(`pragma table_info(${table})`).all() as { name: string }[];
          if (!columns.some((existing) => existing.name === column))
            opened.exec(`alter table ${table} add column ${column} ${type}`);
        }
      })
      .immediate();
    // A broadcast started before recordings were kept (an older DATA_DIR) gets its recording now.
    opened
      .transaction(() => {
        const orphans = opened
          .prepare(
            'select platform, channel, id, title, started_at from broadcasts b where id is not null and not exists (select 1 from recordings r where r.platform = b.platform and r.stream_id = b.id)',
          )
          .all() as (BroadcastRow & { platform: Platform; channel: string; id: string })[];
        for (const row of orphans)
          opened
            .prepare(
              'insert into recordings (platform, id, channel, stream_id, title, started_at) values (?, ?, ?, ?, ?, ?)',
            )
            .run(
              row.platform,
              recordingIdFor(row.platform, row.id),
              row.channel,
              row.id,
              row.title ?? defaultTitle(row.channel),
              row.started_at ?? Date.now(),
            );
      })
      .immediate();
    // Each statement is compiled once and kept (compiling it again on every call was most of a Helix call's time with
    // 10,000 channels: bench/verification-twitch.ts). None is iterated, so one statement of a text serves every call.
    const compiled = new Map<string, SQLite.Statement>();
    const compile = opened.prepare.bind(opened);
    opened.prepare = ((source: string) => {
      let statement = compiled.get(source);
      if (!statement) {
        statement = compile(source);
        compiled.set(source, statement);
      }
      return statement;
    }) as typeof opened.prepare;
    handle = opened;
    return opened;
  };

  /** knownChannels' last answer per platform, and the database's version it was read at. */
  const known = new Map<Platform, { version: string; channels: readonly string[] }>();
  const readBroadcast = (platform: Platform, channel: string) =>
    db()
      .prepare('select id, title, started_at from broadcasts where platform = ? and channel = ?')
      .get(platform, channel) as BroadcastRow | undefined;
  const broadcastOf = (row: BroadcastRow): Broadcast | null =>
    row.id === null ? null : { id: row.id, title: row.title ?? '', startedAt: row.started_at ?? 0 };
  const ensureChannel = (platform: Platform, channel: string) =>
    db()
      .prepare('insert into channels (platform, channel) values (?, ?) on conflict do nothing')
      .run(platform, channel);
  const readScheduled = (platform: Platform, channel: string) => {
    const row = db()
      .prepare('select * from scheduled_broadcasts where platform = ? and channel = ?')
      .get(platform, channel) as ScheduledRow | undefined;
    return row ? scheduledOf(row) : null;
  };
  /** A stream id no stream, recording or scheduled broadcast of the platform has: the platform's are unique. */
  const freshStreamId = (platform: Platform) => {
    const taken = (id: string) =>
      db()
        .prepare(
          'select 1 from recordings where platform = ? and stream_id = ? union all select 1 from broadcasts where platform = ? and id = ? union all select 1 from scheduled_broadcasts where platform = ? and id = ?',
        )
        .get(platform, id, platform, id, platform, id) !== undefined;
    let id = streamIdFor(platform);
    while (taken(id)) id = streamIdFor(platform);
    return id;
  };
  /**
   * A stream, and its recording, from now (inside a transaction): the scheduled broadcast when one is given (its id,
   * its schedule; it is scheduled no more), else a new one.
   */
  const start = (platform: Platform, channel: string, title: string, scheduled: ScheduledBroadcast | null = null) => {
    const id = scheduled?.id ?? freshStreamId(platform);
    let recordingId = recordingIdFor(platform, id);
    // A platform never gives two VODs one id: drawn again while taken (10,000 streams a day make a clash likely).
    while (
      platform === 'twitch' &&
      db().prepare('select 1 from recordings where platform = ? and id = ?').get(platform, recordingId)
    )
      recordingId = recordingIdFor(platform, id);
    const now = Date.now();
    db()
      .prepare(
        'insert into broadcasts (platform, channel, id, title, started_at) values (?, ?, ?, ?, ?) on conflict (platform, channel) do update set id = excluded.id, title = excluded.title, started_at = excluded.started_at',
      )
      .run(platform, channel, id, title, now);
    db()
      .prepare(
        'insert into recordings (platform, id, channel, stream_id, title, started_at, scheduled_start, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        platform,
        recordingId,
        channel,
        id,
        title,
        now,
        scheduled?.scheduledStartAt ?? null,
        scheduled?.createdAt ?? now,
      );
    if (scheduled)
      db().prepare('delete from scheduled_broadcasts where platform = ? and id = ?').run(platform, scheduled.id);
    ensureChannel(platform, channel);
    db().prepare('update channels set title = ? where platform = ? and channel = ?').run(title, platform, channel);
  };
  /** The channel's broadcast row, made as `initialTitle` says for a channel nobody set (the first instance wins). */
  const broadcastRow = (platform: Platform, channel: string): BroadcastRow => {
    const row = readBroadcast(platform, channel);
    if (row) return row;
    // Offline unless the stand-in starts channels live: nothing to keep (a channel only looked up stays unknown).
    const offline = { id: null, title: null, started_at: null };
    if (!options.initialTitle) return offline;
    return db()
      .transaction(() => {
        const again = readBroadcast(platform, channel);
        if (again) return again;
        const title = options.initialTitle?.(platform, channel) ?? null;
        if (title === null) return offline;
        start(platform, channel, title);
        return readBroadcast(platform, channel)!;
      })
      .immediate();
  };
  const channelState = (platform: Platform, channel: string): ChannelState => {
    const live = broadcastOf(broadcastRow(platform, channel));
    const row = db()
      .prepare('select title, branded, viewers from channels where platform = ? and channel = ?')
      .get(platform, channel) as ChannelRow | undefined;
    return {
      live,
      upcoming: readScheduled(platform, channel),
      title: live?.title ?? row?.title ?? null,
      branded: row?.branded === 1,
      viewers: row?.viewers ?? null,
    };
  };

  return {
    putCode(code, pending) {
      const now = Date.now();
      db().prepare('delete from codes where expires_at < ?').run(now);
      db()
        .prepare('insert into codes (code, grant_json, expires_at) values (?, ?, ?)')
        .run(digest(code), JSON.stringify(pending), pending.expiresAt);
    },
    takeCode(code) {
      const row = db().prepare('delete from codes where code = ? returning grant_json').get(digest(code)) as
        { grant_json: string } | undefined;
      return row ? (JSON.parse(row.grant_json) as PendingCode) : undefined;
    },
    issue(grant, lifetimeSeconds, refresh) {
      const now = Date.now();
      const insert = db().prepare(
        'insert into tokens (digest, kind, platform, channel, scopes, expires_at) values (?, ?, ?, ?, ?, ?)',
      );
      const accessToken = random();
      const refreshToken = refresh ? random() : null;
      db().transaction(() => {
        // Expired access tokens answer nothing any more; the table keeps what can still be used.
        db().prepare("delete from tokens where kind = 'access' and expires_at < ?").run(now);
        insert.run(
          digest(accessToken),
          'access',
          grant.platform,
          grant.channel,
          grant.scopes.join(' '),
          now + lifetimeSeconds * 1000,
        );
        if (refreshToken)
          insert.run(digest(refreshToken), 'refresh', grant.platform, grant.channel, grant.scopes.join(' '), null);
        // The platform knows the channel from now on, revoked later or not.
        if (grant.channel) ensureChannel(grant.platform, grant.channel);
      })();
      return { accessToken, refreshToken };
    },
    issueApp(platform, lifetimeSeconds) {
      const accessToken = random();
      db()
        .prepare(
          "insert into tokens (digest, kind, platform, channel, scopes, expires_at) values (?, 'access', ?, '', '', ?)",
        )
        .run(digest(accessToken), platform, Date.now() + lifetimeSeconds * 1000);
      return accessToken;
    },
    access(platform, token) {
      return grantOf(
        db()
          .prepare(
            "select platform, channel, scopes from tokens where digest = ? and kind = 'access' and platform = ? and expires_at > ?",
          )
          .get(digest(token), platform, Date.now()) as TokenRow | undefined,
      );
    },
    refresh(platform, token) {
      return grantOf(
        db()
          .prepare(
            "select platform, channel, scopes from tokens where digest = ? and kind = 'refresh' and platform = ?",
          )
          .get(digest(token), platform) as TokenRow | undefined,
      );
    },
    takeRefresh(platform, token) {
      return grantOf(
        db()
          .prepare(
            "delete from tokens where digest = ? and kind = 'refresh' and platform = ? returning platform, channel, scopes",
          )
          .get(digest(token), platform) as TokenRow | undefined,
      );
    },
    grantOf(token) {
      return grantOf(
        db().prepare('select platform, channel, scopes from tokens where digest = ?').get(digest(token)) as
          TokenRow | undefined,
      );
    },
    revoke(platform, channel) {
      db().prepare('delete from tokens where platform = ? and channel = ?').run(platform, channel);
    },
    revokeToken(token) {
      db().prepare('delete from tokens where digest = ?').run(digest(token));
    },
    scopes(platform, channel) {
      const rows = db()
        .prepare(
          "select scopes from tokens where platform = ? and channel = ? and (kind = 'refresh' or expires_at > ?)",
        )
        .all(platform, channel, Date.now()) as { scopes: string }[];
      return rows.length ? [...new Set(rows.flatMap((row) => row.scopes.split(' ').filter(Boolean)))] : null;
    },
    channels(platform) {
      return (
        db().prepare("select distinct channel from tokens where platform = ? and channel != ''").all(platform) as {
          channel: string;
        }[]
      ).map((row) => row.channel);
    },
    knownChannels(platform) {
      // The same list (the same array: unchanged while it is) while nothing was written, by this connection
      // (total_changes) or another instance on the DATA_DIR (data_version): a Helix call asks for it, and 10,000
      // channels take milliseconds to list.
      const version = `${(db().prepare('pragma data_version').get() as { data_version: number }).data_version}:${
        (db().prepare('select total_changes() as n').get() as { n: number }).n
      }`;
      const cached = known.get(platform);
      if (cached?.version === version) return cached.channels;
      const channels = (
        db()
          .prepare(
            "select channel from channels where platform = ? union select channel from tokens where platform = ? and channel != '' union select channel from broadcasts where platform = ? order by channel",
          )
          .all(platform, platform, platform) as { channel: string }[]
      ).map((row) => row.channel);
      known.set(platform, { version, channels });
      return channels;
    },
    liveAccessTokens() {
      return (
        db().prepare("select count(*) as n from tokens where kind = 'access' and expires_at > ?").get(Date.now()) as {
          n: number;
        }
      ).n;
    },
    broadcast: (platform, channel) => broadcastOf(broadcastRow(platform, channel)),
    channel: channelState,
    change(platform, channel, change) {
      broadcastRow(platform, channel);
      db()
        .transaction(() => {
          ensureChannel(platform, channel);
          const row = readBroadcast(platform, channel);
          const live = row ? broadcastOf(row) : null;
          const set = (column: 'title' | 'branded' | 'viewers', value: string | number) =>
            db()
              .prepare(`update channels set ${column} = ? where platform = ? and channel = ?`)
              .run(value, platform, channel);
          const upcoming = readScheduled(platform, channel);
          if (change.title !== undefined) {
            set('title', change.title);
            // The stream's title, and its recording's, follow the channel's while it runs; the scheduled broadcast's
            // while one is scheduled.
            if (live) {
              db()
                .prepare('update broadcasts set title = ? where platform = ? and channel = ?')
                .run(change.title, platform, channel);
              db()
                .prepare('update recordings set title = ? where platform = ? and stream_id = ?')
                .run(change.title, platform, live.id);
            } else if (upcoming) {
              db()
                .prepare('update scheduled_broadcasts set title = ? where platform = ? and id = ?')
                .run(change.title, platform, upcoming.id);
            }
          }
          if (change.schedule) {
            if (upcoming)
              db()
                .prepare('update scheduled_broadcasts set title = ?, scheduled_start = ? where platform = ? and id = ?')
                .run(change.schedule.title, change.schedule.startsAt, platform, upcoming.id);
            else
              db()
                .prepare(
                  'insert into scheduled_broadcasts (platform, channel, id, title, scheduled_start, created_at) values (?, ?, ?, ?, ?, ?)',
                )
                .run(
                  platform,
                  channel,
                  freshStreamId(platform),
                  change.schedule.title,
                  change.schedule.startsAt,
                  Date.now(),
                );
          }
          if (change.branded !== undefined) set('branded', change.branded ? 1 : 0);
          if (change.viewers !== undefined) set('viewers', change.viewers);
          if (change.live === true && !live) {
            const row = db()
              .prepare('select title from channels where platform = ? and channel = ?')
              .get(platform, channel) as { title: string | null };
            const scheduled = readScheduled(platform, channel);
            start(platform, channel, change.title ?? scheduled?.title ?? row.title ?? defaultTitle(channel), scheduled);
          } else if (change.live === false && live) {
            db()
              .prepare('update recordings set ended_at = ? where platform = ? and stream_id = ? and ended_at is null')
              .run(Date.now(), platform, live.id);
            db()
              .prepare(
                'update broadcasts set id = null, title = null, started_at = null where platform = ? and channel = ?',
              )
              .run(platform, channel);
          }
        })
        .immediate();
      return channelState(platform, channel);
    },
    recordings(platform, channel) {
      return (
        db()
          .prepare('select * from recordings where platform = ? and channel = ? order by started_at desc, rowid desc')
          .all(platform, channel) as RecordingRow[]
      ).map(recordingOf);
    },
    recording(platform, id) {
      const row = db().prepare('select * from recordings where platform = ? and id = ?').get(platform, id) as
        RecordingRow | undefined;
      return row ? recordingOf(row) : undefined;
    },
    scheduled(platform, id) {
      const row = db().prepare('select * from scheduled_broadcasts where platform = ? and id = ?').get(platform, id) as
        ScheduledRow | undefined;
      return row ? scheduledOf(row) : undefined;
    },
    hubSubscriptions(topic) {
      const rows = (
        topic === undefined
          ? db().prepare('select * from hub_subscriptions order by verified_at, rowid').all()
          : db().prepare('select * from hub_subscriptions where topic = ? order by verified_at, rowid').all(topic)
      ) as HubSubscriptionRow[];
      return rows.map(hubSubscriptionOf);
    },
    hubSubscription(callback, topic) {
      const row = db()
        .prepare('select * from hub_subscriptions where callback = ? and topic = ?')
        .get(callback, topic) as HubSubscriptionRow | undefined;
      return row ? hubSubscriptionOf(row) : undefined;
    },
    putHubSubscription(record) {
      db()
        .prepare(
          'insert into hub_subscriptions (callback, topic, secret, lease_seconds, expires_at, verified_at) values (?, ?, ?, ?, ?, ?) on conflict (callback, topic) do update set secret = excluded.secret, lease_seconds = excluded.lease_seconds, expires_at = excluded.expires_at, verified_at = excluded.verified_at',
        )
        .run(record.callback, record.topic, record.secret, record.leaseSeconds, record.expiresAt, record.verifiedAt);
    },
    removeHubSubscription(callback, topic) {
      db().prepare('delete from hub_subscriptions where callback = ? and topic = ?').run(callback, topic);
    },
    close() {
      handle?.close();
      handle = null;
      known.clear();
    },
  };
}
