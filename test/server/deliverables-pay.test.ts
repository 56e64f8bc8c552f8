// Pay for deliverables beyond the overlay (docs/product.md §Deliverables) on SQLite and PostgreSQL, through the
// ledger's reservation, pending balance and review window: a flat fee completes only once every deliverable asked for
// is met; pay per click completes at the cap, or when the campaign's window ends with what the clicks earned (the
// rest of the reservation going back to the advertiser), and no click earns nothing (the offer expires with its
// campaign); refused clicks hold the earning for an operator, and so do clicks concentrated on a few addresses (issue
// 44), with the reason the operator's review queue reads; an overlay offer asking for more waits for the rest,
// while an overlay-only one still completes on its minutes. The counts are written as the counters write them
// (bumpDay); each side is told in their language; the ledger stays clean, checked after each test and by
// `npm run ledger -- check` at the end.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignInput } from '../../contract/schemas/marketplace.ts';
import { bumpDay, utcDay, type DayCounts } from '../../server/deliverables/days.ts';
import { ensureLink } from '../../server/deliverables/links.ts';
import { verdictOf } from '../../server/deliverables/settlement.ts';
import { feeOf } from '../../server/money/earnings.ts';
import { balanceOf, campaignReserve, checkLedger, creatorPending } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import {
  account,
  approvedAdvertiser,
  campaignInput,
  connectChannel,
  day,
  expectLedgerCommandClean,
  type Account,
} from './market.ts';

const COUNTRIES = ['Tonga', 'Fiji', 'Samoa', 'Nepal', 'Peru', 'Chile', 'Ghana', 'Kenya', 'Malta', 'Oman', 'Palau'];
let countryIndex = 0;
const link = { url: 'https://nova.example/energy', clicks: 20 };

describe('the settlement verdict', () => {
  const facts = (perClickCents: number | null, met: boolean, clickEarningsCents: number | null) => ({
    payCents: 1000,
    perClickCents,
    progress: { met, clickEarningsCents },
  });
  it('flat: met completes at the pay, whatever the window; per click: the cap, or what was earned once it ended', () => {
    expect(verdictOf(facts(null, false, null), true)).toEqual({ complete: false });
    expect(verdictOf(facts(null, true, null), false)).toEqual({ complete: true });
    expect(verdictOf(facts(50, true, 1000), false)).toEqual({ complete: true });
    expect(verdictOf(facts(50, false, 950), false)).toEqual({ complete: false });
    expect(verdictOf(facts(50, false, 950), true)).toEqual({ complete: true, payCents: 950 });
    expect(verdictOf(facts(50, false, 0), true)).toEqual({ complete: false });
  });
});

describe.each(BACKENDS)('deliverables pay on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    // A fee, so that what the creator earns and what the platform keeps are both checked.
    api = await startApp(backend, { FEE_BPS: '1000' });
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
  });
  afterEach(async () => {
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    if (api) {
      await api.close();
      expectLedgerCommandClean(backend);
    }
    await backend?.cleanup();
  });

  const deliverable = (extra: Record<string, unknown>) =>
    ({ ...campaignInput().deliverable, ...extra }) as CampaignInput['deliverable'];

  /** A creator alone in a country with a Twitch channel, and their accepted offer of a launched one-spot campaign. */
  async function acceptedOffer(overrides: Partial<CampaignInput>) {
    const country = COUNTRIES[countryIndex % COUNTRIES.length]!;
    countryIndex += 1;
    const creator = await account(api, 'creator', { language: 'English', country, type_content: 'Speedruns' });
    await connectChannel(api, creator);
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: 1000,
        spots: 1,
        targeting: { ...campaignInput().targeting, countries: [country] },
        ...overrides,
      }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    const launch = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    expect(launch.status, launch.text).toBe(200);
    await api.castbridge.services.jobs.drain();
    const offers = (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
      id: string;
      campaignId: string;
    }[];
    const offerId = offers.find((o) => o.campaignId === campaignId)!.id;
    const accepted = await api.request('POST', `/api/offers/${offerId}/accept`, { token: creator.token });
    expect(accepted.status, accepted.text).toBe(200);
    return { creator, campaignId, offerId };
  }

  const count = (offer: { offerId: string; campaignId: string }, counts: DayCounts) =>
    bumpDay(api.castbridge.db, { ...offer, day: utcDay(Date.now()) }, counts);
  const settle = (offerIds?: string[]) => api.castbridge.services.settlement.settle(offerIds);
  const offerRow = (offerId: string) =>
    api.castbridge.db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirstOrThrow();
  const reviewOf = (offerId: string) =>
    api.castbridge.db.selectFrom('earning_reviews').selectAll().where('offer_id', '=', offerId).executeTakeFirst();
  const reserve = (campaignId: string) => balanceOf(api.castbridge.db, campaignReserve(campaignId));
  const fee = (cents: number) => feeOf(cents, api.castbridge.config.feeBps);

  it('a flat fee with a link and promo codes completes only once both are met, into pending with a review', async () => {
    const offer = await acceptedOffer({
      deliverable: deliverable({ overlay: false, link, promo: { redemptions: 3 } }),
    });
    const pendingBefore = await balanceOf(api.castbridge.db, creatorPending(offer.creator.id));
    await count(offer, { clicks: 25 });
    expect(await settle([offer.offerId])).toBe(0);
    expect((await offerRow(offer.offerId)).status).toBe('accepted');
    await count(offer, { redemptions: 2 });
    expect(await settle()).toBe(0);
    await count(offer, { redemptions: 1, redeemed_cents: 4500 });
    expect(await settle([offer.offerId])).toBe(1);

    const row = await offerRow(offer.offerId);
    expect(row).toMatchObject({ status: 'completed', completed_via: 'deliverables' });
    expect(Number(row.earned_cents)).toBe(1000 - fee(1000));
    expect(Number(row.fee_cents)).toBe(fee(1000));
    const review = await reviewOf(offer.offerId);
    expect(review).toMatchObject({ status: 'pending', hold_reasons: '[]' });
    expect(Number(review!.earned_cents)).toBe(1000 - fee(1000));
    expect(Number(review!.ends_at)).toBeGreaterThan(Date.now());
    expect(await balanceOf(api.castbridge.db, creatorPending(offer.creator.id))).toBe(pendingBefore + 1000 - fee(1000));
    expect(await reserve(offer.campaignId)).toBe(0);
    // Settled once: again is nothing.
    expect(await settle([offer.offerId])).toBe(0);
    // Earnings counts it as a sponsorship, not as the OBS Extension's (nothing was shown on the overlay).
    const earnings = await api.request('GET', '/api/earnings', { token: offer.creator.token });
    expect(earnings.status, earnings.text).toBe(200);
    expect(earnings.body.periods).toMatchObject({
      allOver: { overlayCents: 0, sponsorshipCents: 1000 - fee(1000), totalCents: 1000 - fee(1000) },
    });
    // Both sides were told, in words about the deliverables.
    const notes = await api.request('GET', '/api/notifications', { token: offer.creator.token });
    const text = (notes.body.notifications as { type: string; text: string }[]).find(
      (n) => n.type === 'offer.completed',
    )!.text;
    expect(text).toMatch(/^You delivered everything "Weekend streams" asked for: \$9 is pending review until /);
    // Its proof names what completed it; the advertiser may dispute it in its window, as an overlay delivery.
    const proof = await api.request('GET', `/api/offers/${offer.offerId}/display`, { token: advertiser.token });
    expect(proof.status, proof.text).toBe(200);
    expect(proof.body.display).toMatchObject({ completedVia: 'deliverables', review: { status: 'pending' } });
    const dispute = await api.request('POST', `/api/offers/${offer.offerId}/dispute`, {
      token: advertiser.token,
      json: { reason: 'These clicks came from one office' },
    });
    expect(dispute.status, dispute.text).toBe(200);
    expect(dispute.body.review).toMatchObject({ status: 'disputed' });
    // The offer's answers show it met.
    const answer = await api.request('GET', `/api/offers/${offer.offerId}`, { token: advertiser.token });
    expect(answer.body.offer).toMatchObject({
      status: 'completed',
      progress: { met: true, link: { clicks: 25, target: 20 }, promo: { redemptions: 3, target: 3 } },
    });
  });

  it('pay per click stops at the cap: the offer earns its pay, no more, and the reservation is spent', async () => {
    const advertiserBalance = async () =>
      (await api.request('GET', '/api/advertiser/balance', { token: advertiser.token })).body as {
        balanceCents: number;
      };
    const offer = await acceptedOffer({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: null } }),
      perClickCents: 30,
    });
    expect(await reserve(offer.campaignId)).toBe(1000);
    await count(offer, { clicks: 33 });
    expect(await settle([offer.offerId])).toBe(0);
    const progress = await api.request('GET', `/api/offers/${offer.offerId}/deliverables`, {
      token: offer.creator.token,
    });
    expect(progress.body.progress).toMatchObject({ met: false, clickEarningsCents: 990, link: { target: null } });
    const before = await advertiserBalance();
    // The creator reads Castbridge in Spanish: the completion tells them so, and the advertiser in English.
    expect(
      (await api.request('PUT', '/api/settings', { token: offer.creator.token, json: { locale: 'es-MX' } })).status,
    ).toBe(200);
    // 34 × 30 = 1,020: the cap (1,000) is what is earned.
    await count(offer, { clicks: 1 });
    expect(await settle([offer.offerId])).toBe(1);
    type Notice = { type: string; offerId: string | null; title: string; text: string; locale: string };
    const completedFor = async (token: string) =>
      ((await api.request('GET', '/api/notifications', { token })).body.notifications as Notice[]).find(
        (n) => n.type === 'offer.completed' && n.offerId === offer.offerId,
      );
    expect(await completedFor(offer.creator.token)).toMatchObject({
      title: 'Patrocinio completado',
      text: expect.stringMatching(
        /^Los clics de tu enlace rastreado para «Weekend streams» alcanzaron el tope de USD\u00a010: USD\u00a09 queda en revisión hasta el \d{1,2} [a-z]+\.? \d{4}, \d{2}:\d{2} UTC; después pasa a tu saldo de ganancias\.$/,
      ),
      locale: 'es-MX',
    });
    expect(await completedFor(advertiser.token)).toMatchObject({
      title: 'Delivery confirmed',
      text: expect.stringMatching(
        /^.+'s tracked link for "Weekend streams" earned \$10 in counted clicks \(its cap\): \$10 is paid once the review window ends\. You can review the proof and dispute it until .+ UTC\.$/,
      ),
      locale: 'en',
    });
    const row = await offerRow(offer.offerId);
    expect(row.status).toBe('completed');
    expect(Number(row.earned_cents) + Number(row.fee_cents)).toBe(1000);
    expect(await reserve(offer.campaignId)).toBe(0);
    // Nothing went back: the cap was earned in full.
    expect(await advertiserBalance()).toMatchObject({ balanceCents: before.balanceCents, reservedCents: 0 });
    const answer = await api.request('GET', `/api/offers/${offer.offerId}/deliverables`, { token: advertiser.token });
    expect(answer.body.progress).toMatchObject({ met: true, clickEarningsCents: 1000, link: { clicks: 34 } });
    // Clicks after completion change nothing of the money.
    await count(offer, { clicks: 50 });
    expect(await settle()).toBe(0);
    expect(Number((await offerRow(offer.offerId)).earned_cents)).toBe(1000 - fee(1000));
  });

  it('pay per click at the window end pays clicks × rate and gives the rest of the reservation back', async () => {
    const { db } = api.castbridge;
    const offer = await acceptedOffer({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: null } }),
      perClickCents: 30,
    });
    const idle = await acceptedOffer({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: null } }),
      perClickCents: 30,
    });
    await count(offer, { clicks: 7, clicks_repeat: 3 });
    expect(await settle()).toBe(0);
    const free = async () => (await api.request('GET', '/api/advertiser/balance', { token: advertiser.token })).body;
    const before = (await free()) as { balanceCents: number };

    // The window ended yesterday.
    for (const id of [offer.campaignId, idle.campaignId])
      await db
        .updateTable('campaigns')
        .set({ starts_on: day(-10), ends_on: day(-1) })
        .where('id', '=', id)
        .execute();
    expect(await settle()).toBe(1);
    const row = await offerRow(offer.offerId);
    expect(row).toMatchObject({ status: 'completed', completed_via: 'deliverables' });
    expect(Number(row.earned_cents)).toBe(210 - fee(210));
    expect(Number(row.fee_cents)).toBe(fee(210));
    expect(await reviewOf(offer.offerId)).toMatchObject({ status: 'pending' });
    // 790 of the 1,000 reserved went back at once.
    expect(await reserve(offer.campaignId)).toBe(0);
    const after = (await free()) as { balanceCents: number };
    expect(after.balanceCents).toBe(before.balanceCents + 790);
    const notes = await api.request('GET', '/api/notifications', { token: offer.creator.token });
    expect(
      (notes.body.notifications as { type: string; text: string }[]).find((n) => n.type === 'offer.completed')!.text,
    ).toMatch(/has ended and your tracked link's clicks earned \$2\.10 of the \$10 cap: \$1\.89 is pending review/);

    // No click earned nothing: no completion; the campaign's end expires the offer and returns its reservation.
    expect((await offerRow(idle.offerId)).status).toBe('accepted');
    await api.castbridge.services.campaigns.completeEnded();
    expect((await offerRow(idle.offerId)).status).toBe('expired');
    expect(await reserve(idle.campaignId)).toBe(0);
    expect(await reviewOf(idle.offerId)).toBeUndefined();
    const campaigns = await db
      .selectFrom('campaigns')
      .select('status')
      .where('id', 'in', [offer.campaignId, idle.campaignId])
      .execute();
    expect(campaigns.map((c) => c.status)).toEqual(['completed', 'completed']);
  });

  it('a cancelled per-click campaign pays its accepted offers what their clicks earned', async () => {
    const offer = await acceptedOffer({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: null } }),
      perClickCents: 100,
    });
    await count(offer, { clicks: 4 });
    const cancel = await api.request('POST', `/api/campaigns/${offer.campaignId}/cancel`, { token: advertiser.token });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await settle([offer.offerId])).toBe(1);
    expect(Number((await offerRow(offer.offerId)).earned_cents)).toBe(400 - fee(400));
    expect(await reserve(offer.campaignId)).toBe(0);
  });

  it('refused clicks past the fraud share hold the earning for an operator', async () => {
    const offer = await acceptedOffer({ deliverable: deliverable({ overlay: false, link }) });
    await count(offer, { clicks: 20, clicks_bot: 40, clicks_limited: 10 });
    expect(await settle([offer.offerId])).toBe(1);
    const review = await reviewOf(offer.offerId);
    expect(review?.status).toBe('held');
    expect(JSON.parse(review!.hold_reasons)).toEqual([
      { rule: 'clicks', detail: '50 of 70 clicks on the tracked link were refused (bots, repeats, over the limits)' },
    ]);
  });

  it('clicks concentrated on a few addresses hold the earning, with the reason the operator reads', async () => {
    const offer = await acceptedOffer({ deliverable: deliverable({ overlay: false, link }) });
    const { db } = api.castbridge;
    const code = await ensureLink(db, { ...offer, creatorId: offer.creator.id });
    // As the click counter writes them: 60 clicks by people, 24 counted; two addresses of the day made 40 of them.
    const today = utcDay(Date.now());
    await count(offer, { clicks: 24, clicks_repeat: 36 });
    await db
      .insertInto('link_addresses')
      .values([
        { code, day: today, address: 'a'.repeat(64), clicks: 25 },
        { code, day: today, address: 'b'.repeat(64), clicks: 15 },
        ...Array.from({ length: 20 }, (_, i) => ({
          code,
          day: today,
          address: String(i).padStart(64, 'c'),
          clicks: 1,
        })),
      ])
      .execute();
    // The refused share alone (36 of 60) would hold it at FRAUD_CLICK_SHARE 0.5; both reasons are given.
    expect(await settle([offer.offerId])).toBe(1);
    const review = await reviewOf(offer.offerId);
    expect(review?.status).toBe('held');
    const concentrated = {
      rule: 'click_addresses',
      detail:
        '3 network addresses made 41 of the 60 clicks by people on the tracked link (68%; the busiest 25; 22 ' +
        'addresses in all, each UTC day apart): a click farm, or a shared address such as an office or a mobile carrier',
    };
    expect(JSON.parse(review!.hold_reasons)).toContainEqual(concentrated);
    // The operator's review queue shows it.
    const queue = await api.request('GET', '/api/admin/reviews', { token: operator.token });
    expect(queue.status, queue.text).toBe(200);
    const held = (queue.body.reviews as { offerId: string; status: string; holdReasons: unknown[] }[]).find(
      (row) => row.offerId === offer.offerId,
    );
    expect(held).toMatchObject({ status: 'held' });
    expect(held!.holdReasons).toContainEqual(concentrated);
  });

  it('overlay minutes alone complete an overlay-only offer, but wait for the rest of one asking for more', async () => {
    const { db, services } = api.castbridge;
    const verified = async (offerId: string, seconds: number) => {
      const stamp = new Date().toISOString();
      await db
        .insertInto('overlay_progress')
        .values({
          offer_id: offerId,
          displayed_seconds: seconds,
          verified_seconds: seconds,
          credited_until: Date.now(),
          last_beat_id: 'beat',
          first_beat_at: stamp,
          last_beat_at: stamp,
        })
        .execute();
    };
    const overlayOnly = await acceptedOffer({ deliverable: deliverable({ minutes: 2 }) });
    const withLink = await acceptedOffer({ deliverable: deliverable({ minutes: 2, link }) });
    await verified(overlayOnly.offerId, 120);
    await verified(withLink.offerId, 120);
    expect(await services.overlays.completeDue()).toBe(1);
    expect(await offerRow(overlayOnly.offerId)).toMatchObject({ status: 'completed', completed_via: 'overlay' });
    expect((await offerRow(withLink.offerId)).status).toBe('accepted');
    const waiting = await api.request('GET', `/api/offers/${withLink.offerId}/deliverables`, {
      token: withLink.creator.token,
    });
    expect(waiting.body.progress).toMatchObject({
      met: false,
      overlay: { verifiedSeconds: 120, targetSeconds: 120 },
      link: { clicks: 0, target: 20 },
    });
    await count(withLink, { clicks: 20 });
    // The overlay's own pass hands it to the settlement, which now finds everything met.
    expect(await services.overlays.completeDue()).toBe(0);
    expect(await offerRow(withLink.offerId)).toMatchObject({ status: 'completed', completed_via: 'deliverables' });
  });
});
