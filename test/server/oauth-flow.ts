// The OAuth connect flow as a browser would follow it, against the stand-in provider (standins/oauth.ts):
// our start, the consent page and its form, the provider's redirect to our callback.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { callbackPath } from '../../server/connections/store.ts';
import { createLinks } from '../../server/mail/links.ts';
import type { OAuthStandIn } from '../../standins/oauth.ts';
import type { Client } from './helpers.ts';
import type { Account } from './market.ts';

/** The consent page, then the provider's redirect to our callback: answers the callback's path and query. */
export async function consent(
  authorizeUrl: string,
  options: { decision?: 'allow' | 'deny'; channel?: string; challenge?: string } = {},
): Promise<string> {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Authorize');
  const q = url.searchParams;
  const form = new URLSearchParams({
    client_id: q.get('client_id') ?? '',
    redirect_uri: q.get('redirect_uri') ?? '',
    state: q.get('state') ?? '',
    scope: q.get('scope') ?? '',
    code_challenge: options.challenge ?? q.get('code_challenge') ?? '',
    channel: options.channel ?? 'rin_streams',
    decision: options.decision ?? 'allow',
  });
  const decided = await fetch(`${url.origin}${url.pathname}/decide`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(decided.status).toBe(302);
  const back = new URL(decided.headers.get('location')!);
  return `${back.pathname}${back.search}`;
}

/** Follows our callback; answers where it sends the browser (path and query of /connect-accounts). */
export async function callback(api: Client, pathAndQuery: string): Promise<URLSearchParams> {
  const answer = await api.request('GET', pathAndQuery);
  expect(answer.status, answer.text).toBe(302);
  const location = new URL(answer.headers.get('location')!);
  expect(location.pathname).toBe('/connect-accounts');
  return location.searchParams;
}

export async function start(api: Client, who: Account, platform: 'twitch' | 'youtube'): Promise<string> {
  const answer = await api.request('POST', `/api/connections/${platform}/start`, { token: who.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.url as string;
}

/**
 * The signed-in creator completes what the callback held (as Connect Accounts does with the token it came back
 * with); answers the screen's outcome as the callback used to: `connected=<platform>`, or `platform` and `error`.
 */
export async function complete(api: Client, who: Account, back: URLSearchParams): Promise<URLSearchParams> {
  const platform = back.get('platform')!;
  const completion = back.get('complete');
  if (!completion) return back;
  const answer = await api.request('POST', `/api/connections/${platform}/complete`, {
    token: who.token,
    json: { completion },
  });
  if (answer.status === 200) {
    expect((answer.body.connection as { platform: string }).platform).toBe(platform);
    return new URLSearchParams({ connected: platform });
  }
  expect(typeof answer.body.message, answer.text).toBe('string');
  return new URLSearchParams({ platform, error: answer.body.message as string });
}

export async function connect(api: Client, who: Account, platform: 'twitch' | 'youtube', channel: string) {
  return complete(api, who, await callback(api, await consent(await start(api, who, platform), { channel })));
}

/** Serves the stand-in on a port of its own; answers its base URL and the server to close. */
export async function serveStandIn(standIn: {
  app: Pick<OAuthStandIn['app'], 'fetch'>;
}): Promise<{ base: string; server: ServerType }> {
  let server!: ServerType;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: standIn.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  return { base: `http://127.0.0.1:${port}`, server };
}

/**
 * The test apps' OAuth client at a stand-in of their own: test-client / test-secret, its redirect URIs the apps'
 * callbacks (a test app never listens, so its links keep their default address).
 */
export const testClient = {
  clientId: 'test-client',
  clientSecret: 'test-secret',
  redirectUris: (platform: 'twitch' | 'youtube') => [createLinks(null).url(callbackPath(platform))],
};

/** The server's settings for both platforms' OAuth clients at the stand-in (client test-client / test-secret). */
export const standInSettings = (base: string) => ({
  TWITCH_CLIENT_ID: 'test-client',
  TWITCH_CLIENT_SECRET: 'test-secret',
  TWITCH_AUTH_BASE: `${base}/twitch`,
  TWITCH_API_BASE: `${base}/twitch`,
  GOOGLE_CLIENT_ID: 'test-client',
  GOOGLE_CLIENT_SECRET: 'test-secret',
  GOOGLE_AUTH_BASE: `${base}/youtube`,
  GOOGLE_TOKEN_BASE: `${base}/youtube`,
  YOUTUBE_API_BASE: `${base}/youtube`,
});
