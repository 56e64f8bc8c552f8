// Stopping without losing a request (server/serve.ts, docs/operations.md §Stopping and draining): on SIGTERM the
// production server turns readiness off first and goes on answering for SHUTDOWN_DRAIN_MS with `Connection: close`
// (a passive balancer's reads refused 503, for it to leave the instance out), then ends its live streams, stops
// accepting, and exits 0 — none of the load's requests answered 5xx along the way.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBackend,
  spawnServer,
  STRONG_PASSWORD,
  uniqueEmail,
  until,
  type Backend,
  type RunningServer,
} from './helpers.ts';
import { sseReader } from './sse.ts';

/** GET `url` on a fresh keep-alive connection, with the answer's raw headers (fetch hides Connection). */
function get(url: string, headers: Record<string, string> = {}) {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
  }).finally(() => agent.destroy());
}

describe('SIGTERM drains the server', () => {
  let backend: Backend;
  let server: RunningServer;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    // Long enough to look at the draining server from here on a busy machine; the test never waits it out idly.
    // A grace period longer than the test waits: the stream must end by itself, not be cut when it runs out.
    server = await spawnServer({
      ...backend.env,
      SHUTDOWN_DRAIN_MS: '4000',
      SHUTDOWN_GRACE_MS: '120000',
      RATE_LIMIT_SCALE: '1000',
    });
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
    await backend?.cleanup();
  });

  it('readiness goes 503 first, requests are still answered with Connection: close, streams end, exit 0', async () => {
    const live = await get(`${server.url}/healthz`);
    expect([live.status, JSON.parse(live.body)]).toEqual([200, { status: 'ok' }]);
    const ready = await get(`${server.url}/readyz`);
    expect(ready.status, ready.body).toBe(200);
    expect(ready.headers.connection).not.toBe('close');

    // A signed-in user with a live stream open.
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('drain'), password: STRONG_PASSWORD, type_account: 'Influencer' }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const ticket = (
      (await (await fetch(`${server.url}/api/events/ticket`, { method: 'POST', headers: auth })).json()) as {
        ticket: string;
      }
    ).ticket;
    const stream = sseReader(
      await fetch(`${server.url}/api/events?ticket=${encodeURIComponent(ticket)}&lastEventId=0`),
    );
    expect((await stream.next(10_000))?.event).toBe('ready');

    // Load on keep-alive connections from before the signal until the server stops accepting.
    const statuses: number[] = [];
    let answeredAfterSignal = 0;
    let signalled = false;
    const load = (async () => {
      for (;;) {
        try {
          const response = await fetch(`${server.url}/api/user`, { headers: auth });
          await response.arrayBuffer();
          statuses.push(response.status);
          if (signalled) answeredAfterSignal += 1;
        } catch {
          return; // refused: the server no longer accepts
        }
      }
    })();
    await until(
      async () => statuses.length,
      (count) => count >= 3,
      30_000,
    );

    signalled = true;
    const exited = server.stop('SIGTERM');
    const notReady = await until(
      () => get(`${server.url}/readyz`),
      (answer) => answer.status === 503,
      30_000,
    );
    const body = JSON.parse(notReady.body) as { message: string; checks: Record<string, string> };
    expect(body.message).toBe('Shutting down');
    expect(body.checks).toMatchObject({ shutdown: 'shutting down', database: 'ok', jobs: 'ok' });
    // Still serving meanwhile, and telling keep-alive peers to go.
    const stillLive = await get(`${server.url}/healthz`);
    expect(stillLive.status).toBe(200);
    expect(stillLive.headers.connection).toBe('close');
    const stillServing = await get(`${server.url}/api/user`, auth);
    expect(stillServing.status).toBe(200);
    expect(stillServing.headers.connection).toBe('close');
    // A balancer that checks passively (deploy/nginx/) says so: its GETs are refused, for it to send them elsewhere
    // and leave this instance out; its writes are still served here.
    const passive = { ...auth, 'x-balancer-checks': 'passive' };
    const refused = await get(`${server.url}/api/user`, passive);
    expect([refused.status, JSON.parse(refused.body), refused.headers.connection]).toEqual([
      503,
      { message: 'Shutting down' },
      'close',
    ]);
    const written = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { ...passive, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('drain-write') }),
    });
    expect(written.status, await written.clone().text()).toBeLessThan(300);

    // The live stream ends by itself (the client would reconnect elsewhere with Last-Event-ID), and the process exits 0.
    await until(
      async () => (await stream.next(1000), stream.ended),
      (ended) => ended,
      30_000,
    );
    expect(await exited).toBe(0);
    await load;
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(answeredAfterSignal).toBeGreaterThan(0);
    const log = server.output();
    const order = ['shutting down: not ready, draining', 'shutting down: no longer accepting connections', '"stopped"'];
    const positions = order.map((line) => log.indexOf(line));
    expect(
      positions.every((position) => position >= 0),
      log.slice(-2000),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(log).not.toContain('grace period over');
  }, 120_000);
});
