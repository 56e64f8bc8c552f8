// GET /api/offers answers, cached per user and status filter (issue 13: a creator's 200 offers at ≥ 5,000 req/s).
// A cached answer is served only while the user's users.offers_rev is the revision it was built under. Every write
// that changes what a list shows raises the revision of each user who sees it, inside the write's own transaction
// (touchOfferLists, touchAdvertisersOf; matching, whose transaction is long, right after it commits), so the check
// costs one indexed read and a write made by any instance invalidates every instance's copy. With CONTRACT_CHECK (every test) a cache hit is rebuilt and compared, so a
// write that forgets to raise a revision fails the test that makes it.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { OfferStatus, Role } from '../../contract/marketplace.ts';
import { schemas } from '../../contract/index.ts';
import type { Database } from '../db/types.ts';
import { preferredEncoding } from '../http/encoding.ts';
import { describeIssues, HttpError } from '../http/errors.ts';
import { ContractViolation } from '../http/route.ts';
import type { OfferStore } from './offers.ts';

const gzip = promisify(zlib.gzip);
const MIN_COMPRESS_BYTES = 512;
const CHUNK = 500;

/** Raises the offers-list revision of these users (deduplicated), inside the caller's transaction. */
export async function touchOfferLists(executor: Kysely<Database>, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  for (let start = 0; start < ids.length; start += CHUNK) {
    await executor
      .updateTable('users')
      .set((eb) => ({ offers_rev: eb('offers_rev', '+', 1) }))
      .where('id', 'in', ids.slice(start, start + CHUNK))
      .execute();
  }
}

/** Raises the revision of the other side of every offer of `userId` (a creator's advertisers, an advertiser's creators). */
async function touchCounterparts(executor: Kysely<Database>, userId: string, side: 'creator' | 'advertiser'): Promise<void> {
  const [mine, theirs] = side === 'creator' ? (['offers.creator_id', 'campaigns.advertiser_id'] as const) : (['campaigns.advertiser_id', 'offers.creator_id'] as const);
  await executor
    .updateTable('users')
    .set((eb) => ({ offers_rev: eb('offers_rev', '+', 1) }))
    .where('id', 'in', (eb) => eb.selectFrom('offers').innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id').select(theirs).where(mine, '=', userId))
    .execute();
}

/** Every advertiser with an offer to this creator: their lists show the creator's profile. */
export const touchAdvertisersOf = (executor: Kysely<Database>, creatorId: string) => touchCounterparts(executor, creatorId, 'creator');

/** Every creator with an offer of this advertiser's campaigns. */
export const touchCreatorsOf = (executor: Kysely<Database>, advertiserId: string) => touchCounterparts(executor, advertiserId, 'advertiser');

interface Answer {
  rev: number;
  json: string;
  gzip: Uint8Array<ArrayBuffer> | null;
  bytes: number;
}

/** Least recently used answers up to `limitBytes` in all. */
export function createAnswerCache(limitBytes = 32 * 1024 * 1024) {
  const entries = new Map<string, Answer>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    get(key: string, rev: number): Answer | null {
      const entry = entries.get(key);
      if (!entry || entry.rev !== rev) return null;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    async put(key: string, rev: number, json: string): Promise<Answer> {
      const packed = json.length >= MIN_COMPRESS_BYTES ? new Uint8Array(await gzip(json, { level: 6 })) : null;
      const entry: Answer = { rev, json, gzip: packed, bytes: json.length * 2 + (packed?.length ?? 0) };
      const current = entries.get(key);
      // A slower build of an older revision never replaces a newer one.
      if (current && current.rev > rev) return entry;
      drop(key);
      if (entry.bytes > limitBytes) return entry;
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (bytes <= limitBytes) break;
        drop(oldest);
      }
      return entry;
    },
    get size() {
      return entries.size;
    },
  };
}

interface Party {
  userId: string;
  role: Role;
}

export function createOfferLists(offers: OfferStore, options: { contractCheck: boolean; limitBytes?: number }) {
  const cache = createAnswerCache(options.limitBytes);
  const build = async (party: Party, status: OfferStatus | undefined) => JSON.stringify({ offers: await offers.list(party, status) });

  /** The JSON answer of GET /api/offers for `party`, from the cache while their revision stands. */
  async function answer(party: Party, status: OfferStatus | undefined): Promise<Answer> {
    if (party.role === 'operator') throw new HttpError(403, 'Operators see campaigns in the console, not offers');
    // The revision is read before the list: a write landing in between leaves an answer marked older than its
    // contents, which only costs a rebuild.
    const rev = await offers.listRevision(party.userId);
    const key = `${party.userId}\0${status ?? ''}`;
    const hit = cache.get(key, rev);
    if (hit && !options.contractCheck) return hit;
    const json = await build(party, status);
    if (options.contractCheck) {
      if (hit && hit.json !== json) {
        throw new ContractViolation(`GET /api/offers served a stale cached answer: a write changed ${party.role} ${party.userId}'s offers without raising users.offers_rev`);
      }
      const parsed = schemas.listOffers.response.safeParse(JSON.parse(json));
      if (!parsed.success) throw new ContractViolation(`GET /api/offers answered outside its contract: ${describeIssues(parsed.error as never)}`);
      if (hit) return hit;
    }
    return cache.put(key, rev, json);
  }

  return {
    answer,
    /** The answer as a response: gzip when the client accepts it (built once per revision), else the JSON text. */
    async respond(c: Context, party: Party, status: OfferStatus | undefined): Promise<Response> {
      const found = await answer(party, status);
      const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=UTF-8' };
      if (!found.gzip) return c.body(found.json, 200, headers);
      headers.Vary = 'Accept-Encoding';
      if (!preferredEncoding(c.req.header('accept-encoding') ?? '', ['gzip'])) return c.body(found.json, 200, headers);
      headers['Content-Encoding'] = 'gzip';
      return c.body(found.gzip, 200, headers);
    },
    cache,
  };
}

export type OfferLists = ReturnType<typeof createOfferLists>;
