// The platform-limits governor (docs/product.md §Platform limits): every call Castbridge makes to Twitch and YouTube
// goes through it. It knows what each call costs (Helix: a point a call; YouTube: the published cost table), keeps
// each credential's budget for the whole cluster in the database, and hands each instance slices of it that the
// instance then spends from memory — so two instances never spend the same budget, and a call waits for the
// database only when its slice runs low (a refill is asked for ahead of time). It reads every answer: Helix's
// Ratelimit-Remaining/Reset bring the cluster's picture in line with the platform's own, and a 429 or a
// quotaExceeded (which Castbridge's own bursts never cause; another user of the same credential can) stops every
// instance until the platform's reset. Work that cannot be served at once waits in priority order — delivery
// verification and live chat first, analytics backfill last — and the lower priorities leave a share of each window
// to the higher ones.
//
//   twitch:app          Helix with the app access token: 800 points a minute
//   twitch:user:<id>    Helix with a creator's user token: 800 points a minute, per user
//   youtube:project     every YouTube Data API call of the Google Cloud project: 10,000 units a day, reset at
//                       midnight Pacific
import type { Kysely } from 'kysely';
import {
  isBudgetPurpose,
  type BudgetPurpose,
  type BudgetRefusal,
  type BudgetWaitReason,
} from '../../contract/budgets.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';

export type Provider = 'twitch' | 'youtube';
/** Who is asking, highest first: what a waiting call is served by. */
export type Priority = 'verify' | 'chat' | 'connect' | 'analytics' | 'backfill';
export const PRIORITIES: readonly Priority[] = ['verify', 'chat', 'connect', 'analytics', 'backfill'];
export const PRIORITY_RANK: Record<Priority, number> = { verify: 0, chat: 0, connect: 1, analytics: 2, backfill: 3 };
/**
 * The share of a window's capacity a priority leaves to the ones above it: analytics stops while less than 30% is
 * left, a backfill while less than half is.
 */
export const RESERVED_SHARE: Record<Priority, number> = {
  verify: 0,
  chat: 0,
  connect: 0.05,
  analytics: 0.3,
  backfill: 0.5,
};

export interface ProviderLimits {
  /** What the platform allows in one window. */
  capacity: number;
  /** A share of the capacity never used: clocks differ, and an invalid call costs too. */
  headroom: number;
  window: 'minute' | 'pacific-day';
  /** What an instance takes from the shared budget at a time. */
  slice: number;
}

export const DEFAULT_LIMITS: Record<Provider, ProviderLimits> = {
  twitch: { capacity: 800, headroom: 0.025, window: 'minute', slice: 40 },
  youtube: { capacity: 10_000, headroom: 0.01, window: 'pacific-day', slice: 100 },
};

/**
 * YouTube Data API quota costs (https://developers.google.com/youtube/v3/determine_quota_cost and each live method's
 * reference page), by `resource.method`. A call not listed costs 1 (a list) or 50 (a write).
 */
export const YOUTUBE_COSTS: Record<string, number> = {
  'channels.list': 1,
  'videos.list': 1,
  'liveBroadcasts.list': 5,
  'liveStreams.list': 5,
  'liveChatMessages.list': 5,
  'liveChatMessages.streamList': 5,
  'liveChatMessages.insert': 50,
  'liveChatMessages.delete': 50,
  'liveChatModerators.list': 5,
  'search.list': 100,
};

/** The call a request is (`helix streams`, `liveChatMessages.list`) and what it costs. */
export function callCost(provider: Provider, method: string, pathname: string): { call: string; cost: number } {
  const verb = method.toUpperCase();
  if (provider === 'twitch') {
    const path = /\/helix\/(.+)$/.exec(pathname)?.[1] ?? pathname;
    // Every Helix endpoint costs one point by default (https://dev.twitch.tv/docs/api/guide/#twitch-rate-limits).
    return { call: `${verb} /helix/${path}`, cost: 1 };
  }
  const rest = /\/youtube\/v3\/(.+)$/.exec(pathname)?.[1] ?? '';
  let resource: string;
  let action: string;
  if (rest === 'liveChat/messages/stream') {
    resource = 'liveChatMessages';
    action = 'streamList';
  } else {
    resource = rest === 'liveChat/messages' ? 'liveChatMessages' : rest.split('/')[0] || 'unknown';
    action = verb === 'GET' ? 'list' : verb === 'POST' ? 'insert' : verb === 'PUT' ? 'update' : 'delete';
  }
  const call = `${resource}.${action}`;
  return { call, cost: YOUTUBE_COSTS[call] ?? (action === 'list' ? 1 : 50) };
}

/** The platform's offset from UTC at `at`, in milliseconds, for an IANA zone. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return local - Math.floor(at / 1000) * 1000;
}

/** The next midnight in Pacific Time after `at`: when YouTube's daily quota resets. */
export function nextPacificMidnight(at: number): number {
  const offset = zoneOffset(at, 'America/Los_Angeles');
  const local = new Date(at + offset);
  const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1);
  // Midnight is never when the clocks change (2:00), so the offset at midnight is that of the evening before it.
  return guess - zoneOffset(guess - offset, 'America/Los_Angeles');
}

/** No budget for this call before `retryAt` (the caller said it would not wait that long). */
export class BudgetExhausted extends Error {
  override name = 'BudgetExhausted';
  constructor(
    message: string,
    readonly provider: Provider,
    readonly retryAt: number,
  ) {
    super(message);
  }
}

export interface CallSpec {
  provider: Provider;
  /** `app`, `user:<platform user id>` (Twitch), `project` (YouTube). */
  credential: string;
  priority: Priority;
  /** What the call is for (a code of contract/budgets.ts), shown to operators while it waits (`archive_chat`). */
  purpose: BudgetPurpose;
  /**
   * The longest a call waits for budget before BudgetExhausted; default: a minute for verify and chat, none for the
   * others (a job is scheduled again at retryAt instead).
   */
  maxWaitMs?: number;
}

/** One credential's budget as the operators see it (GET /api/admin/budgets). */
export interface BudgetView {
  provider: Provider;
  credential: string;
  capacity: number;
  /** Spent in this window across the cluster, as the instances reported it (this instance's own up to now). */
  spent: number;
  /** Not yet spent: the capacity less what is spent and the headroom kept. */
  remaining: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
  /** The platform refused until then (someone else used the credential), with why; null when it did not. */
  refusedUntil: number | null;
  refusedReason: BudgetRefusal | null;
  /** Calls waiting on this instance, and why (with the platform's refusal when that is why). */
  waiting: {
    purpose: BudgetPurpose;
    priority: Priority;
    count: number;
    since: number;
    reason: BudgetWaitReason;
    refusedReason: BudgetRefusal | null;
  }[];
  /** Work put off until the reset (a job rescheduled), by purpose. */
  deferred: { purpose: BudgetPurpose; priority: Priority; count: number; until: number }[];
  /** Every purpose that asked for this budget, on any instance (what the credential is used for), sorted. */
  purposes: BudgetPurpose[];
}

export interface GovernorStats {
  /** Calls made through the governor. */
  calls: number;
  /** 429s and quotaExceeded answers the platforms gave (none should come from Castbridge's own use). */
  refusals: number;
  /** Calls that waited for budget. */
  waited: number;
  /** Calls refused by the governor itself (BudgetExhausted). */
  exhausted: number;
}

interface Waiter {
  spec: CallSpec;
  cost: number;
  since: number;
  reason: BudgetWaitReason;
  refusedReason: BudgetRefusal | null;
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | null;
}

interface Budget {
  key: string;
  provider: Provider;
  credential: string;
  limits: ProviderLimits;
  /** The end of the window this instance's slice belongs to (0 before the first refill). */
  windowEnd: number;
  /** Units this instance holds unspent. */
  slice: number;
  /** Spent here and not yet added to the shared row. */
  unreported: number;
  /** The shared row as last read: what was handed out, what the cluster reported spent. */
  granted: number;
  spent: number;
  refusedUntil: number;
  /** The platform's answer when it refused (refused_reason holds it as the platform gave it). */
  refusedReason: BudgetRefusal | null;
  refilling: Promise<void> | null;
  waiters: Waiter[];
  wakeTimer: NodeJS.Timeout | null;
  /** Spent from in this window: its next window is asked for as this one ends (see renewAhead). */
  used: boolean;
  renewTimer: NodeJS.Timeout | null;
  /** The shared row's window end before Helix's reset moved this instance's later: written at the next report. */
  movedFrom: number | null;
  deferred: Map<BudgetPurpose, { priority: Priority; count: number; until: number }>;
  /** The purposes that asked for this budget here, and those of them the shared row is known to hold. */
  purposes: Set<string>;
  reportedPurposes: Set<string>;
}

export interface Governor {
  /** A fetch that takes each call's cost first and reads the platform's answer after; otherwise `base` itself. */
  fetch(spec: CallSpec, base?: typeof fetch): typeof fetch;
  /** Takes `cost` units of the credential's budget: at once, after waiting in priority order, or BudgetExhausted. */
  take(spec: CallSpec & { cost: number }): Promise<void>;
  /** What the platform's answer says of the budget (Helix's headers, a 429, YouTube's quotaExceeded). */
  observe(spec: Pick<CallSpec, 'provider' | 'credential'>, response: Response): Promise<void>;
  /**
   * What the whole cluster has left for `priority` in the current window (an estimate from the last shared read and
   * this instance's slice), and when the window ends. `refused`: the platform said no until resetAt.
   */
  remaining(
    provider: Provider,
    credential: string,
    priority: Priority,
  ): { units: number; resetAt: number; refused: boolean };
  /** A job's call put off until `until` (the caller reschedules it): shown to operators. */
  defer(spec: CallSpec, until: number): void;
  budgets(): Promise<BudgetView[]>;
  stats: GovernorStats;
  limits: Record<Provider, ProviderLimits>;
  /** Writes what this instance spent to the shared rows (every few seconds, and at close). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const REPORT_MS = 5_000;

/** The purposes column (a JSON array of strings); anything else reads as none. */
function purposesOf(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The purposes a budget shows, as codes: a row written before the codes holds the names they came from (`analytics
 * collection`: the code with spaces), read as those codes; one this version does not know (a newer instance's) is left
 * out of the view, and stays in the row.
 */
function purposeCodes(names: Iterable<string>): BudgetPurpose[] {
  return [...new Set([...names].map((name) => name.trim().replace(/\s+/g, '_')))].filter(isBudgetPurpose).sort();
}

/**
 * The refused_reason column as a refusal: the platform's answer as it gave it (`429`, `quotaExceeded`); a row written
 * before the codes holds Castbridge's sentence around it (`Twitch answered 429`).
 */
function refusalOf(text: string | null | undefined): BudgetRefusal | null {
  if (!text) return null;
  return { code: 'limit_reached', answer: text.replace(/^(Twitch|YouTube) answered /, '') };
}

export function createGovernor(deps: {
  db: Kysely<Database>;
  logger: Logger;
  limits?: Partial<Record<Provider, Partial<ProviderLimits>>>;
  now?: () => number;
  /** The fetch calls go through when a caller gives none. */
  fetch?: typeof fetch;
}): Governor {
  const { db, logger } = deps;
  const clock = deps.now ?? Date.now;
  // Whole milliseconds: the shared row keeps times as integers.
  const now = () => Math.floor(clock());
  const limits: Record<Provider, ProviderLimits> = {
    twitch: { ...DEFAULT_LIMITS.twitch, ...deps.limits?.twitch },
    youtube: { ...DEFAULT_LIMITS.youtube, ...deps.limits?.youtube },
  };
  const budgets = new Map<string, Budget>();
  const stats: GovernorStats = { calls: 0, refusals: 0, waited: 0, exhausted: 0 };
  let closed = false;

  const usable = (b: Budget) => Math.floor(b.limits.capacity * (1 - b.limits.headroom));
  const windowAfter = (provider: Provider, at: number) =>
    limits[provider].window === 'minute' ? at + 60_000 : nextPacificMidnight(at);

  function budgetOf(provider: Provider, credential: string): Budget {
    const key = `${provider}:${credential}`;
    let budget = budgets.get(key);
    if (!budget) {
      budget = {
        key,
        provider,
        credential,
        limits: limits[provider],
        windowEnd: 0,
        slice: 0,
        unreported: 0,
        granted: 0,
        spent: 0,
        refusedUntil: 0,
        refusedReason: null,
        refilling: null,
        waiters: [],
        wakeTimer: null,
        used: false,
        renewTimer: null,
        movedFrom: null,
        deferred: new Map(),
        purposes: new Set(),
        reportedPurposes: new Set(),
      };
      budgets.set(key, budget);
    }
    return budget;
  }

  /** A slice held past its window's end is worth nothing: the window it was granted in is over. */
  function expire(b: Budget, at: number) {
    if (b.windowEnd !== 0 && at >= b.windowEnd) {
      b.slice = 0;
      b.granted = 0;
      b.spent = 0;
      b.unreported = 0;
      b.windowEnd = 0;
      b.movedFrom = null;
      b.used = false;
      b.deferred.clear();
    }
  }

  /**
   * A credential spent from in a window gets its next window's slice as the window ends, in the background: a
   * credential asked once a minute (a channel's stream-session look) would otherwise wait for the database on every
   * call, each being the first of its window. One used in no window is left alone until asked again.
   */
  function renewAhead(b: Budget) {
    if (closed || b.renewTimer || b.windowEnd === 0) return;
    const delay = Math.min(b.windowEnd - now() + 1, 2 ** 31 - 1);
    b.renewTimer = setTimeout(
      () => {
        b.renewTimer = null;
        void renewIfEnded(b);
      },
      Math.max(1, delay),
    );
    b.renewTimer.unref?.();
  }
  async function renewIfEnded(b: Budget): Promise<void> {
    if (closed || b.windowEnd === 0) return;
    const at = now();
    // The window moved later meanwhile (Helix's reset): wait for its new end.
    if (at < b.windowEnd) return renewAhead(b);
    const used = b.used;
    expire(b, at);
    if (used && b.refusedUntil <= at) await startRefill(b, 0);
  }

  /** The cluster's units left for `priority`, as this instance knows them. */
  function left(b: Budget, priority: Priority): number {
    const free = usable(b) - b.granted + b.slice;
    return free - Math.ceil(b.limits.capacity * RESERVED_SHARE[priority]);
  }

  /**
   * Asks the shared row for at least `need` units (a slice, or what is left of the window): one conditional UPDATE,
   * tried again when another instance changed the row meanwhile. A window that ended is started anew by whoever
   * finds it ended.
   */
  async function refill(b: Budget, need: number): Promise<void> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const at = now();
      const row = await db.selectFrom('platform_budgets').selectAll().where('key', '=', b.key).executeTakeFirst();
      if (!row) {
        await db
          .insertInto('platform_budgets')
          .values({
            key: b.key,
            provider: b.provider,
            credential: b.credential,
            capacity: b.limits.capacity,
            window_end: windowAfter(b.provider, at),
            granted: 0,
            spent: 0,
            refused_until: null,
            refused_reason: null,
            updated_at: at,
          })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        continue;
      }
      const windowEnd = Number(row.window_end);
      if (windowEnd <= at) {
        // The window is over: a new one, from now (Helix's own reset moves it where the platform has it).
        const refused = row.refused_until !== null && Number(row.refused_until) > at;
        await db
          .updateTable('platform_budgets')
          .set({
            window_end: windowAfter(b.provider, at),
            granted: 0,
            spent: 0,
            capacity: b.limits.capacity,
            ...(refused ? {} : { refused_until: null, refused_reason: null }),
            updated_at: at,
          })
          .where('key', '=', b.key)
          .where('window_end', '=', row.window_end)
          .execute();
        continue;
      }
      // The same window moved later (Helix's reset, seen by another instance) keeps what this instance holds; a slice
      // of another window (or none) is over.
      const moved = b.windowEnd > at && windowEnd > at && Number(row.granted) >= b.granted;
      if (b.windowEnd !== windowEnd && !moved) {
        b.slice = 0;
        b.unreported = 0;
      }
      // This instance's later end (Helix's reset, its write still under way) is kept.
      b.windowEnd = moved ? Math.max(windowEnd, b.windowEnd) : windowEnd;
      const refusedUntil = row.refused_until === null ? 0 : Number(row.refused_until);
      if (refusedUntil >= b.refusedUntil) {
        b.refusedUntil = refusedUntil;
        b.refusedReason = refusalOf(row.refused_reason);
      }
      const granted = Number(row.granted);
      const spent = Number(row.spent);
      const grant =
        b.refusedUntil > at ? 0 : Math.max(0, Math.min(Math.max(b.limits.slice, need), usable(b) - granted));
      // What this write reports is taken off the unreported count before it, so that a report written meanwhile
      // (flush, on its timer) cannot write the same units a second time; given back if the write loses its race.
      const report = b.unreported;
      b.unreported -= report;
      const result = await db
        .updateTable('platform_budgets')
        .set({ granted: granted + grant, spent: spent + report, updated_at: at })
        .where('key', '=', b.key)
        .where('granted', '=', granted)
        .where('spent', '=', spent)
        .where('window_end', '=', row.window_end)
        .executeTakeFirst()
        .catch((error: unknown) => {
          b.unreported += report;
          throw error;
        });
      if (Number(result.numUpdatedRows) === 0) {
        b.unreported += report;
        continue;
      }
      b.granted = granted + grant;
      b.spent = spent + report;
      b.slice += grant;
      renewAhead(b);
      return;
    }
    // Eight instances changed the row between our read and write: the next call asks again.
  }

  function startRefill(b: Budget, need: number): Promise<void> {
    b.refilling ??= refill(b, need)
      .catch((error: unknown) =>
        logger.error('platform budget: the shared budget could not be read', {
          budget: b.key,
          error: (error as Error).message,
        }),
      )
      .finally(() => {
        b.refilling = null;
      });
    return b.refilling;
  }

  /** Takes from this instance's slice at once, if it holds enough and the priority's share allows. */
  function tryTake(b: Budget, spec: CallSpec, cost: number, at: number): boolean {
    if (b.refusedUntil > at || b.windowEnd === 0 || at >= b.windowEnd) return false;
    if (b.slice < cost || left(b, spec.priority) < cost) return false;
    b.slice -= cost;
    b.unreported += cost;
    b.used = true;
    // Asked ahead of time: the next calls find a full slice instead of waiting for the database.
    if (b.slice < b.limits.slice / 2 && usable(b) > b.granted) void startRefill(b, 0);
    return true;
  }

  /** Why a call starts waiting: the platform refused until its reset (and what it answered), or the budget is spent. */
  const whyWaiting = (b: Budget, at: number): Pick<Waiter, 'reason' | 'refusedReason'> =>
    b.refusedUntil > at
      ? { reason: 'refused', refusedReason: b.refusedReason }
      : { reason: 'spent', refusedReason: null };

  /**
   * When a call of `priority` may be served again: where the platform refused, its reset (or the window's end, when
   * the window has nothing left for it then); otherwise the window's end.
   */
  function resetOf(b: Budget, at: number, priority: Priority = 'verify', cost = 1): number {
    const windowEnd = b.windowEnd > at ? b.windowEnd : windowAfter(b.provider, at);
    if (b.refusedUntil <= at) return windowEnd;
    if (b.refusedUntil >= windowEnd || left(b, priority) >= cost) return b.refusedUntil;
    return windowEnd;
  }

  function scheduleWake(b: Budget) {
    if (b.wakeTimer || b.waiters.length === 0 || closed) return;
    const at = now();
    const first = b.waiters[0]!;
    const delay = Math.max(50, Math.min(resetOf(b, at, first.spec.priority, first.cost) - at + 5, 60_000));
    b.wakeTimer = setTimeout(() => {
      b.wakeTimer = null;
      void drain(b);
    }, delay);
    b.wakeTimer.unref?.();
  }

  /** Serves waiting calls in priority order (first come first within one), as far as the budget goes. */
  async function drain(b: Budget) {
    while (b.waiters.length > 0 && !closed) {
      const at = now();
      expire(b, at);
      const first = b.waiters[0]!;
      if (!tryTake(b, first.spec, first.cost, at)) {
        if (b.refusedUntil <= at) await startRefill(b, first.cost);
        if (!tryTake(b, first.spec, first.cost, now())) break;
      }
      b.waiters.shift();
      if (first.timer) clearTimeout(first.timer);
      first.resolve();
    }
    scheduleWake(b);
  }

  async function take(spec: CallSpec & { cost: number }): Promise<void> {
    const b = budgetOf(spec.provider, spec.credential);
    b.purposes.add(spec.purpose);
    const cost = spec.cost;
    let at = now();
    expire(b, at);
    stats.calls += 1;
    // Nobody of its priority or above waiting ahead of it: from the slice, or after one refill (a call waiting for a
    // lower priority's share does not hold up a verification the budget can serve).
    const rank = PRIORITY_RANK[spec.priority];
    if (!b.waiters.some((w) => PRIORITY_RANK[w.spec.priority] <= rank)) {
      // Refilled as long as the shared budget has units for this priority (callers at once share each refill).
      for (let attempt = 0; attempt < 32; attempt += 1) {
        if (tryTake(b, spec, cost, at)) return;
        if (b.refusedUntil > at) break;
        if (b.windowEnd !== 0 && (usable(b) - b.granted <= 0 || left(b, spec.priority) < cost)) break;
        await startRefill(b, cost);
        at = now();
        expire(b, at);
      }
    }
    const maxWait = spec.maxWaitMs ?? (PRIORITY_RANK[spec.priority] === 0 ? 60_000 : 0);
    const reset = resetOf(b, at, spec.priority, cost);
    if (reset - at > maxWait) {
      stats.exhausted += 1;
      throw new BudgetExhausted(
        `${spec.provider === 'twitch' ? 'Twitch' : 'YouTube'} budget (${spec.credential}) is spent until ${new Date(reset).toISOString()}`,
        spec.provider,
        reset,
      );
    }
    stats.waited += 1;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { spec, cost, since: at, ...whyWaiting(b, at), resolve, reject, timer: null };
      waiter.timer = setTimeout(
        () => {
          const index = b.waiters.indexOf(waiter);
          if (index >= 0) b.waiters.splice(index, 1);
          stats.exhausted += 1;
          reject(
            new BudgetExhausted(
              `no ${spec.provider} budget came in time`,
              spec.provider,
              resetOf(b, now(), spec.priority, cost),
            ),
          );
        },
        Math.max(maxWait, 0) + 1000,
      );
      waiter.timer.unref?.();
      // In priority order; first come first within one.
      const index = b.waiters.findIndex((w) => PRIORITY_RANK[w.spec.priority] > PRIORITY_RANK[spec.priority]);
      if (index < 0) b.waiters.push(waiter);
      else b.waiters.splice(index, 0, waiter);
      scheduleWake(b);
    });
  }

  /** The platform refused for its limit; `answer`: what it answered, as it gave it (`429`, `quotaExceeded`). */
  async function reportRefusal(b: Budget, until: number, answer: string) {
    stats.refusals += 1;
    b.refusedUntil = Math.max(b.refusedUntil, until);
    b.refusedReason = { code: 'limit_reached', answer };
    b.slice = 0;
    logger.warn('a platform refused a call for its limit; every instance waits for its reset', {
      budget: b.key,
      until: new Date(until).toISOString(),
      answer,
    });
    await db
      .updateTable('platform_budgets')
      .set({ refused_until: until, refused_reason: answer, updated_at: now() })
      .where('key', '=', b.key)
      .execute()
      .catch(() => {});
    scheduleWake(b);
  }

  async function observe(spec: Pick<CallSpec, 'provider' | 'credential'>, response: Response): Promise<void> {
    const b = budgetOf(spec.provider, spec.credential);
    const at = now();
    if (spec.provider === 'twitch') {
      const reset = Number(response.headers.get('ratelimit-reset')) * 1000;
      const remaining = Number(response.headers.get('ratelimit-remaining'));
      const limit = Number(response.headers.get('ratelimit-limit'));
      // A 429 with points left in the bucket is no rate limit: EventSub's "total cost exceeded" (issue 46) refuses
      // one subscription, not the token's other calls.
      const bucketLeft = response.headers.get('ratelimit-remaining') !== null && remaining > 0;
      if (response.status === 429 && !bucketLeft) {
        await reportRefusal(b, Number.isFinite(reset) && reset > at ? reset : at + 60_000, '429');
      }
      if (!Number.isFinite(reset) || reset <= at || response.headers.get('ratelimit-reset') === null) return;
      // The platform's window ends later than ours: ours moves there, so that a new window never starts while the
      // platform still counts the old one.
      if (b.windowEnd !== 0 && reset > b.windowEnd) {
        b.movedFrom ??= b.windowEnd;
        b.windowEnd = reset;
      }
      // The platform counts fewer points left than the cluster believes (someone else uses the token): what this
      // instance holds shrinks to it.
      if (Number.isFinite(remaining) && Number.isFinite(limit) && limit > 0) {
        const platformLeft = remaining - Math.ceil(limit * b.limits.headroom);
        if (platformLeft < b.slice) b.slice = Math.max(0, platformLeft);
      }
      return;
    }
    if (response.status !== 403 && response.status !== 429) return;
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { error?: { errors?: { reason?: string }[] } };
    const reason = body.error?.errors?.[0]?.reason;
    if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')
      await reportRefusal(b, nextPacificMidnight(at), reason);
  }

  function fetchVia(spec: CallSpec, base?: typeof fetch): typeof fetch {
    const through = base ?? deps.fetch ?? fetch;
    return async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const { cost } = callCost(spec.provider, method, url.pathname);
      await take({ ...spec, cost });
      const response = await through(input, init);
      await observe(spec, response);
      return response;
    };
  }

  async function flush() {
    // Windows that ended unnoticed (a timer late) are renewed here too, for credentials spent from.
    await Promise.all([...budgets.values()].map((b) => renewIfEnded(b)));
    // Windows Helix moved later, for the other instances (a call's answer does not wait for this write; a refill
    // meanwhile keeps the later end here).
    await Promise.all(
      [...budgets.values()].map(async (b) => {
        if (b.movedFrom === null || b.windowEnd === 0) return;
        const from = b.movedFrom;
        b.movedFrom = null;
        await db
          .updateTable('platform_budgets')
          .set({ window_end: b.windowEnd, updated_at: now() })
          .where('key', '=', b.key)
          .where('window_end', '=', from)
          .execute()
          .catch(() => {});
      }),
    );
    // What each credential spent since the last report, in one transaction: one commit a report, not one per
    // credential (on SQLite each commit is an fsync; with a few hundred credentials that was the flush's whole cost).
    const reports = [...budgets.values()]
      .filter((b) => b.unreported !== 0 && b.windowEnd !== 0)
      .map((b) => {
        const report = { b, units: b.unreported, windowEnd: b.windowEnd };
        b.unreported = 0;
        return report;
      });
    if (reports.length > 0) {
      const written = await db
        .transaction()
        .execute(async (trx) => {
          const counted: typeof reports = [];
          for (const report of reports) {
            const result = await trx
              .updateTable('platform_budgets')
              .set((eb) => ({ spent: eb('spent', '+', report.units), updated_at: now() }))
              .where('key', '=', report.b.key)
              .where('window_end', '=', report.windowEnd)
              .executeTakeFirst();
            if (Number(result.numUpdatedRows) > 0) counted.push(report);
          }
          return counted;
        })
        .catch(() => []);
      for (const report of written) report.b.spent += report.units;
    }
    // Purposes new to the shared row, added to what the other instances wrote (compare and set: one that lost its race
    // is written at the next report).
    await Promise.all(
      [...budgets.values()].map(async (b) => {
        if (![...b.purposes].some((purpose) => !b.reportedPurposes.has(purpose))) return;
        const row = await db
          .selectFrom('platform_budgets')
          .select('purposes')
          .where('key', '=', b.key)
          .executeTakeFirst()
          .catch(() => undefined);
        // No row yet: written once the first refill has made it.
        if (!row) return;
        const known = purposesOf(row.purposes);
        const merged = [...new Set([...known, ...b.purposes])].sort();
        if (merged.length > known.length) {
          const result = await db
            .updateTable('platform_budgets')
            .set({ purposes: JSON.stringify(merged) })
            .where('key', '=', b.key)
            .where('purposes', '=', row.purposes)
            .executeTakeFirst()
            .catch(() => null);
          if (!result || Number(result.numUpdatedRows) === 0) return;
        }
        for (const purpose of merged) b.reportedPurposes.add(purpose);
      }),
    );
    // What another instance was refused stops this one too, within a report's time: one read for every credential.
    if (budgets.size === 0) return;
    const at = now();
    const refused = await db
      .selectFrom('platform_budgets')
      .select(['key', 'refused_until', 'refused_reason'])
      .where('refused_until', '>', at)
      .execute()
      .catch(() => []);
    for (const row of refused) {
      const b = budgets.get(row.key);
      const until = Number(row.refused_until);
      if (!b || until <= b.refusedUntil) continue;
      b.refusedUntil = until;
      b.refusedReason = refusalOf(row.refused_reason);
      b.slice = 0;
    }
  }
  const reporter = setInterval(() => void flush(), REPORT_MS);
  reporter.unref?.();

  return {
    fetch: fetchVia,
    take,
    observe,
    remaining(provider, credential, priority) {
      const b = budgetOf(provider, credential);
      const at = now();
      expire(b, at);
      if (b.windowEnd === 0) void startRefill(b, 0);
      const resetAt = b.windowEnd || windowAfter(provider, at);
      const refused = b.refusedUntil > at;
      return {
        units: refused ? 0 : Math.max(0, left(b, priority)),
        resetAt: refused ? b.refusedUntil : resetAt,
        refused,
      };
    },
    defer(spec, until) {
      const b = budgetOf(spec.provider, spec.credential);
      const entry = b.deferred.get(spec.purpose) ?? { priority: spec.priority, count: 0, until };
      entry.count += 1;
      entry.until = Math.max(entry.until, until);
      b.deferred.set(spec.purpose, entry);
    },
    async budgets() {
      await flush();
      const at = now();
      const rows = await db.selectFrom('platform_budgets').selectAll().orderBy('key').execute();
      const keys = new Set([...rows.map((row) => row.key), ...budgets.keys()]);
      return [...keys].sort().flatMap((key): BudgetView[] => {
        const row = rows.find((r) => r.key === key);
        const local = budgets.get(key);
        const provider = (row?.provider ?? local?.provider) as Provider;
        const credential = row?.credential ?? local!.credential;
        const capacity = row ? Number(row.capacity) : limits[provider].capacity;
        const windowEnd = row ? Number(row.window_end) : (local?.windowEnd ?? 0);
        const current = windowEnd > at;
        const spent = current ? Number(row?.spent ?? 0) + (local?.unreported ?? 0) : 0;
        const refusedUntil =
          row?.refused_until != null && Number(row.refused_until) > at ? Number(row.refused_until) : null;
        const waiting = new Map<BudgetPurpose, BudgetView['waiting'][number]>();
        for (const w of local?.waiters ?? []) {
          const entry = waiting.get(w.spec.purpose);
          if (entry) entry.count += 1;
          else
            waiting.set(w.spec.purpose, {
              purpose: w.spec.purpose,
              priority: w.spec.priority,
              count: 1,
              since: w.since,
              reason: w.reason,
              refusedReason: w.refusedReason,
            });
        }
        return [
          {
            provider,
            credential,
            capacity,
            spent,
            remaining: Math.max(0, Math.floor(capacity * (1 - limits[provider].headroom)) - spent),
            resetAt: current ? windowEnd : windowAfter(provider, at),
            refusedUntil,
            refusedReason: refusedUntil ? refusalOf(row?.refused_reason) : null,
            waiting: [...waiting.values()],
            deferred: [...(local?.deferred ?? new Map()).entries()]
              .filter(([, entry]) => entry.until > at)
              .map(([purpose, entry]) => ({ purpose, ...entry })),
            purposes: purposeCodes([...purposesOf(row?.purposes), ...(local?.purposes ?? [])]),
          },
        ];
      });
    },
    stats,
    limits,
    flush,
    async close() {
      closed = true;
      clearInterval(reporter);
      for (const b of budgets.values()) {
        if (b.wakeTimer) clearTimeout(b.wakeTimer);
        if (b.renewTimer) clearTimeout(b.renewTimer);
        for (const w of b.waiters.splice(0)) {
          if (w.timer) clearTimeout(w.timer);
          w.reject(new BudgetExhausted('the server is shutting down', b.provider, now()));
        }
      }
      await flush().catch(() => {});
    },
  };
}
