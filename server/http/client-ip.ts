// The client address for throttling: the socket's, or the proxy's X-Forwarded-For entry when TRUST_PROXY=1.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The right-most entry is the one our own proxy appended; entries to its left are client-supplied.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (in-process requests in tests).
    return 'unknown';
  }
}
