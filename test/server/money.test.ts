// Money that adds up (docs/product.md §Money) on SQLite and PostgreSQL: deposits, the reservation a launch takes, its release on
// cancellation and at the end, completion (the advertiser confirms delivery; FEE_BPS), earnings per period, payouts
// (minimum, balance, method, Idempotency-Key, 200 at once) through the manual rail, and every endpoint tried by the
// wrong role (403), the wrong owner (404) and nobody (401). After every test the ledger's invariants are checked;
// after the suite, by `npm run ledger -- check` itself.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, creatorAvailable, EXTERNAL, postTransfer } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import {
  account,
  approvedAdvertiser,
  campaignInput,
  connectChannel,
  deposit,
  fileTaxForm,
  type Account,
  expectLedgerCommandClean,
} from './market.ts';

type Payout = {
  id: string;
  amountCents: number;
  status: string;
  reference: string;
  method: { kind: string; display: string };
  failureReason: string | null;
};

const BANK = { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000123456789' };
const COUNTRIES = [
  'Tonga',
  'Fiji',
  'Samoa',
  'Nepal',
  'Peru',
  'Chile',
  'Ghana',
  'Kenya',
  'Malta',
  'Oman',
  'Palau',
  'Qatar',
  'Togo',
  'Benin',
  'Gabon',
  'Haiti',
];
let countryIndex = 0;

describe.each(BACKENDS)('money on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;

  const get = async <T>(url: string, who: Account) => {
    const answer = await api.request('GET', url, { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  };
  const balanceOf = (advertiser: Account) =>
    get<{ balanceCents: number; reservedCents: number; deposits: { amountCents: number; reference: string }[] }>(
      '/api/advertiser/balance',
      advertiser,
    );
  const earningsOf = (creator: Account) =>
    get<{
      periods: Record<string, { totalCents: number; overlayCents: number; sponsorshipCents: number }>;
      availableCents: number;
      inPayoutCents: number;
      minPayoutCents: number;
    }>('/api/earnings', creator);
  const payoutsOf = async (creator: Account) => (await get<{ payouts: Payout[] }>('/api/payouts', creator)).payouts;
  let keys = 0;
  const withdraw = (
    creator: Account,
    amountCents: number,
    extra: { key?: string | null; methodId?: string; language?: string } = {},
  ) =>
    api.request('POST', '/api/payouts', {
      token: creator.token,
      headers: {
        ...(extra.key === null ? {} : { 'idempotency-key': extra.key ?? `test-key-${Date.now()}-${++keys}` }),
        ...(extra.language ? { 'accept-language': extra.language } : {}),
      },
      json: { amount_cents: amountCents, ...(extra.methodId ? { method_id: extra.methodId } : {}) },
    });

  /** A launched campaign (funded) with one creator who accepted its offer; the country keeps it to that creator. */
  async function acceptedOffer(advertiser: Account, overrides: { payCents?: number; spots?: number } = {}) {
    const country = COUNTRIES[countryIndex++ % COUNTRIES.length]!;
    const creator = await account(api, 'creator', {
      language: 'English',
      country,
      type_content: `Speedruns on Twitch ${country}`,
    });
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: overrides.payCents ?? 10_000,
        spots: overrides.spots ?? 2,
        targeting: { ...campaignInput().targeting, countries: [country] },
      }),
    });
    const campaignId = (created.body.campaign as { id: string }).id;
    const launch = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    expect(launch.status, launch.text).toBe(200);
    await api.castbridge.services.jobs.drain();
    const offers = (await get<{ offers: { id: string; campaignId: string }[] }>('/api/offers', creator)).offers.filter(
      (offer) => offer.campaignId === campaignId,
    );
    expect(offers).toHaveLength(1);
    await connectChannel(api, creator);
    const accepted = await api.request('POST', `/api/offers/${offers[0]!.id}/accept`, { token: creator.token });
    expect(accepted.status, accepted.text).toBe(200);
    return { creator, campaignId, offerId: offers[0]!.id };
  }

  /** A creator with `cents` earned (an ordinary completion) and a bank account to withdraw to. */
  async function earningCreator(advertiser: Account, cents: number) {
    const { creator, offerId } = await acceptedOffer(advertiser, { payCents: cents, spots: 1 });
    const confirmed = await api.request('POST', `/api/offers/${offerId}/confirm-delivery`, { token: advertiser.token });
    expect(confirmed.status, confirmed.text).toBe(200);
    const added = await api.request('POST', '/api/payout-methods', { token: creator.token, json: BANK });
    expect(added.status, added.text).toBe(201);
    // A withdrawal needs a tax form on file (docs/product.md §Self-serve money).
    await fileTaxForm(api, creator);
    return { creator, methodId: (added.body.methods as { id: string }[])[0]!.id };
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
    if (backend) {
      // The command itself, on the database the whole suite wrote.
      expectLedgerCommandClean(backend);
    }
    await backend?.cleanup();
  });

  it('earnings name what a withdrawal still needs: a tax form, a payout method, then nothing (issue 48 item 13)', async () => {
    const creator = await account(api, 'creator');
    const needs = async () => (await get<{ withdrawNeeds: string[] }>('/api/earnings', creator)).withdrawNeeds;
    expect(await needs()).toEqual(['taxForm', 'payoutMethod']);
    const added = await api.request('POST', '/api/payout-methods', { token: creator.token, json: BANK });
    expect(added.status, added.text).toBe(201);
    expect(await needs()).toEqual(['taxForm']);
    await fileTaxForm(api, creator);
    expect(await needs()).toEqual([]);
  });

  it('an operator records deposits; the advertiser sees the balance and each deposit, and is notified', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    expect(await balanceOf(advertiser)).toEqual({
      balanceCents: 0,
      reservedCents: 0,
      refundingCents: 0,
      disputedCents: 0,
      owedCents: 0,
      owedDispute: null,
      deposits: [],
      cardDeposits: [],
    });
    await deposit(api, operator, advertiser, 150_000, 'Wire 2026-11-01');
    await deposit(api, operator, advertiser, 2_550, 'Wire 2026-11-02');
    const balance = await balanceOf(advertiser);
    expect(balance).toMatchObject({ balanceCents: 152_550, reservedCents: 0 });
    expect(balance.deposits.map((d) => [d.amountCents, d.reference])).toEqual([
      [2_550, 'Wire 2026-11-02'],
      [150_000, 'Wire 2026-11-01'],
    ]);
    const notifications = await get<{ notifications: { type: string; text: string }[] }>(
      '/api/notifications',
      advertiser,
    );
    expect(notifications.notifications[0]).toMatchObject({
      type: 'funds.deposited',
      text: 'Castbridge recorded your deposit of $25.50 (Wire 2026-11-02).',
    });
    // The console lists the funds beside the advertiser.
    const listed = await get<{ advertisers: { userId: string; balanceCents: number; reservedCents: number }[] }>(
      '/api/admin/advertisers?status=approved',
      operator,
    );
    expect(listed.advertisers.find((a) => a.userId === advertiser.id)).toMatchObject({
      balanceCents: 152_550,
      reservedCents: 0,
    });
  });

  it('deposits: operators only (403), a real advertiser (404), whole positive cents and a reference (400)', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const creator = await account(api, 'creator');
    const body = { advertiserId: advertiser.id, amountCents: 1_000, reference: 'Wire' };
    for (const who of [advertiser, creator])
      expect((await api.request('POST', '/api/admin/deposits', { token: who.token, json: body })).status).toBe(403);
    expect((await api.request('POST', '/api/admin/deposits', { json: body })).status).toBe(401);
    expect(
      (
        await api.request('POST', '/api/admin/deposits', {
          token: operator.token,
          json: { ...body, advertiserId: creator.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.request('POST', '/api/admin/deposits', {
          token: operator.token,
          json: { ...body, advertiserId: 'nobody' },
        })
      ).status,
    ).toBe(404);
    for (const bad of [
      { amountCents: 0 },
      { amountCents: -5 },
      { amountCents: 10.5 },
      { amountCents: '100' },
      { reference: ' ' },
    ]) {
      const answer = await api.request('POST', '/api/admin/deposits', {
        token: operator.token,
        json: { ...body, ...bad },
      });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await balanceOf(advertiser)).balanceCents).toBe(0);
    // The balance is the advertiser's own: creators and operators are refused.
    for (const who of [creator, operator])
      expect((await api.request('GET', '/api/advertiser/balance', { token: who.token })).status).toBe(403);
  });

  it('a launch reserves pay × spots and is refused (409, nothing changed) when the balance is short', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 59_999);
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ payCents: 20_000, spots: 3 }),
    });
    const id = (created.body.campaign as { id: string }).id;
    const refused = await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Launching reserves $600 (pay × spots) and your balance is $599.99: add funds, or lower the pay or the spots, before launching',
    );
    const spanish = await api.request('POST', `/api/campaigns/${id}/launch`, {
      token: advertiser.token,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(spanish.body).toEqual({
      code: 'money.launch_short_of_funds',
      message:
        'Lanzar la campaña reserva USD\u00a0600 (pago × lugares) y tu saldo es de USD\u00a0599.99: agrega fondos o baja el pago o los lugares antes de lanzarla',
    });
    expect((await get<{ campaign: { status: string } }>(`/api/campaigns/${id}`, advertiser)).campaign.status).toBe(
      'draft',
    );
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 59_999, reservedCents: 0 });

    await deposit(api, operator, advertiser, 1);
    const launched = await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
    expect(launched.status, launched.text).toBe(200);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 0, reservedCents: 60_000 });
    // Pausing and resuming keep the reservation as it is.
    await api.request('POST', `/api/campaigns/${id}/pause`, { token: advertiser.token });
    await api.request('POST', `/api/campaigns/${id}/resume`, { token: advertiser.token });
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 0, reservedCents: 60_000 });
  });

  it('confirming delivery pays the creator from the reservation; cancelling releases all but a pending delivery', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 100_000);
    const first = await acceptedOffer(advertiser, { payCents: 10_000, spots: 3 });
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 70_000, reservedCents: 30_000 });

    const confirmed = await api.request('POST', `/api/offers/${first.offerId}/confirm-delivery`, {
      token: advertiser.token,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.offer).toMatchObject({
      status: 'completed',
      earnedCents: 10_000,
      completedAt: expect.any(String),
    });
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 70_000, reservedCents: 20_000 });
    expect(await earningsOf(first.creator)).toMatchObject({
      periods: {
        allOver: { totalCents: 10_000, sponsorshipCents: 10_000, overlayCents: 0 },
        thisMonth: { totalCents: 10_000 },
      },
      availableCents: 10_000,
      inPayoutCents: 0,
    });
    const told = await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', first.creator);
    expect(told.notifications[0]).toMatchObject({
      type: 'offer.completed',
      text: 'Nova Energy confirmed "Weekend streams": $100 is in your Earning Balance.',
    });
    // The creator's list shows it completed (the cached answer was invalidated).
    expect(
      (await get<{ offers: { id: string; status: string }[] }>('/api/offers', first.creator)).offers.find(
        (o) => o.id === first.offerId,
      ),
    ).toMatchObject({ status: 'completed' });

    // Twice, or an offer that is not accepted: 409.
    const again = await api.request('POST', `/api/offers/${first.offerId}/confirm-delivery`, {
      token: advertiser.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This offer is already completed');

    // A second creator accepts on another campaign of the same advertiser; the campaign is cancelled before delivery.
    const second = await acceptedOffer(advertiser, { payCents: 5_000, spots: 4 });
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 50_000, reservedCents: 40_000 });
    await api.request('POST', `/api/campaigns/${second.campaignId}/cancel`, { token: advertiser.token });
    // Three unfilled spots return; the accepted creator's pay stays reserved for their delivery.
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 65_000, reservedCents: 25_000 });
    const late = await api.request('POST', `/api/offers/${second.offerId}/confirm-delivery`, {
      token: advertiser.token,
    });
    expect(late.status, late.text).toBe(200);
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 65_000, reservedCents: 20_000 });
    expect((await earningsOf(second.creator)).availableCents).toBe(5_000);
  });

  it('confirm-delivery: only the campaign’s advertiser (creator and operator 403, another advertiser 404), only an accepted offer (409)', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const stranger = await approvedAdvertiser(api, operator);
    const { creator, offerId, campaignId } = await acceptedOffer(advertiser);
    for (const who of [creator, operator])
      expect((await api.request('POST', `/api/offers/${offerId}/confirm-delivery`, { token: who.token })).status).toBe(
        403,
      );
    expect(
      (await api.request('POST', `/api/offers/${offerId}/confirm-delivery`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await api.request('POST', `/api/offers/${offerId}/confirm-delivery`)).status).toBe(401);
    expect(
      (await api.request('POST', `/api/offers/unknown/confirm-delivery`, { token: advertiser.token })).status,
    ).toBe(404);
    // An invited offer (a second creator) cannot be completed.
    const other = await account(api, 'creator', {
      language: 'English',
      country: 'Canada',
      type_content: 'Speedruns on Twitch',
    });
    await api.castbridge.services.matcher.matchCreator(other.id);
    const invited = (
      await get<{ offers: { id: string; campaignId: string; status: string }[] }>('/api/offers', other)
    ).offers.find((o) => o.campaignId === campaignId);
    if (invited) {
      const refused = await api.request('POST', `/api/offers/${invited.id}/confirm-delivery`, {
        token: advertiser.token,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This offer is invited: only an accepted offer can be completed');
    }
    expect((await earningsOf(creator)).availableCents).toBe(0);
  });

  it('a campaign that ends completes: pending deliveries expire, the reservation returns, the advertiser is told', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 40_000);
    const { creator, campaignId, offerId } = await acceptedOffer(advertiser, { payCents: 10_000, spots: 4 });
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 0, reservedCents: 40_000 });
    await api.castbridge.db
      .updateTable('campaigns')
      .set({ ends_on: '2000-01-01' })
      .where('id', '=', campaignId)
      .execute();
    await api.castbridge.services.campaigns.completeEnded();
    expect(await balanceOf(advertiser)).toMatchObject({ balanceCents: 40_000, reservedCents: 0 });
    expect((await get<{ offer: { status: string } }>(`/api/offers/${offerId}`, creator)).offer.status).toBe('expired');
    const told = await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', advertiser);
    expect(told.notifications.find((n) => n.type === 'campaign.completed')?.text).toBe(
      '"Weekend streams" has ended: 0 creators completed it; $400 returned to your balance.',
    );
    expect(
      (await api.request('POST', `/api/offers/${offerId}/confirm-delivery`, { token: advertiser.token })).status,
    ).toBe(409);
  });

  it('withdrawals refuse what they cannot do, each with its reason, and take nothing', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const { creator: empty } = await acceptedOffer(advertiser);
    // No payout method yet.
    const noMethod = await withdraw(empty, 5_000);
    expect(noMethod.status).toBe(409);
    expect(noMethod.body).toEqual({
      code: 'money.no_payout_method',
      message: 'Add a payout method in Set Payout Method before withdrawing.',
    });

    const { creator, methodId } = await earningCreator(advertiser, 7_500);
    const below = await withdraw(creator, 4_999);
    expect(below.status).toBe(400);
    expect(below.body).toEqual({ code: 'money.withdrawal_below_minimum', message: 'Withdrawals start at $50.' });
    const above = await withdraw(creator, 7_501);
    expect(above.status).toBe(409);
    expect(above.body).toEqual({
      code: 'money.over_balance',
      message: 'Your available balance is $75: you cannot withdraw $75.01.',
    });
    const noKey = await withdraw(creator, 5_000, { key: null });
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe('money.idempotency_key_required');
    expect(noKey.body.message).toMatch(/^Idempotency-Key header is required/);
    // The same refusals in Mexican Spanish: the words and the money the language's way, still in US dollars (Intl
    // writes a no-break space after USD).
    expect((await withdraw(empty, 5_000, { language: 'es-MX' })).body).toEqual({
      code: 'money.no_payout_method',
      message: 'Agrega un método de pago en Configurar método de pago antes de retirar.',
    });
    expect((await withdraw(creator, 4_999, { language: 'es-MX,es;q=0.9' })).body.message).toBe(
      'Los retiros empiezan en USD\u00a050.',
    );
    expect((await withdraw(creator, 7_501, { language: 'es' })).body.message).toBe(
      'Tu saldo disponible es de USD\u00a075: no puedes retirar USD\u00a075.01.',
    );
    expect((await withdraw(creator, 5_000, { key: 'short' })).status).toBe(400);
    for (const amount of [0, -100, 50.5, '5000']) {
      const bad = await api.request('POST', '/api/payouts', {
        token: creator.token,
        headers: { 'idempotency-key': `bad-amount-${String(amount)}` },
        json: { amount_cents: amount },
      });
      expect(bad.status, String(amount)).toBe(400);
    }
    // Another creator's method does not exist for this one.
    const { methodId: foreign } = await earningCreator(advertiser, 6_000);
    const unknown = await withdraw(creator, 5_000, { methodId: foreign });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'money.payout_method_unknown', message: 'No such payout method' });
    expect(await payoutsOf(creator)).toEqual([]);
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 7_500, inPayoutCents: 0 });
    // Roles: creators only.
    for (const who of [advertiser, operator]) {
      expect((await withdraw(who, 5_000)).status).toBe(403);
      expect((await api.request('GET', '/api/payouts', { token: who.token })).status).toBe(403);
      expect((await api.request('GET', '/api/earnings', { token: who.token })).status).toBe(403);
    }
    expect((await api.request('GET', '/api/payouts')).status).toBe(401);
    expect((await api.request('GET', '/api/earnings')).status).toBe(401);
    expect(methodId).toEqual(expect.any(String));
  });

  it('a withdrawal holds the amount; the manual rail waits for an operator, who marks it paid or failed', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const { creator, methodId } = await earningCreator(advertiser, 20_000);
    const requested = await withdraw(creator, 6_000, { methodId });
    expect(requested.status, requested.text).toBe(201);
    const payout = requested.body.payout as Payout;
    expect(payout).toMatchObject({
      amountCents: 6_000,
      status: 'requested',
      method: { kind: 'bank', display: '•••• 6789' },
      failureReason: null,
    });
    expect(payout.reference).toMatch(/^#CB-\d{6}-\d{4}$/);
    expect(payout.reference.slice(4, 10)).toBe(new Date().toISOString().slice(2, 10).replace(/-/g, ''));
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 14_000, inPayoutCents: 6_000 });
    // The job hands it to the manual rail: processing, in the console with its full destination.
    await api.castbridge.services.jobs.drain();
    expect((await payoutsOf(creator))[0]).toMatchObject({ id: payout.id, status: 'processing' });
    const open = (
      await get<{ payouts: { id: string; status: string; destination: string | null; creatorId: string }[] }>(
        '/api/admin/payouts?status=processing',
        operator,
      )
    ).payouts;
    expect(open.find((p) => p.id === payout.id)).toMatchObject({
      creatorId: creator.id,
      destination: 'Ana Lee · routing 011000015 · account 000123456789',
    });

    // Only operators decide (403), an unknown payout is 404.
    for (const who of [creator, advertiser]) {
      expect(
        (
          await api.request('POST', `/api/admin/payouts/${payout.id}/paid`, {
            token: who.token,
            json: { reference: 'x' },
          })
        ).status,
      ).toBe(403);
      expect((await api.request('GET', '/api/admin/payouts', { token: who.token })).status).toBe(403);
    }
    expect(
      (
        await api.request('POST', `/api/admin/payouts/unknown/paid`, {
          token: operator.token,
          json: { reference: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.request('POST', `/api/admin/payouts/${payout.id}/paid`, {
          token: operator.token,
          json: { reference: '' },
        })
      ).status,
    ).toBe(400);

    const paid = await api.request('POST', `/api/admin/payouts/${payout.id}/paid`, {
      token: operator.token,
      json: { reference: 'ACH 7781' },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.payout).toMatchObject({ status: 'paid', paidAt: expect.any(String), destination: null });
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 14_000, inPayoutCents: 0 });
    const again = await api.request('POST', `/api/admin/payouts/${payout.id}/failed`, {
      token: operator.token,
      json: { reason: 'late' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payout is already paid');
    const told = await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', creator);
    expect(told.notifications[0]).toMatchObject({
      type: 'payout.paid',
      text: `Your withdrawal ${payout.reference} of $60 was paid to Bank Account •••• 6789.`,
    });

    // A failed payout returns the amount.
    const second = (await withdraw(creator, 14_000)).body.payout as Payout;
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 0, inPayoutCents: 14_000 });
    const failed = await api.request('POST', `/api/admin/payouts/${second.id}/failed`, {
      token: operator.token,
      json: { reason: 'The account is closed' },
    });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.payout).toMatchObject({ status: 'failed', failureReason: 'The account is closed' });
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 14_000, inPayoutCents: 0 });
    expect((await payoutsOf(creator)).map((p) => [p.amountCents, p.status])).toEqual([
      [14_000, 'failed'],
      [6_000, 'paid'],
    ]);
    const failedNotice = (await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', creator))
      .notifications[0];
    expect(failedNotice).toMatchObject({ type: 'payout.failed' });
    expect(failedNotice!.text).toMatch(/failed: The account is closed\. The amount is back in your Earning Balance\.$/);
    expect(failedNotice).toMatchObject({ locale: 'en' });

    // A creator who chose Spanish is told in Spanish, the rail's own reason as it came.
    expect(
      (await api.request('PUT', '/api/settings', { token: creator.token, json: { locale: 'es-MX' } })).status,
    ).toBe(200);
    const third = (await withdraw(creator, 14_000)).body.payout as Payout;
    const paidAgain = await api.request('POST', `/api/admin/payouts/${third.id}/paid`, {
      token: operator.token,
      json: { reference: 'ACH 7790' },
    });
    expect(paidAgain.status, paidAgain.text).toBe(200);
    const spanishNotice = (
      await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', creator)
    ).notifications[0];
    expect(spanishNotice).toMatchObject({
      type: 'payout.paid',
      title: 'Retiro pagado',
      text: `Tu retiro ${third.reference} de USD\u00a0140 se pagó a Cuenta bancaria •••• 6789.`,
      locale: 'es-MX',
    });
  });

  it('a requested payout whose job gave up is queued again by the sweep; one just asked for is left to its job', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const { creator, methodId } = await earningCreator(advertiser, 20_000);
    const stuck = (await withdraw(creator, 6_000, { methodId })).body.payout as Payout;
    await api.castbridge.services.jobs.drain();
    const { db, payouts, jobs } = api.castbridge.services;
    // As if the rail had been down longer than the job's retries: requested an hour ago, no job left.
    await db
      .updateTable('payouts')
      .set({ status: 'requested', requested_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', stuck.id)
      .execute();
    expect(await db.selectFrom('jobs').select('key').where('key', '=', `payout:${stuck.id}`).execute()).toEqual([]);
    const fresh = (await withdraw(creator, 5_000, { methodId })).body.payout as Payout;
    expect(await payouts.resubmitStale(10 * 60_000)).toBe(1);
    await jobs.drain();
    const listed = await payoutsOf(creator);
    expect(listed.find((p) => p.id === stuck.id)).toMatchObject({ status: 'processing' });
    expect(listed.find((p) => p.id === fresh.id)).toMatchObject({ status: 'processing' });
    // Nothing left to queue again; the money is still held once for each.
    expect(await payouts.resubmitStale(10 * 60_000)).toBe(0);
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 9_000, inPayoutCents: 11_000 });
  });

  it('the same Idempotency-Key twice is one payout; with another amount it is refused', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const { creator } = await earningCreator(advertiser, 20_000);
    const key = `same-key-${backendName}-${Date.now()}`;
    const [first, second] = await Promise.all([withdraw(creator, 5_000, { key }), withdraw(creator, 5_000, { key })]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((first.body.payout as Payout).id).toBe((second.body.payout as Payout).id);
    const third = await withdraw(creator, 5_000, { key });
    expect((third.body.payout as Payout).id).toBe((first.body.payout as Payout).id);
    expect(await payoutsOf(creator)).toHaveLength(1);
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 15_000, inPayoutCents: 5_000 });
    const changed = await withdraw(creator, 6_000, { key });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('This Idempotency-Key was already used for a different withdrawal');
    // Keys are per creator: another creator's same key is their own payout.
    const { creator: other } = await earningCreator(advertiser, 10_000);
    expect((await withdraw(other, 5_000, { key })).status).toBe(201);
  });

  it('200 concurrent withdrawals from a balance that covers 10: exactly 10 requested, the rest refused with 4xx', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const { creator } = await earningCreator(advertiser, 50_000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        withdraw(creator, 5_000, { key: `burst-${backendName}-${Date.now()}-${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const payouts = await payoutsOf(creator);
    expect(payouts).toHaveLength(10);
    expect(new Set(payouts.map((p) => p.reference)).size).toBe(10);
    expect(await earningsOf(creator)).toMatchObject({ availableCents: 0, inPayoutCents: 50_000 });
  });

  it('earnings per period come from the ledger: this month, this year, all over, by how delivery was proven', async () => {
    const creator = await account(api, 'creator');
    const db = api.castbridge.db;
    const now = new Date();
    const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 6, 1)).toISOString();
    const earn = (kind: 'earning' | 'overlay_earning', cents: number, at?: string) =>
      db.transaction().execute((trx) =>
        postTransfer(trx, {
          kind,
          memo: 'test',
          at,
          legs: [
            { account: EXTERNAL, amountCents: -cents },
            { account: creatorAvailable(creator.id), amountCents: cents },
          ],
        }),
      );
    await earn('earning', 30_000, lastYear);
    await earn('overlay_earning', 12_000, lastYear);
    await earn('earning', 7_000);
    await earn('overlay_earning', 4_500);
    const earnings = await earningsOf(creator);
    expect(earnings.periods.allOver).toEqual({ totalCents: 53_500, sponsorshipCents: 37_000, overlayCents: 16_500 });
    expect(earnings.periods.thisYear).toEqual({ totalCents: 11_500, sponsorshipCents: 7_000, overlayCents: 4_500 });
    expect(earnings.periods.thisMonth).toEqual({ totalCents: 11_500, sponsorshipCents: 7_000, overlayCents: 4_500 });
    expect(earnings).toMatchObject({ availableCents: 53_500, inPayoutCents: 0, minPayoutCents: 5_000 });
    // A new creator sees zeros, not sample figures.
    const fresh = await earningsOf(await account(api, 'creator'));
    expect(fresh.periods.allOver).toEqual({ totalCents: 0, sponsorshipCents: 0, overlayCents: 0 });
    expect(await payoutsOf(creator)).toEqual([]);
  });
});

describe('the platform fee', () => {
  let backend: Backend;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend, { FEE_BPS: '1250', MIN_PAYOUT_CENTS: '1000' });
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('FEE_BPS takes its share of each earning (rounded down) into the platform account; MIN_PAYOUT_CENTS sets the minimum', async () => {
    const operator = await account(api, 'operator');
    const advertiser = await approvedAdvertiser(api, operator);
    const creator = await account(api, 'creator', {
      language: 'English',
      country: 'Iceland',
      type_content: 'Speedruns on Twitch',
    });
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: 10_001,
        spots: 1,
        targeting: { ...campaignInput().targeting, countries: ['Iceland'] },
      }),
    });
    const campaignId = (created.body.campaign as { id: string }).id;
    await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    await api.castbridge.services.jobs.drain();
    const offer = (
      (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as { id: string }[]
    )[0]!;
    await connectChannel(api, creator);
    await api.request('POST', `/api/offers/${offer.id}/accept`, { token: creator.token });
    const confirmed = await api.request('POST', `/api/offers/${offer.id}/confirm-delivery`, {
      token: advertiser.token,
    });
    // 12.5 % of $100.01 is 1,250.125 cents: the fee is 1,250, the creator keeps 8,751.
    expect(confirmed.body.offer).toMatchObject({ earnedCents: 8_751 });
    const earnings = (await api.request('GET', '/api/earnings', { token: creator.token })).body as {
      availableCents: number;
      minPayoutCents: number;
    };
    expect(earnings).toMatchObject({ availableCents: 8_751, minPayoutCents: 1_000 });
    const fees = await api.castbridge.db
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('kind', '=', 'platform_fees')
      .executeTakeFirstOrThrow();
    expect(Number(fees.balance_cents)).toBe(1_250);
    await api.request('POST', '/api/payout-methods', {
      token: creator.token,
      json: { kind: 'paypal', email: 'ana@example.com' },
    });
    // A withdrawal needs a tax form on file (docs/product.md §Self-serve money).
    await fileTaxForm(api, creator);
    const small = await api.request('POST', '/api/payouts', {
      token: creator.token,
      headers: { 'idempotency-key': 'fee-test-payout-1' },
      json: { amount_cents: 1_000 },
    });
    expect(small.status, small.text).toBe(201);
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
});

describe('money held for an account', () => {
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

  it('keeps the account from being deleted until it is withdrawn (creator) or settled (advertiser)', async () => {
    const operator = await account(api, 'operator');
    const advertiser = await approvedAdvertiser(api, operator, 12_345);
    const creator = await account(api, 'creator');
    await api.castbridge.db.transaction().execute((trx) =>
      postTransfer(trx, {
        kind: 'correction',
        memo: 'test',
        legs: [
          { account: EXTERNAL, amountCents: -7_000 },
          { account: creatorAvailable(creator.id), amountCents: 7_000 },
        ],
      }),
    );
    const refused = await api.request('DELETE', '/api/user', { token: creator.token, json: {} });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'money.delete_balance',
      message: 'Your Earning Balance holds $70: withdraw it before deleting your account.',
    });
    // The same refusal to a page in Spanish, the sum the Spanish way.
    const inSpanish = await api.request('DELETE', '/api/user', {
      token: creator.token,
      json: {},
      headers: { 'accept-language': 'es-MX' },
    });
    expect(inSpanish.body).toEqual({
      code: 'money.delete_balance',
      message: 'Tu saldo de ganancias tiene USD\u00a070: retíralo antes de eliminar tu cuenta.',
    });
    await api.request('POST', '/api/payout-methods', {
      token: creator.token,
      json: { kind: 'paypal', email: 'ana@example.com' },
    });
    // A withdrawal needs a tax form on file (docs/product.md §Self-serve money).
    await fileTaxForm(api, creator);
    const payout = (
      await api.request('POST', '/api/payouts', {
        token: creator.token,
        headers: { 'idempotency-key': 'held-funds-1' },
        json: { amount_cents: 7_000 },
      })
    ).body.payout as { id: string };
    const onItsWay = await api.request('DELETE', '/api/user', { token: creator.token, json: {} });
    expect(onItsWay.body.message).toBe('A withdrawal of $70 is on its way: delete your account once it is paid.');
    await api.castbridge.services.jobs.drain();
    await api.request('POST', `/api/admin/payouts/${payout.id}/paid`, {
      token: operator.token,
      json: { reference: 'ACH' },
    });
    expect((await api.request('DELETE', '/api/user', { token: creator.token, json: {} })).status).toBe(200);

    const advertiserRefused = await api.request('DELETE', '/api/user', { token: advertiser.token, json: {} });
    expect(advertiserRefused.status).toBe(409);
    expect(advertiserRefused.body.message).toMatch(/^Castbridge holds \$123\.45 of your funds/);
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
});
