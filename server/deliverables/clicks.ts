// Counting the tracked links' clicks (docs/product.md §Tracked links). Every click is answered at once with its 302;
// whether it counts is decided in memory and written later, so that a busy link never waits on the database:
//
// - the link (code → offer, campaign, the brand's URL with the UTM parameters, whether the offer is active) is cached
//   for LINK_TTL_MS and refreshed behind the answers; an unknown code is remembered briefly too;
// - a known bot, an offer not active, a visitor or link over its per-minute limit, or a visitor seen on the link today
//   is refused, in that order; the rest counts. The per-visitor limit counts the address (an IPv6 address's /64)
//   across links, whatever user agent it claims;
// - the visitor is HMAC-SHA256 of the address (CLICK_UNIQUE_BY=address, the default: one address counts once per link
//   per day whatever user agent it claims, so rotating user agents makes no new visitor — issue 44) or of the address
//   and user agent (address+agent), keyed by the UTC day's salt (link_salts): a visitor can be told apart within a
//   day, never recognised on another, and no address is ever stored;
// - every click that reaches that check (counted or a repeat) is tallied per address (HMAC of the address, the same
//   salt) for the concentration signal (./click-fraud.ts);
// - the clicks are written every CLICK_FLUSH_MS in one transaction: counted clicks into link_clicks, whose key (code,
//   day, visitor) turns a visitor another instance already counted into a repeat, the tallies into link_addresses,
//   and each offer's day into offer_days.
import crypto from 'node:crypto';
import { isbot } from 'isbot';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { DELIVERY_STATUSES } from '../../contract/marketplace.ts';
import { LINK_CODE_PATTERN, type ClickRefusal } from '../../contract/deliverables.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import { bumpDays, utcDay, type DayCounts } from './days.ts';
import { destination } from './links.ts';

/** A link's cached answer is looked at again after this long (a paused or ended campaign stops counting by then). */
const LINK_TTL_MS = 30_000;
/** An unknown code is not looked up again for this long. */
const MISSING_TTL_MS = 5_000;
/** The most links (known or not) kept in memory; beyond it the oldest are dropped and looked up again. */
const MAX_LINKS = 50_000;
/** Visitors remembered per day on this instance; beyond it the memory starts again (link_clicks' key still holds). */
const MAX_SEEN = 500_000;
/** Addresses whose minute is counted; beyond it new ones are not limited until the next minute (the link's limit is). */
const MAX_VISITOR_WINDOWS = 200_000;
/** A flush is started early once this many counted clicks wait. */
const FLUSH_AT = 50_000;
/** Counted clicks kept for the next flush when one fails; beyond it they are dropped (and logged). */
const MAX_BUFFER = 200_000;
/** Rows per INSERT (4 parameters each: well under SQLite's and PostgreSQL's limits). */
const INSERT_CHUNK = 100;
const USER_AGENT_MAX = 512;
/** User agents whose bot check is remembered. */
const MAX_USER_AGENTS = 5_000;

export type ClickOutcome = 'counted' | ClickRefusal;

export interface ClickAnswer {
  /** 302 to `location`, or 404 for a code that is no link. */
  status: 302 | 404;
  location: string | null;
  /** What the click came to (null: not a click, e.g. HEAD or an unknown code). */
  outcome: ClickOutcome | null;
}

export interface ClickStats {
  outcomes: Record<ClickOutcome, number>;
  /** Counted clicks waiting for the next flush. */
  buffered: number;
  flushes: number;
  /** Counted clicks written, and those that another instance had counted already (made repeats at the flush). */
  written: number;
  repeatsAtFlush: number;
  lastFlushMs: number;
  links: number;
}

export interface ClickCounter {
  /**
   * A visit to /l/<code> from `visitor` (its client address and user agent): answers without waiting on the database
   * unless the code is not in memory yet. HEAD only redirects (link previews): it is not a click.
   */
  click(
    code: string,
    visitor: { address: string; userAgent: string; head?: boolean },
  ): ClickAnswer | Promise<ClickAnswer>;
  /** Writes what was counted so far (the timer does it every CLICK_FLUSH_MS). */
  flush(): Promise<void>;
  /** Forgets cached links (all, or one campaign's): they are read again at their next click. */
  invalidate(campaignId?: string): void;
  stats(): ClickStats;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export interface ClickCounterDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Pick<Config, 'deliverables'>;
  logger: Logger;
  now?: () => number;
  /** Told the offers whose clicks a flush counted (settlement: a click target met, a per-click cap reached). */
  onCounted?: (offerIds: string[]) => Promise<unknown> | unknown;
}

interface LinkEntry {
  code: string;
  /** null: no such link (or its campaign has no URL any more). */
  link: {
    offerId: string;
    campaignId: string;
    location: string;
    offerStatus: string;
    campaignStatus: string;
    startsOn: string;
    endsOn: string;
  } | null;
  loadedAt: number;
  refreshing: boolean;
}

interface Counted {
  code: string;
  offerId: string;
  campaignId: string;
  day: string;
  visitor: string;
  at: number;
}

/** Clicks by people (counted or repeats) on one link, one day, from one address (its hash). */
interface Tally {
  code: string;
  offerId: string;
  day: string;
  address: string;
  clicks: number;
}

interface Refusals {
  offerId: string;
  campaignId: string;
  day: string;
  counts: Required<Pick<DayCounts, 'clicks_bot' | 'clicks_repeat' | 'clicks_limited' | 'clicks_inactive'>>;
}

const REFUSAL_COLUMN = {
  bot: 'clicks_bot',
  repeat: 'clicks_repeat',
  limited: 'clicks_limited',
  inactive: 'clicks_inactive',
} as const satisfies Record<ClickRefusal, keyof Refusals['counts']>;

const DELIVERING = new Set<string>(DELIVERY_STATUSES);

/** Whether clicks on `link` count on `day`: the offer accepted or active, its campaign active, the day in its window. */
function activeOn(
  link: { offerStatus: string; campaignStatus: string; startsOn: string; endsOn: string },
  day: string,
): boolean {
  return (
    DELIVERING.has(link.offerStatus) && link.campaignStatus === 'active' && link.startsOn <= day && day <= link.endsOn
  );
}

export function createClickCounter(deps: ClickCounterDeps): ClickCounter {
  const { db, config, logger } = deps;
  const now = deps.now ?? Date.now;
  const limits = config.deliverables;
  const byAgent = limits.clickUniqueBy === 'address+agent';

  // The clicks' INSERT, as text built once per row count: a flush of thousands of clicks spends its time in the
  // database, not in building the same query again (and SQLite's prepared statement is reused, server/db/connect.ts).
  const insertTexts = new Map<number, string>();
  const insertText = (rows: number) => {
    let text = insertTexts.get(rows);
    if (!text) {
      let parameter = 0;
      const next = () => (deps.dialect === 'postgres' ? `$${++parameter}` : '?');
      const values = Array.from({ length: rows }, () => `(${next()}, ${next()}, ${next()}, ${next()})`).join(', ');
      text = `insert into link_clicks (code, day, visitor, at) values ${values} on conflict (code, day, visitor) do nothing`;
      insertTexts.set(rows, text);
    }
    return text;
  };

  // The UTC day of a click, remade only when the clock passes midnight.
  let dayOf = { from: 0, to: 0, day: '' };
  const clickDay = (at: number) => {
    if (at < dayOf.from || at >= dayOf.to) {
      const from = Math.floor(at / 86_400_000) * 86_400_000;
      dayOf = { from, to: from + 86_400_000, day: utcDay(at) };
    }
    return dayOf.day;
  };

  // isbot's list is one large expression; a link's visitors come with a few hundred user agents at most.
  let bots = new Map<string, boolean>();
  const knownBot = (userAgent: string) => {
    let bot = bots.get(userAgent);
    if (bot === undefined) {
      bot = userAgent.trim() === '' || isbot(userAgent);
      if (bots.size >= MAX_USER_AGENTS) bots = new Map();
      bots.set(userAgent, bot);
    }
    return bot;
  };

  // ------------------------------------------------------------------------------------------- links in memory
  const links = new Map<string, LinkEntry>();
  const loading = new Map<string, Promise<LinkEntry>>();

  async function loadLink(code: string): Promise<LinkEntry> {
    const row = await db
      .selectFrom('offer_links')
      .innerJoin('offers', 'offers.id', 'offer_links.offer_id')
      .innerJoin('campaigns', 'campaigns.id', 'offer_links.campaign_id')
      .select([
        'offer_links.offer_id as offerId',
        'offer_links.campaign_id as campaignId',
        'offers.status as offerStatus',
        'campaigns.status as campaignStatus',
        'campaigns.starts_on as startsOn',
        'campaigns.ends_on as endsOn',
        'campaigns.link_url as url',
        'campaigns.title as title',
      ])
      .where('offer_links.code', '=', code)
      .executeTakeFirst();
    const entry: LinkEntry = {
      code,
      link:
        row && row.url
          ? {
              offerId: row.offerId,
              campaignId: row.campaignId,
              location: destination(row.url, { code, campaignTitle: row.title }),
              offerStatus: row.offerStatus,
              campaignStatus: row.campaignStatus,
              startsOn: row.startsOn,
              endsOn: row.endsOn,
            }
          : null,
      loadedAt: now(),
      refreshing: false,
    };
    if (links.size >= MAX_LINKS && !links.has(code)) {
      // Maps keep insertion order: the first key is the longest held.
      const oldest = links.keys().next().value;
      if (oldest !== undefined) links.delete(oldest);
    }
    links.set(code, entry);
    return entry;
  }

  /** The cached entry, refreshed behind the answer once stale; null when it must be loaded first. */
  function cached(code: string): LinkEntry | null {
    const entry = links.get(code);
    if (!entry) return null;
    const age = now() - entry.loadedAt;
    if (entry.link === null) return age < MISSING_TTL_MS ? entry : null;
    if (age >= LINK_TTL_MS && !entry.refreshing) {
      entry.refreshing = true;
      loadLink(code).catch((error: unknown) => {
        entry.refreshing = false;
        logger.warn('tracked link not refreshed', { code, error: (error as Error).message });
      });
    }
    return entry;
  }

  function load(code: string): Promise<LinkEntry> {
    let pending = loading.get(code);
    if (!pending) {
      pending = loadLink(code).finally(() => loading.delete(code));
      loading.set(code, pending);
    }
    return pending;
  }

  // ------------------------------------------------------------------------------------------- the day's salt
  // Today's, and tomorrow's once made ahead (or yesterday's for a click still being decided at midnight).
  const salts = new Map<string, Buffer>();
  const saltLoads = new Map<string, Promise<Buffer>>();

  /** The UTC day's secret: made by whichever instance needs it first, read by the others; old days deleted. */
  async function loadSalt(day: string): Promise<Buffer> {
    await db
      .insertInto('link_salts')
      .values({ day, salt: crypto.randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await db.selectFrom('link_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    // Two days on, a day's hashes can no longer be recomputed from an address: only today's and yesterday's are kept.
    await db
      .deleteFrom('link_salts')
      .where('day', '<', utcDay(Date.parse(`${day}T00:00:00Z`) - 86_400_000))
      .execute();
    return Buffer.from(row.salt, 'hex');
  }

  function saltFor(day: string): Buffer | Promise<Buffer> {
    const known = salts.get(day);
    if (known) return known;
    let pending = saltLoads.get(day);
    if (!pending) {
      pending = loadSalt(day)
        .then((key) => {
          salts.set(day, key);
          // Days before yesterday are of no more use here.
          const yesterday = utcDay(Date.parse(`${day}T00:00:00Z`) - 86_400_000);
          for (const held of salts.keys()) if (held < yesterday) salts.delete(held);
          return key;
        })
        .finally(() => saltLoads.delete(day));
      saltLoads.set(day, pending);
    }
    return pending;
  }

  // ------------------------------------------------------------------------------------------- limits and repeats
  let minute = -1;
  let visitorClicks = new Map<string, number>();
  let linkClicks = new Map<string, number>();
  let seenDay = '';
  let seen = new Set<string>();

  /** One more click this minute for the address and the link; whether either is over its limit. */
  function overLimit(address: string, code: string, at: number): boolean {
    const current = Math.floor(at / 60_000);
    if (current !== minute) {
      minute = current;
      visitorClicks = new Map();
      linkClicks = new Map();
    }
    const byLink = (linkClicks.get(code) ?? 0) + 1;
    linkClicks.set(code, byLink);
    let byVisitor = 1;
    const known = visitorClicks.get(address);
    if (known !== undefined) {
      byVisitor = known + 1;
      visitorClicks.set(address, byVisitor);
    } else if (visitorClicks.size < MAX_VISITOR_WINDOWS) {
      visitorClicks.set(address, 1);
    }
    return byVisitor > limits.clicksPerVisitorMinute || byLink > limits.clicksPerLinkMinute;
  }

  /** Whether the visitor was seen on the link today (remembering them now if not). */
  function repeat(code: string, visitor: string, day: string): boolean {
    if (day !== seenDay) {
      seenDay = day;
      seen = new Set();
    }
    // Half the hash is plenty to tell a day's visitors apart in memory; the database keeps all of it.
    const key = code + visitor.slice(0, 32);
    if (seen.has(key)) return true;
    if (seen.size >= MAX_SEEN) seen = new Set();
    seen.add(key);
    return false;
  }

  // ------------------------------------------------------------------------------------------- the buffer
  let counted: Counted[] = [];
  let refusals = new Map<string, Refusals>();
  let tallies = new Map<string, Tally>();
  const outcomes: Record<ClickOutcome, number> = { counted: 0, bot: 0, repeat: 0, limited: 0, inactive: 0 };
  const figures = { flushes: 0, written: 0, repeatsAtFlush: 0, lastFlushMs: 0 };

  function refuse(link: NonNullable<LinkEntry['link']>, day: string, reason: ClickRefusal, by = 1) {
    const key = `${link.offerId}|${day}`;
    let row = refusals.get(key);
    if (!row) {
      row = {
        offerId: link.offerId,
        campaignId: link.campaignId,
        day,
        counts: { clicks_bot: 0, clicks_repeat: 0, clicks_limited: 0, clicks_inactive: 0 },
      };
      refusals.set(key, row);
    }
    row.counts[REFUSAL_COLUMN[reason]] += by;
  }

  function decide(entry: LinkEntry, visitor: { address: string; userAgent: string; head?: boolean }) {
    const link = entry.link;
    if (!link) return { status: 404 as const, location: null, outcome: null };
    if (visitor.head) return { status: 302 as const, location: link.location, outcome: null };
    const at = now();
    const day = clickDay(at);
    const userAgent =
      visitor.userAgent.length > USER_AGENT_MAX ? visitor.userAgent.slice(0, USER_AGENT_MAX) : visitor.userAgent;
    let refusal: ClickRefusal | null = null;
    if (knownBot(userAgent)) refusal = 'bot';
    else if (!activeOn(link, day)) refusal = 'inactive';
    else if (overLimit(visitor.address, entry.code, at)) refusal = 'limited';
    if (refusal) {
      outcomes[refusal] += 1;
      refuse(link, day, refusal);
      return { status: 302 as const, location: link.location, outcome: refusal };
    }
    const key = saltFor(day);
    // The first click of a UTC day on this instance waits for the day's salt (one read, then memory).
    if (key instanceof Promise)
      return key.then((loaded) => count(entry, link, visitor.address, userAgent, day, at, loaded));
    return count(entry, link, visitor.address, userAgent, day, at, key);
  }

  /** A click that passed the checks: counted, unless the visitor was seen on the link today. */
  function count(
    entry: LinkEntry,
    link: NonNullable<LinkEntry['link']>,
    address: string,
    userAgent: string,
    day: string,
    at: number,
    key: Buffer,
  ): ClickAnswer {
    const place = crypto.createHmac('sha256', key).update(address).digest('hex');
    const hash = byAgent ? crypto.createHmac('sha256', key).update(`${address}\n${userAgent}`).digest('hex') : place;
    const tallyKey = `${entry.code}|${day}|${place}`;
    const tally = tallies.get(tallyKey);
    if (tally) tally.clicks += 1;
    else tallies.set(tallyKey, { code: entry.code, offerId: link.offerId, day, address: place, clicks: 1 });
    if (repeat(entry.code, hash, day)) {
      outcomes.repeat += 1;
      refuse(link, day, 'repeat');
      return { status: 302, location: link.location, outcome: 'repeat' };
    }
    outcomes.counted += 1;
    counted.push({ code: entry.code, offerId: link.offerId, campaignId: link.campaignId, day, visitor: hash, at });
    // Written after this answer has gone (the flush's own work is on this thread with SQLite).
    if ((counted.length >= FLUSH_AT || tallies.size >= FLUSH_AT) && !early) {
      early = true;
      setImmediate(() => {
        early = false;
        void flush();
      });
    }
    return { status: 302, location: link.location, outcome: 'counted' };
  }

  // Promise-returning only on a miss (or a day's first salt): the hot path stays synchronous.
  function click(code: string, visitor: { address: string; userAgent: string; head?: boolean }) {
    if (!LINK_CODE_PATTERN.test(code)) return { status: 404 as const, location: null, outcome: null };
    const entry = cached(code);
    if (entry) return decide(entry, visitor);
    return load(code).then((loaded) => decide(loaded, visitor));
  }

  // ------------------------------------------------------------------------------------------- the flush
  let running: Promise<void> | null = null;
  /** An early flush is scheduled (the buffer reached FLUSH_AT). */
  let early = false;
  let again = false;

  async function write(
    batch: Counted[],
    refused: Map<string, Refusals>,
    tallied: Map<string, Tally>,
  ): Promise<string[]> {
    const rows = new Map<string, { offerId: string; campaignId: string; day: string; counts: DayCounts }>();
    const rowOf = (offerId: string, campaignId: string, day: string) => {
      const key = `${offerId}|${day}`;
      let row = rows.get(key);
      if (!row) {
        row = { offerId, campaignId, day, counts: {} };
        rows.set(key, row);
      }
      return row;
    };
    for (const refusal of refused.values())
      Object.assign(rowOf(refusal.offerId, refusal.campaignId, refusal.day).counts, refusal.counts);
    const add = (offerId: string, campaignId: string, day: string, column: keyof DayCounts, by: number) => {
      const counts = rowOf(offerId, campaignId, day).counts;
      counts[column] = (counts[column] ?? 0) + by;
    };
    const countedOffers = new Set<string>();
    await db.transaction().execute(async (trx) => {
      // The memory's view of the offers may be up to LINK_TTL_MS old: an offer that ended or a campaign paused or
      // cancelled meanwhile gets none of these clicks.
      const offerIds = [
        ...new Set([
          ...batch.map((click) => click.offerId),
          ...[...refused.values()].map((row) => row.offerId),
          ...[...tallied.values()].map((row) => row.offerId),
        ]),
      ];
      const offers = new Map<string, Parameters<typeof activeOn>[0]>();
      for (let start = 0; start < offerIds.length; start += INSERT_CHUNK) {
        const found = await trx
          .selectFrom('offers')
          .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
          .select([
            'offers.id as offerId',
            'offers.status as offerStatus',
            'campaigns.status as campaignStatus',
            'campaigns.starts_on as startsOn',
            'campaigns.ends_on as endsOn',
          ])
          .where('offers.id', 'in', offerIds.slice(start, start + INSERT_CHUNK))
          .execute();
        for (const row of found) offers.set(row.offerId, row);
      }
      const insertable: Counted[] = [];
      for (const click of batch) {
        const offer = offers.get(click.offerId);
        if (offer && activeOn(offer, click.day)) insertable.push(click);
        else if (offer) add(click.offerId, click.campaignId, click.day, 'clicks_inactive', 1);
        // An offer gone altogether (its creator erased): nothing to count it on.
      }
      // Inserted per link and day, so that the rows each statement reports inserted tell which clicks counted: in a
      // group, as many as got in counted, the rest had been counted before (by another instance, or before a restart).
      const groups = new Map<string, Counted[]>();
      for (const click of insertable) {
        const key = `${click.code}|${click.day}`;
        const group = groups.get(key);
        if (group) group.push(click);
        else groups.set(key, [click]);
      }
      let statements = 0;
      for (const group of groups.values()) {
        let added = 0;
        for (let start = 0; start < group.length; start += INSERT_CHUNK) {
          // Between statements, the redirects waiting meanwhile are answered (SQLite's work is on this thread).
          if (statements++ > 0) await new Promise((resolve) => setImmediate(resolve));
          const chunk = group.slice(start, start + INSERT_CHUNK);
          const result = await trx.executeQuery(
            CompiledQuery.raw(
              insertText(chunk.length),
              chunk.flatMap((click) => [click.code, click.day, click.visitor, click.at]),
            ),
          );
          added += Number(result.numAffectedRows ?? 0);
        }
        const { offerId, campaignId, day } = group[0]!;
        if (added > 0) {
          add(offerId, campaignId, day, 'clicks', added);
          countedOffers.add(offerId);
        }
        if (group.length > added) {
          // Counted already: once per visitor per day.
          add(offerId, campaignId, day, 'clicks_repeat', group.length - added);
          figures.repeatsAtFlush += group.length - added;
        }
      }
      figures.written += insertable.length;
      // Each address's clicks of the day, added to what other instances and earlier flushes wrote.
      const addresses = [...tallied.values()].filter((row) => offers.has(row.offerId));
      for (let start = 0; start < addresses.length; start += INSERT_CHUNK) {
        if (statements++ > 0) await new Promise((resolve) => setImmediate(resolve));
        await trx
          .insertInto('link_addresses')
          .values(
            addresses
              .slice(start, start + INSERT_CHUNK)
              .map(({ code, day, address, clicks }) => ({ code, day, address, clicks })),
          )
          .onConflict((oc) =>
            oc
              .columns(['code', 'day', 'address'])
              .doUpdateSet({ clicks: sql<number>`link_addresses.clicks + excluded.clicks` }),
          )
          .execute();
      }
      await bumpDays(
        trx,
        [...rows.values()].filter((row) => offers.has(row.offerId)),
      );
    });
    return [...countedOffers];
  }

  async function flushOnce(): Promise<void> {
    if (counted.length === 0 && refusals.size === 0 && tallies.size === 0) return;
    const batch = counted;
    const refused = refusals;
    const tallied = tallies;
    counted = [];
    refusals = new Map();
    tallies = new Map();
    const started = performance.now();
    let offerIds: string[];
    try {
      offerIds = await write(batch, refused, tallied);
    } catch (error) {
      // Kept for the next flush (a database that is away for a moment loses nothing), within bounds.
      logger.error('click flush failed', { clicks: batch.length, error: (error as Error).message });
      counted = batch.concat(counted);
      if (counted.length > MAX_BUFFER) {
        logger.error('click buffer full: clicks dropped', { dropped: counted.length - MAX_BUFFER });
        counted = counted.slice(counted.length - MAX_BUFFER);
      }
      for (const [key, row] of refused) {
        const current = refusals.get(key);
        if (!current) refusals.set(key, row);
        else
          for (const column of Object.keys(row.counts) as (keyof Refusals['counts'])[])
            current.counts[column] += row.counts[column];
      }
      for (const [key, row] of tallied) {
        const current = tallies.get(key);
        if (current) current.clicks += row.clicks;
        else if (tallies.size < MAX_BUFFER) tallies.set(key, row);
      }
      return;
    } finally {
      figures.flushes += 1;
      figures.lastFlushMs = Math.round(performance.now() - started);
    }
    if (offerIds.length > 0 && deps.onCounted) {
      try {
        await deps.onCounted(offerIds);
      } catch (error) {
        logger.error('settlement after counted clicks failed', { error: (error as Error).message });
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await flushOnce();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => {
    void flush();
    // The next UTC day's salt is made a little ahead, so that its first clicks do not wait for it.
    const soon = now() + 60_000;
    if (utcDay(soon) !== utcDay(now())) {
      const next = saltFor(utcDay(soon));
      if (next instanceof Promise) next.catch(() => {});
    }
  }, limits.clickFlushMs);
  timer.unref();

  return {
    click,
    flush,
    invalidate(campaignId) {
      for (const entry of links.values()) if (!campaignId || entry.link?.campaignId === campaignId) entry.loadedAt = 0;
    },
    stats: () => ({
      outcomes: { ...outcomes },
      buffered: counted.length,
      ...figures,
      links: links.size,
    }),
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/**
 * A visitor as link_clicks keeps them, keyed by the day's salt (hex): HMAC-SHA256 of the address (CLICK_UNIQUE_BY
 * `address`, and link_addresses' address), or of the address and user agent (`address+agent`).
 */
export function visitorHash(salt: string, address: string, userAgent: string | null): string {
  return crypto
    .createHmac('sha256', Buffer.from(salt, 'hex'))
    .update(userAgent === null ? address : `${address}\n${userAgent.slice(0, USER_AGENT_MAX)}`)
    .digest('hex');
}
