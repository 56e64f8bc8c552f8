// The review window of overlay earnings (docs/product.md §Review window and disputes) on SQLite and PostgreSQL: an overlay
// completion pays into the creator's pending balance (not withdrawable), the release moves it to the Earning Balance
// once the window ends (once, however many releases run at once, on one instance or two), the advertiser disputes
// inside the window, an operator resolves (full refund, a split with the platform's fee returned pro rata), a held
// earning never releases by itself; each notice in its reader's language (a completion's, worded by the marketplace
// whoever completed it, in English as it always read); every endpoint tried by the wrong role, the wrong
// advertiser and nobody; the ledger's invariants (the pending balance equals the open reviews) checked after every
// test. Clocks are injected: the release is called with the window's end rather than waited for.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HoldReason } from '../../contract/schemas/overlay.ts';
import { completeOffer } from '../../server/marketplace/completion.ts';
import {
  advertiserBalance,
  balanceOf,
  checkLedger,
  creatorAvailable,
  creatorPending,
  PLATFORM_FEES,
} from '../../server/money/ledger.ts';
import {
  formatWhen,
  RELEASE_JOB,
  RELEASE_JOB_KEY,
  releaseIntervalMs,
  type Reviews,
} from '../../server/money/reviews.ts';
import { wordedIn } from '../../server/http/texts.ts';
import type { NewNotification } from '../../server/notifications/store.ts';
import { seedDemo, DEMO_EMAILS } from '../../demo/seed/demo.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, fileTaxForm, type Account } from './market.ts';

/** The window the tests complete with: an hour (the release is called with its end, never waited for). */
const REVIEW_SECONDS = 3600;
const REASON = 'The overlay was never on screen in the VOD.';
const SPIKE: HoldReason = { rule: 'viewer_spike', detail: 'Viewers 40× the channel median' };

type Earnings = {
  periods: Record<'allOver' | 'thisYear' | 'thisMonth', { totalCents: number; overlayCents: number }>;
  availableCents: number;
  pendingCents: number;
  pending: { offerId: string; earnedCents: number; status: string; availableAt: string | null }[];
};
type CampaignOffer = { id: string; completedAt: string | null; review?: { status: string; endsAt: string } | null };
type Notice = { type: string; title: string; text: string; offerId: string | null; locale: string };
/** "29 nov 2026, 14:05 UTC": a window's end as Spanish writes it, on the UTC clock. */
const SPANISH_WHEN = String.raw`\d{1,2} [a-z]+\.? \d{4}, \d{2}:\d{2} UTC`;

describe.each(BACKENDS)('the review window on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;
  let reviews: Reviews;

  const get = async <T>(url: string, who: Account) => {
    const answer = await api.request('GET', url, { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  };
  const earningsOf = (creator: Account) => get<Earnings>('/api/earnings', creator);
  const noticesOf = async (who: Account) =>
    (await get<{ notifications: Notice[] }>('/api/notifications', who)).notifications;
  const ledger = (ref: Parameters<typeof balanceOf>[1]) => balanceOf(api.castbridge.db, ref);
  const reviewRow = (offerId: string) =>
    api.castbridge.db
      .selectFrom('earning_reviews')
      .selectAll()
      .where('offer_id', '=', offerId)
      .executeTakeFirstOrThrow();
  const transfers = async (key: string) =>
    (await api.castbridge.db.selectFrom('ledger_transfers').select('id').where('key', '=', key).execute()).length;
  const dispute = (offerId: string, who: Account | null, json: unknown = { reason: REASON }) =>
    api.request('POST', `/api/offers/${offerId}/dispute`, { ...(who ? { token: who.token } : {}), json });
  const resolve = (offerId: string, who: Account | null, json: unknown, key?: string) =>
    api.request('POST', `/api/admin/reviews/${offerId}/resolve`, {
      ...(who ? { token: who.token } : {}),
      json,
      headers: key ? { 'idempotency-key': key } : {},
    });

  /**
   * A launched campaign of `by` (one spot) and a creator whose accepted offer the overlay completed at `at`: the pay
   * (less `feeBps`) is pending for REVIEW_SECONDS. The offer is written accepted directly (accepting has its own
   * rules, the marketplace's tests'); the completion is the one the overlay's settlement calls.
   */
  async function overlayCompletion(
    options: { payCents?: number; feeBps?: number; holdReasons?: HoldReason[]; by?: Account } = {},
  ) {
    const by = options.by ?? advertiser;
    const { db, services } = api.castbridge;
    const creator = await account(api, 'creator', { first_name: 'Ana', last_name: 'Lee' });
    const created = await api.request('POST', '/api/campaigns', {
      token: by.token,
      json: campaignInput({ payCents: options.payCents ?? 10_000, spots: 1 }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    const launched = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: by.token });
    expect(launched.status, launched.text).toBe(200);
    const offerId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db
      .insertInto('offers')
      .values({
        id: offerId,
        campaign_id: campaignId,
        creator_id: creator.id,
        status: 'accepted',
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    let announce = () => {};
    const done = await db.transaction().execute(async (trx) => {
      const completion = await completeOffer(trx, {
        offerId,
        via: 'overlay',
        feeBps: options.feeBps ?? 0,
        reviewSeconds: REVIEW_SECONDS,
        holdReasons: options.holdReasons,
      });
      announce = await services.notifier.create(trx, completion.notices);
      return completion;
    });
    announce();
    return { creator, campaignId, offerId, endsAt: done.review!.endsAt, earned: done.earnedCents, fee: done.feeCents };
  }

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
    reviews = api.castbridge.services.reviews;
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('an overlay completion is pending, not withdrawable; released once its window ends, to the Earning Balance', async () => {
    const { creator, campaignId, offerId, endsAt, earned } = await overlayCompletion({ payCents: 10_000 });
    expect(endsAt - Date.now()).toBeGreaterThan((REVIEW_SECONDS - 60) * 1000);
    // The campaign page and Earnings read the window's end from the review itself (issue 48 item 3).
    const campaignOffer = async () =>
      (await get<{ offers: CampaignOffer[] }>(`/api/campaigns/${campaignId}`, advertiser)).offers.find(
        (o) => o.id === offerId,
      )!;
    expect((await campaignOffer()).review).toEqual({
      status: 'pending',
      endsAt: new Date(endsAt).toISOString(),
      releasedAt: null,
    });
    // The creator's own card reads it too, from the list (cached while its revision stands) and the offer.
    const creatorOffer = async () =>
      (await get<{ offers: CampaignOffer[] }>('/api/offers', creator)).offers.find((o) => o.id === offerId)!;
    expect((await creatorOffer()).review).toMatchObject({ status: 'pending', endsAt: new Date(endsAt).toISOString() });
    expect((await creatorOffer()).review).toMatchObject({ status: 'pending' });
    expect((await get<{ offer: CampaignOffer }>(`/api/offers/${offerId}`, creator)).offer.review).toMatchObject({
      status: 'pending',
    });
    expect((await earningsOf(creator)).pending).toEqual([
      {
        offerId,
        brand: 'Nova Energy',
        title: 'Weekend streams',
        earnedCents: 10_000,
        status: 'pending',
        availableAt: new Date(endsAt).toISOString(),
      },
    ]);
    expect(await reviewRow(offerId)).toMatchObject({ status: 'pending', hold_reasons: '[]' });
    // Earned (it counts in the periods), pending, and nothing available.
    expect(await earningsOf(creator)).toMatchObject({
      periods: { thisMonth: { totalCents: 10_000, overlayCents: 10_000 } },
      availableCents: 0,
      pendingCents: 10_000,
    });
    const creatorTold = (await noticesOf(creator)).find((n) => n.offerId === offerId)!;
    expect(creatorTold.type).toBe('offer.completed');
    expect(creatorTold.text).toMatch(
      /^Your overlay showed "Weekend streams" for its full time: \$100 is pending review until .+ UTC, then it moves to your Earning Balance\.$/,
    );
    const advertiserTold = (await noticesOf(advertiser)).find((n) => n.offerId === offerId)!;
    expect(advertiserTold.text).toMatch(/You can review the proof and dispute it until .+ UTC\.$/);

    // Pending money cannot be withdrawn.
    await api.request('POST', '/api/payout-methods', {
      token: creator.token,
      json: { kind: 'paypal', email: 'ana@example.com' },
    });
    // A withdrawal needs a tax form on file (docs/product.md §Self-serve money).
    await fileTaxForm(api, creator);
    const refused = await api.request('POST', '/api/payouts', {
      token: creator.token,
      headers: { 'idempotency-key': `pending-${offerId}` },
      json: { amount_cents: earned },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your available balance is $0: you cannot withdraw $100.');
    // Nor given up with the account.
    const deleting = await api.request('DELETE', '/api/user', { token: creator.token, json: {} });
    expect(deleting.status).toBe(409);
    expect(deleting.body.message).toBe(
      '$100 of your earnings is in its review window: delete your account once it has moved to your Earning Balance and been withdrawn.',
    );

    // A release before the window ends does nothing.
    expect(await reviews.releaseDue(endsAt - 1)).toBe(0);
    expect(await reviewRow(offerId)).toMatchObject({ status: 'pending', released_at: null });
    expect(await ledger(creatorPending(creator.id))).toBe(10_000);

    // At its end it moves, once.
    expect(await reviews.releaseDue(endsAt)).toBe(1);
    expect(await reviews.releaseDue(endsAt + 60_000)).toBe(0);
    expect(await reviewRow(offerId)).toMatchObject({ status: 'released', released_at: new Date(endsAt).toISOString() });
    expect(await transfers(`review_release:${offerId}`)).toBe(1);
    expect((await campaignOffer()).review).toMatchObject({ status: 'released' });
    // The release raised the creator's list revision: no cached "pending" is served.
    expect((await creatorOffer()).review).toMatchObject({
      status: 'released',
      releasedAt: new Date(endsAt).toISOString(),
    });
    expect((await earningsOf(creator)).pending).toEqual([]);
    expect(await earningsOf(creator)).toMatchObject({
      periods: { thisMonth: { totalCents: 10_000, overlayCents: 10_000 } },
      availableCents: 10_000,
      pendingCents: 0,
    });
    expect((await noticesOf(creator))[0]).toMatchObject({
      type: 'earning.released',
      offerId,
      text: '$100 from Nova Energy is now in your Earning Balance ("Weekend streams").',
    });
    expect((await noticesOf(advertiser))[0]).toMatchObject({ type: 'earning.released', offerId });
    const paid = await api.request('POST', '/api/payouts', {
      token: creator.token,
      headers: { 'idempotency-key': `released-${offerId}` },
      json: { amount_cents: earned },
    });
    expect(paid.status, paid.text).toBe(201);
    // Released: no dispute any more.
    const late = await dispute(offerId, advertiser);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The review window has ended and the pay was released to the creator');
  });

  it('releases running at once release each earning once', async () => {
    const completions = await Promise.all([1, 2, 3].map(() => overlayCompletion({ payCents: 5_000 })));
    const end = Math.max(...completions.map((c) => c.endsAt));
    const counts = await Promise.all([reviews.releaseDue(end), reviews.releaseDue(end), reviews.releaseDue(end)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    for (const { creator, offerId } of completions) {
      expect(await transfers(`review_release:${offerId}`)).toBe(1);
      expect(await ledger(creatorAvailable(creator.id))).toBe(5_000);
      expect((await noticesOf(creator)).filter((n) => n.type === 'earning.released')).toHaveLength(1);
    }
  });

  it('a dispute inside the window holds the pay; the operator refunds it all: the advertiser has it back, the creator nothing', async () => {
    const before = await ledger(advertiserBalance(advertiser.id));
    const { creator, offerId, endsAt } = await overlayCompletion({ payCents: 20_000 });
    // The proof's figures reach the console.
    await api.castbridge.db
      .insertInto('overlay_progress')
      .values({
        offer_id: offerId,
        displayed_seconds: 7200,
        verified_seconds: 7000,
        impressions: 1234,
        credited_until: Date.now(),
        last_beat_id: 'b',
        first_beat_at: new Date().toISOString(),
        last_beat_at: new Date().toISOString(),
      })
      .execute();
    const inList = async (who: Account) =>
      (await get<{ offers: CampaignOffer[] }>('/api/offers', who)).offers.find((o) => o.id === offerId)!.review;
    // Both sides' lists read (and cached) before the dispute, then read again after it and after the resolution.
    expect(await inList(creator)).toMatchObject({ status: 'pending' });
    expect(await inList(advertiser)).toMatchObject({ status: 'pending' });
    const disputed = await dispute(offerId, advertiser);
    expect(disputed.status, disputed.text).toBe(200);
    expect(await inList(creator)).toMatchObject({ status: 'disputed' });
    expect(await inList(advertiser)).toMatchObject({ status: 'disputed' });
    expect(disputed.body.review).toMatchObject({
      status: 'disputed',
      earnedCents: 20_000,
      disputeReason: REASON,
      holdReasons: [],
      endsAt: new Date(endsAt).toISOString(),
      resolution: null,
    });
    expect((await noticesOf(creator))[0]).toMatchObject({
      type: 'earning.disputed',
      text: `Nova Energy disputed "Weekend streams": ${REASON}. Castbridge will decide; your $200 stays pending until then.`,
    });
    expect((await noticesOf(operator))[0]).toMatchObject({ type: 'earning.disputed', offerId });
    // Disputed pay is not released when the window ends.
    expect(await reviews.releaseDue(endsAt + 1)).toBe(0);

    const listed = (await get<{ reviews: Record<string, unknown>[] }>('/api/admin/reviews', operator)).reviews;
    expect(listed.find((r) => r.offerId === offerId)).toMatchObject({
      status: 'disputed',
      brand: 'Nova Energy',
      creatorName: 'Ana Lee',
      earnedCents: 20_000,
      feeCents: 0,
      disputeReason: REASON,
      verifiedSeconds: 7000,
      impressions: 1234,
    });

    const resolved = await resolve(offerId, operator, { payCents: 0, reason: 'The VOD shows no overlay at all.' });
    expect(resolved.status, resolved.text).toBe(200);
    expect(await inList(creator)).toMatchObject({ status: 'resolved' });
    expect(await inList(advertiser)).toMatchObject({ status: 'resolved' });
    expect(resolved.body.review).toMatchObject({ offerId, status: 'resolved' });
    expect(await reviewRow(offerId)).toMatchObject({
      status: 'resolved',
      resolution_reason: 'The VOD shows no overlay at all.',
      resolved_by: operator.id,
    });
    expect(Number((await reviewRow(offerId)).resolved_refund_cents)).toBe(20_000);
    expect(await ledger(advertiserBalance(advertiser.id))).toBe(before);
    expect(await earningsOf(creator)).toMatchObject({
      periods: { allOver: { totalCents: 0, overlayCents: 0 }, thisMonth: { totalCents: 0 } },
      availableCents: 0,
      pendingCents: 0,
    });
    expect((await noticesOf(creator))[0]).toMatchObject({ type: 'earning.resolved' });
    expect((await noticesOf(creator))[0]!.text).toMatch(/Reason: The VOD shows no overlay at all\.$/);
    expect((await noticesOf(advertiser))[0]!.text).toMatch(/\$200 returned to your balance, \$0 paid to the creator/);
    // Settled: off the console's list, and not resolved twice.
    expect(
      (await get<{ reviews: { offerId: string }[] }>('/api/admin/reviews', operator)).reviews.map((r) => r.offerId),
    ).not.toContain(offerId);
    const twice = await resolve(offerId, operator, { payCents: 0, reason: 'The VOD shows no overlay at all.' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This earning is already resolved');
    expect(await transfers(`review_resolution:${offerId}`)).toBe(1);
  });

  it('a held earning (fraud signals) never releases; a split resolution returns the fee pro rata and sums to zero', async () => {
    const fees = await ledger(PLATFORM_FEES);
    const balance = await ledger(advertiserBalance(advertiser.id));
    const { creator, offerId, endsAt, earned, fee } = await overlayCompletion({
      payCents: 10_000,
      feeBps: 1_000,
      holdReasons: [SPIKE],
    });
    expect({ earned, fee }).toEqual({ earned: 9_000, fee: 1_000 });
    expect(await reviewRow(offerId)).toMatchObject({ status: 'held' });
    expect((await noticesOf(creator)).find((n) => n.offerId === offerId)!.text).toBe(
      'Your overlay showed "Weekend streams" for its full time: $90 is held for a review by Castbridge, then it moves to your Earning Balance.',
    );
    expect(await reviews.releaseDue(endsAt + 30 * 86_400_000)).toBe(0);
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 0, pendingCents: 9_000 });
    // The creator's proof says it is under review and why, in the operator's words; the advertiser's names no reason.
    const proofOf = async (who: Account) =>
      (
        await get<{ display: { review: { status: string; holdReasons: unknown[] } } }>(
          `/api/offers/${offerId}/display`,
          who,
        )
      ).display.review;
    expect(await proofOf(creator)).toMatchObject({ status: 'held', holdReasons: [SPIKE] });
    expect(await proofOf(advertiser)).toMatchObject({ status: 'held', holdReasons: [] });
    // Operators read why; the advertiser may still dispute in the window and sees no hold reasons.
    expect(
      (await get<{ reviews: Record<string, unknown>[] }>('/api/admin/reviews', operator)).reviews.find(
        (r) => r.offerId === offerId,
      ),
    ).toMatchObject({ status: 'held', holdReasons: [SPIKE], disputeReason: null });
    const disputed = await dispute(offerId, advertiser);
    expect(disputed.status, disputed.text).toBe(200);
    expect(disputed.body.review).toMatchObject({ status: 'disputed', holdReasons: [] });
    expect(
      (await get<{ reviews: Record<string, unknown>[] }>('/api/admin/reviews', operator)).reviews.find(
        (r) => r.offerId === offerId,
      ),
    ).toMatchObject({ status: 'disputed', holdReasons: [SPIKE], disputeReason: REASON });

    // More than the earning: 422, nothing moves.
    const tooMuch = await resolve(offerId, operator, { payCents: 9_001, reason: 'Half of the minutes were real.' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('The creator can be paid at most the earning, $90; $90.01 is more');
    expect(await reviewRow(offerId)).toMatchObject({ status: 'disputed' });

    // 3,000 of 9,000 to the creator: 6,000 back, and 667 of the 1,000 fee (round(1000 × 6000 / 9000)).
    const split = await resolve(offerId, operator, { payCents: 3_000, reason: 'Half of the minutes were real.' });
    expect(split.status, split.text).toBe(200);
    expect(await ledger(creatorAvailable(creator.id))).toBe(3_000);
    expect(await ledger(creatorPending(creator.id))).toBe(0);
    expect(await ledger(advertiserBalance(advertiser.id))).toBe(balance - 10_000 + 6_667);
    expect(await ledger(PLATFORM_FEES)).toBe(fees + 333);
    expect(Number((await reviewRow(offerId)).resolved_refund_cents)).toBe(6_667);
    const legs = await api.castbridge.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
      .select('ledger_entries.amount_cents as amount')
      .where('ledger_transfers.key', '=', `review_resolution:${offerId}`)
      .execute();
    expect(legs.map((l) => Number(l.amount)).sort((a, b) => a - b)).toEqual([-9_000, -667, 3_000, 6_667]);
    // What the creator earned is what they kept.
    expect((await earningsOf(creator)).periods.thisMonth).toMatchObject({ totalCents: 3_000, overlayCents: 3_000 });
  });

  it('a dispute is refused after its window, twice, for another advertiser, for a creator, and without a token', async () => {
    const { creator, offerId, endsAt } = await overlayCompletion();
    const other = await approvedAdvertiser(api, operator, 0);
    expect((await dispute(offerId, other)).status).toBe(404);
    // Another advertiser learns nothing of what it accepts: 404 even for a bad body.
    expect((await dispute(offerId, other, { reason: 'short' })).status).toBe(404);
    const asCreator = await dispute(offerId, creator);
    expect(asCreator.status).toBe(403);
    expect(asCreator.body).toEqual({
      code: 'money.dispute_advertiser_only',
      message: "Only the campaign's advertiser disputes a delivery",
    });
    expect((await dispute(offerId, null)).status).toBe(401);
    expect((await dispute(crypto.randomUUID(), advertiser)).status).toBe(404);
    const short = await dispute(offerId, advertiser, { reason: 'bad' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/reason/);
    // The window's end, with the clock injected.
    await expect(reviews.dispute(advertiser.id, offerId, REASON, endsAt)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^The review window ended on .+ UTC: the delivery can no longer be disputed$/),
    });
    expect(await reviewRow(offerId)).toMatchObject({ status: 'pending', dispute_reason: null });
    expect((await dispute(offerId, advertiser)).status).toBe(200);
    const twice = await dispute(offerId, advertiser);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You already disputed this delivery: Castbridge will decide');
    const spanish = await api.request('POST', `/api/offers/${offerId}/dispute`, {
      token: advertiser.token,
      headers: { 'accept-language': 'es-MX' },
      json: { reason: REASON },
    });
    expect(spanish.body).toEqual({
      code: 'money.dispute_already_open',
      message: 'Ya disputaste esta entrega: Castbridge decidirá',
    });
    // Settle it so the ledger's open reviews stay as they are.
    expect((await resolve(offerId, operator, { payCents: 10_000, reason: 'The proof holds up fine.' })).status).toBe(
      200,
    );
    expect(await ledger(creatorAvailable(creator.id))).toBe(10_000);
    const resolved = await dispute(offerId, advertiser);
    expect(resolved.status).toBe(409);
    expect(resolved.body.message).toBe('Castbridge already resolved this delivery');
  });

  it('a delivery the advertiser confirmed has no review window: available at once, nothing to dispute', async () => {
    const { offerId, creator } = await overlayCompletion();
    // A second offer of the same advertiser, confirmed by it.
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ payCents: 10_000, spots: 1 }),
    });
    const campaignId = (created.body.campaign as { id: string }).id;
    await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    const confirmedId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await api.castbridge.db
      .insertInto('offers')
      .values({
        id: confirmedId,
        campaign_id: campaignId,
        creator_id: creator.id,
        status: 'accepted',
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const confirmed = await api.request('POST', `/api/offers/${confirmedId}/confirm-delivery`, {
      token: advertiser.token,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 10_000, pendingCents: 10_000 });
    const refused = await dispute(confirmedId, advertiser);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You confirmed this delivery yourself: it has no review window to dispute');
    expect((await dispute(offerId, advertiser)).status).toBe(200);
    expect((await resolve(offerId, operator, { payCents: 10_000, reason: 'The proof holds up fine.' })).status).toBe(
      200,
    );
  });

  it('resolving: operators only, held or disputed only, once per Idempotency-Key', async () => {
    const { creator, offerId } = await overlayCompletion({ holdReasons: [SPIKE] });
    const body = { payCents: 10_000, reason: 'The spike was a raid, checked.' };
    for (const who of [advertiser, creator]) {
      expect((await resolve(offerId, who, body)).status).toBe(403);
      expect((await api.request('GET', '/api/admin/reviews', { token: who.token })).status).toBe(403);
    }
    expect((await resolve(offerId, null, body)).status).toBe(401);
    expect((await api.request('GET', '/api/admin/reviews')).status).toBe(401);
    expect((await resolve(crypto.randomUUID(), operator, body)).status).toBe(404);
    expect((await resolve(offerId, operator, { payCents: -1, reason: body.reason })).status).toBe(400);
    expect((await resolve(offerId, operator, { payCents: 1.5, reason: body.reason })).status).toBe(400);

    const key = `resolve-${offerId}`;
    const first = await resolve(offerId, operator, body, key);
    expect(first.status, first.text).toBe(200);
    const again = await resolve(offerId, operator, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const otherRequest = await resolve(offerId, operator, { ...body, payCents: 0 }, key);
    expect(otherRequest.status).toBe(422);
    expect(await transfers(`review_resolution:${offerId}`)).toBe(1);
    expect(await ledger(creatorAvailable(creator.id))).toBe(10_000);
    expect((await noticesOf(creator)).filter((n) => n.type === 'earning.resolved')).toHaveLength(1);

    // A pending review (neither held nor disputed) is not the operators' to settle.
    const pending = await overlayCompletion();
    const notYet = await resolve(pending.offerId, operator, body);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(
      'This earning is in its review window, neither held nor disputed: it is released when the window ends',
    );
    await reviews.releaseDue(pending.endsAt);
  });

  it('tells each reader in their language: the release, a dispute and its resolution in Spanish, what people wrote as written', async () => {
    const speakSpanish = async (who: Account) =>
      expect((await api.request('PUT', '/api/settings', { token: who.token, json: { locale: 'es-MX' } })).status).toBe(
        200,
      );
    const marca = await approvedAdvertiser(api, operator);
    const operadora = await account(api, 'operator');
    for (const who of [marca, operadora]) await speakSpanish(who);

    // Released at the window's end: the creator's pay, and the advertiser told the window closed.
    const released = await overlayCompletion({ payCents: 10_000, by: marca });
    await speakSpanish(released.creator);
    expect(await reviews.releaseDue(released.endsAt)).toBeGreaterThanOrEqual(1);
    expect((await noticesOf(released.creator))[0]).toMatchObject({
      type: 'earning.released',
      title: 'Pago liberado',
      text: 'USD\u00a0100 de Nova Energy ya está en tu saldo de ganancias («Weekend streams»).',
      locale: 'es-MX',
    });
    expect((await noticesOf(marca))[0]).toMatchObject({
      type: 'earning.released',
      offerId: released.offerId,
      title: 'Terminó el periodo de revisión',
      text: 'El periodo de revisión de «Weekend streams» terminó sin disputas: Ana Lee recibió USD\u00a0100.',
      locale: 'es-MX',
    });

    // Disputed: the creator and every operator, each in their own language; the advertiser's reason as written.
    const { creator, offerId } = await overlayCompletion({ payCents: 20_000, feeBps: 1_000, by: marca });
    await speakSpanish(creator);
    expect((await dispute(offerId, marca)).status).toBe(200);
    expect((await noticesOf(creator))[0]).toMatchObject({
      type: 'earning.disputed',
      title: 'Entrega disputada',
      text: `Nova Energy disputó «Weekend streams»: ${REASON}. Castbridge decidirá; mientras tanto, tu pago de USD\u00a0180 sigue pendiente.`,
      locale: 'es-MX',
    });
    expect((await noticesOf(operadora))[0]).toMatchObject({
      type: 'earning.disputed',
      title: 'Entrega disputada',
      text: `Nova Energy disputó «Weekend streams» de Ana Lee (USD\u00a0180): ${REASON}`,
      locale: 'es-MX',
    });
    expect((await noticesOf(operator))[0]).toMatchObject({
      type: 'earning.disputed',
      title: 'Delivery disputed',
      text: `Nova Energy disputed Ana Lee's "Weekend streams" ($180): ${REASON}`,
      locale: 'en',
    });

    // Resolved with a split: both sides in Spanish, the operator's reason as written.
    const split = await resolve(offerId, operator, { payCents: 6_000, reason: 'Half of the minutes were real.' });
    expect(split.status, split.text).toBe(200);
    expect((await noticesOf(creator))[0]).toMatchObject({
      type: 'earning.resolved',
      title: 'Revisión resuelta',
      text: 'Castbridge resolvió la revisión de «Weekend streams» (Nova Energy): el pago se reparte. Tienes USD\u00a060 de USD\u00a0180 en tu saldo de ganancias. Motivo: Half of the minutes were real.',
      locale: 'es-MX',
    });
    expect((await noticesOf(marca))[0]).toMatchObject({
      type: 'earning.resolved',
      title: 'Revisión resuelta',
      // 12,000 of the earning back, with its share of the 2,000 fee (round(2000 × 12000 / 18000) = 1,333).
      text: 'Castbridge resolvió la revisión de «Weekend streams» de Ana Lee: el pago se reparte. Se devolvió USD\u00a0133.33 a tu saldo y se pagó USD\u00a060 al creador. Motivo: Half of the minutes were real.',
      locale: 'es-MX',
    });
  });

  it("a completion's notices, worded by the marketplace whoever completed it: English as it always read, Spanish to a Spanish reader", async () => {
    const { db, services } = api.castbridge;
    const creator = await account(api, 'creator', { first_name: 'Ana', last_name: 'Lee' });
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ payCents: 10_000, spots: 1 }),
    });
    const campaignId = (created.body.campaign as { id: string }).id;
    expect((await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status).toBe(
      200,
    );
    const offerId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db
      .insertInto('offers')
      .values({
        id: offerId,
        campaign_id: campaignId,
        creator_id: creator.id,
        status: 'accepted',
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const inLanguage = (notices: NewNotification[], locale: 'en' | 'es-MX') =>
      notices.map((notice) => `${wordedIn(notice.title, locale)} | ${wordedIn(notice.text, locale)}`);
    const rollback = new Error('rolled back');
    /** Completes the offer in a transaction that is rolled back: its notices, and the review window's end. */
    const complete = async (
      via: 'advertiser' | 'overlay' | 'deliverables',
      options: { held?: boolean; perClick?: boolean; payCents?: number } = {},
    ) => {
      let found: { notices: NewNotification[]; until: string } | undefined;
      await db
        .transaction()
        .execute(async (trx) => {
          if (options.perClick)
            await trx.updateTable('campaigns').set({ per_click_cents: 30 }).where('id', '=', campaignId).execute();
          const done = await completeOffer(trx, {
            offerId,
            via,
            feeBps: 1_000,
            ...(via === 'advertiser' ? {} : { reviewSeconds: REVIEW_SECONDS }),
            holdReasons: options.held ? [SPIKE] : [],
            ...(options.payCents === undefined ? {} : { payCents: options.payCents }),
          });
          found = { notices: done.notices, until: done.review ? formatWhen(done.review.endsAt) : '' };
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      return found!;
    };

    const cases = [
      await complete('overlay'),
      await complete('overlay', { held: true }),
      await complete('deliverables'),
      await complete('deliverables', { held: true }),
      await complete('deliverables', { perClick: true }),
      await complete('deliverables', { perClick: true, payCents: 2_100, held: true }),
      await complete('advertiser'),
    ];
    for (const { notices } of cases) {
      expect(notices.map((n) => [n.userId, n.type, n.offerId, n.link])).toEqual([
        [creator.id, 'offer.completed', offerId, '/earnings'],
        [advertiser.id, 'offer.completed', offerId, `/campaigns/${campaignId}`],
      ]);
      // Spanish throughout, every placeholder filled.
      for (const notice of inLanguage(notices, 'es-MX')) {
        expect(inLanguage(notices, 'en')).not.toContain(notice);
        expect(notice).not.toMatch(/[{}]/);
      }
    }
    // English word for word as the marketplace always wrote it.
    const english = cases.map(({ notices }) => inLanguage(notices, 'en'));
    const until = cases.map((c) => c.until);
    expect(english).toEqual([
      [
        `Sponsorship completed | Your overlay showed "Weekend streams" for its full time: $90 is pending review until ${until[0]}, then it moves to your Earning Balance.`,
        `Delivery confirmed | Ana Lee completed "Weekend streams", verified by the platform: $100 is paid once the review window ends. You can review the proof and dispute it until ${until[0]}.`,
      ],
      [
        'Sponsorship completed | Your overlay showed "Weekend streams" for its full time: $90 is held for a review by Castbridge, then it moves to your Earning Balance.',
        `Delivery confirmed | Ana Lee completed "Weekend streams", verified by the platform: $100 is paid once the review window ends. You can review the proof and dispute it until ${until[1]}; Castbridge also holds it for a review of the proof.`,
      ],
      [
        `Sponsorship completed | You delivered everything "Weekend streams" asked for: $90 is pending review until ${until[2]}, then it moves to your Earning Balance.`,
        `Delivery confirmed | Ana Lee delivered everything "Weekend streams" asked for, as Castbridge counted it: $100 is paid once the review window ends. You can review the proof and dispute it until ${until[2]}.`,
      ],
      [
        'Sponsorship completed | You delivered everything "Weekend streams" asked for: $90 is held for a review by Castbridge, then it moves to your Earning Balance.',
        `Delivery confirmed | Ana Lee delivered everything "Weekend streams" asked for, as Castbridge counted it: $100 is paid once the review window ends. You can review the proof and dispute it until ${until[3]}; Castbridge also holds it for a review of the proof.`,
      ],
      [
        `Sponsorship completed | Your tracked link's clicks for "Weekend streams" reached the $100 cap: $90 is pending review until ${until[4]}, then it moves to your Earning Balance.`,
        `Delivery confirmed | Ana Lee's tracked link for "Weekend streams" earned $100 in counted clicks (its cap): $100 is paid once the review window ends. You can review the proof and dispute it until ${until[4]}.`,
      ],
      [
        `Sponsorship completed | The campaign "Weekend streams" has ended and your tracked link's clicks earned $21 of the $100 cap: $18.90 is held for a review by Castbridge, then it moves to your Earning Balance.`,
        `Delivery confirmed | Ana Lee's tracked link for "Weekend streams" earned $21 in counted clicks (the rest of the $100 cap returns to your balance): $21 is paid once the review window ends. You can review the proof and dispute it until ${until[5]}; Castbridge also holds it for a review of the proof.`,
      ],
      [
        'Sponsorship completed | Nova Energy confirmed "Weekend streams": $90 is in your Earning Balance.',
        'Delivery confirmed | Ana Lee completed "Weekend streams" and was paid $100.',
      ],
    ]);
    const spanish = cases.map(({ notices }) => inLanguage(notices, 'es-MX'));
    const spanishUntil = new RegExp(`hasta el ${SPANISH_WHEN}`);
    expect(spanish[0]![0]).toMatch(
      new RegExp(
        `^Patrocinio completado \\| Tu overlay mostró «Weekend streams» durante todo el tiempo pedido: USD\u00a090 queda en revisión ${spanishUntil.source}; después pasa a tu saldo de ganancias\\.$`,
      ),
    );
    expect(spanish[1]![1]).toMatch(
      new RegExp(
        `^Entrega confirmada \\| Ana Lee completó «Weekend streams», verificado por la plataforma: USD\u00a0100 se paga cuando termine el periodo de revisión\\. Puedes revisar la prueba y disputarla ${spanishUntil.source}; Castbridge además retiene el pago para revisar la prueba\\.$`,
      ),
    );
    expect(spanish[3]![0]).toBe(
      'Patrocinio completado | Entregaste todo lo que pedía «Weekend streams»: USD\u00a090 queda retenido para una revisión de Castbridge; después pasa a tu saldo de ganancias.',
    );
    expect(spanish[4]![0]).toMatch(
      /^Patrocinio completado \| Los clics de tu enlace rastreado para «Weekend streams» alcanzaron el tope de USD\u00a0100: USD\u00a090 queda en revisión/,
    );
    expect(spanish[5]![1]).toMatch(
      new RegExp(
        `^Entrega confirmada \\| El enlace rastreado de Ana Lee para «Weekend streams» ganó USD\u00a021 en clics contados \\(el resto del tope de USD\u00a0100 vuelve a tu saldo\\): USD\u00a021 se paga cuando termine el periodo de revisión\\. Puedes revisar la prueba y disputarla ${spanishUntil.source}; Castbridge además`,
      ),
    );
    expect(spanish[6]).toEqual([
      'Patrocinio completado | Nova Energy confirmó «Weekend streams»: USD\u00a090 ya está en tu saldo de ganancias.',
      'Entrega confirmada | Ana Lee completó «Weekend streams» y se le pagó USD\u00a0100.',
    ]);

    // Stored for a Spanish creator, in Spanish, marked so; the English advertiser's in English.
    await db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', creator.id).execute();
    let announce = () => {};
    await db.transaction().execute(async (trx) => {
      const done = await completeOffer(trx, {
        offerId,
        via: 'overlay',
        feeBps: 1_000,
        reviewSeconds: REVIEW_SECONDS,
      });
      announce = await services.notifier.create(trx, done.notices);
    });
    announce();
    expect((await noticesOf(creator)).find((n) => n.offerId === offerId)).toMatchObject({
      type: 'offer.completed',
      title: 'Patrocinio completado',
      text: expect.stringMatching(/^Tu overlay mostró «Weekend streams» durante todo el tiempo pedido: USD\u00a090/),
      locale: 'es-MX',
    });
    expect((await noticesOf(advertiser)).find((n) => n.offerId === offerId)).toMatchObject({
      type: 'offer.completed',
      title: 'Delivery confirmed',
      text: expect.stringMatching(/^Ana Lee completed "Weekend streams", verified by the platform: \$100 is paid/),
      locale: 'en',
    });
    // Settle it so the ledger's open reviews stay as they are.
    expect(await reviews.releaseDue(Number((await reviewRow(offerId)).ends_at))).toBeGreaterThanOrEqual(1);
  });

  it('the ledger check reports a pending balance that does not match the open reviews', async () => {
    const { creator, offerId } = await overlayCompletion();
    const db = api.castbridge.db;
    await db.updateTable('earning_reviews').set({ status: 'released' }).where('offer_id', '=', offerId).execute();
    expect((await checkLedger(db)).breaches).toEqual([
      `creator ${creator.id}: pending balance 10000 cents, their open reviews' earnings sum to 0`,
    ]);
    await db.updateTable('earning_reviews').set({ status: 'pending' }).where('offer_id', '=', offerId).execute();
    expect((await checkLedger(db)).breaches).toEqual([]);
  });

  it('the release is one job that runs again within a minute, or a quarter of a shorter window', async () => {
    expect(releaseIntervalMs(72 * 3600)).toBe(60_000);
    expect(releaseIntervalMs(120)).toBe(30_000);
    expect(releaseIntervalMs(2)).toBe(1_000);
    // Started with the app, it always has its next run waiting (handed to BullMQ, it is briefly off the table).
    const row = await until(
      () =>
        api.castbridge.db
          .selectFrom('jobs')
          .select(['kind', 'run_at'])
          .where('key', '=', RELEASE_JOB_KEY)
          .executeTakeFirst(),
      (found) => found !== undefined,
    );
    expect(row?.kind).toBe(RELEASE_JOB);
    expect(Number(row?.run_at)).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});

describe('the review window across two instances on postgres', () => {
  let backend: Backend;
  let apps: Client[] = [];

  beforeAll(async () => {
    backend = await makeBackend('postgres');
    // A short window: the instances' jobs release for real.
    const env = { REVIEW_HOURS: '0.0005' };
    apps = [await startApp(backend, env), await startApp(backend, env)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await backend?.cleanup();
  });

  it('both instances release each pending earning once, by their jobs and by direct calls at once', async () => {
    const a = apps[0]!;
    const operator = await account(a, 'operator');
    const advertiser = await approvedAdvertiser(a, operator);
    const db = a.castbridge.db;
    const offers: { offerId: string; creatorId: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const creator = await account(a, 'creator');
      const created = await a.request('POST', '/api/campaigns', {
        token: advertiser.token,
        json: campaignInput({ payCents: 10_000, spots: 1 }),
      });
      const campaignId = (created.body.campaign as { id: string }).id;
      expect((await a.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status).toBe(
        200,
      );
      const offerId = crypto.randomUUID();
      const stamp = new Date().toISOString();
      await db
        .insertInto('offers')
        .values({
          id: offerId,
          campaign_id: campaignId,
          creator_id: creator.id,
          status: 'accepted',
          reasons: '[]',
          score: 1,
          decline_reason: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await db.transaction().execute((trx) =>
        completeOffer(trx, {
          offerId,
          via: 'overlay',
          feeBps: 0,
          reviewSeconds: a.castbridge.config.reviewSeconds,
        }),
      );
      offers.push({ offerId, creatorId: creator.id });
    }
    const [first, second] = apps.map((app) => app.castbridge.services.reviews);
    // Half by direct calls on both instances at once, the rest by the instances' own jobs.
    const direct = Math.max(
      ...(
        await db
          .selectFrom('earning_reviews')
          .select('ends_at')
          .where(
            'offer_id',
            'in',
            offers.slice(0, 3).map((o) => o.offerId),
          )
          .execute()
      ).map((r) => Number(r.ends_at)),
    );
    await Promise.all([first!.releaseDue(direct), second!.releaseDue(direct)]);
    for (const app of apps) await app.castbridge.services.jobs.schedule(RELEASE_JOB, RELEASE_JOB_KEY, {}, Date.now());
    await until(
      () =>
        db
          .selectFrom('earning_reviews')
          .select('status')
          .where(
            'offer_id',
            'in',
            offers.map((o) => o.offerId),
          )
          .execute(),
      (rows) => rows.length === 6 && rows.every((r) => r.status === 'released'),
      20_000,
    );
    for (const { offerId, creatorId } of offers) {
      const moved = await db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('key', '=', `review_release:${offerId}`)
        .execute();
      expect(moved).toHaveLength(1);
      expect(await balanceOf(db, creatorAvailable(creatorId))).toBe(10_000);
      const told = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', creatorId)
        .where('type', '=', 'earning.released')
        .execute();
      expect(told).toHaveLength(1);
    }
    expect((await checkLedger(db)).breaches).toEqual([]);
  });
});

describe('the demo seed and the review window', () => {
  let backend: Backend;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('past overlay earnings went through their window: released, nothing pending, the ledger clean', async () => {
    await seedDemo(api.castbridge);
    const { db } = api.castbridge;
    const creator = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_EMAILS.creator)
      .executeTakeFirstOrThrow();
    const rows = await db.selectFrom('earning_reviews').select('status').where('creator_id', '=', creator.id).execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.status === 'released')).toBe(true);
    expect(await balanceOf(db, creatorPending(creator.id))).toBe(0);
    expect((await checkLedger(db)).breaches).toEqual([]);
  });
});
