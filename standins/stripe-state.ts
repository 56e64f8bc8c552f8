// What the Stripe stand-in (stripe.ts) keeps, as Stripe keeps it on its side: its API objects (Checkout Sessions,
// PaymentIntents, Charges, Refunds, Disputes, Connect accounts, transfers, payouts) as the JSON the API answers, each
// with a private part Stripe would not show (a session's line items, the test card or bank account a payment used),
// the Idempotency-Key answers, the events with their webhook deliveries, and the work Stripe does later on its own (a
// bank debit settling, a session expiring). In a small SQLite database like the OAuth stand-in's (state.ts): in memory
// for a stand-in of its own (the tests), or DATA_DIR/stripe-standin.sqlite when the server mounts it, so the
// instances of `npm run start:cluster` answer as one Stripe — a session created through one instance is paid on the
// page another serves, and its events are delivered once, by whichever instance claims them first.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** An API object as Stripe answers it: `id` and `object` ('checkout.session', 'payment_intent', …) and its fields. */
export type StripeObject = { id: string; object: string } & Record<string, unknown>;

export interface StoredEvent {
  seq: number;
  id: string;
  type: string;
  created: number;
  /** The event as delivered, byte for byte (a resend sends the same body under a new signature). */
  body: string;
  deliverAt: number;
  attempts: number;
  deliveredAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  gaveUp: boolean;
}

export interface Delivery {
  eventId: string;
  at: number;
  /** 'webhook' (the automatic delivery and its retries), 'resend' or 'duplicate' (control calls). */
  kind: string;
  status: number | null;
  error: string | null;
}

export interface Scheduled {
  id: number;
  at: number;
  /** 'settle_payment' | 'settle_refund' | 'expire_session'. */
  kind: string;
  target: string;
}

const SCHEMA = `
create table if not exists objects (
  seq integer primary key autoincrement,
  id text not null unique,
  type text not null,
  account text,
  data text not null,
  private text not null default '{}'
);
create index if not exists objects_type on objects (type, seq);
create table if not exists idempotency (
  key text primary key,
  fingerprint text not null,
  status integer not null,
  body text not null,
  created integer not null
);
create table if not exists events (
  seq integer primary key autoincrement,
  id text not null unique,
  type text not null,
  created integer not null,
  body text not null,
  deliver_at integer not null,
  attempts integer not null default 0,
  delivered_at integer,
  last_status integer,
  last_error text,
  gave_up integer not null default 0,
  claimed_until integer
);
create index if not exists events_due on events (delivered_at, gave_up, deliver_at);
create table if not exists deliveries (
  event_id text not null,
  at integer not null,
  kind text not null,
  status integer,
  error text
);
create index if not exists deliveries_event on deliveries (event_id);
create table if not exists scheduled (
  id integer primary key autoincrement,
  at integer not null,
  kind text not null,
  target text not null
);
create table if not exists settings (key text primary key, value text not null);`;

interface EventRow {
  seq: number;
  id: string;
  type: string;
  created: number;
  body: string;
  deliver_at: number;
  attempts: number;
  delivered_at: number | null;
  last_status: number | null;
  last_error: string | null;
  gave_up: number;
}
const eventOf = (row: EventRow): StoredEvent => ({
  seq: row.seq,
  id: row.id,
  type: row.type,
  created: row.created,
  body: row.body,
  deliverAt: row.deliver_at,
  attempts: row.attempts,
  deliveredAt: row.delivered_at,
  lastStatus: row.last_status,
  lastError: row.last_error,
  gaveUp: row.gave_up === 1,
});

export interface StripeState {
  /** Runs `work` in one write transaction (BEGIN IMMEDIATE: one instance at a time). */
  tx<T>(work: () => T): T;
  get<T extends StripeObject>(id: string): T | undefined;
  /** The object's private part (what a payment was made with, a session's line items). */
  private<T = Record<string, unknown>>(id: string): T;
  /** Inserts or replaces the object (and its private part, when given). */
  put(object: StripeObject, options?: { account?: string | null; private?: Record<string, unknown> }): void;
  accountOf(id: string): string | null;
  /** Objects of a type, newest first. */
  list<T extends StripeObject>(type: string, account?: string | null): T[];
  idempotent(key: string): { fingerprint: string; status: number; body: string } | undefined;
  remember(key: string, fingerprint: string, status: number, body: string): void;
  addEvent(event: StripeObject & { type: string; created: number }, deliverAt: number): void;
  event(id: string): StoredEvent | undefined;
  /** Events, newest first. */
  events(filter?: { type?: string; limit?: number }): StoredEvent[];
  /** The oldest undelivered event due by `now` that no other instance holds, claimed for `holdMs`. */
  claimDue(now: number, holdMs: number): StoredEvent | undefined;
  delivered(id: string, at: number, status: number): void;
  failed(id: string, at: number, status: number | null, error: string, retryAt: number | null): void;
  /** Moves an undelivered event's delivery. */
  reschedule(id: string, at: number): boolean;
  logDelivery(delivery: Delivery): void;
  deliveries(eventId: string): Delivery[];
  schedule(at: number, kind: string, target: string): void;
  /** Removes and returns the scheduled work for `target` of `kind` (any time). */
  unschedule(kind: string, target: string): Scheduled | undefined;
  /** Removes and returns one piece of work due by `now` (so only one instance does it). */
  takeDue(now: number): Scheduled | undefined;
  scheduled(target: string): Scheduled[];
  setting(key: string): string | undefined;
  setSetting(key: string, value: string | null): void;
  /** Whether the database has been opened (the pump has nothing to look at before the first call). */
  opened(): boolean;
  close(): void;
}

export function openStripeState(dataDir?: string): StripeState {
  let handle: SQLite.Database | null = null;
  // Opened on first use: a server whose stand-in sees no call leaves no file.
  const db = () => {
    if (handle) return handle;
    let opened: SQLite.Database;
    if (dataDir) {
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const file = path.join(dataDir, 'stripe-standin.sqlite');
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
  const one = <T>(sql: string, ...args: unknown[]) =>
    db()
      .prepare(sql)
      .get(...args) as T | undefined;
  const all = <T>(sql: string, ...args: unknown[]) =>
    db()
      .prepare(sql)
      .all(...args) as T[];
  const run = (sql: string, ...args: unknown[]) =>
    db()
      .prepare(sql)
      .run(...args);

  return {
    tx: (work) => {
      const database = db();
      if (database.inTransaction) return work();
      return database.transaction(work).immediate();
    },
    get: <T extends StripeObject>(id: string) => {
      const row = one<{ data: string }>('select data from objects where id = ?', id);
      return row ? (JSON.parse(row.data) as T) : undefined;
    },
    private: <T>(id: string) => {
      const row = one<{ private: string }>('select private from objects where id = ?', id);
      return (row ? JSON.parse(row.private) : {}) as T;
    },
    put(object, options = {}) {
      const existing = one<{ account: string | null; private: string }>(
        'select account, private from objects where id = ?',
        object.id,
      );
      const data = JSON.stringify(object);
      if (existing) {
        run(
          'update objects set data = ?, private = ? where id = ?',
          data,
          options.private ? JSON.stringify(options.private) : existing.private,
          object.id,
        );
      } else {
        run(
          'insert into objects (id, type, account, data, private) values (?, ?, ?, ?, ?)',
          object.id,
          object.object,
          options.account ?? null,
          data,
          JSON.stringify(options.private ?? {}),
        );
      }
    },
    accountOf: (id) => one<{ account: string | null }>('select account from objects where id = ?', id)?.account ?? null,
    list: <T extends StripeObject>(type: string, account?: string | null) =>
      (account === undefined
        ? all<{ data: string }>('select data from objects where type = ? order by seq desc', type)
        : all<{ data: string }>(
            'select data from objects where type = ? and account is ? order by seq desc',
            type,
            account,
          )
      ).map((row) => JSON.parse(row.data) as T),
    idempotent: (key) => one('select fingerprint, status, body from idempotency where key = ?', key),
    remember(key, fingerprint, status, body) {
      // Stripe forgets a key after 24 hours.
      run('delete from idempotency where created < ?', Date.now() - 24 * 3600 * 1000);
      run(
        'insert into idempotency (key, fingerprint, status, body, created) values (?, ?, ?, ?, ?) on conflict do nothing',
        key,
        fingerprint,
        status,
        body,
        Date.now(),
      );
    },
    addEvent(event, deliverAt) {
      run(
        'insert into events (id, type, created, body, deliver_at) values (?, ?, ?, ?, ?)',
        event.id,
        event.type,
        event.created,
        JSON.stringify(event),
        deliverAt,
      );
    },
    event(id) {
      const row = one<EventRow>('select * from events where id = ?', id);
      return row ? eventOf(row) : undefined;
    },
    events(filter = {}) {
      const limit = filter.limit ?? 100;
      return (
        filter.type
          ? all<EventRow>('select * from events where type = ? order by seq desc limit ?', filter.type, limit)
          : all<EventRow>('select * from events order by seq desc limit ?', limit)
      ).map(eventOf);
    },
    claimDue(now, holdMs) {
      const database = db();
      return database
        .transaction(() => {
          const row = one<EventRow>(
            'select * from events where delivered_at is null and gave_up = 0 and deliver_at <= ? and (claimed_until is null or claimed_until < ?) order by deliver_at, seq limit 1',
            now,
            now,
          );
          if (!row) return undefined;
          run('update events set claimed_until = ? where id = ?', now + holdMs, row.id);
          return eventOf(row);
        })
        .immediate();
    },
    delivered(id, at, status) {
      run(
        'update events set delivered_at = ?, last_status = ?, last_error = null, attempts = attempts + 1, claimed_until = null where id = ?',
        at,
        status,
        id,
      );
    },
    failed(id, _at, status, error, retryAt) {
      run(
        'update events set attempts = attempts + 1, last_status = ?, last_error = ?, deliver_at = coalesce(?, deliver_at), gave_up = ?, claimed_until = null where id = ?',
        status,
        error,
        retryAt,
        retryAt === null ? 1 : 0,
        id,
      );
    },
    reschedule: (id, at) =>
      run('update events set deliver_at = ? where id = ? and delivered_at is null and gave_up = 0', at, id).changes > 0,
    logDelivery(delivery) {
      run(
        'insert into deliveries (event_id, at, kind, status, error) values (?, ?, ?, ?, ?)',
        delivery.eventId,
        delivery.at,
        delivery.kind,
        delivery.status,
        delivery.error,
      );
    },
    deliveries: (eventId) =>
      all<Delivery>(
        'select event_id as eventId, at, kind, status, error from deliveries where event_id = ? order by rowid',
        eventId,
      ),
    schedule(at, kind, target) {
      run('insert into scheduled (at, kind, target) values (?, ?, ?)', at, kind, target);
    },
    unschedule(kind, target) {
      const row = one<Scheduled>(
        'select id, at, kind, target from scheduled where kind = ? and target = ? order by id limit 1',
        kind,
        target,
      );
      if (row) run('delete from scheduled where id = ?', row.id);
      return row;
    },
    takeDue(now) {
      const row = one<Scheduled>(
        'select id, at, kind, target from scheduled where at <= ? order by at, id limit 1',
        now,
      );
      if (row) run('delete from scheduled where id = ?', row.id);
      return row;
    },
    scheduled: (target) =>
      all<Scheduled>('select id, at, kind, target from scheduled where target = ? order by at', target),
    setting: (key) => one<{ value: string }>('select value from settings where key = ?', key)?.value,
    setSetting(key, value) {
      if (value === null) run('delete from settings where key = ?', key);
      else
        run(
          'insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value',
          key,
          value,
        );
    },
    opened: () => handle !== null,
    close() {
      handle?.close();
      handle = null;
    },
  };
}
