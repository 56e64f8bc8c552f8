// Promo codes and redemptions (docs/product.md §Deliverables, §Promo codes) on SQLite and PostgreSQL: the advertiser
// assigns and generates codes (unique in the campaign whatever the case), issues and rotates the redemption key (the
// old one stops at once), the shop posts redemptions (the same order twice, or twenty times at once, is one row and
// counts once), redemptions outside delivery are kept but not counted, the CSV upload takes good lines and reports
// bad and duplicate ones by line; offer_days gets the counted ones; every endpoint tried by another advertiser, a
// creator and nobody. The CSV parser and the dollar amounts are checked on their own first.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROMO_CODE_PATTERN } from '../../contract/deliverables.ts';
import { createPromo, dollarsToCents, generateCode, parseCsv } from '../../server/deliverables/promo.ts';
import { REDEMPTION_RULE, redemptionLimitKey } from '../../server/deliverables/promo-routes.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, day, expectLedgerCommandClean, type Account } from './market.ts';

describe('the redemptions CSV parser', () => {
  it('reads RFC 4180: quotes, doubled quotes, commas and line breaks in cells, CRLF, LF, a BOM, blank lines', () => {
    const text = '\uFEFForder_id,code,amount\r\n"A,1","NOVA""10",49.99\r\n\r\nB2,nova10,\n"C\n3",X,"1,250"\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['order_id', 'code', 'amount'] },
      { line: 2, cells: ['A,1', 'NOVA"10', '49.99'] },
      { line: 4, cells: ['B2', 'nova10', ''] },
      { line: 5, cells: ['C\n3', 'X', '1,250'] },
    ]);
    expect(parseCsv('a,b')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(parseCsv('a\rb\r')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: ['b'] },
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses an unclosed quote and text after a closing quote, with the line', () => {
    expect(() => parseCsv('order_id,code\n"A1,NOVA10\n')).toThrow(/line 2: a quoted cell is never closed/);
    expect(() => parseCsv('order_id,code\n"A1"x,NOVA10\n')).toThrow(/line 2: text after a closing quote/);
  });

  it('reads dollars as cents and refuses anything else', () => {
    expect(dollarsToCents('49.99')).toBe(4999);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('$1,250')).toBe(125_000);
    expect(dollarsToCents('0')).toBe(0);
    for (const bad of ['-3', '4.999', 'abc', '1,25', '', '1e3']) expect(dollarsToCents(bad)).toBeNull();
  });

  it('generates readable codes that fit the pattern', () => {
    const code = generateCode('Nova Énergie!', 'Ana');
    expect(code).toMatch(/^NOVAENERGIE-ANA-[A-HJ-NP-Z2-9]{4}$/);
    expect(generateCode('∆∆', '')).toMatch(/^PROMO-CREATOR-/);
    expect(generateCode('x'.repeat(60), 'y'.repeat(60))).toMatch(PROMO_CODE_PATTERN);
  });
});

describe.each(BACKENDS)('promo codes and redemptions on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;
  let otherAdvertiser: Account;

  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const db = () => api.castbridge.db;

  /** A launched campaign of `by` asking for `redemptions` (null: no promo deliverable) and its accepted offers. */
  async function promoCampaign(
    options: { redemptions?: number | null; creators?: string[]; by?: Account; status?: string } = {},
  ) {
    const by = options.by ?? advertiser;
    const names = options.creators ?? ['Ana', 'Ben'];
    const created = await api.request('POST', '/api/campaigns', {
      token: by.token,
      json: campaignInput({ payCents: 10_000, spots: names.length + 1 }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    const launched = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: by.token });
    expect(launched.status, launched.text).toBe(200);
    await db()
      .updateTable('campaigns')
      .set({ promo_redemptions: options.redemptions === undefined ? 10 : options.redemptions })
      .where('id', '=', campaignId)
      .execute();
    const offers: { offerId: string; creator: Account; name: string }[] = [];
    for (const name of names) {
      const creator = await account(api, 'creator', { first_name: name, last_name: 'Lee' });
      const offerId = crypto.randomUUID();
      const stamp = new Date().toISOString();
      // Written accepted directly: accepting has its own rules (the marketplace's tests').
      await db()
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
      offers.push({ offerId, creator, name });
    }
    return { campaignId, offers };
  }

  const codes = (campaignId: string, who: Account | null = advertiser) =>
    api.request('GET', `/api/campaigns/${campaignId}/promo-codes`, who ? { token: who.token } : {});
  const setCodes = (campaignId: string, json: unknown, who: Account | null = advertiser) =>
    api.request('PUT', `/api/campaigns/${campaignId}/promo-codes`, { json, ...(who ? { token: who.token } : {}) });
  const newKey = async (campaignId: string) => {
    const answer = await api.request('POST', `/api/campaigns/${campaignId}/redemption-key`, {
      token: advertiser.token,
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.key as string;
  };
  const redeem = (key: string | null, json: unknown) =>
    api.request('POST', '/api/redemptions', { json, headers: key ? { authorization: `Bearer ${key}` } : {} });
  const upload = (campaignId: string, csv: string, who: Account | null = advertiser, type = 'text/csv') =>
    api.request('POST', `/api/campaigns/${campaignId}/redemptions`, {
      body: csv,
      headers: { 'content-type': type },
      ...(who ? { token: who.token } : {}),
    });
  const days = (offerId: string) =>
    db()
      .selectFrom('offer_days')
      .select(['day', 'redemptions', 'redeemed_cents'])
      .where('offer_id', '=', offerId)
      .orderBy('day')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          day: row.day,
          redemptions: Number(row.redemptions),
          redeemedCents: Number(row.redeemed_cents),
        })),
      );
  const rows = (campaignId: string) =>
    db()
      .selectFrom('promo_redemptions')
      .select(['order_id', 'offer_id', 'counted', 'source', 'amount_cents'])
      .where('campaign_id', '=', campaignId)
      .orderBy('order_id')
      .execute();

  /** A campaign with codes NOVA-ANA (Ana's offer) and NOVA-BEN (Ben's) and a redemption key. */
  async function readyCampaign(creators = ['Ana', 'Ben']) {
    const campaign = await promoCampaign({ creators });
    const set = await setCodes(campaign.campaignId, {
      codes: campaign.offers.map((offer) => ({ offerId: offer.offerId, code: `NOVA-${offer.name.toUpperCase()}` })),
    });
    expect(set.status, set.text).toBe(200);
    return { ...campaign, key: await newKey(campaign.campaignId) };
  }

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
    otherAdvertiser = await approvedAdvertiser(api, operator);
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
    expect((await checkLedger(db())).breaches).toEqual([]);
  });
  afterAll(async () => {
    if (api) {
      await api.close();
      // A promo offer completed into the pending balance: the ledger command itself finds the books clean.
      expectLedgerCommandClean(backend);
    }
    await backend?.cleanup();
  });

  it('lists one row per accepted offer, assigns codes unique in the campaign whatever the case, and generates the rest', async () => {
    const { campaignId, offers } = await promoCampaign({ creators: ['Ana', 'Ben', 'Cleo'] });
    const [ana, ben, cleo] = offers as [(typeof offers)[0], (typeof offers)[0], (typeof offers)[0]];
    // An offer still open gets no code, and is no row.
    const invited = await account(api, 'creator', { first_name: 'Dan' });
    const invitedOffer = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db()
      .insertInto('offers')
      .values({
        id: invitedOffer,
        campaign_id: campaignId,
        creator_id: invited.id,
        status: 'invited',
        reasons: '[]',
        score: 1,
        decline_reason: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    const listed = await codes(campaignId);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual({
      codes: [
        { offerId: ana.offerId, creator: 'Ana Lee', code: null, redemptions: 0 },
        { offerId: ben.offerId, creator: 'Ben Lee', code: null, redemptions: 0 },
        { offerId: cleo.offerId, creator: 'Cleo Lee', code: null, redemptions: 0 },
      ],
      redemptionKey: false,
    });

    const assigned = await setCodes(campaignId, { codes: [{ offerId: ana.offerId, code: 'nova-ana' }] });
    expect(assigned.status, assigned.text).toBe(200);
    expect((assigned.body.codes as { code: string | null }[]).map((row) => row.code)).toEqual(['nova-ana', null, null]);

    // Taken by another offer, whatever the case: 409; the same code twice in one request: 409.
    const taken = await setCodes(campaignId, { codes: [{ offerId: ben.offerId, code: 'NOVA-ANA' }] });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.message).toMatch(/already taken/);
    const twice = await setCodes(campaignId, {
      codes: [
        { offerId: ben.offerId, code: 'NOVA-X' },
        { offerId: cleo.offerId, code: 'nova-x' },
      ],
    });
    expect(twice.status, twice.text).toBe(409);
    // Not the campaign's accepted offer: 404 (another campaign's, or one still invited).
    for (const offerId of [invitedOffer, crypto.randomUUID()]) {
      const unknown = await setCodes(campaignId, { codes: [{ offerId, code: 'NOVA-Z' }] });
      expect(unknown.status, unknown.text).toBe(404);
    }
    // Bad codes: 400.
    for (const code of ['ab', 'has space', 'x'.repeat(41), 'émoji']) {
      const bad = await setCodes(campaignId, { codes: [{ offerId: ben.offerId, code }] });
      expect(bad.status, `${code}: ${bad.text}`).toBe(400);
    }
    expect((await setCodes(campaignId, {})).status).toBe(400);

    // Replacing is allowed, and two offers may swap codes in one request.
    const given = await setCodes(campaignId, { codes: [{ offerId: ben.offerId, code: 'NOVA-BEN' }] });
    expect(given.status, given.text).toBe(200);
    const swapped = await setCodes(campaignId, {
      codes: [
        { offerId: ana.offerId, code: 'NOVA-BEN' },
        { offerId: ben.offerId, code: 'NOVA-ANA' },
      ],
    });
    expect(swapped.status, swapped.text).toBe(200);
    expect((swapped.body.codes as { code: string | null }[]).map((row) => row.code)).toEqual([
      'NOVA-BEN',
      'NOVA-ANA',
      null,
    ]);

    // Cleo's offer list, read (and cached) before her code exists.
    const before = await api.request('GET', '/api/offers', { token: cleo.creator.token });
    expect(
      (before.body.offers as { id: string; progress: { promo: { code: string | null } | null } | null }[]).find(
        (offer) => offer.id === cleo.offerId,
      )?.progress?.promo?.code,
    ).toBeNull();
    // Generate: Cleo gets one, the others keep theirs; again changes nothing.
    const generated = await setCodes(campaignId, { generate: true });
    expect(generated.status, generated.text).toBe(200);
    const after = generated.body.codes as { offerId: string; code: string }[];
    expect(after.map((row) => row.code).slice(0, 2)).toEqual(['NOVA-BEN', 'NOVA-ANA']);
    expect(after[2]!.code).toMatch(/^NOVAENERGY-CLEO-[A-HJ-NP-Z2-9]{4}$/);
    const again = await setCodes(campaignId, { generate: true });
    expect(again.body.codes).toEqual(after);
    // The creator's offer list (cached per user) shows the code it was given, not the one before.
    const mine = await api.request('GET', '/api/offers', { token: cleo.creator.token });
    const cleoOffer = (mine.body.offers as { id: string; progress: { promo: { code: string } | null } | null }[]).find(
      (offer) => offer.id === cleo.offerId,
    );
    expect(cleoOffer?.progress?.promo?.code).toBe(after[2]!.code);
    const stored = await db()
      .selectFrom('promo_codes')
      .select(['code', 'code_key'])
      .where('campaign_id', '=', campaignId)
      .execute();
    for (const row of stored) expect(row.code_key).toBe(row.code.toUpperCase());
  });

  it('answers 409 on every endpoint of a campaign that asks for no redemptions', async () => {
    const { campaignId, offers } = await promoCampaign({ redemptions: null });
    expect((await codes(campaignId)).status).toBe(409);
    expect((await setCodes(campaignId, { generate: true })).status).toBe(409);
    expect((await setCodes(campaignId, { codes: [{ offerId: offers[0]!.offerId, code: 'NOVA-1' }] })).status).toBe(409);
    const key = await api.request('POST', `/api/campaigns/${campaignId}/redemption-key`, { token: advertiser.token });
    expect(key.status, key.text).toBe(409);
    expect((await upload(campaignId, 'order_id,code\nA1,NOVA-1\n')).status).toBe(409);
  });

  it('issues a redemption key shown once; a new one replaces it and the old one is refused at once', async () => {
    const { campaignId } = await readyCampaign();
    const first = await newKey(campaignId);
    expect(first).toMatch(/^cbr_[A-Za-z0-9_-]{32}$/);
    const stored = await db()
      .selectFrom('campaigns')
      .select('redemption_key_hash')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(stored.redemption_key_hash).toBe(crypto.createHash('sha256').update(first).digest('hex'));
    expect((await codes(campaignId)).body.redemptionKey).toBe(true);
    expect((await redeem(first, { orderId: 'K-1', code: 'NOVA-ANA' })).status).toBe(200);

    const second = await newKey(campaignId);
    expect(second).not.toBe(first);
    const old = await redeem(first, { orderId: 'K-2', code: 'NOVA-ANA' });
    expect(old.status, old.text).toBe(401);
    expect(old.body.message).toMatch(/Unknown redemption key/);
    expect((await redeem(second, { orderId: 'K-2', code: 'NOVA-ANA' })).status).toBe(200);

    // No key, not a redemption key, a session token, or garbage: 401 before the body is read.
    for (const header of [null, 'cbr_nope', advertiser.token, 'x']) {
      const refused = await redeem(header, { nothing: true });
      expect(refused.status, `${header}: ${refused.text}`).toBe(401);
    }
    // Another campaign's key cannot redeem this campaign's codes.
    const other = await readyCampaign(['Eve']);
    const foreign = await redeem(other.key, { orderId: 'K-3', code: 'NOVA-ANA' });
    expect(foreign.status, foreign.text).toBe(404);
  });

  it('records a redemption once: the same order again is a duplicate that changes nothing', async () => {
    const { campaignId, offers, key } = await readyCampaign();
    const ana = offers[0]!;
    const first = await redeem(key, { orderId: '#1001', code: 'nova-ana', amountCents: 4999 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ redemption: { orderId: '#1001', code: 'NOVA-ANA', counted: true, duplicate: false } });
    const again = await redeem(key, { orderId: '#1001', code: 'NOVA-ANA', amountCents: 100_000 });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ redemption: { orderId: '#1001', code: 'NOVA-ANA', counted: true, duplicate: true } });
    // Even naming another code: the order is the campaign's already.
    const otherCode = await redeem(key, { orderId: '#1001', code: 'NOVA-BEN' });
    expect(otherCode.body.redemption).toMatchObject({ duplicate: true, code: 'NOVA-ANA' });

    expect(await days(ana.offerId)).toEqual([{ day: day(0), redemptions: 1, redeemedCents: 4999 }]);
    expect(await days(offers[1]!.offerId)).toEqual([]);
    expect(await rows(campaignId)).toHaveLength(1);
    const listed = await codes(campaignId);
    expect((listed.body.codes as { redemptions: number }[]).map((row) => row.redemptions)).toEqual([1, 0]);

    // Earlier today, without an amount: the same day's row grows.
    const earlier = await redeem(key, { orderId: '#1002', code: 'NOVA-ANA', redeemedAt: ago(60_000) });
    expect(earlier.body.redemption).toMatchObject({ counted: true, duplicate: false });
    expect(await days(ana.offerId)).toEqual([{ day: day(0), redemptions: 2, redeemedCents: 4999 }]);
  });

  it('records twenty posts of the same order at once as one row, counted once', async () => {
    const { campaignId, offers, key } = await readyCampaign();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => redeem(key, { orderId: 'RACE-1', code: 'NOVA-BEN', amountCents: 1500 })),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const fresh = answers.filter((answer) => !(answer.body.redemption as { duplicate: boolean }).duplicate);
    expect(fresh).toHaveLength(1);
    expect(answers.every((answer) => (answer.body.redemption as { counted: boolean }).counted)).toBe(true);
    expect(await rows(campaignId)).toHaveLength(1);
    expect(await days(offers[1]!.offerId)).toEqual([{ day: day(0), redemptions: 1, redeemedCents: 1500 }]);
  });

  it('refuses an unknown code (404), a time in the future and a bad body (400)', async () => {
    const { campaignId, key } = await readyCampaign();
    const unknown = await redeem(key, { orderId: 'U-1', code: 'NOPE-10' });
    expect(unknown.status, unknown.text).toBe(404);
    expect(unknown.body).toEqual({ message: 'No code NOPE-10 in this campaign', code: 'deliverables.code_unknown' });
    // In the shop's language when it asks for one (docs/architecture.md §Languages), with the same code.
    const spanish = await api.request('POST', '/api/redemptions', {
      json: { orderId: 'U-1', code: 'NOPE-10' },
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'es-MX' },
    });
    expect(spanish.body).toEqual({
      message: 'El código NOPE-10 no existe en esta campaña',
      code: 'deliverables.code_unknown',
    });
    const future = await redeem(key, {
      orderId: 'U-2',
      code: 'NOVA-ANA',
      redeemedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status, future.text).toBe(400);
    expect(future.body.message).toMatch(/redeemedAt: must not be in the future/);
    for (const body of [
      {},
      { orderId: '', code: 'NOVA-ANA' },
      { orderId: 'x'.repeat(201), code: 'NOVA-ANA' },
      { orderId: 'U-3', code: 'NOVA ANA' },
      { orderId: 'U-3', code: 'NOVA-ANA', amountCents: -1 },
      { orderId: 'U-3', code: 'NOVA-ANA', amountCents: 1.5 },
      { orderId: 'U-3', code: 'NOVA-ANA', redeemedAt: 'yesterday' },
    ]) {
      const bad = await redeem(key, body);
      expect(bad.status, `${JSON.stringify(body)}: ${bad.text}`).toBe(400);
    }
    const notJson = await api.request('POST', '/api/redemptions', {
      body: 'orderId=1',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect(await rows(campaignId)).toEqual([]);
  });

  it('keeps redemptions outside delivery without counting them', async () => {
    const { campaignId, offers, key } = await readyCampaign();
    const [ana, ben] = offers as [(typeof offers)[0], (typeof offers)[0]];
    // Before the campaign's window (it starts today).
    const before = await redeem(key, { orderId: 'O-1', code: 'NOVA-ANA', redeemedAt: ago(3 * 86_400_000) });
    expect(before.body.redemption).toMatchObject({ counted: false, duplicate: false });
    // The offer no longer being delivered.
    await db().updateTable('offers').set({ status: 'completed' }).where('id', '=', ben.offerId).execute();
    const completed = await redeem(key, { orderId: 'O-2', code: 'NOVA-BEN', amountCents: 999 });
    expect(completed.body.redemption).toMatchObject({ counted: false, duplicate: false });
    // The campaign paused.
    const paused = await api.request('POST', `/api/campaigns/${campaignId}/pause`, { token: advertiser.token });
    expect(paused.status, paused.text).toBe(200);
    const whilePaused = await redeem(key, { orderId: 'O-3', code: 'NOVA-ANA' });
    expect(whilePaused.body.redemption).toMatchObject({ counted: false, duplicate: false });
    // Kept, but no day moved.
    expect((await rows(campaignId)).map((row) => [row.order_id, Number(row.counted)])).toEqual([
      ['O-1', 0],
      ['O-2', 0],
      ['O-3', 0],
    ]);
    expect(await days(ana.offerId)).toEqual([]);
    expect(await days(ben.offerId)).toEqual([]);
    // Resumed: it counts again (and the completed offer's code still has a row in the list).
    expect((await api.request('POST', `/api/campaigns/${campaignId}/resume`, { token: advertiser.token })).status).toBe(
      200,
    );
    expect((await redeem(key, { orderId: 'O-4', code: 'NOVA-ANA' })).body.redemption).toMatchObject({ counted: true });
    expect(await days(ana.offerId)).toEqual([{ day: day(0), redemptions: 1, redeemedCents: 0 }]);
    expect((await codes(campaignId)).body.codes).toHaveLength(2);
  });

  it('tells settlement which offers counted, after the commit, and never those that did not', async () => {
    const { campaignId, offers } = await readyCampaign();
    const onCounted = vi.fn();
    const promo = createPromo({ db: db(), writes: api.castbridge.services.writes, onCounted });
    await promo.redeem(campaignId, { orderId: 'S-1', code: 'NOVA-ANA' });
    await promo.redeem(campaignId, { orderId: 'S-1', code: 'NOVA-ANA' });
    await promo.redeem(campaignId, { orderId: 'S-2', code: 'NOVA-BEN', redeemedAt: ago(5 * 86_400_000) });
    await vi.waitFor(() => expect(onCounted).toHaveBeenCalledTimes(1));
    expect(onCounted).toHaveBeenCalledWith([offers[0]!.offerId]);
    onCounted.mockClear();
    await promo.upload(advertiser.id, campaignId, 'order_id,code\nS-3,NOVA-ANA\nS-4,NOVA-BEN\nS-5,NOVA-BEN\n');
    await vi.waitFor(() => expect(onCounted).toHaveBeenCalledTimes(1));
    expect([...(onCounted.mock.calls[0]![0] as string[])].sort()).toEqual(
      [offers[0]!.offerId, offers[1]!.offerId].sort(),
    );
    // A failing settlement does not undo the redemption.
    const failing = createPromo({
      db: db(),
      writes: api.castbridge.services.writes,
      onCounted: () => Promise.reject(new Error('settlement down')),
      logger: { error: vi.fn() },
    });
    const kept = await failing.redeem(campaignId, { orderId: 'S-6', code: 'NOVA-ANA' });
    expect(kept).toMatchObject({ counted: true, duplicate: false });
  });

  it('takes a CSV upload: good lines in, bad lines refused with their line and why, duplicates counted', async () => {
    const { campaignId, offers, key } = await readyCampaign();
    const [ana, ben] = offers as [(typeof offers)[0], (typeof offers)[0]];
    expect((await redeem(key, { orderId: 'C-1', code: 'NOVA-ANA', amountCents: 1000 })).status).toBe(200);
    const yesterday = ago(86_400_000);
    const csv = [
      'Order ID,Code,Amount,Redeemed At,Customer',
      'C-1,NOVA-ANA,10.00,,Ana fan', // 2: already recorded through the API
      'C-2,nova-ana,49.99,,"Smith, J"', // 3
      `C-3,NOVA-BEN,"1,250.50",${new Date().toISOString()},x`, // 4
      'C-4,NOVA-NOPE,1,,x', // 5: not a code of this campaign
      ',NOVA-ANA,1,,x', // 6: no order id
      'C-5,NOVA-ANA,ten,,x', // 7: not an amount
      `C-6,NOVA-ANA,1,${new Date(Date.now() + 86_400_000).toISOString()},x`, // 8: in the future
      'C-7,NOVA-ANA,1,last tuesday,x', // 9: not a date
      'C-2,NOVA-BEN,5,,x', // 10: earlier in this file
      '', // blank: skipped
      `C-8,NOVA-BEN,2.5,${yesterday},x`, // 12: yesterday: before the window, kept, not counted
      'C-9,NO,1,,x', // 13: not a code at all
    ].join('\r\n');
    const answer = await upload(campaignId, csv);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      added: 3,
      duplicates: 2,
      rejected: [
        { line: 5, message: 'code NOVA-NOPE is not a code of this campaign' },
        { line: 6, message: 'order_id is required' },
        { line: 7, message: 'amount must be dollars, e.g. 49.99' },
        { line: 8, message: 'redeemed_at must not be in the future' },
        { line: 9, message: expect.stringMatching(/^redeemed_at /) },
        { line: 13, message: 'code must be 3 to 40 letters, digits, - or _' },
      ],
    });
    const stored = await rows(campaignId);
    expect(stored.map((row) => [row.order_id, row.source, Number(row.counted), Number(row.amount_cents)])).toEqual([
      ['C-1', 'api', 1, 1000],
      ['C-2', 'csv', 1, 4999],
      ['C-3', 'csv', 1, 125_050],
      ['C-8', 'csv', 0, 250],
    ]);
    expect(await days(ana.offerId)).toEqual([{ day: day(0), redemptions: 2, redeemedCents: 5999 }]);
    expect(await days(ben.offerId)).toEqual([{ day: day(0), redemptions: 1, redeemedCents: 125_050 }]);

    // The same file again: all duplicates (and the same refusals), nothing moves.
    const again = await upload(campaignId, csv);
    expect(again.body).toMatchObject({ added: 0, duplicates: 5 });

    // From a page in Spanish the same refusals read in Spanish; the columns and the shop's code as they are.
    const inSpanish = await api.request('POST', `/api/campaigns/${campaignId}/redemptions`, {
      body: csv,
      headers: { 'content-type': 'text/csv', 'accept-language': 'es-MX' },
      token: advertiser.token,
    });
    expect(inSpanish.body.rejected).toEqual([
      { line: 5, message: 'el código NOVA-NOPE no es de esta campaña' },
      { line: 6, message: 'order_id: es obligatorio' },
      { line: 7, message: 'amount debe estar en dólares, por ejemplo 49.99' },
      { line: 8, message: 'redeemed_at no puede estar en el futuro' },
      { line: 9, message: 'redeemed_at: debe ser una fecha y hora ISO 8601' },
      { line: 13, message: 'code: debe tener de 3 a 40 letras, dígitos, - o _' },
    ]);
    expect(await days(ana.offerId)).toEqual([{ day: day(0), redemptions: 2, redeemedCents: 5999 }]);

    // Only the required columns, in another order, LF endings.
    const minimal = await upload(campaignId, 'code,order_id\nNOVA-BEN,C-10\n', advertiser, 'text/csv; charset=utf-8');
    expect(minimal.body).toEqual({ added: 1, duplicates: 0, rejected: [] });
  });

  it('refuses a CSV that is not one: no such columns, bad quoting, another type, too many rows, too large', async () => {
    const { campaignId } = await readyCampaign();
    const noColumns = await upload(campaignId, 'order,coupon\nA,NOVA-ANA\n');
    expect(noColumns.status, noColumns.text).toBe(400);
    expect(noColumns.body.message).toMatch(/order_id and code/);
    expect((await upload(campaignId, '')).status).toBe(400);
    const quoting = await upload(campaignId, 'order_id,code\n"A,NOVA-ANA\n');
    expect(quoting.status).toBe(400);
    expect(quoting.body).toEqual({
      message: 'Not CSV: line 2: a quoted cell is never closed',
      code: 'deliverables.csv_syntax',
    });
    const spanish = await api.request('POST', `/api/campaigns/${campaignId}/redemptions`, {
      body: 'order_id,code\n"A,NOVA-ANA\n',
      headers: { 'content-type': 'text/csv', 'accept-language': 'es-MX' },
      token: advertiser.token,
    });
    expect(spanish.body).toEqual({
      message: 'No es un CSV: línea 2: una celda entre comillas nunca se cierra',
      code: 'deliverables.csv_syntax',
    });
    expect((await upload(campaignId, 'order_id,code\nA,NOVA-ANA\n', advertiser, 'application/json')).status).toBe(400);
    const latin1 = await api.request('POST', `/api/campaigns/${campaignId}/redemptions`, {
      body: new Uint8Array([0x6f, 0x72, 0xe9, 0xff, 0x0a]),
      headers: { 'content-type': 'text/csv' },
      token: advertiser.token,
    });
    expect(latin1.status).toBe(400);
    const many = ['order_id,code', ...Array.from({ length: 10_001 }, (_, index) => `M-${index},NOVA-ANA`)].join('\n');
    const tooMany = await upload(campaignId, many);
    expect(tooMany.status, tooMany.text.slice(0, 200)).toBe(413);
    expect(tooMany.body).toEqual({
      message: 'At most 10,000 rows per upload; this file has 10,001',
      code: 'deliverables.csv_too_many_rows',
    });
    const huge = `order_id,code\n${'x'.repeat(4 * 1024 * 1024)}`;
    expect((await upload(campaignId, huge)).status).toBe(413);
    expect(await rows(campaignId)).toEqual([]);

    // 10,000 rows are fine, in batches.
    const full = ['order_id,code,amount', ...Array.from({ length: 10_000 }, (_, i) => `F-${i},NOVA-ANA,1.00`)].join(
      '\n',
    );
    const taken = await upload(campaignId, full);
    expect(taken.status, taken.text.slice(0, 200)).toBe(200);
    expect(taken.body).toEqual({ added: 10_000, duplicates: 0, rejected: [] });
    const ana = (await codes(campaignId)).body.codes as { redemptions: number }[];
    expect(ana[0]!.redemptions).toBe(10_000);
  });

  it('limits the redemptions of one key (429 with Retry-After)', async () => {
    const { campaignId, key } = await readyCampaign();
    const scale = api.castbridge.config.rateLimitScale;
    await db()
      .insertInto('rate_limits')
      .values({ key: redemptionLimitKey(campaignId), window_start: Date.now(), count: REDEMPTION_RULE.perUser * scale })
      .execute();
    const limited = await redeem(key, { orderId: 'R-1', code: 'NOVA-ANA' });
    expect(limited.status, limited.text).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rows(campaignId)).toEqual([]);
    // Another campaign's key is not affected.
    const other = await readyCampaign();
    expect((await redeem(other.key, { orderId: 'R-1', code: 'NOVA-ANA' })).status).toBe(200);
  });

  it('completes a promo-only offer once its redemptions are met (settlement after counting), the ledger clean', async () => {
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: 10_000,
        spots: 1,
        deliverable: {
          ...campaignInput().deliverable,
          overlay: false,
          promo: { redemptions: 2 },
        },
      }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    expect((await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status).toBe(
      200,
    );
    const creator = await account(api, 'creator', { first_name: 'Fay', last_name: 'Lee' });
    const offerId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db()
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
    expect((await setCodes(campaignId, { codes: [{ offerId, code: 'FAY10' }] })).status).toBe(200);
    const key = await newKey(campaignId);
    const status = async () =>
      (await db().selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status;

    // The settlement the first counted redemption starts behind its answer (onCounted), spied on to wait for it.
    const settle = vi.spyOn(api.castbridge.services.settlement, 'settle');
    const firstSettlement = () => {
      const index = settle.mock.calls.findIndex(([ids]) => ids?.includes(offerId));
      if (index < 0) throw new Error(`no settlement of ${offerId} started yet`);
      return settle.mock.results[index]!.value as Promise<number>;
    };
    try {
      expect((await redeem(key, { orderId: 'P-1', code: 'fay10' })).body.redemption).toMatchObject({ counted: true });
      expect((await redeem(key, { orderId: 'P-1', code: 'fay10' })).body.redemption).toMatchObject({
        duplicate: true,
      });
      // Polled until it has started, then awaited: it completed nothing.
      expect(await vi.waitFor(firstSettlement, { timeout: 5000 })).toBe(0);
    } finally {
      settle.mockRestore();
    }
    expect(await status()).toBe('accepted');
    expect((await redeem(key, { orderId: 'P-2', code: 'FAY10' })).body.redemption).toMatchObject({ counted: true });
    await vi.waitFor(async () => expect(await status()).toBe('completed'), { timeout: 5000 });
    // Completed: a later redemption is kept, not counted.
    expect((await redeem(key, { orderId: 'P-3', code: 'FAY10' })).body.redemption).toMatchObject({ counted: false });
    expect(await days(offerId)).toEqual([{ day: day(0), redemptions: 2, redeemedCents: 0 }]);
  });

  it('answers only the campaign’s advertiser: another advertiser 404, a creator 403, nobody 401', async () => {
    const { campaignId, offers } = await readyCampaign();
    const creator = offers[0]!.creator;
    const calls: [string, string, Record<string, unknown>][] = [
      ['GET', 'promo-codes', {}],
      ['PUT', 'promo-codes', { json: { generate: true } }],
      ['POST', 'redemption-key', {}],
      ['POST', 'redemptions', { body: 'order_id,code\nW-1,NOVA-ANA\n', headers: { 'content-type': 'text/csv' } }],
    ];
    for (const [method, path, init] of calls) {
      const url = `/api/campaigns/${campaignId}/${path}`;
      const other = await api.request(method, url, { ...init, token: otherAdvertiser.token });
      expect(other.status, `${method} ${path} by another advertiser: ${other.text}`).toBe(404);
      const byCreator = await api.request(method, url, { ...init, token: creator.token });
      expect(byCreator.status, `${method} ${path} by a creator: ${byCreator.text}`).toBe(403);
      const nobody = await api.request(method, url, init);
      expect(nobody.status, `${method} ${path} by nobody: ${nobody.text}`).toBe(401);
      const missing = await api.request(method, `/api/campaigns/${crypto.randomUUID()}/${path}`, {
        ...init,
        token: advertiser.token,
      });
      expect(missing.status, `${method} ${path} of no campaign: ${missing.text}`).toBe(404);
      // Refused before the body is read: a bad body changes nothing.
      if (method !== 'GET') {
        const badBody = await api.request(method, url, { json: { codes: 'x' }, token: otherAdvertiser.token });
        expect(badBody.status).toBe(404);
      }
    }
    // Nothing changed for the advertiser.
    const listed = await codes(campaignId);
    expect((listed.body.codes as { code: string }[]).map((row) => row.code)).toEqual(['NOVA-ANA', 'NOVA-BEN']);
    expect(await rows(campaignId)).toEqual([]);
    // An operator is no advertiser either.
    expect((await codes(campaignId, operator)).status).toBe(403);
  });
});
