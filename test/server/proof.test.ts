// The display proof (server/overlay/proof.ts, GET /api/offers/:id/display) and a campaign's delivery figures on
// SQLite and PostgreSQL, from rows inserted as the settlement, the live watch and the archive leave them: totals,
// days and sessions add up; each session links the recording at its first verified minute, shows the platform's
// samples (thinned) and the archived chat where the archive was on; the review shows no hold reasons to either party;
// another advertiser, another creator and the operator get 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDisplay } from '../../contract/schemas/overlay.ts';
import type { Campaign } from '../../contract/schemas/marketplace.ts';
import type { Database, MinuteStatus } from '../../server/db/types.ts';
import { evidenceUrl, thin } from '../../server/overlay/proof.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, type Account } from './market.ts';
import type { Kysely } from 'kysely';

/** 2026-11-20 23:50 UTC as an epoch minute: the first session crosses midnight. */
const T0 = Date.UTC(2026, 10, 20, 23, 50) / 60_000;
const ms = (minute: number) => minute * 60_000;

describe('evidence links and thinning', () => {
  it('Twitch gets t=1h2m3s, YouTube t=<seconds>s, after ? or & as the URL needs', () => {
    expect(evidenceUrl('https://www.twitch.tv/videos/1', 'twitch', 3723)).toBe(
      'https://www.twitch.tv/videos/1?t=1h2m3s',
    );
    expect(evidenceUrl('https://www.twitch.tv/videos/1?a=b', 'twitch', 59.9)).toBe(
      'https://www.twitch.tv/videos/1?a=b&t=0h0m59s',
    );
    expect(evidenceUrl('https://www.youtube.com/watch?v=x', 'youtube', 90)).toBe(
      'https://www.youtube.com/watch?v=x&t=90s',
    );
    expect(evidenceUrl('https://youtu.be/x', 'youtube', -5)).toBe('https://youtu.be/x?t=0s');
  });
  it('thinning keeps the first and the last, evenly spaced, in order', () => {
    const items = Array.from({ length: 121 }, (_, i) => i);
    const thinned = thin(items, 60);
    expect(thinned).toHaveLength(60);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(120);
    expect(new Set(thinned).size).toBe(60);
    expect(thinned).toEqual([...thinned].sort((a, b) => a - b));
    expect(thin([1, 2, 3], 60)).toEqual([1, 2, 3]);
  });
});

describe.each(BACKENDS)('the display proof on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let db: Kysely<Database>;
  let operator: Account;
  let advertiser: Account;
  let otherAdvertiser: Account;
  let creator: Account;
  let otherCreator: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    db = api.castbridge.db;
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
    otherAdvertiser = await approvedAdvertiser(api, operator);
    creator = await account(api, 'creator', { first_name: 'Ada', last_name: 'Streams' });
    otherCreator = await account(api, 'creator');
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  async function campaignOf(owner: Account): Promise<string> {
    const created = await api.request('POST', '/api/campaigns', { token: owner.token, json: campaignInput() });
    expect(created.status, created.text).toBe(201);
    return (created.body.campaign as { id: string }).id;
  }
  /** An offer of `campaignId` to `to`, as matching and accepting leave it. */
  async function offerOf(campaignId: string, to: Account): Promise<string> {
    const id = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db
      .insertInto('offers')
      .values({
        id,
        campaign_id: campaignId,
        creator_id: to.id,
        status: 'active',
        reasons: '[]',
        score: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return id;
  }
  async function stream(
    owner: Account,
    platform: 'twitch' | 'youtube',
    streamId: string,
    startedAt: number,
    recordingUrl: string | null,
  ): Promise<string> {
    const id = `${platform}:${streamId}`;
    await db
      .insertInto('live_streams')
      .values({
        id,
        creator_id: owner.id,
        account_id: `account-${owner.id}`,
        platform,
        channel_id: `channel-${owner.id}`,
        channel_login: 'ada',
        stream_id: streamId,
        started_at: startedAt,
        last_live_at: startedAt + 7_200_000,
        ended_at: startedAt + 7_200_000,
        title: 'Speedruns #ad',
        recording_url: recordingUrl,
      })
      .execute();
    return id;
  }
  type MinuteRow = [minute: number, seconds: number, status: MinuteStatus, verified: number, viewers: number | null];
  async function minutes(offerId: string, streamKey: string | null, rows: MinuteRow[]) {
    await db
      .insertInto('overlay_minutes')
      .values(
        rows.map(([minute, seconds, status, verified, viewers]) => ({
          offer_id: offerId,
          minute,
          seconds,
          status,
          verified_seconds: verified,
          viewers,
          stream_key: streamKey,
        })),
      )
      .execute();
  }
  async function chat(owner: Account, platform: 'twitch' | 'youtube', at: number[]) {
    await db
      .insertInto('chat_messages')
      .values(
        at.map((sentAt) => ({
          user_id: owner.id,
          platform,
          channel_id: `channel-${owner.id}`,
          channel: 'ada',
          day: new Date(sentAt).toISOString().slice(0, 10),
          sent_at: sentAt,
          msg_id: crypto.randomUUID(),
          chatter_id: 'viewer-1',
          login: 'viewer1',
          display_name: 'Viewer1',
          color: null,
          badges: '',
          emotes: null,
          bits: null,
          kind: 'privmsg',
          text: 'gg',
          amount_micros: null,
          currency: null,
        })),
      )
      .execute();
  }
  async function archivedStream(owner: Account, platform: 'twitch' | 'youtube', streamId: string, startedAt: number) {
    const endedAt = startedAt + 7_200_000;
    await db
      .insertInto('chat_streams')
      .values({
        user_id: owner.id,
        platform,
        channel_id: `channel-${owner.id}`,
        channel: 'ada',
        stream_id: streamId,
        title: 'Speedruns #ad',
        started_at: startedAt,
        ended_at: endedAt,
        live_at: endedAt,
        start_day: new Date(startedAt).toISOString().slice(0, 10),
        end_day: new Date(endedAt).toISOString().slice(0, 10),
      })
      .execute();
  }
  const display = async (offerId: string, who: Account) => {
    const answer = await api.request('GET', `/api/offers/${offerId}/display`, { token: who.token });
    return { status: answer.status, body: answer.body as { display: OfferDisplay; message?: string } };
  };

  it('totals, days and sessions add up; sessions link their recording at the first verified minute, with samples and chat where archived', async () => {
    const campaignId = await campaignOf(advertiser);
    const offerId = await offerOf(campaignId, creator);
    // A Twitch stream that began 1h2m3s before the first verified minute, with its VOD, its chat archived.
    const twitch = await stream(
      creator,
      'twitch',
      `tw-${offerId}`,
      ms(T0 + 1) - 3_723_000,
      'https://www.twitch.tv/videos/123',
    );
    await archivedStream(creator, 'twitch', `tw-${offerId}`, ms(T0 + 1) - 3_723_000);
    await minutes(offerId, null, [[T0, 60, 'offline', 0, null]]);
    await minutes(
      offerId,
      twitch,
      Array.from({ length: 14 }, (_, i): MinuteRow => [T0 + 1 + i, 60, 'verified', 60, 100]),
    );
    await minutes(offerId, twitch, [
      [T0 + 15, 60, 'undisclosed', 0, null],
      [T0 + 16, 60, 'undisclosed', 0, null],
      [T0 + 17, 60, 'pending', 0, null],
      [T0 + 18, 60, 'verified', 60, 120],
      // Half of it before the stream ended: the rest is offline.
      [T0 + 19, 60, 'verified', 30, 120],
    ]);
    // A YouTube stream 90 s in; a gap of two minutes (T0+25 → T0+27) stays in the session. No chat archive.
    const youtube = await stream(
      creator,
      'youtube',
      `yt-${offerId}`,
      ms(T0 + 23) - 90_000,
      'https://www.youtube.com/watch?v=abc',
    );
    await minutes(offerId, youtube, [
      [T0 + 23, 60, 'verified', 60, 50],
      [T0 + 24, 60, 'verified', 60, 50],
      [T0 + 25, 60, 'verified', 60, 50],
      [T0 + 27, 60, 'verified', 60, 50],
    ]);
    // A stream whose recording is not known yet; then a claim the platform has not settled.
    const noVod = await stream(creator, 'twitch', `tw2-${offerId}`, ms(T0 + 30), null);
    await minutes(offerId, noVod, [[T0 + 31, 45, 'verified', 45, 7]]);
    await minutes(offerId, null, [[T0 + 40, 20, 'pending', 0, null]]);
    // 121 samples of the Twitch stream across the first session (every 10 s), one before it.
    await db
      .insertInto('live_samples')
      .values(
        Array.from({ length: 122 }, (_, i) => ({
          stream_key: twitch,
          at: ms(T0) - 10_000 + i * 10_000,
          viewers: i,
          title: 'Speedruns #ad',
          disclosed: i < 90 || i > 100 ? 1 : 0,
          branded: 0,
        })),
      )
      .execute();
    // Chat: five messages in the first session, one before it and one after it.
    await chat(creator, 'twitch', [
      ms(T0) - 1,
      ms(T0),
      ms(T0 + 9) + 59_999,
      ms(T0 + 10),
      ms(T0 + 15),
      ms(T0 + 20) - 1,
      ms(T0 + 20),
    ]);

    const answer = await display(offerId, advertiser);
    expect(answer.status).toBe(200);
    const proof = answer.body.display;
    expect(proof).toMatchObject({
      offerId,
      creatorName: 'Ada Streams',
      requiresDisclosure: true,
      payCents: 25_000,
      displayedSeconds: 1505,
      verifiedSeconds: 1215,
      // 14 × 100 + 120 + 30 × 120 / 60 + 4 × 50 + ⌊45 × 7 / 60⌋
      impressions: 1785,
      cpmCents: Math.round((25_000 * 1000) / 1785),
      review: null,
    });
    expect(proof.unverified).toEqual([
      { status: 'pending', seconds: 80 },
      { status: 'offline', seconds: 90 },
      { status: 'undisclosed', seconds: 120 },
    ]);
    expect(proof.verifiedSeconds + proof.unverified.reduce((sum, share) => sum + share.seconds, 0)).toBe(
      proof.displayedSeconds,
    );
    expect(proof.days).toEqual([
      { day: '2026-11-20', seconds: 600, verifiedSeconds: 540 },
      { day: '2026-11-21', seconds: 905, verifiedSeconds: 675 },
    ]);
    const sum = (list: { seconds: number; verifiedSeconds: number }[]) => [
      list.reduce((total, item) => total + item.seconds, 0),
      list.reduce((total, item) => total + item.verifiedSeconds, 0),
    ];
    expect(sum(proof.days)).toEqual([proof.displayedSeconds, proof.verifiedSeconds]);
    expect(sum(proof.sessions)).toEqual([proof.displayedSeconds, proof.verifiedSeconds]);
    expect(proof.sessions.reduce((total, session) => total + session.impressions, 0)).toBe(proof.impressions);

    const [first, second, third, fourth] = proof.sessions;
    expect(proof.sessions).toHaveLength(4);
    expect(first).toMatchObject({
      start: new Date(ms(T0)).toISOString(),
      end: new Date(ms(T0 + 20)).toISOString(),
      seconds: 1200,
      verifiedSeconds: 930,
      impressions: 1580,
      platform: 'twitch',
      evidenceUrl: 'https://www.twitch.tv/videos/123?t=1h2m3s',
      chatMessages: 5,
    });
    // 120 samples within the session, thinned to 60, the first and the last kept.
    expect(first!.samples).toHaveLength(60);
    expect(first!.samples[0]).toEqual({ at: new Date(ms(T0)).toISOString(), viewers: 1, disclosed: true });
    expect(first!.samples.at(-1)).toEqual({
      at: new Date(ms(T0 + 20) - 10_000).toISOString(),
      viewers: 120,
      disclosed: true,
    });
    expect(first!.samples.some((sample) => !sample.disclosed)).toBe(true);
    expect(second).toMatchObject({
      end: new Date(ms(T0 + 28)).toISOString(),
      seconds: 240,
      verifiedSeconds: 240,
      impressions: 200,
      platform: 'youtube',
      evidenceUrl: 'https://www.youtube.com/watch?v=abc&t=90s',
      samples: [],
      // The archive never recorded this stream.
      chatMessages: null,
    });
    expect(third).toMatchObject({
      seconds: 45,
      impressions: 5,
      platform: 'twitch',
      evidenceUrl: null,
      chatMessages: null,
    });
    expect(fourth).toMatchObject({
      seconds: 20,
      verifiedSeconds: 0,
      impressions: 0,
      platform: null,
      evidenceUrl: null,
      samples: [],
      chatMessages: null,
    });

    // The creator reads the same proof.
    const own = await display(offerId, creator);
    expect(own.status).toBe(200);
    expect(own.body.display).toEqual(proof);
  });

  it('an offer with nothing claimed has no impressions and no CPM', async () => {
    const offerId = await offerOf(await campaignOf(advertiser), creator);
    const proof = (await display(offerId, creator)).body.display;
    expect(proof).toMatchObject({
      displayedSeconds: 0,
      verifiedSeconds: 0,
      impressions: 0,
      cpmCents: null,
      unverified: [],
      days: [],
      sessions: [],
    });
  });

  it('the review shows its status, dispute and resolution, never the hold reasons; anyone but the two parties gets 404', async () => {
    const campaignId = await campaignOf(advertiser);
    const offerId = await offerOf(campaignId, creator);
    const endsAt = Date.UTC(2026, 10, 24, 12);
    await db
      .insertInto('earning_reviews')
      .values({
        offer_id: offerId,
        creator_id: creator.id,
        advertiser_id: advertiser.id,
        campaign_id: campaignId,
        earned_cents: 22_500,
        fee_cents: 2_500,
        status: 'resolved',
        ends_at: endsAt,
        hold_reasons: JSON.stringify([{ rule: 'viewer_spike', detail: 'The verified minutes had 900 viewers' }]),
        dispute_reason: 'The logo was covered',
        disputed_at: '2026-11-22T10:00:00.000Z',
        resolution_reason: 'Half the minutes were covered',
        resolved_pay_cents: 12_000,
        resolved_refund_cents: 13_000,
        resolved_by: operator.id,
        resolved_at: '2026-11-23T09:00:00.000Z',
        released_at: null,
        created_at: '2026-11-21T12:00:00.000Z',
      })
      .execute();
    const expected = {
      status: 'resolved',
      endsAt: new Date(endsAt).toISOString(),
      earnedCents: 22_500,
      holdReasons: [],
      disputeReason: 'The logo was covered',
      disputedAt: '2026-11-22T10:00:00.000Z',
      resolution: {
        payCents: 12_000,
        refundCents: 13_000,
        reason: 'Half the minutes were covered',
        at: '2026-11-23T09:00:00.000Z',
      },
      releasedAt: null,
    };
    for (const party of [advertiser, creator]) {
      const answer = await display(offerId, party);
      expect(answer.status).toBe(200);
      expect(answer.body.display.review).toEqual(expected);
      expect(JSON.stringify(answer.body)).not.toContain('900 viewers');
    }
    for (const stranger of [otherAdvertiser, otherCreator, operator]) {
      const answer = await display(offerId, stranger);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('No such offer');
    }
    expect((await api.request('GET', `/api/offers/${offerId}/display`)).status).toBe(401);
    expect((await display('no-such-offer', advertiser)).status).toBe(404);
  });

  it("a campaign's delivery: verified seconds, impressions and effective CPM, for its advertiser", async () => {
    const campaignId = await campaignOf(advertiser);
    const quiet = await campaignOf(advertiser);
    const delivered = await offerOf(campaignId, creator);
    const started = await offerOf(campaignId, otherCreator);
    const stamp = new Date().toISOString();
    const progress = (offerId: string, verified: number, impressions: number) => ({
      offer_id: offerId,
      displayed_seconds: verified + 60,
      verified_seconds: verified,
      impressions,
      credited_until: 0,
      last_beat_id: 'beat',
      first_beat_at: stamp,
      last_beat_at: stamp,
    });
    await db
      .insertInto('overlay_progress')
      .values([progress(delivered, 7_200, 40_000), progress(started, 300, 0)])
      .execute();

    const detail = await api.request('GET', `/api/campaigns/${campaignId}`, { token: advertiser.token });
    expect(detail.status, detail.text).toBe(200);
    // The pay of the one offer with impressions (25,000 ¢) per thousand of its 40,000 impressions.
    expect((detail.body.campaign as Campaign).delivery).toEqual({
      verifiedSeconds: 7_500,
      impressions: 40_000,
      cpmCents: 625,
    });
    const list = (await api.request('GET', '/api/campaigns', { token: advertiser.token })).body.campaigns as Campaign[];
    expect(list.find((c) => c.id === campaignId)!.delivery).toEqual({
      verifiedSeconds: 7_500,
      impressions: 40_000,
      cpmCents: 625,
    });
    expect(list.find((c) => c.id === quiet)!.delivery).toEqual({ verifiedSeconds: 0, impressions: 0, cpmCents: null });
    // Another advertiser sees neither the campaign nor its figures.
    expect((await api.request('GET', `/api/campaigns/${campaignId}`, { token: otherAdvertiser.token })).status).toBe(
      404,
    );
    const theirs = (await api.request('GET', '/api/campaigns', { token: otherAdvertiser.token })).body
      .campaigns as Campaign[];
    expect(theirs.some((c) => c.id === campaignId)).toBe(false);

    // A counter-offer agreed $300 for the second offer: its impressions are bought at that pay.
    await db.updateTable('offers').set({ pay_cents: 30_000 }).where('id', '=', started).execute();
    await db.updateTable('overlay_progress').set({ impressions: 10_000 }).where('offer_id', '=', started).execute();
    const agreed = await api.request('GET', `/api/campaigns/${campaignId}`, { token: advertiser.token });
    expect((agreed.body.campaign as Campaign).delivery!.cpmCents).toBe(Math.round(((25_000 + 30_000) * 1000) / 50_000));
  });
});
