// The OAuth 2.0 side of connected accounts (docs/product.md §Connected accounts): authorization code with PKCE (S256) and `state`, the code
// exchange, refresh, revocation, and who the token belongs to, for Twitch (id.twitch.tv + Helix) and Google
// (accounts.google.com + the YouTube Data API). The endpoints come from configuration, so the same code talks to the
// platforms or to the local stand-in (standins/oauth.ts) that speaks the same protocol.
import type { ConnectPlatform } from '../../contract/connections.ts';
import type { OAuthClient } from '../config.ts';
import type { Problem } from '../http/problems.ts';
import { BudgetExhausted, nextPacificMidnight, type CallSpec, type Governor } from './governor.ts';
import { connectionProblems } from './problems.ts';

export interface TokenSet {
  accessToken: string;
  /** Google answers a refresh without a new refresh token: the old one stays. */
  refreshToken: string | null;
  expiresInSeconds: number;
  scopes: string[];
}

export interface Identity {
  platformUserId: string;
  login: string;
  displayName: string;
}

/** A refusal by the provider (the grant is invalid or revoked) as opposed to it being unreachable. */
export class ProviderRefused extends Error {
  override name = 'ProviderRefused';
  /**
   * `problem`: the refusal in every language where the words are ours, not the platform's; `answered`: the platform
   * answered outside its protocol (no token, no owner for it), worded with its platform's name where it is caught.
   */
  constructor(
    message: string,
    readonly problem?: Problem,
    readonly answered?: { kind: 'token_missing' | 'token_owner_unknown'; detail: string },
  ) {
    super(message);
  }
}
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}
/**
 * The platform's API limit for Castbridge is used up until `resetAt` (YouTube's daily quota, reset at midnight
 * Pacific; a Helix bucket): nothing can be asked before then, so the message says when to come back.
 */
export class ProviderQuotaSpent extends ProviderUnavailable {
  override name = 'ProviderQuotaSpent';
  constructor(
    readonly platform: ConnectPlatform,
    readonly resetAt: number,
  ) {
    super(quotaSpentMessage(platform, resetAt));
  }
}

/** "2026-11-29 08:00 UTC": the reset as an operator and a creator anywhere read it. */
export const utcTime = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What a creator is told while the platform's API limit is spent: until when, and to connect again after it. */
export function quotaSpentMessage(platform: ConnectPlatform, resetAt: number): string {
  return platform === 'youtube'
    ? `YouTube’s daily API limit for Castbridge is used up until midnight Pacific time (${utcTime(resetAt)}). Connect again after that.`
    : `Twitch’s API limit for Castbridge is used up until ${utcTime(resetAt)}. Connect again after that.`;
}

/** Google's answer that the project's daily quota is spent (403 quotaExceeded or dailyLimitExceeded). */
function quotaReason(body: Record<string, unknown>): string | null {
  const error = body.error;
  if (!error || typeof error !== 'object') return null;
  const errors = (error as { errors?: unknown }).errors;
  const reason = Array.isArray(errors) ? (errors[0] as { reason?: unknown } | undefined)?.reason : undefined;
  return reason === 'quotaExceeded' || reason === 'dailyLimitExceeded' ? reason : null;
}

export interface OAuthProvider {
  platform: ConnectPlatform;
  standIn: boolean;
  scopes: readonly string[];
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchange(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(token: string): Promise<void>;
  identity(accessToken: string): Promise<Identity>;
}

/**
 * Twitch: the followers and subscribers the analytics issue reads, and the chat: `channel:bot` lets Castbridge's chat
 * account read the channel's chat through a conduit (EventSub with the app's token, server/archive/eventsub.ts).
 */
export const TWITCH_SCOPES = [
  'chat:read',
  'moderator:read:followers',
  'channel:read:subscriptions',
  'channel:bot',
] as const;
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube.readonly'] as const;

/**
 * Castbridge's own Twitch chat account (TWITCH_BOT_REFRESH_TOKEN, docs/operations.md): an operator authorizes it once
 * with these. `user:read:chat` and `user:bot` read chat over EventSub (server/archive/eventsub.ts); `user:write:chat`
 * is what Helix Send Chat Message requires of the sender's user token (the chat bot, server/deliverables/bot.ts;
 * https://dev.twitch.tv/docs/api/reference/#send-chat-message).
 */
export const TWITCH_BOT_SCOPES = ['user:read:chat', 'user:bot', 'user:write:chat'] as const;

const TIMEOUT_MS = 10_000;

async function callWith(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    // The platform's budget (the governor's) has nothing for it before its reset: nothing was asked.
    if (error instanceof BudgetExhausted) throw new ProviderQuotaSpent(error.provider, error.retryAt);
    throw new ProviderUnavailable(`${new URL(url).host} did not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { message: text.slice(0, 200) };
  }
  if (response.status >= 500 || response.status === 429)
    throw new ProviderUnavailable(`${new URL(url).host} answered ${response.status}`);
  return { status: response.status, body };
}

/**
 * What a refusal says, in words: OAuth's `error_description`, Helix's `message` (`{ error, status, message }`),
 * Google's `error.message` with its first `reason` (`{ error: { code, message, errors: [{ reason }] } }`) — never an
 * object's "[object Object]".
 */
export function describe(body: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const error = body.error;
  if (error && typeof error === 'object' && !Array.isArray(error)) {
    const google = error as { message?: unknown; status?: unknown; errors?: unknown };
    const reasons = Array.isArray(google.errors)
      ? google.errors.flatMap((item) => {
          const reason = text((item as { reason?: unknown } | null)?.reason);
          return reason ? [reason] : [];
        })
      : [];
    const message = text(google.message) ?? text(google.status);
    if (message) return reasons.length ? `${message} (${reasons[0]})` : message;
    if (reasons.length) return reasons[0]!;
  }
  return text(body.error_description) ?? text(body.message) ?? text(error) ?? 'refused';
}

function tokenSet(body: Record<string, unknown>, previousRefresh: string | null): TokenSet {
  if (typeof body.access_token !== 'string')
    throw new ProviderRefused('the token answer has no access_token', undefined, { kind: 'token_missing', detail: '' });
  const scope = body.scope;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : previousRefresh,
    expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : 3600,
    scopes: Array.isArray(scope)
      ? scope.map(String)
      : typeof scope === 'string'
        ? scope.split(' ').filter(Boolean)
        : [],
  };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams(fields).toString(),
});

/**
 * `browser` turns a base on this server ("/standin/twitch") into the absolute URL a browser is sent to; `server` and
 * `fetcher` make the server's own calls (in process for a stand-in on this server, see http/self-fetch.ts). The
 * identity call is an API call (Helix, the YouTube Data API): it spends the platform's budget through `governor`, at
 * priority `connect` (the OAuth endpoints themselves are not counted by the platforms' API limits).
 */
export function createProvider(
  platform: ConnectPlatform,
  client: OAuthClient,
  urls: {
    browser: (base: string) => string;
    server: (base: string) => string;
    fetcher: typeof fetch;
    governor?: Pick<Governor, 'fetch'>;
  },
): OAuthProvider {
  const base = (value: string) => (value.startsWith('/') ? urls.server(value) : value);
  const call = (url: string, init: RequestInit) => callWith(urls.fetcher, url, init);
  const twitch = platform === 'twitch';
  const scopes = twitch ? TWITCH_SCOPES : YOUTUBE_SCOPES;
  // Whose token it is, Helix is asked with the token itself: its user is not known before the answer, so the point is
  // counted apart from every known user's budget (a point per connect); YouTube's unit is the project's.
  const identitySpec: CallSpec = twitch
    ? { provider: 'twitch', credential: 'user:connecting', priority: 'connect', purpose: 'identity_at_connect' }
    : { provider: 'youtube', credential: 'project', priority: 'connect', purpose: 'identity_at_connect' };
  const apiCall = (url: string, init: RequestInit) =>
    callWith(urls.governor ? urls.governor.fetch(identitySpec, urls.fetcher) : urls.fetcher, url, init);
  const tokenUrl = () => (twitch ? `${base(client.tokenBase)}/oauth2/token` : `${base(client.tokenBase)}/token`);

  async function grant(fields: Record<string, string>, previousRefresh: string | null): Promise<TokenSet> {
    const { status, body } = await call(
      tokenUrl(),
      form({ client_id: client.clientId, client_secret: client.clientSecret, ...fields }),
    );
    if (status !== 200) throw new ProviderRefused(describe(body));
    return tokenSet(body, previousRefresh);
  }

  return {
    platform,
    standIn: client.standIn,
    scopes,
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: redirectUri,
        scope: scopes.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      // Google gives a refresh token only for offline access, and again only with a fresh consent.
      if (!twitch) {
        query.set('access_type', 'offline');
        query.set('prompt', 'consent');
      }
      const browserBase = client.authBase.startsWith('/') ? urls.browser(client.authBase) : client.authBase;
      return `${browserBase}${twitch ? '/oauth2/authorize' : '/o/oauth2/v2/auth'}?${query}`;
    },
    exchange: ({ code, codeVerifier, redirectUri }) =>
      grant({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri }, null),
    refresh: (refreshToken) => grant({ grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken),
    async revoke(token) {
      const { status, body } = twitch
        ? await call(`${base(client.tokenBase)}/oauth2/revoke`, form({ client_id: client.clientId, token }))
        : await call(`${base(client.tokenBase)}/revoke`, form({ token }));
      // A token the provider no longer knows is as revoked as it gets.
      if (status !== 200 && status !== 400) throw new ProviderRefused(describe(body));
    },
    async identity(accessToken) {
      const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
      if (twitch) {
        headers['client-id'] = client.clientId;
        const { status, body } = await apiCall(`${base(client.apiBase)}/helix/users`, { headers });
        const user = (body.data as { id?: string; login?: string; display_name?: string }[] | undefined)?.[0];
        if (status !== 200 || !user?.id || !user.login)
          throw new ProviderRefused(`Twitch did not say whose token this is (${describe(body)})`, undefined, {
            kind: 'token_owner_unknown',
            detail: describe(body),
          });
        return { platformUserId: user.id, login: user.login, displayName: user.display_name || user.login };
      }
      const { status, body } = await apiCall(`${base(client.apiBase)}/youtube/v3/channels?part=snippet&mine=true`, {
        headers,
      });
      const channel = (
        body.items as { id?: string; snippet?: { title?: string; customUrl?: string } }[] | undefined
      )?.[0];
      // The project's daily quota is spent (Google's 403 quotaExceeded): nothing to connect with before midnight Pacific.
      if (status === 403 && quotaReason(body)) throw new ProviderQuotaSpent('youtube', nextPacificMidnight(Date.now()));
      if (status !== 200 || !channel?.id)
        throw status === 200
          ? new ProviderRefused('This Google account has no YouTube channel', connectionProblems.no_youtube_channel)
          : new ProviderRefused(`YouTube did not say whose token this is (${describe(body)})`, undefined, {
              kind: 'token_owner_unknown',
              detail: describe(body),
            });
      const title = channel.snippet?.title || channel.id;
      return { platformUserId: channel.id, login: channel.snippet?.customUrl || title, displayName: title };
    },
  };
}
