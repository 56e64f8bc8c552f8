// Idempotency-Key on every request that moves money (docs/product.md §Money, docs/api.md "Idempotency-Key"), on SQLite
// and PostgreSQL: deposits, launching and cancelling a campaign (reservation and release), confirming a delivery
// (the creator earns) and the operator's payout decisions. The same key and request → one effect and the first
// answer, concurrently too; the same key on another request → 422; keys are each caller's own, so another user's
// key never replays someone else's answer (wrong user: 403/404 as without a key). The ledger stays clean.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countries as COUNTRIES } from '../../contract/countries.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, fileTaxForm, type Account } from './market.ts';

const BANK = { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000123456789' };
let keys = 0;
const newKey = () => `idem-test-${Date.now()}-${++keys}`;

describe.each(BACKENDS)('Idempotency-Key on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let countries = 0;

  const post = (url: string, who: Account, key: string | null, json?: unknown) =>
    api.request('POST', url, {
      token: who.token,
      headers: key === null ? {} : { 'idempotency-key': key },
      ...(json !== undefined ? { json } : {}),
    });
  const balanceOf = async (advertiser: Account) =>
    (await api.request('GET', '/api/advertiser/balance', { token: advertiser.token })).body as {
      balanceCents: number;
      reservedCents: number;
      deposits: unknown[];
    };
  const earningsOf = async (creator: Account) =>
    (await api.request('GET', '/api/earnings', { token: creator.token })).body as {
      availableCents: number;
      inPayoutCents: number;
    };

  /** A draft campaign that only a creator of a country of its own matches, and that creator. */
  async function draft(advertiser: Account, payCents = 10_000, spots = 2) {
    // A country of its own: no other creator of this file matches the campaign.
    const country = COUNTRIES[20 + ++countries]!;
    const creator = await account(api, 'creator', {
      language: 'English',
      country,
      type_content: `Speedruns ${country}`,
    });
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ payCents, spots, targeting: { ...campaignInput().targeting, countries: [country] } }),
    });
    expect(created.status, created.text).toBe(201);
    return { creator, campaignId: (created.body.campaign as { id: string }).id };
  }

  /** A launched campaign whose creator accepted the offer. */
  async function accepted(advertiser: Account, payCents = 10_000) {
    const { creator, campaignId } = await draft(advertiser, payCents, 1);
    expect((await post(`/api/campaigns/${campaignId}/launch`, advertiser, null)).status).toBe(200);
    await api.castbridge.services.jobs.drain();
    const offers = (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
      id: string;
      campaignId: string;
    }[];
    const offer = offers.find((o) => o.campaignId === campaignId)!;
    await connectChannel(api, creator);
    expect((await post(`/api/offers/${offer.id}/accept`, creator, null)).status).toBe(200);
    return { creator, campaignId, offerId: offer.id };
  }

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('deposits: the same key and body twice → one deposit and the same answer', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const body = { advertiserId: advertiser.id, amountCents: 5_000, reference: 'Wire 2026-11-20' };
    const key = newKey();
    const first = await post('/api/admin/deposits', operator, key, body);
    expect(first.status, first.text).toBe(201);
    const second = await post('/api/admin/deposits', operator, key, body);
    expect(second.status, second.text).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 5_000 });
    expect((await balanceOf(advertiser)).deposits).toHaveLength(1);
    // Whitespace around the key is not part of it.
    expect((await post('/api/admin/deposits', operator, ` ${key} `, body)).body).toEqual(first.body);
    // Without a key, each request is a deposit of its own.
    expect((await post('/api/admin/deposits', operator, null, body)).status).toBe(201);
    expect((await post('/api/admin/deposits', operator, null, body)).status).toBe(201);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 15_000 });
  });

  it('deposits: concurrent duplicates → one deposit, every answer the same', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const body = { advertiserId: advertiser.id, amountCents: 7_700, reference: 'Wire concurrent' };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/admin/deposits', operator, key, body)),
    );
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 7_700 });
    expect((await balanceOf(advertiser)).deposits).toHaveLength(1);
  });

  it('the same key on a different request is refused (422) and records nothing', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const body = { advertiserId: advertiser.id, amountCents: 1_000, reference: 'Wire A' };
    const key = newKey();
    expect((await post('/api/admin/deposits', operator, key, body)).status).toBe(201);
    for (const other of [
      { ...body, amountCents: 2_000 },
      { ...body, reference: 'Wire B' },
    ]) {
      const refused = await post('/api/admin/deposits', operator, key, other);
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.message).toBe(
        'This Idempotency-Key was already used for a different request: send a new key with each new request',
      );
    }
    // The same key on another endpoint is another request.
    const payout = await post('/api/admin/payouts/unknown/paid', operator, key, { reference: 'x' });
    expect(payout.status, payout.text).toBe(422);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 1_000 });
    // A malformed key is refused before anything happens.
    const short = await post('/api/admin/deposits', operator, 'short', { ...body, reference: 'Wire C' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Idempotency-Key must be 8 to 255 visible ASCII characters');
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 1_000 });
  });

  it('a refused request gives its key back; keys are each caller’s own; the wrong user is refused as without a key', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const body = { advertiserId: advertiser.id, amountCents: 3_000, reference: 'Wire' };
    const key = newKey();
    expect((await post('/api/admin/deposits', operator, key, { ...body, advertiserId: 'nobody' })).status).toBe(404);
    expect((await post('/api/admin/deposits', operator, key, body)).status).toBe(201);
    // Another operator's same key is theirs: their own deposit, not a replay.
    const second = await account(api, 'operator');
    const theirs = await post('/api/admin/deposits', second, key, body);
    expect(theirs.status, theirs.text).toBe(201);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 6_000 });
    // Each operator's repeat is a replay of their own.
    for (const who of [operator, second]) expect((await post('/api/admin/deposits', who, key, body)).status).toBe(201);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 6_000 });
    // Not an operator: 403, with or without the operator's key.
    for (const who of [advertiser, await account(api, 'creator')])
      expect((await post('/api/admin/deposits', who, key, body)).status).toBe(403);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 6_000 });
  });

  it('launching and cancelling a campaign: a repeated key → one reservation, one release, the first answer', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 50_000);
    const { campaignId } = await draft(advertiser, 10_000, 2);
    const key = newKey();
    const launches = await Promise.all([
      post(`/api/campaigns/${campaignId}/launch`, advertiser, key),
      post(`/api/campaigns/${campaignId}/launch`, advertiser, key),
    ]);
    const again = await post(`/api/campaigns/${campaignId}/launch`, advertiser, key);
    for (const answer of [...launches, again]) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual(launches[0]!.body);
    }
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 30_000, reservedCents: 20_000 });

    // Another advertiser with the same key: the campaign is not theirs (404), nothing replayed.
    const stranger = await approvedAdvertiser(api, operator, 0);
    expect((await post(`/api/campaigns/${campaignId}/launch`, stranger, key)).status).toBe(404);
    expect((await post(`/api/campaigns/${campaignId}/cancel`, stranger, newKey())).status).toBe(404);

    const cancelKey = newKey();
    const cancelled = await post(`/api/campaigns/${campaignId}/cancel`, advertiser, cancelKey);
    expect(cancelled.status, cancelled.text).toBe(200);
    const cancelledAgain = await post(`/api/campaigns/${campaignId}/cancel`, advertiser, cancelKey);
    expect(cancelledAgain.status, cancelledAgain.text).toBe(200);
    expect(cancelledAgain.body).toEqual(cancelled.body);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 50_000, reservedCents: 0 });
  });

  it('confirming a delivery: a repeated key → the creator earns once, the same answer', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const { creator, offerId } = await accepted(advertiser, 10_000);
    const stranger = await approvedAdvertiser(api, operator, 0);
    const key = newKey();
    // Wrong user, with the same key: the stranger's offer it is not (404), the creator is no advertiser (403).
    expect((await post(`/api/offers/${offerId}/confirm-delivery`, stranger, key)).status).toBe(404);
    expect((await post(`/api/offers/${offerId}/confirm-delivery`, creator, key)).status).toBe(403);
    const answers = await Promise.all([
      post(`/api/offers/${offerId}/confirm-delivery`, advertiser, key),
      post(`/api/offers/${offerId}/confirm-delivery`, advertiser, key),
    ]);
    const again = await post(`/api/offers/${offerId}/confirm-delivery`, advertiser, key);
    for (const answer of [...answers, again]) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const earned = (await earningsOf(creator)).availableCents;
    expect(earned).toBeGreaterThan(0);
    expect(earned).toBeLessThanOrEqual(10_000);
  });

  it('the operator marks a payout paid or failed: a repeated key → one decision, the same answer', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const decided: string[] = [];
    for (const decision of ['paid', 'failed'] as const) {
      const { creator, offerId } = await accepted(advertiser, 20_000);
      expect((await post(`/api/offers/${offerId}/confirm-delivery`, advertiser, null)).status).toBe(200);
      expect((await post('/api/payout-methods', creator, null, BANK)).status).toBe(201);
      await fileTaxForm(api, creator);
      const requested = await post('/api/payouts', creator, newKey(), { amount_cents: 5_000 });
      expect(requested.status, requested.text).toBe(201);
      const payoutId = (requested.body.payout as { id: string }).id;
      await api.castbridge.services.jobs.drain();
      const available = (await earningsOf(creator)).availableCents;
      const url = `/api/admin/payouts/${payoutId}/${decision}`;
      const body = decision === 'paid' ? { reference: 'ACH 1' } : { reason: 'The account is closed' };
      const key = newKey();
      // Wrong user with the operator's key: 403.
      for (const who of [creator, advertiser]) expect((await post(url, who, key, body)).status).toBe(403);
      const answers = await Promise.all([post(url, operator, key, body), post(url, operator, key, body)]);
      const again = await post(url, operator, key, body);
      for (const answer of [...answers, again]) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body).toEqual(answers[0]!.body);
      }
      expect(answers[0]!.body.payout).toMatchObject({ status: decision });
      expect(await earningsOf(creator)).toMatchObject({
        availableCents: decision === 'failed' ? available + 5_000 : available,
        inPayoutCents: 0,
      });
      decided.push(payoutId);
    }
    expect(decided).toHaveLength(2);
  });
});
