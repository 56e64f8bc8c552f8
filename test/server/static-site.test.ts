// The client build served by the same process: files, prerendered pages, client-route fallback, caching, compression
// (the build's precompressed files, else on the request).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBackend, startApp, type Backend, type Client } from './helpers.ts';

describe('static site', () => {
  let backend: Backend;
  let api: Client;
  let site = '';
  const script = `console.log(${JSON.stringify('castbridge '.repeat(400))});\n`;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    site = path.join(backend.dataDir, 'dist');
    fs.mkdirSync(path.join(site, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(site, 'contact-us'), { recursive: true });
    fs.writeFileSync(
      path.join(site, 'index.html'),
      `<!doctype html><title>Castbridge</title><div id="root"></div>${'<!-- pad -->'.repeat(100)}`,
    );
    fs.writeFileSync(path.join(site, 'contact-us', 'index.html'), '<!doctype html><title>Contact Us</title>');
    fs.writeFileSync(path.join(site, 'assets', 'index-AbC123.js'), script);
    fs.writeFileSync(
      path.join(site, 'assets', 'logo-9f8e.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    fs.writeFileSync(path.join(site, 'robots.txt'), 'User-agent: *\n');
    fs.writeFileSync(
      path.join(site, 'overlay.html'),
      '<!doctype html><title>Castbridge overlay</title><main id="overlay"></main>',
    );
    fs.writeFileSync(path.join(backend.dataDir, 'secret.txt'), 'outside the site');
    api = await startApp(backend, { STATIC_DIR: site });
  });

  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const get = (url: string, encoding = 'identity', method = 'GET') =>
    api.castbridge.app.request(url, { method, headers: { 'accept-encoding': encoding } });

  it('serves index.html at / with no-cache', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(await answer.text()).toContain('<title>Castbridge</title>');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves the overlay page at /overlay/<token>: framed only by this site, never sent as a referrer (docs/product.md §The overlay for OBS)', async () => {
    const answer = await get('/overlay/AbCdEf0123456789abcdef0123456789ABCDEFghijk');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<title>Castbridge overlay</title>');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    // Every other page still refuses to be framed; deeper paths are not the overlay.
    expect((await get('/')).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await (await get('/overlay/a/b')).text()).toContain('<title>Castbridge</title>');
  });

  it('serves a prerendered <path>/index.html when there is one', async () => {
    const answer = await get('/contact-us');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<title>Contact Us</title>');
  });

  it('falls back to index.html with 200 for client routes', async () => {
    for (const url of ['/dashboard', '/my-profile', '/no/such/page', '/complete-register?x=1']) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(await answer.text()).toContain('<title>Castbridge</title>');
    }
  });

  it('prefers the untouched app shell (200.html) for client routes once index.html is the prerendered landing', async () => {
    fs.writeFileSync(path.join(site, '200.html'), '<!doctype html><title>Shell</title><div id="root"></div>');
    try {
      expect(await (await get('/dashboard')).text()).toContain('<title>Shell</title>');
      expect(await (await get('/')).text()).toContain('<title>Castbridge</title>');
    } finally {
      fs.rmSync(path.join(site, '200.html'));
    }
  });

  it('serves hashed assets as immutable, compressed as the client accepts', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(script.length / 5);
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    const html = await get('/', 'br');
    expect(html.headers.get('content-encoding')).toBe('br');
  });

  it('does not compress images and answers 404 for missing assets', async () => {
    const png = await get('/assets/logo-9f8e.png', 'br');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
    const missing = await get('/assets/index-Gone.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('answers HEAD without a body and revalidates with ETag', async () => {
    const head = await get('/robots.txt', 'identity', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await head.text()).toBe('');
    const etag = head.headers.get('etag')!;
    const again = await api.castbridge.app.request('/robots.txt', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('never serves files outside the static directory', async () => {
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%00',
      '/.env',
    ]) {
      const answer = await get(url);
      const text = await answer.text();
      expect(text, url).not.toContain('outside the site');
      expect([200, 404], url).toContain(answer.status);
    }
  });

  it('sends Content-Length, Last-Modified and a weak ETag, the same for every encoding, and revalidates each', async () => {
    const stats = fs.statSync(path.join(site, 'assets', 'index-AbC123.js'));
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    for (const encoding of ['identity', 'gzip', 'br']) {
      const answer = await get('/assets/index-AbC123.js', encoding);
      const body = Buffer.from(await answer.arrayBuffer());
      expect(answer.headers.get('etag'), encoding).toBe(etag);
      expect(answer.headers.get('last-modified'), encoding).toBe(stats.mtime.toUTCString());
      expect(answer.headers.get('content-length'), encoding).toBe(String(body.length));
      const again = await api.castbridge.app.request('/assets/index-AbC123.js', {
        headers: { 'if-none-match': etag, 'accept-encoding': encoding },
      });
      expect(again.status, encoding).toBe(304);
      expect(again.headers.get('etag'), encoding).toBe(etag);
      expect(again.headers.get('cache-control'), encoding).toBe('public, max-age=31536000, immutable');
      expect(await again.text(), encoding).toBe('');
    }
    // HEAD of a compressed answer: the compressed length, no body.
    const head = await get('/assets/index-AbC123.js', 'br', 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBe(
      (await (await get('/assets/index-AbC123.js', 'br')).arrayBuffer()).byteLength,
    );
    expect(await head.text()).toBe('');
    // Client routes are revalidated too (no-cache), and small files are never compressed.
    expect((await get('/dashboard', 'br')).headers.get('cache-control')).toBe('no-cache');
    const robots = await get('/robots.txt', 'br');
    expect(robots.headers.get('content-encoding')).toBeNull();
    expect(robots.headers.get('vary')).toBeNull();
  });

  it('answers a Range request with the whole file, 200 (never a 5xx for a range it cannot satisfy)', async () => {
    for (const range of ['bytes=0-3', 'bytes=-3', 'bytes=100000-200000', 'bytes=9-1', 'nonsense']) {
      const answer = await api.castbridge.app.request('/robots.txt', { headers: { range } });
      expect(answer.status, range).toBe(200);
      expect(await answer.text(), range).toBe('User-agent: *\n');
      expect(answer.headers.get('content-range'), range).toBeNull();
    }
  });

  it('sends each file type with its Content-Type, compressing the textual ones', async () => {
    const files: Record<string, string | Buffer> = {
      'manifest.webmanifest': JSON.stringify({ name: 'Castbridge', pad: 'x'.repeat(600) }),
      'data.json': JSON.stringify({ pad: 'x'.repeat(600) }),
      'assets/icon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`,
      'assets/style-1a2b.css': `body{margin:0}${' '.repeat(600)}`,
      'assets/favicon-1a2b.ico': Buffer.alloc(600, 7),
      'assets/font-1a2b.woff2': Buffer.alloc(600, 7),
      'assets/clip-1a2b.webm': Buffer.alloc(600, 7),
      'assets/blob-1a2b.bin2': Buffer.alloc(600, 7),
    };
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(site, name), content);
    try {
      const expected: [string, string, string | null][] = [
        ['/manifest.webmanifest', 'application/manifest+json', 'br'],
        ['/data.json', 'application/json', 'br'],
        ['/assets/icon.svg', 'image/svg+xml; charset=utf-8', 'br'],
        ['/assets/style-1a2b.css', 'text/css; charset=utf-8', 'br'],
        ['/assets/favicon-1a2b.ico', 'image/x-icon', 'br'],
        ['/assets/font-1a2b.woff2', 'font/woff2', null],
        ['/assets/clip-1a2b.webm', 'video/webm', null],
        ['/assets/blob-1a2b.bin2', 'application/octet-stream', null],
      ];
      for (const [url, type, encoding] of expected) {
        const answer = await get(url, 'br');
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get('content-type'), url).toBe(type);
        expect(answer.headers.get('content-encoding'), url).toBe(encoding);
      }
    } finally {
      for (const name of Object.keys(files)) fs.rmSync(path.join(site, name));
    }
  });

  it('refuses dotfiles and answers the overlay page with a trailing slash', async () => {
    fs.writeFileSync(path.join(site, '.env'), 'SECRET=1');
    fs.mkdirSync(path.join(site, '.well-known'), { recursive: true });
    fs.writeFileSync(path.join(site, '.well-known', 'hidden.txt'), 'hidden');
    try {
      for (const url of ['/.env', '/.well-known/hidden.txt', '/assets/.env', '/%2eenv']) {
        const answer = await get(url);
        expect(answer.status, url).toBe(404);
        expect(await answer.json(), url).toEqual({ message: 'Not found', code: 'not_found' });
      }
    } finally {
      fs.rmSync(path.join(site, '.env'));
      fs.rmSync(path.join(site, '.well-known'), { recursive: true });
    }
    expect(await (await get('/overlay/AbCdEf0123/')).text()).toContain('<title>Castbridge overlay</title>');
  });

  it("serves the build's compressed files beside an asset (precompressed), never compressing it on the request", async () => {
    const code = `export const pad = ${JSON.stringify('precompressed '.repeat(100))};\n`;
    const file = path.join(site, 'assets', 'chunk-Pre123.js');
    fs.writeFileSync(file, code);
    // Siblings whose bytes differ from what the server would make of the file: what comes back proves which was sent.
    const brSibling = zlib.brotliCompressSync('from the .br sibling');
    const gzSibling = zlib.gzipSync('from the .gz sibling');
    fs.writeFileSync(`${file}.br`, brSibling);
    fs.writeFileSync(`${file}.gz`, gzSibling);
    try {
      const stats = fs.statSync(file);
      const identityTag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
      const tags = new Set<string>();
      for (const [accept, encoding, sibling] of [
        ['gzip, deflate, br', 'br', brSibling],
        ['gzip', 'gzip', gzSibling],
      ] as const) {
        const answer = await get('/assets/chunk-Pre123.js', accept);
        expect(answer.status, accept).toBe(200);
        expect(answer.headers.get('content-encoding'), accept).toBe(encoding);
        expect(answer.headers.get('content-type'), accept).toBe('text/javascript; charset=utf-8');
        expect(answer.headers.get('vary'), accept).toBe('Accept-Encoding');
        expect(answer.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
        expect(Buffer.from(await answer.arrayBuffer()).equals(sibling), accept).toBe(true);
        expect(answer.headers.get('content-length'), accept).toBe(String(sibling.length));
        const etag = answer.headers.get('etag')!;
        tags.add(etag);
        // Its own ETag, revalidated on its own; the identity answer's tag does not stand for it.
        const again = await api.castbridge.app.request('/assets/chunk-Pre123.js', {
          headers: { 'if-none-match': etag, 'accept-encoding': accept },
        });
        expect(again.status, accept).toBe(304);
        const other = await api.castbridge.app.request('/assets/chunk-Pre123.js', {
          headers: { 'if-none-match': identityTag, 'accept-encoding': accept },
        });
        expect(other.status, accept).toBe(200);
        // HEAD: the sibling's length, no body.
        const head = await get('/assets/chunk-Pre123.js', accept, 'HEAD');
        expect(head.headers.get('content-length'), accept).toBe(String(sibling.length));
        expect(head.headers.get('content-encoding'), accept).toBe(encoding);
        expect(await head.text(), accept).toBe('');
        // A Range is still answered with the whole representation.
        const ranged = await api.castbridge.app.request('/assets/chunk-Pre123.js', {
          headers: { range: 'bytes=0-3', 'accept-encoding': accept },
        });
        expect(ranged.status, accept).toBe(200);
        expect(Buffer.from(await ranged.arrayBuffer()).equals(sibling), accept).toBe(true);
      }
      const plain = await get('/assets/chunk-Pre123.js', 'identity');
      expect(await plain.text()).toBe(code);
      expect(plain.headers.get('content-encoding')).toBeNull();
      tags.add(plain.headers.get('etag')!);
      expect(tags.size).toBe(3);

      // A file changed after the build has a stale sibling: compressed on the request instead.
      const later = new Date(stats.mtimeMs + 60_000);
      fs.utimesSync(file, later, later);
      const fresh = await get('/assets/chunk-Pre123.js', 'br');
      expect(fresh.headers.get('content-encoding')).toBe('br');
      expect(zlib.brotliDecompressSync(Buffer.from(await fresh.arrayBuffer())).toString()).toBe(code);
    } finally {
      for (const name of [file, `${file}.br`, `${file}.gz`]) fs.rmSync(name);
    }
  });

  it('keeps /api and /uploads out of the fallback', async () => {
    const api404 = await get('/api/does-not-exist');
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ message: expect.any(String) });
    const upload404 = await get('/uploads/nothing.png');
    expect(upload404.status).toBe(404);
    expect(upload404.headers.get('content-type')).toMatch(/json/);
  });
});
