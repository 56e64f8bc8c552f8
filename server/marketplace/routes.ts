// The marketplace's endpoints (docs/product.md §Marketplace): the advertiser's company profile, campaigns (advertisers only; others
// 403), offers and their threads (the offer's creator or its campaign's advertiser; anyone else 404), and (docs/product.md §Money)
// the advertiser confirming an offer's delivery, which completes it (./completion.ts).
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES, type CampaignAction } from '../../contract/marketplace.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { WriteBatcher } from '../db/write-batcher.ts';
import { HttpError } from '../http/errors.ts';
import { requestLocale } from '../http/problems.ts';
import type { Idempotency } from '../http/idempotency.ts';
import { balancesOf, reservedBy } from '../money/funding.ts';
import { RATE_RULES, type RateLimiter } from '../http/rate-limit.ts';
import { route, type RouteDeps } from '../http/route.ts';
import { requireRole, type AppEnv } from '../http/session.ts';
import type { Notifier } from '../notifications/store.ts';
import { readImageField } from '../uploads/routes.ts';
import type { PhotoStorage } from '../uploads/storage.ts';
import type { CampaignStore } from './campaigns.ts';
import { ANSWERS_ARE_THE_CREATORS, offerParty, ownCampaign } from './access.ts';
import { completeOffer } from './completion.ts';
import { createOfferLists } from './offer-lists.ts';
import type { OfferStore } from './offers.ts';
import { createProposalStore } from './proposals.ts';
import { offersOutlook } from './outlook.ts';
import { marketplaceProblems, offerState } from './problems.ts';
import { toAdvertiserProfile } from './rows.ts';
import { searchRoutes } from './search-routes.ts';

const party = (c: Context<AppEnv>) => ({ userId: c.get('userId'), role: c.get('role'), locale: requestLocale(c) });
/** The caller, for an answer worded in their language (an offer's match reasons, the outlook): it says so. */
const reader = (c: Context<AppEnv>) => {
  c.header('Vary', 'Accept-Language', { append: true });
  return party(c);
};
const advertiser = (c: Context<AppEnv>) => requireRole(c, 'advertiser');

/**
 * What the creators' overlays are told when offers or campaigns change what they show. The overlay domain builds on
 * the marketplace (server/overlay/store.ts imports it), so the marketplace knows it only as this callback, which
 * server/app.ts fills with the overlays.
 */
export interface OverlayRefresh {
  refresh(creatorIds: Iterable<string>): Promise<void>;
  refreshCampaign(campaignId: string): Promise<void>;
}

export interface MarketplaceRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  /** Short writes that may share a COMMIT (server/db/write-batcher.ts). */
  writes: WriteBatcher;
  config: Pick<Config, 'contractCheck' | 'maxUploadBytes' | 'feeBps'>;
  campaigns: CampaignStore;
  offers: OfferStore;
  notifier: Pick<Notifier, 'create'>;
  photos: Pick<PhotoStorage, 'save' | 'remove'>;
  overlays: OverlayRefresh;
  /** Thread messages are limited per author (docs/product.md §Threads). */
  limits: Pick<RateLimiter, 'checkUser'>;
  /** Launching (the reservation), ending a campaign (the release) and confirming a delivery once per Idempotency-Key. */
  idempotency: Idempotency;
}

export function marketplaceRoutes(services: MarketplaceRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, campaigns, offers, notifier, photos, config } = services;
  const offerLists = createOfferLists(offers, { contractCheck: config.contractCheck });
  const proposals = createProposalStore({ db, notifier, offers });
  // Checked before the body is read (server/http/route.ts): another advertiser's campaign, or an offer of others, is
  // a 404 whatever was sent; other roles get 403 first.
  const campaignOwner = { authorize: ownCampaign(db) };
  const offerParties = { authorize: offerParty(db) };
  const offerAnswer = { forbidden: ANSWERS_ARE_THE_CREATORS, authorize: offerParty(db) };
  const deliveryConfirmer = { forbidden: marketplaceProblems.delivery_advertiser_only };

  route(app, services, 'getAdvertiserProfile', async (c) => {
    const row = await db
      .selectFrom('advertiser_profiles')
      .selectAll()
      .where('user_id', '=', advertiser(c))
      .executeTakeFirst();
    return { profile: row ? toAdvertiserProfile(row) : null };
  });

  route(app, services, 'updateAdvertiserProfile', async (c, { body }) => {
    const userId = advertiser(c);
    const stamp = new Date().toISOString();
    const values = {
      company_name: body.companyName,
      website: body.website,
      contact_name: body.contactName,
      contact_email: body.contactEmail,
      // Left as it was when omitted (docs/product.md §Advertiser onboarding).
      ...(body.promotes === undefined ? {} : { promotes: body.promotes }),
      updated_at: stamp,
    };
    // A new or rejected profile goes (back) to review; an approved one stays approved.
    const row = await db
      .insertInto('advertiser_profiles')
      .values({
        user_id: userId,
        ...values,
        status: 'pending',
        rejection_reason: null,
        reviewed_at: null,
        reviewed_by: null,
        created_at: stamp,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          ...values,
          rejection_reason: null,
          status: eb.fn<'pending' | 'approved' | 'rejected'>('replace', [
            eb.ref('advertiser_profiles.status'),
            eb.val('rejected'),
            eb.val('pending'),
          ]),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return { profile: toAdvertiserProfile(row) };
  });

  // Where a new advertiser stands on the way to a first launch (docs/product.md §Advertiser onboarding).
  route(app, services, 'getAdvertiserChecklist', async (c) => {
    const userId = advertiser(c);
    const [profile, counts, draft, free, reserved] = await Promise.all([
      db.selectFrom('advertiser_profiles').select('status').where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('campaigns')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('campaigns'),
          eb.fn.count<number | string>('launched_at').as('launched'),
        ])
        .where('advertiser_id', '=', userId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('campaigns')
        .select('id')
        .where('advertiser_id', '=', userId)
        .where('status', '=', 'draft')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      balancesOf(db, [userId]),
      reservedBy(db, [userId]),
    ]);
    return {
      profile: profile?.status ?? ('missing' as const),
      fundsCents: (free.get(userId) ?? 0) + (reserved.get(userId) ?? 0),
      campaigns: Number(counts.campaigns),
      draftId: draft?.id ?? null,
      launched: Number(counts.launched) > 0,
    };
  });

  route(app, services, 'createCampaign', async (c, { body }) => ({
    campaign: await campaigns.create(advertiser(c), body),
  }));
  route(app, services, 'listCampaigns', async (c) => ({ campaigns: await campaigns.list(advertiser(c)) }));
  route(app, services, 'getCampaign', async (c) => campaigns.detail(advertiser(c), c.req.param('id')!));
  route(app, services, 'updateCampaign', campaignOwner, async (c, { body }) => ({
    campaign: await campaigns.update(advertiser(c), c.req.param('id')!, body),
  }));

  route(app, services, 'uploadCampaignImage', campaignOwner, async (c) => {
    const userId = advertiser(c);
    const id = c.req.param('id')!;
    const { bytes, kind } = await readImageField(c, config.maxUploadBytes, 'image');
    const image = await photos.save(bytes, kind);
    try {
      const { campaign, previous } = await campaigns.setImage(userId, id, image);
      if (previous && previous !== image) await photos.remove(previous);
      return { campaign };
    } catch (error) {
      await photos.remove(image);
      throw error;
    }
  });

  const act = (
    name: 'launchCampaign' | 'pauseCampaign' | 'resumeCampaign' | 'cancelCampaign',
    action: CampaignAction,
  ) =>
    route(app, services, name, async (c) => {
      const userId = advertiser(c);
      return services.idempotency.once(c, userId, null, async () => {
        const campaign = await campaigns.act(userId, c.req.param('id')!, action);
        // Pausing, resuming or ending a campaign changes what its creators' overlays show.
        await services.overlays.refreshCampaign(campaign.id);
        return { campaign };
      });
    });
  act('launchCampaign', 'launch');
  act('pauseCampaign', 'pause');
  act('resumeCampaign', 'resume');
  act('cancelCampaign', 'cancel');
  // More spots on a running campaign, reserved as a launch reserves them.
  route(app, services, 'addCampaignSpots', campaignOwner, async (c, { body }) => {
    const userId = advertiser(c);
    return services.idempotency.once(c, userId, null, async () => ({
      campaign: await campaigns.addSpots(userId, c.req.param('id')!, body.spots),
    }));
  });
  // Creator search, saved lists and invitations (docs/product.md §Discovery and negotiation).
  searchRoutes(app, services);

  route(app, services, 'listOffers', (c, { query }) => offerLists.respond(c, party(c), query.status));
  // Before /api/offers/:id, which would take 'outlook' for an id.
  route(app, services, 'offersOutlook', { forbidden: marketplaceProblems.offers_creators_only }, async (c) =>
    offersOutlook(db, c.get('userId'), reader(c).locale),
  );
  route(app, services, 'getOffer', async (c) => ({ offer: await offers.get(reader(c), c.req.param('id')!) }));
  route(app, services, 'acceptOffer', { forbidden: ANSWERS_ARE_THE_CREATORS }, async (c) => {
    const offer = await offers.accept(reader(c), c.req.param('id')!);
    // An accepted offer's creative joins the creator's overlay at once.
    await services.overlays.refresh([c.get('userId')]);
    return { offer };
  });
  route(app, services, 'declineOffer', offerAnswer, async (c, { body }) => ({
    offer: await offers.decline(reader(c), c.req.param('id')!, body.reason),
  }));
  route(app, services, 'requestInfo', offerAnswer, async (c, { body }) => ({
    offer: await offers.requestInfo(reader(c), c.req.param('id')!, body.message),
  }));
  route(app, services, 'listMessages', offerParties, async (c, { query }) =>
    offers.messages(party(c), c.req.param('id')!, query.before),
  );
  route(app, services, 'postMessage', offerParties, async (c, { body }) => {
    const id = c.req.param('id')!;
    // A flood gets 429 before it costs a write, a notification or an e-mail (docs/product.md §Threads).
    await services.limits.checkUser(RATE_RULES.threadMessages, c.get('userId'), `offer:${id}`);
    return { message: await offers.post(party(c), id, body.body) };
  });

  // Counter-offers (./proposals.ts): the offer's two sides; anyone else, an operator too, 404 before the body is read.
  const roundOf = (c: Context<AppEnv>) => {
    const round = Number(c.req.param('round'));
    if (!Number.isSafeInteger(round) || round < 1) throw new HttpError(404, marketplaceProblems.proposal_unknown);
    return round;
  };
  route(app, services, 'listProposals', offerParties, async (c) => ({
    proposals: await proposals.list(party(c), c.req.param('id')!),
  }));
  route(app, services, 'propose', offerParties, async (c, { body }) => {
    const id = c.req.param('id')!;
    // Each round is written in the offer's thread: it counts as a message there (docs/product.md §Threads).
    await services.limits.checkUser(RATE_RULES.threadMessages, c.get('userId'), `offer:${id}`);
    return { offer: await proposals.propose(reader(c), id, body) };
  });
  route(app, services, 'acceptProposal', offerParties, async (c) => {
    const userId = c.get('userId');
    return services.idempotency.once(c, userId, null, async () => {
      const offer = await proposals.accept(reader(c), c.req.param('id')!, roundOf(c));
      // An accepted offer's creative joins the creator's overlay at once.
      await services.overlays.refreshCampaign(offer.campaignId);
      return { offer };
    });
  });
  route(app, services, 'declineProposal', offerParties, async (c) => ({
    offer: await proposals.decline(reader(c), c.req.param('id')!, roundOf(c)),
  }));

  route(app, services, 'confirmDelivery', deliveryConfirmer, async (c) => {
    const userId = c.get('userId');
    if (c.get('role') !== 'advertiser') throw new HttpError(403, marketplaceProblems.delivery_advertiser_only);
    return services.idempotency.once(c, userId, null, () => confirmDelivery(userId, c.req.param('id')!));
  });

  async function confirmDelivery(userId: string, id: string) {
    // The advertiser's own offer, or 404.
    const offer = await offers.get({ userId, role: 'advertiser' }, id);
    if (!(DELIVERY_STATUSES as readonly string[]).includes(offer.status)) {
      throw new HttpError(
        409,
        offer.status === 'completed' || offer.status === 'paid'
          ? marketplaceProblems.offer_already_completed
          : marketplaceProblems.offer_not_completable.with({ status: offerState(offer.status) }),
      );
    }
    // A short write: under load it shares its COMMIT with the writes arriving meanwhile (server/db/write-batcher.ts).
    const announce = await services.writes.run(async (trx) => {
      const done = await completeOffer(trx, { offerId: id, via: 'advertiser', feeBps: config.feeBps });
      return notifier.create(trx, done.notices);
    });
    announce();
    const completed = await offers.get({ userId, role: 'advertiser' }, id);
    // A completed offer leaves the creator's overlay.
    await services.overlays.refreshCampaign(completed.campaignId);
    return { offer: completed };
  }

  return app;
}
