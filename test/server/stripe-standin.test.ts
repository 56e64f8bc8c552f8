// The Stripe stand-in (standins/stripe.ts) at the protocol level, driven by the official `stripe` package as
// the product drives it: Checkout Sessions paid on the test page's form with each test card and test bank account,
// signed webhooks received (and verified) on a local receiver, retried with backoff on an error, resent, duplicated
// and delayed by the control API; refunds (a card's at once, a bank debit's pending then settled), disputes opened by
// 4000 0000 0000 0259 and by a control call and closed won or lost; Idempotency-Key as Stripe honours it. Last, the
// stand-in mounted on the app under STANDINS=1: the gateway reaches it in process, its page is at the app's
// /standin/stripe, its webhooks come to /api/webhooks/stripe.
import { Hono } from 'hono';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeStandIn, startStripeStandIn, webhookTo, type StripeStandIn } from '../../standins/stripe.ts';
import { listen } from '../../standins/listen.ts';
import { makeBackend, startApp, tempDir, type Backend, type Client } from './helpers.ts';

const KEYS = { secretKey: 'sk_test_standin_protocol', webhookSecret: 'whsec_standin_protocol' };
const SUCCESS = 'http://castbridge.test/campaigns?deposit=dep-1';
const CANCEL = 'http://castbridge.test/campaigns?deposit=dep-1&cancelled=1';

interface Received {
  event: Stripe.Event;
  raw: string;
}

/** A webhook endpoint that verifies each signature as the product does; it can be told to fail. */
async function startReceiver(secret: string) {
  const received: Received[] = [];
  const refused: string[] = [];
  let failures = 0;
  const app = new Hono();
  app.post('/hook', async (c) => {
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(raw, c.req.header('stripe-signature') ?? '', secret);
    } catch {
      refused.push(raw);
      return c.json({ message: 'bad signature' }, 400);
    }
    if (failures > 0) {
      failures -= 1;
      return c.json({ message: 'try later' }, 503);
    }
    received.push({ event, raw });
    return c.json({ received: true });
  });
  const server = await listen(app);
  return {
    url: `${server.url}/hook`,
    received,
    refused,
    failNext(count: number) {
      failures = count;
    },
    types: () => received.map((r) => r.event.type),
    of: (type: string) => received.filter((r) => r.event.type === type).map((r) => r.event),
    clear() {
      received.length = 0;
      refused.length = 0;
    },
    close: server.close,
  };
}

describe('the Stripe stand-in, through the stripe package', () => {
  let standIn: StripeStandIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stripe: Stripe;
  let n = 0;

  beforeAll(async () => {
    receiver = await startReceiver(KEYS.webhookSecret);
    standIn = await startStripeStandIn({
      ...KEYS,
      webhookUrl: receiver.url,
      bankDelayMs: 60_000,
      retry: { baseMs: 40, maxMs: 200, attempts: 4 },
      tickMs: 20,
    });
    const base = new URL(standIn.url);
    stripe = new Stripe(KEYS.secretKey, {
      host: base.hostname,
      port: base.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterEach(() => receiver.clear());
  afterAll(async () => {
    await standIn?.close();
    await receiver?.close();
  });

  /** A deposit's Checkout Session as the product makes it (issue 34's protocol). */
  const session = (method: 'card' | 'us_bank_account', grossCents = 10_330, key = `castbridge-deposit-${++n}`) =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: `dep-${n}`,
        metadata: { deposit_id: `dep-${n}` },
        allowed_payment_method_types: [method],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: grossCents,
              product_data: { name: 'Castbridge balance: $100.00 (+ $3.30 processing fee)' },
            },
          },
        ],
        payment_intent_data: { metadata: { deposit_id: `dep-${n}` } },
        customer_email: 'brand@example.com',
        success_url: SUCCESS,
        cancel_url: CANCEL,
      },
      { idempotencyKey: key },
    );

  /** The test page's form, posted as a browser posts it (no redirect followed). */
  const submit = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const payByCard = (url: string, number: string) =>
    submit(url, { method: 'card', card_number: number, expiry: '12 / 34', cvc: '123', name: 'Nova Brand' });
  const payByBank = (url: string, account: string) =>
    submit(url, {
      method: 'us_bank_account',
      name: 'Nova Brand',
      routing_number: '110000000',
      account_number: account,
    });
  const alertOf = (html: string) => /role="alert"><p>([^<]*)<\/p>/.exec(html)?.[1];

  it('makes a Checkout Session as Stripe answers it, once per Idempotency-Key', async () => {
    const key = `castbridge-deposit-idem-${Date.now()}`;
    const first = await session('card', 10_330, key);
    expect(first).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 10_330,
      currency: 'usd',
      client_reference_id: `dep-${n}`,
      metadata: { deposit_id: `dep-${n}` },
      payment_method_types: ['card'],
      payment_intent: null,
      customer_email: 'brand@example.com',
      success_url: SUCCESS,
      cancel_url: CANCEL,
    });
    expect(first.id).toMatch(/^cs_test_/);
    expect(first.url).toBe(`${standIn.url}/pay/${first.id}`);
    // The same key and parameters: the first answer again, marked as replayed.
    const replay = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: `dep-${n}`,
        metadata: { deposit_id: `dep-${n}` },
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 10_330,
              product_data: { name: 'Castbridge balance: $100.00 (+ $3.30 processing fee)' },
            },
          },
        ],
        payment_intent_data: { metadata: { deposit_id: `dep-${n}` } },
        customer_email: 'brand@example.com',
        success_url: SUCCESS,
        cancel_url: CANCEL,
      },
      { idempotencyKey: key },
    );
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.list('checkout.session').filter((s) => s.id === first.id)).toHaveLength(1);
    // The same key with other parameters: Stripe's idempotency_error.
    await expect(
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { quantity: 2, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Other' } } },
          ],
          success_url: SUCCESS,
        },
        { idempotencyKey: key },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // A refused request is not remembered: the key may be used again, correctly.
    const badKey = `bad-${Date.now()}`;
    await expect(
      stripe.checkout.sessions.create(
        { mode: 'payment', line_items: [], success_url: SUCCESS },
        { idempotencyKey: badKey },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((await session('card', 5_000, badKey)).amount_total).toBe(5_000);
    // Retrieved with its line items and a wrong key refused.
    const again = await stripe.checkout.sessions.retrieve(first.id, { expand: ['line_items'] });
    expect(again.line_items!.data[0]).toMatchObject({ quantity: 1, amount_total: 10_330 });
    await expect(
      new Stripe('sk_test_wrong', {
        host: new URL(standIn.url).hostname,
        port: new URL(standIn.url).port,
        protocol: 'http',
        maxNetworkRetries: 0,
      }).checkout.sessions.retrieve(first.id),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('refuses sessions Checkout would refuse', async () => {
    const base = {
      mode: 'payment' as const,
      success_url: SUCCESS,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'x' } } }],
    };
    const refused = (params: Stripe.Checkout.SessionCreateParams) =>
      stripe.checkout.sessions.create(params).then(
        () => null,
        (error: Stripe.errors.StripeError) => error.param,
      );
    expect(
      await refused({
        ...base,
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 49, product_data: { name: 'x' } } }],
      }),
    ).toBe('line_items');
    expect(await refused({ ...base, success_url: 'not a url' })).toBe('success_url');
    expect(await refused({ ...base, allowed_payment_method_types: ['paypal'] })).toBe('allowed_payment_method_types');
    expect(await refused({ ...base, mode: 'subscription' })).toBe('mode');
  });

  it('the test page: readable, every field labelled, a declined card stays on it with the reason, 4242 pays and redirects; the webhooks are signed', async () => {
    const cs = await session('card');
    const page = await fetch(cs.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay $103.30 to Castbridge');
    expect(html).toContain('Castbridge balance: $100.00 (+ $3.30 processing fee)');
    expect(html).not.toMatch(/<script|https?:\/\/(?!castbridge\.test)[a-z]/i);
    for (const id of ['card-card_number', 'card-expiry', 'card-cvc', 'card-name'])
      expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain(`href="${CANCEL.replace('&', '&#38;')}"`);
    expect(html).not.toContain('Pay by US bank account');

    const declined = await payByCard(cs.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const declinedHtml = await declined.text();
    expect(alertOf(declinedHtml)).toBe('Your card was declined.');
    expect(declinedHtml).toContain('aria-invalid="true"');
    const poor = await payByCard(cs.url!, '4000000000009995');
    expect(alertOf(await poor.text())).toBe('Your card has insufficient funds.');
    const invalid = await payByCard(cs.url!, '4242 4242 4242 4241');
    expect(invalid.status).toBe(400);
    expect(alertOf(await invalid.text())).toBe('Your card number is invalid.');
    const open = await stripe.checkout.sessions.retrieve(cs.id, { expand: ['payment_intent'] });
    expect(open.status).toBe('open');
    expect((open.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');

    const paid = await payByCard(cs.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(SUCCESS);
    await standIn.flush();
    expect(receiver.refused).toEqual([]);
    expect(receiver.types()).toEqual([
      'payment_intent.created',
      'charge.failed',
      'payment_intent.payment_failed',
      'charge.failed',
      'payment_intent.payment_failed',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    const ids = receiver.received.map((r) => r.event.id);
    expect(new Set(ids).size).toBe(ids.length);
    const completed = receiver.of('checkout.session.completed')[0]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: cs.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 10_330,
      client_reference_id: cs.client_reference_id,
      metadata: { deposit_id: cs.client_reference_id },
    });
    const intent = await stripe.paymentIntents.retrieve(String(completed.payment_intent));
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 10_330,
      amount_received: 10_330,
      metadata: { deposit_id: cs.client_reference_id },
    });
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ status: 'succeeded', paid: true, payment_intent: intent.id });
    expect(charge.payment_method_details?.card?.last4).toBe('4242');
    // Paid: the page says so, a second payment is not taken.
    const again = await payByCard(cs.url!, '4242424242424242');
    expect(again.status).toBe(303);
    expect(standIn.list('charge').filter((c) => c.payment_intent === intent.id)).toHaveLength(3);
    expect(await (await fetch(cs.url!)).text()).toContain('This payment is done');
  });

  it('4000 0000 0000 0259 pays, then a fraudulent dispute is opened; a control call closes it won, another (opened by control) lost', async () => {
    const cs = await session('card');
    expect((await payByCard(cs.url!, '4000000000000259')).status).toBe(303);
    await standIn.flush();
    const types = receiver.types();
    expect(types.indexOf('charge.dispute.created')).toBeGreaterThan(types.indexOf('checkout.session.completed'));
    const dispute = receiver.of('charge.dispute.created')[0]!.data.object as Stripe.Dispute;
    const intentId = (receiver.of('checkout.session.completed')[0]!.data.object as Stripe.Checkout.Session)
      .payment_intent as string;
    expect(dispute).toMatchObject({
      amount: 10_330,
      reason: 'fraudulent',
      status: 'needs_response',
      payment_intent: intentId,
    });
    expect((await stripe.charges.retrieve(String(dispute.charge))).disputed).toBe(true);
    // A disputed charge is not refunded.
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 100 })).rejects.toMatchObject({
      code: 'charge_disputed',
    });
    const closed = await fetch(`${standIn.url}/control/disputes/${dispute.id}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'won' }),
    });
    expect(closed.status).toBe(200);
    await standIn.flush();
    expect(receiver.of('charge.dispute.closed').map((e) => (e.data.object as Stripe.Dispute).status)).toEqual(['won']);
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe('won');
    // Closed once only.
    const twice = await fetch(`${standIn.url}/control/disputes/${dispute.id}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'lost' }),
    });
    expect(twice.status).toBe(400);

    // A dispute opened by the control API on an ordinary payment, for part of it, then lost.
    const other = await session('card');
    await payByCard(other.url!, '4242424242424242');
    const otherIntent = (await stripe.checkout.sessions.retrieve(other.id)).payment_intent as string;
    const opened = await fetch(`${standIn.url}/control/disputes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_intent: otherIntent, amount: 5_000, reason: 'product_not_received' }),
    });
    expect(opened.status).toBe(201);
    const second = (await opened.json()) as Stripe.Dispute;
    expect(second).toMatchObject({ amount: 5_000, reason: 'product_not_received', payment_intent: otherIntent });
    standIn.closeDispute(second.id, 'lost');
    await standIn.flush();
    const closings = receiver.of('charge.dispute.closed').map((e) => e.data.object as Stripe.Dispute);
    expect(closings.at(-1)).toMatchObject({ id: second.id, status: 'lost' });
    expect((await stripe.disputes.list({ payment_intent: otherIntent })).data.map((d) => d.id)).toEqual([second.id]);
  });

  it('a bank debit is processing, then succeeds (or fails) when the bank settles', async () => {
    const cs = await session('us_bank_account');
    const html = await (await fetch(cs.url!)).text();
    expect(html).toContain('Pay by US bank account');
    expect(html).not.toContain('Pay by card');
    // Only the test routing number and accounts.
    const wrong = await submit(cs.url!, {
      method: 'us_bank_account',
      name: 'Nova Brand',
      routing_number: '021000021',
      account_number: '000123456789',
    });
    expect(wrong.status).toBe(400);
    expect(alertOf(await wrong.text())).toContain('110000000');
    const card = await payByCard(cs.url!, '4242424242424242');
    expect(alertOf(await card.text())).toBe('This payment method is not offered for this payment.');

    expect((await payByBank(cs.url!, '000123456789')).headers.get('location')).toBe(SUCCESS);
    await standIn.flush();
    const completed = receiver.of('checkout.session.completed')[0]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const intentId = completed.payment_intent as string;
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('processing');
    // Not refundable while it is pending.
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      code: 'charge_not_refundable',
    });
    const settled = await fetch(`${standIn.url}/control/payment_intents/${intentId}/settle`, { method: 'POST' });
    expect(settled.status).toBe(200);
    await standIn.flush();
    const succeeded = receiver.of('checkout.session.async_payment_succeeded');
    expect(succeeded.map((e) => (e.data.object as Stripe.Checkout.Session).payment_status)).toEqual(['paid']);
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('succeeded');

    // 000111111113: the account is closed; the debit fails when it settles (on its own, after the delay).
    standIn.setBankDelay(30);
    const failing = await session('us_bank_account');
    await payByBank(failing.url!, '000111111113');
    // Nothing here settles it: the stand-in's ticker does once the 30 ms are over. Polled until its webhook has come.
    await expect
      .poll(() => receiver.of('checkout.session.async_payment_failed').length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    await standIn.flush();
    const failed = receiver.of('checkout.session.async_payment_failed');
    expect(failed.map((e) => (e.data.object as Stripe.Checkout.Session).id)).toEqual([failing.id]);
    const charge = receiver.of('charge.failed').at(-1)!.data.object as Stripe.Charge;
    expect(charge.failure_code).toBe('account_closed');
    standIn.setBankDelay(60_000);
  });

  it('refunds: a card refund succeeds at once and never beyond what is left; a bank debit refund is pending, then settles', async () => {
    const cs = await session('card');
    await payByCard(cs.url!, '4242424242424242');
    const intentId = (await stripe.checkout.sessions.retrieve(cs.id)).payment_intent as string;
    const key = `castbridge-refund-${Date.now()}`;
    const refund = await stripe.refunds.create(
      { payment_intent: intentId, amount: 4_000, metadata: { refund_id: 'ref-1' } },
      { idempotencyKey: key },
    );
    expect(refund).toMatchObject({
      status: 'succeeded',
      amount: 4_000,
      payment_intent: intentId,
      metadata: { refund_id: 'ref-1' },
    });
    const replay = await stripe.refunds.create(
      { payment_intent: intentId, amount: 4_000, metadata: { refund_id: 'ref-1' } },
      { idempotencyKey: key },
    );
    expect(replay.id).toBe(refund.id);
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 6_331 })).rejects.toMatchObject({
      code: 'amount_too_large',
      message: 'Refund amount ($63.31) is greater than unrefunded amount on charge ($63.30)',
    });
    // Parallel refunds never refund more than the charge.
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, () => stripe.refunds.create({ payment_intent: intentId, amount: 1_000 })),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(6);
    const charge = await stripe.charges.retrieve(refund.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: false });
    expect((await stripe.refunds.list({ payment_intent: intentId })).data).toHaveLength(7);
    await standIn.flush();
    expect(receiver.of('refund.created')).toHaveLength(7);
    // Each event names the request that caused it.
    expect(receiver.of('refund.created')[0]!.request).toEqual({
      id: expect.stringMatching(/^req_/),
      idempotency_key: key,
    });

    const bank = await session('us_bank_account');
    await payByBank(bank.url!, '000123456789');
    const bankIntent = (await stripe.checkout.sessions.retrieve(bank.id)).payment_intent as string;
    standIn.settlePayment(bankIntent);
    const pending = await stripe.refunds.create({ payment_intent: bankIntent, metadata: { refund_id: 'ref-2' } });
    expect(pending).toMatchObject({ status: 'pending', amount: 10_330 });
    const failing = await stripe.refunds.create({ payment_intent: bankIntent, amount: 1 }).catch((e: Error) => e);
    expect(failing).toMatchObject({ code: 'charge_already_refunded' });
    const settled = await fetch(`${standIn.url}/control/refunds/${pending.id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'failed' }),
    });
    expect(await settled.json()).toMatchObject({ id: pending.id, status: 'failed' });
    await standIn.flush();
    const updated = receiver.of('refund.updated').map((e) => e.data.object as Stripe.Refund);
    expect(updated).toEqual([
      expect.objectContaining({ id: pending.id, status: 'failed', metadata: { refund_id: 'ref-2' } }),
    ]);
    // The money it did not return can be refunded again, and this one succeeds on its own after the delay.
    standIn.setBankDelay(30);
    const retried = await stripe.refunds.create({ payment_intent: bankIntent, amount: 330 });
    expect(retried.status).toBe('pending');
    // Nothing here settles it: the stand-in's ticker does once the 30 ms are over. Polled until its webhook has come.
    await expect
      .poll(() => receiver.of('refund.updated').map((e) => (e.data.object as Stripe.Refund).id), { timeout: 5_000 })
      .toContain(retried.id);
    await standIn.flush();
    expect((await stripe.refunds.retrieve(retried.id)).status).toBe('succeeded');
    expect(receiver.of('refund.updated').at(-1)!.data).toMatchObject({
      object: { id: retried.id, status: 'succeeded' },
      previous_attributes: { status: 'pending' },
    });
    standIn.setBankDelay(60_000);
  });

  it('expires an open session (and only an open one); its page says so', async () => {
    const cs = await session('card');
    const expired = await stripe.checkout.sessions.expire(cs.id);
    expect(expired.status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(cs.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const page = await fetch(cs.url!);
    expect(await page.text()).toContain('This payment page has expired');
    expect((await payByCard(cs.url!, '4242424242424242')).status).toBe(410);
    await standIn.flush();
    expect(receiver.of('checkout.session.expired').map((e) => (e.data.object as Stripe.Checkout.Session).id)).toEqual([
      cs.id,
    ]);
  });

  it('webhooks: retried with backoff until the endpoint takes them; resent, duplicated and delayed by control calls; listed', async () => {
    receiver.failNext(2);
    const cs = await session('card');
    await payByCard(cs.url!, '4242424242424242');
    const started = Date.now();
    for (let i = 0; i < 100 && standIn.events().some((e) => !e.delivered); i += 1) {
      // A poll (every 20 ms, 2 s at most): until every event is delivered, the retries coming 40 ms after a failure.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await standIn.flush();
    }
    expect(standIn.events().filter((e) => !e.delivered)).toEqual([]);
    // Two deliveries failed (503): each was tried again later (after 40 ms), and every event got through once.
    const sent = standIn.events().filter((e) => receiver.received.some((r) => r.event.id === e.id));
    const retried = sent.filter((e) => e.deliveries.some((d) => d.status === 503));
    expect(retried.flatMap((e) => e.deliveries.filter((d) => d.status === 503))).toHaveLength(2);
    for (const event of retried) {
      expect(event).toMatchObject({ delivered: true, lastStatus: 200 });
      const times = event.deliveries.map((d) => d.at);
      expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(40);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    const listed = (await (await fetch(`${standIn.url}/control/events?limit=5`)).json()) as {
      events: { id: string; type: string; delivered: boolean; deliveries: { status: number }[] }[];
    };
    expect(listed.events.map((e) => e.type)).toContain('checkout.session.completed');
    expect(listed.events.every((e) => e.delivered)).toBe(true);

    const completed = receiver.of('checkout.session.completed')[0]!;
    receiver.clear();
    const resent = await fetch(`${standIn.url}/control/events/${completed.id}/resend`, { method: 'POST' });
    expect(await resent.json()).toEqual({ status: 200, error: null });
    const duplicated = await fetch(`${standIn.url}/control/events/${completed.id}/duplicate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ copies: 3 }),
    });
    expect(((await duplicated.json()) as { deliveries: unknown[] }).deliveries).toHaveLength(3);
    // The same event, byte for byte, four times: each under a fresh signature.
    expect(receiver.received.map((r) => r.event.id)).toEqual(Array(4).fill(completed.id));
    expect(new Set(receiver.received.map((r) => r.raw)).size).toBe(1);

    // Hold the next events for 200 ms: they are recorded at once, delivered after.
    await fetch(`${standIn.url}/control/webhooks/delay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 200 }),
    });
    receiver.clear();
    const late = await session('card');
    await payByCard(late.url!, '4242424242424242');
    await standIn.flush();
    expect(receiver.received).toHaveLength(0);
    expect(standIn.events({ type: 'checkout.session.completed' })[0]).toMatchObject({ delivered: false });
    // Nothing here sends it: the stand-in's ticker does once the 200 ms are over. Polled until it has come.
    await expect.poll(() => receiver.types(), { timeout: 5_000 }).toContain('checkout.session.completed');
    await fetch(`${standIn.url}/control/webhooks/delay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 0 }),
    });
    // Events are also Stripe's /v1/events.
    const event = await stripe.events.retrieve(completed.id);
    expect(event.type).toBe('checkout.session.completed');
  });

  it('the control page lists payments with their actions, every button named', async () => {
    const page = await fetch(`${standIn.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Stripe stand-in</h1>');
    expect(html).toContain('Open a dispute<span class="visually-hidden"> on payment pi_');
    expect(html).toContain('checkout.session.completed');
    // A form post comes back to the page with what was done, or with what was wrong.
    const cs = await session('card');
    await payByCard(cs.url!, '4242424242424242');
    const intentId = (await stripe.checkout.sessions.retrieve(cs.id)).payment_intent as string;
    const opened = await submit(`${standIn.url}/control/disputes`, {
      payment_intent: intentId,
      reason: 'fraudulent',
      back: `Dispute opened on ${intentId}`,
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/?done=${encodeURIComponent(`Dispute opened on ${intentId}`)}`);
    expect(await (await fetch(`${standIn.url}${opened.headers.get('location')}`)).text()).toContain(
      `<p role="status">Dispute opened on ${intentId}.</p>`,
    );
    const again = await submit(`${standIn.url}/control/disputes`, { payment_intent: intentId, back: 'again' });
    expect(again.status).toBe(303);
    const refusedPage = await (await fetch(`${standIn.url}${again.headers.get('location')}`)).text();
    expect(refusedPage).toMatch(/<p role="alert">Charge ch_\w+ is already disputed<\/p>/);
  });
});

describe('the Stripe stand-in mounted on the app (STANDINS=1)', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend, { STANDINS: '1', SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1:3999' });
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it("answers the gateway in process, serves its page at the app's address and sends its webhooks to /api/webhooks/stripe", async () => {
    const gateway = api.castbridge.services.stripe!;
    expect(gateway.standIn).toBe(true);
    const cs = await gateway.client.checkout.sessions.create({
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 1_060, product_data: { name: 'Test' } } },
      ],
      success_url: 'http://127.0.0.1:3999/campaigns?deposit=x',
      customer_email: 'brand@example.com',
    });
    expect(cs.url).toBe(`http://127.0.0.1:3999/standin/stripe/pay/${cs.id}`);
    const page = await api.request('GET', `/standin/stripe/pay/${cs.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Pay $10.60 to Castbridge');
    const paid = await api.castbridge.app.request(`/standin/stripe/pay/${cs.id}`, {
      method: 'POST',
      body: new URLSearchParams({ method: 'card', card_number: '4242424242424242', expiry: '01/40', cvc: '999' }),
    });
    expect(paid.status).toBe(303);
    const flushed = await api.request('POST', '/standin/stripe/control/flush');
    expect(flushed.body).toEqual({ pending: 0 });
    const events = (await api.request('GET', '/standin/stripe/control/events')).body.events as {
      type: string;
      lastStatus: number;
      delivered: boolean;
    }[];
    expect(events.map((e) => e.type)).toContain('checkout.session.completed');
    // The app verified each signature and answered 200.
    expect(events.every((e) => e.delivered && e.lastStatus === 200)).toBe(true);
    const control = await api.request('GET', '/standin/stripe/');
    expect(control.status).toBe(200);
    expect(control.text).toContain('Checkout sessions');
    expect(control.text).toContain('<a href="../">Platform stand-ins');
    // The platforms' control page links here.
    expect((await api.request('GET', '/standin/')).text).toContain('<a href="stripe/">Stripe stand-in</a>');
  });
});

describe('two instances on one DATA_DIR (npm run start:cluster)', () => {
  it("are one Stripe: a session made through one is paid on the other's page, and each event is delivered once", async () => {
    const dir = tempDir('castbridge-stripe-standin-');
    const receiver = await startReceiver(KEYS.webhookSecret);
    const instances = [1, 2].map(() =>
      createStripeStandIn({
        ...KEYS,
        dataDir: dir,
        browserBase: () => 'http://127.0.0.1:3000/standin/stripe',
        deliver: webhookTo(receiver.url),
        tickMs: 10,
      }),
    );
    try {
      const [a, b] = instances as [ReturnType<typeof createStripeStandIn>, ReturnType<typeof createStripeStandIn>];
      const body = new URLSearchParams({
        mode: 'payment',
        'allowed_payment_method_types[0]': 'card',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '2500',
        'line_items[0][price_data][product_data][name]': 'Castbridge balance',
        success_url: SUCCESS,
        customer_email: 'brand@example.com',
      });
      const created = await a.app.request('/v1/checkout/sessions', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.secretKey}`, 'idempotency-key': 'cluster-1' },
        body,
      });
      const cs = (await created.json()) as Stripe.Checkout.Session;
      // The same key through the other instance: the same session.
      const replay = await b.app.request('/v1/checkout/sessions', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.secretKey}`, 'idempotency-key': 'cluster-1' },
        body,
      });
      expect(((await replay.json()) as { id: string }).id).toBe(cs.id);
      const paid = await b.app.request(`/pay/${cs.id}`, {
        method: 'POST',
        body: new URLSearchParams({ method: 'card', card_number: '4242424242424242', expiry: '12/34', cvc: '123' }),
      });
      expect(paid.status).toBe(303);
      await Promise.all([a.flush(), b.flush()]);
      // A later event through the same pumps: a second session made on one instance and expired on the other. Each
      // pump takes the oldest due event first, so once this one has come, an event above still due (to be sent again)
      // would have come before it.
      const other = await a.app.request('/v1/checkout/sessions', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.secretKey}`, 'idempotency-key': 'cluster-2' },
        body,
      });
      const later = (await other.json()) as Stripe.Checkout.Session;
      const expired = await b.app.request(`/v1/checkout/sessions/${later.id}/expire`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.secretKey}` },
      });
      expect(expired.status).toBe(200);
      await Promise.all([a.flush(), b.flush()]);
      expect(receiver.types()).toContain('checkout.session.expired');
      // Each instance delivers what it claims first: every event once, in no promised order (as at Stripe).
      expect(receiver.types().sort()).toEqual([
        'charge.succeeded',
        'checkout.session.completed',
        'checkout.session.expired',
        'payment_intent.created',
        'payment_intent.succeeded',
      ]);
      expect(a.get(cs.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await receiver.close();
    }
  });
});
