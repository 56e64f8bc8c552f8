// Serves the built client (STATIC_DIR): files, prerendered <path>/index.html, the overlay page (overlay.html) for
// /overlay/<token>, else the app shell (200.html, or index.html) for client-side routes.
// Types and what is worth compressing are Hono's (the tables serveStatic uses). The rest is not serveStatic, which
// has no fallback pages, no compression but precompressed files (the build writes none), no ETag, Last-Modified or
// Cache-Control, serves dotfiles, and answers 500 to a Range it cannot satisfy (the wrong bytes to `bytes=-N`).
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

const MIN_COMPRESS_BYTES = 512;
const CACHE_LIMIT = 512;

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

  return async (c: Context) => {
    const notFound = () => c.json({ message: 'Not found' }, 404);
    const found = await locate(c.req.path);
    if (!found) return notFound();
    const { file, stats } = found;
    const type = getMimeType(file) ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      'Last-Modified': stats.mtime.toUTCString(),
    };
    const compressible = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && stats.size >= MIN_COMPRESS_BYTES;
    if (compressible) headers.Vary = 'Accept-Encoding';
    if (c.req.header('if-none-match') === headers.ETag) return c.body(null, 304, headers);
    const encoding = compressible ? preferredEncoding(c.req.header('accept-encoding') ?? '') : null;
    if (encoding) headers['Content-Encoding'] = encoding;
    const content = await body(file, stats, encoding);
    headers['Content-Length'] = String(content.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(content), 200, headers);
  };
}
