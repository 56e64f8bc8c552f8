// Offers and their threads (docs/product.md §Offers, threads, notifications, docs/product.md "Offer", "Thread"). A creator reads and answers their own offers;
// an advertiser reads the offers of their own campaigns; both write in the offer's thread. Anyone else: 404.
// Transitions follow contract/marketplace.ts (OFFER_ACTIONS); anything else is a 409. Accepting takes a spot with
// one conditional UPDATE (accepted_count < spots), so concurrent accepts never overbook a campaign. Accepting needs a
// channel connected on one of the campaign's platforms when the campaign asks for overlay minutes (display counts only
// while that platform confirms it is live) or chat posts (the bot posts in that channel); a campaign asking only for
// link clicks or promo redemptions needs none.
import {
  MARKETPLACE_LIMITS,
  OFFER_ACTIONS,
  THREAD_OPEN_STATUSES,
  THREAD_PAGE,
  type OfferAction,
  type OfferStatus,
  type Role,
} from '../../contract/marketplace.ts';
import type { Offer, ThreadMessage } from '../../contract/schemas/marketplace.ts';
import { PLATFORMS, type Platform } from '../../contract/marketplace.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { displayName } from '../accounts/users.ts';
import { HttpError } from '../http/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { NewNotification, Notifier } from '../notifications/store.ts';
import { expireOpenOffers } from './campaigns.ts';
import { channelRequired, marketplaceProblems as problems, offerState } from './problems.ts';
import { touchOfferLists } from './offer-revisions.ts';
import { marketplaceWords } from './texts.ts';
import { roundColumns, threadLine, type ThreadRound } from './thread-lines.ts';
import { withdrawProposals, withProposals } from './proposal-rows.ts';
import { withReviews } from './review-rows.ts';
import {
  CREATOR_COLUMNS,
  OFFER_COLUMNS,
  targetingOf,
  toOffer,
  withProgress,
  type CampaignRow,
  type OfferJoinRow,
  type ProgressOf,
} from './rows.ts';

/** Who reads or answers an offer; `locale`: the language its answer is worded in (its match reasons). */
interface Party {
  userId: string;
  role: Role;
  locale?: Locale;
}

/** What the offer store needs: the database, notifications in the write's transaction, and the matching job. */
export interface OfferDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create' | 'thread'>;
  jobs: Pick<JobQueue, 'enqueue' | 'poke'>;
  /** Each accepted offer's deliverables progress (server/deliverables/progress.ts, filled by server/app.ts). */
  progress?: ProgressOf;
}

/**
 * 409 unless the creator has a channel connected (and not waiting to be reconnected) on one of the campaign's
 * platforms (none listed: either), named in the message so the creator knows what to connect.
 */
export async function assertConnected(
  executor: Kysely<Database>,
  creatorId: string,
  campaign: CampaignRow,
): Promise<void> {
  const listed = targetingOf(campaign).platforms.filter((platform): platform is Platform =>
    (PLATFORMS as readonly string[]).includes(platform),
  );
  const wanted = listed.length > 0 ? listed : [...PLATFORMS];
  const found = await executor
    .selectFrom('connected_accounts')
    .select('id')
    .where('user_id', '=', creatorId)
    .where('status', '=', 'connected')
    .where(
      'platform',
      'in',
      wanted.map((platform) => (platform === 'Twitch' ? ('twitch' as const) : ('youtube' as const))),
    )
    .executeTakeFirst();
  if (!found) throw new HttpError(409, channelRequired(wanted));
}

/** An offer being accepted: who it is between and what it is for. */
export interface AcceptingOffer {
  id: string;
  campaign_id: string;
  creator_id: string;
  advertiser_id: string;
  title: string;
}

/**
 * Accepts `offer` inside `trx`, at the campaign's terms or (`terms`, a counter-offer's accepted proposal) at its
 * own: 409 unless the campaign is active and (when it asks for overlay minutes or chat posts) the creator has a
 * channel connected on one of its platforms; takes a spot with one conditional UPDATE (accepted_count < spots) and
 * moves the offer from invited or info_requested with another, so concurrent accepts settle once. An open proposal
 * is withdrawn (`keepProposal`: the caller settles it). A campaign whose last spot this took is full: its other open
 * offers expire. Stores `notices` and returns their announcement.
 */
export async function takeSpot(
  trx: Kysely<Database>,
  services: { notifier: Pick<Notifier, 'create'> },
  offer: AcceptingOffer,
  campaign: CampaignRow,
  options: {
    notices: NewNotification[];
    terms?: { pay_cents: number; deliverable_minutes: number | null };
    keepProposal?: boolean;
  },
): Promise<() => void> {
  const stamp = new Date().toISOString();
  if (campaign.status !== 'active')
    throw new HttpError(409, problems.campaign_not_active.with({ status: campaign.status }));
  // Overlay minutes count only while the platform confirms the channel is live, and the bot posts in the channel's
  // chat: those need a channel. A tracked link or a promo code is delivered wherever the creator shares it.
  if (Number(campaign.overlay_required) !== 0 || campaign.chat_message !== null)
    await assertConnected(trx, offer.creator_id, campaign);
  const took = await trx
    .updateTable('campaigns')
    .set((eb) => ({ accepted_count: eb('accepted_count', '+', 1), updated_at: stamp }))
    .where('id', '=', campaign.id)
    .where('status', '=', 'active')
    .whereRef('accepted_count', '<', 'spots')
    .returning(['accepted_count', 'spots'])
    .executeTakeFirst();
  if (!took) throw new HttpError(409, problems.campaign_full);
  const changed = await trx
    .updateTable('offers')
    .set({ status: 'accepted', updated_at: stamp, ...(options.terms ?? {}) })
    .where('id', '=', offer.id)
    .where('status', 'in', OFFER_ACTIONS.accept)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, problems.offer_changed);
  if (!options.keepProposal) await withdrawProposals(trx, [offer.id]);
  await touchOfferLists(trx, [offer.creator_id, offer.advertiser_id]);
  const notices = [...options.notices];
  let expire = () => {};
  if (Number(took.accepted_count) >= Number(took.spots)) {
    expire = await expireOpenOffers(trx, services, campaign, 'full');
    notices.push({
      userId: offer.advertiser_id,
      type: 'campaign.full',
      title: marketplaceWords('notice.campaignFull'),
      text: marketplaceWords('notice.campaignFullText', { title: campaign.title }),
      link: `/campaigns/${campaign.id}`,
    });
  }
  const announceAccepted = await services.notifier.create(trx, notices);
  return () => {
    announceAccepted();
    expire();
  };
}

/**
 * Writes `body` in the offer's thread as `party`, inside the caller's transaction; with `round`, the line records a
 * counter-offer's round, worded for each reader (./thread-lines.ts), and `body` is what the author wrote with it.
 */
export async function addThreadMessage(
  executor: Kysely<Database>,
  offer: { id: string; creator_id: string; advertiser_id: string },
  party: Party,
  body: string,
  round: ThreadRound | null = null,
) {
  // The offer's row first: it holds the thread's messages in turn until the commit, so their ids commit in order
  // (a page or a digest read after message N never misses an earlier one committing later) and their notices take
  // turns (server/notifications/store.ts, thread()).
  await executor
    .updateTable('offers')
    .set((eb) => ({ message_count: eb('message_count', '+', 1) }))
    .where('id', '=', offer.id)
    .execute();
  const stamp = new Date().toISOString();
  const row = await executor
    .insertInto('offer_messages')
    .values({
      offer_id: offer.id,
      author_id: party.userId,
      author_side: party.role === 'creator' ? 'creator' : 'advertiser',
      body,
      created_at: stamp,
      ...roundColumns(round),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await touchOfferLists(executor, [offer.creator_id, offer.advertiser_id]);
  return row;
}

export function createOfferStore(services: OfferDeps) {
  const { db, notifier } = services;
  const now = () => new Date().toISOString();

  const joined = (executor: Kysely<Database> = db) =>
    executor
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .innerJoin('users', 'users.id', 'offers.creator_id')
      .select([
        ...OFFER_COLUMNS,
        ...CREATOR_COLUMNS,
        'offers.creator_id as creator_id',
        'campaigns.advertiser_id as advertiser_id',
      ]);

  type Visible = OfferJoinRow & { creator_id: string; advertiser_id: string };

  /** The offer when `party` is its creator or its campaign's advertiser; 404 otherwise. */
  async function visible(party: Party, id: string, executor: Kysely<Database> = db): Promise<Visible> {
    if (party.role === 'operator') throw new HttpError(404, problems.offer_unknown);
    const column = party.role === 'creator' ? 'offers.creator_id' : 'campaigns.advertiser_id';
    const row = await joined(executor).where('offers.id', '=', id).where(column, '=', party.userId).executeTakeFirst();
    if (!row) throw new HttpError(404, problems.offer_unknown);
    return row as Visible;
  }

  // Read on every GET /api/offers: compiled once, only the id changes.
  const revisionById = db.selectFrom('users').select('offers_rev').where('id', '=', '').compile();

  const present = (party: Party, row: OfferJoinRow): Offer => toOffer(row, party.role !== 'creator', party.locale);

  function assertAllowed(status: OfferStatus, action: OfferAction): void {
    if (!(OFFER_ACTIONS[action] as readonly OfferStatus[]).includes(status)) {
      throw new HttpError(409, problems.offer_not_answerable.with({ status: offerState(status), action }));
    }
  }

  /** The creator's own offer, for an action; operators and advertisers get 403 (creators act, not them). */
  async function creatorOffer(party: Party, id: string, executor: Kysely<Database>): Promise<Visible> {
    if (party.role !== 'creator') throw new HttpError(403, problems.answers_are_the_creators);
    return visible(party, id, executor);
  }

  /** The offer's creator as the other side reads them: their name, else their e-mail. */
  const creatorName = (offer: Visible) =>
    displayName({ first_name: offer.first_name, last_name: offer.last_name, email: offer.creator_email });

  const addMessage = (executor: Kysely<Database>, offer: Visible, party: Party, body: string) =>
    addThreadMessage(executor, offer, party, body);

  return {
    async list(party: Party, status: OfferStatus | undefined): Promise<Offer[]> {
      if (party.role === 'operator') throw new HttpError(403, problems.operators_no_offers);
      let query = joined().where(
        party.role === 'creator' ? 'offers.creator_id' : 'campaigns.advertiser_id',
        '=',
        party.userId,
      );
      if (status) query = query.where('offers.status', '=', status);
      const rows = await query.orderBy('offers.updated_at', 'desc').limit(500).execute();
      return withProgress(
        services.progress,
        await withReviews(
          db,
          await withProposals(
            db,
            rows.map((row) => present(party, row as OfferJoinRow)),
          ),
        ),
        new Map(rows.map((row) => [row.id, row.creator_id])),
      );
    },

    /** The user's offers-list revision (users.offers_rev), raised by every change to what their list shows. */
    async listRevision(userId: string): Promise<number> {
      const { rows } = await db.executeQuery<{ offers_rev: number | string }>({
        ...revisionById,
        parameters: [userId],
      });
      return Number(rows[0]?.offers_rev ?? 0);
    },

    async get(party: Party, id: string): Promise<Offer> {
      const row = await visible(party, id);
      const [offer] = await withProgress(
        services.progress,
        await withReviews(db, await withProposals(db, [present(party, row)])),
        new Map([[row.id, row.creator_id]]),
      );
      return offer!;
    },

    async accept(party: Party, id: string): Promise<Offer> {
      let announce = () => {};
      await db.transaction().execute(async (trx) => {
        const offer = await creatorOffer(party, id, trx);
        const campaign = await trx
          .selectFrom('campaigns')
          .selectAll()
          .where('id', '=', offer.campaign_id)
          .executeTakeFirstOrThrow();
        if (offer.status === 'expired' && Number(campaign.accepted_count) >= Number(campaign.spots)) {
          throw new HttpError(409, problems.campaign_full);
        }
        assertAllowed(offer.status, 'accept');
        announce = await takeSpot(trx, services, offer, campaign, {
          notices: [
            {
              userId: offer.advertiser_id,
              type: 'offer.accepted',
              title: marketplaceWords('notice.accepted'),
              text: marketplaceWords('notice.acceptedText', { creator: creatorName(offer), title: offer.title }),
              offerId: id,
              link: `/campaigns/${campaign.id}`,
            },
          ],
        });
      });
      announce();
      return this.get(party, id);
    },

    async decline(party: Party, id: string, reason: string | undefined): Promise<Offer> {
      // As the contract's schema refused it before (trimmed, then counted), now with its own code and words.
      if (reason !== undefined && reason.trim().length > MARKETPLACE_LIMITS.reason)
        throw new HttpError(400, problems.decline_reason_too_long.with({ max: MARKETPLACE_LIMITS.reason }));
      let announce = () => {};
      await db.transaction().execute(async (trx) => {
        const offer = await creatorOffer(party, id, trx);
        assertAllowed(offer.status, 'decline');
        const changed = await trx
          .updateTable('offers')
          .set({ status: 'declined', decline_reason: reason?.trim() ? reason.trim() : null, updated_at: now() })
          .where('id', '=', id)
          .where('status', 'in', OFFER_ACTIONS.decline)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, problems.offer_changed);
        await withdrawProposals(trx, [id]);
        await touchOfferLists(trx, [offer.creator_id, offer.advertiser_id]);
        announce = await notifier.create(trx, [
          {
            userId: offer.advertiser_id,
            type: 'offer.declined',
            title: marketplaceWords('notice.declined'),
            // The reason as the creator wrote it.
            text: marketplaceWords('notice.declinedText', {
              creator: creatorName(offer),
              title: offer.title,
              hasReason: reason?.trim() ? 'yes' : 'no',
              reason: reason?.trim() ?? '',
            }),
            offerId: id,
            link: `/campaigns/${offer.campaign_id}`,
          },
        ]);
        // A declined offer frees room for another creator.
        await services.jobs.enqueue(
          'match',
          `match:campaign:${offer.campaign_id}`,
          { campaignId: offer.campaign_id },
          trx,
        );
      });
      services.jobs.poke();
      announce();
      return this.get(party, id);
    },

    async requestInfo(party: Party, id: string, message: string): Promise<Offer> {
      let announce = () => {};
      await db.transaction().execute(async (trx) => {
        const offer = await creatorOffer(party, id, trx);
        assertAllowed(offer.status, 'request-info');
        const changed = await trx
          .updateTable('offers')
          .set({ status: 'info_requested', updated_at: now() })
          .where('id', '=', id)
          .where('status', 'in', OFFER_ACTIONS['request-info'])
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, problems.offer_changed);
        await addMessage(trx, offer, party, message);
        announce = await notifier.create(trx, [
          {
            userId: offer.advertiser_id,
            type: 'offer.info_requested',
            title: marketplaceWords('notice.infoRequested'),
            text: marketplaceWords('notice.infoRequestedText', {
              creator: creatorName(offer),
              title: offer.title,
              message: message.slice(0, 200),
            }),
            offerId: id,
            link: `/campaigns/${offer.campaign_id}`,
          },
        ]);
      });
      announce();
      return this.get(party, id);
    },

    /**
     * A page of the thread (docs/product.md §Threads): the newest THREAD_PAGE messages before message `before` (the
     * newest of all without it), oldest first, and the cursor of the page before them. Ids order the thread, also
     * for messages written in the same millisecond.
     */
    async messages(
      party: Party,
      id: string,
      before?: string,
    ): Promise<{ messages: ThreadMessage[]; earlier: string | null }> {
      const offer = await visible(party, id);
      let query = db
        .selectFrom('offer_messages')
        .innerJoin('users', 'users.id', 'offer_messages.author_id')
        .leftJoin('advertiser_profiles', 'advertiser_profiles.user_id', 'offer_messages.author_id')
        .select([
          'offer_messages.id as id',
          'offer_messages.author_id as author_id',
          'offer_messages.author_side as author_side',
          'offer_messages.body as body',
          'offer_messages.round_said as round_said',
          'offer_messages.round_pay_cents as round_pay_cents',
          'offer_messages.round_minutes as round_minutes',
          'offer_messages.created_at as created_at',
          'users.first_name as first_name',
          'users.last_name as last_name',
          'users.email as email',
          'advertiser_profiles.company_name as company_name',
        ])
        .where('offer_messages.offer_id', '=', offer.id);
      if (before !== undefined) query = query.where('offer_messages.id', '<', Number(before));
      const rows = await query
        .orderBy('offer_messages.id', 'desc')
        .limit(THREAD_PAGE + 1)
        .execute();
      const page = rows.slice(0, THREAD_PAGE).reverse();
      return {
        messages: page.map((row) => ({
          id: String(row.id),
          author: row.author_side,
          authorName: row.author_side === 'advertiser' ? (row.company_name ?? offer.brand) : displayName(row),
          body: threadLine(row, party.locale ?? DEFAULT_LOCALE),
          mine: row.author_id === party.userId,
          createdAt: row.created_at,
        })),
        earlier: rows.length > THREAD_PAGE ? String(page[0]!.id) : null,
      };
    },

    async post(party: Party, id: string, body: string): Promise<ThreadMessage> {
      let announce = () => {};
      const row = await db.transaction().execute(async (trx) => {
        const offer = await visible(party, id, trx);
        if (!(THREAD_OPEN_STATUSES as readonly OfferStatus[]).includes(offer.status)) {
          throw new HttpError(409, problems.thread_closed.with({ status: offerState(offer.status) }));
        }
        const message = await addMessage(trx, offer, party, body);
        const toCreator = party.role !== 'creator';
        const from = toCreator ? offer.brand : creatorName(offer);
        // One unread notice per thread, counting the messages, and e-mail as a digest (docs/product.md §Threads); in
        // the recipient's language, the message as written.
        announce = await notifier.thread(trx, {
          userId: toCreator ? offer.creator_id : offer.advertiser_id,
          offerId: id,
          link: toCreator ? '/sponsorship-offers' : `/campaigns/${offer.campaign_id}`,
          compose: (count) => ({
            title: toCreator
              ? marketplaceWords('notice.messageToCreator', { count, brand: offer.brand })
              : marketplaceWords('notice.messageToAdvertiser', { count }),
            text: marketplaceWords('notice.messageText', { from, title: offer.title, message: body.slice(0, 200) }),
          }),
        });
        return message;
      });
      announce();
      const author = await db
        .selectFrom('users')
        .leftJoin('advertiser_profiles', 'advertiser_profiles.user_id', 'users.id')
        .select(['users.first_name', 'users.last_name', 'users.email', 'advertiser_profiles.company_name'])
        .where('users.id', '=', party.userId)
        .executeTakeFirstOrThrow();
      return {
        id: String(row.id),
        author: row.author_side,
        authorName: row.author_side === 'advertiser' ? (author.company_name ?? author.email) : displayName(author),
        body: row.body,
        mine: true,
        createdAt: row.created_at,
      };
    },
  };
}

export type OfferStore = ReturnType<typeof createOfferStore>;
