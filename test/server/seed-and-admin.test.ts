// The demo seed (docs/product.md §Marketplace, docs/product.md "Demo seed") and the operator command `npm run admin -- create-operator`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_EMAILS, DEMO_HANDLE } from '../../demo/seed/demo.ts';
import { pastSponsorships } from '../../demo/seed/money.ts';
import { ROSTER } from '../../demo/seed/roster.ts';
import { compiledCommand, makeBackend, startApp, tempDir, type Backend, type Client } from './helpers.ts';

describe('the demo seed', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('writes an operator, an approved and a pending advertiser and a creator whose offers fill the three tabs; once', async () => {
    const first = await seedDemo(api.castbridge);
    expect(first.seeded).toBe(true);
    expect(first.accounts.map((a) => a.email)).toEqual([
      DEMO_EMAILS.operator,
      DEMO_EMAILS.advertiser,
      DEMO_EMAILS.pending,
      DEMO_EMAILS.creator,
    ]);
    const file = fs.readFileSync(first.file, 'utf8');
    for (const account of first.accounts) expect(file).toContain(`${account.email}  ${account.password}`);
    expect(fs.statSync(first.file).mode & 0o777).toBe(0o600);

    // The printed passwords sign in, and each account has its role.
    const token = async (email: string) => {
      const password = first.accounts.find((a) => a.email === email)!.password;
      const answer = await api.request('POST', '/api/auth/jwt-login', {
        json: { email, password, firebaseResponse: null },
      });
      expect(answer.status).toBe(200);
      return answer.body.token as string;
    };
    const creator = await token(DEMO_EMAILS.creator);
    const offers = (await api.request('GET', '/api/offers', { token: creator })).body.offers as {
      status: string;
      title: string;
    }[];
    const count = (status: string) => offers.filter((o) => o.status === status).length;
    expect([count('invited'), count('accepted'), count('info_requested')]).toEqual([4, 2, 3]);
    expect(offers.map((o) => o.title)).toContain('Nova Energy Drink');
    // The sponsorships the overlay proved come with their display: 120 minutes in four evening sessions.
    const proven = offers.find((o) => o.title === 'Nova Night Streams') as { id?: string } | undefined;
    expect(proven?.id).toBeTruthy();
    const proof = (await api.request('GET', `/api/offers/${proven!.id}/display`, { token: creator })).body.display as {
      displayedSeconds: number;
      sessions: unknown[];
      completedVia: string;
    };
    expect(proof).toMatchObject({ displayedSeconds: 7200, completedVia: 'overlay' });
    expect(proof.sessions).toHaveLength(4);
    expect(
      (
        (await api.request('GET', '/api/user', { token: await token(DEMO_EMAILS.operator) })).body.user as {
          role: string;
        }
      ).role,
    ).toBe('operator');
    const nova = await token(DEMO_EMAILS.advertiser);
    expect((await api.request('GET', '/api/advertiser/profile', { token: nova })).body.profile).toMatchObject({
      companyName: 'Nova Energy',
      status: 'approved',
    });
    const pending = await token(DEMO_EMAILS.pending);
    expect((await api.request('GET', '/api/advertiser/profile', { token: pending })).body.profile).toMatchObject({
      status: 'pending',
    });

    // A second start leaves the seeded world alone.
    const again = await seedDemo(api.castbridge);
    expect(again.seeded).toBe(false);
    const users = await api.castbridge.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', '%@demo.castbridge.app')
      .execute();
    expect(users).toHaveLength(4);
  });

  it('campaigns whose window has ended complete and their open offers expire', async () => {
    const { db, services } = api.castbridge;
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('title', '=', 'Fresh Bites Snacks')
      .executeTakeFirstOrThrow();
    await db.updateTable('campaigns').set({ ends_on: '2020-01-01' }).where('id', '=', campaign.id).execute();
    expect(await services.campaigns.completeEnded()).toBeGreaterThanOrEqual(1);
    expect(
      (await db.selectFrom('campaigns').select('status').where('id', '=', campaign.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('completed');
    const open = await db.selectFrom('offers').select('status').where('campaign_id', '=', campaign.id).execute();
    expect(open.map((o) => o.status)).toEqual(['expired']);
  });
});

// The demo's past sponsorships are dated from the day npm start seeds them: none after that moment (a completion's review
// window would be negative), this month's inside this month, whatever the day and hour (the 1st at 00:26 UTC failed).
describe('the demo seed’s past sponsorships', () => {
  it.each([
    '2026-12-01T00:26:00.000Z',
    '2026-12-01T12:30:00.000Z',
    '2026-11-15T09:00:00.000Z',
    '2027-01-01T00:00:00.000Z',
  ])('seeded at %s: none in the future, two this month', (at) => {
    const now = new Date(at);
    const pasts = pastSponsorships(now);
    for (const past of pasts) expect(Date.parse(past.at)).toBeLessThanOrEqual(now.getTime());
    const month = at.slice(0, 7);
    expect(pasts.filter((past) => past.at.startsWith(month))).toHaveLength(2);
  });
});

describe('the demo roster in brand search (both platforms stood in for, as on `npm start`)', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend, { STANDINS: '1' });
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('lists the demo creator and the roster to the demo advertiser, with figures the filters narrow; once', async () => {
    const first = await seedDemo(api.castbridge);
    expect(first.seeded).toBe(true);
    // The roster has no passwords and is not printed.
    expect(first.accounts).toHaveLength(4);
    const nova = first.accounts.find((a) => a.email === DEMO_EMAILS.advertiser)!;
    const login = await api.request('POST', '/api/auth/jwt-login', {
      json: { email: nova.email, password: nova.password, firebaseResponse: null },
    });
    const token = login.body.token as string;
    type Card = {
      handle: string;
      platforms: string[];
      language: string | null;
      country: string | null;
      followers: number;
      avgViewers: number | null;
      completed: number;
      deliveryRate: number | null;
    };
    const search = async (query = '') => {
      const answer = await api.request('GET', `/api/creators${query}`, { token });
      expect(answer.status).toBe(200);
      return { total: answer.body.total as number, cards: answer.body.creators as Card[] };
    };
    const handles = (cards: Card[]) => cards.map((card) => card.handle).sort();

    const all = await search();
    expect(all.total).toBe(1 + ROSTER.length);
    expect(handles(all.cards)).toEqual([DEMO_HANDLE, ...ROSTER.map((member) => member.handle)].sort());
    // Highest average viewers first, at very different scales; the channels' followers as the seed wrote them.
    const luna = all.cards[0]!;
    expect(luna).toMatchObject({ handle: 'lunaplays', language: 'Spanish', country: 'Mexico', followers: 1_050_000 });
    expect(luna.platforms.sort()).toEqual(['Twitch', 'YouTube']);
    expect(luna.avgViewers).toBeGreaterThan(10_000);
    const small = all.cards.find((card) => card.handle === 'pixelnorth')!;
    expect(small.avgViewers).toBeLessThan(60);
    expect(small.followers).toBe(1_850);
    // Completed sponsorships only where the ledger holds them.
    expect(luna).toMatchObject({ completed: 3, deliveryRate: 100 });
    expect(all.cards.find((card) => card.handle === 'retrorosa')).toMatchObject({ completed: 0, deliveryRate: null });

    // Filters narrow the directory.
    const spanish = await search('?language=Spanish');
    expect(handles(spanish.cards)).toEqual(['gauchogamer', 'lunaplays', 'nocturna', 'retrorosa']);
    const canada = await search('?country=Canada');
    expect(handles(canada.cards)).toEqual(['mapleminds', 'pixelnorth']);
    const youtube = await search('?platform=YouTube');
    expect(youtube.total).toBeLessThan(all.total);
    expect(youtube.cards.every((card) => card.platforms.includes('YouTube'))).toBe(true);
    expect(handles(youtube.cards)).not.toContain('pixelnorth');
    const big = await search('?minViewers=1000');
    expect(handles(big.cards)).toEqual(['gauchogamer', 'lunaplays', 'retrorosa', 'speedqueen']);
    const proven = await search('?minDeliveryRate=100');
    expect(handles(proven.cards)).toEqual([DEMO_HANDLE, 'gauchogamer', 'lunaplays', 'nocturna', 'speedqueen'].sort());
    const spanishTwitchBig = await search('?language=Spanish&platform=Twitch&minViewers=1000');
    expect(handles(spanishTwitchBig.cards)).toEqual(['gauchogamer', 'lunaplays']);

    // Each roster creator's media kit is public.
    const page = await api.request('GET', '/c/retrorosa');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Retro Rosa');

    // A second start leaves the seeded world alone: no second roster.
    expect((await seedDemo(api.castbridge)).seeded).toBe(false);
    expect((await search()).total).toBe(1 + ROSTER.length);
    const users = await api.castbridge.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', '%@demo.castbridge.app')
      .execute();
    expect(users).toHaveLength(4 + ROSTER.length);
  });
});

describe('npm run admin -- create-operator', () => {
  const dataDir = tempDir('castbridge-admin-');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, compiledCommand('admin', args), {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        JWT_SECRET: 'admin-test-secret-0123456789abcdef0123',
      },
      encoding: 'utf8',
      // A net against a hang, not a bound (the same limit as a spawned server's start, test/server/helpers.ts).
      timeout: 120_000,
    });

  // Four runs of the command one after the other, then a server: a safety net for a loaded machine, not a bound (a
  // full npm test took 73 s where the file alone takes 33 s).
  it(
    'creates an operator with a one-time password, refuses an existing e-mail and bad usage',
    { timeout: 600_000 },
    async () => {
      const made = run('create-operator', 'Ops@Example.com');
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^Operator ops@example\.com created\.\nOne-time password: \S{16,}\n/);
      const again = run('create-operator', 'ops@example.com');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already exists');
      expect(run('create-operator').status).toBe(2);
      expect(run('create-operator', 'not-an-email').status).toBe(2);

      // The operator signs in with that password and is an operator.
      const password = /One-time password: (\S+)/.exec(made.stdout)![1]!;
      const backend: Backend = { name: 'sqlite', env: { DATA_DIR: dataDir }, dataDir, cleanup: async () => {} };
      const api = await startApp(backend, { JWT_SECRET: 'admin-test-secret-0123456789abcdef0123' });
      try {
        const login = await api.request('POST', '/api/auth/jwt-login', {
          json: { email: 'ops@example.com', password, firebaseResponse: null },
        });
        expect(login.status).toBe(200);
        const me = await api.request('GET', '/api/user', { token: login.body.token as string });
        expect((me.body.user as { role: string }).role).toBe('operator');
      } finally {
        await api.close();
      }
    },
  );
});
