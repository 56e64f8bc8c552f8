// Counter-offers' rows (docs/product.md §Counter-offers): the proposal an offer's answer shows, and the withdrawal of an
// open proposal when its offer leaves invited or info_requested by other means (declined, expired, accepted at the
// campaign's terms, its campaign cancelled, full or ended). Apart from ./proposals.ts so the offer and campaign stores
// use them without importing the negotiation itself.
import type { Kysely, Selectable } from 'kysely';
import { OPEN_OFFER_STATUSES } from '../../contract/marketplace.ts';
import type { Offer, Proposal } from '../../contract/schemas/marketplace.ts';
import type { Database, OfferProposalsTable } from '../db/types.ts';

export type ProposalRow = Selectable<OfferProposalsTable>;

export function toProposal(row: ProposalRow): Proposal {
  return {
    round: Number(row.round),
    side: row.side,
    payCents: Number(row.pay_cents),
    deliverableMinutes: row.deliverable_minutes === null ? null : Number(row.deliverable_minutes),
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** Marks the open proposals of these offers withdrawn, inside the caller's transaction. */
export async function withdrawProposals(executor: Kysely<Database>, offerIds: readonly string[]): Promise<void> {
  for (let start = 0; start < offerIds.length; start += 500) {
    await executor
      .updateTable('offer_proposals')
      .set({ status: 'withdrawn', decided_at: new Date().toISOString() })
      .where('offer_id', 'in', offerIds.slice(start, start + 500))
      .where('status', '=', 'open')
      .execute();
  }
}

/** Fills each open offer's `proposal` with its open proposal (one query, and none when no offer is open). */
export async function withProposals(executor: Kysely<Database>, offers: Offer[]): Promise<Offer[]> {
  const open = offers
    .filter((offer) => (OPEN_OFFER_STATUSES as readonly string[]).includes(offer.status))
    .map((offer) => offer.id);
  if (open.length === 0) return offers;
  const byOffer = new Map<string, Proposal>();
  for (let start = 0; start < open.length; start += 500) {
    const rows = await executor
      .selectFrom('offer_proposals')
      .selectAll()
      .where('offer_id', 'in', open.slice(start, start + 500))
      .where('status', '=', 'open')
      .execute();
    for (const row of rows) byOffer.set(row.offer_id, toProposal(row));
  }
  if (byOffer.size === 0) return offers;
  return offers.map((offer) => (byOffer.has(offer.id) ? { ...offer, proposal: byOffer.get(offer.id)! } : offer));
}
