// JSON answers kept per key while the revision they were built under stands, each gzipped once when it is large
// enough to be worth it. What a key and a revision mean is the caller's (GET /api/offers:
// server/marketplace/offer-lists.ts); this module only keeps the bytes and writes them out.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { preferredEncoding } from './encoding.ts';

const gzip = promisify(zlib.gzip);
const MIN_COMPRESS_BYTES = 512;

export interface Answer {
  rev: number;
  json: string;
  gzip: Uint8Array<ArrayBuffer> | null;
  bytes: number;
}

/** Least recently used answers up to `limitBytes` in all. */
export function createAnswerCache(limitBytes = 32 * 1024 * 1024) {
  const entries = new Map<string, Answer>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    get(key: string, rev: number): Answer | null {
      const entry = entries.get(key);
      if (!entry || entry.rev !== rev) return null;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    async put(key: string, rev: number, json: string): Promise<Answer> {
      const packed = json.length >= MIN_COMPRESS_BYTES ? new Uint8Array(await gzip(json, { level: 6 })) : null;
      const entry: Answer = { rev, json, gzip: packed, bytes: json.length * 2 + (packed?.length ?? 0) };
      const current = entries.get(key);
      // A slower build of an older revision never replaces a newer one.
      if (current && current.rev > rev) return entry;
      drop(key);
      if (entry.bytes > limitBytes) return entry;
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (bytes <= limitBytes) break;
        drop(oldest);
      }
      return entry;
    },
    get size() {
      return entries.size;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/** The answer as a 200 response: gzip when the client accepts it (built once per revision), else the JSON text. */
export function answerResponse(c: Context, answer: Answer): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=UTF-8' };
  if (!answer.gzip) return c.body(answer.json, 200, headers);
  headers.Vary = 'Accept-Encoding';
  if (!preferredEncoding(c.req.header('accept-encoding') ?? '', ['gzip'])) return c.body(answer.json, 200, headers);
  headers['Content-Encoding'] = 'gzip';
  return c.body(answer.gzip, 200, headers);
}
