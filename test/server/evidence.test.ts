// The evidence of each deliverable an offer asks for (GET /api/offers/:id/evidence, docs/product.md §Deliverables), on
// SQLite and PostgreSQL: a link-only offer answers its counted and refused clicks by why and by day and no overlay; an
// overlay offer its verified minutes and no clicks; promo codes their redemptions with order ids and the bot its posts
// with the platform's message ids; the proof report and the operator's reviews carry the same; the offer's creator,
// its advertiser and operators read it, anyone else gets 404 (and nobody 401).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferEvidence } from '../../contract/schemas/deliverables.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, offerWithLink, type Account } from './market.ts';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(BACKENDS)('offer evidence on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let advertiser: Account;
  let creator: Account;
  let operator: Account;
  let otherAdvertiser: Account;
  let otherCreator: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, { CLICK_FLUSH_MS: '60000' });
    [advertiser, creator, operator, otherAdvertiser, otherCreator] = await Promise.all([
      account(api, 'advertiser'),
      account(api, 'creator'),
      account(api, 'operator'),
      account(api, 'advertiser'),
      account(api, 'creator'),
    ]);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const db = () => api.castbridge.db;
  const evidenceAs = async (who: Account | null, offerId: string) =>
    api.request('GET', `/api/offers/${offerId}/evidence`, who ? { token: who.token } : {});

  /** A completed offer's open review window, disputed by the advertiser (what /admin → Reviews lists). */
  const disputed = async (offerId: string, campaignId: string) => {
    await db()
      .insertInto('earning_reviews')
      .values({
        offer_id: offerId,
        creator_id: creator.id,
        advertiser_id: advertiser.id,
        campaign_id: campaignId,
        earned_cents: 9_000,
        fee_cents: 1_000,
        status: 'disputed',
        ends_at: Date.now() + 86_400_000,
        dispute_reason: 'These clicks look like bots to us.',
        disputed_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
  };

  it('a link-only offer: counted and refused clicks by why and by day, no overlay, no codes, no posts', async () => {
    const { offerId, campaignId, code } = await offerWithLink(db(), { advertiser, creator });
    const visit = (address: string, userAgent: string) =>
      api.request('GET', `/l/${code}`, { headers: { 'x-forwarded-for': address, 'user-agent': userAgent } });
    await visit('203.0.113.10', BROWSER);
    await visit('203.0.113.11', BROWSER);
    await visit('203.0.113.11', BROWSER); // the same visitor again today
    await visit('203.0.113.12', GOOGLEBOT);
    await api.castbridge.services.clicks.flush();

    const today = new Date().toISOString().slice(0, 10);
    const expected: OfferEvidence = {
      offerId,
      overlay: null,
      link: {
        url: expect.stringMatching(new RegExp(`/l/${code}$`)) as unknown as string,
        counted: 2,
        target: 100,
        refused: { bot: 1, repeat: 1, limited: 0, inactive: 0 },
        days: [{ day: today, counted: 2, bot: 1, repeat: 1, limited: 0, inactive: 0 }],
      },
      promo: null,
      chat: null,
    };
    for (const who of [creator, advertiser, operator]) {
      const answer = await evidenceAs(who, offerId);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.evidence).toEqual(expected);
    }

    // The proof report carries the same: an offer that never asked for minutes is proven by its clicks.
    const proof = await api.request('GET', `/api/offers/${offerId}/display`, { token: advertiser.token });
    expect(proof.status, proof.text).toBe(200);
    expect((proof.body.display as { evidence: OfferEvidence }).evidence).toEqual(expected);

    // And the operator's review of its disputed earning.
    await disputed(offerId, campaignId);
    const reviews = await api.request('GET', '/api/admin/reviews', { token: operator.token });
    expect(reviews.status, reviews.text).toBe(200);
    const review = (reviews.body.reviews as { offerId: string; evidence: OfferEvidence }[]).find(
      (entry) => entry.offerId === offerId,
    );
    expect(review?.evidence).toEqual(expected);
  });

  it('an overlay offer: its verified minutes against the target, and no clicks', async () => {
    const { offerId } = await offerWithLink(db(), { advertiser, creator });
    await db()
      .updateTable('campaigns')
      .set({ overlay_required: 1, link_url: null, link_clicks: null })
      .where(
        'id',
        '=',
        (await db().selectFrom('offers').select('campaign_id').where('id', '=', offerId).executeTakeFirstOrThrow())
          .campaign_id,
      )
      .execute();
    await db()
      .insertInto('overlay_progress')
      .values({
        offer_id: offerId,
        displayed_seconds: 1_800,
        verified_seconds: 1_500,
        credited_until: Date.now(),
        last_beat_id: 'beat-1',
        first_beat_at: new Date().toISOString(),
        last_beat_at: new Date().toISOString(),
      })
      .execute();
    const answer = await evidenceAs(advertiser, offerId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.evidence).toEqual({
      offerId,
      overlay: { verifiedSeconds: 1_500, targetSeconds: 3_600 },
      link: null,
      promo: null,
      chat: null,
    });
  });

  it('promo codes list their redemptions with order ids; the bot its posts with the platform’s message ids', async () => {
    const { offerId, campaignId } = await offerWithLink(db(), { advertiser, creator });
    await db()
      .updateTable('campaigns')
      .set({
        link_url: null,
        link_clicks: null,
        promo_redemptions: 5,
        chat_message: 'Try Nova Energy',
        chat_every_minutes: 30,
        chat_posts: 4,
      })
      .where('id', '=', campaignId)
      .execute();
    await db()
      .insertInto('promo_codes')
      .values({ offer_id: offerId, campaign_id: campaignId, code: 'ANA10', code_key: 'ana10', created_at: Date.now() })
      .execute();
    const at = Date.parse('2026-11-21T18:00:00.000Z');
    await db()
      .insertInto('promo_redemptions')
      .values([
        {
          campaign_id: campaignId,
          order_id: 'order-1001',
          offer_id: offerId,
          code: 'ANA10',
          amount_cents: 4_200,
          redeemed_at: at,
          source: 'api',
          counted: 1,
          created_at: at,
        },
        {
          campaign_id: campaignId,
          order_id: 'order-1002',
          offer_id: offerId,
          code: 'ANA10',
          amount_cents: null,
          redeemed_at: at + 60_000,
          source: 'csv',
          counted: 0,
          created_at: at,
        },
      ])
      .execute();
    await db()
      .insertInto('offer_days')
      .values({ offer_id: offerId, campaign_id: campaignId, day: '2026-11-21', redemptions: 1, bot_posts: 1 })
      .execute();
    await db()
      .insertInto('bot_posts')
      .values([
        {
          id: crypto.randomUUID(),
          offer_id: offerId,
          platform: 'twitch',
          channel_id: 'c1',
          kind: 'scheduled',
          text: 'Try Nova Energy #ad',
          status: 'sent',
          reason: null,
          platform_message_id: 'tw-msg-77',
          stream_key: null,
          posted_at: at,
        },
        {
          id: crypto.randomUUID(),
          offer_id: offerId,
          platform: 'youtube',
          channel_id: 'c2',
          kind: 'scheduled',
          text: 'Try Nova Energy #ad',
          status: 'dropped',
          reason: 'Held by AutoMod',
          platform_message_id: null,
          stream_key: null,
          posted_at: at + 1_000,
        },
      ])
      .execute();

    const answer = await evidenceAs(creator, offerId);
    expect(answer.status, answer.text).toBe(200);
    const evidence = answer.body.evidence as OfferEvidence;
    expect(evidence.overlay).toBeNull();
    expect(evidence.link).toBeNull();
    expect(evidence.promo).toEqual({
      code: 'ANA10',
      counted: 1,
      target: 5,
      total: 2,
      redemptions: [
        {
          orderId: 'order-1002',
          code: 'ANA10',
          amountCents: null,
          redeemedAt: new Date(at + 60_000).toISOString(),
          counted: false,
          source: 'csv',
        },
        {
          orderId: 'order-1001',
          code: 'ANA10',
          amountCents: 4_200,
          redeemedAt: new Date(at).toISOString(),
          counted: true,
          source: 'api',
        },
      ],
    });
    expect(evidence.chat).toMatchObject({ sent: 1, target: 4, total: 2 });
    expect(evidence.chat?.posts.map((post) => [post.status, post.platformMessageId, post.reason])).toEqual([
      ['dropped', null, 'Held by AutoMod'],
      ['sent', 'tw-msg-77', null],
    ]);
  });

  it('anyone but the offer’s creator, its advertiser and operators gets 404; nobody 401', async () => {
    const { offerId } = await offerWithLink(db(), { advertiser, creator });
    for (const who of [otherAdvertiser, otherCreator]) {
      const answer = await evidenceAs(who, offerId);
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body).toEqual({ message: 'No such offer', code: 'marketplace.offer_unknown' });
    }
    expect((await evidenceAs(operator, crypto.randomUUID())).status).toBe(404);
    expect((await evidenceAs(null, offerId)).status).toBe(401);
  });
});
