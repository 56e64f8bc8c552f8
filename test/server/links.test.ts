// Tracked links (docs/product.md §Tracked links) on SQLite and PostgreSQL: GET /l/<code> answers a 302 to the brand's
// URL with the UTM parameters (the brand's own kept), for every click whether it counts or not; a click counts once per
// visitor per day — by default one address, whatever user agent it claims (issue 44: 19 paced clicks with rotating
// user agents count once), or each user agent apart with CLICK_UNIQUE_BY=address+agent —, never for a known bot, never
// beyond the per-visitor and per-link minute limits, never once the offer ended (its window past, its campaign
// cancelled); an unknown code is a 404; link_clicks and link_addresses hold hashes, never an address; clicks
// concentrated on a few addresses are a fraud signal; two instances on one PostgreSQL database count a visitor once;
// offer_days holds the counts per reason.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_CODE_PATTERN } from '../../contract/deliverables.ts';
import { createClickCounter, visitorHash } from '../../server/deliverables/clicks.ts';
import { clickSignals } from '../../server/deliverables/click-fraud.ts';
import { utcDay } from '../../server/deliverables/days.ts';
import { campaignSlug, destination, ensureLink, linkUrl } from '../../server/deliverables/links.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, day, offerWithLink as sharedOfferWithLink, type Account } from './market.ts';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PER_LINK = 30;

let addressSeq = 0;
/** A fresh client address (TRUST_PROXY=1 in the tests: X-Forwarded-For's last entry is the client). */
const newAddress = () => {
  addressSeq += 1;
  return `198.51.${Math.floor(addressSeq / 250) % 250}.${(addressSeq % 250) + 1}`;
};

describe('tracked link helpers', () => {
  it('keeps the brand’s UTM parameters and adds ours', () => {
    const url = destination('https://shop.example/p?utm_source=newsletter&x=1#top', {
      code: 'abcdEFGH',
      campaignTitle: 'Spring Launch — Nova 2!',
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('utm_source')).toBe('newsletter');
    expect(parsed.searchParams.get('utm_medium')).toBe('stream');
    expect(parsed.searchParams.get('utm_campaign')).toBe('spring-launch-nova-2');
    expect(parsed.searchParams.get('utm_content')).toBe('abcdEFGH');
    expect(parsed.searchParams.get('x')).toBe('1');
    expect(parsed.hash).toBe('#top');
    expect(campaignSlug('!!!')).toBe('campaign');
    expect(linkUrl('https://castbridge.example/', 'abcdEFGH')).toBe('https://castbridge.example/l/abcdEFGH');
  });
});

describe.each(BACKENDS)('tracked links on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let advertiser: Account;
  let creator: Account;
  // The counter's clock (the app's `now`): moved by the tests, so that no minute window turns over mid-test.
  let clock = Date.now();

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(
      backend,
      { CLICKS_PER_LINK_MINUTE: String(PER_LINK), CLICK_FLUSH_MS: '60000' },
      {
        now: () => clock,
      },
    );
    advertiser = await account(api, 'advertiser');
    creator = await account(api, 'creator');
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  // Each test's clicks fall on one UTC day, as the counting by day expects: a test that would start within half an
  // hour of midnight (the clock has moved ahead of the wall clock by then; a run near 23:30 UTC crossed it mid-test)
  // starts at tomorrow's first minute instead.
  beforeEach(() => {
    const now = Math.max(clock, Date.now());
    const dayEnd = (Math.floor(now / 86_400_000) + 1) * 86_400_000;
    if (now + 30 * 60_000 >= dayEnd) clock = dayEnd + 1_000;
  });

  /** A fresh minute of the counter's clock, today. */
  const freshMinute = () => {
    clock = Math.max(clock, Date.now());
    clock = (Math.floor(clock / 60_000) + 1) * 60_000 + 1_000;
    // Near midnight the next minute is tomorrow: the campaigns' windows below start yesterday and end next month.
  };

  /** An active campaign with a tracked link and an accepted offer of `creator` (market.ts). */
  const offerWithLink = (
    overrides: { startsOn?: string; endsOn?: string; url?: string; offerStatus?: 'accepted' | 'active' } = {},
  ) => sharedOfferWithLink(api.castbridge.db, { advertiser, creator }, overrides);

  const visit = (code: string, address: string, userAgent: string | null = BROWSER, method = 'GET') =>
    api.request(method, `/l/${code}`, {
      headers: { 'x-forwarded-for': address, ...(userAgent === null ? {} : { 'user-agent': userAgent }) },
    });

  const daysOf = async (offerId: string) => {
    await api.castbridge.services.clicks.flush();
    const rows = await api.castbridge.db.selectFrom('offer_days').selectAll().where('offer_id', '=', offerId).execute();
    const sum = (column: 'clicks' | 'clicks_bot' | 'clicks_repeat' | 'clicks_limited' | 'clicks_inactive') =>
      rows.reduce((total, row) => total + Number(row[column]), 0);
    return {
      clicks: sum('clicks'),
      bot: sum('clicks_bot'),
      repeat: sum('clicks_repeat'),
      limited: sum('clicks_limited'),
      inactive: sum('clicks_inactive'),
    };
  };

  it('makes one link per offer, whoever asks first', async () => {
    const { offerId, campaignId, code } = await offerWithLink();
    expect(code).toMatch(LINK_CODE_PATTERN);
    const again = await Promise.all(
      Array.from({ length: 5 }, () => ensureLink(api.castbridge.db, { offerId, campaignId, creatorId: creator.id })),
    );
    expect(new Set(again)).toEqual(new Set([code]));
    const rows = await api.castbridge.db
      .selectFrom('offer_links')
      .selectAll()
      .where('offer_id', '=', offerId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('redirects to the brand’s URL with the UTM parameters, uncached, and counts a visitor once a day', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const address = newAddress();
    const first = await visit(code, address);
    expect(first.status).toBe(302);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const location = new URL(first.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://nova.example/energy');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      utm_source: 'nova-site',
      utm_medium: 'stream',
      utm_campaign: 'weekend-streams',
      utm_content: code,
    });
    // The same visitor again, and again after a flush: a repeat each time, redirected all the same.
    expect((await visit(code, address)).status).toBe(302);
    await api.castbridge.services.clicks.flush();
    expect((await visit(code, address)).headers.get('location')).toBe(first.headers.get('location'));
    // Another visitor (another address) counts.
    await visit(code, newAddress());
    // HEAD (a link preview) is redirected and is no click at all.
    expect((await visit(code, newAddress(), BROWSER, 'HEAD')).status).toBe(302);
    expect(await daysOf(offerId)).toEqual({ clicks: 2, bot: 0, repeat: 2, limited: 0, inactive: 0 });
  });

  it('stores the visitor as a keyed hash of the day, never the address', async () => {
    freshMinute();
    const { code } = await offerWithLink();
    const address = newAddress();
    await visit(code, address);
    await api.castbridge.services.clicks.flush();
    const rows = await api.castbridge.db.selectFrom('link_clicks').selectAll().where('code', '=', code).execute();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['at', 'code', 'day', 'visitor']);
    const today = utcDay(clock);
    expect(rows[0]!.day).toBe(today);
    const salt = await api.castbridge.db
      .selectFrom('link_salts')
      .select('salt')
      .where('day', '=', today)
      .executeTakeFirstOrThrow();
    // One address is one visitor (CLICK_UNIQUE_BY=address): the user agent is not in the hash.
    expect(rows[0]!.visitor).toBe(visitorHash(salt.salt, address, null));
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{64}$/);
    // The address's tally is keyed the same way.
    const tallies = await api.castbridge.db.selectFrom('link_addresses').selectAll().where('code', '=', code).execute();
    expect(tallies).toEqual([{ code, day: today, address: visitorHash(salt.salt, address, null), clicks: 1 }]);
    // Nowhere in the clicks, the tallies, the salts or the day counts is the address.
    for (const table of ['link_clicks', 'link_addresses', 'link_salts', 'offer_days', 'offer_links'] as const) {
      const all = await api.castbridge.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(all)).not.toContain(address);
    }
  });

  it('never counts a known bot or an empty user agent', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const bot = await visit(code, newAddress(), GOOGLEBOT);
    expect(bot.status).toBe(302);
    expect(bot.headers.get('location')).toContain('utm_content=');
    expect((await visit(code, newAddress(), null)).status).toBe(302);
    expect((await visit(code, newAddress(), 'curl/8.5.0')).status).toBe(302);
    await visit(code, newAddress());
    expect(await daysOf(offerId)).toEqual({ clicks: 1, bot: 3, repeat: 0, limited: 0, inactive: 0 });
  });

  it('limits a flood from one address, whatever user agent it claims', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const address = newAddress();
    const perVisitor = api.castbridge.config.deliverables.clicksPerVisitorMinute;
    for (let i = 0; i < perVisitor + 5; i++) {
      const answer = await visit(code, address, `${BROWSER} Build/${i}`);
      expect(answer.status).toBe(302);
    }
    // Within the limit, the address counted once and the rest were the same visitor again.
    expect(await daysOf(offerId)).toEqual({ clicks: 1, bot: 0, repeat: perVisitor - 1, limited: 5, inactive: 0 });
    // The next minute the address is within the limit again, and still the same visitor.
    freshMinute();
    await visit(code, address, `${BROWSER} Build/next`);
    expect(await daysOf(offerId)).toEqual({ clicks: 1, bot: 0, repeat: perVisitor, limited: 5, inactive: 0 });
  });

  it('counts 19 paced clicks from one address rotating its user agent once (issue 44), and each address apart', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const address = newAddress();
    // One a minute: never over the per-address limit, a new user agent each time.
    for (let i = 0; i < 19; i++) {
      freshMinute();
      expect((await visit(code, address, `${BROWSER} Edg/${120 + i}.0`)).status).toBe(302);
    }
    expect(await daysOf(offerId)).toEqual({ clicks: 1, bot: 0, repeat: 18, limited: 0, inactive: 0 });
    // Another address counts, whatever its user agent.
    await visit(code, newAddress(), `${BROWSER} Edg/120.0`);
    expect((await daysOf(offerId)).clicks).toBe(2);
    // The address's 19 clicks are tallied for the concentration signal.
    const tallies = await api.castbridge.db
      .selectFrom('link_addresses')
      .select('clicks')
      .where('code', '=', code)
      .orderBy('clicks', 'desc')
      .execute();
    expect(tallies.map((row) => Number(row.clicks))).toEqual([19, 1]);
  });

  it('counts each user agent of an address apart with CLICK_UNIQUE_BY=address+agent', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const config = api.castbridge.config;
    const counter = createClickCounter({
      db: api.castbridge.db,
      dialect: api.castbridge.dialect,
      config: { deliverables: { ...config.deliverables, clickUniqueBy: 'address+agent' } },
      logger: api.logger,
      now: () => clock,
    });
    try {
      const address = newAddress();
      for (let i = 0; i < 19; i++) {
        freshMinute();
        await counter.click(code, { address, userAgent: `${BROWSER} Edg/${120 + i}.0` });
      }
      await counter.click(code, { address, userAgent: `${BROWSER} Edg/120.0` });
      await counter.flush();
      expect(await daysOf(offerId)).toEqual({ clicks: 19, bot: 0, repeat: 1, limited: 0, inactive: 0 });
    } finally {
      await counter.close();
    }
  });

  it('holds an offer whose clicks come from a few addresses, even when each user agent counted apart', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const thresholds = api.castbridge.config.deliverables;
    const counter = createClickCounter({
      db: api.castbridge.db,
      dialect: api.castbridge.dialect,
      config: { deliverables: { ...thresholds, clickUniqueBy: 'address+agent' } },
      logger: api.logger,
      now: () => clock,
    });
    try {
      // The probe's farm: one address, a new user agent each click, 10 a minute (the per-address limit); then ten
      // people from addresses of their own.
      const farm = newAddress();
      for (let i = 0; i < 45; i++) {
        if (i % 10 === 0) freshMinute();
        await counter.click(code, { address: farm, userAgent: `${BROWSER} Edg/${120 + i}.0` });
      }
      await counter.click(code, { address: farm, userAgent: `${BROWSER} Edg/120.0` });
      for (let i = 0; i < 10; i++) await counter.click(code, { address: newAddress(), userAgent: BROWSER });
      await counter.flush();
      expect(await daysOf(offerId)).toEqual({ clicks: 55, bot: 0, repeat: 1, limited: 0, inactive: 0 });
      // Hardly any click was refused: only the concentration says so.
      expect(await clickSignals(api.castbridge.db, offerId, thresholds)).toEqual([
        {
          rule: 'click_addresses',
          detail:
            '3 network addresses made 48 of the 56 clicks by people on the tracked link (86%; the busiest 46; 11 ' +
            'addresses in all, each UTC day apart): a click farm, or a shared address such as an office or a mobile carrier',
        },
      ]);
    } finally {
      await counter.close();
    }
  });

  it('holds an offer whose clicks come from a few addresses by default too, beside the refused share', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const thresholds = api.castbridge.config.deliverables;
    // 40 paced clicks from one address (10 a minute), 15 people from their own: below 50, nothing.
    const farm = newAddress();
    for (let i = 0; i < 15; i++) await visit(code, newAddress());
    await api.castbridge.services.clicks.flush();
    expect(await clickSignals(api.castbridge.db, offerId, thresholds)).toEqual([]);
    for (let i = 0; i < 40; i++) {
      if (i % 10 === 0) freshMinute();
      await visit(code, farm, `${BROWSER} Build/${i}`);
    }
    expect(await daysOf(offerId)).toEqual({ clicks: 16, bot: 0, repeat: 39, limited: 0, inactive: 0 });
    expect(await clickSignals(api.castbridge.db, offerId, thresholds)).toEqual([
      { rule: 'clicks', detail: '39 of 55 clicks on the tracked link were refused (bots, repeats, over the limits)' },
      {
        rule: 'click_addresses',
        detail:
          '3 network addresses made 42 of the 55 clicks by people on the tracked link (76%; the busiest 40; 16 ' +
          'addresses in all, each UTC day apart): a click farm, or a shared address such as an office or a mobile carrier',
      },
    ]);
  });

  it('limits a link’s clicks per minute, from however many visitors', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    for (let i = 0; i < PER_LINK + 7; i++) expect((await visit(code, newAddress())).status).toBe(302);
    expect(await daysOf(offerId)).toEqual({ clicks: PER_LINK, bot: 0, repeat: 0, limited: 7, inactive: 0 });
  });

  it('counts nothing once the offer has ended, and still redirects', async () => {
    freshMinute();
    // The window past.
    const ended = await offerWithLink({ startsOn: day(-10), endsOn: day(-1) });
    expect((await visit(ended.code, newAddress())).status).toBe(302);
    expect(await daysOf(ended.offerId)).toEqual({ clicks: 0, bot: 0, repeat: 0, limited: 0, inactive: 1 });
    // Not started yet.
    const early = await offerWithLink({ startsOn: day(2), endsOn: day(10) });
    expect((await visit(early.code, newAddress())).status).toBe(302);
    expect((await daysOf(early.offerId)).inactive).toBe(1);

    // Cancelled while the link was in memory: the clicks waiting for the flush do not count, nor do later ones.
    const cancelled = await offerWithLink();
    await visit(cancelled.code, newAddress());
    expect((await daysOf(cancelled.offerId)).clicks).toBe(1);
    await visit(cancelled.code, newAddress());
    await api.castbridge.db
      .updateTable('campaigns')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled.campaignId)
      .execute();
    expect((await visit(cancelled.code, newAddress())).status).toBe(302);
    expect(await daysOf(cancelled.offerId)).toEqual({ clicks: 1, bot: 0, repeat: 0, limited: 0, inactive: 2 });
    // Its cached entry is read again (after 30 s, or at once when told): later clicks are refused in memory.
    clock += 31_000;
    const stale = newAddress();
    await visit(cancelled.code, stale);
    // That answer came from the stale entry, read again behind it: polled with the same visitor's clicks (repeats while
    // the stale entry answers, so nothing more counts) until one is refused as inactive.
    const inactive = () => api.castbridge.services.clicks.stats().outcomes.inactive;
    await expect
      .poll(
        async () => {
          const seen = inactive();
          await visit(cancelled.code, stale);
          return inactive() - seen;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const before = inactive();
    expect((await visit(cancelled.code, newAddress())).status).toBe(302);
    expect(inactive()).toBe(before + 1);

    // A completed offer counts nothing either.
    const completed = await offerWithLink();
    await api.castbridge.db
      .updateTable('offers')
      .set({ status: 'completed' })
      .where('id', '=', completed.offerId)
      .execute();
    api.castbridge.services.clicks.invalidate(completed.campaignId);
    await visit(completed.code, newAddress());
    expect(await daysOf(completed.offerId)).toEqual({ clicks: 0, bot: 0, repeat: 0, limited: 0, inactive: 1 });
  });

  it('answers 404 to a code that is no link', async () => {
    for (const code of ['abcdEFGH', 'nope', 'abcdefg0']) {
      const answer = await visit(code, newAddress());
      expect(answer.status, code).toBe(404);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      expect(answer.headers.get('location')).toBeNull();
    }
    // Other methods and longer paths are not links: the API's JSON 404.
    const { code: live } = await offerWithLink();
    for (const [method, path] of [
      ['POST', `/l/${live}`],
      ['GET', `/l/${live}/more`],
    ] as const) {
      const answer = await api.request(method, path, { headers: { 'user-agent': BROWSER } });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ message: 'Not found', code: 'not_found' });
    }
    // A query string is the link all the same.
    expect((await api.request('GET', `/l/${live}?ref=chat`, { headers: { 'user-agent': BROWSER } })).status).toBe(302);
    // A link whose campaign no longer has a URL leads nowhere either.
    const { campaignId, code } = await offerWithLink();
    await api.castbridge.db.updateTable('campaigns').set({ link_url: null }).where('id', '=', campaignId).execute();
    expect((await visit(code, newAddress())).status).toBe(404);
  });

  it('holds an offer most of whose clicks were refused', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const shares = api.castbridge.config.deliverables;
    for (let i = 0; i < 20; i++) await visit(code, newAddress());
    expect(await clickSignals(api.castbridge.db, offerId, shares)).toEqual([]);
    for (let i = 0; i < 40; i++) await visit(code, newAddress(), GOOGLEBOT);
    await api.castbridge.services.clicks.flush();
    expect(await clickSignals(api.castbridge.db, offerId, shares)).toEqual([
      { rule: 'clicks', detail: '40 of 60 clicks on the tracked link were refused (bots, repeats, over the limits)' },
    ]);
  });

  it('keeps the clicks of a flush that failed for the next one', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    await visit(code, newAddress());
    await visit(code, newAddress(), GOOGLEBOT);
    const db = api.castbridge.db;
    await sql`alter table link_clicks rename to link_clicks_away`.execute(db);
    try {
      await api.castbridge.services.clicks.flush();
      expect(api.logger.lines.some((line) => line.msg === 'click flush failed')).toBe(true);
      expect(api.castbridge.services.clicks.stats().buffered).toBe(1);
    } finally {
      await sql`alter table link_clicks_away rename to link_clicks`.execute(db);
    }
    await visit(code, newAddress());
    expect(await daysOf(offerId)).toEqual({ clicks: 2, bot: 1, repeat: 0, limited: 0, inactive: 0 });
  });

  it('keys visitors by a salt of the UTC day: tomorrow the same visitor counts again, and old salts go', async () => {
    const db = api.castbridge.db;
    await db
      .insertInto('link_salts')
      .values({ day: utcDay(clock - 5 * 86_400_000), salt: 'ab'.repeat(32) })
      .execute();
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const address = newAddress();
    await visit(code, address);
    await visit(code, address);
    // Just after the next UTC midnight.
    clock = (Math.floor(clock / 86_400_000) + 1) * 86_400_000 + 60_000;
    await visit(code, address);
    expect(await daysOf(offerId)).toEqual({ clicks: 2, bot: 0, repeat: 1, limited: 0, inactive: 0 });
    const rows = await db.selectFrom('link_clicks').select(['day', 'visitor']).where('code', '=', code).execute();
    expect(rows.map((row) => row.day).sort()).toEqual([utcDay(clock - 86_400_000), utcDay(clock)]);
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor);
    const salts = await db.selectFrom('link_salts').select('day').execute();
    expect(salts.map((row) => row.day).sort()).toEqual([utcDay(clock - 86_400_000), utcDay(clock)]);
  });

  it.runIf(backendName === 'postgres')('counts a visitor once across two instances on one database', async () => {
    freshMinute();
    const { offerId, code } = await offerWithLink();
    const other = await startApp(backend, { CLICK_FLUSH_MS: '60000' }, { now: () => clock });
    try {
      const address = newAddress();
      const [here, there] = await Promise.all([
        visit(code, address),
        other.request('GET', `/l/${code}`, { headers: { 'x-forwarded-for': address, 'user-agent': BROWSER } }),
      ]);
      expect([here.status, there.status]).toEqual([302, 302]);
      await other.castbridge.services.clicks.flush();
      expect(await daysOf(offerId)).toEqual({ clicks: 1, bot: 0, repeat: 1, limited: 0, inactive: 0 });
      const rows = await api.castbridge.db.selectFrom('link_clicks').selectAll().where('code', '=', code).execute();
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
