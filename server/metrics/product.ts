// The product's own figures for Prometheus (docs/operations.md "What to watch"). What lives in this process's memory
// (clicks decided, open live streams) is read as it is; what lives in the database is read at scrape time, by one
// set of grouped queries whose answer is reused for CACHE_MS, so that a scrape (or several scrapers) stays cheap
// however many series read it.
//
// Verification lag, precisely: live_watch has one row per channel in delivery (a connected account of a creator with
// an accepted or active offer on an active campaign of that platform, server/connections/live.ts) and its
// `checked_at`, the last time the platform answered about that channel. A channel's lag is now − checked_at; per
// platform the series give the largest and the 95th percentile over the channels looked at at least once, and count
// the channels never answered about yet and those with a problem (a refused grant). YouTube channels without a known
// live broadcast are looked at on a pace set by the day's quota (minutes apart), Twitch's every LIVE_POLL_SECONDS.
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/types.ts';
import { openLiveStreams } from '../http/live-stream.ts';
import type { Logger } from '../log.ts';

/** A database figure is read again after this long: scrapes in between reuse it. */
export const CACHE_MS = 5_000;

const PLATFORMS = ['twitch', 'youtube'] as const;
const CLICK_OUTCOMES = ['counted', 'bot', 'repeat', 'limited', 'inactive'] as const;
const STREAM_KINDS = ['notifications', 'overlay'] as const;

/** One platform budget as the governor shows it (server/connections/governor.ts BudgetView). */
export interface BudgetFigure {
  provider: string;
  credential: string;
  capacity: number;
  spent: number;
  remaining: number;
  refusedUntil: number | null;
}

/** What the figures are read from; app.ts hands the services in. */
export interface ProductSources {
  db: Kysely<Database>;
  /** The platforms' budgets (the governor's view, cluster-wide). */
  budgets(): Promise<BudgetFigure[]>;
  /** Tracked-link clicks decided on this instance since it started, by outcome (server/deliverables/clicks.ts). */
  clickOutcomes(): Record<string, number>;
  now?: () => number;
  cacheMs?: number;
}

interface Figures {
  lag: Map<string, { max: number; p95: number; lookedAt: number; never: number; problem: number }>;
  budgets: {
    provider: string;
    credential: string;
    capacity: number;
    spent: number;
    remaining: number;
    refused: number;
  }[];
  jobs: { kind: string; waiting: number; scheduled: number; retrying: number }[];
  earnings: Record<'pending' | 'available' | 'in_payout', number>;
  payoutsWaiting: number;
  payoutsOldestSeconds: number;
  disputes: Record<'card' | 'earning', number>;
  held: number;
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * Budgets by provider and credential. A creator's own Twitch token (`user:<id>`) is one series per creator on the
 * governor's page; here they are folded into credential="user", the most spent of them (spent: the largest, remaining:
 * the smallest), so that the labels stay bounded.
 */
function foldBudgets(views: BudgetFigure[]): Figures['budgets'] {
  const out = new Map<string, Figures['budgets'][number]>();
  for (const view of views) {
    const credential = view.credential.startsWith('user:') ? 'user' : view.credential;
    const key = `${view.provider}|${credential}`;
    const refused = view.refusedUntil !== null ? 1 : 0;
    const known = out.get(key);
    if (!known) {
      const { provider, capacity, spent, remaining } = view;
      out.set(key, { provider, credential, capacity, spent, remaining, refused });
      continue;
    }
    known.spent = Math.max(known.spent, view.spent);
    known.remaining = Math.min(known.remaining, view.remaining);
    known.capacity = Math.max(known.capacity, view.capacity);
    known.refused = Math.max(known.refused, refused);
  }
  return [...out.values()];
}

async function readFigures(sources: ProductSources, now: number): Promise<Figures> {
  const { db } = sources;
  const watched = await db.selectFrom('live_watch').select(['platform', 'checked_at', 'problem']).execute();
  const lag: Figures['lag'] = new Map();
  for (const platform of PLATFORMS) {
    const rows = watched.filter((row) => row.platform === platform);
    const ages = rows
      .filter((row) => Number(row.checked_at ?? 0) > 0)
      .map((row) => Math.max(0, (now - Number(row.checked_at)) / 1000))
      .sort((a, b) => a - b);
    lag.set(platform, {
      max: ages.at(-1) ?? 0,
      p95: percentile(ages, 0.95),
      lookedAt: ages.length,
      never: rows.filter((row) => Number(row.checked_at ?? 0) === 0).length,
      problem: rows.filter((row) => row.problem !== null).length,
    });
  }

  const jobs = await db
    .selectFrom('jobs')
    .select([
      'kind',
      sql<string>`sum(case when run_at <= ${now} and (locked_until is null or locked_until < ${now}) then 1 else 0 end)`.as(
        'waiting',
      ),
      sql<string>`sum(case when run_at > ${now} and (locked_until is null or locked_until < ${now}) then 1 else 0 end)`.as(
        'scheduled',
      ),
      sql<string>`sum(case when attempts > 0 then 1 else 0 end)`.as('retrying'),
    ])
    .groupBy('kind')
    .execute();

  const balances = await db
    .selectFrom('ledger_accounts')
    .select(['kind', sql<string>`sum(balance_cents)`.as('cents')])
    .where('kind', 'in', ['creator_pending', 'creator_available', 'creator_in_payout'])
    .groupBy('kind')
    .execute();
  const cents = (kind: string) => Number(balances.find((row) => row.kind === kind)?.cents ?? 0);

  const waiting = await db
    .selectFrom('payouts')
    .select([sql<string>`count(*)`.as('count'), sql<string | null>`min(requested_at)`.as('oldest')])
    .where('provider', '=', 'manual')
    .where('status', 'in', ['requested', 'processing'])
    .executeTakeFirst();
  const oldest = waiting?.oldest ? Date.parse(waiting.oldest) : NaN;

  const cardDisputes = await db
    .selectFrom('card_disputes')
    .select(sql<string>`count(*)`.as('count'))
    .where('status', '=', 'open')
    .executeTakeFirst();
  const reviews = await db
    .selectFrom('earning_reviews')
    .select(['status', sql<string>`count(*)`.as('count')])
    .where('status', 'in', ['held', 'disputed'])
    .groupBy('status')
    .execute();
  const reviewCount = (status: string) => Number(reviews.find((row) => row.status === status)?.count ?? 0);

  return {
    lag,
    budgets: foldBudgets(await sources.budgets()),
    jobs: jobs.map((row) => ({
      kind: row.kind,
      waiting: Number(row.waiting ?? 0),
      scheduled: Number(row.scheduled ?? 0),
      retrying: Number(row.retrying ?? 0),
    })),
    earnings: {
      pending: cents('creator_pending'),
      available: cents('creator_available'),
      in_payout: cents('creator_in_payout'),
    },
    payoutsWaiting: Number(waiting?.count ?? 0),
    payoutsOldestSeconds: Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0,
    disputes: { card: Number(cardDisputes?.count ?? 0), earning: reviewCount('disputed') },
    held: reviewCount('held'),
  };
}

export function registerProductMetrics(registry: Registry, sources: ProductSources, logger: Logger): void {
  const now = sources.now ?? Date.now;
  const cacheMs = sources.cacheMs ?? CACHE_MS;
  let cached: { at: number; figures: Promise<Figures | null> } | null = null;
  /** The database figures, read at most once per cacheMs; null when the read failed (the series are left out). */
  const figures = (): Promise<Figures | null> => {
    const at = now();
    if (!cached || at - cached.at >= cacheMs) {
      cached = {
        at,
        figures: readFigures(sources, at).catch((error: unknown) => {
          logger.warn('metrics: the product figures could not be read', { error: (error as Error).message });
          return null;
        }),
      };
    }
    return cached.figures;
  };

  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (gauge: Gauge, figures: Figures) => void,
  ): Gauge =>
    new Gauge({
      name: `castbridge_${name}`,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const read = await figures();
        this.reset();
        if (read) fill(this, read);
      },
    });

  gauge(
    'verification_lag_max_seconds',
    'Seconds since the platform last answered about a channel in delivery: the largest, per platform',
    ['platform'],
    (g, f) => {
      for (const [platform, lag] of f.lag) g.set({ platform }, lag.max);
    },
  );
  gauge(
    'verification_lag_p95_seconds',
    'Seconds since the platform last answered about a channel in delivery: the 95th percentile, per platform',
    ['platform'],
    (g, f) => {
      for (const [platform, lag] of f.lag) g.set({ platform }, lag.p95);
    },
  );
  gauge(
    'verification_channels',
    'Channels in delivery by platform: looked_at (answered about at least once), never (not yet), problem (a refused grant)',
    ['platform', 'state'],
    (g, f) => {
      for (const [platform, lag] of f.lag) {
        g.set({ platform, state: 'looked_at' }, lag.lookedAt);
        g.set({ platform, state: 'never' }, lag.never);
        g.set({ platform, state: 'problem' }, lag.problem);
      }
    },
  );

  const budgetLabels = ['provider', 'credential'];
  gauge('platform_budget_spent', 'Units spent of a platform budget in its current window', budgetLabels, (g, f) => {
    for (const b of f.budgets) g.set({ provider: b.provider, credential: b.credential }, b.spent);
  });
  gauge(
    'platform_budget_remaining',
    'Units left of a platform budget in its current window (the capacity less spent and the headroom kept)',
    budgetLabels,
    (g, f) => {
      for (const b of f.budgets) g.set({ provider: b.provider, credential: b.credential }, b.remaining);
    },
  );
  gauge('platform_budget_capacity', "A platform budget's units per window", budgetLabels, (g, f) => {
    for (const b of f.budgets) g.set({ provider: b.provider, credential: b.credential }, b.capacity);
  });
  gauge(
    'platform_budget_refused',
    '1 while the platform itself refuses the credential (a 429 or quotaExceeded) until its reset',
    budgetLabels,
    (g, f) => {
      for (const b of f.budgets) g.set({ provider: b.provider, credential: b.credential }, b.refused);
    },
  );

  gauge(
    'jobs_waiting',
    'Jobs due and not taken yet, by kind (the jobs table: the queue, or the BullMQ outbox)',
    ['kind'],
    (g, f) => {
      for (const j of f.jobs) g.set({ kind: j.kind }, j.waiting);
    },
  );
  gauge(
    'jobs_scheduled',
    'Jobs waiting for a later time, by kind (retries after a failure included)',
    ['kind'],
    (g, f) => {
      for (const j of f.jobs) g.set({ kind: j.kind }, j.scheduled);
    },
  );
  gauge(
    'jobs_retrying',
    'Jobs whose last attempt failed and that wait to be tried again, by kind',
    ['kind'],
    (g, f) => {
      for (const j of f.jobs) g.set({ kind: j.kind }, j.retrying);
    },
  );

  gauge(
    'earnings_cents',
    "Creators' earnings in the ledger, in cents: pending (in review), available (withdrawable), in_payout",
    ['state'],
    (g, f) => {
      for (const [state, value] of Object.entries(f.earnings)) g.set({ state }, value);
    },
  );
  gauge('payouts_waiting_operator', 'Payouts of the manual rail waiting for an operator to pay them', [], (g, f) => {
    g.set(f.payoutsWaiting);
  });
  gauge(
    'payouts_waiting_operator_oldest_seconds',
    'How long the oldest payout waiting for an operator has waited (0: none)',
    [],
    (g, f) => {
      g.set(f.payoutsOldestSeconds);
    },
  );
  gauge(
    'disputes_open',
    "Disputes open: card (a Stripe dispute of a deposit) and earning (an advertiser's dispute of an earning in review)",
    ['kind'],
    (g, f) => {
      for (const [kind, value] of Object.entries(f.disputes)) g.set({ kind }, value);
    },
  );
  gauge('earnings_held', 'Earnings held by fraud signals for an operator to decide', [], (g, f) => {
    g.set(f.held);
  });

  new Counter({
    name: 'castbridge_clicks_total',
    help: 'Tracked-link clicks decided on this instance: counted, or refused by reason (bot, repeat, limited, inactive)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const outcomes = sources.clickOutcomes();
      this.reset();
      for (const outcome of CLICK_OUTCOMES) this.inc({ outcome }, outcomes[outcome] ?? 0);
    },
  });
  new Gauge({
    name: 'castbridge_sse_streams_open',
    help: 'Server-sent event streams open on this instance: notifications (GET /api/events), overlay (the OBS pages)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const kind of STREAM_KINDS) this.set({ kind }, openLiveStreams.get(kind) ?? 0);
      for (const [kind, open] of openLiveStreams)
        if (!(STREAM_KINDS as readonly string[]).includes(kind)) this.set({ kind }, open);
    },
  });
}
