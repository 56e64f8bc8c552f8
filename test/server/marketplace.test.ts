// The marketplace (docs/product.md §Marketplace) on SQLite and PostgreSQL: roles, the advertiser's review, campaigns and their life
// cycle, matching as a job, offers and their threads, notifications (each in its reader's language) and the live
// stream — and every endpoint tried with the wrong role (403) and the wrong owner (404).
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBeforeAcceptMessage } from '../../contract/marketplace.ts';
import type { CampaignInput } from '../../contract/schemas/marketplace.ts';
import { BACKENDS, makeBackend, photoForm, PNG_1PX, startApp, type Backend, type Client } from './helpers.ts';
import { touchOfferLists } from '../../server/marketplace/offer-revisions.ts';
import {
  account,
  approvedAdvertiser,
  campaignInput,
  connectChannel,
  day,
  deposit,
  englishCreator,
  type Account,
} from './market.ts';
import { readEvents } from './sse.ts';

async function launched(api: Client, advertiser: Account, overrides: Partial<CampaignInput> = {}): Promise<string> {
  const created = await api.request('POST', '/api/campaigns', {
    token: advertiser.token,
    json: campaignInput(overrides),
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.body.campaign as { id: string }).id;
  const launch = await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
  expect(launch.status, launch.text).toBe(200);
  await api.castbridge.services.jobs.drain();
  return id;
}

async function offersOf(api: Client, who: Account, status?: string) {
  const answer = await api.request('GET', `/api/offers${status ? `?status=${status}` : ''}`, { token: who.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.offers as {
    id: string;
    status: string;
    campaignId: string;
    reasons: { criterion: string; detail: string }[];
    creator?: { name: string };
  }[];
}

describe.each(BACKENDS)('the marketplace on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('GET /api/user carries the role: sign-up as Influencer is a creator, as Advertiser an advertiser', async () => {
    for (const [type, role] of [
      ['Influencer', 'creator'],
      ['Advertiser', 'advertiser'],
    ] as const) {
      const registered = await api.request('POST', '/api/auth/register', {
        json: {
          email: `role-${type}-${Date.now()}@example.com`,
          password: 'Violet-Anchor-Quartz-42',
          type_account: type,
        },
      });
      const me = await api.request('GET', '/api/user', { token: registered.body.token as string });
      expect(me.body.user).toMatchObject({ type_account: type, role });
    }
    const me = await api.request('GET', '/api/user', { token: operator.token });
    expect((me.body.user as { role: string }).role).toBe('operator');
  });

  it('an advertiser sends the company profile for review; the operator approves or rejects it with a reason', async () => {
    const advertiser = await account(api, 'advertiser');
    expect((await api.request('GET', '/api/advertiser/profile', { token: advertiser.token })).body).toEqual({
      profile: null,
    });
    const bad = await api.request('PUT', '/api/advertiser/profile', {
      token: advertiser.token,
      json: { companyName: '', website: 'nova', contactName: 'N', contactEmail: 'x' },
    });
    expect(bad.status).toBe(400);
    const profile = {
      companyName: 'Orbit',
      website: 'https://orbit.example',
      contactName: 'Olga',
      contactEmail: 'olga@orbit.example',
    };
    const sent = await api.request('PUT', '/api/advertiser/profile', { token: advertiser.token, json: profile });
    expect(sent.body.profile).toMatchObject({ ...profile, status: 'pending', rejectionReason: null });

    const pending = await api.request('GET', '/api/admin/advertisers?status=pending', { token: operator.token });
    expect((pending.body.advertisers as { userId: string }[]).map((a) => a.userId)).toContain(advertiser.id);

    expect(
      (await api.request('POST', `/api/admin/advertisers/${advertiser.id}/reject`, { token: operator.token, json: {} }))
        .status,
    ).toBe(400);
    const rejected = await api.request('POST', `/api/admin/advertisers/${advertiser.id}/reject`, {
      token: operator.token,
      json: { reason: 'The website does not load' },
    });
    expect(rejected.body.advertiser).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The website does not load',
    });
    expect(
      (await api.request('POST', `/api/admin/advertisers/${advertiser.id}/approve`, { token: operator.token })).status,
    ).toBe(409);

    // Sending it again puts it back to review; approval then sticks through later edits.
    const resent = await api.request('PUT', '/api/advertiser/profile', { token: advertiser.token, json: profile });
    expect(resent.body.profile).toMatchObject({ status: 'pending', rejectionReason: null });
    expect(
      (await api.request('POST', `/api/admin/advertisers/${advertiser.id}/approve`, { token: operator.token })).body
        .advertiser,
    ).toMatchObject({ status: 'approved' });
    const edited = await api.request('PUT', '/api/advertiser/profile', {
      token: advertiser.token,
      json: { ...profile, contactName: 'Olga P.' },
    });
    expect(edited.body.profile).toMatchObject({ status: 'approved', contactName: 'Olga P.' });

    const notes = await api.request('GET', '/api/notifications', { token: advertiser.token });
    expect((notes.body.notifications as { type: string }[]).map((n) => n.type)).toEqual([
      'advertiser.approved',
      'advertiser.rejected',
    ]);
    expect(
      await api.request('POST', `/api/admin/advertisers/unknown-id/approve`, { token: operator.token }),
    ).toMatchObject({ status: 404 });
  });

  it('only approved advertisers launch; a launched campaign is matched by a job: hard filters, reasons, spots × 3', async () => {
    const advertiser = await account(api, 'advertiser');
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        spots: 1,
        targeting: {
          platforms: ['Twitch'],
          languages: ['Spanish'],
          countries: ['Mexico'],
          categories: ['retro'],
          minAvgViewers: null,
        },
      }),
    });
    const id = (created.body.campaign as { id: string }).id;
    const refused = await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/approved/);

    const good = await account(api, 'creator', {
      language: 'Mexico',
      country: 'Mexico',
      type_content: 'Retro games on Twitch',
      tier: 1,
    });
    const others = await Promise.all([
      account(api, 'creator', { language: 'English', country: 'Mexico', type_content: 'Retro games on Twitch' }), // language
      account(api, 'creator', { language: 'Spanish', country: 'Spain', type_content: 'Retro games on Twitch' }), // country
      account(api, 'creator', { language: 'Spanish', country: 'Mexico', type_content: 'Cooking on Twitch' }), // category
      account(api, 'creator', { language: 'Spanish', country: 'Mexico', type_content: 'Retro games on YouTube' }), // platform
      account(api, 'creator', { language: 'Spanish', country: 'Mexico', type_content: 'Retro games' }), // platform unknown, campaign not on every platform
    ]);
    const extra = await Promise.all(
      Array.from({ length: 4 }, () =>
        account(api, 'creator', { language: 'Spanish', country: 'Mexico', type_content: 'retro runs on twitch' }),
      ),
    );

    await api.request('PUT', '/api/advertiser/profile', {
      token: advertiser.token,
      json: {
        companyName: 'Retro Co',
        website: 'https://retro.example',
        contactName: 'R',
        contactEmail: 'r@retro.example',
      },
    });
    await api.request('POST', `/api/admin/advertisers/${advertiser.id}/approve`, { token: operator.token });
    // Approved, but launching reserves pay × spots (docs/product.md §Money): without funds it is refused.
    const unfunded = await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
    expect(unfunded.status).toBe(409);
    expect(unfunded.body.message).toMatch(/reserves \$250 .*balance is \$0/);
    await deposit(api, operator, advertiser, 25_000);
    const launch = await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
    expect(launch.body.campaign).toMatchObject({ status: 'active' });
    await api.castbridge.services.jobs.drain();

    const mine = await offersOf(api, good);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'invited', campaignId: id });
    expect(mine[0]!.reasons).toEqual([
      { criterion: 'platform', detail: 'Streams on Twitch' },
      { criterion: 'language', detail: 'Broadcasts in Spanish' },
      { criterion: 'country', detail: 'Based in Mexico' },
      { criterion: 'category', detail: 'Content about retro' },
    ]);
    for (const other of others) expect(await offersOf(api, other)).toEqual([]);
    // One spot: at most three open offers, the best-ranked (tier 1) among them.
    const detail = await api.request('GET', `/api/campaigns/${id}`, { token: advertiser.token });
    const offers = detail.body.offers as { status: string; creator: { name: string } }[];
    expect(offers).toHaveLength(3);
    expect((detail.body.campaign as { offers: Record<string, number> }).offers.invited).toBe(3);
    expect(extra.length).toBe(4);

    // Matching again (another launch-like run) never makes a second offer for the same creator.
    await api.castbridge.services.matcher.matchCampaign(id);
    expect(await offersOf(api, good)).toHaveLength(1);
  });

  it('a creator completing their profile receives offers of the active campaigns they match, as a job', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    // Only this test's creator is in Bhutan, so earlier creators cannot fill the campaign's room first.
    const campaign = await launched(api, advertiser, {
      targeting: {
        platforms: ['Twitch', 'YouTube'],
        languages: ['English', 'Spanish'],
        countries: ['Bhutan'],
        categories: [],
        minAvgViewers: null,
      },
    });
    const creator = await account(api, 'creator');
    expect(await offersOf(api, creator)).toEqual([]);
    const saved = await api.request('PUT', '/api/profile', {
      token: creator.token,
      json: { first_name: 'Ben', language: 'United States', country: 'Bhutan', type_content: 'Just chatting' },
    });
    expect(saved.status).toBe(200);
    await api.castbridge.services.jobs.drain();
    const offers = await offersOf(api, creator);
    expect(offers.map((o) => o.campaignId)).toContain(campaign);
    expect(offers.find((o) => o.campaignId === campaign)!.reasons[0]).toEqual({
      criterion: 'platform',
      detail: 'The campaign runs on Twitch and YouTube',
    });
  });

  it('campaigns: edit only while draft, life-cycle controls answer 409 out of turn, creative images sniffed', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const created = await api.request('POST', '/api/campaigns', { token: advertiser.token, json: campaignInput() });
    const id = (created.body.campaign as { id: string }).id;
    expect(created.body.campaign).toMatchObject({ status: 'draft', payCents: 25_000, spots: 2, image: null });

    const invalid = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ payCents: 0, title: '' }),
    });
    expect(invalid.status).toBe(400);
    const backwards = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ deliverable: { minutes: 10, startsOn: day(5), endsOn: day(1), disclosure: 'Ad' } }),
    });
    expect(backwards.status).toBe(400);

    const patched = await api.request('PATCH', `/api/campaigns/${id}`, {
      token: advertiser.token,
      json: { title: 'Holiday streams', payCents: 30_000 },
    });
    expect(patched.body.campaign).toMatchObject({ title: 'Holiday streams', payCents: 30_000 });

    const notImage = await api.request('POST', `/api/campaigns/${id}/image`, {
      token: advertiser.token,
      body: photoForm(Buffer.from('<svg/>'), 'a.png', 'image/png', 'image'),
    });
    expect(notImage.status).toBe(415);
    const image = await api.request('POST', `/api/campaigns/${id}/image`, {
      token: advertiser.token,
      body: photoForm(PNG_1PX, 'a.png', 'image/png', 'image'),
    });
    expect(image.status, image.text).toBe(200);
    expect((image.body.campaign as { image: string }).image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    for (const action of ['pause', 'resume'])
      expect((await api.request('POST', `/api/campaigns/${id}/${action}`, { token: advertiser.token })).status).toBe(
        409,
      );
    expect(
      (await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token })).body.campaign,
    ).toMatchObject({ status: 'active' });
    expect(
      (await api.request('PATCH', `/api/campaigns/${id}`, { token: advertiser.token, json: { title: 'Late edit' } }))
        .status,
    ).toBe(409);
    expect((await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token })).status).toBe(409);
    expect(
      (await api.request('POST', `/api/campaigns/${id}/pause`, { token: advertiser.token })).body.campaign,
    ).toMatchObject({ status: 'paused' });
    expect(
      (await api.request('POST', `/api/campaigns/${id}/resume`, { token: advertiser.token })).body.campaign,
    ).toMatchObject({ status: 'active' });
    expect(
      (await api.request('POST', `/api/campaigns/${id}/cancel`, { token: advertiser.token })).body.campaign,
    ).toMatchObject({ status: 'cancelled' });
    expect((await api.request('POST', `/api/campaigns/${id}/resume`, { token: advertiser.token })).status).toBe(409);

    const list = await api.request('GET', '/api/campaigns', { token: advertiser.token });
    expect((list.body.campaigns as { id: string }[]).map((c) => c.id)).toContain(id);
  });

  it('every campaign endpoint refuses other roles (403) and other advertisers (404)', async () => {
    const owner = await approvedAdvertiser(api, operator);
    const stranger = await approvedAdvertiser(api, operator);
    const creator = await account(api, 'creator', englishCreator);
    const created = await api.request('POST', '/api/campaigns', { token: owner.token, json: campaignInput() });
    const id = (created.body.campaign as { id: string }).id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/campaigns'],
      ['POST', '/api/campaigns', campaignInput()],
      ['GET', `/api/campaigns/${id}`],
      ['PATCH', `/api/campaigns/${id}`, { title: 'Mine now' }],
      ['POST', `/api/campaigns/${id}/launch`],
      ['POST', `/api/campaigns/${id}/pause`],
      ['POST', `/api/campaigns/${id}/resume`],
      ['POST', `/api/campaigns/${id}/cancel`],
      ['GET', '/api/advertiser/profile'],
      [
        'PUT',
        '/api/advertiser/profile',
        { companyName: 'X', website: 'https://x.example', contactName: 'X', contactEmail: 'x@x.example' },
      ],
    ];
    for (const who of [creator, operator]) {
      for (const [method, url, json] of calls) {
        const answer = await api.request(method, url, { token: who.token, ...(json ? { json } : {}) });
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.body.message).toEqual(expect.any(String));
      }
    }
    for (const [method, url, json] of calls.filter(([, url]) => url.includes(id))) {
      expect(
        (await api.request(method, url, { token: stranger.token, ...(json ? { json } : {}) })).status,
        `${method} ${url}`,
      ).toBe(404);
    }
    expect(
      (
        await api.request('POST', `/api/campaigns/${id}/image`, {
          token: stranger.token,
          body: photoForm(PNG_1PX, 'a.png', 'image/png', 'image'),
        })
      ).status,
    ).toBe(404);
    expect((await api.request('GET', '/api/campaigns')).status).toBe(401);
  });

  it('every operator endpoint refuses creators and advertisers (403) and anonymous callers (401)', async () => {
    const creator = await account(api, 'creator');
    const advertiser = await account(api, 'advertiser');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/advertisers'],
      ['POST', `/api/admin/advertisers/${advertiser.id}/approve`],
      ['POST', `/api/admin/advertisers/${advertiser.id}/reject`, { reason: 'no' }],
      ['GET', '/api/admin/campaigns'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/support-tickets'],
    ];
    for (const [method, url, json] of calls) {
      for (const who of [creator, advertiser])
        expect(
          (await api.request(method, url, { token: who.token, ...(json ? { json } : {}) })).status,
          `${method} ${url}`,
        ).toBe(403);
      expect((await api.request(method, url, json ? { json } : {})).status).toBe(401);
    }
    const users = await api.request('GET', `/api/admin/users?q=${encodeURIComponent('creator')}`, {
      token: operator.token,
    });
    expect((users.body.users as { role: string }[]).length).toBeGreaterThan(0);
    expect((await api.request('GET', '/api/admin/campaigns', { token: operator.token })).status).toBe(200);
    expect((await api.request('GET', '/api/admin/support-tickets', { token: operator.token })).status).toBe(200);
  });

  it('offers: request more information opens the thread, both sides write, accept and decline follow the life cycle', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const creator = await account(api, 'creator', englishCreator);
    const campaign = await launched(api, advertiser, { title: `Thread ${Date.now()}` });
    const offer = (await offersOf(api, creator)).find((o) => o.campaignId === campaign)!;
    expect(offer).toMatchObject({ status: 'invited' });
    expect(offer.creator).toBeUndefined();

    expect(
      (
        await api.request('POST', `/api/offers/${offer.id}/request-info`, {
          token: creator.token,
          json: { message: '' },
        })
      ).status,
    ).toBe(400);
    const asked = await api.request('POST', `/api/offers/${offer.id}/request-info`, {
      token: creator.token,
      json: { message: 'Which <b>can</b> flavour?' },
    });
    expect(asked.body.offer).toMatchObject({ status: 'info_requested', messageCount: 1 });
    expect(
      (
        await api.request('POST', `/api/offers/${offer.id}/request-info`, {
          token: creator.token,
          json: { message: 'Again?' },
        })
      ).status,
    ).toBe(409);

    const theirs = await offersOf(api, advertiser, 'info_requested');
    expect(theirs.find((o) => o.id === offer.id)!.creator).toMatchObject({ name: 'Ana Lee' });
    const answer = await api.request('POST', `/api/offers/${offer.id}/messages`, {
      token: advertiser.token,
      json: { body: 'Citrus, the new one.' },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toMatchObject({
      author: 'advertiser',
      authorName: 'Nova Energy',
      mine: true,
      body: 'Citrus, the new one.',
    });
    expect(
      (
        await api.request('POST', `/api/offers/${offer.id}/messages`, {
          token: creator.token,
          json: { body: 'x'.repeat(2001) },
        })
      ).status,
    ).toBe(400);

    const thread = await api.request('GET', `/api/offers/${offer.id}/messages`, { token: creator.token });
    expect(thread.body.messages).toMatchObject([
      { author: 'creator', body: 'Which <b>can</b> flavour?', mine: true, authorName: 'Ana Lee' },
      { author: 'advertiser', body: 'Citrus, the new one.', mine: false },
    ]);
    const creatorNotes = await api.request('GET', '/api/notifications', { token: creator.token });
    expect((creatorNotes.body.notifications as { type: string; offerId: string }[])[0]).toMatchObject({
      type: 'thread.message',
      offerId: offer.id,
    });

    await connectChannel(api, creator);
    const accepted = await api.request('POST', `/api/offers/${offer.id}/accept`, { token: creator.token });
    expect(accepted.body.offer).toMatchObject({ status: 'accepted' });
    for (const action of ['accept', 'decline'])
      expect(
        (await api.request('POST', `/api/offers/${offer.id}/${action}`, { token: creator.token, json: {} })).status,
      ).toBe(409);
    const advertiserNotes = await api.request('GET', '/api/notifications', { token: advertiser.token });
    expect((advertiserNotes.body.notifications as { type: string }[]).map((n) => n.type).slice(0, 2)).toEqual([
      'offer.accepted',
      'offer.info_requested',
    ]);
  });

  it("accepting needs a channel connected on one of the campaign's platforms; the 409 says which to connect", async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const creator = await account(api, 'creator', {
      ...englishCreator,
      country: 'Norway',
      type_content: 'Speedruns on YouTube and Twitch',
    });
    const targeting = (platforms: ('Twitch' | 'YouTube')[]) => ({
      platforms,
      languages: ['English' as const],
      countries: ['Norway'],
      categories: [],
      minAvgViewers: null,
    });
    const youtubeOnly = await launched(api, advertiser, {
      title: `YouTube only ${Date.now()}`,
      targeting: targeting(['YouTube']),
    });
    const either = await launched(api, advertiser, {
      title: `Either ${Date.now()}`,
      targeting: targeting(['Twitch', 'YouTube']),
    });
    // Invitations arrive without a connected channel: matching does not ask for one.
    const offers = await offersOf(api, creator);
    const onYouTube = offers.find((o) => o.campaignId === youtubeOnly)!;
    const onEither = offers.find((o) => o.campaignId === either)!;
    expect([onYouTube.status, onEither.status]).toEqual(['invited', 'invited']);
    const accept = (id: string) => api.request('POST', `/api/offers/${id}/accept`, { token: creator.token });

    const none = await accept(onEither.id);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(
      'Connect your Twitch or YouTube channel in Connect Accounts before accepting: Castbridge counts display only while the platform confirms you are live.',
    );
    // A Twitch channel does not do for a YouTube-only campaign.
    await connectChannel(api, creator, 'twitch');
    const wrong = await accept(onYouTube.id);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(
      'Connect your YouTube channel in Connect Accounts before accepting: Castbridge counts display only while YouTube confirms you are live.',
    );
    expect(
      (await api.request('GET', `/api/offers/${onYouTube.id}`, { token: creator.token })).body.offer,
    ).toMatchObject({ status: 'invited' });
    const campaign = await api.request('GET', `/api/campaigns/${youtubeOnly}`, { token: advertiser.token });
    expect((campaign.body.campaign as { offers: { accepted: number } }).offers.accepted).toBe(0);

    // A channel waiting to be reconnected cannot be asked whether it is live: it does not count either.
    const youtube = await connectChannel(api, creator, 'youtube');
    await api.castbridge.db
      .updateTable('connected_accounts')
      .set({ status: 'reconnect' })
      .where('id', '=', youtube.id)
      .execute();
    expect((await accept(onYouTube.id)).status).toBe(409);
    await api.castbridge.db
      .updateTable('connected_accounts')
      .set({ status: 'connected' })
      .where('id', '=', youtube.id)
      .execute();
    const accepted = await accept(onYouTube.id);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.offer).toMatchObject({ status: 'accepted' });
    // Either platform will do where the campaign lists both.
    await api.castbridge.db.deleteFrom('connected_accounts').where('id', '=', youtube.id).execute();
    const onTwitch = await accept(onEither.id);
    expect(onTwitch.status, onTwitch.text).toBe(200);
  });

  it('declining keeps the optional reason, tells the advertiser, and frees room for another creator', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const first = await account(api, 'creator', { ...englishCreator, country: 'Ghana' });
    const campaign = await launched(api, advertiser, {
      spots: 1,
      targeting: {
        platforms: ['Twitch'],
        languages: ['English'],
        countries: ['Ghana', 'Kenya'],
        categories: [],
        minAvgViewers: null,
      },
    });
    const creators = [
      first,
      ...(await Promise.all(
        [1, 2, 3].map(() => account(api, 'creator', { ...englishCreator, country: 'Kenya', tier: 3 })),
      )),
    ];
    await api.castbridge.services.matcher.matchCampaign(campaign);
    const open = async () =>
      (await api.request('GET', `/api/campaigns/${campaign}`, { token: advertiser.token })).body.offers as {
        status: string;
        declineReason: string | null;
      }[];
    expect((await open()).filter((o) => o.status === 'invited')).toHaveLength(3);

    const invited = (
      await Promise.all(
        creators.map(async (c) => ({ c, offers: (await offersOf(api, c)).filter((o) => o.campaignId === campaign) })),
      )
    ).filter((x) => x.offers.length > 0);
    const { c: decliner, offers } = invited[0]!;
    const declined = await api.request('POST', `/api/offers/${offers[0]!.id}/decline`, {
      token: decliner.token,
      json: { reason: 'Not my audience' },
    });
    expect(declined.body.offer).toMatchObject({ status: 'declined', declineReason: 'Not my audience' });
    await api.castbridge.services.jobs.drain();
    const after = await open();
    expect(after.filter((o) => o.status === 'invited')).toHaveLength(3);
    expect(after.find((o) => o.status === 'declined')).toMatchObject({ declineReason: 'Not my audience' });
    const notes = await api.request('GET', '/api/notifications', { token: advertiser.token });
    expect((notes.body.notifications as { type: string; text: string }[])[0]).toMatchObject({
      type: 'offer.declined',
      text: expect.stringContaining('Not my audience'),
    });
  });

  it('a Spanish reader gets the match reasons and the refusals in Spanish, with their codes; English unchanged', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const mexican = { language: 'Mexico', country: 'Mexico', type_content: 'Chiptune and retro games on Twitch' };
    const connected = await account(api, 'creator', { ...mexican, tier: 1 });
    await connectChannel(api, connected, 'twitch');
    await connectChannel(api, connected, 'youtube');
    const unconnected = await account(api, 'creator', { ...mexican, locale: 'es-MX' });
    // No platform stated or connected: a campaign on every platform matches, and says so.
    const anywhere = await account(api, 'creator', { ...mexican, type_content: 'Chiptune covers' });
    const campaign = await launched(api, advertiser, {
      targeting: {
        platforms: ['Twitch', 'YouTube'],
        languages: ['Spanish'],
        countries: ['Mexico'],
        categories: ['chiptune'],
        minAvgViewers: null,
      },
    });
    const inSpanish = { 'accept-language': 'es-MX' };
    const offersIn = async (who: Account, headers: Record<string, string> = {}) => {
      const answer = await api.request('GET', '/api/offers', { token: who.token, headers });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('vary')).toContain('Accept-Language');
      return (answer.body.offers as { id: string; campaignId: string; reasons: unknown[] }[]).filter(
        (offer) => offer.campaignId === campaign,
      );
    };
    const english = [
      { criterion: 'platform', detail: 'Streams on Twitch and YouTube' },
      { criterion: 'language', detail: 'Broadcasts in Spanish' },
      { criterion: 'country', detail: 'Based in Mexico' },
      { criterion: 'category', detail: 'Content about chiptune' },
    ];
    const spanish = [
      { criterion: 'platform', detail: 'Transmite en Twitch y YouTube' },
      { criterion: 'language', detail: 'Transmite en español' },
      { criterion: 'country', detail: 'Vive en Mexico' },
      { criterion: 'category', detail: 'Contenido sobre chiptune' },
    ];
    const [offer] = await offersIn(connected);
    expect(offer!.reasons).toEqual(english);
    // Each language is its own cached answer; English stays as it was.
    expect((await offersIn(connected, inSpanish))[0]!.reasons).toEqual(spanish);
    expect((await offersIn(connected))[0]!.reasons).toEqual(english);
    const one = await api.request('GET', `/api/offers/${offer!.id}`, { token: connected.token, headers: inSpanish });
    expect(one.headers.get('vary')).toContain('Accept-Language');
    expect((one.body.offer as { reasons: unknown }).reasons).toEqual(spanish);
    // The account's language when the page sends none of its own (`*`, or no header).
    const [theirs] = await offersIn(unconnected, { 'accept-language': '*' });
    expect(theirs!.reasons).toEqual([{ criterion: 'platform', detail: 'Transmite en Twitch' }, ...spanish.slice(1)]);
    expect((await offersIn(unconnected))[0]!.reasons).toEqual(
      (await offersIn(unconnected, { 'accept-language': '*' }))[0]!.reasons,
    );

    expect((await offersIn(anywhere, inSpanish))[0]!.reasons).toEqual([
      { criterion: 'platform', detail: 'La campaña es para Twitch y YouTube' },
      ...spanish.slice(1),
    ]);
    expect((await offersIn(anywhere))[0]!.reasons).toEqual([
      { criterion: 'platform', detail: 'The campaign runs on Twitch and YouTube' },
      ...english.slice(1),
    ]);

    // A refusal in the reader's language, with a code a screen decides on.
    const accepting = await api.request('POST', `/api/offers/${theirs!.id}/accept`, { token: unconnected.token });
    expect(accepting.status).toBe(409);
    expect(accepting.body).toEqual({
      code: 'marketplace.channel_required',
      message:
        'Conecta tu canal de Twitch o YouTube en Conectar cuentas antes de aceptar: Castbridge solo cuenta la exhibición mientras la plataforma confirma que estás en vivo.',
    });
    const acceptingInEnglish = await api.request('POST', `/api/offers/${theirs!.id}/accept`, {
      token: unconnected.token,
      headers: { 'accept-language': 'en' },
    });
    expect(acceptingInEnglish.body).toEqual({
      code: 'marketplace.channel_required',
      message: connectBeforeAcceptMessage(['Twitch', 'YouTube']),
    });
    const decline = (reason: string, headers: Record<string, string> = {}) =>
      api.request('POST', `/api/offers/${offer!.id}/decline`, { token: connected.token, json: { reason }, headers });
    const tooLong = 'x'.repeat(501);
    for (const [headers, message] of [
      [inSpanish, 'El motivo puede tener como máximo 500 caracteres.'],
      [{}, 'reason: must be at most 500 characters'],
    ] as const) {
      const refused = await decline(tooLong, headers);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ code: 'marketplace.decline_reason_too_long', message });
    }
    // 500 once trimmed is a reason; the offer answered carries its reasons in the reader's language.
    const declined = await decline(` ${'x'.repeat(500)} `, inSpanish);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.offer).toMatchObject({ status: 'declined', reasons: spanish });
    const again = await api.request('POST', `/api/offers/${offer!.id}/accept`, {
      token: connected.token,
      headers: inSpanish,
    });
    expect([again.status, again.body]).toEqual([
      409,
      { code: 'marketplace.offer_not_answerable', message: 'Esta oferta fue rechazada: ahora no puedes aceptarla' },
    ]);
    const askAgain = await api.request('POST', `/api/offers/${offer!.id}/request-info`, {
      token: connected.token,
      json: { message: 'Which dates?' },
    });
    expect(askAgain.body).toEqual({
      code: 'marketplace.offer_not_answerable',
      message: 'This offer is declined: it cannot be asked about now',
    });
    const unknown = await api.request('GET', `/api/offers/${crypto.randomUUID()}`, {
      token: connected.token,
      headers: inSpanish,
    });
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { code: 'marketplace.offer_unknown', message: 'Esa oferta no existe' },
    ]);

    // A row stored before its reasons kept their words reads as stored, in any language.
    await api.castbridge.db
      .updateTable('offers')
      .set({ reasons: JSON.stringify([{ criterion: 'platform', detail: 'Streams on Twitch' }]) })
      .where('id', '=', theirs!.id)
      .execute();
    await touchOfferLists(api.castbridge.db, [unconnected.id]);
    expect((await offersIn(unconnected, inSpanish))[0]!.reasons).toEqual([
      { criterion: 'platform', detail: 'Streams on Twitch' },
    ]);
  });

  it("an offer's answers, a full, cancelled or ended campaign: each notice in its reader's language, names, titles and what people wrote as written", async () => {
    const { db, services } = api.castbridge;
    const advertiser = await approvedAdvertiser(api, operator);
    await db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', advertiser.id).execute();
    const place = { ...englishCreator, country: 'Uruguay' };
    const ana = await account(api, 'creator', { ...place, locale: 'es-MX' });
    const ben = await account(api, 'creator', { ...place, first_name: 'Ben', last_name: 'Cruz', locale: 'es-MX' });
    // An English reader: their notices as they always read.
    const cal = await account(api, 'creator', { ...place, first_name: 'Cal', last_name: 'Moore' });
    const notices = async (who: Account) =>
      (await api.request('GET', '/api/notifications', { token: who.token })).body.notifications as {
        type: string;
        title: string;
        text: string;
        offerId: string | null;
        locale: string;
      }[];
    const noticeOf = async (who: Account, type: string, offerId?: string) =>
      (await notices(who)).find((n) => n.type === type && (offerId === undefined || n.offerId === offerId));
    const offerOf = async (who: Account, campaignId: string) =>
      (await offersOf(api, who)).find((o) => o.campaignId === campaignId)!;

    const campaign = await launched(api, advertiser, {
      spots: 1,
      targeting: { ...campaignInput().targeting, countries: ['Uruguay'] },
    });
    const [anaOffer, benOffer, calOffer] = await Promise.all([ana, ben, cal].map((c) => offerOf(c, campaign)));
    const asked = await api.request('POST', `/api/offers/${anaOffer!.id}/request-info`, {
      token: ana.token,
      json: { message: '¿Qué sabor es?' },
    });
    expect(asked.status, asked.text).toBe(200);
    expect(await noticeOf(advertiser, 'offer.info_requested')).toMatchObject({
      title: 'Te piden más información',
      text: 'Ana Lee pregunta sobre «Weekend streams»: ¿Qué sabor es?',
      locale: 'es-MX',
    });
    const declined = await api.request('POST', `/api/offers/${benOffer!.id}/decline`, {
      token: ben.token,
      json: { reason: 'No transmito de noche' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(await noticeOf(advertiser, 'offer.declined')).toMatchObject({
      title: 'Oferta rechazada',
      text: 'Ben Cruz rechazó «Weekend streams»: No transmito de noche',
      locale: 'es-MX',
    });
    await connectChannel(api, ana);
    const accepted = await api.request('POST', `/api/offers/${anaOffer!.id}/accept`, { token: ana.token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await noticeOf(advertiser, 'offer.accepted')).toMatchObject({
      title: 'Oferta aceptada',
      text: 'Ana Lee aceptó «Weekend streams».',
      locale: 'es-MX',
    });
    expect(await noticeOf(advertiser, 'campaign.full')).toMatchObject({
      title: 'Campaña llena',
      text: 'Ya se ocuparon todos los lugares de «Weekend streams».',
      locale: 'es-MX',
    });
    expect(await noticeOf(cal, 'offer.expired', calOffer!.id)).toMatchObject({
      title: 'Offer expired',
      text: `Nova Energy's offer "Weekend streams" is full: every spot was taken.`,
      locale: 'en',
    });

    // A campaign cancelled with its offers open.
    const other = await launched(api, advertiser, {
      title: 'Summer streams',
      spots: 1,
      targeting: { ...campaignInput().targeting, countries: ['Uruguay'] },
    });
    const [anaOther, calOther] = await Promise.all([ana, cal].map((c) => offerOf(c, other)));
    expect((await api.request('POST', `/api/campaigns/${other}/cancel`, { token: advertiser.token })).status).toBe(200);
    expect(await noticeOf(ana, 'offer.expired', anaOther!.id)).toMatchObject({
      title: 'Oferta vencida',
      text: 'La oferta «Summer streams» de Nova Energy venció: el anunciante canceló la campaña.',
      locale: 'es-MX',
    });
    expect(await noticeOf(cal, 'offer.expired', calOther!.id)).toMatchObject({
      text: `Nova Energy's offer "Summer streams" was cancelled by the advertiser.`,
      locale: 'en',
    });

    // The first campaign ends before Ana's delivery was confirmed.
    await db.updateTable('campaigns').set({ ends_on: '2000-01-01' }).where('id', '=', campaign).execute();
    await services.campaigns.completeEnded();
    expect(await noticeOf(ana, 'offer.expired', anaOffer!.id)).toMatchObject({
      title: 'Oferta vencida',
      text: 'La oferta «Weekend streams» de Nova Energy venció: la campaña terminó antes de que se confirmara tu entrega.',
      locale: 'es-MX',
    });
    expect(await noticeOf(advertiser, 'campaign.completed')).toMatchObject({
      title: 'Campaña terminada',
      text: '«Weekend streams» terminó: ningún creador la completó; se devolvió USD\u00a0250 a tu saldo.',
      locale: 'es-MX',
    });
  });

  it('GET /api/offers is answered from a cache that every change to a list invalidates, gzip when accepted', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const creator = await account(api, 'creator', { ...englishCreator, country: 'Peru' });
    const campaign = await launched(api, advertiser, {
      targeting: {
        platforms: ['Twitch'],
        languages: ['English'],
        countries: ['Peru'],
        categories: [],
        minAvgViewers: null,
      },
    });
    const [offer] = (await offersOf(api, creator)).filter((o) => o.campaignId === campaign);
    expect((await offersOf(api, advertiser)).find((o) => o.id === offer!.id)!.creator).toMatchObject({
      name: 'Ana Lee',
    });

    // The creator's name is on the advertiser's cached list: a profile change raises the advertiser's revision.
    expect(
      (await api.request('PUT', '/api/profile', { token: creator.token, json: { first_name: 'Ada' } })).status,
    ).toBe(200);
    expect((await offersOf(api, advertiser)).find((o) => o.id === offer!.id)!.creator).toMatchObject({
      name: 'Ada Lee',
    });
    // A message changes both sides' counts; the filtered list is cached apart from the whole one.
    expect((await offersOf(api, creator, 'invited')).map((o) => o.id)).toContain(offer!.id);
    await api.request('POST', `/api/offers/${offer!.id}/request-info`, {
      token: creator.token,
      json: { message: 'Which flavour?' },
    });
    expect((await offersOf(api, creator, 'invited')).map((o) => o.id)).not.toContain(offer!.id);
    expect((await offersOf(api, advertiser)).find((o) => o.id === offer!.id)).toMatchObject({
      status: 'info_requested',
      messageCount: 1,
    });

    // Compressed once per revision for clients that accept it; the same answer either way.
    const plain = await api.castbridge.app.request('/api/offers', {
      headers: { authorization: `Bearer ${creator.token}` },
    });
    const packed = await api.castbridge.app.request('/api/offers', {
      headers: { authorization: `Bearer ${creator.token}`, 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    // Its offers' match reasons are worded in the reader's language: the answer says so.
    expect(packed.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect(plain.headers.get('vary')).toContain('Accept-Language');
    expect(packed.headers.get('cache-control')).toBe('no-store');
    expect(gunzipSync(Buffer.from(await packed.arrayBuffer())).toString('utf8')).toBe(await plain.text());

    // A write that forgets the revision is caught by the tests' contract check rather than served stale.
    await api.castbridge.db
      .updateTable('offers')
      .set({ decline_reason: 'edited behind the cache' })
      .where('id', '=', offer!.id)
      .execute();
    const stale = await api.request('GET', '/api/offers', { token: creator.token });
    expect(stale.status).toBe(500);
    await touchOfferLists(api.castbridge.db, [creator.id]);
    expect((await offersOf(api, creator)).find((o) => o.id === offer!.id)).toMatchObject({
      declineReason: 'edited behind the cache',
    });

    // An erased account takes its offers along: the other side's cached list changes too.
    await api.castbridge.services.users.erase(advertiser.id);
    expect((await offersOf(api, creator)).map((o) => o.id)).not.toContain(offer!.id);
  });

  it('offers refuse other creators and advertisers (404) and answering by anyone but the creator (403)', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const otherAdvertiser = await approvedAdvertiser(api, operator);
    // A country of their own: the file's earlier creators would otherwise compete for the campaign's offers (spots × 3).
    const creator = await account(api, 'creator', { ...englishCreator, country: 'Luxembourg' });
    const otherCreator = await account(api, 'creator', { ...englishCreator, language: 'Spanish' });
    const campaign = await launched(api, advertiser, {
      title: `Private ${Date.now()}`,
      targeting: { ...campaignInput().targeting, countries: ['Luxembourg'] },
    });
    const offer = (await offersOf(api, creator)).find((o) => o.campaignId === campaign)!;
    expect(offer, 'the creator got an offer').toBeDefined();
    const reads: [string, string, unknown?][] = [
      ['GET', `/api/offers/${offer.id}`],
      ['GET', `/api/offers/${offer.id}/messages`],
      ['POST', `/api/offers/${offer.id}/messages`, { body: 'hello' }],
    ];
    for (const who of [otherCreator, otherAdvertiser, operator]) {
      for (const [method, url, json] of reads)
        expect(
          (await api.request(method, url, { token: who.token, ...(json ? { json } : {}) })).status,
          `${method} ${url}`,
        ).toBe(404);
    }
    for (const action of ['accept', 'decline', 'request-info']) {
      const json = action === 'request-info' ? { message: 'hi' } : {};
      expect(
        (await api.request('POST', `/api/offers/${offer.id}/${action}`, { token: otherCreator.token, json })).status,
      ).toBe(404);
      expect(
        (await api.request('POST', `/api/offers/${offer.id}/${action}`, { token: advertiser.token, json })).status,
      ).toBe(403);
      expect((await api.request('POST', `/api/offers/${offer.id}/${action}`, { json })).status).toBe(401);
    }
    expect(await offersOf(api, otherAdvertiser)).toEqual([]);
    expect((await api.request('GET', '/api/offers', { token: operator.token })).status).toBe(403);
    expect((await api.request('GET', '/api/offers?status=bogus', { token: creator.token })).status).toBe(400);
    expect((await api.request('GET', `/api/offers/${offer.id}`, { token: advertiser.token })).body.offer).toMatchObject(
      { id: offer.id, creator: { name: 'Ana Lee' } },
    );
  });

  it('50 creators accepting a 3-spot campaign at once: exactly 3 accepted, the rest refused with 409, open offers expire', async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const campaign = await launched(api, advertiser, {
      spots: 3,
      targeting: {
        platforms: ['Twitch'],
        languages: ['English'],
        countries: ['Iceland'],
        categories: [],
        minAvgViewers: null,
      },
    });
    const creators = await Promise.all(
      Array.from({ length: 50 }, () => account(api, 'creator', { ...englishCreator, country: 'Iceland' })),
    );
    for (const creator of creators) await connectChannel(api, creator);
    // Matching keeps spots × 3 open offers; the race needs all 50 invited, so they are written directly.
    const { db } = api.castbridge;
    await db.deleteFrom('offers').where('campaign_id', '=', campaign).execute();
    const stamp = new Date().toISOString();
    await db
      .insertInto('offers')
      .values(
        creators.map((c, i) => ({
          id: `race-${backendName}-${i}-${Date.now()}`,
          campaign_id: campaign,
          creator_id: c.id,
          status: 'invited' as const,
          reasons: '[]',
          score: 0,
          decline_reason: null,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    const offers = await Promise.all(
      creators.map(async (c) => (await offersOf(api, c)).find((o) => o.campaignId === campaign)!),
    );
    const answers = await Promise.all(
      creators.map((c, i) => api.request('POST', `/api/offers/${offers[i]!.id}/accept`, { token: c.token })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('All spots of this campaign are taken');
    const detail = await api.request('GET', `/api/campaigns/${campaign}`, { token: advertiser.token });
    expect((detail.body.campaign as { offers: Record<string, number> }).offers).toMatchObject({
      accepted: 3,
      expired: 47,
      invited: 0,
    });
    const row = await db
      .selectFrom('campaigns')
      .select('accepted_count')
      .where('id', '=', campaign)
      .executeTakeFirstOrThrow();
    expect(Number(row.accepted_count)).toBe(3);
  });

  it('notifications: listed newest first with the unread count, read and cleared for good', async () => {
    const creator = await account(api, 'creator');
    const { services, db } = api.castbridge;
    const announce = await services.notifier.create(
      db,
      [1, 2, 3].map((n) => ({
        userId: creator.id,
        type: 'offer.new' as const,
        title: `Offer ${n}`,
        text: `Text ${n}`,
      })),
    );
    announce();
    const list = await api.request('GET', '/api/notifications', { token: creator.token });
    const items = list.body.notifications as { id: number; title: string; read: boolean }[];
    expect(items.map((n) => n.title)).toEqual(['Offer 3', 'Offer 2', 'Offer 1']);
    expect(list.body.unread).toBe(3);
    expect(
      (await api.request('POST', '/api/notifications/read', { token: creator.token, json: { upTo: items[1]!.id } }))
        .body,
    ).toEqual({ unread: 1 });
    expect(
      (await api.request('POST', '/api/notifications/clear', { token: creator.token, json: { upTo: items[1]!.id } }))
        .body,
    ).toEqual({ unread: 1 });
    const left = await api.request('GET', '/api/notifications', { token: creator.token });
    expect((left.body.notifications as { title: string }[]).map((n) => n.title)).toEqual(['Offer 3']);
    expect((await api.request('POST', '/api/notifications/clear', { token: creator.token, json: {} })).body).toEqual({
      unread: 0,
    });
    expect((await api.request('GET', '/api/notifications', { token: creator.token })).body).toEqual({
      notifications: [],
      unread: 0,
    });
    // Another user's notifications are untouched by these calls.
    const other = await account(api, 'creator');
    (await services.notifier.create(db, [{ userId: other.id, type: 'offer.new', title: 'Theirs', text: 'x' }]))();
    await api.request('POST', '/api/notifications/clear', { token: creator.token, json: {} });
    expect((await api.request('GET', '/api/notifications', { token: other.token })).body.unread).toBe(1);
    expect((await api.request('GET', '/api/notifications')).status).toBe(401);
  });

  it('the live stream: a ticket from POST /api/events/ticket, events with ids, resume from Last-Event-ID; no ticket 401', async () => {
    const creator = await account(api, 'creator');
    expect((await api.request('GET', '/api/events')).status).toBe(400);
    expect((await api.request('GET', '/api/events?ticket=forged.ticket')).status).toBe(401);
    expect((await api.request('POST', '/api/events/ticket')).status).toBe(401);
    const ticket = (await api.request('POST', '/api/events/ticket', { token: creator.token })).body.ticket as string;
    expect(ticket.length).toBeGreaterThan(20);

    const response = await api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { services, db } = api.castbridge;
    // Not a wait of the test: the notification is made on a later task, while the open stream is being read.
    setTimeout(() => {
      void services.notifier
        .create(db, [{ userId: creator.id, type: 'offer.new', title: 'Live one', text: 'Now' }])
        .then((announce) => announce());
    }, 50);
    const events = await readEvents(response, 2);
    expect(events[0]).toMatchObject({ event: 'ready' });
    expect(events[1]).toMatchObject({ event: 'notification' });
    const live = JSON.parse(events[1]!.data) as { id: number; title: string };
    expect(live.title).toBe('Live one');
    expect(events[1]!.id).toBe(String(live.id));

    // Two more while away; a reconnect with Last-Event-ID gets exactly those.
    (
      await services.notifier.create(
        db,
        [1, 2].map((n) => ({ userId: creator.id, type: 'offer.new' as const, title: `Missed ${n}`, text: 'x' })),
      )
    )();
    // A ticket opens one stream: the reconnect asks a new one.
    const next = (await api.request('POST', '/api/events/ticket', { token: creator.token })).body.ticket as string;
    const again = await api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(next)}`, {
      headers: { 'Last-Event-ID': String(live.id) },
    });
    const resumed = await readEvents(again, 3);
    expect(resumed.slice(1).map((e) => (JSON.parse(e.data) as { title: string }).title)).toEqual([
      'Missed 1',
      'Missed 2',
    ]);

    // A newcomer listed nothing (its dashboard connects with lastEventId=0): what was made between its empty list and
    // its connection still arrives (an offer matched while the screen loaded was lost before).
    const newcomer = await account(api, 'creator');
    expect((await api.request('GET', '/api/notifications', { token: newcomer.token })).body.notifications).toEqual([]);
    (
      await services.notifier.create(db, [
        { userId: newcomer.id, type: 'offer.new', title: 'Made while loading', text: 'x' },
      ])
    )();
    const fresh = (await api.request('POST', '/api/events/ticket', { token: newcomer.token })).body.ticket as string;
    const first = await readEvents(
      await api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(fresh)}&lastEventId=0`),
      2,
    );
    expect(first.slice(1).map((e) => (JSON.parse(e.data) as { title: string }).title)).toEqual(['Made while loading']);
    expect(services.bus.size()).toBe(0);
  });
});
