// A creator who deletes the account gives back what their offers held (server/marketplace/departures.ts,
// docs/product.md §Marketplace "Creator account deleted"), on SQLite and PostgreSQL: an accepted offer's spot goes back
// to its campaign and the next matching creator gets an offer and can take it (paid from the reservation kept for
// it); a cancelled campaign's reservation for that offer returns to the advertiser's free balance; open offers are
// withdrawn and their room offered again. The ledger's invariants hold after every test and for the whole suite.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../contract/countries.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import {
  account,
  approvedAdvertiser,
  campaignInput,
  connectChannel,
  type Account,
  expectLedgerCommandClean,
} from './market.ts';

describe.each(BACKENDS)('a deleted creator on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let used = 0;

  /** Creators of a country no other test uses, so only they match the campaign. */
  const place = () => countries[60 + ++used]!;
  /** Each with a connected channel, so that they can accept. */
  const creatorIn = async (country: string) => {
    const creator = await account(api, 'creator', {
      language: 'English',
      country,
      type_content: `Speedruns from ${country}`,
    });
    await connectChannel(api, creator);
    return creator;
  };

  const offersOf = async (creator: Account, campaignId: string) =>
    (
      (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
        id: string;
        campaignId: string;
        status: string;
      }[]
    ).filter((offer) => offer.campaignId === campaignId);
  const balanceOf = async (advertiser: Account) =>
    (await api.request('GET', '/api/advertiser/balance', { token: advertiser.token })).body as {
      balanceCents: number;
      reservedCents: number;
    };
  const acceptedCount = async (campaignId: string) =>
    Number(
      (
        await api.castbridge.db
          .selectFrom('campaigns')
          .select('accepted_count')
          .where('id', '=', campaignId)
          .executeTakeFirstOrThrow()
      ).accepted_count,
    );
  const post = async (url: string, who: Account) => {
    const answer = await api.request('POST', url, { token: who.token });
    expect(answer.status, `${url}: ${answer.text}`).toBe(200);
    return answer;
  };
  const deleteAccount = async (who: Account) => {
    const answer = await api.request('DELETE', '/api/user', { token: who.token, json: {} });
    expect(answer.status, answer.text).toBe(200);
  };

  async function launched(advertiser: Account, country: string, spots: number, payCents = 10_000) {
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ payCents, spots, targeting: { ...campaignInput().targeting, countries: [country] } }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    await post(`/api/campaigns/${campaignId}/launch`, advertiser);
    await api.castbridge.services.jobs.drain();
    return campaignId;
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
      expectLedgerCommandClean(backend);
    }
    await backend?.cleanup();
  });

  it('an accepted creator of a full campaign leaves: the spot is free, the next matching creator gets it', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 100_000);
    const country = place();
    const [ana, ben] = [await creatorIn(country), await creatorIn(country)];
    const campaignId = await launched(advertiser, country, 2);
    for (const creator of [ana, ben]) {
      const [offer] = await offersOf(creator, campaignId);
      await post(`/api/offers/${offer!.id}/accept`, creator);
    }
    expect(await acceptedCount(campaignId)).toBe(2);
    // A creator who matches comes too late: the campaign is full.
    const cy = await creatorIn(country);
    await api.castbridge.services.matcher.matchCreator(cy.id);
    expect(await offersOf(cy, campaignId)).toEqual([]);
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 80_000, reservedCents: 20_000 }),
    );

    await deleteAccount(ana);
    expect(await acceptedCount(campaignId)).toBe(1);
    const detail = await api.request('GET', `/api/campaigns/${campaignId}`, { token: advertiser.token });
    expect(detail.status).toBe(200);
    expect((detail.body.offers as { creatorId?: string }[]).length).toBe(1);
    expect((detail.body.campaign as { offers: { accepted: number } }).offers.accepted).toBe(1);
    // The campaign may still fill that spot: its pay stays reserved for the creator who takes it.
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 80_000, reservedCents: 20_000 }),
    );

    // Matching runs again (queued with the deletion): Cy gets the offer, takes the spot and is paid from the reservation.
    await api.castbridge.services.jobs.drain();
    const [offer] = await offersOf(cy, campaignId);
    expect(offer).toMatchObject({ status: 'invited' });
    await post(`/api/offers/${offer!.id}/accept`, cy);
    expect(await acceptedCount(campaignId)).toBe(2);
    await post(`/api/offers/${offer!.id}/confirm-delivery`, advertiser);
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 80_000, reservedCents: 10_000 }),
    );
    // Ben's offer is untouched.
    expect(await offersOf(ben, campaignId)).toEqual([expect.objectContaining({ status: 'accepted' })]);
  });

  it('an accepted creator of a cancelled campaign leaves: what was kept for their delivery returns to the advertiser', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 50_000);
    const country = place();
    const ana = await creatorIn(country);
    const campaignId = await launched(advertiser, country, 3);
    const [offer] = await offersOf(ana, campaignId);
    await post(`/api/offers/${offer!.id}/accept`, ana);
    await post(`/api/campaigns/${campaignId}/cancel`, advertiser);
    // Cancelled: only Ana's pending delivery stays reserved.
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 40_000, reservedCents: 10_000 }),
    );

    await deleteAccount(ana);
    expect(await acceptedCount(campaignId)).toBe(0);
    expect(await balanceOf(advertiser)).toEqual(expect.objectContaining({ balanceCents: 50_000, reservedCents: 0 }));
    const released = await api.castbridge.db
      .selectFrom('ledger_transfers')
      .select('memo')
      .where('kind', '=', 'release')
      .where('memo', 'like', '%deleted their account%')
      .execute();
    expect(released).toHaveLength(1);
  });

  it('an invited creator leaves: the offer is withdrawn and its room goes to the next matching creator', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 50_000);
    const country = place();
    // One spot: three open offers at most; the fourth creator waits.
    const creators: Account[] = [];
    for (let i = 0; i < 4; i += 1) creators.push(await creatorIn(country));
    const campaignId = await launched(advertiser, country, 1);
    const invited: Account[] = [];
    const waiting: Account[] = [];
    for (const creator of creators) ((await offersOf(creator, campaignId)).length ? invited : waiting).push(creator);
    expect(invited).toHaveLength(3);
    expect(waiting).toHaveLength(1);

    await deleteAccount(invited[0]!);
    await api.castbridge.services.jobs.drain();
    expect(await offersOf(waiting[0]!, campaignId)).toEqual([expect.objectContaining({ status: 'invited' })]);
    const detail = await api.request('GET', `/api/campaigns/${campaignId}`, { token: advertiser.token });
    expect((detail.body.campaign as { offers: { invited: number } }).offers.invited).toBe(3);
    expect(await balanceOf(advertiser)).toEqual(
      expect.objectContaining({ balanceCents: 40_000, reservedCents: 10_000 }),
    );
  });
});
