// Invitations (docs/product.md §Discovery and negotiation): an approved advertiser invites a creator found in search to
// one of its active campaigns. The invitation is an offer like matching's (server/marketplace/match-jobs.ts writes the
// same row), status 'invited' and origin 'invitation', so the creator answers it as any offer; it respects the
// campaign as matching does: active only, one offer per creator and campaign, a free spot, and at most
// spots left × OPEN_OFFERS_PER_SPOT open offers. No money moves: launching reserved pay × spots
// (server/money/funding.ts), which covers every spot an invitation can fill. The optional message opens the offer's
// thread as the advertiser's first message; the creator is notified in the same transaction.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { OPEN_OFFER_STATUSES, OPEN_OFFERS_PER_SPOT } from '../../contract/marketplace.ts';
import type { InviteOption } from '../../contract/schemas/search.ts';
import type { Database } from '../db/types.ts';
import type { Locale } from '../../contract/locales.ts';
import type { OfferStatus } from '../../contract/marketplace.ts';
import { HttpError } from '../http/errors.ts';
import { formatProblem, type Problem } from '../http/problems.ts';
import type { Notifier } from '../notifications/store.ts';
import { touchOfferLists } from './offer-revisions.ts';
import { marketplaceProblems, offerState } from './problems.ts';
import { storedReason, type StoredReason } from './reasons.ts';
import { marketplaceWords } from './texts.ts';

/**
 * Why the campaign cannot take an invitation of this creator now, or null: the one rule the invitation (inside its
 * transaction) and the Invite dialog's options (GET /api/creators/:id/invite-options) both answer from.
 */
export function whyNot(
  campaign: { status: string; spots: number | string; accepted_count: number | string },
  existing: string | null,
  openOffers: number,
  creatorName: string,
): Problem | null {
  if (campaign.status === 'draft') return marketplaceProblems.invite_draft;
  if (campaign.status === 'paused') return marketplaceProblems.invite_paused;
  if (campaign.status !== 'active') return marketplaceProblems.invite_not_active.with({ status: campaign.status });
  if (existing)
    return marketplaceProblems.invite_existing_offer.with({
      creator: creatorName,
      hasState: 'yes',
      state: offerState(existing as OfferStatus),
    });
  const spotsLeft = Number(campaign.spots) - Number(campaign.accepted_count);
  if (spotsLeft <= 0) return marketplaceProblems.campaign_full;
  if (openOffers >= spotsLeft * OPEN_OFFERS_PER_SPOT)
    return marketplaceProblems.invite_too_many_open.with({
      open: openOffers,
      left: spotsLeft,
      perSpot: OPEN_OFFERS_PER_SPOT,
    });
  return null;
}

export interface InvitationDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
}

export function createInvitations({ db, notifier }: InvitationDeps) {
  return {
    /**
     * For one listed creator (else 404), the advertiser's campaigns that are not over, newest first, each with whether
     * an invitation to it would be taken now and, if not, why (the same rule as invite's; invite still decides).
     */
    async options(advertiserId: string, creatorId: string, locale: Locale): Promise<InviteOption[]> {
      const creator = await db
        .selectFrom('creator_directory')
        .innerJoin('users', 'users.id', 'creator_directory.user_id')
        .select(['creator_directory.user_id', 'creator_directory.display_name'])
        .where('creator_directory.user_id', '=', creatorId)
        .where('creator_directory.listed', '=', 1)
        .where('users.role', '=', 'creator')
        .executeTakeFirst();
      if (!creator) throw new HttpError(404, marketplaceProblems.creator_unknown);
      const campaigns = await db
        .selectFrom('campaigns')
        .select(['id', 'brand', 'title', 'status', 'spots', 'accepted_count'])
        .where('advertiser_id', '=', advertiserId)
        .where('status', 'in', ['draft', 'active', 'paused'])
        .orderBy('created_at', 'desc')
        .execute();
      if (campaigns.length === 0) return [];
      const ids = campaigns.map((campaign) => campaign.id);
      const [theirs, open] = await Promise.all([
        db
          .selectFrom('offers')
          .select(['campaign_id', 'status'])
          .where('campaign_id', 'in', ids)
          .where('creator_id', '=', creator.user_id)
          .execute(),
        db
          .selectFrom('offers')
          .select(['campaign_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('campaign_id', 'in', ids)
          .where('status', 'in', OPEN_OFFER_STATUSES)
          .groupBy('campaign_id')
          .execute(),
      ]);
      const offerOf = new Map(theirs.map((row) => [row.campaign_id, row.status]));
      const openOf = new Map(open.map((row) => [row.campaign_id, Number(row.n)]));
      return campaigns.map((campaign) => {
        const reason = whyNot(
          campaign,
          offerOf.get(campaign.id) ?? null,
          openOf.get(campaign.id) ?? 0,
          creator.display_name,
        );
        return {
          id: campaign.id,
          brand: campaign.brand,
          title: campaign.title,
          status: campaign.status,
          canInvite: reason === null,
          reason: reason === null ? null : formatProblem(reason, locale),
        };
      });
    },

    /** Invites `creatorId` to the advertiser's campaign `campaignId`; answers the new offer's id. */
    async invite(
      advertiserId: string,
      campaignId: string,
      input: { creatorId: string; message?: string | undefined },
    ): Promise<string> {
      let announce = () => {};
      const offerId = await db.transaction().execute(async (trx) => {
        const stamp = new Date().toISOString();
        // The campaign's row first, written in place: it holds concurrent invitations (and accepts) of this campaign in
        // turn until the commit, so two of them never both take the last room.
        const locked = await trx
          .updateTable('campaigns')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', campaignId)
          .where('advertiser_id', '=', advertiserId)
          .executeTakeFirst();
        if (Number(locked.numUpdatedRows) !== 1) throw new HttpError(404, marketplaceProblems.campaign_unknown);
        const campaign = await trx
          .selectFrom('campaigns')
          .selectAll()
          .where('id', '=', campaignId)
          .executeTakeFirstOrThrow();
        const existing = await trx
          .selectFrom('offers')
          .select('status')
          .where('campaign_id', '=', campaignId)
          .where('creator_id', '=', input.creatorId)
          .executeTakeFirst();
        const open = await trx
          .selectFrom('offers')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('campaign_id', '=', campaignId)
          .where('status', 'in', OPEN_OFFER_STATUSES)
          .executeTakeFirstOrThrow();
        const creator = await trx
          .selectFrom('creator_directory')
          .innerJoin('users', 'users.id', 'creator_directory.user_id')
          .select(['creator_directory.user_id', 'creator_directory.display_name'])
          .where('creator_directory.user_id', '=', input.creatorId)
          .where('creator_directory.listed', '=', 1)
          .where('users.role', '=', 'creator')
          .executeTakeFirst();
        if (campaign.status !== 'active') throw new HttpError(409, whyNot(campaign, null, 0, '')!);
        if (!creator) throw new HttpError(404, marketplaceProblems.creator_unknown);
        const refusal = whyNot(campaign, existing?.status ?? null, Number(open.n), creator.display_name);
        if (refusal) throw new HttpError(409, refusal);
        const reasons: StoredReason[] = [storedReason('invitation', { id: 'chosenInSearch', brand: campaign.brand })];
        const message = input.message?.trim() ? input.message.trim() : null;
        const inserted = await trx
          .insertInto('offers')
          .values({
            id: crypto.randomUUID(),
            campaign_id: campaignId,
            creator_id: creator.user_id,
            status: 'invited',
            origin: 'invitation',
            reasons: JSON.stringify(reasons),
            score: 0,
            decline_reason: null,
            message_count: message ? 1 : 0,
            created_at: stamp,
            updated_at: stamp,
          })
          .onConflict((oc) => oc.columns(['campaign_id', 'creator_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        // Matching wrote one meanwhile (its transaction committed between our read and our insert).
        if (!inserted)
          throw new HttpError(
            409,
            marketplaceProblems.invite_existing_offer.with({
              creator: creator.display_name,
              hasState: 'no',
              state: '',
            }),
          );
        if (message) {
          await trx
            .insertInto('offer_messages')
            .values({
              offer_id: inserted.id,
              author_id: advertiserId,
              author_side: 'advertiser',
              body: message,
              created_at: stamp,
            })
            .execute();
        }
        await touchOfferLists(trx, [creator.user_id, advertiserId]);
        announce = await notifier.create(trx, [
          {
            userId: creator.user_id,
            type: 'offer.new',
            // In the creator's language; the brand's message as written.
            title: marketplaceWords('notice.invitation', { brand: campaign.brand }),
            text: marketplaceWords('notice.invitationText', {
              brand: campaign.brand,
              title: campaign.title,
              hasMessage: message ? 'yes' : 'no',
              message: message?.slice(0, 200) ?? '',
            }),
            offerId: inserted.id,
            link: '/sponsorship-offers',
          },
        ]);
        return inserted.id;
      });
      announce();
      return offerId;
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
