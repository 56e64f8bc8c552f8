// What the OAuth stand-in (oauth.ts) knows, as a platform keeps it on its side: pending authorization codes, the
// access and refresh tokens of each grant, and which channels are live. In a small SQLite database — in memory for a
// stand-in of its own (the tests), or DATA_DIR/standins.sqlite when the server mounts it: every instance of a
// cluster on the machine (`npm run start:cluster`) then answers as one provider. The consent page may be served by
// one instance and the code exchanged, the token used, refreshed or revoked on any other (docs/product.md §Several instances).
// Tokens are kept as SHA-256 digests; a code and a rotated refresh token are taken by a DELETE, so each is good
// once even when two instances race for it.
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

/** A live broadcast: its id, title and start. */
export interface Broadcast {
  id: string;
  title: string;
  startedAt: number;
}

export interface StandInState {
  putCode(code: string, pending: PendingCode): void;
  /** The pending code, removed: a second exchange of it finds nothing. */
  takeCode(code: string): PendingCode | undefined;
  /** New tokens for the grant; `refresh` false for a Google refresh, which keeps the refresh token it has. */
  issue(grant: Grant, lifetimeSeconds: number, refresh: boolean): { accessToken: string; refreshToken: string | null };
  /** The grant of the platform's access token, while it has not expired. */
  access(platform: Platform, token: string): Grant | undefined;
  refresh(platform: Platform, token: string): Grant | undefined;
  /** The grant of the platform's refresh token, removed (Twitch rotates refresh tokens: each is good once). */
  takeRefresh(platform: Platform, token: string): Grant | undefined;
  /** The grant an access or refresh token belongs to, expired or not. */
  grantOf(token: string): Grant | undefined;
  /** Ends every grant of the channel: its access and refresh tokens stop working. */
  revoke(platform: Platform, channel: string): void;
  /** Channels with a grant. */
  channels(platform: Platform): string[];
  liveAccessTokens(): number;
  /** The channel's broadcast: null when offline; `initial` decides for a channel nobody set (the first answer wins). */
  broadcast(platform: Platform, channel: string, initial: () => Broadcast | null): Broadcast | null;
  setBroadcast(platform: Platform, channel: string, broadcast: Broadcast | null): void;
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
);`;

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const random = () => crypto.randomBytes(24).toString('base64url');

interface TokenRow {
  platform: Platform;
  channel: string;
  scopes: string;
}
const grantOf = (row: TokenRow | undefined): Grant | undefined =>
  row ? { platform: row.platform, channel: row.channel, scopes: row.scopes.split(' ').filter(Boolean) } : undefined;

/** The stand-in's state: shared through DATA_DIR/standins.sqlite when `dataDir` is given, else in memory. */
export function openStandInState(dataDir?: string): StandInState {
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
    handle = opened;
    return opened;
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
      })();
      return { accessToken, refreshToken };
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
    channels(platform) {
      return (
        db().prepare('select distinct channel from tokens where platform = ?').all(platform) as { channel: string }[]
      ).map((row) => row.channel);
    },
    liveAccessTokens() {
      return (
        db().prepare("select count(*) as n from tokens where kind = 'access' and expires_at > ?").get(Date.now()) as {
          n: number;
        }
      ).n;
    },
    broadcast(platform, channel, initial) {
      const read = () =>
        db()
          .prepare('select id, title, started_at from broadcasts where platform = ? and channel = ?')
          .get(platform, channel) as { id: string | null; title: string | null; started_at: number | null } | undefined;
      let row = read();
      if (!row) {
        const first = initial();
        db()
          .prepare('insert or ignore into broadcasts (platform, channel, id, title, started_at) values (?, ?, ?, ?, ?)')
          .run(platform, channel, first?.id ?? null, first?.title ?? null, first?.startedAt ?? null);
        row = read()!;
      }
      return row.id === null ? null : { id: row.id, title: row.title ?? '', startedAt: row.started_at ?? 0 };
    },
    setBroadcast(platform, channel, broadcast) {
      db()
        .prepare(
          'insert into broadcasts (platform, channel, id, title, started_at) values (?, ?, ?, ?, ?) on conflict (platform, channel) do update set id = excluded.id, title = excluded.title, started_at = excluded.started_at',
        )
        .run(platform, channel, broadcast?.id ?? null, broadcast?.title ?? null, broadcast?.startedAt ?? null);
    },
    close() {
      handle?.close();
      handle = null;
    },
  };
}
