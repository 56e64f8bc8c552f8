// Deliverables beyond the overlay (docs/product.md §Deliverables) on SQLite and PostgreSQL: what a campaign asks for is
// stored as sent and checked with its pay on create and on a merged patch (400s with the field), accepting a
// link-only or promo-only offer needs no channel while a chat one does, and each accepted offer's progress rides on
// every offer answer (lists — cached, and raised by each count — the campaign page, one offer) and on GET
// /api/offers/:id/deliverables, which other creators and advertisers cannot read (404) and an offer not accepted yet
// has none of (409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignInput } from '../../contract/schemas/marketplace.ts';
import type { DeliverableProgress } from '../../contract/schemas/deliverables.ts';
import { bumpDay, touchProgress, utcDay } from '../../server/deliverables/days.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, day, type Account } from './market.ts';

const COUNTRIES = ['Tonga', 'Fiji', 'Samoa', 'Nepal', 'Peru', 'Chile', 'Ghana', 'Kenya', 'Malta', 'Oman', 'Palau'];
let countryIndex = 0;

const link = { url: 'https://nova.example/energy', clicks: 100 };
const chat = { message: 'Try Nova Energy', everyMinutes: 15, command: 'nova', posts: 10 };
const promo = { redemptions: 5 };

describe.each(BACKENDS)('deliverables progress on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const deliverable = (extra: Record<string, unknown>) =>
    ({ ...campaignInput().deliverable, ...extra }) as CampaignInput['deliverable'];

  async function create(overrides: Partial<CampaignInput>, who: Account = advertiser) {
    return api.request('POST', '/api/campaigns', { token: who.token, json: campaignInput(overrides) });
  }

  /** A creator alone in a country, with (unless told) a Twitch channel, and the offer of a launched campaign to them. */
  async function offerFor(overrides: Partial<CampaignInput>, options: { channel?: boolean; accept?: boolean } = {}) {
    const country = COUNTRIES[countryIndex % COUNTRIES.length]!;
    countryIndex += 1;
    const creator = await account(api, 'creator', { language: 'English', country, type_content: 'Speedruns' });
    if (options.channel !== false) await connectChannel(api, creator);
    const created = await create({
      payCents: 10_000,
      spots: 1,
      targeting: { ...campaignInput().targeting, countries: [country] },
      ...overrides,
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
    const offer = offers.find((o) => o.campaignId === campaignId);
    expect(offer).toBeDefined();
    if (options.accept !== false) {
      const accepted = await api.request('POST', `/api/offers/${offer!.id}/accept`, { token: creator.token });
      expect(accepted.status, accepted.text).toBe(200);
    }
    return { creator, campaignId, offerId: offer!.id };
  }

  it('a campaign stores each deliverable and its pay as sent; the rules between them answer 400 on create', async () => {
    const all = await create({ deliverable: deliverable({ link, chat, promo }) });
    expect(all.status, all.text).toBe(201);
    expect(all.body.campaign).toMatchObject({
      deliverable: { overlay: true, link, chat, promo },
      perClickCents: null,
    });
    const perClick = await create({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: null } }),
      perClickCents: 25,
    });
    expect(perClick.status, perClick.text).toBe(201);
    const id = (perClick.body.campaign as { id: string }).id;
    const read = await api.request('GET', `/api/campaigns/${id}`, { token: advertiser.token });
    expect(read.body.campaign).toMatchObject({
      deliverable: { overlay: false, link: { url: link.url, clicks: null }, chat: null, promo: null },
      perClickCents: 25,
    });

    for (const [overrides, message] of [
      [{ deliverable: deliverable({ overlay: false }) }, 'deliverable.overlay: must ask for at least one deliverable'],
      [{ perClickCents: 10 }, 'perClickCents: needs a tracked link: pay per click counts its clicks'],
      [
        { deliverable: deliverable({ link: { url: link.url, clicks: null } }) },
        'deliverable.link.clicks: is required with a flat fee: the clicks to deliver',
      ],
      [{ deliverable: deliverable({ link: { url: 'ftp://nova', clicks: 5 } }) }, /deliverable\.link\.url/],
      [{ deliverable: deliverable({ chat: { ...chat, everyMinutes: 1 } }) }, /deliverable\.chat\.everyMinutes/],
      [{ deliverable: deliverable({ chat: { ...chat, command: '!nova' } }) }, /deliverable\.chat\.command/],
      [{ deliverable: deliverable({ promo: { redemptions: 0 } }) }, /deliverable\.promo\.redemptions/],
      [
        { deliverable: deliverable({ link: { url: link.url, clicks: null } }), perClickCents: 0 },
        /perClickCents: must be at least 1 cent/,
      ],
    ] as const) {
      const refused = await create(overrides as Partial<CampaignInput>);
      expect(refused.status, JSON.stringify(overrides)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });

  it('the disclosure is required with the overlay only: a link-only campaign is saved without one (issue 48 item 4)', async () => {
    const { disclosure: _shown, ...withoutDisclosure } = deliverable({});
    const linkOnly = await create({
      deliverable: { ...withoutDisclosure, overlay: false, link } as CampaignInput['deliverable'],
    });
    expect(linkOnly.status, linkOnly.text).toBe(201);
    expect(linkOnly.body.campaign).toMatchObject({ deliverable: { overlay: false, link, disclosure: '' } });
    const id = (linkOnly.body.campaign as { id: string }).id;
    // Asking for the overlay again needs the disclosure it shows, on create and on a merged PATCH alike.
    for (const refused of [
      await create({ deliverable: deliverable({ disclosure: '  ' }) }),
      await api.request('PATCH', `/api/campaigns/${id}`, {
        token: advertiser.token,
        json: { deliverable: { ...withoutDisclosure, overlay: true, link } },
      }),
    ]) {
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.message).toBe('deliverable.disclosure: is required with the overlay');
    }
  });

  it('PATCH merges, then checks the deliverables with the pay (400 with the field); a good patch is stored', async () => {
    const created = await create({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: null } }),
      perClickCents: 25,
    });
    const id = (created.body.campaign as { id: string }).id;
    const patch = (json: Record<string, unknown>) =>
      api.request('PATCH', `/api/campaigns/${id}`, { token: advertiser.token, json });

    // A flat fee without the clicks to deliver, a rate without its link, nothing asked at all.
    const flat = await patch({ perClickCents: null });
    expect(flat.status).toBe(400);
    expect(flat.body.message).toBe('deliverable.link.clicks: is required with a flat fee: the clicks to deliver');
    const noLink = await patch({ deliverable: deliverable({ promo }) });
    expect(noLink.status).toBe(400);
    expect(noLink.body.message).toBe('perClickCents: needs a tracked link: pay per click counts its clicks');
    const nothing = await patch({ deliverable: deliverable({ overlay: false }), perClickCents: null });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('deliverable.overlay: must ask for at least one deliverable');
    // Nothing of the refused patches was stored.
    const before = await api.request('GET', `/api/campaigns/${id}`, { token: advertiser.token });
    expect(before.body.campaign).toMatchObject({ perClickCents: 25, deliverable: { overlay: false, promo: null } });

    // Both at once: a flat fee with a click target, a bot and promo codes.
    const good = await patch({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: 40 }, chat, promo }),
      perClickCents: null,
    });
    expect(good.status, good.text).toBe(200);
    expect(good.body.campaign).toMatchObject({
      perClickCents: null,
      deliverable: { overlay: false, link: { url: link.url, clicks: 40 }, chat, promo },
    });
    // Only the pay: a rate again, the click target kept (it is no condition with a rate, but the rules allow it).
    const rate = await patch({ perClickCents: 5 });
    expect(rate.status, rate.text).toBe(200);
    expect(rate.body.campaign).toMatchObject({ perClickCents: 5, deliverable: { link: { clicks: 40 } } });
    // Dropping the bot leaves the rest.
    const noBot = await patch({
      deliverable: deliverable({ overlay: false, link: { url: link.url, clicks: 40 }, promo }),
    });
    expect(noBot.status, noBot.text).toBe(200);
    expect(noBot.body.campaign).toMatchObject({ deliverable: { chat: null, promo } });
  });

  it('a link-only or promo-only offer is accepted without a channel; overlay and chat offers still need one', async () => {
    const linkOnly = await offerFor(
      { deliverable: deliverable({ overlay: false, link }) },
      { channel: false, accept: false },
    );
    const promoOnly = await offerFor(
      { deliverable: deliverable({ overlay: false, promo }) },
      { channel: false, accept: false },
    );
    const chatOnly = await offerFor(
      { deliverable: deliverable({ overlay: false, chat }) },
      { channel: false, accept: false },
    );
    const overlay = await offerFor({}, { channel: false, accept: false });
    const accept = (o: { creator: Account; offerId: string }) =>
      api.request('POST', `/api/offers/${o.offerId}/accept`, { token: o.creator.token });
    expect((await accept(linkOnly)).status).toBe(200);
    expect((await accept(promoOnly)).status).toBe(200);
    // Nothing of theirs is shown by the overlay (they ask for no minutes).
    for (const o of [linkOnly, promoOnly])
      expect((await api.castbridge.services.overlays.state(o.creator.id)).creatives).toEqual([]);
    const refusedChat = await accept(chatOnly);
    expect(refusedChat.status).toBe(409);
    expect(refusedChat.body.message).toMatch(/^Connect your Twitch or YouTube channel/);
    expect((await accept(overlay)).status).toBe(409);
  });

  it('progress rides on the offer lists, the campaign page and the offer, and follows each count', async () => {
    const { creator, campaignId, offerId } = await offerFor({ deliverable: deliverable({ link, chat, promo }) });
    const { db } = api.castbridge;
    const progressIn = async (who: Account) => {
      const list = await api.request('GET', '/api/offers', { token: who.token });
      expect(list.status, list.text).toBe(200);
      return (list.body.offers as { id: string; progress: DeliverableProgress | null }[]).find((o) => o.id === offerId)!
        .progress;
    };
    const first = await progressIn(creator);
    const code = (await db.selectFrom('offer_links').select('code').where('offer_id', '=', offerId).executeTakeFirst())
      ?.code;
    expect(code).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{8}$/);
    const url = api.castbridge.links.url(`/l/${code}`);
    expect(first).toEqual({
      met: false,
      overlay: { verifiedSeconds: 0, targetSeconds: 120 * 60 },
      link: { url, clicks: 0, target: 100, refused: 0 },
      chat: {
        posts: 0,
        target: 10,
        paused: false,
        consent: false,
        preview: `Try Nova Energy ${url} #ad`,
        everyMinutes: 15,
        command: 'nova',
        lastPostedAt: null,
      },
      promo: { code: null, redemptions: 0, target: 5 },
      clickEarningsCents: null,
    });
    expect(await progressIn(advertiser)).toEqual(first);

    // Counted clicks, refusals, redemptions and posts: the cached lists show them at once (each count raises them).
    await bumpDay(db, { offerId, campaignId, day: utcDay(Date.now()) }, { clicks: 7, clicks_bot: 2, clicks_repeat: 1 });
    await bumpDay(db, { offerId, campaignId, day: day(-1) }, { clicks: 3, redemptions: 2, bot_posts: 4 });
    const counted = await progressIn(creator);
    expect(counted).toMatchObject({
      link: { clicks: 10, refused: 3 },
      promo: { redemptions: 2 },
      chat: { posts: 4 },
      met: false,
    });
    expect(await progressIn(advertiser)).toEqual(counted);
    // The campaign page and the offer itself carry the same.
    const page = await api.request('GET', `/api/campaigns/${campaignId}`, { token: advertiser.token });
    expect((page.body.offers as { id: string; progress: unknown }[])[0]!.progress).toEqual(counted);
    const one = await api.request('GET', `/api/offers/${offerId}`, { token: creator.token });
    expect(one.body.offer).toMatchObject({ progress: counted });
    const own = await api.request('GET', `/api/offers/${offerId}/deliverables`, { token: creator.token });
    expect(own.status, own.text).toBe(200);
    expect(own.body.progress).toEqual(counted);
    const theirs = await api.request('GET', `/api/offers/${offerId}/deliverables`, { token: advertiser.token });
    expect(theirs.body.progress).toEqual(counted);

    // The bot's consent (on a channel of the campaign's platforms), its pause and last post, the creator's code: as
    // the bot and promo codes write them, raising the lists with touchProgress.
    const channel = await db
      .selectFrom('connected_accounts')
      .select('id')
      .where('user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    const postedAt = Date.now() - 60_000;
    await db
      .insertInto('bot_consents')
      .values({ account_id: channel.id, creator_id: creator.id, granted_at: 1 })
      .execute();
    await db
      .insertInto('offer_bots')
      .values({ offer_id: offerId, paused: 1, last_posted_at: postedAt, updated_at: postedAt })
      .execute();
    await db
      .insertInto('promo_codes')
      .values({ offer_id: offerId, campaign_id: campaignId, code: 'Ana10', code_key: 'ANA10', created_at: 1 })
      .execute();
    await touchProgress(db, [offerId]);
    expect(await progressIn(creator)).toMatchObject({
      chat: { consent: true, paused: true, lastPostedAt: new Date(postedAt).toISOString() },
      promo: { code: 'Ana10' },
    });
    // A channel waiting to be reconnected carries no consent.
    await db.updateTable('connected_accounts').set({ status: 'reconnect' }).where('id', '=', channel.id).execute();
    await touchProgress(db, [offerId]);
    expect(await progressIn(advertiser)).toMatchObject({ chat: { consent: false } });

    // Met once every deliverable is: 100 clicks, 10 posts, 5 redemptions and the overlay's 120 minutes.
    await bumpDay(db, { offerId, campaignId, day: utcDay(Date.now()) }, { clicks: 90, redemptions: 3, bot_posts: 6 });
    expect(await progressIn(creator)).toMatchObject({ met: false });
    await db
      .insertInto('overlay_progress')
      .values({
        offer_id: offerId,
        displayed_seconds: 7200,
        verified_seconds: 7200,
        credited_until: Date.now(),
        last_beat_id: 'beat',
        first_beat_at: new Date().toISOString(),
        last_beat_at: new Date().toISOString(),
      })
      .execute();
    await touchProgress(db, [offerId]);
    expect(await progressIn(creator)).toMatchObject({
      met: true,
      overlay: { verifiedSeconds: 7200, targetSeconds: 7200 },
      link: { clicks: 100 },
      chat: { posts: 10 },
      promo: { redemptions: 5 },
    });
  });

  it('GET /api/offers/:id/deliverables: other creators and advertisers 404, operators 403, no one 401, not accepted 409', async () => {
    const { creator, offerId } = await offerFor({ deliverable: deliverable({ overlay: false, link }) });
    const invited = await offerFor({ deliverable: deliverable({ overlay: false, promo }) }, { accept: false });
    const path = `/api/offers/${offerId}/deliverables`;
    const otherCreator = await account(api, 'creator');
    const otherAdvertiser = await approvedAdvertiser(api, operator, 0);
    for (const who of [otherCreator, otherAdvertiser, invited.creator]) {
      const refused = await api.request('GET', path, { token: who.token });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('No such offer');
    }
    expect((await api.request('GET', path, { token: operator.token })).status).toBe(403);
    expect((await api.request('GET', path)).status).toBe(401);
    expect((await api.request('GET', '/api/offers/nope/deliverables', { token: creator.token })).status).toBe(404);

    const early = await api.request('GET', `/api/offers/${invited.offerId}/deliverables`, {
      token: invited.creator.token,
    });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      message: 'This offer is invited: its deliverables are counted once it is accepted',
      code: 'deliverables.not_accepted_yet',
    });
    // In the creator's language, with the same code.
    const spanish = await api.request('GET', `/api/offers/${invited.offerId}/deliverables`, {
      token: invited.creator.token,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(spanish.body).toEqual({
      message: 'Esta oferta está pendiente: sus entregables empiezan a contarse cuando se acepta',
      code: 'deliverables.not_accepted_yet',
    });
    // Before acceptance the offer's answers carry no progress.
    const offer = await api.request('GET', `/api/offers/${invited.offerId}`, { token: invited.creator.token });
    expect(offer.body.offer).toMatchObject({ status: 'invited', progress: null });
  });
});
