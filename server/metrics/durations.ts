// The HTTP request histogram (castbridge_http_request_duration_seconds), kept by hand on the request path and written
// out by prom-client at scrape time. prom-client's own Histogram hashes and validates its labels on every observe (a
// microsecond or more a request, `npm run bench -- observability`); here a request costs one lookup of its label
// set's counts, a walk over 14 bounds and three additions. What a scrape reads is the same text prom-client's
// Histogram writes for the same observations (test/server/metrics-durations.test.ts holds the two equal).
import type { Registry, RegistryContentType } from 'prom-client';

export type DurationLabels = { method: string; route: string; status: string; ok: string };

interface Series {
  labels: DurationLabels;
  /** Observations per bucket, not yet cumulative; the last slot counts those above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export interface Durations {
  /** One request answered with `status`, `seconds` after it began, by the route pattern that answered it. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export function registerDurations(
  registry: Pick<Registry<RegistryContentType>, 'registerMetric'>,
  options: { name: string; help: string; buckets: readonly number[] },
): Durations {
  const { name, help } = options;
  const bounds = [...options.buckets].sort((a, b) => a - b);
  const series = new Map<string, Series>();
  registry.registerMetric({
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    // The shape prom-client's Histogram answers (its getForPromString): per label set, each bound's cumulative
    // count as <name>_bucket with `le` (its first label), then +Inf, <name>_sum and <name>_count.
    async get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const { labels, counts, sum, count } of series.values()) {
        let cumulative = 0;
        for (const [index, bound] of bounds.entries()) {
          cumulative += counts[index]!;
          values.push({ labels: { le: bound, ...labels }, value: cumulative, metricName: `${name}_bucket` });
        }
        values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` });
        values.push({ labels, value: sum, metricName: `${name}_sum` });
        values.push({ labels, value: count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
  } as unknown as Parameters<Registry['registerMetric']>[0]);
  return {
    observe(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let entry = series.get(key);
      if (!entry) {
        entry = {
          labels: { method, route, status: String(status), ok: String(status < 400) },
          counts: new Float64Array(bounds.length + 1),
          sum: 0,
          count: 0,
        };
        series.set(key, entry);
      }
      let index = 0;
      while (index < bounds.length && seconds > bounds[index]!) index += 1;
      entry.counts[index] = entry.counts[index]! + 1;
      entry.sum += seconds;
      entry.count += 1;
    },
  };
}
