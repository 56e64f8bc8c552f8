// Prometheus metrics (docs/operations.md "What to watch"; issue 47). Never public by accident: GET /metrics is served
// on a listener of its own when METRICS_PORT is set (bound to METRICS_HOST, loopback by default), and on the main
// port only to `Authorization: Bearer <METRICS_TOKEN>`; with neither, nothing is measured and /metrics answers 404.
//
// What is measured:
// - HTTP: castbridge_http_request_duration_seconds by method, route pattern (never the raw path: bounded labels),
//   status and ok (below 400). Timed around the app's fetch, outside its middleware chain: two clock reads, the
//   route's pattern (the router's match again, remembered per path) and the histogram's counts kept by hand
//   (./durations.ts), about a microsecond and a half of a request's 50 to 500 in the real app, where a middleware
//   layer cost two to six and prom-client's own observe one or more (`npm run bench -- observability` measures it in
//   the real app, issue 47). The tracked-link redirect GET /l/<code>, answered before the app
//   (server/deliverables/link-routes.ts), is timed by the same wrapper as route "/l/:code".
// - jobs running and failing by kind (a wrapper around the queue's handlers), webhook deliveries by provider and
//   result (a middleware on the webhook routes);
// - the product's own figures, read at scrape time (./product.ts);
// - the process's own series (./process.ts: process_*, nodejs_*, the names dashboards expect, so not prefixed).
// This module is infrastructure, below the domains: what it reads of them it declares (./product.ts) and app.ts
// hands in.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import { registerDurations } from './durations.ts';
import { registerProcessMetrics } from './process.ts';
import { registerProductMetrics, type ProductSources } from './product.ts';

export const PREFIX = 'castbridge_';

export interface Metrics {
  registry: Registry;
  /** Times every request `app` answers, by the pattern of the route that answers it. Wrap before the tracked links. */
  timeApp(app: Hono<never>): void;
  /** Makes `links` (the /l/<code> app answered before the middleware) time its answers on the same histogram. */
  timeLinks(links: { fetch: Hono['fetch'] }): void;
  /** Counts a webhook endpoint's deliveries by result (mounted on that route). */
  webhook(provider: string): MiddlewareHandler;
  /** Wraps the queue's handlers: jobs running now and failed attempts, by kind. Call before any register. */
  instrumentJobs(jobs: JobQueue): void;
  /** Registers the product's own figures (once the services exist). */
  product(sources: ProductSources): void;
  /** The text of a scrape. */
  scrape(): Promise<string>;
  /** Starts the listener of its own (METRICS_PORT); its URL, or null when not configured. */
  listen(): Promise<string | null>;
  close(): Promise<void>;
}

/** Whether metrics are measured at all: only when something can read them. */
export const metricsEnabled = (config: Pick<Config, 'metrics'>) =>
  config.metrics.port !== null || config.metrics.token !== null;

const NOT_FOUND = { message: 'Not found', code: 'not_found' };

/** Equal tokens, compared in constant time (digests of equal length, whatever was sent). */
function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * GET /metrics on the main port: 404 unless METRICS_TOKEN is set, 401 without that bearer token. Mounted whatever
 * the configuration, so that /metrics never falls through to the static site.
 */
export function metricsRoute(config: Pick<Config, 'metrics'>, metrics: Metrics | null): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    const token = config.metrics.token;
    if (!metrics || token === null) return c.json(NOT_FOUND, 404);
    const header = c.req.header('authorization') ?? '';
    const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!given || !sameToken(given, token))
      return c.json({ message: 'Metrics need the bearer token set as METRICS_TOKEN', code: 'unauthenticated' }, 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    return scrapeAnswer(c, metrics);
  });
  return app;
}

async function scrapeAnswer(c: Context, metrics: Metrics): Promise<Response> {
  const text = await metrics.scrape();
  return c.body(text, 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
}

/** How many request paths' route patterns are remembered before the memory starts over (paths with ids vary). */
const ROUTE_MEMORY = 2_000;

/**
 * The pattern of the route that answers a request in `app`, as Hono's routePath() names it inside a handler: the
 * router's match of the request again, then its first handler that is not a middleware (Hono's own rule, as in
 * hono/dev: a handler taking next), else the last one matched (a path no route takes: the site's catch-all, "/*").
 * The app's router is Hono's trie here (a match walks it: about 2 µs), and the answer depends on the method and the
 * path alone, so it is remembered for the last ROUTE_MEMORY paths: a hot route costs a lookup.
 */
function routePatterns(app: Hono<never>): (request: Request) => string {
  const known = new Map<string, Map<string, string>>();
  return (request) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const path = app.getPath(request);
    let paths = known.get(method);
    if (!paths) known.set(method, (paths = new Map()));
    const remembered = paths.get(path);
    if (remembered !== undefined) return remembered;
    const [matched] = app.router.match(method, path);
    let pattern = '';
    for (const [[, route]] of matched) {
      pattern = route.path;
      if (route.handler.length < 2) break;
    }
    pattern ||= '/*';
    if (paths.size >= ROUTE_MEMORY) paths.clear();
    paths.set(path, pattern);
    return pattern;
  };
}

export function createMetrics(config: Pick<Config, 'metrics'>, logger: Logger): Metrics {
  const registry = new Registry();
  const processMetrics = registerProcessMetrics(registry);
  // The histogram's _count is the request count: no second series per request.
  const durations = registerDurations(registry, {
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Duration of HTTP requests in seconds, by method, route pattern, status and ok (status below 400)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
  });
  /** Wraps `fetch` so that each answer is observed under the route `routeOf` names for its request. */
  const timed = <F extends (request: Request, env?: never, executionCtx?: never) => Response | Promise<Response>>(
    fetch: F,
    routeOf: (request: Request) => string,
  ): F =>
    ((request: Request, env?: never, executionCtx?: never) => {
      const started = performance.now();
      const answer = fetch(request, env, executionCtx);
      if (answer instanceof Promise)
        return answer.then((response) => {
          durations.observe(request.method, routeOf(request), response.status, (performance.now() - started) / 1000);
          return response;
        });
      durations.observe(request.method, routeOf(request), answer.status, (performance.now() - started) / 1000);
      return answer;
    }) as F;

  const jobsRunning = new Gauge({
    name: `${PREFIX}jobs_running`,
    help: 'Job handlers running now on this instance, by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  const jobsFailed = new Counter({
    name: `${PREFIX}jobs_failed_total`,
    help: 'Job attempts that failed on this instance, by kind (retried with backoff up to the fifth)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: `${PREFIX}webhook_deliveries_total`,
    help: 'Webhook deliveries received, by provider and result (accepted, refused, not_configured, failed)',
    labelNames: ['provider', 'result'],
    registers: [registry],
  });

  let server: ServerType | null = null;

  const metrics: Metrics = {
    registry,
    timeApp(app) {
      app.fetch = timed(app.fetch, routePatterns(app));
    },
    timeLinks(links) {
      links.fetch = timed(links.fetch, () => '/l/:code');
    },
    webhook(provider) {
      // Every result at 0 from the start: a rate over the series works before the first delivery.
      for (const result of ['accepted', 'refused', 'not_configured', 'failed']) webhooks.inc({ provider, result }, 0);
      return async (c, next) => {
        await next();
        const status = c.res.status;
        const result =
          status < 300 ? 'accepted' : status === 404 ? 'not_configured' : status < 500 ? 'refused' : 'failed';
        webhooks.inc({ provider, result });
      };
    },
    instrumentJobs(jobs) {
      const register = jobs.register.bind(jobs);
      jobs.register = (kind, handler) =>
        register(kind, async (payload) => {
          jobsRunning.inc({ kind });
          try {
            await handler(payload);
          } catch (error) {
            jobsFailed.inc({ kind });
            throw error;
          } finally {
            jobsRunning.dec({ kind });
          }
        });
    },
    product(sources) {
      registerProductMetrics(registry, sources, logger);
    },
    scrape: () => registry.metrics(),
    async listen() {
      const port = config.metrics.port;
      if (port === null || server) return null;
      const app = new Hono();
      app.get('/metrics', (c) => scrapeAnswer(c, metrics));
      app.notFound((c) => c.json(NOT_FOUND, 404));
      return new Promise((resolve, reject) => {
        const started = serve({ fetch: app.fetch, port, hostname: config.metrics.host }, (info: AddressInfo) => {
          const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
          const url = `http://${host}:${info.port}/metrics`;
          logger.info('metrics listening', { url });
          resolve(url);
        });
        started.once('error', reject);
        server = started;
      });
    },
    async close() {
      processMetrics.close();
      const open = server;
      server = null;
      if (!open) return;
      const closed = new Promise<void>((resolve) => open.close(() => resolve()));
      // A scraper's kept-alive connection would hold close() open: a scrape in flight is let finish, the rest ended.
      if ('closeIdleConnections' in open) open.closeIdleConnections();
      const force = setTimeout(() => {
        if ('closeAllConnections' in open) open.closeAllConnections();
      }, 1000);
      force.unref();
      await closed;
      clearTimeout(force);
    },
  };
  return metrics;
}

export type { ProductSources } from './product.ts';
