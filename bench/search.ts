// Creator search figures for `npm run bench -- search` (docs/product.md §Discovery and negotiation): 100,000 listed
// creators in the directory (plus 10,000 unlisted ones), searched through the store GET /api/creators calls
// (server/marketplace/search.ts) with random combinations of every filter, sort and the first pages, on SQLite and
// on PostgreSQL: p50 and p95 of a search, its count included. Target: p95 ≤ 50 ms on each.
// PostgreSQL is vacuumed and analyzed after the bulk load, as autovacuum would; SQLite runs without statistics.
// Run alone: npx tsx bench/search.ts (PostgreSQL from BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { countries } from '../contract/countries.ts';
import { SEARCH_SORTS } from '../contract/search.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { silentLogger } from '../server/log.ts';
import { createCreatorSearch, type CreatorFilters } from '../server/marketplace/search.ts';
import { insertUsers, percentile, SECRET } from './marketplace.ts';

const LISTED = 100_000;
const UNLISTED = 10_000;
const SEARCHES = 600;
const WARMUP = 50;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface SearchFigures {
  rows: number;
  searches: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The slowest filter combinations, for looking into a miss. */
  slowest: string[];
}

export interface SearchBench {
  sqlite: SearchFigures;
  /** null when no PostgreSQL was reachable (postgresError says why). */
  postgres: SearchFigures | null;
  postgresError: string | null;
}

type App = Awaited<ReturnType<typeof createApp>>;

/** A deterministic generator, so both backends hold the same directory and get the same searches. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Audience sizes spread as they are: most small, a few very large. */
const skewed = (r: number, max: number) => Math.floor(max * r ** 4);

const COUNTRIES = countries.slice(0, 40);
const NAMES = ['Nova', 'Pixel', 'Luna', 'Ember', 'Atlas', 'Kira', 'Orion', 'Sable', 'Jade', 'Milo'];

export async function fill(app: App): Promise<void> {
  const { db } = app;
  const rand = random(7);
  const ids = await insertUsers(db, LISTED + UNLISTED, 'creator', (i) => ({ notify_email: 0, first_name: `C${i}` }));
  const stamp = new Date().toISOString();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = ids.slice(start, start + 500).map((userId, k) => {
      const i = start + k;
      const platforms = 1 + Math.floor(rand() * 3);
      const viewers = rand() < 0.1 ? null : skewed(rand(), 20_000);
      const handle = `${NAMES[i % NAMES.length]!.toLowerCase()}_${i}`;
      return {
        user_id: userId,
        handle,
        listed: i < LISTED ? 1 : 0,
        display_name: `${NAMES[(i * 7) % NAMES.length]} ${i}`,
        image: null,
        platforms,
        category: rand() < 0.8 ? 'Gaming' : null,
        language: rand() < 0.6 ? ('English' as const) : ('Spanish' as const),
        country: COUNTRIES[skewed(rand(), COUNTRIES.length)] ?? null,
        followers: skewed(rand(), 2_000_000),
        avg_viewers: viewers,
        completed: skewed(rand(), 60),
        delivery_rate: rand() < 0.3 ? null : 40 + Math.floor(rand() * 61),
        channels: JSON.stringify(
          [
            platforms & 1 && {
              platform: 'Twitch',
              name: handle,
              url: `https://twitch.tv/${handle}`,
              followers: 1000,
              avgViewers: viewers,
            },
            platforms & 2 && {
              platform: 'YouTube',
              name: handle,
              url: `https://youtube.com/@${handle}`,
              followers: 1000,
              avgViewers: null,
            },
          ].filter(Boolean),
        ),
        audience_countries: '[]',
        about: 'Bench creator',
        updated_at: stamp,
      };
    });
    await db.insertInto('creator_directory').values(rows).execute();
  }
}

/** A random combination of filters: each one present about a third of the time, a sort, and one of the first pages. */
export function searches(count: number): CreatorFilters[] {
  const rand = random(11);
  const pick = <T>(values: readonly T[]) => values[Math.floor(rand() * values.length)]!;
  const maybe = <T>(value: () => T) => (rand() < 0.33 ? value() : undefined);
  return Array.from({ length: count }, () => {
    const minViewers = maybe(() => pick([10, 50, 100, 500, 1000, 5000]));
    const maxViewers = maybe(() => pick([100, 500, 2000, 20_000]));
    return {
      platform: maybe(() => pick(['Twitch', 'YouTube'] as const)),
      category: maybe(() => 'Gaming'),
      language: maybe(() => pick(['English', 'Spanish'] as const)),
      country: maybe(() => pick(COUNTRIES)),
      minViewers,
      maxViewers:
        minViewers !== undefined && maxViewers !== undefined && maxViewers < minViewers ? undefined : maxViewers,
      minFollowers: maybe(() => pick([100, 1000, 10_000, 100_000])),
      minDeliveryRate: maybe(() => pick([50, 80, 90, 100])),
      q:
        rand() < 0.15
          ? pick(NAMES)
              .toLowerCase()
              .slice(0, 1 + Math.floor(rand() * 4))
          : undefined,
      sort: pick(SEARCH_SORTS),
      page: rand() < 0.7 ? 1 : 2 + Math.floor(rand() * 5),
      pageSize: pick([20, 20, 50]),
    };
  });
}

const describe = (filters: CreatorFilters) =>
  Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

async function measure(app: App): Promise<SearchFigures> {
  const search = createCreatorSearch(app.db);
  const all = searches(WARMUP + SEARCHES);
  for (const filters of all.slice(0, WARMUP)) await search.search(filters);
  const timed: { ms: number; filters: CreatorFilters }[] = [];
  for (const filters of all.slice(WARMUP)) {
    const started = performance.now();
    await search.search(filters);
    timed.push({ ms: performance.now() - started, filters });
  }
  const ms = timed.map((t) => t.ms);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    rows: LISTED,
    searches: SEARCHES,
    p50Ms: round(percentile(ms, 50)),
    p95Ms: round(percentile(ms, 95)),
    maxMs: round(Math.max(...ms)),
    slowest: timed
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((t) => `${round(t.ms)} ms ${describe(t.filters)}`),
  };
}

async function onBackend(env: Record<string, string>, dataDir: string): Promise<SearchFigures> {
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env }), { logger: silentLogger });
  try {
    await app.services.jobs.stop();
    await fill(app);
    // What autovacuum does after a bulk load on PostgreSQL (statistics, and the visibility map that lets a search
    // read the index alone); SQLite is searched without statistics, as the product runs it.
    if (env.DATABASE_URL) await sql`vacuum analyze creator_directory`.execute(app.db);
    return await measure(app);
  } finally {
    await app.close();
  }
}

export async function benchSearch(log: (line: string) => void = () => {}): Promise<SearchBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-search-'));
  try {
    const sqlite = await onBackend({}, path.join(dataDir, 'sqlite'));
    log(`SQLite: p50 ${sqlite.p50Ms} ms, p95 ${sqlite.p95Ms} ms, max ${sqlite.maxMs} ms; slowest:`);
    for (const line of sqlite.slowest) log(`  ${line}`);
    let postgres: SearchFigures | null = null;
    let postgresError: string | null = null;
    const schema = `castbridge_bench_search_${crypto.randomBytes(4).toString('hex')}`;
    try {
      const probe = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
      await probe.connect();
      await probe.end();
      try {
        postgres = await onBackend(
          { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
          path.join(dataDir, 'postgres'),
        );
        log(`PostgreSQL: p50 ${postgres.p50Ms} ms, p95 ${postgres.p95Ms} ms, max ${postgres.maxMs} ms; slowest:`);
        for (const line of postgres.slowest) log(`  ${line}`);
      } finally {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    } catch (error) {
      postgresError = (error as Error).message;
      log(`PostgreSQL unreachable: ${postgresError}`);
    }
    return { sqlite, postgres, postgresError };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchSearch((line) => console.log(line));
  const ok = (f: SearchFigures | null) => f !== null && f.p95Ms <= 50;
  console.log(
    `search over ${LISTED.toLocaleString('en')} listed creators: SQLite p95 ${figures.sqlite.p95Ms} ms, PostgreSQL p95 ${figures.postgres?.p95Ms ?? 'unreachable'} ms (target ≤ 50 ms)`,
  );
  process.exit(ok(figures.sqlite) && (figures.postgres === null || ok(figures.postgres)) ? 0 : 1);
}
