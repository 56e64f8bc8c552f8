// The OAuth stand-in as one provider across instances (docs/product.md §Several instances): `npm run start:cluster` mounts a stand-in in every
// instance and the proxy sends the browser's consent to one and the server's token exchange, API calls, refreshes
// and revocations to any. Stand-ins given one DATA_DIR share their state (standins/state.ts): a code given on
// A is exchanged on B, once; B's tokens work on A; a refresh token Twitch rotated on A is spent on B; a revocation on
// either ends the grant on both; live broadcasts agree. Then two Castbridge instances over one PostgreSQL schema and
// DATA_DIR, each with its own stand-in: consent on A's, the completion (code exchange, identity call) on B, the
// tokens used from both, a disconnect on A revoking what B would use.
import type { ServerType } from '@hono/node-server';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDIN_CLIENT } from '../../standins/oauth.ts';
import { createOAuthStandIn, standInChannelId, type OAuthStandIn } from '../../standins/oauth.ts';
import { makeBackend, startApp, tempDir, type Backend, type Client } from './helpers.ts';
import { account } from './market.ts';
import { callback, complete, consent, serveStandIn, standInSettings, start, testClient } from './oauth-flow.ts';

const verifier = () => crypto.randomBytes(32).toString('base64url');
const challengeOf = (v: string) => crypto.createHash('sha256').update(v).digest('base64url');
const REDIRECT = 'http://127.0.0.1:3000/api/connections/twitch/callback';

describe('two stand-ins over one DATA_DIR answer as one provider', () => {
  let dir: string;
  let a: OAuthStandIn;
  let b: OAuthStandIn;
  beforeAll(() => {
    dir = tempDir('castbridge-standins-');
    a = createOAuthStandIn({ dataDir: dir, redirectUris: () => [REDIRECT] });
    b = createOAuthStandIn({ dataDir: dir, redirectUris: () => [REDIRECT] });
  });
  afterAll(() => {
    a.close();
    b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (standIn: OAuthStandIn, path: string, fields: Record<string, string>) =>
    standIn.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  /** The consent page and its Authorize on `standIn`: answers the code. */
  async function authorize(standIn: OAuthStandIn, channel: string, challenge: string): Promise<string> {
    const query = new URLSearchParams({
      client_id: STANDIN_CLIENT.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'user:read:email chat:read',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect((await standIn.app.request(`/twitch/oauth2/authorize?${query}`)).status).toBe(200);
    const decided = await post(standIn, '/twitch/oauth2/authorize/decide', {
      client_id: STANDIN_CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      scope: 'user:read:email chat:read',
      code_challenge: challenge,
      channel,
      decision: 'allow',
    });
    expect(decided.status).toBe(302);
    return new URL(decided.headers.get('location')!).searchParams.get('code')!;
  }
  const token = (standIn: OAuthStandIn, fields: Record<string, string>) =>
    post(standIn, '/twitch/oauth2/token', {
      client_id: STANDIN_CLIENT.clientId,
      client_secret: STANDIN_CLIENT.clientSecret,
      ...fields,
    });
  const exchange = (standIn: OAuthStandIn, code: string, codeVerifier: string) =>
    token(standIn, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: codeVerifier });
  const refresh = (standIn: OAuthStandIn, refreshToken: string) =>
    token(standIn, { grant_type: 'refresh_token', refresh_token: refreshToken });
  const whoIs = async (standIn: OAuthStandIn, accessToken: string) => {
    const answer = await standIn.app.request('/twitch/helix/users', {
      headers: { authorization: `Bearer ${accessToken}`, 'client-id': STANDIN_CLIENT.clientId },
    });
    return {
      status: answer.status,
      login: answer.status === 200 ? ((await answer.json()) as { data: { login: string }[] }).data[0]!.login : null,
    };
  };

  it('a code given on A is exchanged on B, once; the tokens work on both; a refresh token rotated on A is spent on B', async () => {
    const v = verifier();
    const code = await authorize(a, 'Nova_Runs', challengeOf(v));
    // The PKCE check holds across instances too.
    expect((await exchange(b, code, verifier())).status).toBe(400);
    const second = await authorize(a, 'Nova_Runs', challengeOf(v));
    const exchanged = await exchange(b, second, v);
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string };
    expect((await exchange(a, second, v)).status).toBe(400);
    expect(await whoIs(b, tokens.access_token)).toEqual({ status: 200, login: 'nova_runs' });
    expect(await whoIs(a, tokens.access_token)).toEqual({ status: 200, login: 'nova_runs' });
    expect(a.liveAccessTokens()).toBe(b.liveAccessTokens());

    const refreshed = await refresh(a, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const rotated = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await refresh(b, tokens.refresh_token)).status).toBe(400);
    expect(await whoIs(b, rotated.access_token)).toEqual({ status: 200, login: 'nova_runs' });
  });

  it('a revocation on one ends the grant on the other, by a token (Castbridge disconnecting) or on the platform', async () => {
    const v = verifier();
    const tokens = (await (await exchange(b, await authorize(a, 'lia_plays', challengeOf(v)), v)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect(
      (await post(b, '/twitch/oauth2/revoke', { client_id: STANDIN_CLIENT.clientId, token: tokens.access_token }))
        .status,
    ).toBe(200);
    expect((await whoIs(a, tokens.access_token)).status).toBe(401);
    expect((await refresh(a, tokens.refresh_token)).status).toBe(400);

    const w = verifier();
    const again = (await (await exchange(a, await authorize(b, 'lia_plays', challengeOf(w)), w)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect((await whoIs(b, again.access_token)).status).toBe(200);
    a.revokeChannel('twitch', 'lia_plays');
    expect((await whoIs(b, again.access_token)).status).toBe(401);
    expect((await refresh(b, again.refresh_token)).status).toBe(400);
  });

  it('live broadcasts agree: set on one, seen on the other; the demo starts one broadcast per channel for all', async () => {
    const v = verifier();
    const tokens = (await (await exchange(a, await authorize(a, 'rin_streams', challengeOf(v)), v)).json()) as {
      access_token: string;
    };
    const streams = async (standIn: OAuthStandIn) => {
      const answer = await standIn.app.request(
        `/twitch/helix/streams?user_id=${standInChannelId('twitch', 'rin_streams')}`,
        { headers: { authorization: `Bearer ${tokens.access_token}`, 'client-id': STANDIN_CLIENT.clientId } },
      );
      return ((await answer.json()) as { data: { id: string; title: string }[] }).data;
    };
    a.twitch.setLive('rin_streams', true, 'Speedrun night');
    const [stream] = await streams(b);
    expect(stream).toMatchObject({ title: 'Speedrun night' });
    expect(await streams(a)).toEqual([stream]);
    b.twitch.setLive('rin_streams', false);
    expect(await streams(a)).toEqual([]);

    const demoDir = tempDir('castbridge-standins-demo-');
    const demos = [
      createOAuthStandIn({ dataDir: demoDir, demoLines: ['# nothing said'], redirectUris: () => [REDIRECT] }),
      createOAuthStandIn({ dataDir: demoDir, demoLines: ['# nothing said'], redirectUris: () => [REDIRECT] }),
    ];
    try {
      const live = async (standIn: OAuthStandIn) => {
        const w = verifier();
        const query = new URLSearchParams({
          client_id: STANDIN_CLIENT.clientId,
          redirect_uri: REDIRECT,
          response_type: 'code',
          scope: 'youtube.readonly',
          code_challenge: challengeOf(w),
          code_challenge_method: 'S256',
        });
        expect((await standIn.app.request(`/youtube/o/oauth2/v2/auth?${query}`)).status).toBe(200);
        const decided = await post(standIn, '/youtube/o/oauth2/v2/auth/decide', {
          client_id: STANDIN_CLIENT.clientId,
          redirect_uri: REDIRECT,
          scope: 'youtube.readonly',
          code_challenge: challengeOf(w),
          channel: 'demo_channel',
          decision: 'allow',
        });
        const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
        const exchanged = await post(standIn, '/youtube/token', {
          client_id: STANDIN_CLIENT.clientId,
          client_secret: STANDIN_CLIENT.clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: w,
        });
        const { access_token } = (await exchanged.json()) as { access_token: string };
        const answer = await standIn.app.request(
          '/youtube/youtube/v3/liveBroadcasts?part=snippet&broadcastStatus=active',
          {
            headers: { authorization: `Bearer ${access_token}` },
          },
        );
        return ((await answer.json()) as { items: { id: string }[] }).items.map((item) => item.id);
      };
      const first = await live(demos[0]!);
      expect(first).toHaveLength(1);
      expect(await live(demos[1]!)).toEqual(first);
    } finally {
      for (const demo of demos) demo.close();
      fs.rmSync(demoDir, { recursive: true, force: true });
    }
  });
});

describe('two Castbridge instances over one PostgreSQL and DATA_DIR, each with its own stand-in', () => {
  let backend: Backend;
  const standIns: OAuthStandIn[] = [];
  const servers: ServerType[] = [];
  const apps: Client[] = [];

  beforeAll(async () => {
    backend = await makeBackend('postgres');
    for (let i = 0; i < 2; i += 1) {
      const standIn = createOAuthStandIn({ ...testClient, dataDir: backend.dataDir });
      const served = await serveStandIn(standIn);
      standIns.push(standIn);
      servers.push(served.server);
      // The same PUBLIC_URL (the proxy's) on both: the redirect URI the code was given for is the one B exchanges it with.
      apps.push(
        await startApp(backend, {
          ...standInSettings(served.base),
          PUBLIC_URL: 'http://127.0.0.1:3000',
          TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
          JOB_QUEUE: 'table',
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const server of servers) server.close();
    for (const standIn of standIns) standIn.close();
    await backend?.cleanup();
  });

  it('consent on A, the code exchange and identity call on B; the tokens work from both; a disconnect on A is seen by B', async () => {
    const [appA, appB] = apps as [Client, Client];
    const [standInA, standInB] = standIns as [OAuthStandIn, OAuthStandIn];
    const creator = await account(appA, 'creator');
    const url = await start(appA, creator, 'twitch');
    // The browser comes back through A; Connect Accounts completes through B, whose stand-in takes the code.
    const back = await complete(appB, creator, await callback(appA, await consent(url, { channel: 'across_two' })));
    expect(Object.fromEntries(back)).toEqual({ connected: 'twitch' });

    const row = await appB.castbridge.services.connections.account(creator.id, 'twitch');
    expect(row).toMatchObject({ login: 'across_two' });
    const accessToken = await appB.castbridge.services.connections.accessToken(row!);
    expect(await appA.castbridge.services.connections.accessToken(row!)).toBe(accessToken);
    const whoIs = (base: string) =>
      fetch(`${base}/twitch/helix/users`, {
        headers: { authorization: `Bearer ${accessToken}`, 'client-id': 'test-client' },
      }).then((answer) => answer.status);
    const bases = servers.map((server) => {
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    expect(await whoIs(bases[0]!)).toBe(200);
    expect(await whoIs(bases[1]!)).toBe(200);

    const revokedBefore = standInA.calls.revoked.length;
    expect((await appA.request('DELETE', '/api/connections/twitch', { token: creator.token })).status).toBe(200);
    expect(standInA.calls.revoked.length).toBeGreaterThan(revokedBefore);
    expect(await whoIs(bases[1]!)).toBe(401);
    expect(standInB.liveAccessTokens()).toBe(standInA.liveAccessTokens());
  });
});

// `npm run start:cluster` itself: each instance mounts the stand-in under /standin (server/app.ts) and answers its
// own calls to it in process; consent on B, the callback and completion on A.
describe('the mounted stand-in across two instances', () => {
  let backend: Backend;
  const apps: Client[] = [];
  beforeAll(async () => {
    backend = await makeBackend('postgres');
    for (let i = 0; i < 2; i += 1)
      apps.push(
        await startApp(backend, {
          STANDINS: '1',
          SEED_DEMO: '0',
          PUBLIC_URL: 'http://127.0.0.1:3000',
          JOB_QUEUE: 'table',
        }),
      );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await backend?.cleanup();
  });

  it('consent on B, the exchange on A; the token works on both; a disconnect on B is seen by A', async () => {
    const [a, b] = apps as [Client, Client];
    const creator = await account(a, 'creator');
    const url = new URL(await start(a, creator, 'twitch'));
    expect(url.pathname).toBe('/standin/twitch/oauth2/authorize');
    expect((await b.request('GET', `${url.pathname}${url.search}`)).status).toBe(200);
    const q = url.searchParams;
    const form = new URLSearchParams({
      client_id: q.get('client_id')!,
      redirect_uri: q.get('redirect_uri')!,
      state: q.get('state')!,
      scope: q.get('scope')!,
      code_challenge: q.get('code_challenge')!,
      channel: 'mounted_two',
      decision: 'allow',
    });
    const decided = await b.request('POST', `${url.pathname}/decide`, {
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decided.status).toBe(302);
    const back = new URL(decided.headers.get('location')!);
    const answer = await a.request('GET', `${back.pathname}${back.search}`);
    expect(answer.status).toBe(302);
    const outcome = await complete(a, creator, new URL(answer.headers.get('location')!).searchParams);
    expect(Object.fromEntries(outcome)).toEqual({ connected: 'twitch' });

    const row = (await a.castbridge.services.connections.account(creator.id, 'twitch'))!;
    const token = await a.castbridge.services.connections.accessToken(row);
    const whoIs = async (api: Client) =>
      (
        await api.request('GET', '/standin/twitch/helix/users', {
          token,
          headers: { 'client-id': 'castbridge-standin' },
        })
      ).status;
    expect(await whoIs(a)).toBe(200);
    expect(await whoIs(b)).toBe(200);
    expect((await b.request('DELETE', '/api/connections/twitch', { token: creator.token })).status).toBe(200);
    expect(await whoIs(a)).toBe(401);
  });
});
