// The overlay for OBS (docs/product.md §The overlay for OBS) on SQLite and PostgreSQL: settings (creators only), the token (hashed, rotatable,
// the old one dead at once), the live stream (full state on connect, every change pushed, `revoked` on rotation),
// heartbeats (only the token's own active offers, counted once, never beyond the wall clock, floods add nothing; claims
// only: they complete nothing), completion through the ledger once the platform confirmed enough minutes (the
// settlement itself: verification.test.ts), and the proof per offer — with the wrong role (403), the wrong owner
// (404) and nobody (401).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignInput } from '../../contract/schemas/marketplace.ts';
import type { OverlayState } from '../../contract/overlay.ts';
import { hashToken } from '../../server/overlay/store.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, type Account } from './market.ts';
import { sseReader } from './sse.ts';

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
  'Belize',
  'Bhutan',
  'Laos',
  'Cuba',
];
let countryIndex = 0;

describe.each(BACKENDS)('the overlay on %s', (backendName) => {
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
  afterEach(async () => {
    vi.useRealTimers();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const tokenOf = (overlay: { path: string }) => overlay.path.split('/').pop()!;
  const overlayOf = async (creator: Account) => {
    const answer = await api.request('GET', '/api/overlay', { token: creator.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.overlay as {
      enabled: boolean;
      position: string;
      size: number;
      rotationSeconds: number;
      url: string;
      path: string;
    };
  };
  const beat = (token: string, offerId: string, seconds = 15, beatId = `beat-${Math.random().toString(36).slice(2)}`) =>
    api.request('POST', '/api/overlay/heartbeat', { json: { token, offerId, seconds, beatId } });
  const stream = async (token: string) => {
    const response = await api.castbridge.app.request(`/api/overlay/stream?token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return sseReader(response);
  };
  const nextState = async (reader: ReturnType<typeof sseReader>) => {
    const event = await reader.next();
    expect(event?.event).toBe('state');
    const state = JSON.parse(event!.data) as OverlayState;
    expect(event!.id).toBe(String(state.version));
    return state;
  };
  /** Reads states until one satisfies `wanted` (a change may bring more than one push). */
  const stateWhere = async (reader: ReturnType<typeof sseReader>, wanted: (state: OverlayState) => boolean) => {
    for (let i = 0; i < 5; i += 1) {
      const state = await nextState(reader);
      if (wanted(state)) return state;
    }
    throw new Error('the wanted state never came');
  };
  const brands = (state: OverlayState) => state.creatives.map((c) => c.brand).join(',');

  /**
   * The platform says `creator`'s channel was live and disclosed, with 50 viewers, from `from` to `to` (looked at
   * every minute, as server/connections/live.ts records it), and was last asked at `to`.
   */
  async function confirmLive(creator: Account, channel: { id: string; login: string }, from: number, to: number) {
    const { db } = api.castbridge;
    const key = `twitch:stream-${channel.login}`;
    await db
      .insertInto('live_streams')
      .values({
        id: key,
        creator_id: creator.id,
        account_id: channel.id,
        platform: 'twitch',
        channel_id: `twitch-${channel.login}`,
        channel_login: channel.login,
        stream_id: `stream-${channel.login}`,
        started_at: from,
        last_live_at: to,
        ended_at: null,
        title: 'Speedruns #ad',
        recording_url: null,
      })
      .execute();
    for (let at = from; at <= to; at += 60_000)
      await db
        .insertInto('live_samples')
        .values({ stream_key: key, at, viewers: 50, title: 'Speedruns #ad', disclosed: 1, branded: 0 })
        .execute();
    await db
      .insertInto('live_watch')
      .values({
        account_id: channel.id,
        creator_id: creator.id,
        platform: 'twitch',
        checked_at: to,
        live: 1,
        stream_key: key,
        problem: null,
      })
      .execute();
  }

  /** A creator (alone in a country, so only they match) with an offer of a launched campaign, accepted unless told. */
  async function creatorWithOffer(overrides: Partial<CampaignInput> = {}, accept = true) {
    const country = `${COUNTRIES[countryIndex % COUNTRIES.length]}`;
    countryIndex += 1;
    const creator = await account(api, 'creator', {
      language: 'English',
      country,
      type_content: 'Speedruns on Twitch',
    });
    const channel = await connectChannel(api, creator);
    return { country, channel, ...(await offerFor(creator, country, overrides, accept)) };
  }

  /** Another launched campaign aimed at `country`, and its offer to `creator` (accepted unless told). */
  async function offerFor(creator: Account, country: string, overrides: Partial<CampaignInput> = {}, accept = true) {
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: 10_000,
        targeting: { ...campaignInput().targeting, countries: [country] },
        ...overrides,
      }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    expect((await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status).toBe(
      200,
    );
    await api.castbridge.services.jobs.drain();
    const offers = (
      (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
        id: string;
        campaignId: string;
      }[]
    ).filter((o) => o.campaignId === campaignId);
    expect(offers).toHaveLength(1);
    const offerId = offers[0]!.id;
    if (accept)
      expect((await api.request('POST', `/api/offers/${offerId}/accept`, { token: creator.token })).status).toBe(200);
    return { creator, campaignId, offerId };
  }

  it('settings: made on first read with a secret URL, changed by PUT; creators only; bad values get a message', async () => {
    const creator = await account(api, 'creator');
    const overlay = await overlayOf(creator);
    expect(overlay).toMatchObject({ enabled: true, position: 'bottom-right', size: 25, rotationSeconds: 20 });
    const token = tokenOf(overlay);
    // 256 random bits, base64url; the URL is the server's origin + /overlay/<token>.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(overlay.url.endsWith(`/overlay/${token}`)).toBe(true);
    expect(tokenOf(await overlayOf(creator))).toBe(token);

    // Stored hashed (and sealed for the dashboard), never in the clear.
    const row = await api.castbridge.db
      .selectFrom('overlays')
      .selectAll()
      .where('creator_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const changed = await api.request('PUT', '/api/overlay', {
      token: creator.token,
      json: { enabled: false, position: 'top-left', size: 40, rotationSeconds: 45 },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.overlay).toMatchObject({ enabled: false, position: 'top-left', size: 40, rotationSeconds: 45 });

    for (const [json, message] of [
      [{ position: 'middle' }, /position/],
      [{ size: 33 }, /size: must be one of 20, 25, 30, 40, 50/],
      [{ rotationSeconds: 1 }, /rotationSeconds: must be one of/],
      [{}, /Nothing to change/],
      [{ enabled: 'yes' }, /enabled/],
      [{ token: 'mine' }, /token/],
    ] as const) {
      const refused = await api.request('PUT', '/api/overlay', { token: creator.token, json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect((await overlayOf(creator)).position).toBe('top-left');

    for (const who of [advertiser, operator]) {
      expect((await api.request('GET', '/api/overlay', { token: who.token })).status).toBe(403);
      expect((await api.request('PUT', '/api/overlay', { token: who.token, json: { enabled: true } })).status).toBe(
        403,
      );
      expect((await api.request('POST', '/api/overlay/rotate', { token: who.token })).status).toBe(403);
    }
    expect((await api.request('GET', '/api/overlay')).status).toBe(401);
    expect((await api.request('PUT', '/api/overlay', { json: { enabled: true } })).status).toBe(401);
    expect((await api.request('POST', '/api/overlay/rotate')).status).toBe(401);
  });

  it('the stream: the full state on connect, then every change — switch, settings, a new accepted offer, a paused campaign', async () => {
    const { creator, offerId, campaignId } = await creatorWithOffer();
    const token = tokenOf(await overlayOf(creator));
    const reader = await stream(token);
    const first = await nextState(reader);
    expect(first).toMatchObject({ enabled: true, position: 'bottom-right', size: 25, rotationSeconds: 20 });
    expect(first.creatives).toEqual([
      { offerId, brand: 'Nova Energy', title: 'Weekend streams', image: null, disclosure: 'Sponsored by Nova Energy' },
    ]);

    await api.request('PUT', '/api/overlay', { token: creator.token, json: { enabled: false } });
    const off = await nextState(reader);
    expect(off.enabled).toBe(false);
    // Switched off, it says nothing about what it would show.
    expect(off.creatives).toEqual([]);
    expect(off.version).toBeGreaterThan(first.version);
    await api.request('PUT', '/api/overlay', { token: creator.token, json: { enabled: true, position: 'top-right' } });
    expect(await nextState(reader)).toMatchObject({ enabled: true, position: 'top-right' });

    // A second campaign reaches the same creator (same country); accepting it adds its creative live.
    const country = (
      await api.castbridge.db
        .selectFrom('users')
        .select('country')
        .where('id', '=', creator.id)
        .executeTakeFirstOrThrow()
    ).country!;
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        brand: 'Glow Cola',
        title: 'Night runs',
        deliverable: { ...campaignInput().deliverable, disclosure: 'Sponsored by Glow Cola' },
        targeting: { ...campaignInput().targeting, countries: [country] },
      }),
    });
    const second = (created.body.campaign as { id: string }).id;
    await api.request('POST', `/api/campaigns/${second}/launch`, { token: advertiser.token });
    await api.castbridge.services.jobs.drain();
    const invited = (
      (await api.request('GET', '/api/offers?status=invited', { token: creator.token })).body.offers as { id: string }[]
    )[0]!;
    await api.request('POST', `/api/offers/${invited.id}/accept`, { token: creator.token });
    await stateWhere(reader, (state) => brands(state) === 'Nova Energy,Glow Cola');

    await api.request('POST', `/api/campaigns/${campaignId}/pause`, { token: advertiser.token });
    await stateWhere(reader, (state) => brands(state) === 'Glow Cola');
    await api.request('POST', `/api/campaigns/${campaignId}/resume`, { token: advertiser.token });
    await stateWhere(reader, (state) => brands(state) === 'Nova Energy,Glow Cola');
    await reader.close();
  });

  it("the state says the creator's language, the one the overlay's own word is shown in (issue 49)", async () => {
    const { creator } = await creatorWithOffer();
    const token = tokenOf(await overlayOf(creator));
    const english = await stream(token);
    expect((await nextState(english)).locale).toBe('en');
    await english.close();
    const saved = await api.request('PUT', '/api/settings', { token: creator.token, json: { locale: 'es-MX' } });
    expect(saved.status, saved.text).toBe(200);
    const spanish = await stream(token);
    const state = await nextState(spanish);
    expect(state.locale).toBe('es-MX');
    // The campaign's label as the advertiser wrote it: the page puts "Patrocinado" before it (src/overlay/paint.ts).
    expect(state.creatives.map((creative) => creative.disclosure)).toEqual(['Sponsored by Nova Energy']);
    await spanish.close();
  });

  it('an unknown token shows nothing and leaks nothing; rotating ends the old URL at once', async () => {
    for (const bad of ['', 'nope', 'A'.repeat(43), 'x'.repeat(300)]) {
      const response = await api.castbridge.app.request(`/api/overlay/stream?token=${bad}`);
      expect(response.status, bad).toBe(bad.length > 200 || bad === '' ? (bad === '' ? 404 : 400) : 404);
      expect(response.headers.get('content-type')).toMatch(/json/);
    }
    const { creator, offerId } = await creatorWithOffer();
    const old = tokenOf(await overlayOf(creator));
    const reader = await stream(old);
    await nextState(reader);
    // A heartbeat first: the old token is in the server's short cache when it is rotated.
    expect((await beat(old, offerId)).status).toBe(200);
    const rotated = await api.request('POST', '/api/overlay/rotate', { token: creator.token });
    expect(rotated.status).toBe(200);
    const fresh = tokenOf(rotated.body.overlay as { path: string });
    expect(fresh).not.toBe(old);
    // The open page is told, and its stream ends.
    expect((await reader.next())?.event).toBe('revoked');
    expect(await reader.next(500)).toBeNull();
    expect(reader.ended).toBe(true);
    await expect.poll(() => api.castbridge.services.overlays.hub.size()).toBe(0);
    // The old token: no stream, no heartbeats (and the same answer as a token that never existed).
    const gone = await api.castbridge.app.request(`/api/overlay/stream?token=${old}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Not found', code: 'overlay.token_unknown' });
    const oldBeat = await beat(old, offerId);
    expect(oldBeat.status).toBe(404);
    expect(oldBeat.body).toEqual({ message: 'Not found', code: 'overlay.token_unknown' });
    // The new one works.
    const again = await stream(fresh);
    expect((await nextState(again)).creatives).toHaveLength(1);
    await again.close();
    expect((await beat(fresh, offerId)).status).toBe(200);
  });

  it("after pushes may have been lost (the instances' transport came back), an open page checks its token and gets the current state", async () => {
    const { creator } = await creatorWithOffer();
    const token = tokenOf(await overlayOf(creator));
    const reader = await stream(token);
    expect((await nextState(reader)).enabled).toBe(true);
    // Switched off by another instance whose message never arrived: only the database knows.
    await api.castbridge.db.updateTable('overlays').set({ enabled: 0 }).where('creator_id', '=', creator.id).execute();
    api.castbridge.services.overlays.hub.resync();
    expect(await stateWhere(reader, (state) => !state.enabled)).toMatchObject({ enabled: false, creatives: [] });
    // Rotated there too: the page's token is dead, its stream ends.
    await api.castbridge.db
      .updateTable('overlays')
      .set({ token_hash: hashToken('rotated-elsewhere') })
      .where('creator_id', '=', creator.id)
      .execute();
    api.castbridge.services.overlays.hub.resync();
    expect((await reader.next())?.event).toBe('revoked');
    expect(await reader.next(500)).toBeNull();
  });

  it("heartbeats count only the token's own active offers: someone else's offer, an open invitation or a switched-off overlay count nothing", async () => {
    const mine = await creatorWithOffer();
    const theirs = await creatorWithOffer();
    const invited = await creatorWithOffer({}, false);
    const token = tokenOf(await overlayOf(mine.creator));
    const someoneElse = await beat(token, theirs.offerId);
    expect(someoneElse.status).toBe(404);
    expect(someoneElse.body.message).toBe('This overlay has no active offer with that id');
    expect((await beat(tokenOf(await overlayOf(invited.creator)), invited.offerId)).status).toBe(404);
    expect((await beat(token, 'off_does_not_exist')).status).toBe(404);
    await api.request('PUT', '/api/overlay', { token: mine.creator.token, json: { enabled: false } });
    const off = await beat(token, mine.offerId);
    expect(off.status).toBe(409);
    expect(off.body).toEqual({
      message: 'The overlay is switched off: it does not count display',
      code: 'overlay.switched_off',
    });
    // In the page's language when it asks for one, with the same code.
    const spanish = await api.request('POST', '/api/overlay/heartbeat', {
      json: { token, offerId: mine.offerId, seconds: 15, beatId: 'beat-spanish' },
      headers: { 'accept-language': 'es-MX' },
    });
    expect(spanish.body).toEqual({
      message: 'El overlay está desactivado: no cuenta la exhibición',
      code: 'overlay.switched_off',
    });
    await api.request('PUT', '/api/overlay', { token: mine.creator.token, json: { enabled: true } });
    for (const json of [
      {},
      { token, offerId: mine.offerId, seconds: 0, beatId: 'b-00000001' },
      { token, offerId: mine.offerId, seconds: 61, beatId: 'b-00000001' },
      { token, offerId: mine.offerId, seconds: 1.5, beatId: 'b-00000001' },
      { token, offerId: mine.offerId, seconds: 5 },
    ]) {
      const refused = await api.request('POST', '/api/overlay/heartbeat', { json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    const progress = await api.castbridge.db
      .selectFrom('overlay_progress')
      .selectAll()
      .where('offer_id', 'in', [theirs.offerId, invited.offerId])
      .execute();
    expect(progress).toEqual([]);
  });

  it('credit never runs ahead of the wall clock: a flood, a replay and a backlog add nothing beyond real time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${new Date().toISOString().slice(0, 10)}T12:00:05Z`));
    const { creator, offerId } = await creatorWithOffer({
      deliverable: { ...campaignInput().deliverable, minutes: 600 },
    });
    const token = tokenOf(await overlayOf(creator));
    const first = await beat(token, offerId, 15, 'beat-0000-first');
    expect(first.body).toMatchObject({
      creditedSeconds: 15,
      displayedSeconds: 15,
      deliverableSeconds: 36_000,
      completed: false,
    });
    // The offer became active with its first displayed seconds.
    expect((await api.request('GET', `/api/offers/${offerId}`, { token: creator.token })).body.offer).toMatchObject({
      status: 'active',
    });
    // The same heartbeat again (a retry): counted once.
    expect((await beat(token, offerId, 15, 'beat-0000-first')).body).toMatchObject({
      creditedSeconds: 0,
      displayedSeconds: 15,
    });
    // A flood in the same instant: 200 heartbeats claiming 60 s each add nothing.
    const flood = await Promise.all(Array.from({ length: 200 }, () => beat(token, offerId, 60)));
    expect(flood.every((answer) => answer.status === 200)).toBe(true);
    expect(flood.reduce((sum, answer) => sum + (answer.body.creditedSeconds as number), 0)).toBe(0);
    // 15 s later a heartbeat claiming 60 s is credited 15.
    vi.setSystemTime(Date.now() + 15_000);
    expect((await beat(token, offerId, 60)).body).toMatchObject({ creditedSeconds: 15, displayedSeconds: 30 });
    // After an hour away, at most a minute of backlog counts.
    vi.setSystemTime(Date.now() + 3_600_000);
    expect((await beat(token, offerId, 60)).body).toMatchObject({ creditedSeconds: 60, displayedSeconds: 90 });
    expect((await beat(token, offerId, 60)).body).toMatchObject({ creditedSeconds: 0, displayedSeconds: 90 });
    // Seconds are kept per minute, never more than 60 in one.
    const rows = await api.castbridge.db
      .selectFrom('overlay_minutes')
      .selectAll()
      .where('offer_id', '=', offerId)
      .execute();
    expect(rows.reduce((sum, row) => sum + Number(row.seconds), 0)).toBe(90);
    expect(rows.every((row) => Number(row.seconds) <= 60)).toBe(true);
  });

  it('one overlay shows one creative at a time: heartbeats for several offers at once share one wall-clock budget', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date(`${new Date().toISOString().slice(0, 10)}T13:00:00Z`).getTime();
    vi.setSystemTime(start);
    const long = { deliverable: { ...campaignInput().deliverable, minutes: 600 } };
    const first = await creatorWithOffer(long);
    const second = await offerFor(first.creator, first.country, long);
    const third = await offerFor(first.creator, first.country, long);
    const offerIds = [first.offerId, second.offerId, third.offerId];
    const token = tokenOf(await overlayOf(first.creator));
    // Every 15 s, each of the three offers claims the whole 15 s: together they are credited 15 s, not 45.
    let credited = 0;
    for (let tick = 1; tick <= 20; tick += 1) {
      vi.setSystemTime(start + tick * 15_000);
      const answers = await Promise.all(offerIds.map((offerId) => beat(token, offerId, 15)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const now = answers.reduce((sum, answer) => sum + (answer.body.creditedSeconds as number), 0);
      // The first tick may reach back over the claimed 15 s only.
      expect(now).toBe(15);
      credited += now;
    }
    expect(credited).toBe(300);
    const totals = await api.castbridge.db
      .selectFrom('overlay_progress')
      .select('displayed_seconds')
      .where('offer_id', 'in', offerIds)
      .execute();
    expect(totals.reduce((sum, row) => sum + Number(row.displayed_seconds), 0)).toBe(300);
    // The minutes of all three never hold more than a minute of display between them.
    const rows = await api.castbridge.db
      .selectFrom('overlay_minutes')
      .select(['minute', 'seconds'])
      .where('offer_id', 'in', offerIds)
      .execute();
    const perMinute = new Map<number, number>();
    for (const row of rows)
      perMinute.set(Number(row.minute), (perMinute.get(Number(row.minute)) ?? 0) + Number(row.seconds));
    expect([...perMinute.values()].every((seconds) => seconds <= 60)).toBe(true);
    expect([...perMinute.values()].reduce((sum, seconds) => sum + seconds, 0)).toBe(300);
  });

  it("the proof adds up to what was credited, whatever the heartbeats' rhythm", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date(`${new Date().toISOString().slice(0, 10)}T14:00:00Z`).getTime();
    vi.setSystemTime(start);
    const { creator, offerId } = await creatorWithOffer({
      deliverable: { ...campaignInput().deliverable, minutes: 600 },
    });
    const token = tokenOf(await overlayOf(creator));
    // A page whose timer runs early or late, a late heartbeat claiming its backlog, a pause, a restart (booked where
    // the display was: a late claim's seconds are not stacked onto the minute it arrived in).
    const beats: [number, number][] = [
      [45, 15],
      [84, 15],
      [120, 60],
      [134, 15],
      [151, 16],
      [164, 15],
      [900, 15],
      [916, 15],
      [929, 14],
      [948, 15],
    ];
    let displayed = 0;
    for (const [at, seconds] of beats) {
      vi.setSystemTime(start + at * 1000);
      const answer = await beat(token, offerId, seconds);
      expect(answer.status, answer.text).toBe(200);
      displayed = answer.body.displayedSeconds as number;
    }
    expect(displayed).toBeGreaterThan(150);
    const display = (await api.request('GET', `/api/offers/${offerId}/display`, { token: creator.token })).body
      .display as {
      displayedSeconds: number;
      days: { seconds: number }[];
      sessions: { start: string; end: string; seconds: number }[];
    };
    expect(display.displayedSeconds).toBe(displayed);
    expect(display.days.reduce((sum, day) => sum + day.seconds, 0)).toBe(displayed);
    expect(display.sessions.reduce((sum, session) => sum + session.seconds, 0)).toBe(displayed);
    // The pause splits the display into two sessions; none ends after the last heartbeat.
    expect(display.sessions).toHaveLength(2);
    expect(Date.parse(display.sessions.at(-1)!.end)).toBeLessThanOrEqual(start + 948 * 1000 + 60_000);
  });

  it('an offer whose verified display met its deliverable but whose completion failed is completed by the sweep, before its campaign ends', async () => {
    const { creator, offerId, campaignId } = await creatorWithOffer({
      deliverable: { ...campaignInput().deliverable, minutes: 2 },
    });
    // Claimed in full but not confirmed by the platform: nothing to complete.
    const stamp = new Date().toISOString();
    await api.castbridge.db
      .insertInto('overlay_progress')
      .values({
        offer_id: offerId,
        displayed_seconds: 120,
        credited_until: Date.now(),
        last_beat_id: 'beat-before-the-crash',
        first_beat_at: stamp,
        last_beat_at: stamp,
      })
      .execute();
    expect(await api.castbridge.services.overlays.completeDue()).toBe(0);
    // As if the server stopped between settling the last verified minute and completing the offer.
    await api.castbridge.db
      .updateTable('overlay_progress')
      .set({ verified_seconds: 120 })
      .where('offer_id', '=', offerId)
      .execute();
    await api.castbridge.db
      .updateTable('campaigns')
      .set({ ends_on: '2020-01-01' })
      .where('id', '=', campaignId)
      .execute();
    expect(await api.castbridge.services.overlays.completeDue()).toBe(1);
    await api.castbridge.services.campaigns.completeEnded();
    const offer = (await api.request('GET', `/api/offers/${offerId}`, { token: creator.token })).body.offer as {
      status: string;
      earnedCents: number;
    };
    expect(offer).toMatchObject({ status: 'completed', earnedCents: 10_000 });
    expect(
      (
        await api.castbridge.db
          .selectFrom('offers')
          .select('completed_via')
          .where('id', '=', offerId)
          .executeTakeFirstOrThrow()
      ).completed_via,
    ).toBe('overlay');
    // Once: a second sweep finds nothing to do.
    expect(await api.castbridge.services.overlays.completeDue()).toBe(0);
  });

  it('claimed minutes complete nothing until the platform confirms them: then the offer completes via the overlay, the pay is pending, the creative leaves the overlay; the proof lists the sessions', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date(`${new Date().toISOString().slice(0, 10)}T09:00:00Z`).getTime();
    vi.setSystemTime(start);
    const { creator, offerId, campaignId, channel } = await creatorWithOffer({
      deliverable: { ...campaignInput().deliverable, minutes: 2 },
    });
    const token = tokenOf(await overlayOf(creator));
    const reader = await stream(token);
    expect((await nextState(reader)).creatives).toHaveLength(1);

    // A minute of display, a pause of ten minutes, then the second minute.
    const beats = [15_000, 30_000, 45_000, 60_000, 11 * 60_000 + 15_000, 11 * 60_000 + 30_000, 11 * 60_000 + 45_000];
    for (const at of beats) {
      vi.setSystemTime(start + at);
      const answer = await beat(token, offerId);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.completed).toBe(false);
    }
    vi.setSystemTime(start + 12 * 60_000);
    const last = await beat(token, offerId);
    // The whole deliverable claimed: a claim completes nothing.
    expect(last.body).toMatchObject({
      creditedSeconds: 15,
      displayedSeconds: 120,
      deliverableSeconds: 120,
      completed: false,
    });
    expect((await api.request('GET', `/api/offers/${offerId}`, { token: creator.token })).body.offer).toMatchObject({
      status: 'active',
    });
    // The platform says the channel was live (and disclosed) throughout; once it looked after the last minute, the
    // minutes settle and the offer completes, and leaves the overlay at once.
    await confirmLive(creator, channel, start - 60_000, start + 14 * 60_000);
    // The creator reads Castbridge in Spanish: the completion tells them so, and the advertiser in English.
    await api.castbridge.db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', creator.id).execute();
    vi.setSystemTime(start + 14 * 60_000);
    await api.castbridge.services.overlays.settle([creator.id], start + 14 * 60_000);
    expect((await nextState(reader)).creatives).toEqual([]);
    await reader.close();

    const offer = (await api.request('GET', `/api/offers/${offerId}`, { token: creator.token })).body.offer as {
      status: string;
      earnedCents: number;
    };
    expect(offer).toMatchObject({ status: 'completed', earnedCents: 10_000 });
    const row = await api.castbridge.db
      .selectFrom('offers')
      .select('completed_via')
      .where('id', '=', offerId)
      .executeTakeFirstOrThrow();
    expect(row.completed_via).toBe('overlay');
    // Into the pending balance, for the review window (server/money/reviews.ts).
    const earnings = (await api.request('GET', '/api/earnings', { token: creator.token })).body as {
      availableCents: number;
      pendingCents: number;
    };
    expect(earnings).toMatchObject({ availableCents: 0, pendingCents: 10_000 });
    // No more credit for a completed offer.
    vi.setSystemTime(start + 14 * 60_000 + 15_000);
    expect((await beat(token, offerId)).status).toBe(404);
    type Notice = { type: string; offerId: string | null; title: string; text: string; locale: string };
    const completedFor = async (who: Account) =>
      ((await api.request('GET', '/api/notifications', { token: who.token })).body.notifications as Notice[]).find(
        (n) => n.type === 'offer.completed' && n.offerId === offerId,
      );
    expect(await completedFor(creator)).toMatchObject({
      title: 'Patrocinio completado',
      text: expect.stringMatching(
        /^Tu overlay mostró «Weekend streams» durante todo el tiempo pedido: USD\u00a0100 queda en revisión hasta el \d{1,2} [a-z]+\.? \d{4}, \d{2}:\d{2} UTC; después pasa a tu saldo de ganancias\.$/,
      ),
      locale: 'es-MX',
    });
    expect(await completedFor(advertiser)).toMatchObject({
      title: 'Delivery confirmed',
      text: expect.stringMatching(
        /^.+ completed "Weekend streams", verified by the platform: \$100 is paid once the review window ends\. You can review the proof and dispute it until .+ UTC\.$/,
      ),
      locale: 'en',
    });

    // The proof: two sessions, one day, 120 s; the advertiser reads the same.
    const proof = await api.request('GET', `/api/offers/${offerId}/display`, { token: advertiser.token });
    expect(proof.status, proof.text).toBe(200);
    const display = proof.body.display as {
      displayedSeconds: number;
      verifiedSeconds: number;
      deliverableSeconds: number;
      days: { day: string; seconds: number }[];
      sessions: { start: string; end: string; seconds: number }[];
      completedVia: string;
    };
    expect(display).toMatchObject({
      displayedSeconds: 120,
      verifiedSeconds: 120,
      deliverableSeconds: 120,
      completedVia: 'overlay',
    });
    expect(display.days).toMatchObject([{ day: new Date(start).toISOString().slice(0, 10), seconds: 120 }]);
    expect(display.sessions).toMatchObject([
      { start: new Date(start).toISOString(), end: new Date(start + 60_000).toISOString(), seconds: 60 },
      {
        start: new Date(start + 11 * 60_000).toISOString(),
        end: new Date(start + 12 * 60_000).toISOString(),
        seconds: 60,
      },
    ]);
    expect((await api.request('GET', `/api/offers/${offerId}/display`, { token: creator.token })).body).toEqual(
      proof.body,
    );

    // Nobody else reads it.
    const stranger = await account(api, 'creator');
    const otherAdvertiser = await approvedAdvertiser(api, operator, 0);
    for (const who of [stranger, otherAdvertiser, operator])
      expect((await api.request('GET', `/api/offers/${offerId}/display`, { token: who.token })).status).toBe(404);
    expect((await api.request('GET', `/api/offers/${offerId}/display`)).status).toBe(401);
    expect(campaignId).toBeTruthy();
  });

  it('claims may run past the deliverable (unconfirmed minutes must not stop confirmed ones), and complete nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date(`${new Date().toISOString().slice(0, 10)}T15:00:00Z`).getTime();
    vi.setSystemTime(start);
    const { creator, offerId } = await creatorWithOffer({
      deliverable: { ...campaignInput().deliverable, minutes: 1 },
    });
    const token = tokenOf(await overlayOf(creator));
    expect((await beat(token, offerId, 45)).body).toMatchObject({
      creditedSeconds: 45,
      displayedSeconds: 45,
      completed: false,
    });
    vi.setSystemTime(start + 30_000);
    expect((await beat(token, offerId, 30)).body).toMatchObject({
      creditedSeconds: 30,
      displayedSeconds: 75,
      completed: false,
    });
    const rows = await api.castbridge.db
      .selectFrom('overlay_minutes')
      .select(['seconds', 'status'])
      .where('offer_id', '=', offerId)
      .execute();
    expect(rows.reduce((sum, row) => sum + Number(row.seconds), 0)).toBe(75);
    // Every claimed minute waits for the platform.
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    expect((await api.request('GET', `/api/offers/${offerId}`, { token: creator.token })).body.offer).toMatchObject({
      status: 'active',
    });
  });

  it('a completion confirmed by the advertiser also takes the creative off the overlay', async () => {
    const { creator, offerId } = await creatorWithOffer();
    const reader = await stream(tokenOf(await overlayOf(creator)));
    expect((await nextState(reader)).creatives).toHaveLength(1);
    expect(
      (await api.request('POST', `/api/offers/${offerId}/confirm-delivery`, { token: advertiser.token })).status,
    ).toBe(200);
    expect((await nextState(reader)).creatives).toEqual([]);
    await reader.close();
  });
});
