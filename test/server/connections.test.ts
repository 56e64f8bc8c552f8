// Connected accounts (docs/product.md §Connected accounts) against the OAuth stand-in on its own port, speaking Twitch's and Google's protocols:
// PKCE and state, the code exchange, tokens sealed at rest, refresh before expiry (once for concurrent callers), a
// grant revoked at the provider ("reconnect"), disconnect revoking at the provider, and every endpoint with the wrong
// user — on SQLite and PostgreSQL.
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_ERRORS } from '../../contract/connections.ts';
import { nextPacificMidnight } from '../../server/connections/governor.ts';
import { describe as describeRefusal } from '../../server/connections/providers.ts';
import { createOAuthStandIn, type OAuthStandIn } from '../../standins/oauth.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';
import {
  callback,
  complete,
  connect,
  consent,
  serveStandIn,
  standInSettings,
  start,
  testClient,
} from './oauth-flow.ts';

async function listed(api: Client, who: Account) {
  const answer = await api.request('GET', '/api/connections', { token: who.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.connections as {
    platform: string;
    configured: boolean;
    standIn: boolean;
    settings: string[];
    account: null | {
      status: string;
      login: string;
      displayName: string;
      platformUserId: string;
      scopes: string[];
      archiving: boolean;
    };
  }[];
}

describe.each(BACKENDS)('connected accounts on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    standIn = createOAuthStandIn(testClient);
    const served = await serveStandIn(standIn);
    server = served.server;
    api = await startApp(backend, standInSettings(served.base));
  });
  afterAll(async () => {
    await api?.close();
    server?.close();
    await backend?.cleanup();
  });

  it('connects Twitch with PKCE and state: the card shows the channel, the tokens are sealed at rest', async () => {
    const creator = await account(api, 'creator');
    expect((await listed(api, creator)).map((c) => [c.platform, c.configured, c.account])).toEqual([
      ['twitch', true, null],
      ['youtube', true, null],
    ]);
    const url = new URL(await start(api, creator, 'twitch'));
    expect(url.pathname).toBe('/twitch/oauth2/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/connections\/twitch\/callback$/);

    // Our callback holds the answer for the creator who started: the browser comes back with a one-time token.
    const back = await callback(api, await consent(url.toString(), { channel: 'Rin_Streams' }));
    expect(back.get('platform')).toBe('twitch');
    expect(back.get('complete')!.length).toBeGreaterThanOrEqual(43);
    expect((await listed(api, creator))[0]!.account).toBeNull();
    expect(Object.fromEntries(await complete(api, creator, back))).toEqual({ connected: 'twitch' });
    const [twitch] = await listed(api, creator);
    expect(twitch!.account).toMatchObject({
      status: 'connected',
      login: 'rin_streams',
      displayName: 'rin_streams',
      archiving: false,
    });
    expect(twitch!.account!.scopes).toContain('chat:read');

    const row = await api.castbridge.db
      .selectFrom('connected_accounts')
      .selectAll()
      .where('user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    const accessToken = await api.castbridge.services.connections.accessToken(row);
    expect(accessToken.length).toBeGreaterThan(20);
    expect(row.tokens_sealed).not.toContain(accessToken);
    expect(JSON.stringify(row)).not.toContain(accessToken);
  });

  it('connects YouTube (Google: offline access, the channel from the Data API)', async () => {
    const creator = await account(api, 'creator');
    const url = new URL(await start(api, creator, 'youtube'));
    expect(url.pathname).toBe('/youtube/o/oauth2/v2/auth');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(
      Object.fromEntries(
        await complete(api, creator, await callback(api, await consent(url.toString(), { channel: 'lia_plays' }))),
      ),
    ).toEqual({ connected: 'youtube' });
    const youtube = (await listed(api, creator))[1]!;
    expect(youtube.account).toMatchObject({ status: 'connected', login: '@lia_plays', displayName: 'lia_plays' });
    expect(youtube.account!.platformUserId).toMatch(/^UC/);
  });

  it('a state is good once, for its own platform; a refusal, a wrong verifier and an unknown state come back as errors', async () => {
    const creator = await account(api, 'creator');
    const path = await consent(await start(api, creator, 'twitch'), { channel: 'once_only' });
    const back = await callback(api, path);
    expect(back.get('complete')).toBeTruthy();
    // The way back names a code from the contract's fixed list (CONNECT_ERRORS), never a text.
    expect(Object.fromEntries(await callback(api, path))).toEqual({ platform: 'twitch', error: 'state_mismatch' });
    // The completion token is good once too.
    expect((await complete(api, creator, back)).get('connected')).toBe('twitch');
    expect((await complete(api, creator, back)).get('error')).toBe(
      'This Twitch connection attempt is unknown or was already used: connect again',
    );

    // A YouTube state on the Twitch callback is not found.
    const youtubePath = await consent(await start(api, creator, 'youtube'), { channel: 'cross_over' });
    expect((await callback(api, youtubePath.replace('/youtube/', '/twitch/'))).get('error')).toBe('state_mismatch');

    const denied = await consent(await start(api, creator, 'youtube'), { decision: 'deny' });
    expect(Object.fromEntries(await callback(api, denied))).toEqual({ platform: 'youtube', error: 'denied' });

    // The provider saw another challenge than ours: our verifier does not match it, so it refuses the code.
    const forged = await consent(await start(api, creator, 'youtube'), {
      channel: 'forged_one',
      challenge: 'A'.repeat(43),
    });
    expect((await complete(api, creator, await callback(api, forged))).get('error')).toBe(
      'YouTube did not connect: Invalid code verifier',
    );

    expect((await callback(api, '/api/connections/twitch/callback?code=abc')).get('error')).toBe('state_missing');
    expect((await callback(api, '/api/connections/twitch/callback?code=abc&state=made-up')).get('error')).toBe(
      'state_mismatch',
    );
    expect((await listed(api, creator))[1]!.account).toBeNull();
  });

  it("the way back carries a code from the contract's list, never the provider's or the address's text", async () => {
    const creator = await account(api, 'creator');
    const stateOf = async (platform: 'twitch' | 'youtube') =>
      new URL(await start(api, creator, platform)).searchParams.get('state')!;
    const text = '<b>Your account is suspended: call +1 555 0100</b>';
    const cases: [query: Record<string, string>, code: string][] = [
      [{ state: await stateOf('twitch'), error: 'access_denied', error_description: text }, 'denied'],
      [{ state: await stateOf('twitch'), error: 'server_error', error_description: text }, 'provider_error'],
      [{ state: await stateOf('twitch'), error: text }, 'provider_error'],
      [{ state: await stateOf('twitch') }, 'code_missing'],
      [{ state: 'forged', code: 'abc', error: text }, 'state_mismatch'],
      [{ code: 'abc', error: text }, 'state_missing'],
    ];
    for (const [query, code] of cases) {
      const back = await callback(api, `/api/connections/twitch/callback?${new URLSearchParams(query)}`);
      expect(Object.fromEntries(back), JSON.stringify(query)).toEqual({ platform: 'twitch', error: code });
      expect(CONNECT_ERRORS).toContain(back.get('error'));
    }
    // An attempt older than its 10 minutes.
    const state = await stateOf('youtube');
    await api.castbridge.db
      .updateTable('oauth_requests')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', creator.id)
      .execute();
    expect((await callback(api, `/api/connections/youtube/callback?state=${state}&code=abc`)).get('error')).toBe(
      'expired',
    );
  });

  it('the access token is refreshed before it expires, once for concurrent callers; a revoked grant asks to reconnect', async () => {
    const creator = await account(api, 'creator');
    standIn.setTokenLifetime(120); // inside the 5-minute margin: every use refreshes
    try {
      await connect(api, creator, 'twitch', 'fresh_tokens');
      const { connections, db } = api.castbridge.services;
      const row = async () =>
        db.selectFrom('connected_accounts').selectAll().where('user_id', '=', creator.id).executeTakeFirstOrThrow();
      const before = standIn.calls.grants.filter((g) => g === 'refresh_token').length;
      const first = await row();
      const [a, b] = await Promise.all([connections.accessToken(first), connections.accessToken(first)]);
      expect(a).toBe(b);
      expect(standIn.calls.grants.filter((g) => g === 'refresh_token').length).toBe(before + 1);
      // Twitch rotated the refresh token: the next refresh uses the new one.
      await expect(connections.accessToken(await row())).resolves.toMatch(/.{20}/);

      standIn.revokeChannel('twitch', 'fresh_tokens');
      await expect(connections.accessToken(await row())).rejects.toThrow(
        'Twitch no longer accepts this connection: connect it again',
      );
      expect((await listed(api, creator))[0]!.account!.status).toBe('reconnect');
      // Connecting again clears it.
      await connect(api, creator, 'twitch', 'fresh_tokens');
      expect((await listed(api, creator))[0]!.account!.status).toBe('connected');
    } finally {
      standIn.setTokenLifetime(4 * 3600);
      // Its tokens live 120 s: left connected, work in the background refreshes them while the next test counts the
      // refreshes Twitch was asked for (a full npm test saw 5 for 4 on 2026-12-01).
      await api.request('DELETE', '/api/connections/twitch', { token: creator.token });
    }
  });

  it('a refresh with a refresh token that another refresh replaced takes the stored tokens instead of asking the creator to reconnect', async () => {
    const creator = await account(api, 'creator');
    await connect(api, creator, 'twitch', 'rotating_tokens');
    const { connections, db } = api.castbridge.services;
    const read = () =>
      db.selectFrom('connected_accounts').selectAll().where('user_id', '=', creator.id).executeTakeFirstOrThrow();
    const stale = await read();
    // Another caller (on this instance or another one) refreshes first: Twitch rotates the refresh token.
    const fresh = await connections.accessToken(stale, { force: true });
    const grants = standIn.calls.grants.filter((g) => g === 'refresh_token').length;
    // A caller still holding the old row asks for a refresh (a 401 it saw): the stored tokens answer, nothing is refused.
    await expect(connections.accessToken(stale, { force: true })).resolves.toBe(fresh);
    expect(standIn.calls.grants.filter((g) => g === 'refresh_token').length).toBe(grants);
    expect((await read()).status).toBe('connected');
    // markReconnect with a row read before a reconnect changes nothing; with the current one it does.
    await connections.markReconnect(stale);
    expect((await listed(api, creator))[0]!.account!.status).toBe('connected');
    await connections.markReconnect(await read());
    expect((await listed(api, creator))[0]!.account!.status).toBe('reconnect');
  });

  it('disconnect revokes the grant at the provider and deletes the tokens', async () => {
    const creator = await account(api, 'creator');
    await connect(api, creator, 'twitch', 'leaving_soon');
    const revokedBefore = standIn.calls.revoked.length;
    const live = standIn.liveAccessTokens();
    const answer = await api.request('DELETE', '/api/connections/twitch', { token: creator.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.connection).toMatchObject({ platform: 'twitch', account: null });
    expect(standIn.calls.revoked.length).toBeGreaterThan(revokedBefore);
    expect(standIn.liveAccessTokens()).toBe(live - 1);
    expect(
      await api.castbridge.db.selectFrom('connected_accounts').select('id').where('user_id', '=', creator.id).execute(),
    ).toEqual([]);
    expect((await api.request('DELETE', '/api/connections/twitch', { token: creator.token })).status).toBe(404);
  });

  it('a consent link followed by someone else connects nothing: only the creator who started completes, and only once', async () => {
    const [attacker, victim] = [await account(api, 'creator'), await account(api, 'creator')];
    // The attacker starts, and gets the victim to follow the consent link (a provider that remembers the app's
    // approval skips the consent screen): the victim's browser comes back to Connect Accounts with the token.
    const back = await callback(
      api,
      await consent(await start(api, attacker, 'twitch'), { channel: 'victims_channel' }),
    );
    const refused = await api.request('POST', '/api/connections/twitch/complete', {
      token: victim.token,
      json: { completion: back.get('complete') },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'This Twitch connection was started from another Castbridge account: connect again from this one',
      code: 'connections.attempt_other_account',
    });
    // Spent: the attacker cannot take it either (they would not have it, but it is gone all the same).
    const spent = await api.request('POST', '/api/connections/twitch/complete', {
      token: attacker.token,
      json: { completion: back.get('complete') },
    });
    expect(spent.status).toBe(409);
    for (const who of [attacker, victim]) expect((await listed(api, who))[0]!.account).toBeNull();
    // The victim connects their own channel as usual.
    expect((await connect(api, victim, 'twitch', 'victims_channel')).get('connected')).toBe('twitch');
  });

  it('completing: creators only, signed in, a token and a platform that exist', async () => {
    const creator = await account(api, 'creator');
    const back = await callback(api, await consent(await start(api, creator, 'youtube'), { channel: 'checked_one' }));
    const completion = back.get('complete');
    expect((await api.request('POST', '/api/connections/youtube/complete', { json: { completion } })).status).toBe(401);
    for (const role of ['advertiser', 'operator'] as const) {
      const other = await account(api, role);
      expect(
        (await api.request('POST', '/api/connections/youtube/complete', { token: other.token, json: { completion } }))
          .status,
      ).toBe(403);
    }
    expect(
      (await api.request('POST', '/api/connections/tiktok/complete', { token: creator.token, json: { completion } }))
        .status,
    ).toBe(404);
    for (const json of [{}, { completion: '' }, { completion: 'x'.repeat(201) }, { completion: 42 }]) {
      const bad = await api.request('POST', '/api/connections/youtube/complete', { token: creator.token, json });
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
    // The Twitch callback's token is not a YouTube one.
    expect(
      (await api.request('POST', '/api/connections/twitch/complete', { token: creator.token, json: { completion } }))
        .status,
    ).toBe(409);
    // Still good for its own platform after all that (none of the refusals above spent it).
    expect((await complete(api, creator, back)).get('connected')).toBe('youtube');
  });

  it('one channel belongs to one Castbridge account', async () => {
    const [first, second] = [await account(api, 'creator'), await account(api, 'creator')];
    await connect(api, first, 'twitch', 'shared_channel');
    expect((await connect(api, second, 'twitch', 'shared_channel')).get('error')).toBe(
      'Twitch did not connect: This Twitch channel is already connected to another Castbridge account',
    );
    expect((await listed(api, second))[0]!.account).toBeNull();
  });

  it('the wrong user: anonymous 401, advertisers and operators 403, an unknown platform 404; a state binds its creator', async () => {
    const [creator, other, advertiser, operator] = [
      await account(api, 'creator'),
      await account(api, 'creator'),
      await account(api, 'advertiser'),
      await account(api, 'operator'),
    ];
    for (const [method, path] of [
      ['GET', '/api/connections'],
      ['POST', '/api/connections/twitch/start'],
      ['DELETE', '/api/connections/twitch'],
    ] as const) {
      expect((await api.request(method, path)).status).toBe(401);
      for (const who of [advertiser, operator]) {
        const answer = await api.request(method, path, { token: who.token });
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Only creators connect channels');
      }
    }
    // In the reader's language, with a code of its own (docs/architecture.md §Languages).
    const spanish = await api.request('DELETE', '/api/connections/twitch', {
      token: advertiser.token,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(spanish.body).toMatchObject({
      code: 'connections.creators_only',
      message: 'Solo los creadores conectan canales',
    });
    const notConnected = await api.request('DELETE', '/api/connections/youtube', {
      token: creator.token,
      headers: { 'accept-language': 'es-MX' },
    });
    expect([notConnected.status, notConnected.body]).toMatchObject([
      404,
      { code: 'connections.not_connected', message: 'No hay ninguna cuenta de YouTube conectada' },
    ]);
    const mixer = await api.request('POST', '/api/connections/mixer/start', {
      token: creator.token,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(mixer.body).toMatchObject({
      code: 'connections.unknown_platform',
      message: 'Esa plataforma no existe: usa twitch o youtube',
    });
    expect((await api.request('POST', '/api/connections/mixer/start', { token: creator.token })).status).toBe(404);
    expect((await api.request('GET', '/api/connections/mixer/callback?state=x')).status).toBe(404);
    // The creator who started owns what comes back, whoever's browser follows the redirect.
    await connect(api, creator, 'twitch', 'bound_to_one');
    expect((await listed(api, creator))[0]!.account!.login).toBe('bound_to_one');
    expect((await listed(api, other))[0]!.account).toBeNull();
    // Another creator cannot disconnect it (theirs is simply not there).
    expect((await api.request('DELETE', '/api/connections/twitch', { token: other.token })).status).toBe(404);
    expect((await listed(api, creator))[0]!.account).not.toBeNull();
  });
});

describe('connected accounts without configuration', () => {
  let backend: Backend;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('the cards say what to set, and Connect answers 409 with it', async () => {
    const creator = await account(api, 'creator');
    expect(await listed(api, creator)).toEqual([
      {
        platform: 'twitch',
        configured: false,
        standIn: false,
        settings: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'],
        account: null,
      },
      {
        platform: 'youtube',
        configured: false,
        standIn: false,
        settings: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
        account: null,
      },
    ]);
    const answer = await api.request('POST', '/api/connections/youtube/start', { token: creator.token });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'YouTube is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
  });
});

describe('connecting YouTube while the project’s daily quota is spent', () => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    standIn = createOAuthStandIn(testClient);
    const served = await serveStandIn(standIn);
    server = served.server;
    api = await startApp(backend, standInSettings(served.base));
  });
  afterAll(async () => {
    await api?.close();
    server?.close();
    await backend?.cleanup();
  });

  it('says the daily limit is reached until midnight Pacific (in UTC), never "[object Object]" or "in a moment"', async () => {
    const creator = await account(api, 'creator');
    standIn.youtube.setQuotaExceeded(true);
    try {
      const reset = new Date(nextPacificMidnight(Date.now())).toISOString().slice(0, 16).replace('T', ' ');
      const expected = `YouTube’s daily API limit for Castbridge is used up until midnight Pacific time (${reset} UTC). Connect again after that.`;
      // Google answers the identity call 403 quotaExceeded.
      const first = await connect(api, creator, 'youtube', 'quota_lia');
      expect(Object.fromEntries(first)).toEqual({ platform: 'youtube', error: expected });
      expect(standIn.calls.youtube.forced).toBe(1);
      // The governor keeps Google's word until the reset: the next attempt asks nothing and says the same.
      const second = await connect(api, creator, 'youtube', 'quota_lia');
      expect(second.get('error')).toBe(expected);
      expect(standIn.calls.youtube.forced).toBe(1);
      for (const error of [first.get('error')!, second.get('error')!])
        expect(error).not.toMatch(/object Object|in a moment|try again/i);
      expect((await listed(api, creator))[1]!.account).toBeNull();
    } finally {
      standIn.youtube.setQuotaExceeded(false);
    }
  });

  it('a refusal is told by its message and reason, whatever shape the platform gives it', () => {
    expect(
      describeRefusal({
        error: {
          code: 403,
          message: 'The request cannot be completed because you have exceeded your quota.',
          errors: [{ message: 'x', domain: 'youtube.quota', reason: 'quotaExceeded' }],
        },
      }),
    ).toBe('The request cannot be completed because you have exceeded your quota. (quotaExceeded)');
    expect(describeRefusal({ error: { code: 401, errors: [{ reason: 'authError' }] } })).toBe('authError');
    expect(describeRefusal({ error: { code: 401, status: 'UNAUTHENTICATED' } })).toBe('UNAUTHENTICATED');
    expect(describeRefusal({ error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' })).toBe(
      'Invalid OAuth token',
    );
    expect(describeRefusal({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })).toBe(
      'Token has been expired or revoked.',
    );
    expect(describeRefusal({ error: 'invalid_grant' })).toBe('invalid_grant');
    expect(describeRefusal({ error: {} })).toBe('refused');
    expect(describeRefusal({})).toBe('refused');
  });
});

describe('the OAuth stand-in checks the client and its redirect URI as Twitch and Google do', () => {
  const registered = {
    twitch: 'http://127.0.0.1:3000/api/connections/twitch/callback',
    youtube: 'http://127.0.0.1:3000/api/connections/youtube/callback',
  };
  let standIn: OAuthStandIn;
  beforeAll(() => {
    standIn = createOAuthStandIn({
      clientId: 'test-client',
      clientSecret: 'test-secret',
      redirectUris: (platform) => [registered[platform]],
    });
  });
  afterAll(() => standIn?.close());

  const paths = { twitch: '/twitch/oauth2/authorize', youtube: '/youtube/o/oauth2/v2/auth' } as const;
  const fields = (platform: 'twitch' | 'youtube', changes: Record<string, string> = {}) => ({
    client_id: 'test-client',
    redirect_uri: registered[platform],
    response_type: 'code',
    state: 'the-state',
    scope: 'chat:read',
    code_challenge: 'A'.repeat(43),
    code_challenge_method: 'S256',
    channel: 'rin_streams',
    decision: 'allow',
    ...changes,
  });
  const page = (platform: 'twitch' | 'youtube', changes: Record<string, string> = {}) =>
    standIn.app.request(`${paths[platform]}?${new URLSearchParams(fields(platform, changes))}`);
  const decide = (platform: 'twitch' | 'youtube', changes: Record<string, string> = {}) =>
    standIn.app.request(`${paths[platform]}/decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields(platform, changes)).toString(),
    });

  it.each(['twitch', 'youtube'] as const)(
    '%s: a redirect URI other than the registered one, an unknown client or a malformed URI is an error page (400), never a redirect',
    async (platform) => {
      const refused: Record<string, string>[] = [
        { redirect_uri: 'https://attacker.example/steal' },
        { redirect_uri: `${registered[platform]}/../../elsewhere` },
        { redirect_uri: `${registered[platform]}?next=https://attacker.example` },
        { redirect_uri: registered[platform].replace('http:', 'https:') },
        { redirect_uri: registered[platform === 'twitch' ? 'youtube' : 'twitch'] },
        { redirect_uri: 'not a url' },
        { redirect_uri: 'http://[' },
        { redirect_uri: '' },
        { client_id: 'someone-elses-client' },
        { client_id: '' },
      ];
      for (const changes of refused) {
        for (const [step, answer] of [
          ['consent page', await page(platform, changes)],
          ['decision', await decide(platform, changes)],
          ['refusal', await decide(platform, { ...changes, decision: 'deny' })],
        ] as const) {
          expect(answer.status, `${step} ${JSON.stringify(changes)}`).toBe(400);
          expect(answer.headers.get('location'), `${step} ${JSON.stringify(changes)}`).toBeNull();
        }
      }
    },
  );

  it.each(['twitch', 'youtube'] as const)(
    '%s: a body that is not a readable form is a 400 on the decision, the token and the revocation, never a 500',
    async (platform) => {
      const base = paths[platform].slice(0, paths[platform].lastIndexOf('/'));
      const tokenPath = platform === 'twitch' ? `${base}/token` : '/youtube/token';
      const revokePath = platform === 'twitch' ? `${base}/revoke` : '/youtube/revoke';
      for (const path of [`${paths[platform]}/decide`, tokenPath, revokePath]) {
        const answer = await standIn.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=----x' },
          body: '------x\r\nContent-Disposition: form-data; name="client_id"\r\n\r\nunterminated',
        });
        expect(answer.status, path).toBe(400);
      }
    },
  );

  it.each(['twitch', 'youtube'] as const)(
    '%s: the registered redirect URI gets the code, or the refusal',
    async (platform) => {
      const consentPage = await page(platform);
      expect(consentPage.status).toBe(200);
      expect(await consentPage.text()).toContain('name="client_id" value="test-client"');
      const allowed = await decide(platform);
      expect(allowed.status).toBe(302);
      const back = new URL(allowed.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(registered[platform]);
      expect(back.searchParams.get('state')).toBe('the-state');
      expect(back.searchParams.get('code')!.length).toBeGreaterThan(20);
      const denied = await decide(platform, { decision: 'deny' });
      expect(denied.status).toBe(302);
      expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
    },
  );
});
