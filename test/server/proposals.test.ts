// Counter-offers (server/marketplace/proposals.ts, docs/product.md §Counter-offers) on SQLite and PostgreSQL: the creator
// proposes on an invited or info-requested offer, the sides take turns (accept, decline, counter), every round is kept
// and written in the thread, both sides are notified; accepting accepts the offer at the agreed terms and moves the
// reservation by the difference in the same transaction (refused with the amount missing when the balance is short);
// completion pays the agreed pay and every release reckons per-offer pay; races settle once; the wrong user gets 404
// (or 403 for their own proposal, 401 signed out); a refusal is in the reader's language, with its code. The ledger's
// invariants hold after every test and for the whole run (`npm run ledger -- check`).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../contract/countries.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Answer, type Backend, type Client } from './helpers.ts';
import {
  account,
  approvedAdvertiser,
  campaignInput,
  connectChannel,
  deposit,
  type Account,
  expectLedgerCommandClean,
} from './market.ts';

interface OfferBody {
  id: string;
  status: string;
  campaignId: string;
  payCents: number;
  campaignPayCents: number;
  deliverable: { minutes: number };
  proposal: null | { round: number; side: string; payCents: number; deliverableMinutes: number | null; status: string };
}

describe.each(BACKENDS)('counter-offers on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let used = 0;

  const place = () => countries[120 + ++used]!;
  const creatorIn = async (country: string, connected = true) => {
    const creator = await account(api, 'creator', {
      language: 'English',
      country,
      type_content: `Speedruns ${country}`,
    });
    if (connected) await connectChannel(api, creator);
    return creator;
  };
  const balanceOf = async (advertiser: Account) =>
    (await api.request('GET', '/api/advertiser/balance', { token: advertiser.token })).body as {
      balanceCents: number;
      reservedCents: number;
    };
  const ok = <T>(answer: Answer, status = 200): T => {
    expect(answer.status, answer.text).toBe(status);
    return answer.body as T;
  };
  const post = (url: string, who: Account | null, json: unknown = {}) =>
    api.request('POST', url, { ...(who ? { token: who.token } : {}), json });

  async function launched(advertiser: Account, country: string, spots = 2, payCents = 10_000) {
    const created = ok<{ campaign: { id: string } }>(
      await api.request('POST', '/api/campaigns', {
        token: advertiser.token,
        json: campaignInput({ payCents, spots, targeting: { ...campaignInput().targeting, countries: [country] } }),
      }),
      201,
    );
    ok(await post(`/api/campaigns/${created.campaign.id}/launch`, advertiser));
    await api.castbridge.services.jobs.drain();
    return created.campaign.id;
  }
  const offerOf = async (creator: Account, campaignId: string) => {
    const { offers } = ok<{ offers: OfferBody[] }>(await api.request('GET', '/api/offers', { token: creator.token }));
    const offer = offers.find((o) => o.campaignId === campaignId);
    expect(offer).toBeDefined();
    return offer!;
  };
  /** A launched campaign ($100 × spots), an invited creator with a channel, and their offer. */
  async function world(options: { funds?: number; spots?: number; connected?: boolean } = {}) {
    const advertiser = await approvedAdvertiser(api, operator, options.funds ?? 100_000);
    const country = place();
    const creator = await creatorIn(country, options.connected ?? true);
    const campaignId = await launched(advertiser, country, options.spots ?? 2);
    const offer = await offerOf(creator, campaignId);
    return { advertiser, creator, campaignId, offer, url: `/api/offers/${offer.id}` };
  }
  const propose = (url: string, who: Account, payCents: number, message = 'My rate', deliverableMinutes?: number) =>
    post(`${url}/proposals`, who, {
      payCents,
      message,
      ...(deliverableMinutes === undefined ? {} : { deliverableMinutes }),
    });
  const notices = async (who: Account) =>
    ok<{ notifications: { type: string; text: string }[] }>(
      await api.request('GET', '/api/notifications', { token: who.token }),
    ).notifications.map((n) => n.type);

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
  }, 60_000);
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    // And `npm run ledger -- check` on the whole run's ledger.
    if (backend) {
      expectLedgerCommandClean(backend);
    }
    await backend?.cleanup();
  });

  it('the creator proposes, the advertiser accepts: the offer is accepted at those terms and the reservation grows', async () => {
    const { advertiser, creator, campaignId, url } = await world();
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 80_000, reservedCents: 20_000 }),
    );
    const proposed = ok<{ offer: OfferBody }>(await propose(url, creator, 15_000, 'I stream 4h a day', 90), 201);
    expect(proposed.offer.proposal).toMatchObject({
      round: 1,
      side: 'creator',
      payCents: 15_000,
      deliverableMinutes: 90,
      status: 'open',
    });
    expect(proposed.offer.status).toBe('invited');
    // The advertiser sees it in the campaign's offers.
    const detail = ok<{ offers: OfferBody[] }>(
      await api.request('GET', `/api/campaigns/${campaignId}`, { token: advertiser.token }),
    );
    expect(detail.offers[0]!.proposal).toMatchObject({ round: 1, payCents: 15_000 });
    expect(await notices(advertiser)).toContain('offer.countered');

    const accepted = ok<{ offer: OfferBody }>(await post(`${url}/proposals/1/accept`, advertiser));
    expect(accepted.offer).toMatchObject({
      status: 'accepted',
      payCents: 15_000,
      campaignPayCents: 10_000,
      deliverable: expect.objectContaining({ minutes: 90 }),
      proposal: null,
    });
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 75_000, reservedCents: 25_000 }),
    );
    expect(await notices(creator)).toContain('offer.counter_accepted');
    const rounds = ok<{ proposals: { status: string }[] }>(
      await api.request('GET', `${url}/proposals`, { token: creator.token }),
    );
    expect(rounds.proposals.map((p) => p.status)).toEqual(['accepted']);
    const thread = ok<{ messages: { body: string; author: string }[] }>(
      await api.request('GET', `${url}/messages`, { token: advertiser.token }),
    );
    expect(thread.messages.map((m) => m.body)).toEqual([
      'Proposed $150 for 90 minutes: I stream 4h a day',
      'Accepted $150 for 90 minutes.',
    ]);

    // The overlay counts toward the agreed minutes; the display proof shows the agreed pay and minutes.
    const { status } = ok<{ status: { offers: { offerId: string; deliverableSeconds: number }[] } }>(
      await api.request('GET', '/api/overlay/status', { token: creator.token }),
    );
    expect(status.offers.find((o) => o.offerId === accepted.offer.id)).toMatchObject({ deliverableSeconds: 90 * 60 });
    const { display } = ok<{ display: { payCents: number; deliverableSeconds: number } }>(
      await api.request('GET', `${url}/display`, { token: advertiser.token }),
    );
    expect(display).toMatchObject({ payCents: 15_000, deliverableSeconds: 90 * 60 });
    // Completion pays the agreed pay; the campaign's other spot still holds the campaign's pay.
    const done = ok<{ offer: OfferBody & { earnedCents: number } }>(await post(`${url}/confirm-delivery`, advertiser));
    expect(done.offer.status).toBe('completed');
    const paid = await api.castbridge.db
      .selectFrom('ledger_transfers')
      .innerJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select('ledger_entries.amount_cents as amount')
      .where('ledger_transfers.kind', '=', 'earning')
      .where('ledger_accounts.kind', '=', 'campaign_reserve')
      .where('ledger_accounts.owner_id', '=', campaignId)
      .execute();
    expect(paid.map((row) => Number(row.amount))).toEqual([-15_000]);
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 75_000, reservedCents: 10_000 }),
    );
    // Cancelling returns the free spot's pay.
    ok(await post(`/api/campaigns/${campaignId}/cancel`, advertiser));
    expect(await balanceOf(advertiser)).toEqual(expect.objectContaining({ balanceCents: 85_000, reservedCents: 0 }));
  });

  it("a round counts as a message in the offer's thread: a flood gets 429 and writes nothing", async () => {
    const { creator, url } = await world();
    // An instance with the real limits (the suite's are scaled up for its many accounts).
    const strict = await startApp(backend, { RATE_LIMIT_SCALE: '1' });
    try {
      for (let i = 0; i < 10; i += 1)
        ok(
          await strict.request('POST', `${url}/messages`, { token: creator.token, json: { body: `Question ${i}` } }),
          201,
        );
      const refused = await strict.request('POST', `${url}/proposals`, {
        token: creator.token,
        json: { payCents: 15_000, message: 'My rate' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^You are sending messages too fast/);
    } finally {
      await strict.close();
    }
    const { proposals } = ok<{ proposals: unknown[] }>(
      await api.request('GET', `${url}/proposals`, { token: creator.token }),
    );
    expect(proposals).toEqual([]);
  });

  it('a lower agreed pay shrinks the reservation; cancelling keeps exactly the agreed pay for the pending delivery', async () => {
    const { advertiser, creator, campaignId, url } = await world();
    ok(await propose(url, creator, 7_000), 201);
    const accepted = ok<{ offer: OfferBody }>(await post(`${url}/proposals/1/accept`, advertiser));
    expect(accepted.offer).toMatchObject({
      status: 'accepted',
      payCents: 7_000,
      deliverable: expect.objectContaining({ minutes: 120 }),
    });
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 83_000, reservedCents: 17_000 }),
    );
    ok(await post(`/api/campaigns/${campaignId}/cancel`, advertiser));
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 93_000, reservedCents: 7_000 }),
    );
    ok(await post(`${url}/confirm-delivery`, advertiser));
    expect(await balanceOf(advertiser)).toEqual(expect.objectContaining({ balanceCents: 93_000, reservedCents: 0 }));
  });

  it('a short balance refuses the accept with the amount missing and changes nothing; after a deposit it goes through', async () => {
    // $200 deposited, $200 reserved by launch (2 × $100): nothing free.
    const { advertiser, creator, url } = await world({ funds: 20_000 });
    ok(await propose(url, creator, 15_000), 201);
    const refused = await post(`${url}/proposals/1/accept`, advertiser);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'marketplace.accept_short_of_funds',
      message: 'Accepting needs $50 more than your balance holds: add funds first',
    });
    // The reply flow knows it by its code, in Spanish as well (machines/marketplace/proposalReply.machine.ts).
    const spanish = await api.request('POST', `${url}/proposals/1/accept`, {
      token: advertiser.token,
      headers: { 'accept-language': 'es-MX' },
      json: {},
    });
    expect(spanish.body).toEqual({
      code: 'marketplace.accept_short_of_funds',
      message: 'Para aceptar necesitas USD\u00a050 más de lo que tiene tu saldo: primero agrega fondos',
    });
    const still = ok<{ offer: OfferBody }>(await api.request('GET', url, { token: creator.token }));
    expect(still.offer).toMatchObject({ status: 'invited', payCents: 10_000, proposal: { round: 1, status: 'open' } });
    expect(await balanceOf(advertiser)).toEqual(expect.objectContaining({ balanceCents: 0, reservedCents: 20_000 }));
    await deposit(api, operator, advertiser, 4_000);
    const stillShort = await post(`${url}/proposals/1/accept`, advertiser);
    expect(stillShort.body.message).toBe('Accepting needs $10 more than your balance holds: add funds first');
    await deposit(api, operator, advertiser, 1_000);
    ok(await post(`${url}/proposals/1/accept`, advertiser));
    expect(await balanceOf(advertiser)).toEqual(expect.objectContaining({ balanceCents: 0, reservedCents: 25_000 }));
  });

  it("a creator reading Spanish is refused in Spanish, with each refusal's code; the English as it was", async () => {
    // $200 deposited, $200 reserved by launch (2 × $100): nothing free for a higher pay.
    const { advertiser, creator, url } = await world({ funds: 20_000 });
    const inSpanish = { 'accept-language': 'es-MX' };
    const as = (who: Account, path: string, json: unknown = {}, headers: Record<string, string> = inSpanish) =>
      api.request('POST', `${url}${path}`, { token: who.token, json, headers });
    const refusal = (answer: Answer) => [answer.status, answer.body];

    const proposed = ok<{ offer: { reasons: { criterion: string; detail: string }[] } }>(
      await as(creator, '/proposals', { payCents: 15_000, message: 'Mi tarifa' }),
      201,
    );
    // The offer it answers with carries its match reasons in Spanish.
    expect(proposed.offer.reasons.slice(0, 2)).toEqual([
      { criterion: 'platform', detail: 'Transmite en Twitch' },
      { criterion: 'language', detail: 'Transmite en inglés' },
    ]);
    expect(refusal(await as(creator, '/proposals', { payCents: 14_000, message: 'Otra' }))).toEqual([
      409,
      {
        code: 'marketplace.proposal_waiting',
        message: 'Tu propuesta está esperando respuesta: primero la responde la otra parte',
      },
    ]);
    expect((await as(creator, '/proposals', { payCents: 14_000, message: 'Again' }, {})).body).toEqual({
      code: 'marketplace.proposal_waiting',
      message: 'Your proposal is waiting for an answer: the other side answers it first',
    });
    expect(refusal(await as(creator, '/proposals/1/accept'))).toEqual([
      403,
      { code: 'marketplace.own_proposal', message: 'Tu propuesta la responde la otra parte' },
    ]);
    for (const round of [9, 0])
      expect(refusal(await as(creator, `/proposals/${round}/accept`))).toEqual([
        404,
        { code: 'marketplace.proposal_unknown', message: 'Esa propuesta no existe' },
      ]);

    // The brand counters above what its balance can cover: the creator learns why accepting waits.
    ok(await as(advertiser, '/proposals', { payCents: 15_000, message: 'Deal' }, {}), 201);
    expect(refusal(await as(creator, '/proposals/2/accept'))).toEqual([
      409,
      {
        code: 'marketplace.brand_short_of_funds',
        message:
          'Nova Energy no puede cubrir USD\u00a0150 en este momento: su saldo no alcanza. Vuelve a intentarlo cuando haya agregado fondos.',
      },
    ]);
    expect((await as(creator, '/proposals/2/accept', {}, {})).body).toEqual({
      code: 'marketplace.brand_short_of_funds',
      message: 'Nova Energy cannot cover $150 right now: their balance is short. Try again once they have added funds.',
    });
    ok(await as(creator, '/proposals/2/decline'));
    expect(refusal(await as(creator, '/proposals/2/accept'))).toEqual([
      409,
      { code: 'marketplace.proposal_closed', message: 'Esta propuesta fue rechazada: ya no se puede responder' },
    ]);
    ok(await as(creator, '/decline'));
    expect(refusal(await as(creator, '/proposals', { payCents: 12_000, message: 'Otra vez' }))).toEqual([
      409,
      {
        code: 'marketplace.offer_not_negotiable',
        message: 'Esta oferta fue rechazada: sus condiciones ya no se pueden negociar',
      },
    ]);
    expect((await as(creator, '/proposals', { payCents: 12_000, message: 'Again' }, {})).body).toEqual({
      code: 'marketplace.offer_not_negotiable',
      message: 'This offer is declined: its terms can no longer be negotiated',
    });
  });

  it('several rounds: counters take turns, one open proposal at a time, each round kept; the creator accepts a counter', async () => {
    const { advertiser, creator, url } = await world();
    // The advertiser cannot open; the creator cannot propose twice in a row.
    expect((await propose(url, advertiser, 12_000)).status).toBe(409);
    ok(await propose(url, creator, 20_000, 'Twenty'), 201);
    expect((await propose(url, creator, 19_000)).status).toBe(409);
    const countered = ok<{ offer: OfferBody }>(await propose(url, advertiser, 12_000, 'Twelve', 60), 201);
    expect(countered.offer.proposal).toMatchObject({
      round: 2,
      side: 'advertiser',
      payCents: 12_000,
      deliverableMinutes: 60,
    });
    expect(await notices(creator)).toContain('offer.countered');
    // The advertiser cannot answer or counter their own proposal.
    expect((await post(`${url}/proposals/2/accept`, advertiser)).status).toBe(403);
    expect((await propose(url, advertiser, 13_000)).status).toBe(409);
    // An earlier round cannot be accepted any more.
    expect((await post(`${url}/proposals/1/accept`, advertiser)).status).toBe(409);
    expect((await post(`${url}/proposals/1/accept`, creator)).status).toBe(403);
    ok(await propose(url, creator, 16_000, 'Meet halfway'), 201);
    ok(await propose(url, advertiser, 14_000, 'Final'), 201);
    const accepted = ok<{ offer: OfferBody }>(await post(`${url}/proposals/4/accept`, creator));
    expect(accepted.offer).toMatchObject({ status: 'accepted', payCents: 14_000 });
    expect(await notices(advertiser)).toEqual(expect.arrayContaining(['offer.counter_accepted']));
    const rounds = ok<{ proposals: { round: number; side: string; status: string }[] }>(
      await api.request('GET', `${url}/proposals`, { token: advertiser.token }),
    );
    expect(rounds.proposals.map((p) => `${p.round}:${p.side}:${p.status}`)).toEqual([
      '1:creator:countered',
      '2:advertiser:countered',
      '3:creator:countered',
      '4:advertiser:accepted',
    ]);
    const thread = ok<{ messages: { body: string }[] }>(
      await api.request('GET', `${url}/messages`, { token: creator.token }),
    );
    expect(thread.messages.map((m) => m.body)).toEqual([
      'Proposed $200 for 120 minutes: Twenty',
      'Countered with $120 for 60 minutes: Twelve',
      'Countered with $160 for 120 minutes: Meet halfway',
      'Countered with $140 for 120 minutes: Final',
      'Accepted $140 for 120 minutes.',
    ]);
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 76_000, reservedCents: 24_000 }),
    );
  });

  it("each round's notice in its reader's language: English as it always read, Spanish to a Spanish reader; names, title and messages as written", async () => {
    const { advertiser, creator, url } = await world({ spots: 1 });
    const { db } = api.castbridge;
    await db
      .updateTable('users')
      .set({ locale: 'es-MX', first_name: 'Luna', last_name: 'Rivera' })
      .where('id', '=', creator.id)
      .execute();
    const latest = async (who: Account, type: string) =>
      ok<{ notifications: { type: string; title: string; text: string; locale: string }[] }>(
        await api.request('GET', '/api/notifications', { token: who.token }),
      ).notifications.find((n) => n.type === type);

    ok(await propose(url, creator, 15_000, 'Transmito 4 horas al día', 90), 201);
    expect(await latest(advertiser, 'offer.countered')).toMatchObject({
      title: 'New proposal',
      text: 'Luna Rivera proposes $150 for 90 minutes for "Weekend streams": Transmito 4 horas al día',
      locale: 'en',
    });
    ok(await propose(url, advertiser, 12_000, 'Our best', 1), 201);
    expect(await latest(creator, 'offer.countered')).toMatchObject({
      title: 'Contraoferta',
      text: 'Nova Energy hizo una contraoferta de USD\u00a0120 por 1 minuto para «Weekend streams»: Our best',
      locale: 'es-MX',
    });
    ok(await post(`${url}/proposals/2/decline`, creator));
    expect(await latest(advertiser, 'offer.counter_declined')).toMatchObject({
      title: 'Counter-offer declined',
      text: 'Luna Rivera declined $120 for 1 minute for "Weekend streams": the offer stays open at its previous terms.',
      locale: 'en',
    });

    // The advertiser now reads Spanish.
    await db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', advertiser.id).execute();
    ok(await propose(url, creator, 13_000, 'Último precio', 1_500), 201);
    expect(await latest(advertiser, 'offer.countered')).toMatchObject({
      title: 'Nueva propuesta',
      text: 'Luna Rivera propone USD\u00a0130 por 1,500 minutos para «Weekend streams»: Último precio',
      locale: 'es-MX',
    });
    ok(await propose(url, advertiser, 12_500, 'Meet halfway?', 1_500), 201);
    ok(await post(`${url}/proposals/4/decline`, creator));
    expect(await latest(advertiser, 'offer.counter_declined')).toMatchObject({
      title: 'Contraoferta rechazada',
      text: 'Luna Rivera rechazó USD\u00a0125 por 1,500 minutos para «Weekend streams»: la oferta sigue abierta con sus condiciones anteriores.',
      locale: 'es-MX',
    });
    ok(await propose(url, creator, 13_000, 'Último precio', 1_500), 201);
    ok(await post(`${url}/proposals/5/accept`, advertiser));
    expect(await latest(creator, 'offer.counter_accepted')).toMatchObject({
      title: 'Contraoferta aceptada',
      text: 'Nova Energy aceptó USD\u00a0130 por 1,500 minutos para «Weekend streams»: la oferta quedó aceptada.',
      locale: 'es-MX',
    });
    // Its only spot taken: the advertiser is told so in Spanish too.
    expect(await latest(advertiser, 'campaign.full')).toMatchObject({
      title: 'Campaña llena',
      text: 'Ya se ocuparon todos los lugares de «Weekend streams».',
      locale: 'es-MX',
    });

    // The thread records each round once and each reader reads it in their language when they read it: the
    // creator's account's Spanish, the same lines in English to a page that asks for English; what was written, as
    // written.
    const thread = async (who: Account, headers: Record<string, string> = {}) =>
      ok<{ messages: { body: string }[] }>(
        await api.request('GET', `${url}/messages`, { token: who.token, headers }),
      ).messages.map((m) => m.body);
    expect(await thread(creator)).toEqual([
      'Propuso USD\u00a0150 por 90 minutos: Transmito 4 horas al día',
      'Hizo una contraoferta de USD\u00a0120 por 1 minuto: Our best',
      'Rechazó USD\u00a0120 por 1 minuto.',
      'Propuso USD\u00a0130 por 1,500 minutos: Último precio',
      'Hizo una contraoferta de USD\u00a0125 por 1,500 minutos: Meet halfway?',
      'Rechazó USD\u00a0125 por 1,500 minutos.',
      'Propuso USD\u00a0130 por 1,500 minutos: Último precio',
      'Aceptó USD\u00a0130 por 1,500 minutos.',
    ]);
    expect(await thread(advertiser, { 'accept-language': 'en' })).toEqual([
      'Proposed $150 for 90 minutes: Transmito 4 horas al día',
      'Countered with $120 for 1 minute: Our best',
      'Declined $120 for 1 minute.',
      'Proposed $130 for 1500 minutes: Último precio',
      'Countered with $125 for 1500 minutes: Meet halfway?',
      'Declined $125 for 1500 minutes.',
      'Proposed $130 for 1500 minutes: Último precio',
      'Accepted $130 for 1500 minutes.',
    ]);
  });

  it('declining keeps the offer open at its previous terms; the creator may still accept the original, which withdraws nothing open', async () => {
    const { advertiser, creator, url } = await world();
    ok(await propose(url, creator, 15_000), 201);
    // The creator cannot decline their own proposal.
    expect((await post(`${url}/proposals/1/decline`, creator)).status).toBe(403);
    const declined = ok<{ offer: OfferBody }>(await post(`${url}/proposals/1/decline`, advertiser));
    expect(declined.offer).toMatchObject({ status: 'invited', payCents: 10_000, proposal: null });
    expect(await notices(creator)).toContain('offer.counter_declined');
    expect((await post(`${url}/proposals/1/accept`, creator)).status).toBe(403);
    expect((await post(`${url}/proposals/1/decline`, advertiser)).status).toBe(409);
    // A new round may open again; accepting the original withdraws it.
    ok(await propose(url, creator, 12_000), 201);
    const accepted = ok<{ offer: OfferBody }>(await post(`${url}/accept`, creator));
    expect(accepted.offer).toMatchObject({ status: 'accepted', payCents: 10_000, proposal: null });
    const rounds = ok<{ proposals: { status: string }[] }>(
      await api.request('GET', `${url}/proposals`, { token: creator.token }),
    );
    expect(rounds.proposals.map((p) => p.status)).toEqual(['declined', 'withdrawn']);
    expect((await post(`${url}/proposals/2/accept`, advertiser)).status).toBe(409);
    expect((await propose(url, creator, 12_000)).status).toBe(409);
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 80_000, reservedCents: 20_000 }),
    );
  });

  it('an info-requested offer can be negotiated; declining the offer or cancelling the campaign withdraws the open proposal', async () => {
    const first = await world();
    ok(await post(`${first.url}/request-info`, first.creator, { message: 'Which game?' }));
    ok(await propose(first.url, first.creator, 11_000), 201);
    ok(await post(`${first.url}/decline`, first.creator, { reason: 'Busy' }));
    const rounds = ok<{ proposals: { status: string }[] }>(
      await api.request('GET', `${first.url}/proposals`, { token: first.advertiser.token }),
    );
    expect(rounds.proposals.map((p) => p.status)).toEqual(['withdrawn']);
    expect((await post(`${first.url}/proposals/1/accept`, first.advertiser)).status).toBe(409);

    const second = await world();
    ok(await propose(second.url, second.creator, 11_000), 201);
    ok(await post(`/api/campaigns/${second.campaignId}/cancel`, second.advertiser));
    const after = ok<{ offer: OfferBody }>(await api.request('GET', second.url, { token: second.creator.token }));
    expect(after.offer).toMatchObject({ status: 'expired', proposal: null });
    expect((await post(`${second.url}/proposals/1/accept`, second.advertiser)).status).toBe(409);
    expect(await balanceOf(second.advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 100_000, reservedCents: 0 }),
    );
  });

  it("bad input is a 400; accepting needs the creator's connected channel and an active campaign", async () => {
    const { advertiser, creator, campaignId, url } = await world({ connected: false });
    for (const json of [
      { payCents: 50, message: 'Too low' },
      { payCents: 100_000_001, message: 'Too high' },
      { payCents: 150.5, message: 'Fraction' },
      { payCents: 15_000, message: '' },
      { payCents: 15_000, message: 'x'.repeat(2001) },
      { payCents: 15_000, message: 'Minutes', deliverableMinutes: 0 },
      { payCents: 15_000, message: 'Minutes', deliverableMinutes: 100_001 },
      { message: 'No pay' },
    ]) {
      const answer = await post(`${url}/proposals`, creator, json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    ok(await propose(url, creator, 15_000, 'Null minutes are unchanged'), 201);
    const noChannel = await post(`${url}/proposals/1/accept`, advertiser);
    expect(noChannel.status).toBe(409);
    expect(noChannel.body.message).toMatch(/has no channel connected/);
    const sinCanal = await api.request('POST', `${url}/proposals/1/accept`, {
      token: advertiser.token,
      headers: { 'accept-language': 'es-MX' },
      json: {},
    });
    expect(sinCanal.body).toMatchObject({
      code: 'marketplace.creator_channel_required',
      message: expect.stringMatching(
        / todavía no tiene un canal conectado en las plataformas de esta campaña: podrás aceptar la oferta cuando conecte uno$/,
      ),
    });
    await connectChannel(api, creator);
    ok(await post(`/api/campaigns/${campaignId}/pause`, advertiser));
    const paused = await post(`${url}/proposals/1/accept`, advertiser);
    expect(paused.status).toBe(409);
    expect(paused.body.message).toMatch(/paused/);
    ok(await post(`/api/campaigns/${campaignId}/resume`, advertiser));
    ok(await post(`${url}/proposals/1/accept`, advertiser));
    expect((await post(`${url}/proposals/9/accept`, advertiser)).status).toBe(404);
    expect((await post(`${url}/proposals/nope/accept`, advertiser)).status).toBe(404);
  });

  it('every endpoint answers the wrong user: another creator, another advertiser, an operator 404; signed out 401', async () => {
    const { creator, url } = await world();
    ok(await propose(url, creator, 15_000), 201);
    const otherCreator = await account(api, 'creator');
    const otherAdvertiser = await approvedAdvertiser(api, operator, 0);
    const calls: [string, string][] = [
      ['GET', `${url}/proposals`],
      ['POST', `${url}/proposals`],
      ['POST', `${url}/proposals/1/accept`],
      ['POST', `${url}/proposals/1/decline`],
    ];
    for (const [method, path] of calls) {
      const json = method === 'GET' ? {} : { json: { payCents: 15_000, message: 'x' } };
      for (const who of [otherCreator, otherAdvertiser, operator])
        expect((await api.request(method, path, { token: who.token, ...json })).status, `${method} ${path}`).toBe(404);
      expect((await api.request(method, path, json)).status).toBe(401);
    }
    const after = ok<{ offer: OfferBody }>(await api.request('GET', url, { token: creator.token }));
    expect(after.offer.proposal).toMatchObject({ round: 1, status: 'open' });
  });

  describe('races settle once with a clean ledger', () => {
    it('two accepts of the same proposal at once', async () => {
      const { advertiser, url } = await world().then(async (w) => {
        ok(await propose(w.url, w.creator, 15_000), 201);
        return w;
      });
      const answers = await Promise.all([
        post(`${url}/proposals/1/accept`, advertiser),
        post(`${url}/proposals/1/accept`, advertiser),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await balanceOf(advertiser)).toEqual(
        expect.objectContaining({ balanceCents: 75_000, reservedCents: 25_000 }),
      );
    });

    it('accepting the proposal while the creator accepts the original', async () => {
      const { advertiser, creator, campaignId, url } = await world();
      ok(await propose(url, creator, 15_000), 201);
      const [byProposal, original] = await Promise.all([
        post(`${url}/proposals/1/accept`, advertiser),
        post(`${url}/accept`, creator),
      ]);
      expect([byProposal.status, original.status].sort()).toEqual([200, 409]);
      const count = await api.castbridge.db
        .selectFrom('campaigns')
        .select('accepted_count')
        .where('id', '=', campaignId)
        .executeTakeFirstOrThrow();
      expect(Number(count.accepted_count)).toBe(1);
      const offer = ok<{ offer: OfferBody }>(await api.request('GET', url, { token: creator.token })).offer;
      expect(offer.status).toBe('accepted');
      const expected =
        byProposal.status === 200
          ? { balanceCents: 75_000, reservedCents: 25_000, pay: 15_000, proposal: 'accepted' }
          : { balanceCents: 80_000, reservedCents: 20_000, pay: 10_000, proposal: 'withdrawn' };
      expect(offer.payCents).toBe(expected.pay);
      expect(await balanceOf(advertiser)).toEqual(
        expect.objectContaining({ balanceCents: expected.balanceCents, reservedCents: expected.reservedCents }),
      );
      const rounds = ok<{ proposals: { status: string }[] }>(
        await api.request('GET', `${url}/proposals`, { token: creator.token }),
      );
      expect(rounds.proposals.map((p) => p.status)).toEqual([expected.proposal]);
    });

    it('accepting while the campaign is being cancelled', async () => {
      const { advertiser, creator, campaignId, url } = await world();
      ok(await propose(url, creator, 15_000), 201);
      const [accept, cancel] = await Promise.all([
        post(`${url}/proposals/1/accept`, advertiser),
        post(`/api/campaigns/${campaignId}/cancel`, advertiser),
      ]);
      expect(cancel.status).toBe(200);
      const offer = ok<{ offer: OfferBody }>(await api.request('GET', url, { token: creator.token })).offer;
      if (accept.status === 200) {
        // Accepted first: the cancel kept exactly the agreed pay for its delivery.
        expect(offer).toMatchObject({ status: 'accepted', payCents: 15_000 });
        expect(await balanceOf(advertiser)).toEqual(
          expect.objectContaining({ balanceCents: 85_000, reservedCents: 15_000 }),
        );
      } else {
        expect(accept.status).toBe(409);
        expect(offer).toMatchObject({ status: 'expired', payCents: 10_000 });
        expect(await balanceOf(advertiser)).toEqual(
          expect.objectContaining({ balanceCents: 100_000, reservedCents: 0 }),
        );
      }
    });

    it('accepting while the creator counters', async () => {
      const { advertiser, creator, url } = await world();
      ok(await propose(url, creator, 15_000), 201);
      ok(await propose(url, advertiser, 12_000), 201);
      const [accept, counter] = await Promise.all([
        post(`${url}/proposals/2/accept`, creator),
        propose(url, creator, 13_000),
      ]);
      expect([accept.status, counter.status]).toEqual(accept.status === 200 ? [200, 409] : [409, 201]);
      const rounds = ok<{ proposals: { status: string }[] }>(
        await api.request('GET', `${url}/proposals`, { token: creator.token }),
      );
      const offer = ok<{ offer: OfferBody }>(await api.request('GET', url, { token: creator.token })).offer;
      if (accept.status === 200) {
        expect(rounds.proposals.map((p) => p.status)).toEqual(['countered', 'accepted']);
        expect(offer).toMatchObject({ status: 'accepted', payCents: 12_000 });
        expect(await balanceOf(advertiser)).toEqual(
          expect.objectContaining({ balanceCents: 78_000, reservedCents: 22_000 }),
        );
      } else {
        expect(rounds.proposals.map((p) => p.status)).toEqual(['countered', 'countered', 'open']);
        expect(offer).toMatchObject({ status: 'invited', payCents: 10_000 });
        expect(await balanceOf(advertiser)).toEqual(
          expect.objectContaining({ balanceCents: 80_000, reservedCents: 20_000 }),
        );
      }
    });

    it("the last spot: two creators' proposals accepted at once take one spot", async () => {
      const advertiser = await approvedAdvertiser(api, operator, 100_000);
      const country = place();
      const ana = await creatorIn(country);
      const ben = await creatorIn(country);
      const campaignId = await launched(advertiser, country, 1);
      const urls: string[] = [];
      for (const creator of [ana, ben]) {
        const offer = await offerOf(creator, campaignId);
        urls.push(`/api/offers/${offer.id}`);
        ok(await propose(`/api/offers/${offer.id}`, creator, 15_000), 201);
      }
      const answers = await Promise.all(urls.map((url) => post(`${url}/proposals/1/accept`, advertiser)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await balanceOf(advertiser)).toEqual(
        expect.objectContaining({ balanceCents: 85_000, reservedCents: 15_000 }),
      );
      // The other offer expired with the full campaign and its proposal was withdrawn.
      const loser = urls[answers.findIndex((a) => a.status === 409)]!;
      const rounds = ok<{ proposals: { status: string }[] }>(
        await api.request('GET', `${loser}/proposals`, { token: advertiser.token }),
      );
      expect(rounds.proposals.map((p) => p.status)).toEqual(['withdrawn']);
    });
  });
});
