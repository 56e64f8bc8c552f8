// Random identifiers a flow creates itself: an Idempotency-Key names one payout request (docs/product.md §Money), so a request
// sent again after a lost answer is the same request to the server. Web Crypto exists in every browser context (also
// plain http, unlike crypto.randomUUID) and in Node.

/** 128 random bits as 32 hex digits. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
