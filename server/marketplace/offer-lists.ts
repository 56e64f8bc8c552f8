// GET /api/offers answers, cached per user and status filter (docs/product.md §Offers, threads, notifications: a creator's 200 offers at ≥ 5,000 req/s).
// A cached answer (server/http/answer-cache.ts) is served only while the user's users.offers_rev is the revision it
// was built under; every write that changes what a list shows raises it (server/marketplace/offer-revisions.ts). With
// CONTRACT_CHECK (every test) a cache hit is rebuilt and compared, so a write that forgets to raise a revision fails
// the test that makes it. An answer is kept per language too: its offers' match reasons are worded in the reader's
// (./reasons.ts), so it says `Vary: Accept-Language`.
import type { Context } from 'hono';
import type { OfferStatus, Role } from '../../contract/marketplace.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { schemas } from '../../contract/index.ts';
import { answerResponse, createAnswerCache, type Answer } from '../http/answer-cache.ts';
import { ContractViolation, describeIssues, HttpError } from '../http/errors.ts';
import type { OfferStore } from './offers.ts';
import { marketplaceProblems } from './problems.ts';

interface Party {
  userId: string;
  role: Role;
  locale?: Locale;
}

export function createOfferLists(
  offers: Pick<OfferStore, 'list' | 'listRevision'>,
  options: { contractCheck: boolean; limitBytes?: number },
) {
  const cache = createAnswerCache(options.limitBytes);
  const build = async (party: Party, status: OfferStatus | undefined) =>
    JSON.stringify({ offers: await offers.list(party, status) });

  /** The JSON answer of GET /api/offers for `party`, from the cache while their revision stands. */
  async function answer(party: Party, status: OfferStatus | undefined): Promise<Answer> {
    if (party.role === 'operator') throw new HttpError(403, marketplaceProblems.operators_no_offers);
    // The revision is read before the list: a write landing in between leaves an answer marked older than its
    // contents, which only costs a rebuild.
    const rev = await offers.listRevision(party.userId);
    const key = `${party.userId}\0${status ?? ''}\0${party.locale ?? DEFAULT_LOCALE}`;
    const hit = cache.get(key, rev);
    if (hit && !options.contractCheck) return hit;
    const json = await build(party, status);
    if (options.contractCheck) {
      if (hit && hit.json !== json) {
        throw new ContractViolation(
          `GET /api/offers served a stale cached answer: a write changed ${party.role} ${party.userId}'s offers without raising users.offers_rev`,
        );
      }
      const parsed = schemas.listOffers.response.safeParse(JSON.parse(json));
      if (!parsed.success)
        throw new ContractViolation(
          `GET /api/offers answered outside its contract: ${describeIssues(parsed.error as never)}`,
        );
      if (hit) return hit;
    }
    return cache.put(key, rev, json);
  }

  return {
    answer,
    /** The answer as a response: gzip when the client accepts it (built once per revision), else the JSON text. */
    async respond(c: Context, party: Party, status: OfferStatus | undefined): Promise<Response> {
      const response = answerResponse(c, await answer(party, status));
      response.headers.append('Vary', 'Accept-Language');
      return response;
    },
    cache,
  };
}

export type OfferLists = ReturnType<typeof createOfferLists>;
