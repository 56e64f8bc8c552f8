// Completing the offers whose campaigns ask for more than the overlay, or pay per click (docs/product.md
// §Deliverables). The counts themselves are made elsewhere (clicks, redemptions, bot posts, the overlay's verified
// minutes); here, for each accepted or active offer, its progress (./progress.ts) decides:
//   - flat fee: every deliverable asked for is met → the offer completes at its pay;
//   - per click: the counted clicks × the rate reach the cap (the offer's pay) → it completes at the cap; the
//     campaign's window ended (today after endsOn, or the campaign cancelled or completed) → it completes with what
//     its clicks earned. No click earned nothing: nothing is paid, and the offer expires with its campaign like any
//     undelivered one (server/marketplace/campaigns.ts completeEnded), which gives its reservation back.
// Completion goes through the marketplace (server/marketplace/completion.ts, `via: 'deliverables'`) into the creator's
// pending balance with the review window, held for an operator when fraud signals say so (`holdSignals`: the
// overlay's and the clicks', filled by server/app.ts since this domain never imports the overlay). It runs after each
// count (the counters' onCounted), for the overlay when its minutes meet an offer asking for more, and as a periodic
// job; a completion settles once (completeOffer's conditional update: a second attempt is a 409, ignored here).
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES } from '../../contract/marketplace.ts';
import type { HoldReason } from '../../contract/schemas/overlay.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { Logger } from '../log.ts';
import { completeOffer } from '../marketplace/completion.ts';
import type { Notifier } from '../notifications/store.ts';
import { utcDay } from './days.ts';
import type { Progress } from './progress.ts';

/** Offers looked at per batch of the periodic settlement. */
const BATCH = 500;

export interface SettlementDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'reviewSeconds'>;
  notifier: Pick<Notifier, 'create'>;
  feeBps: number;
  progress: Pick<Progress, 'factsOf'>;
  /** Fraud signals of an offer at completion, inside its transaction (any holds the earning for an operator). */
  holdSignals?: (trx: Kysely<Database>, offerId: string) => Promise<HoldReason[]>;
  /** The creators whose offers completed (their overlays drop them). */
  onCompleted?: (creatorIds: string[]) => Promise<unknown> | unknown;
  logger?: Pick<Logger, 'error'>;
}

/** What settling decided for one offer: complete at its pay, at what its clicks earned, or not yet. */
export type Verdict = { complete: false } | { complete: true; payCents?: number };

/** The verdict on an accepted offer's progress (pure: the tests and the settlement share it). */
export function verdictOf(
  facts: {
    payCents: number;
    perClickCents: number | null;
    progress: { met: boolean; clickEarningsCents: number | null };
  },
  windowEnded: boolean,
): Verdict {
  if (facts.perClickCents === null) return facts.progress.met ? { complete: true } : { complete: false };
  const earned = Math.min(facts.progress.clickEarningsCents ?? 0, facts.payCents);
  if (earned >= facts.payCents) return { complete: true };
  // Before the window ends more clicks may come; after it, what they earned is what is paid (nothing: no completion).
  if (windowEnded && earned > 0) return { complete: true, payCents: earned };
  return { complete: false };
}

export function createSettlement(deps: SettlementDeps) {
  const { db, notifier, logger } = deps;

  /** Accepted or active offers of campaigns asking for more than the overlay, or paid per click (these, or all). */
  async function candidates(
    offerIds: readonly string[] | undefined,
    after: string,
  ): Promise<{ id: string; ends_on: string; campaign_status: string }[]> {
    let query = db
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .select(['offers.id as id', 'campaigns.ends_on as ends_on', 'campaigns.status as campaign_status'])
      .where('offers.status', 'in', DELIVERY_STATUSES)
      .where((eb) =>
        eb.or([
          eb('campaigns.link_url', 'is not', null),
          eb('campaigns.chat_message', 'is not', null),
          eb('campaigns.promo_redemptions', 'is not', null),
          eb('campaigns.per_click_cents', 'is not', null),
          eb('campaigns.overlay_required', '=', 0),
        ]),
      );
    if (offerIds) query = query.where('offers.id', 'in', [...offerIds]);
    else query = query.where('offers.id', '>', after).orderBy('offers.id').limit(BATCH);
    return query.execute();
  }

  /** Completes one offer; false when someone else did first or it left delivery meanwhile (409). */
  async function complete(offerId: string, payCents: number | undefined, now: number): Promise<boolean> {
    try {
      let announce = () => {};
      await db.transaction().execute(async (trx) => {
        const holdReasons = deps.holdSignals ? await deps.holdSignals(trx, offerId) : [];
        const done = await completeOffer(trx, {
          offerId,
          via: 'deliverables',
          feeBps: deps.feeBps,
          at: new Date(now).toISOString(),
          reviewSeconds: deps.config.reviewSeconds,
          holdReasons,
          ...(payCents === undefined ? {} : { payCents }),
        });
        // Its notices, worded by the marketplace for their readers.
        announce = await notifier.create(trx, done.notices);
      });
      announce();
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return false;
      throw error;
    }
  }

  async function settleSome(rows: { id: string; ends_on: string; campaign_status: string }[], now: number) {
    if (rows.length === 0) return { completed: 0, creators: [] as string[] };
    const today = utcDay(now);
    const facts = await deps.progress.factsOf(rows.map((row) => row.id));
    let completed = 0;
    const creators: string[] = [];
    for (const row of rows) {
      const fact = facts.get(row.id);
      if (!fact) continue;
      const windowEnded =
        today > row.ends_on || row.campaign_status === 'cancelled' || row.campaign_status === 'completed';
      const verdict = verdictOf(fact, windowEnded);
      if (!verdict.complete) continue;
      try {
        if (await complete(row.id, verdict.payCents, now)) {
          completed += 1;
          creators.push(fact.creatorId);
        }
      } catch (error) {
        // The next count or the periodic settlement tries again.
        logger?.error('deliverables completion failed', { offerId: row.id, error: (error as Error).message });
      }
    }
    return { completed, creators };
  }

  return {
    /**
     * Completes the accepted offers (these, or every one) whose deliverables are met, whose clicks reached the cap,
     * or whose campaign's window ended with clicks earned; returns how many completed now.
     */
    async settle(offerIds?: readonly string[], now = Date.now()): Promise<number> {
      if (offerIds && offerIds.length === 0) return 0;
      let completed = 0;
      const creators: string[] = [];
      if (offerIds) {
        const ids = [...new Set(offerIds)];
        for (let from = 0; from < ids.length; from += BATCH) {
          const result = await settleSome(await candidates(ids.slice(from, from + BATCH), ''), now);
          completed += result.completed;
          creators.push(...result.creators);
        }
      } else {
        // Every offer, a batch at a time in id order (those completed meanwhile simply leave the candidates).
        let after = '';
        for (;;) {
          const rows = await candidates(undefined, after);
          const result = await settleSome(rows, now);
          completed += result.completed;
          creators.push(...result.creators);
          if (rows.length < BATCH) break;
          after = rows[rows.length - 1]!.id;
        }
      }
      if (creators.length > 0 && deps.onCompleted) await deps.onCompleted([...new Set(creators)]);
      return completed;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
