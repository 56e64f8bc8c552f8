// Overlay figures for `npm run bench -- overlay` (docs/product.md §The overlay for OBS), on SQLite against a server process:
// - 2,000 overlays connected (2,000 creators, one page each): every overlay switched off, then on, by its creator
//   (PUT /api/overlay, 50 at a time) — latency from each PUT being sent to its page receiving the new state; and one
//   overlay opened by 2,000 pages, switched off and on once — latency to every page; the server's RSS meanwhile;
// - heartbeats at a fixed 2,000 per second for 10 s on a fresh server process (an open loop: one every 0.5 ms, each
//   latency counted from when it was due; rotating over 2,000 active offers, each heartbeat a new id): how many were
//   accepted and their p99.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../server/app.ts';
import { campaignRow, insertUsers, percentile, rssMb, SECRET, startServer } from './marketplace.ts';
import { loadConfig } from '../server/config.ts';
import { silentLogger } from '../server/log.ts';

export interface OverlayBench {
  connections: number;
  /** Pages that received their creator's change, of all pages, for the off and the on round. */
  reached: number;
  toggleP99Ms: number;
  /** One overlay open in 2,000 pages: its change reaching every page. */
  fanoutReached: number;
  fanoutP99Ms: number;
  rssMb: number;
  heartbeatRate: number;
  heartbeatAccepted: number;
  heartbeatNon2xx: number;
  heartbeatP99Ms: number;
}

const PAGES = 2000;

interface Page {
  request: http.ClientRequest;
  /** Resolves the wait for the page's next state with `enabled` equal to the wanted value. */
  waiting: { enabled: boolean; resolve: (at: number) => void } | null;
}

/** Opens an overlay stream; resolves once its first state has arrived. */
function openPage(url: string, token: string, agent: http.Agent): Promise<Page> {
  return new Promise((resolve, reject) => {
    const page: Page = { request: null as unknown as http.ClientRequest, waiting: null };
    let buffer = '';
    let opened = false;
    page.request = http.get(`${url}/api/overlay/stream?token=${encodeURIComponent(token)}`, { agent }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: state')) continue;
          if (!opened) {
            opened = true;
            resolve(page);
          }
          const data = block.split('\n').find((line) => line.startsWith('data:'));
          const enabled = data ? (JSON.parse(data.slice(5)) as { enabled: boolean }).enabled : null;
          if (page.waiting && enabled === page.waiting.enabled) {
            const waiting = page.waiting;
            page.waiting = null;
            waiting.resolve(performance.now());
          }
        }
      });
    });
    page.request.on('error', reject);
  });
}

/**
 * POSTs `body()` to `url` at `rate` per second for `seconds`, on a fixed schedule whatever the answers take (an open
 * loop); each latency runs from the moment the request was due to the end of its answer.
 */
export async function fixedRate(url: string, rate: number, seconds: number, body: () => string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let sent = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const fire = (due: number) =>
    new Promise<void>((resolve) => {
      const payload = body();
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if (response.statusCode === 200) ok += 1;
            else failed += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failed += 1;
        resolve();
      });
      request.end(payload);
    });
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    while (sent < due) inFlight.push(fire(start + (sent++ * 1000) / rate));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { sent, ok, failed, latencies };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const put = (url: string, bearer: string, change: Record<string, unknown>) =>
  fetch(`${url}/api/overlay`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(change),
  }).then((r) => r.arrayBuffer());

export async function benchOverlay(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<OverlayBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-overlay-'));
  try {
    // 2,000 creators, each with an accepted offer of one active campaign and an overlay; one more creator for the fan-out.
    const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), { logger: silentLogger });
    const { db, services } = app;
    await services.jobs.stop();
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const creators = await insertUsers(db, PAGES + 1, 'creator', (i) => ({
      notify_email: 0,
      first_name: `Creator${i}`,
      language: 'English',
      country: 'Iceland',
    }));
    const campaign = {
      ...campaignRow(advertiserId!, 1, PAGES + 1),
      deliverable_minutes: 100_000,
      accepted_count: PAGES + 1,
    };
    await db.insertInto('campaigns').values(campaign).execute();
    const stamp = new Date().toISOString();
    const offers = creators.map((creatorId) => ({
      id: crypto.randomUUID(),
      campaign_id: campaign.id,
      creator_id: creatorId,
      status: 'accepted' as const,
      reasons: '[]',
      score: 1,
      decline_reason: null,
      created_at: stamp,
      updated_at: stamp,
    }));
    for (let start = 0; start < offers.length; start += 500)
      await db
        .insertInto('offers')
        .values(offers.slice(start, start + 500))
        .execute();
    const overlays: { creatorId: string; offerId: string; token: string; bearer: string }[] = [];
    for (const [index, creatorId] of creators.entries()) {
      const settings = await services.overlays.settings(creatorId);
      overlays.push({
        creatorId,
        offerId: offers[index]!.id,
        token: settings.path.split('/').pop()!,
        bearer: await services.tokens.issue(creatorId, 0),
      });
    }
    await app.close();
    const fanout = overlays.pop()!;

    let { url, child } = await startServer(dataDir);
    try {
      // 1. 2,000 overlays, one page each.
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      const pages: Page[] = new Array(overlays.length);
      await pool([...overlays.keys()], 100, async (index) => {
        pages[index] = await openPage(url, overlays[index]!.token, agent);
      });
      const rssOpen = rssMb(child.pid!);
      log(`${pages.length} overlay pages open, server RSS ${rssOpen} MB`);

      const toggleRound = async (enabled: boolean) => {
        const latencies: number[] = [];
        const arrived = pages.map(
          (page) =>
            new Promise<number>((resolve) => {
              page.waiting = { enabled, resolve };
            }),
        );
        const sentAt: number[] = new Array(overlays.length);
        await pool([...overlays.keys()], 50, async (index) => {
          sentAt[index] = performance.now();
          await put(url, overlays[index]!.bearer, { enabled });
        });
        const deadline = new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000));
        await Promise.all(
          arrived.map(async (promise, index) => {
            const at = await Promise.race([promise, deadline]);
            if (at !== null) latencies.push(at - sentAt[index]!);
          }),
        );
        log(
          `switched ${enabled ? 'on' : 'off'} by each creator: ${latencies.length}/${pages.length} pages, p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms`,
        );
        return latencies;
      };
      // A round of position changes first (the same path: save, then push to the page), unmeasured: a server on
      // duty has run it before; the first requests of a fresh process include compiling it.
      await pool([...overlays.keys()], 50, (index) =>
        put(url, overlays[index]!.bearer, { position: 'top-left' }).then(() => undefined),
      );
      const off = await toggleRound(false);
      const on = await toggleRound(true);
      const rssToggled = rssMb(child.pid!);
      for (const page of pages) page.request.destroy();

      // 2. One overlay in 2,000 pages.
      const fans: Page[] = new Array(PAGES);
      await pool([...fans.keys()], 100, async (index) => {
        fans[index] = await openPage(url, fanout.token, agent);
      });
      const rssFanout = rssMb(child.pid!);
      const fanoutRound = async (enabled: boolean) => {
        const arrived = fans.map((page) => new Promise<number>((resolve) => (page.waiting = { enabled, resolve })));
        const sent = performance.now();
        await put(url, fanout.bearer, { enabled });
        const deadline = new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000));
        const latencies = (await Promise.all(arrived.map((promise) => Promise.race([promise, deadline]))))
          .filter((at): at is number => at !== null)
          .map((at) => at - sent);
        log(
          `one overlay in ${fans.length} pages switched ${enabled ? 'on' : 'off'}: ${latencies.length} reached, p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms`,
        );
        return latencies;
      };
      const fanOff = await fanoutRound(false);
      const fanOn = await fanoutRound(true);
      for (const page of fans) page.request.destroy();
      agent.destroy();
      const peakRss = Math.max(rssOpen, rssToggled, rssFanout, rssMb(child.pid!));
      log(
        `server RSS: ${rssOpen} MB with 2,000 pages, ${rssToggled} MB after the rounds, ${rssFanout} MB with the fan-out pages`,
      );

      // 3. Heartbeats at 2,000/s, against a fresh server process (the same data: a figure of its own, not the
      // 4,000 pages' aftermath), sent on a fixed schedule (one every 0.5 ms; autocannon's rate limit sends each
      // second's quota in a burst), each latency counted from the moment it was due.
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      ({ url, child } = await startServer(dataDir));
      let beat = 0;
      const bodies = overlays.map((overlay) => ({ token: overlay.token, offerId: overlay.offerId }));
      const nextBody = () => {
        const target = bodies[beat % bodies.length]!;
        beat += 1;
        return JSON.stringify({ ...target, seconds: 15, beatId: `bench-${beat}-${crypto.randomUUID()}` });
      };
      const rate = 2000;
      // The bodies are made before the runs: the load generator shares this machine's two cores with the server.
      const prepared = (count: number) => {
        const list = Array.from({ length: count }, nextBody);
        let index = 0;
        return () => list[index++ % list.length]!;
      };
      // Every page's first heartbeat makes its offer active (a write of its own, once in an offer's life): done before
      // the measured run, which is the steady state of 30,000 pages on stream, each reporting every 15 s.
      const warm = await fixedRate(`${url}/api/overlay/heartbeat`, 1000, bodies.length / 1000, prepared(bodies.length));
      log(
        `first heartbeat of each of the ${bodies.length} offers: ${warm.ok} accepted, p99 ${Math.round(percentile(warm.latencies, 99))} ms`,
      );
      const run = await fixedRate(`${url}/api/overlay/heartbeat`, rate, 10, prepared(rate * 10));
      const p50 = Math.round(percentile(run.latencies, 50) * 10) / 10;
      const p99 = Math.round(percentile(run.latencies, 99) * 10) / 10;
      log(
        `heartbeats at ${rate}/s for 10 s: ${run.ok} of ${run.sent} accepted (${Math.round(run.ok / 10)}/s), ${run.failed} failed, p50 ${p50} ms, p99 ${p99} ms, max ${Math.round(Math.max(...run.latencies))} ms`,
      );
      return {
        connections: pages.length,
        reached: Math.min(off.length, on.length),
        toggleP99Ms: Math.round(Math.max(percentile(off, 99), percentile(on, 99))),
        fanoutReached: Math.min(fanOff.length, fanOn.length),
        fanoutP99Ms: Math.round(Math.max(percentile(fanOff, 99), percentile(fanOn, 99))),
        rssMb: peakRss,
        heartbeatRate: Math.round(run.ok / 10),
        heartbeatAccepted: run.ok,
        heartbeatNon2xx: run.failed,
        heartbeatP99Ms: p99,
      };
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchOverlay().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
