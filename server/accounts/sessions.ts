// The bearer-token check behind server/http/session.ts's guards: only a valid, unexpired HS256 token of ours, for an
// account that still exists and whose password has not changed since the token was issued (users.token_version), is
// a session; anything else is none (a 401 where a route requires one).
import type { Transport } from '../cluster/transport.ts';
import type { Session, SessionCheck } from '../http/session.ts';
import type { UserStore } from './users.ts';
import type { TokenService } from './tokens.ts';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

/** What the check reads: our tokens and the account's current session version. */
export interface SessionDeps {
  tokens: TokenService;
  users: Pick<UserStore, 'session'>;
}

/** The user id and role of an Authorization header's session, or null when it carries none that is still valid. */
export async function sessionUser(authorization: string, { tokens, users }: SessionDeps): Promise<Session | null> {
  const match = BEARER.exec(authorization);
  if (!match || match[1]!.length > 4096) return null;
  const claims = await tokens.verify(match[1]!);
  if (!claims) return null;
  // A deleted account has no version; a password change or reset raised it above the token's.
  const current = await users.session(claims.userId);
  return current !== null && current.version === claims.version
    ? { userId: claims.userId, role: current.role, locale: current.locale }
    : null;
}

/** The SessionCheck that every route's guard asks (server/app.ts builds one). */
export function createSessions(deps: SessionDeps): SessionCheck {
  return { session: (authorization) => sessionUser(authorization, deps) };
}

/**
 * An account's sessions end when its password changes or is reset, and when it is deleted: its tokens stop working at
 * once (sessionUser reads the version on every request), and so do the live streams they opened (docs/product.md
 * §Live events), on every instance. The change tells this after it committed; each instance's streams watch their
 * user and check their session again when told.
 */
export interface SessionRevocations {
  /** `userId`'s sessions ended (the change is committed): every instance's watchers of that user check theirs. */
  revoke(userId: string): void;
  /**
   * Calls `check` whenever `userId`'s sessions may have ended: revoked on this instance or another, or messages may
   * have been lost meanwhile (the instances' transport reconnected). Returns the unwatch.
   */
  watch(userId: string, check: () => void): () => void;
}

export function createSessionRevocations(transport: Transport): SessionRevocations {
  const watchers = new Map<string, Set<() => void>>();
  const call = (checks: Iterable<() => void>) => {
    for (const check of [...checks]) {
      try {
        check();
      } catch {
        // one broken watcher must not stop the others
      }
    }
  };
  transport.onMessage((message) => {
    if (message.t === 'sessions.revoked') call(watchers.get(message.u) ?? []);
  });
  transport.onReconnect(() => call([...watchers.values()].flatMap((set) => [...set])));
  return {
    revoke(userId) {
      call(watchers.get(userId) ?? []);
      transport.send({ t: 'sessions.revoked', u: userId });
    },
    watch(userId, check) {
      let set = watchers.get(userId);
      if (!set) watchers.set(userId, (set = new Set()));
      set.add(check);
      return () => {
        set.delete(check);
        if (set.size === 0 && watchers.get(userId) === set) watchers.delete(userId);
      };
    },
  };
}
