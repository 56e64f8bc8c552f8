// Serves the built client (STATIC_DIR): files, prerendered <path>/index.html, the overlay page (overlay.html) for
// /overlay/<token>, else the app shell (200.html, or index.html) for client-side routes.
// Types and what is worth compressing are Hono's (the tables serveStatic uses). The rest is not serveStatic, which
// has no fallback pages, no ETag, Last-Modified or Cache-Control, serves dotfiles, and answers 500 to a Range it cannot
// satisfy (the wrong bytes to `bytes=-N`).
// Compressed answers come from the files the build wrote beside each compressible one (<file>.br, <file>.gz:
// scripts/precompress.ts), so no request waits for Brotli; only a file without its sibling (a build made otherwise,
// or one changed after the build) is compressed on its first request and kept in memory.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import { preferredEncoding, type Encoding } from './encoding.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller files are sent as they are. */
export const MIN_COMPRESS_BYTES = 512;
const CACHE_LIMIT = 512;

/** The suffix of the file the build writes beside a compressible one for each encoding. */
export const PRECOMPRESSED: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function contentType(file: string): string {
  return getMimeType(file) ?? 'application/octet-stream';
}

function compressible(type: string, size: number): boolean {
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && size >= MIN_COMPRESS_BYTES;
}

/** Whether the server sends `file` compressed when asked, so the build compresses it beforehand. */
export function isPrecompressible(file: string, size: number): boolean {
  return compressible(contentType(file), size);
}

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stats = await fs.promises.stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

export function staticSite(staticDir: string) {
  const root = path.resolve(staticDir);
  // Compressed bodies keyed by file, version and encoding; a per-process cache of derived data only.
  const compressed = new Map<string, Buffer>();

  async function locate(requestPath: string): Promise<{ file: string; stats: fs.Stats } | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(requestPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.') && segment !== ''))
      return null;
    const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
    if (target !== root && !target.startsWith(root + path.sep)) return null;
    for (const candidate of [target, path.join(target, 'index.html')]) {
      const stats = await statFile(candidate);
      if (stats) return { file: candidate, stats };
    }
    // Hashed assets that do not exist are real 404s, not client routes.
    if (decoded.startsWith('/assets/')) return null;
    // The overlay page for OBS (docs/product.md §The overlay for OBS) is a page of its own, without the app: /overlay/<token>.
    if (/^\/overlay\/[^/]+\/?$/.test(decoded)) {
      const file = path.join(root, 'overlay.html');
      const stats = await statFile(file);
      return stats ? { file, stats } : null;
    }
    // Client routes get the untouched app shell (200.html) when the build has one: index.html is the
    // prerendered landing page then.
    for (const shell of ['200.html', 'index.html']) {
      const file = path.join(root, shell);
      const stats = await statFile(file);
      if (stats) return { file, stats };
    }
    return null;
  }

  async function body(file: string, stats: fs.Stats, encoding: Encoding | null): Promise<Buffer> {
    const raw = await fs.promises.readFile(file);
    if (!encoding) return raw;
    const key = `${file}\0${stats.mtimeMs}\0${stats.size}\0${encoding}`;
    let packed = compressed.get(key);
    if (!packed) {
      packed =
        encoding === 'br'
          ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : await gzip(raw, { level: 9 });
      if (compressed.size >= CACHE_LIMIT) compressed.clear();
      compressed.set(key, packed);
    }
    return packed;
  }

  /** The build's compressed copy of `file`, unless it is missing or older than the file (then it may be stale). */
  async function precompressed(file: string, stats: fs.Stats, encoding: Encoding) {
    const sibling = `${file}${PRECOMPRESSED[encoding]}`;
    const siblingStats = await statFile(sibling);
    return siblingStats && siblingStats.mtimeMs >= stats.mtimeMs ? { file: sibling, stats: siblingStats } : null;
  }

  return async (c: Context) => {
    const notFound = () => c.json({ message: 'Not found', code: 'not_found' }, 404);
    const found = await locate(c.req.path);
    if (!found) return notFound();
    const { file, stats } = found;
    const type = contentType(file);
    const version = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: `W/"${version}"`,
      'Last-Modified': stats.mtime.toUTCString(),
    };
    const compress = compressible(type, stats.size);
    if (compress) headers.Vary = 'Accept-Encoding';
    const encoding = compress ? preferredEncoding(c.req.header('accept-encoding') ?? '') : null;
    const sibling = encoding ? await precompressed(file, stats, encoding) : null;
    // The build's compressed file is a representation of its own: its own ETag, so a cache never takes one
    // encoding's bytes for another's.
    if (sibling) headers.ETag = `W/"${version}-${encoding}"`;
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === headers.ETag))
      return c.body(null, 304, headers);
    if (encoding) headers['Content-Encoding'] = encoding;
    if (sibling) {
      headers['Content-Length'] = String(sibling.stats.size);
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      return c.body(new Uint8Array(await fs.promises.readFile(sibling.file)), 200, headers);
    }
    const content = await body(file, stats, encoding);
    headers['Content-Length'] = String(content.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(content), 200, headers);
  };
}
