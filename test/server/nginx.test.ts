// deploy/nginx/castbridge.conf.template in front of an instance (issue 47 item 5), beyond what the cluster tests
// cover: the request id (the client's kept, else nginx's own, passed to the instance and in the access log), the
// client address appended to X-Forwarded-For, the body size the app accepts let through and a larger one refused,
// and the tracked links passed through as the instance answers them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../server/config.ts';
import { makeBackend, spawnServer, TEST_JWT_SECRET, type Backend, type RunningServer } from './helpers.ts';
import { nginxFor, type RunningNginx } from './nginx.ts';
import { renderNginxConfig } from '../../scripts/nginx.mjs';

describe('the nginx template and the instances agree on idle connections', () => {
  it('nginx drops an idle upstream connection before the instance would, and before a default drain ends', () => {
    const template = readFileSync(path.join(REPO_ROOT, 'deploy/nginx/castbridge.conf.template'), 'utf8');
    // The upstream block's own keepalive_timeout (the instances' idle connections), not the clients'.
    const idleSeconds = Number(/upstream castbridge \{[\s\S]*?keepalive_timeout (\d+)s;\s*\}/.exec(template)?.[1]);
    expect(idleSeconds).toBeGreaterThan(0);
    // Node's http server closes an idle keep-alive connection after 5 s (server.keepAliveTimeout's default): nginx
    // must close first, or it may send a request on a connection the instance is closing.
    expect(idleSeconds * 1000).toBeLessThan(5000);
    // After SIGTERM the instance closes its idle connections once the drain is over: by then nginx has dropped
    // every connection that was idle when the drain began (each one used since was answered with Connection: close).
    expect(idleSeconds * 1000).toBeLessThan(loadConfig({}).shutdown.drainMs);
    // Told that its checks are passive, a draining instance answers nginx's GETs 503: nginx leaves it out for
    // fail_timeout, which must outlast the drain, so that nginx sends it nothing when it stops accepting.
    expect(template).toMatch(/^\s*proxy_set_header X-Balancer-Checks passive;$/m);
    const rendered = renderNginxConfig({
      upstreams: ['127.0.0.1:1'],
      listen: 2,
      prefix: '/tmp/castbridge-nginx-check',
    });
    const failSeconds = Number(/ fail_timeout=(\d+)s;/.exec(rendered)?.[1]);
    expect(failSeconds * 1000).toBeGreaterThan(loadConfig({}).shutdown.drainMs);
  });
});

describe('nginx in front of an instance', () => {
  let backend: Backend;
  let server: RunningServer;
  let lb: RunningNginx;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    server = await spawnServer({
      ...backend.env,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: '0',
      STANDINS: '0',
      TRUST_PROXY: '1',
    });
    lb = await nginxFor([server.url]);
  }, 120_000);
  afterAll(async () => {
    await lb?.stop();
    await server?.stop();
    await backend?.cleanup();
  });

  const entriesFor = (uri: string) => lb.accessLog().filter((entry) => entry.uri === uri);
  /** The access log's entries for `uri`, once nginx has written them (after it answered: a read right away can miss). */
  const logged = async (uri: string) => {
    await expect.poll(() => entriesFor(uri).length).toBeGreaterThan(0);
    return entriesFor(uri);
  };

  it("keeps the client's X-Request-Id, else makes one: the instance answers with it and the access log has it", async () => {
    const kept = await fetch(`${lb.url}/healthz?kept`, { headers: { 'x-request-id': 'support-case-42.1' } });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-request-id')).toBe('support-case-42.1');
    expect((await logged('/healthz?kept')).map((entry) => entry.request_id)).toEqual(['support-case-42.1']);

    // None, or one the instances would not keep: nginx's own id, which the instance received and answers with.
    for (const [uri, headers] of [
      ['/healthz?made', {}],
      ['/healthz?unusable', { 'x-request-id': 'two words' }],
    ] as const) {
      const made = await fetch(`${lb.url}${uri}`, { headers });
      expect(made.status).toBe(200);
      const [entry] = await logged(uri);
      expect(entry?.request_id).toMatch(/^[0-9a-f]{32}$/);
      expect(made.headers.get('x-request-id')).toBe(entry!.request_id);
    }
  });

  it('passes a tracked link through as the instance answers it, with the client address', async () => {
    const answer = await fetch(`${lb.url}/l/no-such-code`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
      redirect: 'manual',
    });
    const direct = await fetch(`${server.url}/l/no-such-code`, { redirect: 'manual' });
    expect(answer.status).toBe(direct.status);
    expect(await answer.text()).toBe(await direct.text());
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const [entry] = await logged('/l/no-such-code');
    expect(entry).toMatchObject({ client: '127.0.0.1', status: 404, upstream: server.url.replace('http://', '') });
  });

  it("lets through a body as large as the app's upload limit, and refuses a larger one itself", async () => {
    // 5 MiB: the instance answers (401 here, no session), not nginx (its default limit is 1 MiB).
    const upload = await fetch(`${lb.url}/api/upload-photo`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(5 * 1024 * 1024),
    });
    expect(upload.status).toBe(401);
    expect(upload.headers.get('x-request-id')).toBeTruthy();
    const tooLarge = await fetch(`${lb.url}/api/upload-photo`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(6 * 1024 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    // nginx's answer: the instance never saw it (it names a request id in every answer).
    expect(tooLarge.headers.get('x-request-id')).toBeNull();
    await tooLarge.body?.cancel();
  });
});
