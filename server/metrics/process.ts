// The process's own series, under the names prom-client's default metrics give them (the names dashboards and
// deploy/prometheus/alerts.yml expect), but only those worth what they cost a request:
// - read at scrape time, nothing between scrapes: resident memory, CPU seconds, start time, the V8 heap, open file
//   descriptors;
// - the event loop's delay, which needs sampling between scrapes: Node's own histogram (perf_hooks
//   monitorEventLoopDelay), sampled every EVENT_LOOP_RESOLUTION_MS and reset at each scrape.
// Left out of prom-client's defaults: the GC histogram (a PerformanceObserver called back on every collection) and the
// 10 ms event-loop sampling, which woke an idle process 100 times a second: together about 8 ms of CPU a second
// measured on an idle instance (`npm run bench -- observability` holds metrics under 5 % of a request's CPU).
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * How often the event loop's delay is sampled. A stall shows as a sample delayed by the stall less at most this
 * much: the alert on its p99 above 200 ms (deploy/prometheus/alerts.yml) sees every stall of 300 ms or more.
 */
export const EVENT_LOOP_RESOLUTION_MS = 100;

const LAG_FIGURES = ['min', 'max', 'mean', 'p50', 'p90', 'p99'] as const;

export function registerProcessMetrics(registry: Registry): { close(): void } {
  const registers = [registry];
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory size in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  let cpuSeen = 0;
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'Total user and system CPU time spent in seconds.',
    registers,
    collect() {
      const usage = process.cpuUsage();
      const seconds = (usage.user + usage.system) / 1e6;
      this.inc(Math.max(0, seconds - cpuSeen));
      cpuSeen = Math.max(cpuSeen, seconds);
    },
  });
  new Gauge({
    name: 'process_start_time_seconds',
    help: 'Start time of the process since unix epoch in seconds.',
    registers,
  }).set(Math.round((Date.now() - process.uptime() * 1000) / 1000));
  const heap = { total: 0, used: 0, external: 0 };
  new Gauge({
    name: 'nodejs_heap_size_total_bytes',
    help: 'Process heap size from Node.js in bytes.',
    registers,
    collect() {
      // Read once for the three series (registered in this order, collected in it).
      const usage = process.memoryUsage();
      Object.assign(heap, { total: usage.heapTotal, used: usage.heapUsed, external: usage.external });
      this.set(heap.total);
    },
  });
  new Gauge({
    name: 'nodejs_heap_size_used_bytes',
    help: 'Process heap size used from Node.js in bytes.',
    registers,
    collect() {
      this.set(heap.used);
    },
  });
  new Gauge({
    name: 'nodejs_external_memory_bytes',
    help: 'Node.js external memory size in bytes.',
    registers,
    collect() {
      this.set(heap.external);
    },
  });
  if (fs.existsSync('/proc/self/fd'))
    new Gauge({
      name: 'process_open_fds',
      help: 'Number of open file descriptors.',
      registers,
      collect() {
        try {
          // The listing itself holds one descriptor open.
          this.set(fs.readdirSync('/proc/self/fd').length - 1);
        } catch {
          // Not readable here: the series keeps its last value.
        }
      },
    });

  const delay = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  delay.enable();
  // One reading of the histogram per scrape for all six series, taken by the first and then reset.
  const lag: Record<(typeof LAG_FIGURES)[number], number> = { min: 0, max: 0, mean: 0, p50: 0, p90: 0, p99: 0 };
  for (const [index, figure] of LAG_FIGURES.entries())
    new Gauge({
      name: `nodejs_eventloop_lag_${figure}_seconds`,
      help: `The ${figure} of the event loop's delays since the last scrape, in seconds (sampled every ${EVENT_LOOP_RESOLUTION_MS} ms).`,
      registers,
      collect() {
        if (index === 0) {
          const seconds = (ns: number) => (delay.count > 0 && Number.isFinite(ns) ? ns / 1e9 : 0);
          Object.assign(lag, {
            min: seconds(delay.min),
            max: seconds(delay.max),
            mean: seconds(delay.mean),
            p50: seconds(delay.percentile(50)),
            p90: seconds(delay.percentile(90)),
            p99: seconds(delay.percentile(99)),
          });
          delay.reset();
        }
        this.set(lag[figure]);
      },
    });
  return { close: () => delay.disable() };
}
