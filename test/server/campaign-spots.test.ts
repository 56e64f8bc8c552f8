// More spots on a running campaign (issue 48 item 6), on SQLite and PostgreSQL: POST /api/campaigns/:id/spots adds
// spots to an active or paused campaign and reserves pay × them from the balance in the same transaction, as a launch
// does, so an invitation refused for want of room is taken afterwards; a short balance, money owed, a draft or an ended
// campaign, more than the most spots and a bad body are refused and change nothing; the wrong caller gets 403/404;
// the ledger's invariants (and `npm run ledger -- check`) hold after every test. A campaign launched with matching off
// (invitations only) gets no matched offers, before or after spots are added, and its room is left to invitations.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import {
  account,
  approvedAdvertiser,
  campaignInput,
  connectChannel,
  deposit,
  englishCreator,
  expectLedgerCommandClean,
  type Account,
} from './market.ts';

describe.each(BACKENDS)('adding spots on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let brand: Account;
  let rival: Account;
  let creator: Account;

  const addSpots = (who: Account | null, id: string, json: unknown) =>
    api.request('POST', `/api/campaigns/${id}/spots`, { ...(who ? { token: who.token } : {}), json });
  const balance = async (who: Account) =>
    (await api.request('GET', '/api/advertiser/balance', { token: who.token })).body as {
      balanceCents: number;
      reservedCents: number;
    };
  const campaignOf = async (who: Account, id: string) =>
    (await api.request('GET', `/api/campaigns/${id}`, { token: who.token })).body.campaign as {
      spots: number;
      status: string;
    };

  /** A campaign of `owner` no creator of the suite matches (launched unless `draft`). */
  async function campaign(owner: Account, spots: number, { draft = false, payCents = 10_000 } = {}) {
    const created = await api.request('POST', '/api/campaigns', {
      token: owner.token,
      json: campaignInput({ spots, payCents, targeting: { ...campaignInput().targeting, countries: ['Tonga'] } }),
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.campaign as { id: string }).id;
    if (!draft) {
      const launched = await api.request('POST', `/api/campaigns/${id}/launch`, { token: owner.token });
      expect(launched.status, launched.text).toBe(200);
      await api.castbridge.services.jobs.drain();
    }
    return id;
  }

  /** A creator listed in brand search (the directory row written directly). */
  async function listedCreator(): Promise<Account> {
    const user = await account(api, 'creator');
    const handle = `spot_${crypto.randomUUID().slice(0, 8)}`;
    await api.castbridge.db
      .insertInto('creator_directory')
      .values({
        user_id: user.id,
        handle,
        listed: 1,
        display_name: handle,
        image: null,
        platforms: 1,
        category: null,
        language: null,
        country: null,
        followers: 10,
        avg_viewers: null,
        completed: 0,
        delivery_rate: null,
        channels: '[]',
        audience_countries: '[]',
        about: '',
        updated_at: new Date().toISOString(),
      })
      .execute();
    return user;
  }

  const invite = (id: string, creatorId: string) =>
    api.request('POST', `/api/campaigns/${id}/invitations`, { token: brand.token, json: { creatorId } });

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    brand = await approvedAdvertiser(api, operator, 100_000);
    rival = await approvedAdvertiser(api, operator);
    creator = await account(api, 'creator');
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    if (backend) expectLedgerCommandClean(backend);
    await backend?.cleanup();
  });

  it('adds spots to a running campaign and reserves pay × them in the same step; the invitation refused for room is then taken', async () => {
    const id = await campaign(brand, 1);
    const guests = [await listedCreator(), await listedCreator(), await listedCreator(), await listedCreator()];
    for (const guest of guests.slice(0, 3)) expect((await invite(id, guest.id)).status).toBe(201);
    const full = await invite(id, guests[3]!.id);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/wait for answers, or add spots/);

    const before = await balance(brand);
    const added = await addSpots(brand, id, { spots: 2 });
    expect(added.status, added.text).toBe(200);
    expect(added.body.campaign).toMatchObject({ id, spots: 3, status: 'active' });
    const after = await balance(brand);
    expect(after.balanceCents).toBe(before.balanceCents - 2 * 10_000);
    expect(after.reservedCents).toBe(before.reservedCents + 2 * 10_000);
    expect((await invite(id, guests[3]!.id)).status).toBe(201);

    // A paused campaign takes more spots too.
    expect((await api.request('POST', `/api/campaigns/${id}/pause`, { token: brand.token })).status).toBe(200);
    expect((await addSpots(brand, id, { spots: 1 })).body.campaign).toMatchObject({ spots: 4, status: 'paused' });
    expect((await balance(brand)).balanceCents).toBe(before.balanceCents - 3 * 10_000);
  });

  it('a resend with the same Idempotency-Key gets the first answer and reserves nothing twice', async () => {
    const id = await campaign(brand, 1);
    const before = await balance(brand);
    const send = () =>
      api.request('POST', `/api/campaigns/${id}/spots`, {
        token: brand.token,
        json: { spots: 2 },
        headers: { 'Idempotency-Key': `campaign-spots:${id}:1+2` },
      });
    const first = await send();
    const again = await send();
    expect(first.status, first.text).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await campaignOf(brand, id)).spots).toBe(3);
    expect((await balance(brand)).balanceCents).toBe(before.balanceCents - 2 * 10_000);
  });

  it('refuses a short balance with what it needs and what there is, and changes nothing', async () => {
    const poor = await approvedAdvertiser(api, operator, 25_000);
    const id = await campaign(poor, 1);
    const before = await balance(poor);
    expect(before.balanceCents).toBe(15_000);
    const refused = await addSpots(poor, id, { spots: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Adding 2 spots reserves $200 (pay × spots) and your balance is $150: add funds, or add fewer spots',
    );
    expect(await balance(poor)).toEqual(before);
    expect((await campaignOf(poor, id)).spots).toBe(1);
    // Once funded, the same request goes through.
    await deposit(api, operator, poor, 5_000);
    expect((await addSpots(poor, id, { spots: 2 })).status).toBe(200);
    expect((await balance(poor)).balanceCents).toBe(0);
  });

  it('refuses a draft or an ended campaign (409) and more than 1,000 spots in all (409), changing nothing', async () => {
    const draft = await campaign(brand, 1, { draft: true });
    const notRunning = await addSpots(brand, draft, { spots: 1 });
    expect(notRunning.status).toBe(409);
    expect(notRunning.body.message).toBe('A draft campaign cannot add spots: only an active or paused one can');
    const id = await campaign(brand, 1, { payCents: 100 });
    const before = await balance(brand);
    const tooMany = await addSpots(brand, id, { spots: 1000 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('A campaign has at most 1000 spots: this one has 1');
    expect(await balance(brand)).toEqual(before);
    expect((await campaignOf(brand, id)).spots).toBe(1);
    expect((await api.request('POST', `/api/campaigns/${id}/cancel`, { token: brand.token })).status).toBe(200);
    expect((await addSpots(brand, id, { spots: 1 })).status).toBe(409);
  });

  it('the wrong caller: another advertiser 404, a creator or an operator 403, signed out 401; a bad body 400 with a message', async () => {
    const id = await campaign(brand, 1);
    const before = await balance(brand);
    const theirs = await addSpots(rival, id, { spots: 1 });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('No such campaign');
    expect((await addSpots(brand, crypto.randomUUID(), { spots: 1 })).status).toBe(404);
    for (const who of [creator, operator]) expect((await addSpots(who, id, { spots: 1 })).status).toBe(403);
    expect((await addSpots(null, id, { spots: 1 })).status).toBe(401);
    for (const body of [{}, { spots: 0 }, { spots: -1 }, { spots: 1.5 }, { spots: '2' }, { spots: 1001 }]) {
      const bad = await addSpots(brand, id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
    expect(await balance(brand)).toEqual(before);
    expect((await campaignOf(brand, id)).spots).toBe(1);
  });

  it('with matching off, launching and adding spots match no one: the room is left to invitations', async () => {
    const fijian = await account(api, 'creator', { ...englishCreator, country: 'Fiji' });
    await connectChannel(api, fijian);
    const make = async (autoMatch: boolean) => {
      const created = await api.request('POST', '/api/campaigns', {
        token: brand.token,
        json: campaignInput({
          spots: 1,
          payCents: 100,
          autoMatch,
          targeting: { ...campaignInput().targeting, countries: ['Fiji'] },
        }),
      });
      expect(created.status, created.text).toBe(201);
      const id = (created.body.campaign as { id: string }).id;
      expect(created.body.campaign).toMatchObject({ autoMatch });
      expect((await api.request('POST', `/api/campaigns/${id}/launch`, { token: brand.token })).status).toBe(200);
      await api.castbridge.services.jobs.drain();
      return id;
    };
    const offersOf = async (id: string) =>
      ((await api.request('GET', `/api/campaigns/${id}`, { token: brand.token })).body.offers as unknown[]).length;
    const matched = await make(true);
    const invitationsOnly = await make(false);
    expect(await offersOf(matched)).toBe(1);
    expect(await offersOf(invitationsOnly)).toBe(0);
    expect((await addSpots(brand, invitationsOnly, { spots: 1 })).status).toBe(200);
    await api.castbridge.services.jobs.drain();
    expect(await offersOf(invitationsOnly)).toBe(0);
    // A creator matching it on their own (a new connection, a profile change) is not matched either.
    await api.castbridge.services.matcher.run({ creatorId: fijian.id });
    expect(await offersOf(invitationsOnly)).toBe(0);
    // The option is the brand's while the campaign is a draft; a bad value is refused.
    const draft = await campaign(brand, 1, { draft: true });
    const patched = await api.request('PATCH', `/api/campaigns/${draft}`, {
      token: brand.token,
      json: { autoMatch: false },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.campaign).toMatchObject({ autoMatch: false });
    const bad = await api.request('PATCH', `/api/campaigns/${draft}`, {
      token: brand.token,
      json: { autoMatch: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/autoMatch/);
  });
});
