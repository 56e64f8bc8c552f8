// Prometheus metrics (issue 47 item 2, docs/operations.md "What to watch"), on SQLite and PostgreSQL: /metrics is never
// public by accident (404 with neither METRICS_PORT nor METRICS_TOKEN, 401 without the token, its own listener with
// METRICS_PORT); a scrape after some activity — a click, a webhook, a stream opened, a job failing, budgets spent, a
// channel in delivery — holds each series with the values that activity explains, the HTTP histogram labelled by
// route pattern and never by a raw path; and every series deploy/prometheus/alerts.yml names is in the scrape.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../server/config.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, connectChannel, offerWithLink, type Account } from './market.ts';
import { sseReader } from './sse.ts';
import { deliver, signedEvent } from './stripe-webhooks.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_metrics_test_secret';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in Prometheus's text format (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

async function scrape(api: Client): Promise<Sample[]> {
  const answer = await api.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  return parse(answer.text);
}

/**
 * The expressions of deploy/prometheus/alerts.yml, read simply: each `expr:` value on its line, or the more indented
 * lines of a block (`expr: >-`) under it.
 */
function alertExpressions(): string[] {
  const lines = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'prometheus', 'alerts.yml'), 'utf8').split('\n');
  const expressions: string[] = [];
  lines.forEach((line, index) => {
    const match = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!match) return;
    if (!/^[>|]/.test(match[2]!)) return void expressions.push(match[2]!);
    const block: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() && /^\s*/.exec(next)![0].length <= match[1]!.length) break;
      block.push(next.trim());
    }
    expressions.push(block.join(' '));
  });
  return expressions;
}

/** The series the alert rules name. */
function alertSeries(): string[] {
  const names = new Set<string>();
  for (const expression of alertExpressions())
    for (const name of expression.match(/\b(?:castbridge|process|nodejs)_[a-z0-9_]+/g) ?? []) names.add(name);
  return [...names].sort();
}

describe('metrics configuration', () => {
  it('refuses a short METRICS_TOKEN, a METRICS_PORT that is no port or is PORT, and defaults METRICS_HOST to loopback', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the token' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a whole number/);
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: TOKEN,
    });
  });
});

describe('metrics endpoint, never public by accident', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
  });
  afterAll(async () => {
    await backend?.cleanup();
  });

  it('answers 404 JSON with neither METRICS_PORT nor METRICS_TOKEN, and measures nothing', async () => {
    // A client build whose index.html answers every other path: /metrics must not fall through to it.
    const staticDir = path.join(backend.dataDir, 'client-build');
    fs.mkdirSync(staticDir, { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Castbridge</title>');
    const api = await startApp(backend, { STATIC_DIR: staticDir });
    try {
      expect(api.castbridge.metrics).toBeNull();
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const answer = await api.request('GET', '/metrics', { headers });
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: 'Not found', code: 'not_found' });
      }
      expect((await api.request('GET', '/some-page')).text).toContain('<title>Castbridge</title>');
    } finally {
      await api.close();
    }
  });

  it('answers 401 JSON without the bearer token or with a wrong one', async () => {
    const api = await startApp(backend, { METRICS_TOKEN: TOKEN });
    try {
      for (const authorization of [null, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
        const answer = await api.request('GET', '/metrics', authorization ? { headers: { authorization } } : {});
        expect(answer.status, String(authorization)).toBe(401);
        expect(answer.body.message).toMatch(/METRICS_TOKEN/);
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(answer.text).not.toContain('castbridge_');
      }
      const right = await api.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.status).toBe(200);
      expect(right.text).toContain('castbridge_http_request_duration_seconds');
    } finally {
      await api.close();
    }
  });

  it('serves /metrics on a listener of its own with METRICS_PORT (loopback), and not on the main port without a token', async () => {
    const api = await startApp(backend, { METRICS_PORT: '0' });
    let url: string | null = null;
    try {
      url = await api.castbridge.metrics!.listen();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      await api.request('GET', '/api/health');
      const answer = await fetch(url!);
      expect(answer.status).toBe(200);
      const samples = parse(await answer.text());
      expect(
        value(samples, 'castbridge_http_request_duration_seconds_count', { route: '/api/health', status: '200' }),
      ).toBe(1);
      expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(value(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(value(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect(value(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      // No series a callback on every garbage collection would feed (server/metrics/process.ts).
      expect(samples.some((sample) => sample.name.startsWith('nodejs_gc_'))).toBe(false);
      const other = await fetch(url!.replace(/\/metrics$/, '/api/user'));
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ message: 'Not found', code: 'not_found' });
      const main = await api.request('GET', '/metrics');
      expect(main.status).toBe(404);
    } finally {
      await api.close();
    }
    // Closed with the app.
    await expect(fetch(url!)).rejects.toThrow();
  });
});

describe.each(BACKENDS)('metrics on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let advertiser: Account;
  let creator: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, {
      METRICS_TOKEN: TOKEN,
      // Stripe configured (its webhook verified with this secret); its API is never called here.
      STRIPE_SECRET_KEY: 'sk_test_metrics',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    advertiser = await account(api, 'advertiser');
    creator = await account(api, 'creator');
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  /** An active campaign with a tracked link and an accepted offer of `creator` (market.ts); its link's code. */
  const linkCode = async () => (await offerWithLink(api.castbridge.db, { advertiser, creator })).code;

  it('counts the tracked links’ redirects on the HTTP histogram by route pattern, and the clicks by outcome', async () => {
    const code = await linkCode();
    const visit = (userAgent: string, address: string) =>
      api.request('GET', `/l/${code}`, { headers: { 'user-agent': userAgent, 'x-forwarded-for': address } });
    expect((await visit(BROWSER, '198.51.100.7')).status).toBe(302);
    expect((await visit(BROWSER, '198.51.100.7')).status).toBe(302);
    expect((await visit(GOOGLEBOT, '198.51.100.8')).status).toBe(302);
    const unknown = `zz${crypto.randomBytes(3).toString('hex')}`;
    expect((await api.request('GET', `/l/${unknown}`)).status).toBe(404);
    const path = `/api/no-such-thing-${crypto.randomBytes(4).toString('hex')}`;
    expect((await api.request('GET', path)).status).toBe(404);

    const samples = await scrape(api);
    const redirects = (status: string) =>
      value(samples, 'castbridge_http_request_duration_seconds_count', { route: '/l/:code', method: 'GET', status });
    expect(redirects('302')).toBe(3);
    expect(redirects('404')).toBe(1);
    expect(value(samples, 'castbridge_clicks_total', { outcome: 'counted' })).toBe(1);
    expect(value(samples, 'castbridge_clicks_total', { outcome: 'repeat' })).toBe(1);
    expect(value(samples, 'castbridge_clicks_total', { outcome: 'bot' })).toBe(1);
    expect(value(samples, 'castbridge_clicks_total', { outcome: 'limited' })).toBe(0);
    expect(value(samples, 'castbridge_clicks_total', { outcome: 'inactive' })).toBe(0);
    // Labels are route patterns: neither the code nor the path asked for appears in the scrape.
    const text = samples.map((s) => JSON.stringify(s.labels)).join('\n');
    expect(text).not.toContain(code);
    expect(text).not.toContain(unknown);
    expect(text).not.toContain(path);
    expect(value(samples, 'castbridge_http_request_duration_seconds_count', { route: '/api/*', status: '404' })).toBe(
      1,
    );
    // "ok" is the same on both paths: a redirect is a success, a 404 is not.
    expect(value(samples, 'castbridge_http_request_duration_seconds_count', { route: '/l/:code', ok: 'true' })).toBe(3);
    expect(value(samples, 'castbridge_http_request_duration_seconds_count', { route: '/l/:code', ok: 'false' })).toBe(
      1,
    );
    expect(value(samples, 'castbridge_http_request_duration_seconds_count', { route: '/api/*', ok: 'false' })).toBe(1);
  });

  it('labels every request with the pattern of the route that answered it, whoever was refused and wherever it led', async () => {
    const offerId = crypto.randomUUID();
    const bearer = { headers: { authorization: `Bearer ${creator.token}` } };
    // What this test adds, whatever the tests before it counted on the same labels.
    const before = await scrape(api);
    expect((await api.request('GET', '/api/user', bearer)).status).toBe(200);
    // Refused by the route's sign-in middleware: still that route's pattern.
    expect((await api.request('GET', '/api/user')).status).toBe(401);
    expect((await api.request('GET', `/api/offers/${offerId}`, bearer)).status).toBe(404);
    expect((await api.request('HEAD', '/api/user', bearer)).status).toBe(200);
    // A page of the site (or its 404 where no build is served): the static catch-all.
    const page = (await api.request('GET', '/campaigns/new')).status;

    const samples = await scrape(api);
    const added = (labels: Record<string, string>) =>
      (value(samples, 'castbridge_http_request_duration_seconds_count', labels) ?? 0) -
      (value(before, 'castbridge_http_request_duration_seconds_count', labels) ?? 0);
    expect(added({ method: 'GET', route: '/api/user', status: '200', ok: 'true' })).toBe(1);
    expect(added({ method: 'GET', route: '/api/user', status: '401', ok: 'false' })).toBe(1);
    expect(added({ method: 'GET', route: '/api/offers/:id', status: '404' })).toBe(1);
    expect(added({ method: 'HEAD', route: '/api/user', status: '200' })).toBe(1);
    expect(added({ method: 'GET', route: '/*', status: String(page) })).toBe(1);
    expect(samples.map((s) => JSON.stringify(s.labels)).join('\n')).not.toContain(offerId);
  });

  it('counts webhook deliveries by provider and result', async () => {
    const accepted = signedEvent('customer.created', { id: 'cus_metrics' }, { secret: WEBHOOK_SECRET });
    expect((await deliver(api, accepted)).status).toBe(200);
    const forged = signedEvent('customer.created', { id: 'cus_metrics' }, { secret: 'whsec_someone_else' });
    expect((await deliver(api, forged)).status).toBe(400);
    // No Connect secret configured: the Connect endpoint is not configured here.
    const connect = await api.request('POST', '/api/webhooks/stripe/connect', {
      body: accepted.body,
      headers: { 'content-type': 'application/json', 'stripe-signature': accepted.signature },
    });
    expect(connect.status).toBe(404);

    const samples = await scrape(api);
    const deliveries = (provider: string, result: string) =>
      value(samples, 'castbridge_webhook_deliveries_total', { provider, result });
    expect(deliveries('stripe', 'accepted')).toBe(1);
    expect(deliveries('stripe', 'refused')).toBe(1);
    expect(deliveries('stripe_connect', 'not_configured')).toBe(1);
    expect(deliveries('stripe', 'failed')).toBe(0);
    expect(deliveries('stripe_connect', 'accepted')).toBe(0);
  });

  it('counts the open live streams while a notification stream is open, and not once it closed', async () => {
    const ticket = (await api.request('POST', '/api/events/ticket', { token: creator.token })).body.ticket as string;
    const response = await api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    const reader = sseReader(response);
    expect((await reader.next(5000))?.event).toBe('ready');
    const open = async () => value(await scrape(api), 'castbridge_sse_streams_open', { kind: 'notifications' });
    expect(await open()).toBe(1);
    expect(value(await scrape(api), 'castbridge_sse_streams_open', { kind: 'overlay' })).toBe(0);
    await reader.close();
    await until(open, (count) => count === 0);
  });

  it('reads the product figures from the services: verification lag, budgets, jobs, money', async () => {
    const { services, db } = api.castbridge;
    // Two channels in delivery: one the platform answered about 120 s ago, one never yet.
    const looked = await connectChannel(api, creator, 'twitch');
    const never = await connectChannel(api, await account(api, 'creator'), 'youtube');
    const now = Date.now();
    await db
      .insertInto('live_watch')
      .values([
        { account_id: looked.id, creator_id: creator.id, platform: 'twitch', checked_at: now - 120_000, live: 0 },
        { account_id: never.id, creator_id: creator.id, platform: 'youtube', checked_at: 0, live: 0 },
      ])
      .execute();
    // Budgets spent: the YouTube project's, and two creators' Twitch tokens (folded into one series).
    await services.governor.take({
      provider: 'youtube',
      credential: 'project',
      priority: 'verify',
      purpose: 'delivery_verification',
      cost: 7,
    });
    for (const [id, cost] of [
      ['1001', 3],
      ['1002', 9],
    ] as const)
      await services.governor.take({
        provider: 'twitch',
        credential: `user:${id}`,
        priority: 'analytics',
        purpose: 'analytics_collection',
        cost,
      });
    // A job that fails (retried later), and one scheduled for an hour from now.
    services.jobs.register('metrics.fails', async () => {
      throw new Error('failing on purpose');
    });
    services.jobs.register('metrics.later', async () => {});
    await services.jobs.enqueue('metrics.fails', 'metrics:fails', {});
    await services.jobs.schedule('metrics.later', 'metrics:later', {}, Date.now() + 3_600_000);

    const samples = await until(
      () => scrape(api),
      (read) =>
        (value(read, 'castbridge_jobs_failed_total', { kind: 'metrics.fails' }) ?? 0) >= 1 &&
        value(read, 'castbridge_jobs_scheduled', { kind: 'metrics.later' }) === 1 &&
        value(read, 'castbridge_verification_channels', { platform: 'twitch', state: 'looked_at' }) === 1,
      20_000,
    );
    const lag = value(samples, 'castbridge_verification_lag_max_seconds', { platform: 'twitch' })!;
    expect(lag).toBeGreaterThanOrEqual(120);
    expect(lag).toBeLessThan(120 + 60);
    expect(value(samples, 'castbridge_verification_lag_p95_seconds', { platform: 'twitch' })).toBe(lag);
    expect(value(samples, 'castbridge_verification_channels', { platform: 'youtube', state: 'never' })).toBe(1);
    expect(value(samples, 'castbridge_verification_lag_max_seconds', { platform: 'youtube' })).toBe(0);
    expect(value(samples, 'castbridge_verification_channels', { platform: 'twitch', state: 'problem' })).toBe(0);

    expect(value(samples, 'castbridge_platform_budget_spent', { provider: 'youtube', credential: 'project' })).toBe(7);
    expect(value(samples, 'castbridge_platform_budget_capacity', { provider: 'youtube', credential: 'project' })).toBe(
      10_000,
    );
    expect(value(samples, 'castbridge_platform_budget_remaining', { provider: 'youtube', credential: 'project' })).toBe(
      9_900 - 7,
    );
    expect(value(samples, 'castbridge_platform_budget_refused', { provider: 'youtube', credential: 'project' })).toBe(
      0,
    );
    // The creators' tokens are one series, never one per creator (a minute's window may have turned over: ≤ 9).
    const userSpent = value(samples, 'castbridge_platform_budget_spent', { provider: 'twitch', credential: 'user' });
    expect(userSpent).toBeGreaterThanOrEqual(0);
    expect(userSpent).toBeLessThanOrEqual(9);
    expect(samples.some((s) => s.labels.credential?.startsWith('user:'))).toBe(false);

    if (backendName === 'sqlite')
      // The table queue keeps a failed job's row for its retry (BullMQ keeps retries in Redis or its own schema).
      expect(value(samples, 'castbridge_jobs_retrying', { kind: 'metrics.fails' })).toBe(1);
    expect(value(samples, 'castbridge_jobs_running', { kind: 'metrics.fails' })).toBe(0);

    for (const state of ['pending', 'available', 'in_payout'])
      expect(value(samples, 'castbridge_earnings_cents', { state })).toBe(0);
    expect(value(samples, 'castbridge_payouts_waiting_operator')).toBe(0);
    expect(value(samples, 'castbridge_payouts_waiting_operator_oldest_seconds')).toBe(0);
    expect(value(samples, 'castbridge_disputes_open', { kind: 'card' })).toBe(0);
    expect(value(samples, 'castbridge_disputes_open', { kind: 'earning' })).toBe(0);
    expect(value(samples, 'castbridge_earnings_held')).toBe(0);
    await services.jobs.cancel('metrics:later');
    await services.jobs.cancel('metrics:fails');
  });

  it('holds every series deploy/prometheus/alerts.yml names', async () => {
    const rules = fs
      .readFileSync(path.join(REPO_ROOT, 'deploy', 'prometheus', 'alerts.yml'), 'utf8')
      .match(/- alert:/g);
    expect(alertExpressions()).toHaveLength(rules!.length);
    const names = alertSeries();
    expect(names.length).toBeGreaterThan(15);
    // What series appear only once something happened (a budget spent, a job failed), made here as well.
    const { services } = api.castbridge;
    await services.governor.take({
      provider: 'youtube',
      credential: 'project',
      priority: 'verify',
      purpose: 'delivery_verification',
      cost: 1,
    });
    services.jobs.register('metrics.alerts', async () => {
      throw new Error('failing on purpose');
    });
    await services.jobs.enqueue('metrics.alerts', 'metrics:alerts', {});
    const missing = (samples: Sample[]) => {
      const present = new Set(samples.map((s) => s.name));
      return names.filter((name) => !present.has(name));
    };
    const samples = await until(
      () => scrape(api),
      (read) => missing(read).length === 0,
      20_000,
    ).catch(async () => scrape(api));
    expect(missing(samples)).toEqual([]);
    await services.jobs.cancel('metrics:alerts');
  });

  it('lists in docs/operations.md "What to watch" the rules deploy/prometheus/alerts.yml ships', () => {
    const rules = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'prometheus', 'alerts.yml'), 'utf8');
    const docs = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## What to watch'));
    const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block?.trim()).toBe(rules.slice(rules.indexOf('groups:')).trim());
  });
});
