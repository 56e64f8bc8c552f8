// The stand-ins are held to the platforms' published descriptions (standins/published/): a request the platform
// documents as invalid gets the platform's own refusal, status and body, and is recorded as a violation; an answer
// that breaks the description is recorded as the stand-in's bug.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthStandIn, STANDIN_CLIENT, type OAuthStandIn } from '../../standins/oauth.ts';
import {
  checkEventSubMessage,
  checkStripeAnswer,
  parseStripeForm,
  stripeConformance,
  takeViolations,
  violations,
} from '../../standins/published/conformance.ts';
import fixtures from '../../standins/published/stripe-fixtures.json' with { type: 'json' };
import { startStripeStandIn } from '../../standins/stripe.ts';

const KEYS = { secretKey: 'sk_test_conformance', webhookSecret: 'whsec_conformance' };
const REDIRECT = 'http://127.0.0.1:3000/api/connections/callback';
const CLIENT = { client_id: STANDIN_CLIENT.clientId, client_secret: STANDIN_CLIENT.clientSecret };

// Each test leaves nothing behind: what it sent on purpose, it takes (and checks) itself.
afterEach(() => expect(violations()).toEqual([]));

describe('Stripe: refused as Stripe refuses (invalid_request_error)', () => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let stripe: Stripe;
  const post = (path: string, body: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
  beforeAll(async () => {
    standIn = await startStripeStandIn({ ...KEYS });
    const url = new URL(standIn.url);
    stripe = new Stripe(KEYS.secretKey, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => standIn.close());

  it('an unknown parameter: 400 "Received unknown parameter: foo"', async () => {
    const answer = await post('/v1/transfers', { amount: '100', currency: 'usd', destination: 'acct_1', foo: 'bar' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Received unknown parameter: foo', param: 'foo' },
    });
    expect(takeViolations()).toMatchObject([
      { platform: 'stripe', kind: 'request', method: 'POST', path: '/v1/transfers' },
    ]);
  });

  it('a missing required parameter: 400 "Missing required param: destination."', async () => {
    const answer = await post('/v1/transfers', { amount: '100', currency: 'usd' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Missing required param: destination.',
        param: 'destination',
      },
    });
    expect(takeViolations()).toHaveLength(1);
  });

  it('an enum value Stripe does not take, and a number that is not one', async () => {
    const mode = await post('/v1/checkout/sessions', { mode: 'rental', success_url: 'http://x.test/' });
    expect(mode.status).toBe(400);
    expect(await mode.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        param: 'mode',
        message: expect.stringMatching(/^Invalid mode: must be one of /),
      },
    });
    const amount = await post('/v1/transfers', { amount: 'lots', currency: 'usd', destination: 'acct_1' });
    expect(amount.status).toBe(400);
    expect(await amount.json()).toMatchObject({
      error: { type: 'invalid_request_error', param: 'amount', message: 'Invalid integer: lots' },
    });
    expect(takeViolations()).toHaveLength(2);
  });

  it('nested form parameters as the stripe package sends them: the unknown one is named with its path', async () => {
    const refused = await stripe.checkout.sessions
      .create({
        mode: 'payment',
        success_url: 'http://x.test/',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 500,
              product_data: {
                name: 'Balance',
                colour: 'red',
              } as Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData,
            },
          },
        ],
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      message: 'Received unknown parameter: line_items[0][price_data][product_data][colour]',
      param: 'line_items[0][price_data][product_data][colour]',
    });
    expect(takeViolations()).toHaveLength(1);
  });

  it('an unknown URL: 404 "Unrecognized request URL"', async () => {
    const answer = await post('/v1/teleports', { to: 'mars' });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(/^Unrecognized request URL \(POST: \/v1\/teleports\)/),
      },
    });
    expect(takeViolations()).toHaveLength(1);
  });

  it('a valid request passes and records nothing', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: 'http://x.test/',
      allowed_payment_method_types: ['card'],
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Balance' } } },
      ],
      metadata: { deposit_id: 'd1' },
    });
    expect(session.object).toBe('checkout.session');
  });

  it('parses a[b][0][c]=v and expand[]=x as Stripe reads them', () => {
    expect(parseStripeForm('a[b][0][c]=1&a[b][1][c]=2&expand[]=x&expand[]=y&metadata[k]=v')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      expand: ['x', 'y'],
      metadata: { k: 'v' },
    });
  });

  it("Stripe's own example objects (stripe/openapi fixtures3.json) pass the answer schemas", () => {
    const answers: [string, string, keyof typeof fixtures][] = [
      ['POST', '/v1/accounts', 'account'],
      ['POST', '/v1/account_links', 'account_link'],
      ['POST', '/v1/accounts/acct_1/external_accounts', 'bank_account'],
      ['GET', '/v1/charges/ch_1', 'charge'],
      ['GET', '/v1/disputes/dp_1', 'dispute'],
      ['GET', '/v1/payment_intents/pi_1', 'payment_intent'],
      ['GET', '/v1/payment_methods/pm_1', 'payment_method'],
      ['POST', '/v1/payouts', 'payout'],
      ['POST', '/v1/refunds', 'refund'],
      ['POST', '/v1/transfers', 'transfer'],
    ];
    for (const [method, path, name] of answers)
      expect([name, checkStripeAnswer(method, path, fixtures[name])]).toEqual([name, null]);
    expect(checkStripeAnswer('POST', '/v1/transfers', { ...fixtures.transfer, amount: 'a hundred' })).toContain(
      '/amount',
    );
  });

  it("an answer that breaks Stripe's schema is recorded as the stand-in's bug", async () => {
    const app = new Hono();
    app.use('/v1/*', stripeConformance());
    app.post('/v1/transfers', (c) => c.json({ id: 'tr_1', object: 'transfer', amount: 'a hundred' }));
    const answer = await app.request('/v1/transfers', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=100&currency=usd&destination=acct_1',
    });
    expect(answer.status).toBe(200);
    expect(takeViolations()).toMatchObject([
      { platform: 'stripe', kind: 'answer', path: '/v1/transfers', message: expect.stringContaining('/amount') },
    ]);
  });
});

const form = (standIn: OAuthStandIn, path: string, fields: Record<string, string>) =>
  standIn.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/** A creator's grant of `scope` on `platform`, through the consent page and the code exchange. */
async function userToken(standIn: OAuthStandIn, platform: 'twitch' | 'youtube', channel: string, scope: string) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const decided = await form(
    standIn,
    platform === 'twitch' ? '/twitch/oauth2/authorize/decide' : '/youtube/o/oauth2/v2/auth/decide',
    {
      client_id: STANDIN_CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      scope,
      code_challenge: challenge,
      channel,
      decision: 'allow',
    },
  );
  const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
  const exchanged = await form(standIn, platform === 'twitch' ? '/twitch/oauth2/token' : '/youtube/token', {
    ...CLIENT,
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

describe('YouTube Data API: refused as Google refuses (400 with its reason)', () => {
  let standIn: OAuthStandIn;
  let token: string;
  const get = (pathAndQuery: string) =>
    standIn.app.request(`/youtube/youtube/v3/${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  beforeAll(async () => {
    standIn = createOAuthStandIn({ redirectUris: () => [REDIRECT] });
    token = await userToken(standIn, 'youtube', 'yt_conformance', 'https://www.googleapis.com/auth/youtube.readonly');
  });
  afterAll(() => standIn.close());

  it('videos.list with a part YouTube does not have: 400 unknownPart', async () => {
    const answer = await get('videos?part=snippet,gossip&id=abc');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: {
        code: 400,
        message: "'gossip'",
        errors: [{ message: "'gossip'", domain: 'youtube.part', reason: 'unknownPart', location: 'part' }],
      },
    });
    expect(takeViolations()).toMatchObject([{ platform: 'youtube', kind: 'request', path: 'youtube/v3/videos' }]);
  });

  it('without its required part: 400 required; an unknown parameter: 400 invalid; a bad enum: 400 invalidParameter', async () => {
    const missing = await get('channels?mine=true');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { code: 400, errors: [{ reason: 'required', domain: 'global', message: 'Required parameter: part' }] },
    });
    const unknown = await get('channels?part=id&mine=true&colour=red');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { code: 400, message: expect.stringContaining('Unknown name "colour"'), errors: [{ reason: 'invalid' }] },
    });
    const status = await get('liveBroadcasts?part=snippet&broadcastStatus=finished');
    expect(status.status).toBe(400);
    expect(await status.json()).toMatchObject({ error: { code: 400, errors: [{ reason: 'invalidParameter' }] } });
    expect(takeViolations()).toHaveLength(3);
  });

  it('a valid call passes; the answer is checked against the resource schema', async () => {
    const answer = await get('channels?part=snippet,statistics&mine=true');
    expect(answer.status).toBe(200);
  });
});

describe('Twitch Helix: refused as Helix refuses ({ error, status, message })', () => {
  let standIn: OAuthStandIn;
  let app: string;
  let user: string;
  const helix = (token: string, pathAndQuery: string) =>
    standIn.app.request(`/twitch/helix/${pathAndQuery}`, {
      headers: { authorization: `Bearer ${token}`, 'client-id': STANDIN_CLIENT.clientId },
    });
  beforeAll(async () => {
    standIn = createOAuthStandIn({ redirectUris: () => [REDIRECT] });
    const answer = await form(standIn, '/twitch/oauth2/token', { ...CLIENT, grant_type: 'client_credentials' });
    app = ((await answer.json()) as { access_token: string }).access_token;
    user = await userToken(standIn, 'twitch', 'tw_conformance', 'user:read:email');
  });
  afterAll(() => standIn.close());

  it('Get Streams with 101 user_id: 400 Bad Request', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `user_id=${1000 + i}`).join('&');
    const answer = await helix(app, `streams?${ids}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: 'Bad Request',
      status: 400,
      message: expect.stringContaining('at most 100 user_id'),
    });
    expect(takeViolations()).toMatchObject([{ platform: 'twitch', kind: 'request', method: 'GET', path: 'streams' }]);
    // 100 is the most, and fine.
    const hundred = Array.from({ length: 100 }, (_, i) => `user_id=${1000 + i}`).join('&');
    expect((await helix(app, `streams?${hundred}`)).status).toBe(200);
  });

  it('a required parameter missing: 400; a scope the token lacks: 401 Missing scope; an app token where a user one is needed: 401', async () => {
    const missing = await helix(app, 'channels');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'Bad Request',
      status: 400,
      message: 'Missing required parameter "broadcaster_id"',
    });
    const scope = await helix(user, 'channels/followers?broadcaster_id=1');
    expect(scope.status).toBe(401);
    expect(await scope.json()).toEqual({
      error: 'Unauthorized',
      status: 401,
      message: 'Missing scope: moderator:read:followers',
    });
    const appToken = await helix(app, 'subscriptions?broadcaster_id=1');
    expect(appToken.status).toBe(401);
    expect(await appToken.json()).toMatchObject({ error: 'Unauthorized', status: 401 });
    expect(takeViolations()).toHaveLength(3);
  });

  it('an answer carries the rate-limit headers', async () => {
    const answer = await helix(app, 'streams?user_id=1');
    expect(answer.status).toBe(200);
    for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'])
      expect(answer.headers.has(header)).toBe(true);
  });
});

describe('EventSub WebSocket messages', () => {
  it('the five message types pass; a message without its session or of another type is recorded', () => {
    const metadata = (type: string) => ({
      message_id: 'm',
      message_type: type,
      message_timestamp: '2026-01-01T00:00:00Z',
    });
    const session = {
      id: 's',
      status: 'connected',
      keepalive_timeout_seconds: 10,
      reconnect_url: null,
      connected_at: 'x',
    };
    checkEventSubMessage({ metadata: metadata('session_welcome'), payload: { session } });
    checkEventSubMessage({ metadata: metadata('session_keepalive'), payload: {} });
    checkEventSubMessage({ metadata: metadata('session_reconnect'), payload: { session } });
    const sub = { ...metadata('notification'), subscription_type: 'stream.online', subscription_version: '1' };
    checkEventSubMessage({ metadata: sub, payload: { subscription: {}, event: {} } });
    checkEventSubMessage({ metadata: { ...sub, message_type: 'revocation' }, payload: { subscription: {} } });
    expect(violations()).toEqual([]);
    checkEventSubMessage({ metadata: metadata('session_welcome'), payload: {} });
    checkEventSubMessage({ metadata: metadata('session_goodbye'), payload: {} });
    expect(takeViolations()).toMatchObject([
      { platform: 'eventsub', kind: 'answer', message: 'a session_welcome payload without session' },
      { platform: 'eventsub', kind: 'answer', message: 'an unknown message_type session_goodbye' },
    ]);
  });
});
