// Talks to the running product's API the way the browser does, to set up accounts for browser tests.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { baseURL } from './harness';

export const strongPassword = 'Castbridge!2024-secure';

let counter = 0;
export function uniqueEmail(prefix = 'creator'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/**
 * Waits for matching (a job) to offer `campaignId` to the creator, accepts it (a link-only offer needs no channel),
 * and answers the offer's id and its tracked link.
 */
export async function acceptMatchedLinkOffer(
  creatorToken: string,
  campaignId: string,
): Promise<{ offerId: string; link: string }> {
  let offerId = '';
  await expect
    .poll(
      async () => {
        const { offers } = await call<{ offers: { id: string; campaignId: string }[] }>('GET', '/api/offers', {
          token: creatorToken,
        });
        offerId = offers.find((entry) => entry.campaignId === campaignId)?.id ?? '';
        return offerId;
      },
      { timeout: 20_000, interval: 500 },
    )
    .not.toBe('');
  await call('POST', `/api/offers/${offerId}/accept`, { token: creatorToken, json: {} });
  const { progress } = await call<{ progress: { link: { url: string } } }>(
    'GET',
    `/api/offers/${offerId}/deliverables`,
    { token: creatorToken },
  );
  return { offerId, link: progress.link.url };
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Registers an account and returns its token. */
export async function register(
  email = uniqueEmail(),
  password = strongPassword,
  type_account = 'Influencer',
): Promise<{ email: string; token: string }> {
  const response = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, type_account }),
  });
  const { token } = await json<{ token: string }>(response);
  return { email, token };
}

/** Fills profile fields for an account. */
export async function updateProfile(token: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseURL()}/api/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(fields),
  });
  await json(response);
}

/** Any API call as JSON, failing loudly on a non-2xx answer. */
export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; json?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
  });
  return json<T>(response);
}

/** The demo world's accounts, as the server wrote them into $DATA_DIR/demo-accounts.txt at start (docs/product.md §Marketplace). */
export function demoAccounts(): Record<
  'operator' | 'advertiser' | 'pending' | 'creator',
  { email: string; password: string }
> {
  const lines = readFileSync(join(inject('dataDir'), 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/));
  const find = (prefix: string) => {
    const line = lines.find(([, email]) => email!.startsWith(prefix))!;
    return { email: line[1]!, password: line[2]! };
  };
  return {
    operator: find('operator@'),
    advertiser: find('nova@'),
    pending: find('pixelforge@'),
    creator: find('creator@'),
  };
}

export async function login(email: string, password: string): Promise<string> {
  return (
    await call<{ token: string }>('POST', '/api/auth/jwt-login', { json: { email, password, firebaseResponse: null } })
  ).token;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A campaign body aimed at one country, so only the journey's own creators match it. */
export function campaignFor(country: string, overrides: Record<string, unknown> = {}) {
  return {
    brand: 'Lumen Labs',
    title: `Stream lights ${country}`,
    description: 'Our key light on camera, and a word about it at the start of each stream.',
    payCents: 30_000,
    spots: 2,
    targeting: {
      platforms: ['Twitch', 'YouTube'],
      languages: ['English'],
      countries: [country],
      categories: [],
      minAvgViewers: null,
    },
    deliverable: { minutes: 90, startsOn: day(0), endsOn: day(30), disclosure: 'Sponsored by Lumen Labs' },
    ...overrides,
  };
}

/** An advertiser whose company profile the demo operator approved and who has `fundsCents` to launch with, signed in by API. */
export async function approvedAdvertiser(
  company = 'Lumen Labs',
  fundsCents = 10_000_000,
): Promise<{ email: string; token: string }> {
  const advertiser = await register(uniqueEmail('advertiser'), strongPassword, 'Advertiser');
  await call('PUT', '/api/advertiser/profile', {
    token: advertiser.token,
    json: {
      companyName: company,
      website: 'https://lumen.example',
      contactName: 'Lea Lumen',
      contactEmail: 'lea@lumen.example',
    },
  });
  const { operator } = demoAccounts();
  const operatorToken = await login(operator.email, operator.password);
  const pending = await call<{ advertisers: { userId: string; email: string }[] }>(
    'GET',
    '/api/admin/advertisers?status=pending',
    { token: operatorToken },
  );
  const mine = pending.advertisers.find((a) => a.email === advertiser.email)!;
  await call('POST', `/api/admin/advertisers/${mine.userId}/approve`, { token: operatorToken });
  // Launching reserves pay × spots (docs/product.md §Money): the operator records a deposit.
  if (fundsCents > 0)
    await call('POST', '/api/admin/deposits', {
      token: operatorToken,
      json: { advertiserId: mine.userId, amountCents: fundsCents, reference: 'WIRE-E2E' },
    });
  return advertiser;
}

/** Waits until the account has at least `count` notifications (matching runs as a job beside the server). */
export async function waitForNotifications(token: string, count: number): Promise<void> {
  await expect
    .poll(async () => (await call<{ unread: number }>('GET', '/api/notifications', { token })).unread, {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
}

/**
 * Waits until the server's background job `key` has run: the run's own database (the data directory of
 * global-setup.ts) no longer holds its row. The server writes the row before it answers the request that queues the
 * job, and deletes it when the job is done, so this waits on the server's state, not on a guess of how long it takes.
 */
export async function jobDone(key: string, timeoutMs = 30_000): Promise<void> {
  const db = new Database(join(inject('dataDir'), 'castbridge.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const pending = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM jobs WHERE key = ?');
    await expect.poll(() => pending.get(key)!.n, { timeout: timeoutMs, interval: 100 }).toBe(0);
  } finally {
    db.close();
  }
}

/** The account id in a session token (its subject). */
export function accountId(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
}

/**
 * Waits until the matching that the creator's last profile change queued has run (the demo campaigns match everyone,
 * so it brings offers and their notifications), then clears the notifications, so a journey starts from none.
 */
export async function clearNotificationsWhenSettled(token: string): Promise<void> {
  await jobDone(`match:creator:${accountId(token)}`);
  await call('POST', '/api/notifications/clear', { token, json: {} });
}

/**
 * Connects a platform for `token` through the running product's stand-in provider as a browser would: our start,
 * the consent form (channel name, Authorize), the provider's redirect to our callback, the completion (docs/product.md §Connected accounts).
 */
export async function connectThroughStandIn(
  token: string,
  platform: 'twitch' | 'youtube',
  channel: string,
): Promise<void> {
  const { url } = await call<{ url: string }>('POST', `/api/connections/${platform}/start`, { token });
  const authorize = new URL(url);
  const q = authorize.searchParams;
  const form = new URLSearchParams({
    client_id: q.get('client_id')!,
    redirect_uri: q.get('redirect_uri')!,
    state: q.get('state')!,
    scope: q.get('scope') ?? '',
    code_challenge: q.get('code_challenge')!,
    channel,
    decision: 'allow',
  });
  const decided = await fetch(`${authorize.origin}${authorize.pathname}/decide`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(decided.status).toBe(302);
  const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(302);
  // Connect Accounts completes it with the token our callback sent the browser back with (the creator who started).
  const completion = new URL(back.headers.get('location')!).searchParams.get('complete');
  expect(completion).toBeTruthy();
  await call('POST', `/api/connections/${platform}/complete`, { token, json: { completion } });
}
