// Money figures for `npm run bench -- money` (docs/product.md §Money): completion transfers per second, in one process.
// N accepted offers on one funded campaign are completed with exactly the work POST /api/offers/:id/confirm-delivery
// does in its transaction (completeOffer: the offer row, the earning transfer campaign_reserve → creator_available,
// the offer-list revisions; then the notifications, announced after the commit): 40 % one after another, each its own
// transaction (the latency of one); 40 % CONCURRENCY at a time through the write batcher as the server runs them
// (the throughput figure); and for comparison the last 20 % a fixed BATCH per transaction. On SQLite (the target),
// and on PostgreSQL when one is reachable (a temporary schema, dropped afterwards).
// Every run ends with checkLedger: a fast figure on a broken ledger would be worth nothing.
// Run with `tsx server/bench-money.ts`, or `npx tsx scripts/bench.ts money`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import pg from 'pg';
import { createApp, type CastbridgeApp } from '../server/app.ts';
import { campaignRow } from './marketplace.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/types.ts';
import { silentLogger } from '../server/log.ts';
import { completeOffer } from '../server/marketplace/completion.ts';
import { reserveForLaunch } from '../server/money/funding.ts';
import { advertiserBalance, checkLedger, EXTERNAL, postTransfer } from '../server/money/ledger.ts';

/** What campaignRow pays per creator. */
const PAY_CENTS = 10_000;
/** Completions in flight at once in the concurrent part (the PostgreSQL pool holds 10 connections). */
const CONCURRENCY = 8;
/** Completions per transaction in the batched comparison. */
const BATCH = 25;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface CompletionFigures {
  offers: number;
  /** Completions (one earning transfer each) per second, one after another. */
  sequentialPerSec: number;
  /** CONCURRENCY at a time, as the server runs them (the write batcher): the figure `npm run bench -- money` records. */
  concurrentPerSec: number;
  /** Over the completions of both ways. */
  perSec: number;
  /** BATCH completions per transaction: the work without a COMMIT each (not a request's way; for comparison). */
  batchedPerSec: number;
  /** Microseconds per completion (one after another) in BEGIN, the statements, and COMMIT. */
  split: { begin: number; body: number; commit: number };
  /** SQL statements one completion's transaction sends, by kind (BEGIN, COMMIT and the announcement's read after it not counted). */
  statements: Record<string, number>;
}

export interface MoneyBench {
  sqlite: CompletionFigures;
  /** null when no PostgreSQL was reachable (postgresError says why). */
  postgres: CompletionFigures | null;
  postgresError: string | null;
}

/** Counts the statements sent through the Kysely it is plugged into, by kind (select, insert, update, …). */
function statementCounter(): KyselyPlugin & { counts: Map<string, number>; reset(): void } {
  const counts = new Map<string, number>();
  return {
    counts,
    reset: () => counts.clear(),
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const kind = args.node.kind.replace(/QueryNode$|Node$/, '').toLowerCase();
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };
}

/** A funded advertiser, one launched campaign with `count` spots, and `count` creators who accepted its offer. */
async function prepare(app: CastbridgeApp, count: number): Promise<{ offerIds: string[] }> {
  const { db } = app;
  const stamp = new Date().toISOString();
  const advertiserId = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({
      id: advertiserId,
      email: `advertiser-${advertiserId.slice(0, 8)}@bench.example`,
      password_hash: null,
      firebase_uid: null,
      type_account: 'Advertiser',
      role: 'advertiser',
      notify_email: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const campaign = { ...campaignRow(advertiserId, 0, count), title: 'Completion bench', accepted_count: count };
  await db.insertInto('campaigns').values(campaign).execute();
  await db.transaction().execute(async (trx) => {
    await postTransfer(trx, {
      kind: 'deposit',
      memo: 'Bench deposit',
      legs: [
        { account: EXTERNAL, amountCents: -PAY_CENTS * count },
        { account: advertiserBalance(advertiserId), amountCents: PAY_CENTS * count },
      ],
    });
    await reserveForLaunch(trx, campaign);
  });
  const offerIds: string[] = [];
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, (_, k) => ({
      creatorId: crypto.randomUUID(),
      offerId: crypto.randomUUID(),
      i: start + k,
    }));
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values(
          batch.map(({ creatorId, i }) => ({
            id: creatorId,
            email: `creator${i}-${creatorId.slice(0, 8)}@bench.example`,
            password_hash: null,
            firebase_uid: null,
            type_account: 'Influencer' as const,
            role: 'creator' as const,
            notify_email: 0,
            first_name: `Creator${i}`,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      await trx
        .insertInto('offers')
        .values(
          batch.map(({ creatorId, offerId }) => ({
            id: offerId,
            campaign_id: campaign.id,
            creator_id: creatorId,
            status: 'accepted' as const,
            reasons: '[]',
            score: 1,
            decline_reason: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    });
    offerIds.push(...batch.map((row) => row.offerId));
  }
  return { offerIds };
}

/** Where a completion's time goes, summed over the completions that one after another measured. */
interface Split {
  /** BEGIN (and whatever the previous completion's announcement still had queued on the connection). */
  begin: number;
  /** The statements of completeOffer and the notifications, inside the transaction. */
  body: number;
  /** COMMIT: on SQLite the WAL write and its fsync (synchronous = FULL). */
  commit: number;
}

/** What confirm-delivery does for one offer, from its transaction on (its access check reads are not the ledger's). */
async function complete(app: CastbridgeApp, db: Kysely<Database>, offerId: string, split?: Split): Promise<void> {
  let announce = () => {};
  const started = performance.now();
  let opened = 0;
  let done = 0;
  await db.transaction().execute(async (trx) => {
    opened = performance.now();
    const completion = await completeOffer(trx, { offerId, via: 'advertiser', feeBps: app.config.feeBps });
    announce = await app.services.notifier.create(trx, completion.notices);
    done = performance.now();
  });
  if (split) {
    split.begin += opened - started;
    split.body += done - opened;
    split.commit += performance.now() - done;
  }
  announce();
}

async function measure(
  app: CastbridgeApp,
  count: number,
  log: (line: string) => void,
  label: string,
): Promise<CompletionFigures> {
  await app.services.jobs.stop();
  const { offerIds } = await prepare(app, count);
  const counter = statementCounter();
  const db = app.db.withPlugin(counter);

  // Warm-up (statement caches, the JIT): a few completions, counted for the statements per completion.
  const warm = offerIds.splice(0, 20);
  for (const id of warm.slice(0, 10)) await complete(app, db, id);
  counter.reset();
  for (const id of warm.slice(10)) await complete(app, db, id);
  const statements = Object.fromEntries([...counter.counts].map(([kind, n]) => [kind, n / 10]));

  // 40 % one after another, 40 % CONCURRENCY at a time (the figure), 20 % BATCH per transaction (for comparison).
  const fifth = Math.floor(offerIds.length / 5);
  const sequential = offerIds.slice(0, 2 * fifth);
  const concurrent = offerIds.slice(2 * fifth, 4 * fifth);
  const batched = offerIds.slice(4 * fifth);
  const split: Split = { begin: 0, body: 0, commit: 0 };
  let started = performance.now();
  for (const id of sequential) await complete(app, db, id, split);
  const sequentialMs = performance.now() - started;

  // As the server runs confirm-delivery: through the write batcher (on SQLite, writes that arrive while a
  // transaction runs share the next COMMIT, each in its own savepoint).
  started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < concurrent.length) {
        const offerId = concurrent[next++]!;
        const announce = await app.services.writes.run(async (trx) => {
          const completion = await completeOffer(trx, { offerId, via: 'advertiser', feeBps: app.config.feeBps });
          return app.services.notifier.create(trx, completion.notices);
        });
        announce();
      }
    }),
  );
  const concurrentMs = performance.now() - started;

  // Not what a request does (one completion per transaction): what the same work costs once COMMIT is shared.
  started = performance.now();
  for (let start = 0; start < batched.length; start += BATCH) {
    const announcements: (() => void)[] = [];
    await db.transaction().execute(async (trx) => {
      for (const offerId of batched.slice(start, start + BATCH)) {
        const completion = await completeOffer(trx, { offerId, via: 'advertiser', feeBps: app.config.feeBps });
        announcements.push(await app.services.notifier.create(trx, completion.notices));
      }
    });
    for (const announce of announcements) announce();
  }
  const batchedMs = performance.now() - started;
  // The last announcements (a read after each commit, not awaited) land before the ledger is checked.
  await new Promise((resolve) => setTimeout(resolve, 100));

  const report = await checkLedger(app.db);
  if (report.breaches.length > 0)
    throw new Error(`${label}: the ledger is broken after the bench:\n${report.breaches.slice(0, 10).join('\n')}`);
  const completed = await app.db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  if (Number(completed.n) !== count) throw new Error(`${label}: ${completed.n} of ${count} offers completed`);

  const figures: CompletionFigures = {
    offers: count,
    sequentialPerSec: Math.round(sequential.length / (sequentialMs / 1000)),
    concurrentPerSec: Math.round(concurrent.length / (concurrentMs / 1000)),
    perSec: Math.round((sequential.length + concurrent.length) / ((sequentialMs + concurrentMs) / 1000)),
    batchedPerSec: Math.round(batched.length / (batchedMs / 1000)),
    statements,
    split: {
      begin: micro(split.begin, sequential.length),
      body: micro(split.body, sequential.length),
      commit: micro(split.commit, sequential.length),
    },
  };
  const perCompletion = Object.entries(statements)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  log(
    `${label}: ${sequential.length + concurrent.length} completions: ${CONCURRENCY} at a time as the server runs them ${figures.concurrentPerSec}/s, one after another (each its own COMMIT) ${figures.sequentialPerSec}/s; ledger clean (${report.transfers} transfers)`,
  );
  log(
    `${label}: one completion = ${perCompletion} statements; begin ${figures.split.begin} µs, statements ${figures.split.body} µs, commit ${figures.split.commit} µs`,
  );
  log(
    `${label}: for comparison, ${BATCH} completions per transaction (one COMMIT for all): ${figures.batchedPerSec}/s`,
  );
  return figures;
}

const micro = (totalMs: number, n: number) => Math.round((totalMs * 1000) / n);

export async function benchMoney(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  options: { offers?: number } = {},
): Promise<MoneyBench> {
  const count = options.offers ?? 5_000;
  const secret = crypto.randomBytes(32).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-money-'));
  try {
    const env = { DATA_DIR: dataDir, JWT_SECRET: secret, DATABASE_URL: '' };
    const sqliteApp = await createApp(loadConfig(env), { logger: silentLogger });
    let sqlite: CompletionFigures;
    try {
      sqlite = await measure(sqliteApp, count, log, 'SQLite');
    } finally {
      await sqliteApp.close();
    }

    let postgres: CompletionFigures | null = null;
    let postgresError: string | null = null;
    const schema = `castbridge_bench_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const probe = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
    try {
      await probe.connect();
      await probe.query('select 1');
    } catch (error) {
      postgresError = (error as Error).message;
      log(`PostgreSQL not reachable at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//…@')}: ${postgresError}`);
    }
    if (!postgresError) {
      try {
        const app = await createApp(loadConfig({ ...env, DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema }), {
          logger: silentLogger,
        });
        try {
          postgres = await measure(app, count, log, 'PostgreSQL');
        } finally {
          await app.close();
        }
      } finally {
        await probe.query(`drop schema if exists "${schema}" cascade`);
      }
    }
    await probe.end().catch(() => {});
    return { sqlite, postgres, postgresError };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchMoney().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
