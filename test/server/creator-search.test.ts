// Creator search, saved lists and invitations (docs/product.md §Discovery and negotiation), on SQLite and PostgreSQL:
// every filter and sort of GET /api/creators against the same filter computed here, paging and the capped count; a
// creator who is not listed (or unpublished since) never appears, in search or in a list; no answer carries anything
// private; lists are their advertiser's alone; an invitation is refused for every reason the campaign gives and
// otherwise becomes an invited offer of origin 'invitation' the creator is notified of; every endpoint refuses the
// wrong caller (a creator, an operator, another advertiser, an advertiser not approved, no one signed in).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteOptionsResponse, type CreatorCard } from '../../contract/schemas/search.ts';
import { PLATFORM_BITS, SEARCH_LIMITS } from '../../contract/search.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, type Account } from './market.ts';

/** What a directory row says about one creator (the rest is made up by `listedCreator`). */
interface Facts {
  handle: string;
  name: string;
  platforms: ('Twitch' | 'YouTube')[];
  category: string | null;
  language: 'English' | 'Spanish' | null;
  country: string | null;
  followers: number;
  viewers: number | null;
  completed: number;
  rate: number | null;
  listed?: boolean;
}

const PRIVATE = {
  about: 'PRIVATE-ABOUT-TEXT',
  audience: 'Privatistan',
  address: '1 Private Lane',
  lastName: 'Privatesurname',
  token: 'PRIVATE-CHANNEL-TOKEN',
};

const FACTS: Facts[] = [
  {
    handle: 'nova_runs',
    name: 'Nova Runs',
    platforms: ['Twitch'],
    category: 'Gaming',
    language: 'English',
    country: 'Canada',
    followers: 5000,
    viewers: 120,
    completed: 4,
    rate: 100,
  },
  {
    handle: 'pixel_pete',
    name: 'Pixel Pete',
    platforms: ['YouTube'],
    category: 'Gaming',
    language: 'English',
    country: 'Ghana',
    followers: 12000,
    viewers: 300,
    completed: 1,
    rate: 50,
  },
  {
    handle: 'luna_lives',
    name: 'Luna',
    platforms: ['Twitch', 'YouTube'],
    category: 'Gaming',
    language: 'Spanish',
    country: 'Mexico',
    followers: 800,
    viewers: 40,
    completed: 9,
    rate: 90,
  },
  {
    handle: 'ember_plays',
    name: 'Ember Plays',
    platforms: ['Twitch'],
    category: null,
    language: 'Spanish',
    country: 'Mexico',
    followers: 800,
    viewers: null,
    completed: 0,
    rate: null,
  },
  {
    handle: 'atlas_tv',
    name: 'Atlas TV',
    platforms: ['YouTube'],
    category: 'Gaming',
    language: 'English',
    country: 'Canada',
    followers: 45000,
    viewers: 120,
    completed: 2,
    rate: 75,
  },
  {
    handle: 'kira_k',
    name: 'Kira K',
    platforms: ['Twitch', 'YouTube'],
    category: 'Gaming',
    language: 'English',
    country: 'Japan',
    followers: 300,
    viewers: 15,
    completed: 4,
    rate: 100,
  },
  {
    handle: 'orion_live',
    name: 'Nova Orion',
    platforms: ['Twitch'],
    category: 'Gaming',
    language: 'English',
    country: 'Canada',
    followers: 5000,
    viewers: 2000,
    completed: 0,
    rate: null,
  },
  // Not listed: never in an answer.
  {
    handle: 'hidden_hal',
    name: 'Nova Hidden',
    platforms: ['Twitch'],
    category: 'Gaming',
    language: 'English',
    country: 'Canada',
    followers: 99000,
    viewers: 9000,
    completed: 9,
    rate: 100,
    listed: false,
  },
];

type Query = Record<string, string | number>;

const SORTS = { viewers: 'viewers', followers: 'followers', deliveryRate: 'rate', completed: 'completed' } as const;

/** The search computed here: listed creators, the filters, highest first with unmeasured last, ties by id (newest first). */
function expected(all: (Facts & { id: string })[], query: Query): string[] {
  const n = (key: string) => (query[key] === undefined ? undefined : Number(query[key]));
  const q = query.q === undefined ? undefined : String(query.q).toLowerCase();
  const rows = all.filter(
    (c) =>
      c.listed !== false &&
      (query.platform === undefined || c.platforms.includes(query.platform as 'Twitch')) &&
      (query.category === undefined || c.category === query.category) &&
      (query.language === undefined || c.language === query.language) &&
      (query.country === undefined || c.country === query.country) &&
      (n('minViewers') === undefined || (c.viewers !== null && c.viewers >= n('minViewers')!)) &&
      (n('maxViewers') === undefined || (c.viewers !== null && c.viewers <= n('maxViewers')!)) &&
      (n('minFollowers') === undefined || c.followers >= n('minFollowers')!) &&
      (n('minDeliveryRate') === undefined || (c.rate !== null && c.rate >= n('minDeliveryRate')!)) &&
      (q === undefined || c.handle.startsWith(q) || c.name.toLowerCase().startsWith(q)),
  );
  const key = SORTS[(query.sort as keyof typeof SORTS) ?? 'viewers'];
  return rows
    .sort((a, b) => {
      const x = a[key];
      const y = b[key];
      if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
      return a.id < b.id ? 1 : -1;
    })
    .map((c) => c.id);
}

const qs = (query: Query) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

describe.each(BACKENDS)('creator search on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let brand: Account;
  let rival: Account;
  let pending: Account;
  let noProfile: Account;
  let creator: Account;
  const creators: (Facts & { id: string; email: string })[] = [];

  async function listedCreator(facts: Facts): Promise<Account & { email: string }> {
    const user = await account(api, 'creator', {
      first_name: facts.name,
      last_name: PRIVATE.lastName,
      address: PRIVATE.address,
      date_birth: '1990-01-02',
    });
    const { email } = await api.castbridge.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await api.castbridge.db
      .insertInto('creator_directory')
      .values({
        user_id: user.id,
        handle: facts.handle,
        listed: facts.listed === false ? 0 : 1,
        display_name: facts.name,
        image: null,
        platforms: facts.platforms.reduce((bits, p) => bits | PLATFORM_BITS[p], 0),
        category: facts.category,
        language: facts.language,
        country: facts.country,
        followers: facts.followers,
        avg_viewers: facts.viewers,
        completed: facts.completed,
        delivery_rate: facts.rate,
        channels: JSON.stringify(
          facts.platforms.map((platform) => ({
            platform,
            name: facts.handle,
            url: `https://example.com/${facts.handle}`,
            followers: facts.followers,
            avgViewers: facts.viewers,
            token: PRIVATE.token,
          })),
        ),
        audience_countries: JSON.stringify([PRIVATE.audience]),
        about: PRIVATE.about,
        updated_at: new Date().toISOString(),
      })
      .execute();
    return { ...user, email };
  }

  const setListed = (id: string, listed: 0 | 1) =>
    api.castbridge.db.updateTable('creator_directory').set({ listed }).where('user_id', '=', id).execute();

  const search = (query: Query, who: Account | null = brand) =>
    api.request('GET', `/api/creators?${qs(query)}`, who ? { token: who.token } : {});

  const ids = (answer: { body: Record<string, unknown> }) => (answer.body.creators as CreatorCard[]).map((c) => c.id);

  /** A privacy check on any answer: nothing of the account or the directory's private columns. */
  function assertNothingPrivate(text: string) {
    for (const secret of [...Object.values(PRIVATE), '1990-01-02', ...creators.map((c) => c.email)])
      expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/"(email|about|audienceCountries|address|dateBirth|date_birth|earned|earnings|balance)"/);
  }

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    brand = await approvedAdvertiser(api, operator);
    rival = await approvedAdvertiser(api, operator);
    pending = await account(api, 'advertiser');
    const sent = await api.request('PUT', '/api/advertiser/profile', {
      token: pending.token,
      json: {
        companyName: 'Slow Co',
        website: 'https://slow.example',
        contactName: 'S',
        contactEmail: 's@slow.example',
      },
    });
    expect(sent.status).toBe(200);
    noProfile = await account(api, 'advertiser');
    creator = await account(api, 'creator');
    for (const facts of FACTS) {
      const made = await listedCreator(facts);
      creators.push({ ...facts, id: made.id, email: made.email });
    }
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  describe('GET /api/creators', () => {
    const QUERIES: Query[] = [
      {},
      { platform: 'Twitch' },
      { platform: 'YouTube' },
      { category: 'Gaming' },
      { language: 'Spanish' },
      { language: 'English' },
      { country: 'Canada' },
      { country: 'Nowhere' },
      { minViewers: 100 },
      { maxViewers: 120 },
      { minViewers: 40, maxViewers: 300 },
      { minFollowers: 5000 },
      { minDeliveryRate: 90 },
      { q: 'nova' },
      { q: 'NOVA' },
      { q: 'pix' },
      { q: '%' },
      { q: 'luna_' },
      { platform: 'Twitch', country: 'Canada', minViewers: 100, sort: 'followers' },
      { language: 'English', minFollowers: 300, minDeliveryRate: 75, category: 'Gaming', sort: 'completed' },
      { sort: 'viewers' },
      { sort: 'followers' },
      { sort: 'deliveryRate' },
      { sort: 'completed' },
      { country: 'Mexico', sort: 'deliveryRate' },
    ];

    it.each(QUERIES)('%j: the listed creators that match, highest first, ties newest id first', async (query) => {
      const answer = await search({ ...query, pageSize: 50 });
      expect(answer.status, answer.text).toBe(200);
      const want = expected(creators, query);
      expect(ids(answer)).toEqual(want);
      expect(answer.body.total).toBe(want.length);
      expect(answer.body.totalCapped).toBe(false);
    });

    it('a card: public figures, channels without anything else, the media kit link; nothing private anywhere', async () => {
      const answer = await search({ q: 'nova_runs' });
      const [card] = answer.body.creators as CreatorCard[];
      const nova = creators.find((c) => c.handle === 'nova_runs')!;
      expect(card).toEqual({
        id: nova.id,
        handle: 'nova_runs',
        displayName: 'Nova Runs',
        image: null,
        platforms: ['Twitch'],
        category: 'Gaming',
        language: 'English',
        country: 'Canada',
        followers: 5000,
        avgViewers: 120,
        completed: 4,
        deliveryRate: 100,
        channels: [
          {
            platform: 'Twitch',
            name: 'nova_runs',
            url: 'https://example.com/nova_runs',
            followers: 5000,
            avgViewers: 120,
          },
        ],
        mediaKitUrl: '/c/nova_runs',
      });
      for (const query of [{}, { sort: 'followers', pageSize: 50 }, { q: 'nova' }] as Query[])
        assertNothingPrivate((await search(query)).text);
    });

    it('pages: pageSize at a time, the total of all of them, the last page shorter, past the end empty', async () => {
      const all = expected(creators, { sort: 'followers' });
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const answer = await search({ sort: 'followers', page, pageSize: 2 });
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body).toMatchObject({ page, pageSize: 2, total: all.length, totalCapped: false });
        seen.push(...ids(answer));
      }
      expect(seen).toEqual(all);
      const past = await search({ sort: 'followers', page: 9, pageSize: 2 });
      expect(ids(past)).toEqual([]);
      expect(past.body.total).toBe(all.length);
      expect((await search({})).body.pageSize).toBe(SEARCH_LIMITS.pageSize);
    });

    it('a creator who is not listed never appears; one who unpublishes is gone at once, and back on publishing', async () => {
      const hidden = creators.find((c) => c.listed === false)!;
      for (const query of [{}, { q: 'hidden' }, { minViewers: 5000 }, { sort: 'completed', pageSize: 50 }] as Query[])
        expect(ids(await search(query))).not.toContain(hidden.id);
      const luna = creators.find((c) => c.handle === 'luna_lives')!;
      expect(ids(await search({ q: 'luna' }))).toEqual([luna.id]);
      await setListed(luna.id, 0);
      expect(ids(await search({ q: 'luna' }))).toEqual([]);
      expect(ids(await search({ pageSize: 50 }))).not.toContain(luna.id);
      await setListed(luna.id, 1);
      expect(ids(await search({ q: 'luna' }))).toEqual([luna.id]);
    });

    it.each([
      ['platform=Mixer', /platform/],
      ['language=French', /language/],
      ['sort=name', /sort/],
      ['minViewers=-1', /minViewers/],
      ['minViewers=ten', /minViewers/],
      ['minDeliveryRate=101', /minDeliveryRate/],
      ['minViewers=500&maxViewers=100', /minViewers must not exceed maxViewers/],
      ['page=0', /page/],
      ['pageSize=51', /pageSize/],
      [`q=${'x'.repeat(61)}`, /q|60/],
    ])('%s: 400 with a message', async (query, message) => {
      const answer = await api.request('GET', `/api/creators?${query}`, { token: brand.token });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toMatch(message);
    });

    it('only approved advertisers: creators, operators, pending or unprofiled advertisers 403; signed out 401', async () => {
      for (const who of [creator, operator]) expect((await search({}, who)).status).toBe(403);
      const waiting = await search({}, pending);
      expect(waiting.status).toBe(403);
      expect(waiting.body.message).toMatch(/pending.*approved/);
      const none = await search({}, noProfile);
      expect(none.status).toBe(403);
      expect(none.body.message).toMatch(/company profile/);
      expect((await search({}, null)).status).toBe(401);
      expect((await search({}, rival)).status).toBe(200);
    });

    it('counts up to 1,000 matches, and says when there are more', async () => {
      const stamp = new Date().toISOString();
      const many = SEARCH_LIMITS.countCap + 5;
      const userIds = Array.from({ length: many }, () => crypto.randomUUID());
      for (let start = 0; start < many; start += 200) {
        const chunk = userIds.slice(start, start + 200);
        await api.castbridge.db
          .insertInto('users')
          .values(
            chunk.map((id) => ({
              id,
              email: `bulk-${id}@example.com`,
              password_hash: null,
              firebase_uid: null,
              type_account: 'Influencer' as const,
              role: 'creator' as const,
              created_at: stamp,
              updated_at: stamp,
            })),
          )
          .execute();
        await api.castbridge.db
          .insertInto('creator_directory')
          .values(
            chunk.map((id, k) => ({
              user_id: id,
              handle: `bulk_${start + k}`,
              listed: 1,
              display_name: `Bulk ${start + k}`,
              platforms: 1,
              category: 'Bulk',
              followers: start + k,
              updated_at: stamp,
            })),
          )
          .execute();
      }
      const first = await search({ category: 'Bulk' });
      expect(first.body).toMatchObject({ total: SEARCH_LIMITS.countCap, totalCapped: true });
      const last = await search({ category: 'Bulk', pageSize: 50, page: 21 });
      expect(last.body).toMatchObject({ total: many, totalCapped: false });
      expect(ids(last)).toHaveLength(many - 1000);
      await api.castbridge.db
        .updateTable('creator_directory')
        .set({ listed: 0 })
        .where('category', '=', 'Bulk')
        .execute();
    });
  });

  describe('saved lists', () => {
    const lists = (who: Account | null, method: string, path = '', json?: unknown) =>
      api.request(method, `/api/creator-lists${path}`, {
        ...(who ? { token: who.token } : {}),
        ...(json ? { json } : {}),
      });

    it('create, add (twice: once), show as cards, rename, take off, delete; an unpublished creator drops out', async () => {
      const made = await lists(brand, 'POST', '', { name: '  Speedrunners ' });
      expect(made.status, made.text).toBe(201);
      const list = made.body.list as { id: string; name: string; size: number };
      expect(list).toMatchObject({ name: 'Speedrunners', size: 0 });
      const [a, b] = [creators[0]!, creators[1]!];
      for (const c of [a, b, a]) {
        const added = await lists(brand, 'PUT', `/${list.id}/creators/${c.id}`);
        expect(added.status, added.text).toBe(200);
      }
      const hidden = creators.find((c) => c.listed === false)!;
      expect((await lists(brand, 'PUT', `/${list.id}/creators/${hidden.id}`)).status).toBe(404);
      expect((await lists(brand, 'PUT', `/${list.id}/creators/${crypto.randomUUID()}`)).status).toBe(404);
      const shown = await lists(brand, 'GET', `/${list.id}`);
      expect(shown.status, shown.text).toBe(200);
      expect((shown.body.creators as CreatorCard[]).map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
      expect((shown.body.creators as CreatorCard[])[0]!.mediaKitUrl).toMatch(/^\/c\//);
      assertNothingPrivate(shown.text);
      const all = await lists(brand, 'GET');
      expect(all.body.lists).toEqual([expect.objectContaining({ id: list.id, size: 2 })]);

      await setListed(a.id, 0);
      const after = await lists(brand, 'GET', `/${list.id}`);
      expect((after.body.creators as CreatorCard[]).map((c) => c.id)).toEqual([b.id]);
      expect((after.body.list as { size: number }).size).toBe(1);
      await setListed(a.id, 1);

      const renamed = await lists(brand, 'PATCH', `/${list.id}`, { name: 'Runners' });
      expect(renamed.status).toBe(200);
      expect((renamed.body.list as { name: string }).name).toBe('Runners');
      expect((await lists(brand, 'PATCH', `/${list.id}`, { name: '   ' })).status).toBe(400);
      const off = await lists(brand, 'DELETE', `/${list.id}/creators/${b.id}`);
      expect((off.body.list as { creatorIds: string[] }).creatorIds).toEqual([a.id]);
      expect((await lists(brand, 'DELETE', `/${list.id}`)).status).toBe(200);
      expect((await lists(brand, 'GET', `/${list.id}`)).status).toBe(404);
      expect((await lists(brand, 'GET')).body.lists).toEqual([]);
    });

    it("another advertiser's list is a 404 for every call; other roles and unapproved advertisers 403; signed out 401", async () => {
      const made = await lists(brand, 'POST', '', { name: 'Mine' });
      const id = (made.body.list as { id: string }).id;
      const someone = creators[0]!.id;
      const calls: [string, string, unknown?][] = [
        ['GET', `/${id}`],
        ['PATCH', `/${id}`, { name: 'Taken' }],
        ['DELETE', `/${id}`],
        ['PUT', `/${id}/creators/${someone}`],
        ['DELETE', `/${id}/creators/${someone}`],
      ];
      for (const [method, path, json] of calls) {
        expect((await lists(rival, method, path, json)).status, `${method} ${path}`).toBe(404);
        for (const who of [creator, operator, pending, noProfile])
          expect((await lists(who, method, path, json)).status, `${method} ${path}`).toBe(403);
        expect((await lists(null, method, path, json)).status).toBe(401);
      }
      for (const who of [creator, operator, pending, noProfile]) {
        expect((await lists(who, 'GET')).status).toBe(403);
        expect((await lists(who, 'POST', '', { name: 'x' })).status).toBe(403);
      }
      expect((await lists(null, 'GET')).status).toBe(401);
      expect((await lists(rival, 'GET')).body.lists).toEqual([]);
      expect((await lists(brand, 'GET', `/${id}`)).status).toBe(200);
    });
  });

  describe('POST /api/campaigns/:id/invitations', () => {
    const invite = (who: Account | null, campaignId: string, json: unknown) =>
      api.request('POST', `/api/campaigns/${campaignId}/invitations`, { ...(who ? { token: who.token } : {}), json });

    /** A campaign of `owner` (launched unless `draft`) targeting a country none of our creators has. */
    async function campaign(owner: Account, spots: number, draft = false) {
      const created = await api.request('POST', '/api/campaigns', {
        token: owner.token,
        json: campaignInput({ spots, targeting: { ...campaignInput().targeting, countries: ['Tonga'] } }),
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

    const balance = async (who: Account) =>
      (await api.request('GET', '/api/advertiser/balance', { token: who.token })).body;

    it('invites a listed creator: an invited offer of origin invitation, the message in its thread, the creator notified, no money moved', async () => {
      const id = await campaign(brand, 2);
      const before = await balance(brand);
      const guest = await listedCreator({ ...FACTS[0]!, handle: `guest_${crypto.randomUUID().slice(0, 6)}` });
      const answer = await invite(brand, id, { creatorId: guest.id, message: 'We love your runs!' });
      expect(answer.status, answer.text).toBe(201);
      const offer = answer.body.offer as Record<string, unknown>;
      expect(offer).toMatchObject({
        status: 'invited',
        origin: 'invitation',
        campaignId: id,
        reasons: [{ criterion: 'invitation', detail: 'Nova Energy chose you in creator search' }],
        messageCount: 1,
      });
      expect(await balance(brand)).toEqual(before);

      const theirs = await api.request('GET', '/api/offers', { token: guest.token });
      expect(theirs.body.offers).toEqual([
        expect.objectContaining({ id: offer.id, origin: 'invitation', status: 'invited' }),
      ]);
      // The reason in the creator's language when it is Spanish, the brand's name as written.
      const spanish = await api.request('GET', `/api/offers/${offer.id as string}`, {
        token: guest.token,
        headers: { 'accept-language': 'es-MX' },
      });
      expect((spanish.body.offer as { reasons: unknown }).reasons).toEqual([
        { criterion: 'invitation', detail: 'Nova Energy te eligió en la búsqueda de creadores' },
      ]);
      const notes = await api.request('GET', '/api/notifications', { token: guest.token });
      expect(notes.body.notifications).toEqual([
        expect.objectContaining({
          type: 'offer.new',
          title: 'Invitation from Nova Energy',
          text: 'Nova Energy invites you to sponsor Weekend streams: We love your runs! Review the offer in Sponsorship Offers.',
          link: '/sponsorship-offers',
          locale: 'en',
        }),
      ]);
      // A creator who reads Spanish is invited in Spanish (here without a message); the brand and title as written.
      const hispanic = await listedCreator({ ...FACTS[1]!, handle: `invitado_${crypto.randomUUID().slice(0, 6)}` });
      await api.castbridge.db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', hispanic.id).execute();
      expect((await invite(brand, id, { creatorId: hispanic.id })).status).toBe(201);
      const spanishNotes = await api.request('GET', '/api/notifications', { token: hispanic.token });
      expect(spanishNotes.body.notifications).toEqual([
        expect.objectContaining({
          type: 'offer.new',
          title: 'Invitación de Nova Energy',
          text: 'Nova Energy te invita a su campaña de patrocinio Weekend streams. Revisa la oferta en Ofertas de patrocinio.',
          locale: 'es-MX',
        }),
      ]);
      const thread = await api.request('GET', `/api/offers/${offer.id as string}/messages`, { token: guest.token });
      expect(thread.body.messages).toEqual([
        expect.objectContaining({ author: 'advertiser', body: 'We love your runs!', mine: false }),
      ]);
      const mine = await api.request('GET', `/api/campaigns/${id}`, { token: brand.token });
      expect((mine.body.offers as { id: string }[]).map((o) => o.id)).toContain(offer.id);

      // Once per creator and campaign.
      const again = await invite(brand, id, { creatorId: guest.id });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already has an offer/);
    });

    it("refuses a campaign that is not active (409), a creator not listed or unknown (404), another advertiser's campaign (404), a bad body (400)", async () => {
      const draft = await campaign(brand, 1, true);
      const somebody = creators[1]!;
      const notActive = await invite(brand, draft, { creatorId: somebody.id });
      expect(notActive.status).toBe(409);
      expect(notActive.body.message).toMatch(/draft.*active/);
      const id = await campaign(brand, 1);
      const paused = await api.request('POST', `/api/campaigns/${id}/pause`, { token: brand.token });
      expect(paused.status).toBe(200);
      expect((await invite(brand, id, { creatorId: somebody.id })).status).toBe(409);
      await api.request('POST', `/api/campaigns/${id}/resume`, { token: brand.token });
      const hidden = creators.find((c) => c.listed === false)!;
      expect((await invite(brand, id, { creatorId: hidden.id })).status).toBe(404);
      expect((await invite(brand, id, { creatorId: crypto.randomUUID() })).status).toBe(404);
      expect((await invite(brand, id, { creatorId: creator.id })).status).toBe(404);
      expect((await invite(rival, id, { creatorId: somebody.id })).status).toBe(404);
      expect((await invite(brand, crypto.randomUUID(), { creatorId: somebody.id })).status).toBe(404);
      expect((await invite(brand, id, {})).status).toBe(400);
      expect((await invite(brand, id, { creatorId: somebody.id, message: 'x'.repeat(2001) })).status).toBe(400);
    });

    it('refuses past 3 open offers per free spot, and once every spot is taken', async () => {
      const id = await campaign(brand, 1);
      const guests = [];
      for (let i = 0; i < 4; i += 1)
        guests.push(await listedCreator({ ...FACTS[1]!, handle: `cap_${crypto.randomUUID().slice(0, 6)}` }));
      for (const guest of guests.slice(0, 3))
        expect((await invite(brand, id, { creatorId: guest.id })).status).toBe(201);
      const full = await invite(brand, id, { creatorId: guests[3]!.id });
      expect(full.status).toBe(409);
      expect(full.body.message).toMatch(/open offers/);

      // The first guest accepts the one spot: the other open offers expire, and the campaign takes no one more.
      await connectChannel(api, guests[0]!, 'youtube');
      const offers = await api.request('GET', '/api/offers', { token: guests[0]!.token });
      const offerId = (offers.body.offers as { id: string }[])[0]!.id;
      const accepted = await api.request('POST', `/api/offers/${offerId}/accept`, { token: guests[0]!.token });
      expect(accepted.status, accepted.text).toBe(200);
      const taken = await invite(brand, id, { creatorId: guests[3]!.id });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('All spots of this campaign are taken');
    });

    describe('GET /api/creators/:id/invite-options', () => {
      const options = (who: Account | null, creatorId: string) =>
        api.request('GET', `/api/creators/${creatorId}/invite-options`, who ? { token: who.token } : {});
      type Option = { id: string; canInvite: boolean; reason: string | null; status: string };
      const optionOf = async (who: Account, creatorId: string, campaignId: string) => {
        const answer = await options(who, creatorId);
        expect(answer.status, answer.text).toBe(200);
        expect(inviteOptionsResponse.safeParse(answer.body).success).toBe(true);
        return (answer.body.campaigns as Option[]).find((option) => option.id === campaignId);
      };

      it('says, before any invitation, which campaigns can take the creator and why the others cannot; invite agrees', async () => {
        const guest = await listedCreator({ ...FACTS[0]!, handle: `opt_${crypto.randomUUID().slice(0, 6)}` });
        const draft = await campaign(brand, 1, true);
        const open = await campaign(brand, 1);
        const paused = await campaign(brand, 1);
        expect((await api.request('POST', `/api/campaigns/${paused}/pause`, { token: brand.token })).status).toBe(200);
        const crowded = await campaign(brand, 1);
        for (let i = 0; i < 3; i += 1) {
          const other = await listedCreator({ ...FACTS[1]!, handle: `crowd_${crypto.randomUUID().slice(0, 6)}` });
          expect((await invite(brand, crowded, { creatorId: other.id })).status).toBe(201);
        }

        expect(await optionOf(brand, guest.id, open)).toMatchObject({
          canInvite: true,
          reason: null,
          status: 'active',
        });
        expect(await optionOf(brand, guest.id, draft)).toMatchObject({
          canInvite: false,
          reason: 'Not launched yet (a draft): only an active campaign takes invitations',
        });
        expect(await optionOf(brand, guest.id, paused)).toMatchObject({
          canInvite: false,
          reason: 'Paused: resume it to take invitations',
        });
        const crowdedOption = await optionOf(brand, guest.id, crowded);
        expect(crowdedOption).toMatchObject({ canInvite: false });
        expect(crowdedOption!.reason).toMatch(/3 open offers for its 1 free spot.*add spots/);
        // The server stays the authority, and says the same.
        const refused = await invite(brand, crowded, { creatorId: guest.id });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(crowdedOption!.reason);

        expect((await invite(brand, open, { creatorId: guest.id })).status).toBe(201);
        expect(await optionOf(brand, guest.id, open)).toMatchObject({
          canInvite: false,
          reason: `${FACTS[0]!.name} already has an offer of this campaign (invited)`,
        });
        // In the reader's language, and so is the invitation's refusal (the code says which).
        const spanish = { token: brand.token, headers: { 'accept-language': 'es-MX' } };
        const optionsEs = await api.request('GET', `/api/creators/${guest.id}/invite-options`, spanish);
        expect(optionsEs.headers.get('vary')).toContain('Accept-Language');
        expect((optionsEs.body.campaigns as Option[]).find((option) => option.id === paused)!.reason).toBe(
          'En pausa: reanúdala para aceptar invitaciones',
        );
        const refusedEs = await api.request('POST', `/api/campaigns/${crowded}/invitations`, {
          ...spanish,
          json: { creatorId: guest.id },
        });
        expect([refusedEs.status, refusedEs.body.code, refusedEs.body.message]).toEqual([
          409,
          'marketplace.invite_too_many_open',
          'Esta campaña ya tiene 3 ofertas abiertas para su 1 lugar libre (como máximo 3 por lugar): espera las respuestas o suma lugares',
        ]);
        // Another advertiser's campaigns are never among them.
        const theirs = await options(rival, guest.id);
        expect(theirs.status).toBe(200);
        expect((theirs.body.campaigns as Option[]).map((option) => option.id)).not.toContain(open);
      });

      it('the wrong caller: creators and operators 403, unapproved advertisers 403, signed out 401; a creator not listed 404', async () => {
        for (const who of [creator, operator, pending, noProfile])
          expect((await options(who, creators[0]!.id)).status).toBe(403);
        expect((await options(null, creators[0]!.id)).status).toBe(401);
        const hidden = creators.find((c) => c.listed === false)!;
        for (const id of [hidden.id, crypto.randomUUID(), creator.id, 'x'.repeat(300)]) {
          const answer = await options(brand, id);
          expect(answer.status).toBe(404);
          expect(answer.body.message).toBe('No such creator');
        }
      });
    });

    it('the wrong caller: creators and operators 403, unapproved advertisers 403, signed out 401', async () => {
      const id = await campaign(brand, 1);
      const body = { creatorId: creators[0]!.id };
      for (const who of [creator, operator, pending, noProfile]) expect((await invite(who, id, body)).status).toBe(403);
      expect((await invite(null, id, body)).status).toBe(401);
    });
  });
});
