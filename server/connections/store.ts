// Connected accounts (docs/product.md §Connected accounts): "Connect" stores a PKCE verifier under the hash of a random `state` and sends the
// browser to the provider; the provider's redirect brings the code back to our callback, which holds it under a
// one-time completion token and sends the browser on to Connect Accounts; there the signed-in creator presents the
// token (POST …/complete) and, only if they are the one who started, the code is exchanged (with the verifier) for
// tokens, sealed at rest (a consent link followed by someone else connects nobody's channel to the wrong account);
// whose channel it is comes from the platform's API. Access tokens are refreshed a few minutes
// before they expire (once at a time per account); a refused refresh marks the account "reconnect". Disconnect
// revokes the tokens at the provider and deletes them.
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  CONNECT_PLATFORMS,
  CONNECT_RETURN_PATH,
  PLATFORM_NAMES,
  PLATFORM_SETTINGS,
  type ConnectError,
  type ConnectPlatform,
} from '../../contract/connections.ts';
import type { Connection } from '../../contract/schemas/connections.ts';
import type { Config } from '../config.ts';
import type { ConnectedAccountsTable, Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { Logger } from '../log.ts';
import type { SelfFetch } from '../http/self-fetch.ts';
import type { Links } from '../mail/links.ts';
import type { Sealer } from '../money/sealing.ts';
import type { Governor } from './governor.ts';
import { connectionProblems as problems, notConfigured } from './problems.ts';
import { createProvider, ProviderQuotaSpent, ProviderRefused, utcTime, type OAuthProvider } from './providers.ts';

/** How long a started connection may take at the provider. */
export const REQUEST_TTL_MS = 10 * 60_000;
/** Access tokens are refreshed when they have less than this left. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** After a refused refresh, how long another instance's refresh with the same token has to store its answer. */
const REFRESH_RACE_MS = 1500;

/** Our callback's path: with the server's public address, the redirect URI registered at the platform. */
export const callbackPath = (platform: ConnectPlatform) => `/api/connections/${platform}/callback`;

/** A provider's code held between the callback and the creator's completion, with the PKCE verifier it needs. */
interface HeldGrant {
  code: string;
  verifier: string;
}

interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
}

export type AccountRow = Selectable<ConnectedAccountsTable>;

export interface AccountChange {
  userId: string;
  platform: ConnectPlatform;
  /** What happened: a (re)connect, a disconnect, archiving switched, or the platform refusing the grant. */
  kind: 'connected' | 'disconnected' | 'archiving' | 'reconnect';
  /** The account as it is now, or null once disconnected. */
  account: AccountRow | null;
}

export interface Connections {
  providers: Partial<Record<ConnectPlatform, OAuthProvider>>;
  list(userId: string): Promise<Connection[]>;
  /** The provider's consent URL for this creator and platform. */
  start(userId: string, platform: ConnectPlatform): Promise<string>;
  /** Handles the provider's redirect; answers where to send the browser (with a completion token, or an error code). */
  callback(
    platform: ConnectPlatform,
    query: { state?: string; code?: string; error?: string; error_description?: string },
  ): Promise<string>;
  /** The signed-in creator completes the connection the callback held (only the creator who started it). */
  complete(userId: string, platform: ConnectPlatform, completion: string): Promise<Connection>;
  disconnect(userId: string, platform: ConnectPlatform): Promise<Connection>;
  account(userId: string, platform: ConnectPlatform): Promise<AccountRow | null>;
  /** A valid access token for the account (refreshed first when it is about to expire, or when `force`d). */
  accessToken(account: AccountRow, options?: { force?: boolean }): Promise<string>;
  /**
   * The platform refused this account's tokens for good (a 401 after a successful refresh, say): the card shows
   * "reconnect". Nothing changes if the account was connected again since `account` was read.
   */
  markReconnect(account: AccountRow): Promise<void>;
  setArchiving(userId: string, platform: ConnectPlatform, on: boolean): Promise<AccountRow>;
  /** Accounts with archiving on (the ingesters' list). */
  archiving(): Promise<AccountRow[]>;
  /** Every connected account (the metrics collector's list). */
  connected(): Promise<AccountRow[]>;
  /** Told of every connect, disconnect and archiving change. */
  onChange(listener: (change: AccountChange) => void): () => void;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

export function createConnections(deps: {
  db: Kysely<Database>;
  config: Config;
  links: Links;
  sealer: Sealer;
  logger: Logger;
  selfFetch: SelfFetch;
  /** The platforms' budgets (the identity call at connect spends them). */
  governor?: Pick<Governor, 'fetch'>;
}): Connections {
  const { db, config, links, sealer, logger, selfFetch } = deps;
  const providers: Partial<Record<ConnectPlatform, OAuthProvider>> = {};
  for (const platform of CONNECT_PLATFORMS) {
    const client = config.oauth[platform];
    if (client)
      providers[platform] = createProvider(platform, client, {
        browser: (base) => links.url(base),
        server: selfFetch.resolve,
        fetcher: selfFetch.fetch,
        governor: deps.governor,
      });
  }
  const listeners = new Set<(change: AccountChange) => void>();
  const announce = (change: AccountChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        logger.error('connected account listener failed', { error: (error as Error).message });
      }
    }
  };
  const refreshing = new Map<string, Promise<string>>();
  const now = () => new Date().toISOString();
  const redirectUri = (platform: ConnectPlatform) => links.url(callbackPath(platform));
  const back = (query: Record<string, string>) => links.url(`${CONNECT_RETURN_PATH}?${new URLSearchParams(query)}`);

  const provider = (platform: ConnectPlatform): OAuthProvider => {
    const found = providers[platform];
    if (!found) throw new HttpError(409, notConfigured(PLATFORM_NAMES[platform], PLATFORM_SETTINGS[platform]));
    return found;
  };

  const account = (userId: string, platform: ConnectPlatform) =>
    db
      .selectFrom('connected_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .executeTakeFirst()
      .then((row) => row ?? null);

  /** Whether the creator lets the bot post in this account's chat (bot_consents, docs/product.md §The chat bot). */
  const consented = async (row: AccountRow | null) =>
    row !== null &&
    (await db.selectFrom('bot_consents').select('account_id').where('account_id', '=', row.id).executeTakeFirst()) !==
      undefined;

  const toConnection = (platform: ConnectPlatform, row: AccountRow | null, botConsent = false): Connection => ({
    platform,
    configured: Boolean(providers[platform]),
    standIn: providers[platform]?.standIn ?? false,
    settings: [...PLATFORM_SETTINGS[platform]],
    account: row
      ? {
          status: row.status,
          platformUserId: row.platform_user_id,
          login: row.login,
          displayName: row.display_name,
          scopes: row.scopes.split(' ').filter(Boolean),
          connectedAt: row.created_at,
          archiving: Number(row.archiving) === 1,
          botConsent,
        }
      : null,
  });

  async function store(
    userId: string,
    platform: ConnectPlatform,
    tokens: { accessToken: string; refreshToken: string | null; expiresInSeconds: number; scopes: string[] },
    who: { platformUserId: string; login: string; displayName: string },
    standIn: boolean,
  ) {
    const taken = await db
      .selectFrom('connected_accounts')
      .select('user_id')
      .where('platform', '=', platform)
      .where('platform_user_id', '=', who.platformUserId)
      .where('user_id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new HttpError(409, problems.channel_taken.with({ platform: PLATFORM_NAMES[platform] }));
    const values = {
      platform_user_id: who.platformUserId,
      login: who.login,
      display_name: who.displayName,
      scopes: tokens.scopes.join(' '),
      tokens_sealed: sealer.seal({
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      } satisfies SealedTokens),
      expires_at: Date.now() + tokens.expiresInSeconds * 1000,
      status: 'connected' as const,
      stand_in: standIn ? 1 : 0,
      updated_at: now(),
    };
    await db
      .insertInto('connected_accounts')
      .values({ id: crypto.randomUUID(), user_id: userId, platform, ...values, created_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'platform']).doUpdateSet(values))
      .execute();
    announce({ userId, platform, kind: 'connected', account: await account(userId, platform) });
  }

  /** The account as stored now (a caller's row may be older than a refresh made since). */
  const current = (row: AccountRow) =>
    db.selectFrom('connected_accounts').selectAll().where('id', '=', row.id).executeTakeFirst();
  const gone = (row: AccountRow) =>
    new HttpError(409, problems.disconnected_meanwhile.with({ platform: PLATFORM_NAMES[row.platform] }));

  async function refreshed(row: AccountRow, force: boolean): Promise<string> {
    let tokens = sealer.unseal<SealedTokens>(row.tokens_sealed);
    if (!force && Number(row.expires_at) - Date.now() > REFRESH_MARGIN_MS) return tokens.accessToken;
    // Refresh from the stored tokens: a platform that rotates refresh tokens refuses one that a refresh since the
    // caller's read (here or on another instance) has replaced; a replaced token is the answer itself.
    const stored = await current(row);
    if (!stored) throw gone(row);
    if (stored.tokens_sealed !== row.tokens_sealed && Number(stored.expires_at) - Date.now() > REFRESH_MARGIN_MS)
      return sealer.unseal<SealedTokens>(stored.tokens_sealed).accessToken;
    tokens = sealer.unseal<SealedTokens>(stored.tokens_sealed);
    if (!tokens.refreshToken)
      throw new HttpError(409, problems.connection_expired.with({ platform: PLATFORM_NAMES[row.platform] }));
    try {
      const next = await provider(row.platform).refresh(tokens.refreshToken);
      await db
        .updateTable('connected_accounts')
        .set({
          tokens_sealed: sealer.seal({
            accessToken: next.accessToken,
            refreshToken: next.refreshToken,
          } satisfies SealedTokens),
          expires_at: Date.now() + next.expiresInSeconds * 1000,
          ...(next.scopes.length > 0 ? { scopes: next.scopes.join(' ') } : {}),
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      return next.accessToken;
    } catch (error) {
      if (!(error instanceof ProviderRefused)) throw error;
      // Another instance may have refreshed with the same token a moment earlier (the platform rotated it): its new
      // tokens are stored as soon as its answer arrives. Only a refusal nobody refreshed around is the platform's.
      for (const wait of [0, REFRESH_RACE_MS]) {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const after = await current(row);
        if (!after) throw gone(row);
        if (after.tokens_sealed !== stored.tokens_sealed)
          return sealer.unseal<SealedTokens>(after.tokens_sealed).accessToken;
      }
      await markReconnect(stored);
      throw new HttpError(409, problems.connection_revoked.with({ platform: PLATFORM_NAMES[row.platform] }));
    }
  }

  /** The platform refused the grant: the account shows "reconnect" (unless it was connected again meanwhile). */
  async function markReconnect(row: AccountRow): Promise<void> {
    const changed = await db
      .updateTable('connected_accounts')
      .set({ status: 'reconnect', updated_at: now() })
      .where('id', '=', row.id)
      .where('tokens_sealed', '=', row.tokens_sealed)
      .where('status', '!=', 'reconnect')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0)
      announce({
        userId: row.user_id,
        platform: row.platform,
        kind: 'reconnect',
        account: await account(row.user_id, row.platform),
      });
  }

  return {
    providers,
    async list(userId) {
      const rows = await db.selectFrom('connected_accounts').selectAll().where('user_id', '=', userId).execute();
      const consents = new Set(
        (await db.selectFrom('bot_consents').select('account_id').where('creator_id', '=', userId).execute()).map(
          (row) => row.account_id,
        ),
      );
      return CONNECT_PLATFORMS.map((platform) => {
        const row = rows.find((candidate) => candidate.platform === platform) ?? null;
        return toConnection(platform, row, row !== null && consents.has(row.id));
      });
    },

    async start(userId, platform) {
      const chosen = provider(platform);
      const state = randomToken();
      const verifier = randomToken();
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      await db.deleteFrom('oauth_requests').where('expires_at', '<', Date.now()).execute();
      await db
        .insertInto('oauth_requests')
        .values({
          state_hash: sha256(state),
          user_id: userId,
          platform,
          verifier_sealed: sealer.seal(verifier),
          expires_at: Date.now() + REQUEST_TTL_MS,
        })
        .execute();
      return chosen.authorizeUrl({ state, codeChallenge: challenge, redirectUri: redirectUri(platform) });
    },

    async callback(platform, query) {
      // A code of the contract's fixed list, never a text: the way back is an address anyone can write.
      const fail = (error: ConnectError) => back({ platform, error });
      if (!query.state) return fail('state_missing');
      // Single use: the request is taken out whatever happens next.
      const request = await db
        .deleteFrom('oauth_requests')
        .where('state_hash', '=', sha256(query.state))
        .where('platform', '=', platform)
        .returningAll()
        .executeTakeFirst();
      if (!request) return fail('state_mismatch');
      if (Number(request.expires_at) < Date.now()) return fail('expired');
      if (query.error) {
        if (query.error === 'access_denied') return fail('denied');
        logger.warn('the platform sent back an error instead of a code', {
          platform,
          error: query.error,
          description: query.error_description?.slice(0, 500) ?? null,
        });
        return fail('provider_error');
      }
      if (!query.code) return fail('code_missing');
      // Held for the creator who started: whoever's browser came back here must be signed in as them to finish.
      const completion = randomToken();
      await db.deleteFrom('oauth_completions').where('expires_at', '<', Date.now()).execute();
      await db
        .insertInto('oauth_completions')
        .values({
          completion_hash: sha256(completion),
          user_id: request.user_id,
          platform,
          grant_sealed: sealer.seal({
            code: query.code,
            verifier: sealer.unseal<string>(request.verifier_sealed),
          } satisfies HeldGrant),
          expires_at: Date.now() + REQUEST_TTL_MS,
        })
        .execute();
      return back({ platform, complete: completion });
    },

    async complete(userId, platform, completion) {
      const name = PLATFORM_NAMES[platform];
      // Single use, whoever presents it.
      const held = await db
        .deleteFrom('oauth_completions')
        .where('completion_hash', '=', sha256(completion))
        .where('platform', '=', platform)
        .returningAll()
        .executeTakeFirst();
      if (!held) throw new HttpError(409, problems.attempt_unknown.with({ platform: name }));
      if (Number(held.expires_at) < Date.now())
        throw new HttpError(409, problems.attempt_expired.with({ platform: name }));
      if (held.user_id !== userId) {
        logger.warn('a connection was completed by another account than the one that started it', { platform });
        throw new HttpError(403, problems.attempt_other_account.with({ platform: name }));
      }
      const grant = sealer.unseal<HeldGrant>(held.grant_sealed);
      try {
        const chosen = provider(platform);
        const tokens = await chosen.exchange({
          code: grant.code,
          codeVerifier: grant.verifier,
          redirectUri: redirectUri(platform),
        });
        const who = await chosen.identity(tokens.accessToken);
        await store(userId, platform, tokens, who, chosen.standIn);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        logger.warn('connecting an account failed', { platform, error: (error as Error).message });
        // The provider refused (an invalid code or verifier, a channel taken) or could not be reached: the code's
        // one use is spent either way, so the creator connects again.
        if (error instanceof ProviderRefused)
          throw new HttpError(
            409,
            error.problem ??
              (error.answered
                ? problems[error.answered.kind].with({ platform: name, detail: error.answered.detail })
                : problems.provider_refused.with({ platform: name, detail: error.message })),
          );
        // The platform's API limit is spent (YouTube's daily quota until midnight Pacific): when to come back, not
        // "in a moment".
        if (error instanceof ProviderQuotaSpent)
          throw new HttpError(424, problems.quota_spent.with({ platform, until: utcTime(error.resetAt) }), {
            'retry-after': String(Math.max(1, Math.ceil((error.resetAt - Date.now()) / 1000))),
          });
        throw new HttpError(424, problems.unreachable.with({ platform: name }));
      }
      const connected = await account(userId, platform);
      return toConnection(platform, connected, await consented(connected));
    },

    async disconnect(userId, platform) {
      const row = await account(userId, platform);
      if (!row) throw new HttpError(404, problems.not_connected.with({ platform: PLATFORM_NAMES[platform] }));
      const tokens = sealer.unseal<SealedTokens>(row.tokens_sealed);
      const chosen = providers[platform];
      if (chosen) {
        // Revoking the refresh token ends the grant; the access token goes too where the provider needs it.
        for (const token of [tokens.refreshToken, tokens.accessToken]) {
          if (!token) continue;
          await chosen.revoke(token).catch((error: unknown) =>
            logger.warn('revoking a token failed; it is deleted here anyway', {
              platform,
              error: (error as Error).message,
            }),
          );
        }
      }
      await db.deleteFrom('connected_accounts').where('id', '=', row.id).execute();
      announce({ userId, platform, kind: 'disconnected', account: null });
      return toConnection(platform, null);
    },

    account,

    markReconnect,

    accessToken(row, options) {
      const running = refreshing.get(row.id);
      if (running) return running;
      const next = refreshed(row, options?.force ?? false).finally(() => refreshing.delete(row.id));
      refreshing.set(row.id, next);
      return next;
    },

    async setArchiving(userId, platform, on) {
      const row = await account(userId, platform);
      if (!row) throw new HttpError(409, problems.connect_first.with({ platform: PLATFORM_NAMES[platform] }));
      await db
        .updateTable('connected_accounts')
        .set({ archiving: on ? 1 : 0, updated_at: now() })
        .where('id', '=', row.id)
        .execute();
      const updated = (await account(userId, platform))!;
      announce({ userId, platform, kind: 'archiving', account: updated });
      return updated;
    },

    archiving: () => db.selectFrom('connected_accounts').selectAll().where('archiving', '=', 1).execute(),

    connected: () => db.selectFrom('connected_accounts').selectAll().where('status', '=', 'connected').execute(),

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
