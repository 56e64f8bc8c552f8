// Counter-offers (docs/product.md §Counter-offers): on an invited or info-requested offer the creator proposes other pay
// (and, optionally, other deliverable minutes) with a message; the advertiser accepts, declines or counters; the
// creator answers a counter the same way; as many rounds as they like, one open proposal at a time (a counter marks
// the proposal it answers 'countered'). Every round is written in the offer's thread and the other side is notified.
//
// Accepting a proposal accepts the offer at its terms in one transaction: the checks and the spot of an ordinary
// accept (./offers.ts takeSpot), the offer's own pay and minutes, and the money: the campaign reserved the
// campaign's pay for this spot when it launched, so its reservation grows by (agreed − campaign pay) from the
// advertiser's free balance (refused with the amount missing when the balance is short) or shrinks by the difference
// back to it. Every other path that reckons what a campaign still owes counts each accepted offer at its own pay
// (server/money/funding.ts releaseUnneeded, ./completion.ts).
//
// Races settle once: rows are locked in one order everywhere (campaign, offer, proposal, ledger accounts). Proposing,
// countering and declining first touch the offer's row with a conditional UPDATE on its status (so they wait for, and
// then see, an accept or an expiry); each proposal moves from 'open' with a conditional UPDATE, so of an accept and a
// counter, or of two accepts, one wins and the other answers 409 and rolls back, money included.
import type { Kysely } from 'kysely';
import { OPEN_OFFER_STATUSES, formatCents, type OfferStatus, type Role } from '../../contract/marketplace.ts';
import type { Offer, Proposal, ProposeRequest } from '../../contract/schemas/marketplace.ts';
import { displayName } from '../accounts/users.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { money, worded } from '../http/texts.ts';
import { creditAdvertiser } from '../money/debts.ts';
import { advertiserBalance, campaignReserve, InsufficientFunds, postTransfer } from '../money/ledger.ts';
import type { NewNotification, Notifier } from '../notifications/store.ts';
import { touchOfferLists } from './offer-revisions.ts';
import { addThreadMessage, takeSpot, type OfferStore } from './offers.ts';
import { marketplaceProblems as problems, offerState } from './problems.ts';
import { toProposal, type ProposalRow } from './proposal-rows.ts';
import { marketplaceTexts, marketplaceWords } from './texts.ts';

/** Who proposes or answers; `locale`: the language the offer's answer is worded in (its match reasons). */
interface Party {
  userId: string;
  role: Role;
  locale?: Locale;
}

type Side = 'creator' | 'advertiser';

export interface ProposalDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
  offers: Pick<OfferStore, 'get'>;
}

/** The same terms in a notice, worded in its reader's language ("USD 150 por 90 minutos"). */
const wordedTerms = (payCents: number, minutes: number) =>
  worded((locale) => marketplaceTexts(locale)('notice.terms', { pay: money(payCents), minutes }));

export function createProposalStore(services: ProposalDeps) {
  const { db, notifier } = services;
  const now = () => new Date().toISOString();

  /** The offer when `party` is its creator or its campaign's advertiser; 404 otherwise (operators too). */
  async function visible(party: Party, id: string, executor: Kysely<Database>) {
    if (party.role === 'operator') throw new HttpError(404, problems.offer_unknown);
    const row = await executor
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .innerJoin('users', 'users.id', 'offers.creator_id')
      .select([
        'offers.id as id',
        'offers.status as status',
        'offers.campaign_id as campaign_id',
        'offers.creator_id as creator_id',
        'offers.pay_cents as offer_pay_cents',
        'offers.deliverable_minutes as offer_minutes',
        'campaigns.advertiser_id as advertiser_id',
        'campaigns.brand as brand',
        'campaigns.title as title',
        'campaigns.pay_cents as campaign_pay_cents',
        'campaigns.deliverable_minutes as campaign_minutes',
        'users.first_name as first_name',
        'users.last_name as last_name',
        'users.email as creator_email',
      ])
      .where('offers.id', '=', id)
      .where(party.role === 'creator' ? 'offers.creator_id' : 'campaigns.advertiser_id', '=', party.userId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, problems.offer_unknown);
    return row;
  }
  type Visible = Awaited<ReturnType<typeof visible>>;

  const creatorName = (offer: Visible) =>
    displayName({ first_name: offer.first_name, last_name: offer.last_name, email: offer.creator_email });

  /** The offer's current minutes: its own (an agreed counter-offer's), else the campaign's. */
  const minutesOf = (offer: Visible) => Number(offer.offer_minutes ?? offer.campaign_minutes);

  function assertNegotiable(status: OfferStatus): void {
    if (!(OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(status))
      throw new HttpError(409, problems.offer_not_negotiable.with({ status: offerState(status) }));
  }

  /** Takes the offer's row (a conditional UPDATE on its status): 409 when it left invited/info_requested meanwhile. */
  async function holdOpenOffer(trx: Kysely<Database>, offerId: string): Promise<void> {
    const held = await trx
      .updateTable('offers')
      .set({ updated_at: now() })
      .where('id', '=', offerId)
      .where('status', 'in', OPEN_OFFER_STATUSES)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new HttpError(409, problems.offer_changed);
  }

  /** Moves proposal `id` from open to `status`: 409 when another answer or a counter came first. */
  async function settle(trx: Kysely<Database>, id: number | string, status: 'accepted' | 'declined' | 'countered') {
    const changed = await trx
      .updateTable('offer_proposals')
      .set({ status, decided_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, problems.proposal_answered);
  }

  /** The notice to the other side of `party`. */
  function noticeTo(offer: Visible, party: Party, notice: Omit<NewNotification, 'userId' | 'offerId' | 'link'>) {
    const toCreator = party.role !== 'creator';
    return {
      ...notice,
      userId: toCreator ? offer.creator_id : offer.advertiser_id,
      offerId: offer.id,
      link: toCreator ? '/sponsorship-offers' : `/campaigns/${offer.campaign_id}`,
    } as NewNotification;
  }

  const fromName = (offer: Visible, party: Party) => (party.role === 'creator' ? creatorName(offer) : offer.brand);

  async function proposalAt(trx: Kysely<Database>, offerId: string, round: number): Promise<ProposalRow> {
    const row = await trx
      .selectFrom('offer_proposals')
      .selectAll()
      .where('offer_id', '=', offerId)
      .where('round', '=', round)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, problems.proposal_unknown);
    return row;
  }

  /** 404 for a missing one; 403 to the side that wrote it; 409 once it is no longer open. */
  async function answerable(trx: Kysely<Database>, offer: Visible, party: Party, round: number) {
    const proposal = await proposalAt(trx, offer.id, round);
    if (proposal.side === party.role) throw new HttpError(403, problems.own_proposal);
    if (proposal.status !== 'open')
      throw new HttpError(409, problems.proposal_closed.with({ status: proposal.status }));
    return proposal;
  }

  return {
    /** Every round of the offer's negotiation, oldest first. */
    async list(party: Party, offerId: string): Promise<Proposal[]> {
      const offer = await visible(party, offerId, db);
      const rows = await db
        .selectFrom('offer_proposals')
        .selectAll()
        .where('offer_id', '=', offer.id)
        .orderBy('round')
        .execute();
      return rows.map(toProposal);
    },

    /**
     * A new round: the creator opens (no proposal open) or counters the advertiser's open proposal; the advertiser
     * counters the creator's. Anything else is out of turn (409).
     */
    async propose(party: Party, offerId: string, input: ProposeRequest): Promise<Offer> {
      let announce = () => {};
      await db.transaction().execute(async (trx) => {
        const offer = await visible(party, offerId, trx);
        assertNegotiable(offer.status);
        await holdOpenOffer(trx, offer.id);
        const rounds = await trx
          .selectFrom('offer_proposals')
          .selectAll()
          .where('offer_id', '=', offer.id)
          .orderBy('round', 'desc')
          .limit(1)
          .executeTakeFirst();
        const open = rounds?.status === 'open' ? rounds : null;
        const side: Side = party.role === 'creator' ? 'creator' : 'advertiser';
        if (open?.side === side) throw new HttpError(409, problems.proposal_waiting);
        if (side === 'advertiser' && !open) throw new HttpError(409, problems.creator_proposes_first);
        if (open) await settle(trx, open.id, 'countered');
        const minutes = input.deliverableMinutes ?? null;
        const round = Number(rounds?.round ?? 0) + 1;
        await trx
          .insertInto('offer_proposals')
          .values({
            offer_id: offer.id,
            round,
            side,
            author_id: party.userId,
            pay_cents: input.payCents,
            deliverable_minutes: minutes,
            message: input.message,
            created_at: now(),
          })
          .execute();
        await addThreadMessage(trx, offer, party, input.message, {
          said: open ? 'countered' : 'proposed',
          payCents: input.payCents,
          minutes: minutes ?? minutesOf(offer),
        });
        await touchOfferLists(trx, [offer.creator_id, offer.advertiser_id]);
        announce = await notifier.create(trx, [
          noticeTo(offer, party, {
            type: 'offer.countered',
            title: marketplaceWords(open ? 'notice.counterOffer' : 'notice.proposal'),
            // The message as its author wrote it.
            text: marketplaceWords(open ? 'notice.counterOfferText' : 'notice.proposalText', {
              from: fromName(offer, party),
              terms: wordedTerms(input.payCents, minutes ?? minutesOf(offer)),
              title: offer.title,
              message: input.message.slice(0, 200),
            }),
          }),
        ]);
      });
      announce();
      return services.offers.get(party, offerId);
    },

    /** Accepts the open proposal of round `round`: the offer is accepted at its terms, the reservation follows. */
    async accept(party: Party, offerId: string, round: number): Promise<Offer> {
      let announce = () => {};
      await db.transaction().execute(async (trx) => {
        const offer = await visible(party, offerId, trx);
        const proposal = await answerable(trx, offer, party, round);
        assertNegotiable(offer.status);
        const campaign = await trx
          .selectFrom('campaigns')
          .selectAll()
          .where('id', '=', offer.campaign_id)
          .executeTakeFirstOrThrow();
        const pay = Number(proposal.pay_cents);
        const minutes = proposal.deliverable_minutes ?? offer.offer_minutes;
        const notices: NewNotification[] = [
          noticeTo(offer, party, {
            type: 'offer.counter_accepted',
            title: marketplaceWords('notice.counterAccepted'),
            text: marketplaceWords('notice.counterAcceptedText', {
              from: fromName(offer, party),
              terms: wordedTerms(pay, Number(minutes ?? offer.campaign_minutes)),
              title: offer.title,
            }),
          }),
        ];
        let announceAccepted: () => void;
        try {
          announceAccepted = await takeSpot(trx, services, offer, campaign, {
            notices,
            terms: { pay_cents: pay, deliverable_minutes: minutes === null ? null : Number(minutes) },
            keepProposal: true,
          });
        } catch (error) {
          // The advertiser accepting is told what the creator still has to do.
          if (
            party.role === 'advertiser' &&
            error instanceof HttpError &&
            error.code === problems.channel_required.code
          )
            throw new HttpError(409, problems.creator_channel_required.with({ creator: creatorName(offer) }));
          throw error;
        }
        await settle(trx, proposal.id, 'accepted');
        const delta = pay - Number(campaign.pay_cents);
        if (delta !== 0) {
          try {
            await postTransfer(trx, {
              kind: delta > 0 ? 'reserve' : 'release',
              key: `counter:${proposal.id}`,
              memo:
                delta > 0
                  ? `Reserved for "${campaign.title}": ${formatCents(delta)} more for ${creatorName(offer)}'s agreed pay of ${formatCents(pay)}`
                  : `Released from "${campaign.title}": ${creatorName(offer)} agreed to ${formatCents(pay)}, ${formatCents(-delta)} less than the campaign's pay`,
              createdBy: party.userId,
              // A lower pay frees money: what the advertiser owes for a card dispute is paid first (money/debts.ts).
              legs:
                delta > 0
                  ? [
                      { account: advertiserBalance(offer.advertiser_id), amountCents: -delta },
                      { account: campaignReserve(campaign.id), amountCents: delta },
                    ]
                  : [
                      ...(await creditAdvertiser(trx, offer.advertiser_id, -delta)).legs,
                      { account: campaignReserve(campaign.id), amountCents: delta },
                    ],
            });
          } catch (error) {
            if (!(error instanceof InsufficientFunds)) throw error;
            if (error.account.kind !== 'advertiser_balance')
              throw new HttpError(409, problems.reservation_cannot_cover);
            const missing = delta - error.balanceCents;
            throw new HttpError(
              409,
              party.role === 'advertiser'
                ? problems.accept_short_of_funds.with({ missing: money(missing) })
                : problems.brand_short_of_funds.with({ brand: offer.brand, pay: money(pay) }),
            );
          }
        }
        await addThreadMessage(trx, offer, party, '', {
          said: 'accepted',
          payCents: pay,
          minutes: Number(minutes ?? offer.campaign_minutes),
        });
        announce = announceAccepted;
      });
      announce();
      return services.offers.get(party, offerId);
    },

    /** Declines the open proposal of round `round`: the offer stays open at its previous terms. */
    async decline(party: Party, offerId: string, round: number): Promise<Offer> {
      let announce = () => {};
      await db.transaction().execute(async (trx) => {
        const offer = await visible(party, offerId, trx);
        const proposal = await answerable(trx, offer, party, round);
        assertNegotiable(offer.status);
        await holdOpenOffer(trx, offer.id);
        await settle(trx, proposal.id, 'declined');
        const minutes = proposal.deliverable_minutes ?? minutesOf(offer);
        await addThreadMessage(trx, offer, party, '', {
          said: 'declined',
          payCents: Number(proposal.pay_cents),
          minutes: Number(minutes),
        });
        await touchOfferLists(trx, [offer.creator_id, offer.advertiser_id]);
        announce = await notifier.create(trx, [
          noticeTo(offer, party, {
            type: 'offer.counter_declined',
            title: marketplaceWords('notice.counterDeclined'),
            text: marketplaceWords('notice.counterDeclinedText', {
              from: fromName(offer, party),
              terms: wordedTerms(Number(proposal.pay_cents), Number(minutes)),
              title: offer.title,
            }),
          }),
        ]);
      });
      announce();
      return services.offers.get(party, offerId);
    },
  };
}

export type ProposalStore = ReturnType<typeof createProposalStore>;
