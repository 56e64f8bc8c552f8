// Stripe Connect for the `stripe` payout rail (docs/product.md §Money), on SQLite and PostgreSQL against the Stripe
// stand-in (standins/stripe.ts): "Get paid through Stripe" makes the creator's Express account once and an Account
// Link into onboarding; the account starts restricted, Stripe refuses transfers and payouts to it with its own errors
// and the rail refuses to send; completing the stand-in's hosted page sends a signed account.updated to the Connect
// endpoint, payouts are enabled and a withdrawal goes through. Connect events are verified with their own secret:
// the platform's secret, another secret, an old or future timestamp and a platform event are refused. Another user
// never reaches a creator's Stripe account.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STANDIN_STRIPE } from '../../server/config.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { startStripeStandIn, type StripeStandIn } from '../../standins/stripe.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, fileTaxForm, type Account } from './market.ts';

type Status = {
  available: boolean;
  state: string;
  currentlyDue: string[];
  disabledReason: string | null;
  payoutsEnabled: boolean;
};
type Payout = { id: string; status: string; provider: string; failureReason: string | null };

const CONNECT_PATH = '/api/webhooks/stripe/connect';

/** A connected account's event, signed (the Connect secret unless another is given; `at` in seconds). */
function connectEvent(
  type: string,
  object: Record<string, unknown>,
  options: { account?: string | null; secret?: string; at?: number; created?: number; id?: string } = {},
) {
  const created = options.created ?? Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: options.id ?? `evt_test_${crypto.randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(options.account === null ? {} : { account: options.account ?? object.id }),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? STANDIN_STRIPE.connectWebhookSecret,
    ...(options.at !== undefined ? { timestamp: options.at } : {}),
  });
  return { body, signature };
}

describe.each(BACKENDS)('Stripe Connect payouts on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let stripe: StripeStandIn;
  let operator: Account;
  let advertiser: Account;
  let country = 0;
  let keys = 0;

  const get = async <T>(url: string, who: Account) => (await api.request('GET', url, { token: who.token })).body as T;
  const status = async (who: Account) => (await get<{ stripe: Status }>('/api/payout-methods/stripe', who)).stripe;
  const onboard = async (who: Account) => {
    const answer = await api.request('POST', '/api/payout-methods/stripe/onboarding', { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { url: string; stripe: Status };
  };
  const withdraw = (creator: Account, amountCents: number, language?: string) =>
    api.request('POST', '/api/payouts', {
      token: creator.token,
      headers: {
        'idempotency-key': `connect-test-${Date.now()}-${++keys}`,
        ...(language ? { 'accept-language': language } : {}),
      },
      json: { amount_cents: amountCents },
    });
  const post = (path: string, event: { body: string; signature: string }) =>
    api.request('POST', path, {
      body: event.body,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
  /** A call to the stand-in's API as the platform makes it (form-encoded, the secret key). */
  const stripeCall = async (path: string, form: Record<string, string>, connected?: string) => {
    const response = await fetch(`${stripe.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${STANDIN_STRIPE.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(connected ? { 'stripe-account': connected } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: (await response.json()) as { error?: Record<string, string> } };
  };

  /** A creator who earned `cents` and filed a tax form. */
  async function earningCreator(cents: number) {
    const place = ['Tonga', 'Fiji', 'Samoa', 'Nepal', 'Peru', 'Chile'][country++]!;
    const creator = await account(api, 'creator', {
      language: 'English',
      country: place,
      type_content: 'Speedruns on Twitch',
    });
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents: cents,
        spots: 1,
        targeting: { ...campaignInput().targeting, countries: [place] },
      }),
    });
    const campaignId = (created.body.campaign as { id: string }).id;
    await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    await api.castbridge.services.jobs.drain();
    const offer = (
      (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as { id: string }[]
    )[0]!;
    await connectChannel(api, creator);
    await api.request('POST', `/api/offers/${offer.id}/accept`, { token: creator.token });
    expect(
      (await api.request('POST', `/api/offers/${offer.id}/confirm-delivery`, { token: advertiser.token })).status,
    ).toBe(200);
    await fileTaxForm(api, creator);
    return creator;
  }

  /** Fills the stand-in's onboarding page as a browser does; its answer (303 to return_url once complete). */
  const completeOnboarding = (url: string, overrides: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        first_name: 'Ana',
        last_name: 'Lee',
        dob: '1990-04-12',
        ssn_last_4: '0000',
        url: 'https://twitch.tv/analee',
        routing_number: '110000000',
        account_number: '000123456789',
        tos: 'accepted',
        ...overrides,
      }).toString(),
      redirect: 'manual',
    });

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    stripe = await startStripeStandIn({ ...STANDIN_STRIPE });
    api = await startApp(backend, {
      PAYOUT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: STANDIN_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STANDIN_STRIPE.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: STANDIN_STRIPE.connectWebhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
    // The stand-in's events come to the app in process: the platform's to its endpoint, connected accounts' to Connect.
    stripe.setWebhookEndpoint(async (body, headers) =>
      api.castbridge.app.request('/api/webhooks/stripe', { method: 'POST', headers, body }),
    );
    stripe.setConnectWebhookEndpoint(async (body, headers) =>
      api.castbridge.app.request(CONNECT_PATH, { method: 'POST', headers, body }),
    );
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
    await stripe?.close();
  });

  it('onboarding: an Express account once, restricted with requirements; Stripe refuses a transfer to it; the hosted page completes it, account.updated enables payouts and a withdrawal goes through', async () => {
    const creator = await earningCreator(20_000);
    expect(await status(creator)).toMatchObject({ available: true, state: 'none', payoutsEnabled: false });

    const started = await onboard(creator);
    const accounts = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.params).toMatchObject({ type: 'express', capabilities: { transfers: { requested: 'true' } } });
    const [accountId] = [...stripe.accounts.keys()];
    const link = stripe.requests.find((r) => r.path === '/v1/account_links')!;
    expect(link.params).toMatchObject({ account: accountId, type: 'account_onboarding' });
    expect(String(link.params.return_url)).toMatch(/\/set-payout-method\/stripe$/);
    expect(String(link.params.refresh_url)).toMatch(/\/set-payout-method\/stripe\?refresh=1$/);
    expect(started.url).toMatch(new RegExp(`^${stripe.url}/onboard/`));
    expect(started.stripe).toMatchObject({
      state: 'needs',
      payoutsEnabled: false,
      disabledReason: 'requirements.past_due',
    });
    expect(started.stripe.currentlyDue).toEqual(
      expect.arrayContaining(['business_profile.url', 'external_account', 'individual.dob.day', 'tos_acceptance.date']),
    );
    expect(stripe.get(accountId!)).toMatchObject({
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: { transfers: 'inactive' },
    });

    // Started again (the creator came back later): the same account, a new link.
    const again = await onboard(creator);
    expect(stripe.accounts.size).toBe(1);
    expect(again.url).not.toBe(started.url);

    // Real Stripe refuses money to a restricted account; so does the stand-in, with Stripe's errors.
    const transfer = await stripeCall('/v1/transfers', { amount: '5000', currency: 'usd', destination: accountId! });
    expect(transfer.status).toBe(400);
    expect(transfer.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'insufficient_capabilities_for_transfer',
      message:
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
    });
    const payout = await stripeCall('/v1/payouts', { amount: '5000', currency: 'usd' }, accountId);
    expect(payout.status).toBe(400);
    expect(payout.body.error).toMatchObject({ type: 'invalid_request_error', code: 'payouts_not_allowed' });
    // No Stripe payout method until Stripe pays out: a withdrawal has nowhere to go.
    expect((await withdraw(creator, 6_000)).status).toBe(409);

    // The hosted page: a plain form; a mistake is said beside its field; then complete, back to return_url.
    const page = await fetch(again.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<label for="onboard-dob">Date of birth</label>');
    const refused = await completeOnboarding(again.url, { dob: '2019-01-01' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('You must be at least 18 years old.');
    const done = await completeOnboarding(again.url);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/\/set-payout-method\/stripe$/);
    // The used link leads to refresh_url (Stripe's links are single-use).
    const used = await fetch(again.url, { redirect: 'manual' });
    expect(used.headers.get('location')).toMatch(/\?refresh=1$/);

    // account.updated (Connect-style, `account` set) reached the Connect endpoint before the browser came back.
    const updated = stripe.events({ type: 'account.updated' })[0]!;
    expect(updated.event).toMatchObject({ account: accountId });
    expect(updated.deliveries.at(-1)).toMatchObject({ status: 200 });
    expect(await status(creator)).toMatchObject({ state: 'complete', payoutsEnabled: true, currentlyDue: [] });
    const methods = (await get<{ methods: { kind: string; isDefault: boolean }[] }>('/api/payout-methods', creator))
      .methods;
    expect(methods).toEqual([expect.objectContaining({ kind: 'stripe', isDefault: true })]);

    // The withdrawal: a transfer to the account and a payout from it; payout.paid (Connect) settles it.
    const requested = await withdraw(creator, 6_000);
    expect(requested.status, requested.text).toBe(201);
    const ours = requested.body.payout as Payout;
    expect(ours.provider).toBe('stripe');
    await api.castbridge.services.jobs.drain();
    expect(stripe.transfers.at(-1)).toMatchObject({ destination: accountId, amount: 6000 });
    const po = [...stripe.payouts.values()].find((p) => (p.metadata as { payout_id?: string }).payout_id === ours.id)!;
    expect(po.account).toBe(accountId);
    stripe.settle(po.id, 'paid', null, true);
    await stripe.flush();
    const listed = (await get<{ payouts: Payout[] }>('/api/payouts', creator)).payouts.find((p) => p.id === ours.id);
    expect(listed).toMatchObject({ status: 'paid' });

    // Stripe restricts the account later (a new requirement): the rail refuses, saying what Stripe needs.
    const restricted = connectEvent('account.updated', {
      ...stripe.get(accountId!),
      payouts_enabled: false,
      requirements: { currently_due: ['individual.verification.document'], disabled_reason: 'requirements.past_due' },
    });
    expect((await post(CONNECT_PATH, restricted)).status).toBe(200);
    expect(await status(creator)).toMatchObject({ state: 'needs', currentlyDue: ['individual.verification.document'] });
    const waiting = await withdraw(creator, 5_000);
    expect(waiting.status).toBe(409);
    expect(waiting.body).toEqual({
      code: 'money.stripe_needs_details',
      message: 'Stripe cannot pay you yet: Stripe still needs a photo of your ID. Finish in Set Payout Method.',
    });
    // In the creator's language, Stripe's requirement too.
    const enEspañol = await withdraw(creator, 5_000, 'es-MX');
    expect(enEspañol.body).toEqual({
      code: 'money.stripe_needs_details',
      message:
        'Stripe todavía no puede pagarte: aún necesita una foto de tu identificación. Termina en Configurar método de pago.',
    });
    // An older event arriving late changes nothing; the same event again changes nothing.
    const stale = connectEvent(
      'account.updated',
      { ...stripe.get(accountId!), payouts_enabled: true, requirements: { currently_due: [] } },
      { created: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect((await post(CONNECT_PATH, stale)).status).toBe(200);
    expect((await status(creator)).state).toBe('needs');

    // Nothing asked of the creator, yet Stripe reviews the account: the refusal says so, in either language.
    const reviewing = connectEvent(
      'account.updated',
      {
        ...stripe.get(accountId!),
        payouts_enabled: false,
        requirements: { currently_due: [], disabled_reason: 'under_review' },
      },
      { created: Math.floor(Date.now() / 1000) + 1 },
    );
    expect((await post(CONNECT_PATH, reviewing)).status).toBe(200);
    expect((await status(creator)).state).toBe('restricted');
    expect((await withdraw(creator, 5_000)).body).toEqual({
      code: 'money.stripe_restricted',
      message: 'Stripe cannot pay you yet: Stripe is reviewing your account.',
    });
    expect((await withdraw(creator, 5_000, 'es-MX')).body.message).toBe(
      'Stripe todavía no puede pagarte: Stripe está revisando tu cuenta.',
    );
  });

  it("a payout is paid at the bank after the stand-in's delay, its payout.paid coming to the Connect endpoint on its own", async () => {
    const creator = await earningCreator(8_000);
    const started = await onboard(creator);
    expect((await completeOnboarding(started.url)).status).toBe(303);
    stripe.setBankDelay(0);
    try {
      const requested = await withdraw(creator, 8_000);
      expect(requested.status, requested.text).toBe(201);
      await api.castbridge.services.jobs.drain();
      await stripe.flush();
      const ours = (requested.body.payout as Payout).id;
      const listed = (await get<{ payouts: Payout[] }>('/api/payouts', creator)).payouts.find((p) => p.id === ours);
      expect(listed).toMatchObject({ status: 'paid', provider: 'stripe' });
    } finally {
      stripe.setBankDelay(10_000);
    }
  });

  it('Connect events are verified with their own secret: the platform secret, another secret, an old or future timestamp and a platform event are refused', async () => {
    const creator = await earningCreator(9_000);
    await onboard(creator);
    const accountId = [...stripe.accounts.keys()].at(-1)!;
    const enabled = { ...stripe.get(accountId), payouts_enabled: true, requirements: { currently_due: [] } };
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      connectEvent('account.updated', enabled, { secret: STANDIN_STRIPE.webhookSecret }),
      connectEvent('account.updated', enabled, { secret: 'whsec_someone_else' }),
      connectEvent('account.updated', enabled, { at: now - 301 }),
      connectEvent('account.updated', enabled, { at: now + 120 }),
    ];
    for (const event of refusals) {
      const answer = await post(CONNECT_PATH, event);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toMatch(/^Webhook signature not verified/);
    }
    // A platform event (no `account`) on the Connect endpoint, and a Connect event on the platform's endpoint.
    const platform = await post(CONNECT_PATH, connectEvent('account.updated', enabled, { account: null }));
    expect(platform.status).toBe(400);
    expect(platform.body.message).toMatch(/platform event/);
    const misplaced = connectEvent('account.updated', enabled, { secret: STANDIN_STRIPE.webhookSecret });
    expect((await post('/api/webhooks/stripe', misplaced)).status).toBe(400);
    expect(await status(creator)).toMatchObject({ state: 'needs', payoutsEnabled: false });

    // Signed right: applied.
    expect((await post(CONNECT_PATH, connectEvent('account.updated', enabled))).status).toBe(200);
    expect(await status(creator)).toMatchObject({ state: 'complete', payoutsEnabled: true });
  });

  it("another user never reaches a creator's Stripe account: others' roles 403, another creator sees only their own", async () => {
    const creator = await earningCreator(7_000);
    await onboard(creator);
    const other = await account(api, 'creator');
    expect(await status(other)).toMatchObject({ state: 'none', currentlyDue: [] });
    for (const who of [advertiser, operator]) {
      expect((await api.request('GET', '/api/payout-methods/stripe', { token: who.token })).status).toBe(403);
      expect((await api.request('POST', '/api/payout-methods/stripe/onboarding', { token: who.token })).status).toBe(
        403,
      );
    }
    expect((await api.request('GET', '/api/payout-methods/stripe')).status).toBe(401);
    // The other creator's onboarding makes their own account, never a link into the first one's.
    const before = stripe.accounts.size;
    await onboard(other);
    expect(stripe.accounts.size).toBe(before + 1);
    const links = stripe.requests.filter((r) => r.path === '/v1/account_links').slice(-1);
    expect(links[0]!.params.account).toBe([...stripe.accounts.keys()].at(-1));
  });
});

describe('Stripe Connect offline (STANDINS=1, as `npm start` mounts the stand-in)', () => {
  let backend: Backend;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend, { STANDINS: '1', PAYOUT_PROVIDER: 'stripe' });
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it("the mounted stand-in's onboarding page completes the account; its account.updated reaches the Connect endpoint in process", async () => {
    const creator = await account(api, 'creator');
    const started = await api.request('POST', '/api/payout-methods/stripe/onboarding', { token: creator.token });
    expect(started.status, started.text).toBe(200);
    const page = new URL(started.body.url as string);
    expect(page.pathname).toMatch(/^\/standin\/stripe\/onboard\//);
    expect((await api.castbridge.app.request(page.pathname)).status).toBe(200);
    const done = await api.castbridge.app.request(page.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        first_name: 'Ana',
        last_name: 'Lee',
        dob: '1990-04-12',
        ssn_last_4: '0000',
        url: 'https://twitch.tv/analee',
        routing_number: '110000000',
        account_number: '000123456789',
        tos: 'accepted',
      }).toString(),
    });
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('location')!).pathname).toBe('/set-payout-method/stripe');
    const stripe = (await api.request('GET', '/api/payout-methods/stripe', { token: creator.token })).body
      .stripe as Status;
    expect(stripe).toMatchObject({ available: true, state: 'complete', payoutsEnabled: true });
  });
});

describe('Stripe Connect settings', () => {
  it('the stripe rail needs the Connect secret, and not the platform one', async () => {
    const { loadConfig } = await import('../../server/config.ts');
    const base = { PAYOUT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_a' };
    expect(() => loadConfig(base)).toThrow(/set STRIPE_CONNECT_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_a' })).toThrow(/own secret/);
    expect(loadConfig({ ...base, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_b' }).stripe?.connectWebhookSecret).toBe(
      'whsec_b',
    );
  });
});
