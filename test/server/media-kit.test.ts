// The creator's media kit and the directory rows behind brand search (server/marketplace/media-kit.ts, directory.ts,
// media-kit-page.ts; docs/product.md §Discovery and negotiation), on SQLite and PostgreSQL: GET/PUT /api/media-kit for
// creators only, the handle's rules and uniqueness, the public page /c/<handle> (Open Graph tags, escaping, nothing
// private, 404 at once after unpublishing), and the directory row's figures computed from real rows: connected
// accounts, the analytics collector's rollup, the live watcher's samples and offers (the delivery rate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_RULE, HANDLE_TAKEN } from '../../contract/mediaKit.ts';
import type { MediaKit } from '../../contract/schemas/mediaKit.ts';
import { refreshDirectory } from '../../server/marketplace/directory.ts';
import { DEMO_EMAILS, DEMO_HANDLE, seedDemo } from '../../demo/seed/demo.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, connectChannel, day, type Account } from './market.ts';

const PRIVATE = {
  first_name: 'Marisol',
  last_name: 'Quintanilla',
  date_birth: '1994-03-17',
  gender: 'Female',
  country: 'Mexico',
  city: 'Guadalajara-Secretcity',
  zipcode: '44100-ZIP',
  address: '742 Evergreen Terrace Hidden',
  language: 'Mexico',
  category: 'Gaming',
  about: 'Cozy strategy streams <script>alert("x")</script> & more',
};

let seq = 0;
const handleFor = (tag: string) => `${tag}_${Date.now().toString(36)}${(seq += 1)}`;

describe.each(BACKENDS)('media kit on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator, 0);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const get = async (who: Account) => {
    const answer = await api.request('GET', '/api/media-kit', { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.mediaKit as MediaKit;
  };
  const put = (who: Account, json: unknown) => api.request('PUT', '/api/media-kit', { token: who.token, json });
  const directoryRow = (id: string) =>
    api.castbridge.db.selectFrom('creator_directory').selectAll().where('user_id', '=', id).executeTakeFirst();
  const emailOf = async (id: string) =>
    (await api.castbridge.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  it('only creators have one: advertisers and operators 403, signed out 401', async () => {
    for (const who of [advertiser, operator]) {
      expect((await api.request('GET', '/api/media-kit', { token: who.token })).status).toBe(403);
      const refused = await put(who, { handle: handleFor('brand'), published: true });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only creators have a media kit');
    }
    expect((await api.request('GET', '/api/media-kit')).status).toBe(401);
    expect((await api.request('PUT', '/api/media-kit', { json: { handle: 'abc', published: true } })).status).toBe(401);
  });

  it('is off by default, with a handle suggested from the connected channel', async () => {
    const creator = await account(api, 'creator', { first_name: 'Ana', last_name: 'Lee' });
    const channel = await connectChannel(api, creator);
    const kit = await get(creator);
    expect(kit.saved).toBe(false);
    expect(kit.published).toBe(false);
    expect(kit.handle).toBe(channel.login.toLowerCase());
    expect(kit.facts.displayName).toBe(channel.login);
    expect(await directoryRow(creator.id)).toBeUndefined();
    // Without a channel: the first name and the last initial, never the e-mail.
    const unconnected = await account(api, 'creator', { first_name: 'Bea', last_name: 'Orr' });
    const other = await get(unconnected);
    expect(other.facts.displayName).toBe('Bea O.');
    expect(other.handle).toBe('bea_orr');
  });

  it('checks the handle: its rules (400), taken by another creator (409)', async () => {
    const creator = await account(api, 'creator');
    for (const handle of ['ab', 'x'.repeat(31), 'has space', 'dash-ed', 'émile', '']) {
      const refused = await put(creator, { handle, published: false });
      expect(refused.status, handle).toBe(400);
      expect(refused.body.message).toBe(`handle: ${HANDLE_RULE}`);
    }
    expect((await put(creator, { published: true })).status).toBe(400);
    expect((await put(creator, { handle: 'fine_handle', published: 'yes' })).status).toBe(400);
    // Trimmed and lower-cased first.
    const handle = handleFor('Taken');
    const saved = await put(creator, { handle: `  ${handle} `, published: false });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body.mediaKit as MediaKit).handle).toBe(handle.toLowerCase());
    const rival = await account(api, 'creator');
    const taken = await put(rival, { handle: handle.toLowerCase(), published: true });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ code: 'marketplace.handle_taken', message: HANDLE_TAKEN });
    const spanish = await api.request('PUT', '/api/media-kit', {
      token: rival.token,
      headers: { 'accept-language': 'es-MX' },
      json: { handle: handle.toLowerCase(), published: true },
    });
    expect(spanish.body).toEqual({
      code: 'marketplace.handle_taken',
      message: 'Ese nombre de usuario ya está ocupado',
    });
    // Saving one's own handle again is fine.
    expect((await put(creator, { handle: handle.toLowerCase(), published: true })).status).toBe(200);
  });

  it('publishes the page and the listing at once, and unpublishing removes both at once', async () => {
    const creator = await account(api, 'creator', { first_name: 'Cleo', last_name: 'Park', category: 'Gaming' });
    const handle = handleFor('cleo');
    expect((await api.request('GET', `/c/${handle}`)).status).toBe(404);
    const published = await put(creator, { handle, published: true });
    expect(published.status, published.text).toBe(200);
    const kit = published.body.mediaKit as MediaKit;
    expect(kit.published).toBe(true);
    expect(kit.publishedAt).not.toBeNull();
    expect(kit.url).toMatch(new RegExp(`/c/${handle}$`));
    expect((await directoryRow(creator.id))?.listed).toBe(1);
    const page = await api.request('GET', `/c/${handle}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.text).toContain('Cleo P.');
    expect(page.text).toContain('<html lang="en">');
    // The page speaks its creator's language (docs/architecture.md §Languages); a reader switches with its links.
    await api.castbridge.db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', creator.id).execute();
    const spanish = await api.request('GET', `/c/${handle}`);
    expect(spanish.text).toContain('<html lang="es-MX">');
    for (const shown of ['Seguidores, verificados por la plataforma', 'Canales', 'Media kit en Castbridge', 'Cleo P.'])
      expect(spanish.text).toContain(shown);
    expect(spanish.text).not.toContain('Followers, platform-verified');
    expect(spanish.text).toContain('<a href="?lang=en" hreflang="en" lang="en">English</a>');
    expect(spanish.text).toContain('<link rel="alternate" hreflang="es-MX"');
    const switched = await api.request('GET', `/c/${handle}?lang=en`);
    expect(switched.text).toContain('<html lang="en">');
    expect(switched.text).toContain('Followers, platform-verified');
    expect(switched.text).toContain('aria-current="true">English</a>');
    // A language the page does not speak is the creator's.
    expect((await api.request('GET', `/c/${handle}?lang=fr`)).text).toContain('<html lang="es-MX">');
    expect(
      (await api.request('GET', '/c/nobody_here_at_all', { headers: { 'accept-language': 'es-MX' } })).text,
    ).toContain('Media kit no encontrado');

    const hidden = await put(creator, { handle, published: false });
    expect(hidden.status).toBe(200);
    expect((hidden.body.mediaKit as MediaKit).published).toBe(false);
    expect((await directoryRow(creator.id))?.listed).toBe(0);
    const gone = await api.request('GET', `/c/${handle}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-cache');
    expect(gone.text).toContain('Media kit not found');

    // A new handle moves the page: the old one is gone.
    const renamed = handleFor('cleo_new');
    expect((await put(creator, { handle, published: true })).status).toBe(200);
    expect((await put(creator, { handle: renamed, published: true })).status).toBe(200);
    expect((await api.request('GET', `/c/${handle}`)).status).toBe(404);
    expect((await api.request('GET', `/c/${renamed}`)).status).toBe(200);
    expect((await directoryRow(creator.id))?.handle).toBe(renamed);
    // An unknown or malformed handle is the 404 page too.
    expect((await api.request('GET', '/c/NOPE!')).status).toBe(404);
  });

  it('computes the figures from connected accounts, analytics, live samples and offers', async () => {
    const { db } = api.castbridge;
    const creator = await account(api, 'creator', { ...PRIVATE });
    const twitch = await connectChannel(api, creator, 'twitch');
    const youtube = await connectChannel(api, creator, 'youtube');
    // A channel waiting for reconnection is not shown.
    const today = day(0);
    const now = Date.now();
    const metricDay = (
      platform: 'twitch' | 'youtube',
      metric: 'followers' | 'subscribers' | 'viewers',
      values: { last: number; sum: number; samples: number },
      dayOf = today,
    ) => ({
      user_id: creator.id,
      platform,
      metric,
      day: dayOf,
      first_at: now - 3_600_000,
      first_value: values.last,
      last_at: now,
      last_value: values.last,
      max_value: values.last,
      sum_value: values.sum,
      samples: values.samples,
    });
    await db
      .insertInto('metric_days')
      .values([
        metricDay('twitch', 'followers', { last: 1_000, sum: 1_000, samples: 1 }, day(-3)),
        metricDay('twitch', 'followers', { last: 1_200, sum: 1_200, samples: 1 }),
        metricDay('twitch', 'viewers', { last: 90, sum: 300, samples: 3 }),
        // Older than the 90 days the average is taken over.
        metricDay('twitch', 'viewers', { last: 9_000, sum: 9_000, samples: 1 }, day(-120)),
        metricDay('youtube', 'subscribers', { last: 800, sum: 800, samples: 1 }),
      ])
      .execute();
    // YouTube's viewers from verified delivery's live samples only.
    await db
      .insertInto('live_streams')
      .values({
        id: `youtube:${youtube.login}`,
        creator_id: creator.id,
        account_id: youtube.id,
        platform: 'youtube',
        channel_id: `youtube-${youtube.login}`,
        channel_login: youtube.login,
        stream_id: youtube.login,
        started_at: now - 3_600_000,
        last_live_at: now,
        ended_at: null,
        title: 'Live',
        recording_url: null,
      })
      .execute();
    await db
      .insertInto('live_samples')
      .values(
        [40, 60, null].map((viewers, i) => ({
          stream_key: `youtube:${youtube.login}`,
          at: now - i * 60_000,
          viewers,
          title: 'Live',
          disclosed: 0,
          branded: 0,
        })),
      )
      .execute();

    // Offers: 2 delivered (completed, paid), 2 failed (accepted in an ended campaign, active past its last day), and
    // ones that count neither way (accepted and running, invited, declined, expired).
    const stamp = new Date().toISOString();
    const campaign = async (status: 'active' | 'completed' | 'cancelled', endsOn: string) => {
      const id = crypto.randomUUID();
      await db
        .insertInto('campaigns')
        .values({
          id,
          advertiser_id: advertiser.id,
          brand: 'Nova',
          title: `Campaign ${id.slice(0, 4)}`,
          description: 'Streams',
          image: null,
          pay_cents: 10_000,
          spots: 5,
          platforms: '[]',
          languages: '[]',
          countries: '[]',
          categories: '[]',
          min_avg_viewers: null,
          deliverable_minutes: 60,
          starts_on: day(-60),
          ends_on: endsOn,
          disclosure: 'Sponsored',
          status,
          created_at: stamp,
          updated_at: stamp,
          launched_at: stamp,
        })
        .execute();
      return id;
    };
    // One offer per campaign and creator: each offer has its own campaign.
    const offer = async (status: string, campaignStatus: 'active' | 'completed' | 'cancelled', endsOn: string) => {
      await db
        .insertInto('offers')
        .values({
          id: crypto.randomUUID(),
          campaign_id: await campaign(campaignStatus, endsOn),
          creator_id: creator.id,
          status: status as 'accepted',
          reasons: '[]',
          score: 1,
          decline_reason: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    };
    await offer('completed', 'completed', day(-5));
    await offer('paid', 'active', day(10));
    await offer('accepted', 'completed', day(-5));
    await offer('active', 'active', day(-1));
    await offer('accepted', 'active', day(10));
    await offer('invited', 'active', day(10));
    await offer('declined', 'cancelled', day(10));
    await offer('expired', 'cancelled', day(10));

    const handle = handleFor('marisol');
    expect((await put(creator, { handle, published: true })).status).toBe(200);
    const row = (await directoryRow(creator.id))!;
    expect(row.listed).toBe(1);
    expect(row.handle).toBe(handle);
    expect(row.platforms).toBe(3);
    expect(Number(row.followers)).toBe(2_000);
    expect(row.avg_viewers).toBe(100);
    expect(row.completed).toBe(2);
    expect(row.delivery_rate).toBe(50);
    expect(row.language).toBe('Spanish');
    expect(row.country).toBe('Mexico');
    expect(row.category).toBe('Gaming');
    expect(JSON.parse(row.audience_countries)).toEqual([]);
    const channels = JSON.parse(row.channels) as MediaKit['facts']['channels'];
    expect(channels).toEqual([
      {
        platform: 'Twitch',
        name: twitch.login,
        url: `https://www.twitch.tv/${twitch.login}`,
        followers: 1_200,
        avgViewers: 100,
      },
      {
        platform: 'YouTube',
        name: youtube.login,
        url: `https://www.youtube.com/channel/youtube-${youtube.login}`,
        followers: 800,
        avgViewers: 50,
      },
    ]);
    // The main channel (most followers) names the creator.
    expect(row.display_name).toBe(twitch.login);

    // A cancelled accepted offer fails too; a channel disconnected leaves the figures at the next refresh.
    await offer('accepted', 'cancelled', day(10));
    await db.updateTable('connected_accounts').set({ status: 'reconnect' }).where('id', '=', youtube.id).execute();
    await refreshDirectory(db, [creator.id]);
    const later = (await directoryRow(creator.id))!;
    expect(later.delivery_rate).toBe(40);
    expect(later.platforms).toBe(1);
    expect(Number(later.followers)).toBe(1_200);

    // Nothing private in the answer or on the page; the user's text is escaped.
    const email = await emailOf(creator.id);
    const answer = await api.request('GET', '/api/media-kit', { token: creator.token });
    const page = await api.request('GET', `/c/${handle}`);
    expect(page.status).toBe(200);
    for (const text of [answer.text, page.text, JSON.stringify(later)]) {
      for (const secret of [
        email,
        PRIVATE.last_name,
        PRIVATE.date_birth,
        PRIVATE.city,
        PRIVATE.zipcode,
        PRIVATE.address,
        PRIVATE.gender,
      ])
        expect(text, secret).not.toContain(secret);
    }
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    // Open Graph and Twitter tags.
    expect(page.text).toMatch(/<title>[^<]+@[^<]+Media kit · Castbridge<\/title>/);
    expect(page.text).toContain('<meta name="description" content="');
    expect(page.text).toContain('<meta property="og:type" content="profile">');
    expect(page.text).toContain(`<meta property="og:title" content="${twitch.login} (@${handle})">`);
    expect(page.text).toContain('<meta property="og:description" content="');
    expect(page.text).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+/c/${handle}">`));
    expect(page.text).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/images\/media-kit-card\.jpg">/);
    expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.text).toContain('1,200 followers');
    expect(page.text).toContain('40%');
    // No request leaves for another host but the channels' own links.
    expect(
      page.text
        .match(/(?:src|href)="https?:[^"]+"/g)
        ?.every((link) => link.includes('twitch.tv') || link.includes('youtube.com') || link.includes('/c/')),
    ).toBe(true);
  });

  it('escapes a name and keeps a handle with markup out', async () => {
    const creator = await account(api, 'creator', { first_name: '<img src=x onerror=alert(1)>', last_name: 'Z' });
    const refused = await put(creator, { handle: '<script>', published: true });
    expect(refused.status).toBe(400);
    const handle = handleFor('esc');
    expect((await put(creator, { handle, published: true })).status).toBe(200);
    const page = await api.request('GET', `/c/${handle}`);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt; Z.');
    expect((await api.request('GET', '/c/%3Cscript%3E')).status).toBe(404);
  });

  it('follows a published creator’s profile save and connect through the refresh job; a deleted account goes', async () => {
    const creator = await account(api, 'creator', { first_name: 'Dina', last_name: 'Ray' });
    const handle = handleFor('dina');
    expect((await put(creator, { handle, published: true })).status).toBe(200);
    expect((await directoryRow(creator.id))?.display_name).toBe('Dina R.');
    const saved = await api.request('PUT', '/api/profile', {
      token: creator.token,
      json: { first_name: 'Dora', category: 'Gaming' },
    });
    expect(saved.status, saved.text).toBe(200);
    await api.castbridge.services.jobs.drain();
    expect((await directoryRow(creator.id))?.display_name).toBe('Dora R.');
    expect((await directoryRow(creator.id))?.category).toBe('Gaming');

    // A disconnect (through the store, as DELETE /api/connections/:platform does) queues the refresh.
    const channel = await connectChannel(api, creator, 'youtube');
    await refreshDirectory(api.castbridge.db, [creator.id]);
    expect((await directoryRow(creator.id))?.platforms).toBe(2);
    await api.castbridge.services.connections.disconnect(creator.id, 'youtube');
    // The listener queues the job as the disconnect returns.
    const after = await until(
      () => directoryRow(creator.id),
      (row) => row?.platforms === 0,
    );
    expect(after?.platforms).toBe(0);
    expect(channel.login).toBeTruthy();

    await api.castbridge.db.deleteFrom('users').where('id', '=', creator.id).execute();
    expect(await directoryRow(creator.id)).toBeUndefined();
    expect((await api.request('GET', `/c/${handle}`)).status).toBe(404);
  });

  it('serves the bundled font for the page', async () => {
    const font = await api.request('GET', '/c/-/inter.woff2');
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
  });
});

// The demo seed writes only into a database with no users: its own, apart from the accounts the tests above make.
describe.each(BACKENDS)('the demo world’s media kit on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });
  const directoryRow = (userId: string) =>
    api.castbridge.db.selectFrom('creator_directory').selectAll().where('user_id', '=', userId).executeTakeFirst();

  it('publishes the demo creator’s media kit in the demo world', async () => {
    expect((await seedDemo(api.castbridge)).seeded).toBe(true);
    const { db } = api.castbridge;
    const creator = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_EMAILS.creator)
      .executeTakeFirstOrThrow();
    const row = (await directoryRow(creator.id))!;
    expect(row.listed).toBe(1);
    expect(row.handle).toBe(DEMO_HANDLE);
    expect(row.completed).toBeGreaterThan(0);
    const page = await api.request('GET', `/c/${DEMO_HANDLE}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(DEMO_EMAILS.creator);
    expect(page.text).not.toContain('500 Congress Ave');
  });
});
