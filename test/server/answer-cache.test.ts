// The offers-list answer cache (server/http/answer-cache.ts): a revision mismatch is a miss, an older build
// never replaces a newer one, and the byte limit evicts the least recently used answers.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from '../../server/http/answer-cache.ts';

const json = (n: number) => JSON.stringify({ offers: Array.from({ length: n }, (_, i) => ({ id: `offer-${i}` })) });

describe('the answer cache', () => {
  it('serves an answer only under the revision it was built for', async () => {
    const cache = createAnswerCache();
    await cache.put('a', 3, json(1));
    expect(cache.get('a', 3)?.json).toBe(json(1));
    expect(cache.get('a', 4)).toBeNull();
    expect(cache.get('b', 3)).toBeNull();
  });

  it('keeps the newer revision when an older build finishes last', async () => {
    const cache = createAnswerCache();
    await cache.put('a', 5, json(2));
    await cache.put('a', 4, json(1));
    expect(cache.get('a', 5)?.json).toBe(json(2));
    expect(cache.get('a', 4)).toBeNull();
  });

  it('compresses answers of 512 bytes and more once, and leaves smaller ones plain', async () => {
    const cache = createAnswerCache();
    const big = await cache.put('big', 1, json(40));
    const small = await cache.put('small', 1, json(1));
    expect(gunzipSync(big.gzip!).toString('utf8')).toBe(json(40));
    expect(small.gzip).toBeNull();
  });

  it('evicts the least recently used answers beyond its byte limit', async () => {
    const one = await createAnswerCache().put('x', 1, json(30));
    const cache = createAnswerCache(one.bytes * 2 + 10);
    await cache.put('a', 1, json(30));
    await cache.put('b', 1, json(30));
    cache.get('a', 1);
    await cache.put('c', 1, json(30));
    expect(cache.get('a', 1)).not.toBeNull();
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
    expect(cache.size).toBe(2);
  });
});
