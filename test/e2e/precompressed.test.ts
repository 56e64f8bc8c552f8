// Static assets are compressed once, at build time (scripts/build-client.mjs → scripts/precompress.ts), on the very
// build the browser tests run against (npm start's): each file the server compresses has its Brotli and gzip files,
// and the server sends those bytes rather than compressing on the request.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { isPrecompressible } from '@/server/http/static-site';

const distDir = () => join(inject('dataDir'), 'dist');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

describe('precompressed static assets', () => {
  const all = files(distDir()).filter((file) => !/\.(br|gz)$/.test(file));
  const compressible = all.filter((file) => isPrecompressible(file, statSync(file).size));

  it('writes a Brotli and a gzip file beside each compressible file of the build, and none beside the others', () => {
    // JavaScript, CSS and HTML at least: a build with nothing to compress would pass vacuously.
    for (const kind of ['.js', '.css', '.html'])
      expect(
        compressible.some((file) => file.endsWith(kind)),
        kind,
      ).toBe(true);
    for (const file of compressible) {
      const raw = readFileSync(file);
      const name = relative(distDir(), file);
      expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).equals(raw), `${name}.br`).toBe(true);
      expect(zlib.gunzipSync(readFileSync(`${file}.gz`)).equals(raw), `${name}.gz`).toBe(true);
    }
    const present = new Set(files(distDir()));
    for (const file of all.filter((file) => !compressible.includes(file))) {
      expect(present.has(`${file}.br`), relative(distDir(), file)).toBe(false);
      expect(present.has(`${file}.gz`), relative(distDir(), file)).toBe(false);
    }
  });

  it("sends the build's bytes for each encoding: the entry chunk, its CSS and the prerendered landing page", async () => {
    const assets = compressible.filter((file) => /[\\/]assets[\\/].*\.(js|css)$/.test(file));
    const picks = [
      assets.find((file) => file.endsWith('.js'))!,
      assets.find((file) => file.endsWith('.css'))!,
      join(distDir(), 'index.html'),
    ];
    for (const file of picks) {
      const url = file.endsWith('index.html') ? '/' : `/${relative(distDir(), file).split('\\').join('/')}`;
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        const answer = await fetch(`${inject('baseURL')}${url}`, { headers: { 'accept-encoding': encoding } });
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get('content-encoding'), url).toBe(encoding);
        expect(answer.headers.get('vary'), url).toBe('Accept-Encoding');
        // fetch decodes the body; the length on the wire is the sibling's.
        expect(answer.headers.get('content-length'), `${url} ${encoding}`).toBe(
          String(statSync(`${file}${suffix}`).size),
        );
        expect(Buffer.from(await answer.arrayBuffer()).equals(readFileSync(file)), url).toBe(true);
      }
    }
  });
});
