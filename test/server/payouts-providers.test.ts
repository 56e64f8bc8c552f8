// The payout rails (docs/product.md §Money) against local stand-ins of Stripe's and PayPal's HTTP APIs (standins/), never
// the internet: PAYOUT_PROVIDER=stripe,paypal pays creators' Stripe Express accounts (onboarded on the stand-in's page;
// stripe-connect.test.ts) through Stripe Connect and PayPal e-mails through PayPal Payouts. Idempotency keys keep a
// retried job from paying twice; signed webhooks (Stripe's Connect endpoint) and polls settle a payout; a rail's
// refusal fails it and returns the funds. The ledger is checked after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { startPaypalStandIn, type PaypalStandIn } from '../../standins/paypal.ts';
import { startStripeStandIn, type StripeStandIn } from '../../standins/stripe.ts';
import { makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, fileTaxForm, type Account } from './market.ts';

const STRIPE = {
  secretKey: 'sk_test_castbridge_stand_in',
  webhookSecret: 'whsec_castbridge_stand_in',
  connectWebhookSecret: 'whsec_castbridge_stand_in_connect',
};
const PAYPAL = { clientId: 'castbridge-client', clientSecret: 'castbridge-secret' };

type Payout = {
  id: string;
  status: string;
  amountCents: number;
  provider: string;
  failureReason: string | null;
  reference: string;
};

describe('payout rails against the Stripe and PayPal stand-ins', () => {
  let backend: Backend;
  let api: Client;
  let stripe: StripeStandIn;
  let paypal: PaypalStandIn;
  let operator: Account;
  let advertiser: Account;
  let country = 0;
  let keys = 0;

  const get = async <T>(url: string, who: Account) => (await api.request('GET', url, { token: who.token })).body as T;
  const balances = (creator: Account) =>
    get<{ availableCents: number; inPayoutCents: number }>('/api/earnings', creator);
  const payoutOf = async (creator: Account, id: string) =>
    (await get<{ payouts: Payout[] }>('/api/payouts', creator)).payouts.find((p) => p.id === id)!;
  const withdraw = async (creator: Account, amountCents: number) => {
    const answer = await api.request('POST', '/api/payouts', {
      token: creator.token,
      headers: { 'idempotency-key': `rail-test-${Date.now()}-${++keys}` },
      json: { amount_cents: amountCents },
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.payout as Payout;
  };
  // Connected accounts' events (payout.*) come to the Connect endpoint.
  const deliver = (body: string, signature: string) =>
    api.request('POST', '/api/webhooks/stripe/connect', {
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  /** A creator who earned `cents` and got paid through Stripe: the Express account onboarded on the stand-in's page. */
  async function stripeCreator(cents: number, complete = true) {
    const creator = await earningCreator(cents, null);
    const started = await api.request('POST', '/api/payout-methods/stripe/onboarding', { token: creator.token });
    expect(started.status, started.text).toBe(200);
    if (!complete) return creator;
    const done = await fetch(started.body.url as string, {
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
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    return creator;
  }

  /** A creator who earned `cents` (an ordinary completion) and saved `method` (none: null). */
  async function earningCreator(cents: number, method: Record<string, unknown> | null) {
    const place = [
      'Tonga',
      'Fiji',
      'Samoa',
      'Nepal',
      'Peru',
      'Chile',
      'Ghana',
      'Kenya',
      'Malta',
      'Oman',
      'Palau',
      'Qatar',
    ][country++]!;
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
    if (method)
      expect((await api.request('POST', '/api/payout-methods', { token: creator.token, json: method })).status).toBe(
        201,
      );
    // A withdrawal needs a tax form on file (docs/product.md §Self-serve money).
    await fileTaxForm(api, creator);
    return creator;
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn(STRIPE);
    // The onboarding page's account.updated comes to the app's Connect endpoint in process.
    stripe.setConnectWebhookEndpoint(async (body, headers) =>
      api.castbridge.app.request('/api/webhooks/stripe/connect', { method: 'POST', headers, body }),
    );
    paypal = await startPaypalStandIn(PAYPAL);
    backend = await makeBackend('sqlite');
    api = await startApp(backend, {
      PAYOUT_PROVIDER: 'stripe,paypal',
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE.connectWebhookSecret,
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      // The tests poll themselves.
      PAYPAL_POLL_SECONDS: '86400',
    });
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
    await paypal?.close();
  });

  it('Stripe: a withdrawal is a transfer to the creator’s Express account and a payout from it, each with an idempotency key; payout.paid on the Connect endpoint settles it', async () => {
    const creator = await stripeCreator(20_000);
    const payout = await withdraw(creator, 6_000);
    expect(payout.provider).toBe('stripe');
    await api.castbridge.services.jobs.drain();
    expect(await payoutOf(creator, payout.id)).toMatchObject({ status: 'processing' });
    const calls = stripe.requests.filter((r) => r.method === 'POST');
    const [connected] = [...stripe.accounts.keys()];
    expect(calls.map((r) => r.path)).toEqual(['/v1/accounts', '/v1/account_links', '/v1/transfers', '/v1/payouts']);
    expect(calls[2]!.params.destination).toBe(connected);
    for (const call of [calls[0]!, calls[2]!, calls[3]!]) expect(call.idempotencyKey).toMatch(/^castbridge-/);
    expect(calls[2]!.params).toMatchObject({ amount: '6000', currency: 'usd', metadata: { payout_id: payout.id } });
    const [po] = [...stripe.payouts.values()];
    expect(calls[3]!.account).toBe(po!.account);

    // A forged event (another secret, or the platform endpoint's) is refused and changes nothing.
    stripe.settle(po!.id, 'paid');
    const platformSigned = stripe.event('payout.paid', po!.id, STRIPE.webhookSecret);
    expect((await deliver(platformSigned.body, platformSigned.signature)).status).toBe(400);
    const forged = stripe.event('payout.paid', po!.id, 'whsec_someone_else');
    const refused = await deliver(forged.body, forged.signature);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Webhook signature not verified/);
    expect((await payoutOf(creator, payout.id)).status).toBe('processing');

    const event = stripe.event('payout.paid', po!.id);
    expect((await deliver(event.body, event.signature)).body).toEqual({ received: true });
    expect(await payoutOf(creator, payout.id)).toMatchObject({ status: 'paid' });
    expect(await balances(creator)).toEqual(expect.objectContaining({ availableCents: 14_000, inPayoutCents: 0 }));
    const told = (await get<{ notifications: { type: string }[] }>('/api/notifications', creator)).notifications[0];
    expect(told).toMatchObject({ type: 'payout.paid' });
    // Delivered again (Stripe retries): nothing changes.
    expect((await deliver(event.body, event.signature)).status).toBe(200);

    // A second withdrawal goes to the same connected account.
    await withdraw(creator, 5_000);
    await api.castbridge.services.jobs.drain();
    expect(stripe.accounts.size).toBe(1);
    expect(stripe.transfers.at(-1)).toMatchObject({ destination: connected, amount: 5000 });
  });

  it('Stripe: payout.failed returns the funds with the bank’s reason; an event for an unknown payout changes nothing', async () => {
    const creator = await stripeCreator(9_000);
    const payout = await withdraw(creator, 9_000);
    await api.castbridge.services.jobs.drain();
    const po = [...stripe.payouts.values()].find(
      (p) => (p.metadata as { payout_id?: string }).payout_id === payout.id,
    )!;
    stripe.settle(po.id, 'failed', 'The bank account has been closed.');
    const event = stripe.event('payout.failed', po.id);
    await deliver(event.body, event.signature);
    expect(await payoutOf(creator, payout.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The bank account has been closed.',
    });
    expect(await balances(creator)).toEqual(expect.objectContaining({ availableCents: 9_000, inPayoutCents: 0 }));

    const stranger = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payout.paid',
      account: 'acct_unknown',
      data: { object: { id: 'po_unknown', object: 'payout', status: 'paid', metadata: { payout_id: 'nobody' } } },
    });
    const { default: Stripe } = await import('stripe');
    const answer = await deliver(
      stranger,
      Stripe.webhooks.generateTestHeaderString({ payload: stranger, secret: STRIPE.connectWebhookSecret }),
    );
    expect(answer.status).toBe(200);
  });

  it('Stripe: a job run twice (a crash after Stripe answered) pays once: the same idempotency keys answer the same objects', async () => {
    const creator = await stripeCreator(8_000);
    const payout = await withdraw(creator, 8_000);
    await api.castbridge.services.jobs.drain();
    const transfersBefore = stripe.transfers.length;
    const payoutsBefore = stripe.payouts.size;
    // As if the process had died after Stripe answered but before the row moved to processing.
    await api.castbridge.db.updateTable('payouts').set({ status: 'requested' }).where('id', '=', payout.id).execute();
    await api.castbridge.services.payouts.submit(payout.id);
    expect(stripe.transfers.length).toBe(transfersBefore);
    expect(stripe.payouts.size).toBe(payoutsBefore);
    expect((await payoutOf(creator, payout.id)).status).toBe('processing');
  });

  it('Stripe: server errors are retried with the same keys; a transfer Stripe refuses (the account restricted at Stripe) fails the payout with Stripe’s reason and returns the funds', async () => {
    const flaky = await stripeCreator(7_000);
    stripe.failNext(2);
    const first = await withdraw(flaky, 7_000);
    await api.castbridge.services.jobs.drain();
    expect((await payoutOf(flaky, first.id)).status).toBe('processing');
    expect(stripe.transfers.filter((t) => (t.metadata as { payout_id?: string }).payout_id === first.id)).toHaveLength(
      1,
    );

    // Our copy says enabled (say an account.updated was lost) while Stripe still holds the account restricted.
    const restricted = await stripeCreator(6_000, false);
    await api.castbridge.db
      .updateTable('stripe_connect_accounts')
      .set({ payouts_enabled: 1, currently_due: '[]' })
      .where('account_id', '=', [...stripe.accounts.keys()].at(-1)!)
      .execute();
    const [accountId] = [...stripe.accounts.keys()].slice(-1);
    await api.castbridge.services.payoutMethods.addStripe(
      api.castbridge.db,
      (
        await api.castbridge.db
          .selectFrom('stripe_connect_accounts')
          .select('user_id')
          .where('account_id', '=', accountId!)
          .executeTakeFirstOrThrow()
      ).user_id,
      accountId!,
    );
    const payout = await withdraw(restricted, 6_000);
    await api.castbridge.services.jobs.drain();
    expect(await payoutOf(restricted, payout.id)).toMatchObject({
      status: 'failed',
      failureReason:
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
    });
    expect(await balances(restricted)).toEqual(expect.objectContaining({ availableCents: 6_000, inPayoutCents: 0 }));
  });

  it('Stripe: a payout paid without its webhook is settled by the poll', async () => {
    const creator = await stripeCreator(5_500);
    const payout = await withdraw(creator, 5_500);
    await api.castbridge.services.jobs.drain();
    const po = [...stripe.payouts.values()].find(
      (p) => (p.metadata as { payout_id?: string }).payout_id === payout.id,
    )!;
    await api.castbridge.services.payouts.pollProcessing();
    expect((await payoutOf(creator, payout.id)).status).toBe('processing');
    stripe.settle(po.id, 'paid');
    await api.castbridge.services.payouts.pollProcessing();
    expect((await payoutOf(creator, payout.id)).status).toBe('paid');
  });

  it('PayPal: a batch per payout (sender_batch_id and PayPal-Request-Id are the payout), settled by polling; a token is fetched once', async () => {
    const creator = await earningCreator(30_000, { kind: 'paypal', email: 'ana@example.com' });
    const first = await withdraw(creator, 6_000);
    expect(first.provider).toBe('paypal');
    await api.castbridge.services.jobs.drain();
    expect(paypal.posts).toHaveLength(1);
    expect(paypal.posts[0]).toMatchObject({
      requestId: first.id,
      body: {
        sender_batch_header: { sender_batch_id: first.id },
        items: [
          {
            recipient_type: 'EMAIL',
            receiver: 'ana@example.com',
            amount: { value: '60.00', currency: 'USD' },
            sender_item_id: first.id,
          },
        ],
      },
    });
    const [batch] = [...paypal.batches.values()];
    expect((await payoutOf(creator, first.id)).status).toBe('processing');

    // Unclaimed stays processing; success pays.
    paypal.setStatus(batch!.payout_batch_id, 'UNCLAIMED');
    await api.castbridge.services.payouts.pollProcessing();
    expect((await payoutOf(creator, first.id)).status).toBe('processing');
    paypal.setStatus(batch!.payout_batch_id, 'SUCCESS');
    await api.castbridge.services.payouts.pollProcessing();
    expect((await payoutOf(creator, first.id)).status).toBe('paid');

    // A failed item returns the funds with PayPal's reason.
    const second = await withdraw(creator, 10_050);
    await api.castbridge.services.jobs.drain();
    const secondBatch = [...paypal.batches.values()].find((b) => b.sender_batch_id === second.id)!;
    expect(secondBatch.item.amount.value).toBe('100.50');
    paypal.setStatus(secondBatch.payout_batch_id, 'FAILED', 'Receiver is unregistered');
    await api.castbridge.services.payouts.pollProcessing();
    expect(await payoutOf(creator, second.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Receiver is unregistered',
    });
    expect(await balances(creator)).toEqual(expect.objectContaining({ availableCents: 24_000, inPayoutCents: 0 }));
    expect(paypal.tokenRequests).toBe(1);

    // A job run again sends the same request id: PayPal answers the same batch.
    await api.castbridge.db.updateTable('payouts').set({ status: 'requested' }).where('id', '=', second.id).execute();
    await api.castbridge.services.payouts.submit(second.id);
    expect(paypal.batches.size).toBe(2);
  });

  it('a payout whose method was removed before its job ran fails and returns the funds, the creator told in their language', async () => {
    const creator = await earningCreator(5_000, { kind: 'paypal', email: 'luna@example.com' });
    expect(
      (await api.request('PUT', '/api/settings', { token: creator.token, json: { locale: 'es-MX' } })).status,
    ).toBe(200);
    const payout = await withdraw(creator, 5_000);
    await api.castbridge.services.jobs.drain();
    // As if the creator had removed the method before the job ran.
    const { db } = api.castbridge;
    await db.updateTable('payouts').set({ status: 'requested' }).where('id', '=', payout.id).execute();
    await db.deleteFrom('payout_methods').where('user_id', '=', creator.id).execute();
    await api.castbridge.services.payouts.submit(payout.id);
    expect(await payoutOf(creator, payout.id)).toMatchObject({
      status: 'failed',
      failureReason: 'the payout method was removed before the payout was sent',
    });
    expect(await balances(creator)).toEqual(expect.objectContaining({ availableCents: 5_000, inPayoutCents: 0 }));
    const notice = (await get<{ notifications: Record<string, unknown>[] }>('/api/notifications', creator))
      .notifications[0];
    expect(notice).toMatchObject({
      type: 'payout.failed',
      title: 'El retiro falló',
      text: `Tu retiro ${payout.reference} de USD\u00a050 falló: el método de pago se eliminó antes de enviar el retiro. El monto volvió a tu saldo de ganancias.`,
      locale: 'es-MX',
    });
  });
});

describe('payout rail settings', () => {
  it('refuse a rail without its credentials, and an unknown rail', () => {
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'stripe' })).toThrow(
      'PAYOUT_PROVIDER includes stripe: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() =>
      loadConfig({ PAYOUT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(/set STRIPE_CONNECT_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'x' })).toThrow(
      'PAYOUT_PROVIDER includes paypal: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    );
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'venmo' })).toThrow(
      'PAYOUT_PROVIDER: unknown provider "venmo" (manual, stripe, paypal)',
    );
    expect(() =>
      loadConfig({
        PAYOUT_PROVIDER: 'paypal',
        PAYPAL_CLIENT_ID: 'x',
        PAYPAL_CLIENT_SECRET: 'y',
        PAYPAL_API_BASE: 'ftp://x',
      }),
    ).toThrow(/PAYPAL_API_BASE must be an http/);
    expect(loadConfig({}).payoutProviders).toEqual(['manual']);
  });
});
