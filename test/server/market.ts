// Accounts and campaigns for the marketplace's API tests (docs/product.md §Marketplace).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { CampaignInput } from '../../contract/schemas/marketplace.ts';
import type { Database } from '../../server/db/types.ts';
import { TWITCH_SCOPES, YOUTUBE_SCOPES } from '../../server/connections/providers.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { ensureLink } from '../../server/deliverables/links.ts';
import { compiledCommand, type Backend, type Client } from './helpers.ts';

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function campaignInput(overrides: Partial<CampaignInput> = {}): CampaignInput {
  return {
    brand: 'Nova Energy',
    title: 'Weekend streams',
    description: 'Our can on stream for 30 seconds each hour.',
    payCents: 25_000,
    spots: 2,
    targeting: {
      platforms: ['Twitch', 'YouTube'],
      languages: ['English'],
      countries: [],
      categories: [],
      minAvgViewers: null,
    },
    deliverable: { minutes: 120, startsOn: day(0), endsOn: day(30), disclosure: 'Sponsored by Nova Energy' },
    ...overrides,
  };
}

export interface Account {
  id: string;
  token: string;
}

let seq = 0;

/** An account made directly in the store (no password: tokens are issued here), with profile fields. */
export async function account(
  api: Client,
  role: 'creator' | 'advertiser' | 'operator',
  profile: Record<string, unknown> = {},
): Promise<Account> {
  const { services, db } = api.castbridge;
  seq += 1;
  const id = await services.users.create({
    email: `${role}${seq}-${Date.now()}@example.com`,
    passwordHash: null,
    typeAccount: role === 'advertiser' ? 'Advertiser' : 'Influencer',
    role,
  });
  if (Object.keys(profile).length > 0) await db.updateTable('users').set(profile).where('id', '=', id).execute();
  return { id, token: await services.tokens.issue(id, 0) };
}

/** Where a channel is stored: a test app, or a database with the instances' PAYOUT_KEY (null) and data directory. */
export type ChannelStore = Client | { db: Kysely<Database>; payoutKey: string | null; dataDir: string };

/**
 * A channel connected for `creator` as server/connections/store.ts leaves it after the OAuth flow (sealed tokens, a
 * stand-in account): accepting an offer needs one on the campaign's platforms (the flow itself: connections.test.ts).
 */
export async function connectChannel(
  where: ChannelStore,
  creator: { id: string },
  platform: 'twitch' | 'youtube' = 'twitch',
): Promise<{ id: string; login: string }> {
  const { db, payoutKey, dataDir } =
    'castbridge' in where
      ? {
          db: where.castbridge.services.db,
          payoutKey: where.castbridge.services.config.payoutKey,
          dataDir: where.castbridge.services.config.dataDir,
        }
      : where;
  const sealer = createSealer(loadPayoutKey(payoutKey, dataDir));
  seq += 1;
  const login = `channel${seq}_${Date.now()}`;
  const id = crypto.randomUUID();
  const stamp = new Date().toISOString();
  await db
    .insertInto('connected_accounts')
    .values({
      id,
      user_id: creator.id,
      platform,
      platform_user_id: `${platform}-${login}`,
      login,
      display_name: login,
      scopes: (platform === 'twitch' ? TWITCH_SCOPES : YOUTUBE_SCOPES).join(' '),
      tokens_sealed: sealer.seal({ accessToken: `access-${login}`, refreshToken: `refresh-${login}` }),
      expires_at: Date.now() + 3_600_000,
      status: 'connected',
      stand_in: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { id, login };
}

export const englishCreator = {
  first_name: 'Ana',
  last_name: 'Lee',
  language: 'English',
  country: 'Canada',
  type_content: 'Speedruns on Twitch',
  tier: 2,
};

/** An advertiser whose company profile the operator approved, with `fundsCents` deposited (launches reserve from it). */
export async function approvedAdvertiser(api: Client, operator: Account, fundsCents = 100_000_000): Promise<Account> {
  const advertiser = await account(api, 'advertiser');
  const sent = await api.request('PUT', '/api/advertiser/profile', {
    token: advertiser.token,
    json: {
      companyName: 'Nova Energy',
      website: 'https://nova.example',
      contactName: 'Nora Vance',
      contactEmail: 'nora@nova.example',
    },
  });
  expect(sent.status, sent.text).toBe(200);
  const approved = await api.request('POST', `/api/admin/advertisers/${advertiser.id}/approve`, {
    token: operator.token,
  });
  expect(approved.status, approved.text).toBe(200);
  if (fundsCents > 0) await deposit(api, operator, advertiser, fundsCents);
  return advertiser;
}

/** The operator records a deposit for `advertiser`. */
export async function deposit(
  api: Client,
  operator: Account,
  advertiser: Account,
  amountCents: number,
  reference = 'WIRE-TEST',
): Promise<void> {
  const answer = await api.request('POST', '/api/admin/deposits', {
    token: operator.token,
    json: { advertiserId: advertiser.id, amountCents, reference },
  });
  expect(answer.status, answer.text).toBe(201);
}

/** A W-9 as a US creator files it (docs/product.md §Self-serve money): withdrawals need a tax form on file. */
export const W9_FORM = {
  kind: 'w9',
  legalName: 'Ana Lee',
  businessType: 'individual',
  tinType: 'ssn',
  tin: '521-44-7890',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' },
  certified: true,
  signedName: 'Ana Lee',
} as const;

/** `who` files a tax form (a W-9 unless `form` says otherwise), as PUT /api/tax-form does before a first payout. */
export async function fileTaxForm(api: Client, who: Account, form: Record<string, unknown> = W9_FORM): Promise<void> {
  const answer = await api.request('PUT', '/api/tax-form', { token: who.token, json: form });
  expect(answer.status, answer.text).toBe(200);
}

/** `npm run ledger -- check`, the command itself, on the database a whole suite wrote: exit 0, "Ledger clean". */
export function expectLedgerCommandClean(backend: Backend): void {
  const check = spawnSync(process.execPath, compiledCommand('ledger', ['check']), {
    env: { ...process.env, DATABASE_URL: '', ...backend.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
  expect(check.stdout).toMatch(/^Ledger clean/);
}

/**
 * An active campaign of `advertiser` with a tracked link and an accepted offer of `creator`, written directly (the
 * flow that makes them: deliverables-pay.test.ts); its ids and the link's code. Shared by the links and metrics tests.
 */
export async function offerWithLink(
  db: Kysely<Database>,
  who: { advertiser: { id: string }; creator: { id: string } },
  overrides: { startsOn?: string; endsOn?: string; url?: string; offerStatus?: 'accepted' | 'active' } = {},
): Promise<{ campaignId: string; offerId: string; code: string }> {
  const stamp = new Date().toISOString();
  const campaignId = crypto.randomUUID();
  await db
    .insertInto('campaigns')
    .values({
      id: campaignId,
      advertiser_id: who.advertiser.id,
      brand: 'Nova Energy',
      title: 'Weekend Streams',
      description: 'Our can on stream.',
      image: null,
      pay_cents: 10_000,
      spots: 1,
      platforms: JSON.stringify(['Twitch']),
      languages: JSON.stringify(['English']),
      countries: '[]',
      categories: '[]',
      min_avg_viewers: null,
      deliverable_minutes: 60,
      starts_on: overrides.startsOn ?? day(-1),
      ends_on: overrides.endsOn ?? day(30),
      disclosure: 'Sponsored',
      status: 'active',
      created_at: stamp,
      updated_at: stamp,
      launched_at: stamp,
      overlay_required: 0,
      link_url: overrides.url ?? 'https://nova.example/energy?utm_source=nova-site',
      link_clicks: 100,
    })
    .execute();
  const offerId = crypto.randomUUID();
  await db
    .insertInto('offers')
    .values({
      id: offerId,
      campaign_id: campaignId,
      creator_id: who.creator.id,
      status: overrides.offerStatus ?? 'accepted',
      reasons: '[]',
      score: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const code = await ensureLink(db, { offerId, campaignId, creatorId: who.creator.id });
  return { campaignId, offerId, code };
}

/**
 * An active campaign written as a row (the live watch's tests: no funds, no matching), on `platforms` ('Twitch',
 * 'YouTube'; none: every platform).
 */
export async function activeCampaignRow(
  db: Kysely<Database>,
  advertiserId: string,
  platforms: string[] = [],
): Promise<string> {
  const id = crypto.randomUUID();
  const stamp = new Date().toISOString();
  await db
    .insertInto('campaigns')
    .values({
      id,
      advertiser_id: advertiserId,
      brand: 'Nova',
      title: 'Streams',
      description: 'On stream',
      image: null,
      pay_cents: 10_000,
      spots: 1000,
      platforms: JSON.stringify(platforms),
      languages: '[]',
      countries: '[]',
      categories: '[]',
      min_avg_viewers: null,
      deliverable_minutes: 120,
      starts_on: '2026-01-01',
      ends_on: '2099-01-01',
      disclosure: 'Sponsored by Nova',
      status: 'active',
      created_at: stamp,
      updated_at: stamp,
      launched_at: stamp,
    })
    .execute();
  return id;
}

/** An offer in delivery (`active`) of `creatorId` on the campaign, written as a row. */
export async function deliveryOfferRow(db: Kysely<Database>, campaignId: string, creatorId: string): Promise<string> {
  const id = crypto.randomUUID();
  const stamp = new Date().toISOString();
  await db
    .insertInto('offers')
    .values({
      id,
      campaign_id: campaignId,
      creator_id: creatorId,
      status: 'active',
      reasons: '[]',
      score: 1,
      decline_reason: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return id;
}
