// Cross-cutting HTTP behaviour: health, unknown routes, body limits, security headers, CORS, unexpected errors.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import { contentSecurityPolicy, securityHeaders } from '../../server/http/security-headers.ts';
import {
  BACKENDS,
  makeBackend,
  startApp,
  STRONG_PASSWORD,
  testConfig,
  uniqueEmail,
  type Backend,
  type Client,
} from './helpers.ts';

/** The policy every page is sent under (no Firebase configured). */
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
/** Headers hono/secure-headers would add by default that this server does not send. */
const NOT_SENT = [
  'strict-transport-security',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'content-security-policy-report-only',
];

/** The security headers of an answer, by name. */
function securityOf(headers: Headers) {
  return {
    csp: headers.get('content-security-policy'),
    nosniff: headers.get('x-content-type-options'),
    referrer: headers.get('referrer-policy'),
    frame: headers.get('x-frame-options'),
    opener: headers.get('cross-origin-opener-policy'),
    permissions: headers.get('permissions-policy'),
  };
}

describe.each(BACKENDS)('HTTP behaviour on %s', (backendName) => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, { CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/' });
  });

  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const healthy = async () => expect((await api.request('GET', '/api/health')).body).toEqual({ status: 'ok' });

  it('GET /api/health answers { status: "ok" } after checking the database', async () => {
    const answer = await api.request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('answers 404 { message } for unknown API paths and methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['DELETE', '/api/profile'],
      ['GET', '/api/auth/register'],
      ['POST', '/api/user'],
    ] as const) {
      const answer = await api.request(method, url);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('answers 404 JSON for site paths when there is no client build', async () => {
    const answer = await api.request('GET', '/dashboard');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.c", ', 'application/json', 400],
    ['an empty body', '', 'application/json', 400],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json', 400],
    ['text/plain', '{"email":"a@b.c"}', 'text/plain', 415],
    ['no content type', '{"email":"a@b.c"}', '', 415],
    ['a form', 'email=a%40b.c', 'application/x-www-form-urlencoded', 415],
  ])('answers 4xx { message } for %s, and keeps serving', async (_name, body, type, status) => {
    for (const url of ['/api/auth/register', '/api/auth/jwt-login', '/api/auth/firebase-login']) {
      const answer = await api.request('POST', url, {
        body: body as BodyInit,
        headers: type ? { 'content-type': type } : {},
      });
      expect(answer.status, url).toBe(status);
      expect(typeof answer.body.message).toBe('string');
    }
    await healthy();
  });

  it('reads JSON bodies from the Node request stream when served over HTTP: 413 past 64 KB (declared or chunked), 400 for broken JSON', async () => {
    // Not replacing the global Request and Response: the other tests here call the app directly.
    const server = serve({
      fetch: api.castbridge.app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      overrideGlobalObjects: false,
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const post = (body: string | ReadableStream<Uint8Array>, extra: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}/api/auth/jwt-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        ...extra,
      } as RequestInit);
    try {
      const big = JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(70 * 1024) });
      const declared = await post(big);
      expect(declared.status).toBe(413);
      expect(await declared.json()).toEqual({
        message: 'Request body is larger than 65536 bytes',
        code: 'http.body_too_large',
      });
      const chunked = await post(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(10 * 1024)));
            controller.close();
          },
        }),
        { duplex: 'half' } as RequestInit,
      );
      expect(chunked.status).toBe(413);
      expect(await chunked.json()).toEqual({
        message: 'Request body is larger than 65536 bytes',
        code: 'http.body_too_large',
      });
      const broken = await post('{"email":');
      expect(broken.status).toBe(400);
      expect(await broken.json()).toEqual({ message: 'Request body is not valid JSON', code: 'http.invalid_json' });
      const refused = await post(
        JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, firebaseResponse: null }),
      );
      expect(refused.status).toBe(401);
    } finally {
      server.close();
    }
  });

  it('answers 413 for a JSON body over 64 KB, declared or streamed', async () => {
    const big = JSON.stringify({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      type_account: 'Influencer',
      pad: 'x'.repeat(70 * 1024),
    });
    const declared = await api.request('POST', '/api/auth/register', {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(10 * 1024)));
        controller.close();
      },
    });
    const streamed = await api.castbridge.app.request('/api/auth/jwt-login', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({
      message: 'Request body is larger than 65536 bytes',
      code: 'http.body_too_large',
    });
    expect(
      (await api.request('POST', '/api/auth/register', { body: big, headers: { 'content-type': 'application/json' } }))
        .body,
    ).toEqual({
      message: 'Request body is larger than 65536 bytes',
      code: 'http.body_too_large',
    });
    // A declared length the body does not keep to is no way past the limit.
    const understated = await api.request('POST', '/api/auth/jwt-login', {
      body: big,
      headers: { 'content-type': 'application/json', 'content-length': '100' },
    });
    expect(understated.status).toBe(413);
    expect(understated.body).toEqual({
      message: 'Request body is larger than 65536 bytes',
      code: 'http.body_too_large',
    });
    // Exactly at the limit is read (and refused for what it says, not for its size).
    const atLimit = JSON.stringify({ email: uniqueEmail(), password: '' }).slice(0, -1);
    const padded = `${atLimit},"pad":"${'x'.repeat(64 * 1024 - atLimit.length - 10)}"}`;
    expect(Buffer.byteLength(padded)).toBe(64 * 1024);
    const fits = await api.request('POST', '/api/auth/jwt-login', {
      body: padded,
      headers: { 'content-type': 'application/json' },
    });
    expect(fits.status).not.toBe(413);
    expect(fits.status).toBeLessThan(500);
    await healthy();
  });

  it('sends the security headers on every kind of response', async () => {
    const answers = [
      await api.request('GET', '/api/health'),
      await api.request('GET', '/api/user'),
      await api.request('GET', '/api/unknown'),
      await api.request('GET', '/somewhere'),
      await api.request('POST', '/api/auth/register', { body: '{', headers: { 'content-type': 'application/json' } }),
    ];
    for (const answer of answers) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    }
  });

  it('sends each security header with its exact value on /api/, /overlay/ and page answers, and no others', async () => {
    const page = {
      csp: PAGE_CSP,
      nosniff: 'nosniff',
      referrer: 'strict-origin-when-cross-origin',
      frame: 'DENY',
      opener: 'same-origin-allow-popups',
      permissions: 'camera=(), microphone=(), geolocation=()',
    };
    const overlay = {
      ...page,
      csp: PAGE_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      referrer: 'no-referrer',
      frame: 'SAMEORIGIN',
    };
    const csp = contentSecurityPolicy(testConfig(backend));
    expect(csp).toBe(PAGE_CSP);
    for (const [url, expected, cache] of [
      ['/api/health', page, 'no-store'],
      ['/api/unknown', page, 'no-store'],
      ['/api/overlay', page, 'no-store'],
      ['/somewhere', page, null],
      ['/overlay/AbCdEf0123456789', overlay, null],
      ['/overlay/a/b', overlay, null],
      ['/overlayish', page, null],
    ] as const) {
      const answer = await api.request('GET', url);
      expect(securityOf(answer.headers), url).toEqual(expected);
      expect(answer.headers.get('cache-control'), url).toBe(cache);
      for (const name of NOT_SENT) expect(answer.headers.get(name), `${url} ${name}`).toBeNull();
    }
    // An error answer from an /api/ route is no-store too.
    const failed = await api.request('POST', '/api/auth/jwt-login', {
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(failed.status).toBe(400);
    expect(failed.headers.get('cache-control')).toBe('no-store');
    expect(securityOf(failed.headers)).toEqual(page);
  });

  it('allows CORS only for the configured origins', async () => {
    const preflight = await api.request('OPTIONS', '/api/user', {
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const local = await api.request('GET', '/api/health', { headers: { origin: 'http://localhost:5173' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const stranger = await api.request('GET', '/api/health', { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const strangerPreflight = await api.request('OPTIONS', '/api/user', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(strangerPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends no CORS headers at all when CORS_ORIGINS is empty', async () => {
    const plain = await startApp(backend, { CORS_ORIGINS: '' });
    try {
      const answer = await plain.request('GET', '/api/health', { headers: { origin: 'https://app.example.com' } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('answers an unexpected failure with 500 { message } and a request id, logging the stack server-side only', async () => {
    const broken = await startApp(backend);
    const registered = await broken.request('POST', '/api/auth/register', {
      json: { email: uniqueEmail('broken'), password: STRONG_PASSWORD, type_account: 'Influencer' },
    });
    const token = registered.body.token as string;
    await broken.castbridge.db.destroy(); // the database goes away under a running app
    const answer = await broken.request('GET', '/api/user', { token });
    expect(answer.status).toBe(500);
    expect(answer.body.message).toMatch(/Internal server error/);
    expect(typeof answer.body.requestId).toBe('string');
    expect(answer.headers.get('x-request-id')).toBe(answer.body.requestId);
    expect(answer.text).not.toMatch(/\bat .*\.ts:\d+/);
    expect(answer.headers.get('content-security-policy')).toBeTruthy();
    const logged = broken.logger.lines.find(
      (line) => line.level === 'error' && line.fields?.requestId === answer.body.requestId,
    );
    expect(String(logged?.fields?.error)).toMatch(/\n\s+at /);
    // The health check reports the missing database instead of claiming ok.
    expect((await broken.request('GET', '/api/health')).status).toBe(503);
  });
});

describe('securityHeaders', () => {
  const appWith = (config: Config, cacheControl?: string) =>
    new Hono()
      .use(securityHeaders(config))
      .get('*', (c) => c.text('ok', 200, cacheControl ? { 'Cache-Control': cacheControl } : {}));

  it.each([
    ['no Firebase', {}],
    ['the Auth emulator', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }],
    ['a real Firebase project', { FIREBASE_PROJECT_ID: 'castbridge-prod' }],
  ])("sends contentSecurityPolicy(config) with %s, frame-ancestors 'self' only under /overlay/", async (_name, env) => {
    const config = loadConfig(env);
    const app = appWith(config);
    const csp = contentSecurityPolicy(config);
    expect((await app.request('/dashboard')).headers.get('content-security-policy')).toBe(csp);
    expect((await app.request('/api/health')).headers.get('content-security-policy')).toBe(csp);
    expect((await app.request('/overlay/token')).headers.get('content-security-policy')).toBe(
      csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );
  });

  it('keeps a Cache-Control an /api/ handler set itself, and adds none outside /api/', async () => {
    const config = loadConfig({});
    expect((await appWith(config, 'private, max-age=60').request('/api/x')).headers.get('cache-control')).toBe(
      'private, max-age=60',
    );
    expect((await appWith(config).request('/api/x')).headers.get('cache-control')).toBe('no-store');
    expect((await appWith(config).request('/apix')).headers.get('cache-control')).toBeNull();
    // A handler's own security header is replaced by the policy's.
    const own = new Hono()
      .use(securityHeaders(config))
      .get('*', (c) => c.text('ok', 200, { 'X-Frame-Options': 'ALLOWALL' }));
    expect((await own.request('/page')).headers.get('x-frame-options')).toBe('DENY');
  });
});
