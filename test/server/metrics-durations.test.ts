// The HTTP histogram kept by hand (server/metrics/durations.ts) writes what prom-client's own Histogram writes for the
// same observations: the same text a scrape reads, bucket by bucket (cumulative, +Inf), sum and count, label by label,
// in both of prom-client's formats.
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerDurations } from '../../server/metrics/durations.ts';

const NAME = 'castbridge_http_request_duration_seconds';
const HELP = 'Duration of HTTP requests in seconds, by method, route pattern, status and ok (status below 400)';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Requests as [method, route, status, seconds]: on bounds, between them, above the last, a quoted route. */
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/api/user', 200, 0.0001],
  ['GET', '/api/user', 200, 0.005],
  ['GET', '/api/user', 200, 0.0051],
  ['GET', '/api/user', 401, 0.02],
  ['POST', '/api/overlay/heartbeat', 204, 0.3],
  ['GET', '/l/:code', 302, 10],
  ['GET', '/l/:code', 302, 12.5],
  ['GET', '/api/"odd"\\route', 404, 0.07],
  ['HEAD', '/*', 200, 1],
];

async function scrapes(
  contentType: typeof Registry.PROMETHEUS_CONTENT_TYPE | typeof Registry.OPENMETRICS_CONTENT_TYPE,
) {
  const theirs = new Registry<typeof contentType>();
  theirs.setContentType(contentType);
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route', 'status', 'ok'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const ours = new Registry<typeof contentType>();
  ours.setContentType(contentType);
  const durations = registerDurations(ours, { name: NAME, help: HELP, buckets: BUCKETS });
  for (const [method, route, status, seconds] of OBSERVED) {
    histogram.observe({ method, route, status: String(status), ok: String(status < 400) }, seconds);
    durations.observe(method, route, status, seconds);
  }
  return { theirs: await theirs.metrics(), ours: await ours.metrics() };
}

describe('the HTTP histogram kept by hand', () => {
  it("writes prom-client's Histogram's text for the same observations", async () => {
    const { theirs, ours } = await scrapes(Registry.PROMETHEUS_CONTENT_TYPE);
    expect(ours).toBe(theirs);
    expect(ours).toContain(
      'castbridge_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/user",status="200",ok="true"} 2',
    );
  });

  it('and in the OpenMetrics format', async () => {
    const { theirs, ours } = await scrapes(Registry.OPENMETRICS_CONTENT_TYPE);
    expect(ours).toBe(theirs);
  });

  it('writes nothing but its HELP and TYPE before the first request', async () => {
    const registry = new Registry();
    registerDurations(registry, { name: NAME, help: HELP, buckets: BUCKETS });
    expect(await registry.metrics()).toBe(`# HELP ${NAME} ${HELP}\n# TYPE ${NAME} histogram\n`);
  });
});
