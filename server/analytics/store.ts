// The metrics' storage (docs/product.md §Analytics): a sample per collection and series, and the day's rollup updated in the same
// transaction (first and latest values, largest, sum and count), so that a chart of a year reads 365 rows a series. A sample for
// a moment already stored is ignored (a retried collection counts once). Where each account's collector stands.
import { sql, type Kysely, type Selectable } from 'kysely';
import { SERIES, type CollectionStatus, type SeriesKey } from '../../contract/analytics.ts';
import type { ConnectPlatform } from '../../contract/connections.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database, MetricCollectionTable } from '../db/types.ts';

export type CollectionRow = Selectable<MetricCollectionTable>;

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// `problem` holds two things: what went wrong with the latest run (rate limited, unreachable, refused), and per series
// why the platform does not give it (a card's "why", from the latest run that read the platform). A run that could not
// read keeps the second. One line each, a series' as "<series>: <why>" (rows written before joined them with "; ").
const SERIES_LINE = new RegExp(`^(${SERIES.join('|')}): `);
const LINES = new RegExp(`\\n|; (?=(?:${SERIES.join('|')}): )`);

/** The latest run's problem and the series the platform does not give, from a stored `problem`. */
export function problemsOf(stored: string | null): {
  run: string | null;
  unavailable: Partial<Record<SeriesKey, string>>;
} {
  const run: string[] = [];
  const unavailable: Partial<Record<SeriesKey, string>> = {};
  for (const line of (stored ?? '').split(LINES)) {
    const series = SERIES_LINE.exec(line)?.[1] as SeriesKey | undefined;
    if (series) unavailable[series] = line.slice(series.length + 2);
    else if (line) run.push(line);
  }
  return { run: run.length ? run.join('\n') : null, unavailable };
}

const problemText = (run: string | null, unavailable: Partial<Record<SeriesKey, string>>) =>
  [run, ...Object.entries(unavailable).map(([series, why]) => `${series}: ${why}`)].filter(Boolean).join('\n') || null;

export function createMetricStore(deps: { db: Kysely<Database>; dialect: Dialect }) {
  const { db, dialect } = deps;
  const larger = (a: string, b: string) => sql.raw(dialect === 'postgres' ? `greatest(${a}, ${b})` : `max(${a}, ${b})`);
  const smaller = (a: string, b: string) => sql.raw(dialect === 'postgres' ? `least(${a}, ${b})` : `min(${a}, ${b})`);

  /** One moment's samples inside `trx`: each stored once, and its day's rollup moved along. */
  async function writeIn(
    trx: Kysely<Database>,
    userId: string,
    platform: ConnectPlatform,
    at: number,
    samples: Partial<Record<SeriesKey, number>>,
  ): Promise<void> {
    for (const [metric, value] of Object.entries(samples) as [SeriesKey, number][]) {
      const inserted = await trx
        .insertInto('metric_samples')
        .values({ user_id: userId, platform, metric, at, value })
        .onConflict((oc) => oc.columns(['user_id', 'platform', 'metric', 'at']).doNothing())
        .returning('at')
        .executeTakeFirst();
      if (!inserted) continue;
      await trx
        .insertInto('metric_days')
        .values({
          user_id: userId,
          platform,
          metric,
          day: dayOf(at),
          first_at: at,
          first_value: value,
          last_at: at,
          last_value: value,
          max_value: value,
          sum_value: value,
          samples: 1,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'platform', 'metric', 'day']).doUpdateSet({
            first_value: sql<number>`case when excluded.first_at < metric_days.first_at then excluded.first_value else metric_days.first_value end`,
            first_at: sql<number>`${smaller('excluded.first_at', 'metric_days.first_at')}`,
            last_value: sql<number>`case when excluded.last_at >= metric_days.last_at then excluded.last_value else metric_days.last_value end`,
            last_at: sql<number>`${larger('excluded.last_at', 'metric_days.last_at')}`,
            max_value: sql<number>`${larger('excluded.max_value', 'metric_days.max_value')}`,
            sum_value: sql<number>`metric_days.sum_value + excluded.sum_value`,
            samples: sql<number>`metric_days.samples + 1`,
          }),
        )
        .execute();
    }
  }

  return {
    /** Stores the samples read at `at` for one account, each once. */
    async write(
      userId: string,
      platform: ConnectPlatform,
      at: number,
      samples: Partial<Record<SeriesKey, number>>,
    ): Promise<void> {
      await db.transaction().execute((trx) => writeIn(trx, userId, platform, at, samples));
    },

    /** Many moments at once, in one transaction (the demo seed's year of figures). */
    async writeMany(
      userId: string,
      platform: ConnectPlatform,
      moments: { at: number; samples: Partial<Record<SeriesKey, number>> }[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const moment of moments) await writeIn(trx, userId, platform, moment.at, moment.samples);
      });
    },

    collection: (userId: string, platform: ConnectPlatform): Promise<CollectionRow | null> =>
      db
        .selectFrom('metric_collection')
        .selectAll()
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .executeTakeFirst()
        .then((row) => row ?? null),

    /**
     * Where an account's collector stands. `problem` is the run's; `unavailable` (series the platform does not give,
     * and why) comes with a run that read the platform — without it, the reasons stored stay.
     */
    async setCollection(
      userId: string,
      platform: ConnectPlatform,
      state: {
        status: CollectionStatus;
        lastAt?: number | null;
        nextAt: number | null;
        live?: boolean;
        problem: string | null;
        missing?: SeriesKey[];
        unavailable?: Partial<Record<SeriesKey, string>>;
      },
    ): Promise<void> {
      const unavailable =
        state.unavailable ??
        problemsOf(
          (
            await db
              .selectFrom('metric_collection')
              .select('problem')
              .where('user_id', '=', userId)
              .where('platform', '=', platform)
              .executeTakeFirst()
          )?.problem ?? null,
        ).unavailable;
      const values = {
        status: state.status,
        next_at: state.nextAt,
        problem: problemText(state.problem, unavailable),
        ...(state.lastAt !== undefined ? { last_at: state.lastAt } : {}),
        ...(state.live !== undefined ? { live: state.live ? 1 : 0 } : {}),
        ...(state.missing !== undefined ? { missing: state.missing.join(' ') } : {}),
      };
      await db
        .insertInto('metric_collection')
        .values({ user_id: userId, platform, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'platform']).doUpdateSet(values))
        .execute();
    },

    async forget(userId: string, platform: ConnectPlatform): Promise<void> {
      await db.deleteFrom('metric_collection').where('user_id', '=', userId).where('platform', '=', platform).execute();
    },
  };
}

export type MetricStore = ReturnType<typeof createMetricStore>;
