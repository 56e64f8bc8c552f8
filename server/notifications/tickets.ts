// Short-lived tickets for the SSE stream: EventSource cannot send an Authorization header, and a session jwt in a
// URL would end up in logs and history. A ticket is `<base64url payload>.<HMAC-SHA256>` under a key derived from the
// server's secret, names the user, their session version and a random id, and expires after TICKET_SECONDS. It opens
// one stream, once (docs/product.md §Live events): the stream writes the ticket's id to the shared database, so a
// second use, on this instance or another, finds it taken.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

export const TICKET_SECONDS = 60;

export interface TicketClaims {
  userId: string;
  version: number;
}

/** A verified ticket: its claims, its id and when it expires (milliseconds since the epoch). */
export interface VerifiedTicket extends TicketClaims {
  id: string;
  expiresAt: number;
}

export function createTickets(secret: Uint8Array, db: Kysely<Database>) {
  const key = crypto.createHmac('sha256', secret).update('castbridge events ticket').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(claims: TicketClaims, nowMs = Date.now()): string {
      const payload = Buffer.from(
        JSON.stringify({
          sub: claims.userId,
          ver: claims.version,
          exp: Math.floor(nowMs / 1000) + TICKET_SECONDS,
          jti: crypto.randomBytes(16).toString('base64url'),
        }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    verify(ticket: string, nowMs = Date.now()): VerifiedTicket | null {
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
          jti?: unknown;
        };
        if (
          typeof claims.sub !== 'string' ||
          typeof claims.ver !== 'number' ||
          typeof claims.exp !== 'number' ||
          typeof claims.jti !== 'string' ||
          claims.jti.length === 0 ||
          claims.jti.length > 64
        )
          return null;
        if (claims.exp * 1000 <= nowMs) return null;
        return { userId: claims.sub, version: claims.ver, id: claims.jti, expiresAt: claims.exp * 1000 };
      } catch {
        return null;
      }
    },
    /**
     * Spends a verified ticket: true the first time, false when it was used before (here or on another instance: the
     * primary key of event_tickets settles two uses at once). Tickets that have expired anyway are cleared on the way.
     */
    async consume(ticket: VerifiedTicket, nowMs = Date.now()): Promise<boolean> {
      await db.deleteFrom('event_tickets').where('expires_at', '<', nowMs).execute();
      const result = await db
        .insertInto('event_tickets')
        .values({ id: ticket.id, expires_at: ticket.expiresAt })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
  };
}
export type Tickets = ReturnType<typeof createTickets>;
