// Fraud signals (server/overlay/fraud.ts) on SQLite and PostgreSQL, from rows inserted as the settlement, the live
// watch, the archive and the analytics leave them: each rule fires at its threshold and not short of it, names its
// numbers, and is not applied without the channel's own history to compare with.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FraudThresholds } from '../../server/config.ts';
import type { Database, MinuteStatus } from '../../server/db/types.ts';
import { fraudSignals, median } from '../../server/overlay/fraud.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, campaignInput, type Account } from './market.ts';

const THRESHOLDS: FraudThresholds = { viewerSpike: 5, chatRatio: 0.2, addressMinutes: 3, offlineMinutes: 10 };
/** The offer's first claimed minute: 2026-10-01 12:00 UTC. */
const F = Date.UTC(2026, 9, 1, 12) / 60_000;
const ms = (minute: number) => minute * 60_000;
const DAY = 86_400_000;

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe.each(BACKENDS)('fraud signals on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let db: Kysely<Database>;
  let advertiser: Account;
  let campaignId: string;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    db = api.castbridge.db;
    advertiser = await account(api, 'advertiser');
    const created = await api.request('POST', '/api/campaigns', { token: advertiser.token, json: campaignInput() });
    expect(created.status, created.text).toBe(201);
    campaignId = (created.body.campaign as { id: string }).id;
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  /** A new creator with an accepted offer. */
  async function offer(): Promise<{ creator: Account; offerId: string }> {
    const creator = await account(api, 'creator');
    const offerId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db
      .insertInto('offers')
      .values({
        id: offerId,
        campaign_id: campaignId,
        creator_id: creator.id,
        status: 'active',
        reasons: '[]',
        score: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return { creator, offerId };
  }
  async function stream(creator: Account, streamId: string, startedAt: number, minutes = 120): Promise<string> {
    const id = `twitch:${streamId}`;
    await db
      .insertInto('live_streams')
      .values({
        id,
        creator_id: creator.id,
        account_id: `account-${creator.id}`,
        platform: 'twitch',
        channel_id: `channel-${creator.id}`,
        channel_login: 'channel',
        stream_id: streamId,
        started_at: startedAt,
        last_live_at: startedAt + minutes * 60_000,
        ended_at: startedAt + minutes * 60_000,
        title: 'Speedruns #ad',
        recording_url: null,
      })
      .execute();
    return id;
  }
  async function samples(streamKey: string, from: number, viewers: number[]) {
    await db
      .insertInto('live_samples')
      .values(
        viewers.map((count, i) => ({
          stream_key: streamKey,
          at: from + i * 60_000,
          viewers: count,
          title: '',
          disclosed: 1,
          branded: 0,
        })),
      )
      .execute();
  }
  async function minutes(
    offerId: string,
    streamKey: string | null,
    from: number,
    count: number,
    status: MinuteStatus,
    viewers: number | null = null,
  ) {
    await db
      .insertInto('overlay_minutes')
      .values(
        Array.from({ length: count }, (_, i) => ({
          offer_id: offerId,
          minute: from + i,
          seconds: 60,
          status,
          verified_seconds: status === 'verified' ? 60 : 0,
          viewers,
          stream_key: streamKey,
        })),
      )
      .execute();
  }
  async function archived(creator: Account, streamId: string, startedAt: number, minutes: number, messages: number) {
    const endedAt = startedAt + minutes * 60_000;
    await db
      .insertInto('chat_streams')
      .values({
        user_id: creator.id,
        platform: 'twitch',
        channel_id: `channel-${creator.id}`,
        channel: 'channel',
        stream_id: streamId,
        title: '',
        started_at: startedAt,
        ended_at: endedAt,
        live_at: endedAt,
        start_day: new Date(startedAt).toISOString().slice(0, 10),
        end_day: new Date(endedAt).toISOString().slice(0, 10),
        messages,
      })
      .execute();
  }
  async function chat(creator: Account, at: number[]) {
    if (at.length === 0) return;
    await db
      .insertInto('chat_messages')
      .values(
        at.map((sentAt) => ({
          user_id: creator.id,
          platform: 'twitch' as const,
          channel_id: `channel-${creator.id}`,
          channel: 'channel',
          day: new Date(sentAt).toISOString().slice(0, 10),
          sent_at: sentAt,
          msg_id: crypto.randomUUID(),
          chatter_id: 'viewer',
          login: 'viewer',
          display_name: 'Viewer',
          color: null,
          badges: '',
          emotes: null,
          bits: null,
          kind: 'privmsg',
          text: 'hi',
          amount_micros: null,
          currency: null,
        })),
      )
      .execute();
  }
  const rules = async (offerId: string, thresholds = THRESHOLDS) =>
    (await fraudSignals(db, offerId, thresholds)).map((reason) => reason.rule);

  it('an offer with nothing claimed, or unknown, raises nothing', async () => {
    const { offerId } = await offer();
    expect(await fraudSignals(db, offerId, THRESHOLDS)).toEqual([]);
    expect(await fraudSignals(db, 'no-such-offer', THRESHOLDS)).toEqual([]);
  });

  it('viewer_spike: the verified minutes above 5× the median of the 30 days before, not at 5×', async () => {
    const { creator, offerId } = await offer();
    // The channel's own: ten samples over two streams of the month before (median 100), and older ones that do not count.
    await samples(
      await stream(creator, `old-${offerId}`, ms(F) - 40 * DAY),
      ms(F) - 40 * DAY,
      [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    await samples(await stream(creator, `a-${offerId}`, ms(F) - 20 * DAY), ms(F) - 20 * DAY, [90, 100, 100, 110, 100]);
    await samples(await stream(creator, `b-${offerId}`, ms(F) - 2 * DAY), ms(F) - 2 * DAY, [80, 100, 120, 100, 95]);
    const live = await stream(creator, `live-${offerId}`, ms(F));
    await minutes(offerId, live, F, 5, 'verified', 500);
    expect(await rules(offerId)).toEqual([]);
    await db.updateTable('overlay_minutes').set({ viewers: 501 }).where('offer_id', '=', offerId).execute();
    const [reason] = await fraudSignals(db, offerId, THRESHOLDS);
    expect(reason?.rule).toBe('viewer_spike');
    expect(reason?.detail).toBe(
      "The verified minutes on Twitch had a median of 501 viewers, 5.01 times the channel's own median of 100 viewers " +
        'over 10 samples of its live streams in the 30 days before (the limit is 5 times).',
    );
    // The limit is configurable.
    expect(await rules(offerId, { ...THRESHOLDS, viewerSpike: 6 })).toEqual([]);
  });

  it("viewer_spike: under ten live samples the analytics' viewers are the baseline; with neither, no flag", async () => {
    const { creator, offerId } = await offer();
    await samples(
      await stream(creator, `a-${offerId}`, ms(F) - 3 * DAY),
      ms(F) - 3 * DAY,
      [10, 10, 10, 10, 10, 10, 10, 10, 10],
    );
    const live = await stream(creator, `live-${offerId}`, ms(F));
    await minutes(offerId, live, F, 5, 'verified', 10_000);
    // Nine samples are no baseline: a new channel is not suspicious for having viewers.
    expect(await rules(offerId)).toEqual([]);
    // The analytics' samples of the month before (another platform's and older ones do not count).
    await db
      .insertInto('metric_samples')
      .values([
        { user_id: creator.id, platform: 'twitch', metric: 'viewers', at: ms(F) - 5 * DAY, value: 1_000 },
        { user_id: creator.id, platform: 'twitch', metric: 'viewers', at: ms(F) - 6 * DAY, value: 2_000 },
        { user_id: creator.id, platform: 'twitch', metric: 'viewers', at: ms(F) - 31 * DAY, value: 1 },
        { user_id: creator.id, platform: 'youtube', metric: 'viewers', at: ms(F) - 5 * DAY, value: 1 },
        { user_id: creator.id, platform: 'twitch', metric: 'followers', at: ms(F) - 5 * DAY, value: 1 },
      ])
      .execute();
    // Median 1,500: 10,000 is 6.67 times it.
    const [reason] = await fraudSignals(db, offerId, THRESHOLDS);
    expect(reason?.rule).toBe('viewer_spike');
    expect(reason?.detail).toContain('median of 10,000 viewers, 6.67 times');
    expect(reason?.detail).toContain('median of 1,500 viewers over 2 samples from its analytics');
    expect(await rules(offerId, { ...THRESHOLDS, viewerSpike: 7 })).toEqual([]);
  });

  it('chat_below_baseline: fewer messages per viewer-minute than 0.2× the archived month, not at 0.2×', async () => {
    const { creator, offerId } = await offer();
    // The baseline: 60 archived live minutes at 100 viewers with 600 messages: 0.1 per viewer-minute.
    const before = ms(F) - 3 * DAY;
    await samples(await stream(creator, `base-${offerId}`, before, 60), before, [90, 110, 100]);
    await archived(creator, `base-${offerId}`, before, 60, 600);
    // The offer: ten verified minutes at 100 viewers (1,000 viewer-minutes) on an archived stream.
    const live = await stream(creator, `live-${offerId}`, ms(F));
    await archived(creator, `live-${offerId}`, ms(F), 120, 0);
    await minutes(offerId, live, F, 10, 'verified', 100);
    await minutes(offerId, live, F + 10, 5, 'undisclosed');
    // 20 messages in the verified minutes (0.02 per viewer-minute: exactly 0.2 × 0.1), 50 in the unverified ones.
    await chat(
      creator,
      Array.from({ length: 20 }, (_, i) => ms(F) + i * 30_000),
    );
    await chat(
      creator,
      Array.from({ length: 50 }, (_, i) => ms(F + 10) + i * 1_000),
    );
    expect(await rules(offerId)).toEqual([]);
    await db.deleteFrom('chat_messages').where('user_id', '=', creator.id).where('sent_at', '=', ms(F)).execute();
    const [reason] = await fraudSignals(db, offerId, THRESHOLDS);
    expect(reason?.rule).toBe('chat_below_baseline');
    expect(reason?.detail).toBe(
      'During 10 verified minutes on Twitch the chat had 19 messages for 1,000 viewer-minutes (0.019 per ' +
        "viewer-minute), under 0.2 times the channel's own 0.1 (600 messages for 6,000 viewer-minutes over 60 " +
        'archived live minutes in the 30 days before).',
    );
  });

  it('chat_below_baseline: not applied under 60 archived minutes of baseline, nor where the archive was off', async () => {
    const short = await offer();
    const before = ms(F) - 3 * DAY;
    await samples(await stream(short.creator, `base-${short.offerId}`, before, 59), before, [100]);
    await archived(short.creator, `base-${short.offerId}`, before, 59, 5_900);
    const live = await stream(short.creator, `live-${short.offerId}`, ms(F));
    await archived(short.creator, `live-${short.offerId}`, ms(F), 120, 0);
    await minutes(short.offerId, live, F, 10, 'verified', 100);
    expect(await rules(short.offerId)).toEqual([]);

    const off = await offer();
    await samples(await stream(off.creator, `base-${off.offerId}`, before, 120), before, [100]);
    await archived(off.creator, `base-${off.offerId}`, before, 120, 12_000);
    // The offer's stream was not archived: no chat is no evidence.
    const unarchived = await stream(off.creator, `live-${off.offerId}`, ms(F));
    await minutes(off.offerId, unarchived, F, 10, 'verified', 100);
    expect(await rules(off.offerId)).toEqual([]);
    // Once it is, the silence counts.
    await archived(off.creator, `live-${off.offerId}`, ms(F), 120, 0);
    expect(await rules(off.offerId)).toEqual(['chat_below_baseline']);
  });

  it('several_addresses: 3 claimed minutes with more than one address, not 2; minutes the offer did not claim do not count', async () => {
    const { creator, offerId } = await offer();
    await minutes(offerId, null, F, 10, 'pending');
    const sources = (minute: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ creator_id: creator.id, minute, address: `hmac-${i}` }));
    await db
      .insertInto('overlay_sources')
      .values([
        ...sources(F, 1),
        ...sources(F + 1, 2),
        ...sources(F + 2, 3),
        ...sources(F + 3, 1),
        // Not a minute of this offer.
        ...sources(F + 30, 4),
      ])
      .execute();
    expect(await rules(offerId)).toEqual([]);
    await db
      .insertInto('overlay_sources')
      .values(sources(F + 3, 2).slice(1))
      .execute();
    const [reason] = await fraudSignals(db, offerId, THRESHOLDS);
    expect(reason).toEqual({
      rule: 'several_addresses',
      detail:
        "In 3 minutes of the offer's 10 claimed minutes the overlay's heartbeats came from more than one network " +
        'address (up to 3 at once); the limit is 3 minutes.',
    });
  });

  it('offline_heartbeats: 10 claimed minutes while the platform said offline, not 9', async () => {
    const { offerId } = await offer();
    await minutes(offerId, null, F, 9, 'offline');
    await minutes(offerId, null, F + 20, 5, 'pending');
    expect(await rules(offerId)).toEqual([]);
    await minutes(offerId, null, F + 9, 1, 'offline');
    expect(await fraudSignals(db, offerId, THRESHOLDS)).toEqual([
      {
        rule: 'offline_heartbeats',
        detail:
          "10 claimed minutes of the offer's 15 came while the platform said the channel was offline; the limit is 10 minutes.",
      },
    ]);
    expect(await rules(offerId, { ...THRESHOLDS, offlineMinutes: 11 })).toEqual([]);
  });
});
