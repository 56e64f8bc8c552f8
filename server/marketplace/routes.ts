// The marketplace's endpoints (issue 13): the advertiser's company profile, campaigns (advertisers only; others
// 403), offers and their threads (the offer's creator or its campaign's advertiser; anyone else 404).
import { Hono, type Context } from 'hono';
import type { CampaignAction } from '../../contract/marketplace.ts';
import { requireRole } from '../accounts/require-user.ts';
import { route } from '../http/route.ts';
import type { AppEnv, Services } from '../services.ts';
import { readImageField } from '../uploads/routes.ts';
import { createOfferLists } from './offer-lists.ts';
import { toAdvertiserProfile } from './rows.ts';

const party = (c: Context<AppEnv>) => ({ userId: c.get('userId'), role: c.get('role') });
const advertiser = (c: Context<AppEnv>) => requireRole(c, 'advertiser');

export function marketplaceRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, campaigns, offers, photos, config } = services;
  const offerLists = createOfferLists(offers, { contractCheck: config.contractCheck });

  route(app, services, 'getAdvertiserProfile', async (c) => {
    const row = await db.selectFrom('advertiser_profiles').selectAll().where('user_id', '=', advertiser(c)).executeTakeFirst();
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
      updated_at: stamp,
    };
    // A new or rejected profile goes (back) to review; an approved one stays approved.
    const row = await db
      .insertInto('advertiser_profiles')
      .values({ user_id: userId, ...values, status: 'pending', rejection_reason: null, reviewed_at: null, reviewed_by: null, created_at: stamp })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          ...values,
          rejection_reason: null,
          status: eb.fn<'pending' | 'approved' | 'rejected'>('replace', [eb.ref('advertiser_profiles.status'), eb.val('rejected'), eb.val('pending')]),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return { profile: toAdvertiserProfile(row) };
  });

  route(app, services, 'createCampaign', async (c, { body }) => ({ campaign: await campaigns.create(advertiser(c), body) }));
  route(app, services, 'listCampaigns', async (c) => ({ campaigns: await campaigns.list(advertiser(c)) }));
  route(app, services, 'getCampaign', async (c) => campaigns.detail(advertiser(c), c.req.param('id')!));
  route(app, services, 'updateCampaign', async (c, { body }) => ({ campaign: await campaigns.update(advertiser(c), c.req.param('id')!, body) }));

  route(app, services, 'uploadCampaignImage', async (c) => {
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

  const act = (name: 'launchCampaign' | 'pauseCampaign' | 'resumeCampaign' | 'cancelCampaign', action: CampaignAction) =>
    route(app, services, name, async (c) => {
      const campaign = await campaigns.act(advertiser(c), c.req.param('id')!, action);
      // Pausing, resuming or ending a campaign changes what its creators' overlays show.
      await services.overlays.refreshCampaign(campaign.id);
      return { campaign };
    });
  act('launchCampaign', 'launch');
  act('pauseCampaign', 'pause');
  act('resumeCampaign', 'resume');
  act('cancelCampaign', 'cancel');

  route(app, services, 'listOffers', (c, { query }) => offerLists.respond(c, party(c), query.status));
  route(app, services, 'getOffer', async (c) => ({ offer: await offers.get(party(c), c.req.param('id')!) }));
  route(app, services, 'acceptOffer', async (c) => {
    const offer = await offers.accept(party(c), c.req.param('id')!);
    // An accepted offer's creative joins the creator's overlay at once.
    await services.overlays.refresh([c.get('userId')]);
    return { offer };
  });
  route(app, services, 'declineOffer', async (c, { body }) => ({ offer: await offers.decline(party(c), c.req.param('id')!, body.reason) }));
  route(app, services, 'requestInfo', async (c, { body }) => ({ offer: await offers.requestInfo(party(c), c.req.param('id')!, body.message) }));
  route(app, services, 'listMessages', async (c) => ({ messages: await offers.messages(party(c), c.req.param('id')!) }));
  route(app, services, 'postMessage', async (c, { body }) => ({ message: await offers.post(party(c), c.req.param('id')!, body.body) }));

  return app;
}

