// Short-lived tickets for the SSE stream: EventSource cannot send an Authorization header, and a session jwt in a
// URL would end up in logs and history. A ticket is `<base64url payload>.<HMAC-SHA256>` under a key derived from the
// server's secret, names the user and their session version, and expires after TICKET_SECONDS.
import crypto from 'node:crypto';

export const TICKET_SECONDS = 60;

export interface TicketClaims {
  userId: string;
  version: number;
}

export function createTickets(secret: Uint8Array) {
  const key = crypto.createHmac('sha256', secret).update('castbridge events ticket').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(claims: TicketClaims, nowMs = Date.now()): string {
      const payload = Buffer.from(
        JSON.stringify({ sub: claims.userId, ver: claims.version, exp: Math.floor(nowMs / 1000) + TICKET_SECONDS }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    verify(ticket: string, nowMs = Date.now()): TicketClaims | null {
      const [payload, signature, extra] = ticket.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          sub?: unknown;
          ver?: unknown;
          exp?: unknown;
        };
        if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number' || typeof claims.exp !== 'number')
          return null;
        if (claims.exp * 1000 <= nowMs) return null;
        return { userId: claims.sub, version: claims.ver };
      } catch {
        return null;
      }
    },
  };
}
export type Tickets = ReturnType<typeof createTickets>;
