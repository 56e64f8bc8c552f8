// Refunds of unspent funds (docs/product.md §Self-serve money) on SQLite and PostgreSQL against the Stripe stand-in:
// the request holds the amount out of the free balance in the transaction that checks it — never more than the free
// balance, never twice, also under 50 requests at once — and splits it into pieces: card and bank-debit payments
// newest first up to what each has left (never a disputed one) through Stripe's refunds (a job, with Stripe's
// idempotency key), the rest (wired money) for the operator to wire and mark sent or failed. A failed piece returns
// its amount. The advertiser is told in their language. Every endpoint tried by the wrong role, the wrong owner and
// nobody. After every test the ledger's invariants are checked (refunding = the open pieces, each payment's refunded
// amount = its succeeded pieces); after the suite, by `npm run ledger -- check` itself.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STANDIN_STRIPE } from '../../server/config.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { startStripeStandIn, type StripeStandIn } from '../../standins/stripe.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, type Account, expectLedgerCommandClean } from './market.ts';
import {
  controlStandIn,
  deliver,
  flushStandIn,
  payOnPage,
  sessionObject,
  signedEvent,
  type TestPayment,
} from './stripe-webhooks.ts';

type Refund = {
  id: string;
  requestId: string;
  amountCents: number;
  rail: 'stripe' | 'manual';
  status: string;
  depositId: string | null;
  failureReason: string | null;
};
type Balance = {
  balanceCents: number;
  refundingCents: number;
  disputedCents: number;
  cardDeposits: { id: string; status: string; refundedCents: number; amountCents: number }[];
};

describe.each(BACKENDS)('refunds on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let stripe: StripeStandIn;
  let operator: Account;
  let creator: Account;

  const get = async <T>(url: string, who: Account) => {
    const answer = await api.request('GET', url, { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  };
  const balance = (advertiser: Account) => get<Balance>('/api/advertiser/balance', advertiser);
  const refundsOf = async (advertiser: Account) =>
    (await get<{ refunds: Refund[] }>('/api/advertiser/refunds', advertiser)).refunds;
  const notices = async (who: Account) =>
    (await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', who)).notifications;
  let keys = 0;
  const ask = (advertiser: Account, amountCents: number, key: string | null = `refund-test-${Date.now()}-${++keys}`) =>
    api.request('POST', '/api/advertiser/refunds', {
      token: advertiser.token,
      headers: key === null ? {} : { 'idempotency-key': key },
      json: { amountCents },
    });
  const refundOk = async (advertiser: Account, amountCents: number) => {
    const answer = await ask(advertiser, amountCents);
    expect(answer.status, answer.text).toBe(201);
    return answer.body as { refunds: Refund[]; balanceCents: number };
  };
  /** A card (or bank-debit) payment made on the stand-in's page and credited by its webhook. */
  async function paidDeposit(
    advertiser: Account,
    amountCents: number,
    payment: TestPayment = { card: '4242424242424242' },
  ) {
    const answer = await api.request('POST', '/api/advertiser/deposits', {
      token: advertiser.token,
      json: { amountCents, method: 'card' in payment ? 'card' : 'us_bank_account' },
    });
    expect(answer.status, answer.text).toBe(201);
    const paid = await payOnPage(answer.body.checkoutUrl as string, payment);
    expect(paid.status, await paid.text()).toBe(303);
    await flushStandIn(stripe.url);
    return (answer.body.deposit as { id: string }).id;
  }
  /** Stand-in refunds made for one of our pieces. */
  const stripeRefundsFor = (refundId: string) =>
    stripe
      .list<{ id: string; object: string; amount: number; status: string; metadata: Record<string, string> }>('refund')
      .filter((refund) => refund.metadata?.refund_id === refundId);
  const settleJobs = async () => {
    await api.castbridge.services.jobs.drain(20_000);
    await flushStandIn(stripe.url);
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    stripe = await startStripeStandIn({ ...STANDIN_STRIPE });
    api = await startApp(backend, {
      STRIPE_SECRET_KEY: STANDIN_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STANDIN_STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
    stripe.setWebhookEndpoint(async (body, headers) =>
      api.castbridge.app.request('/api/webhooks/stripe', { method: 'POST', headers, body }),
    );
    operator = await account(api, 'operator');
    creator = await account(api, 'creator');
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain(20_000);
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    if (backend) {
      expectLedgerCommandClean(backend);
    }
    await backend?.cleanup();
    await stripe?.close();
  });

  it('wired money comes back by the operator: held at once, listed first for the operator, marked sent once per key; never more than the free balance', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 50_000);
    const refused = await ask(advertiser, 50_001);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your free balance is $500: you cannot ask for $500.01 back.');
    // In the reader's language, under a code of its own (docs/architecture.md §Languages).
    const spanish = await api.request('POST', '/api/advertiser/refunds', {
      token: advertiser.token,
      headers: { 'idempotency-key': `refund-test-es-${Date.now()}`, 'accept-language': 'es-MX' },
      json: { amountCents: 50_001 },
    });
    expect(spanish.body).toEqual({
      code: 'money.refund_over_balance',
      message: 'Tu saldo libre es de USD\u00a0500: no puedes pedir que te devolvamos USD\u00a0500.01.',
    });
    for (const amountCents of [0, -5, 10.5]) expect((await ask(advertiser, amountCents)).status).toBe(400);

    const key = `refund-once-${Date.now()}`;
    const first = await ask(advertiser, 20_000, key);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      balanceCents: 30_000,
      refunds: [{ amountCents: 20_000, rail: 'manual', status: 'requested', depositId: null }],
    });
    // The same request resent: the same answer, held once; the key on another request: refused.
    expect((await ask(advertiser, 20_000, key)).body).toEqual(first.body);
    expect((await ask(advertiser, 10_000, key)).status).toBe(422);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 30_000, refundingCents: 20_000 });
    const piece = (first.body.refunds as Refund[])[0]!;
    expect(await refundsOf(advertiser)).toEqual([expect.objectContaining({ id: piece.id, status: 'requested' })]);

    const queue = await get<{ refunds: (Refund & { advertiserEmail: string; advertiserId: string })[] }>(
      '/api/admin/refunds',
      operator,
    );
    const waiting = queue.refunds.filter((r) => r.rail === 'manual' && r.status === 'requested');
    expect(queue.refunds.slice(0, waiting.length)).toEqual(waiting);
    expect(waiting.find((r) => r.id === piece.id)).toMatchObject({ advertiserId: advertiser.id });

    const sentKey = `refund-sent-${Date.now()}`;
    const mark = (json: Record<string, unknown>, key = sentKey) =>
      api.request('POST', `/api/admin/refunds/${piece.id}/sent`, {
        token: operator.token,
        headers: { 'idempotency-key': key },
        json,
      });
    const sent = await mark({ reference: 'WIRE-BACK-77' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.refund).toMatchObject({ id: piece.id, status: 'succeeded', advertiserId: advertiser.id });
    expect((await mark({ reference: 'WIRE-BACK-77' })).body).toEqual(sent.body);
    expect((await mark({ reference: 'WIRE-BACK-78' })).status).toBe(422);
    expect((await mark({ reference: 'WIRE-BACK-77' }, `other-${Date.now()}`)).status).toBe(409);
    const failedLate = await api.request('POST', `/api/admin/refunds/${piece.id}/failed`, {
      token: operator.token,
      json: { reason: 'too late' },
    });
    expect(failedLate.status).toBe(409);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 30_000, refundingCents: 0 });
    expect((await notices(advertiser)).find((n) => n.type === 'funds.refunded')?.text).toBe(
      'Castbridge wired your refund of $200 (WIRE-BACK-77).',
    );
    const missing = await api.request('POST', `/api/admin/refunds/${crypto.randomUUID()}/sent`, {
      token: operator.token,
      json: { reference: 'X' },
    });
    expect(missing.status).toBe(404);
  });

  it('an operator who cannot wire it marks it failed: the amount returns to the balance and the advertiser is told why', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 10_000);
    const { refunds } = await refundOk(advertiser, 10_000);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, refundingCents: 10_000 });
    // Money on its way back keeps the account: deleting it now would leave the refund with no one to tell.
    const deleting = await api.request('DELETE', '/api/user', { token: advertiser.token, json: {} });
    expect(deleting.status).toBe(409);
    expect(deleting.body.message).toBe(
      'A refund of $100 is on its way to you: delete your account once it has arrived.',
    );
    const failed = await api.request('POST', `/api/admin/refunds/${refunds[0]!.id}/failed`, {
      token: operator.token,
      json: { reason: 'The account named is closed' },
    });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.refund).toMatchObject({ status: 'failed', failureReason: 'The account named is closed' });
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 10_000, refundingCents: 0 });
    expect((await notices(advertiser)).find((n) => n.type === 'funds.refund_failed')?.text).toBe(
      'Your refund of $100 failed: The account named is closed. The amount is back in your balance.',
    );
  });

  it('an advertiser who reads Spanish is told in Spanish: a refund through Stripe, one wired, one failed (the reason as the operator wrote it)', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 20_000);
    expect(
      (await api.request('PUT', '/api/settings', { token: advertiser.token, json: { locale: 'es-MX' } })).status,
    ).toBe(200);
    const latest = async () =>
      (await get<{ notifications: Record<string, unknown>[] }>('/api/notifications', advertiser)).notifications[0];
    await paidDeposit(advertiser, 5_000);
    // The card's payment first: through Stripe.
    await refundOk(advertiser, 5_000);
    await settleJobs();
    expect(await latest()).toMatchObject({
      type: 'funds.refunded',
      title: 'Reembolso enviado',
      text: 'Tu reembolso de USD\u00a050 volvió a la tarjeta o cuenta bancaria con la que pagaste; los bancos tardan de 5 a 10 días hábiles en reflejarlo.',
      locale: 'es-MX',
    });
    // The wired money by the operator: sent, then one the operator could not send.
    const wired = (await refundOk(advertiser, 12_000)).refunds[0]!;
    expect(wired).toMatchObject({ rail: 'manual' });
    const sent = await api.request('POST', `/api/admin/refunds/${wired.id}/sent`, {
      token: operator.token,
      json: { reference: 'WIRE-ES-12' },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(await latest()).toMatchObject({
      type: 'funds.refunded',
      title: 'Reembolso enviado',
      text: 'Castbridge te envió tu reembolso de USD\u00a0120 por transferencia (WIRE-ES-12).',
      locale: 'es-MX',
    });
    const other = (await refundOk(advertiser, 8_000)).refunds[0]!;
    const failed = await api.request('POST', `/api/admin/refunds/${other.id}/failed`, {
      token: operator.token,
      json: { reason: 'The account named is closed' },
    });
    expect(failed.status, failed.text).toBe(200);
    expect(await latest()).toMatchObject({
      type: 'funds.refund_failed',
      title: 'El reembolso falló',
      text: 'Tu reembolso de USD\u00a080 falló: The account named is closed. El monto volvió a tu saldo.',
      locale: 'es-MX',
    });
  });

  it('card payments go back through Stripe, newest first up to what each has left, the rest by the operator; each Stripe refund once, with its idempotency key', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 20_000);
    const older = await paidDeposit(advertiser, 10_000);
    const newer = await paidDeposit(advertiser, 5_000);
    expect((await balance(advertiser)).balanceCents).toBe(35_000);

    const { refunds } = await refundOk(advertiser, 22_000);
    expect(refunds.map((r) => [r.rail, r.depositId, r.amountCents])).toEqual([
      ['stripe', newer, 5_000],
      ['stripe', older, 10_000],
      ['manual', null, 7_000],
    ]);
    await settleJobs();
    for (const piece of refunds.slice(0, 2)) {
      const made = stripeRefundsFor(piece.id);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ amount: piece.amountCents, status: 'succeeded' });
    }
    const calls = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    for (const piece of refunds.slice(0, 2))
      expect(calls.find((call) => call.idempotencyKey === `castbridge-refund-${piece.id}`)?.params).toMatchObject({
        amount: String(piece.amountCents),
        metadata: { refund_id: piece.id },
      });
    const listed = await refundsOf(advertiser);
    expect(listed.filter((r) => r.rail === 'stripe').map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const after = await balance(advertiser);
    expect(after).toMatchObject({ balanceCents: 13_000, refundingCents: 7_000 });
    expect(after.cardDeposits.filter((d) => d.id === older || d.id === newer).map((d) => d.refundedCents)).toEqual([
      5_000, 10_000,
    ]);
    expect((await notices(advertiser)).filter((n) => n.type === 'funds.refunded')).toHaveLength(2);
    // A receipt for each piece refunded, none for the one still waiting.
    const receipts = await api.castbridge.db
      .selectFrom('documents')
      .select('subject_id')
      .where('kind', '=', 'refund_receipt')
      .where('owner_id', '=', advertiser.id)
      .execute();
    expect(receipts.map((r) => r.subject_id).sort()).toEqual([refunds[0]!.id, refunds[1]!.id].sort());
    // A Stripe piece is Stripe's to decide, not the operator's.
    const notManual = await api.request('POST', `/api/admin/refunds/${refunds[0]!.id}/sent`, {
      token: operator.token,
      json: { reference: 'X' },
    });
    expect(notManual.status).toBe(409);

    // What a payment has left: a third one refunded in part, then the rest of it and the wire.
    const third = await paidDeposit(advertiser, 10_000);
    const part = await refundOk(advertiser, 4_000);
    expect(part.refunds.map((r) => [r.rail, r.depositId, r.amountCents])).toEqual([['stripe', third, 4_000]]);
    const rest = await refundOk(advertiser, 8_000);
    expect(rest.refunds.map((r) => [r.rail, r.depositId, r.amountCents])).toEqual([
      ['stripe', third, 6_000],
      ['manual', null, 2_000],
    ]);
    await settleJobs();
    expect((await balance(advertiser)).cardDeposits.find((d) => d.id === third)).toMatchObject({
      refundedCents: 10_000,
    });
  });

  it('Stripe down for a moment: the job tries again with the same key and Stripe refunds once; Stripe refusing the refund returns the amount', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    await paidDeposit(advertiser, 10_000);
    stripe.failNext(3);
    const { refunds } = await refundOk(advertiser, 3_000);
    // The SDK's own retries fail too; the job's next attempt comes after its backoff.
    await until(
      async () => (await refundsOf(advertiser))[0]!.status,
      (status) => status === 'succeeded',
    );
    expect(stripeRefundsFor(refunds[0]!.id)).toHaveLength(1);
    expect(
      stripe.requests.filter((r) => r.idempotencyKey === `castbridge-refund-${refunds[0]!.id}`).length,
    ).toBeGreaterThan(1);

    // A payment Stripe does not know (credited by a Session whose PaymentIntent is not Stripe's): refused for good.
    const other = await approvedAdvertiser(api, operator, 0);
    const created = await api.request('POST', '/api/advertiser/deposits', {
      token: other.token,
      json: { amountCents: 2_000, method: 'card' },
    });
    const deposit = created.body.deposit as { id: string; grossCents: number };
    const row = await api.castbridge.db
      .selectFrom('card_deposits')
      .select('session_id')
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    const ok = await deliver(
      api,
      signedEvent(
        'checkout.session.completed',
        sessionObject({
          id: deposit.id,
          sessionId: row.session_id!,
          grossCents: deposit.grossCents,
          paymentIntent: 'pi_unknown_to_stripe',
        }),
      ),
    );
    expect(ok.status, ok.text).toBe(200);
    const asked = await refundOk(other, 2_000);
    expect(asked.refunds).toEqual([expect.objectContaining({ rail: 'stripe', amountCents: 2_000 })]);
    await settleJobs();
    const failed = (await refundsOf(other))[0]!;
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/^Stripe refused it/);
    expect(await balance(other)).toMatchObject({ balanceCents: 2_000, refundingCents: 0 });
  });

  it('a bank debit’s refund is pending until Stripe’s refund.updated settles it (once); a failed one returns the amount', async () => {
    stripe.setBankDelay(3_600_000);
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const created = await api.request('POST', '/api/advertiser/deposits', {
      token: advertiser.token,
      json: { amountCents: 20_000, method: 'us_bank_account' },
    });
    expect(created.status, created.text).toBe(201);
    const depositId = (created.body.deposit as { id: string }).id;
    const paid = await payOnPage(created.body.checkoutUrl as string, { bankAccount: '000123456789' });
    expect(paid.status, await paid.text()).toBe(303);
    await flushStandIn(stripe.url);
    expect((await balance(advertiser)).cardDeposits[0]).toMatchObject({ id: depositId, status: 'processing' });
    const sessionId = new URL(created.body.checkoutUrl as string).pathname.split('/').pop()!;
    const intent = String(stripe.get(sessionId)!.payment_intent);
    await controlStandIn(stripe.url, `payment_intents/${intent}/settle`, { outcome: 'succeeded' });
    await flushStandIn(stripe.url);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 20_000 });

    const first = await refundOk(advertiser, 15_000);
    await settleJobs();
    expect((await refundsOf(advertiser))[0]).toMatchObject({
      id: first.refunds[0]!.id,
      rail: 'stripe',
      status: 'processing',
    });
    const [made] = stripeRefundsFor(first.refunds[0]!.id);
    expect(made).toMatchObject({ status: 'pending', amount: 15_000 });
    await controlStandIn(stripe.url, `refunds/${made!.id}/settle`, { status: 'succeeded' });
    await flushStandIn(stripe.url);
    expect((await refundsOf(advertiser))[0]).toMatchObject({ status: 'succeeded' });
    const updated = (
      (await (await fetch(`${stripe.url}/control/events?type=refund.updated&limit=1000`)).json()) as {
        events: { id: string; objectId: string }[];
      }
    ).events.find((event) => event.objectId === made!.id)!;
    await controlStandIn(stripe.url, `events/${updated.id}/duplicate`, { copies: 3 });
    await flushStandIn(stripe.url);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 5_000, refundingCents: 0 });

    const second = await refundOk(advertiser, 5_000);
    await settleJobs();
    const [pending] = stripeRefundsFor(second.refunds[0]!.id);
    await controlStandIn(stripe.url, `refunds/${pending!.id}/settle`, { status: 'failed' });
    await flushStandIn(stripe.url);
    expect((await refundsOf(advertiser))[0]).toMatchObject({ status: 'failed' });
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 5_000, refundingCents: 0 });
    expect((await balance(advertiser)).cardDeposits[0]).toMatchObject({ refundedCents: 15_000 });
  });

  it('a disputed payment is never refunded through Stripe: its share goes to the operator', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 50_000);
    await paidDeposit(advertiser, 10_000, { card: '4000000000000259' });
    await flushStandIn(stripe.url);
    expect(await balance(advertiser)).toMatchObject({ disputedCents: 10_330 });
    const { refunds } = await refundOk(advertiser, 5_000);
    expect(refunds.map((r) => r.rail)).toEqual(['manual']);
  });

  it('50 requests at once never take more than the free balance, and never split one payment beyond what it has', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 40_000);
    const card = await paidDeposit(advertiser, 10_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(advertiser, 3_000)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(16);
    expect(statuses.filter((s) => s === 409)).toHaveLength(34);
    expect((await balance(advertiser)).balanceCents).toBe(2_000);
    // The card pieces go to Stripe through a job that may run at any moment: read once they have, so that what is
    // refunding, plus what succeeded, is what was taken from the balance.
    await settleJobs();
    const settled = await refundsOf(advertiser);
    expect(settled.filter((r) => r.rail === 'stripe').every((r) => r.status === 'succeeded')).toBe(true);
    const after = await balance(advertiser);
    const succeeded = settled.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
    expect(after.balanceCents).toBe(2_000);
    expect(after.refundingCents + succeeded).toBe(48_000);
    expect(settled.reduce((sum, r) => sum + r.amountCents, 0)).toBe(48_000);
    expect(settled.filter((r) => r.depositId === card).reduce((sum, r) => sum + r.amountCents, 0)).toBe(10_000);
    expect((await balance(advertiser)).cardDeposits.find((d) => d.id === card)?.refundedCents).toBe(10_000);

    // 50 resends of one request (one key): one refund.
    const other = await approvedAdvertiser(api, operator, 10_000);
    const key = `refund-same-${Date.now()}`;
    const same = await Promise.all(Array.from({ length: 50 }, () => ask(other, 1_000, key)));
    for (const answer of same) expect(answer.status, answer.text).toBe(201);
    expect(new Set(same.map((a) => (a.body.refunds as Refund[])[0]!.id)).size).toBe(1);
    expect(await balance(other)).toMatchObject({ balanceCents: 9_000, refundingCents: 1_000 });
  });

  it('the ledger check sees a refunding balance, a processing fee or a payment’s refunded amount that disagrees with its records', async () => {
    const db = api.castbridge.db;
    const advertiser = await approvedAdvertiser(api, operator, 10_000);
    const card = await paidDeposit(advertiser, 2_000);
    const { refunds } = await refundOk(advertiser, 1_000);
    const piece = refunds[0]!;
    expect(piece).toMatchObject({ rail: 'stripe', depositId: card });
    await settleJobs();
    expect((await checkLedger(db)).breaches).toEqual([]);

    // The payment's last $10 through Stripe, the wired $100 by the operator.
    const manual = (await refundOk(advertiser, 11_000)).refunds.find((r) => r.rail === 'manual')!;
    await settleJobs();
    await db.updateTable('refunds').set({ status: 'failed' }).where('id', '=', manual.id).execute();
    expect((await checkLedger(db)).breaches).toContain(
      `advertiser_refunding ${advertiser.id}: balance 10000 cents, their open refunds sum to 0`,
    );
    await db.updateTable('refunds').set({ status: 'requested' }).where('id', '=', manual.id).execute();

    await db.updateTable('card_deposits').set({ refunded_cents: 0 }).where('id', '=', card).execute();
    expect((await checkLedger(db)).breaches).toEqual([
      `card deposit ${card}: refunded 0 cents, its succeeded refunds sum to 2000`,
    ]);
    await db.updateTable('card_deposits').set({ refunded_cents: 2_000 }).where('id', '=', card).execute();

    const fee = await db
      .selectFrom('card_deposits')
      .select('fee_cents')
      .where('id', '=', card)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('card_deposits')
      .set({ fee_cents: Number(fee.fee_cents) + 1 })
      .where('id', '=', card)
      .execute();
    expect((await checkLedger(db)).breaches).toEqual([
      expect.stringMatching(/^processing_fees platform: balance \d+ cents/),
    ]);
    await db.updateTable('card_deposits').set({ fee_cents: fee.fee_cents }).where('id', '=', card).execute();
    expect((await checkLedger(db)).breaches).toEqual([]);
  });

  it('an advertiser asking again and again is slowed down (429) before anything is held', async () => {
    const limited = await startApp(backend, {
      STRIPE_SECRET_KEY: STANDIN_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STANDIN_STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      RATE_LIMIT_SCALE: '1',
    });
    try {
      const advertiser = await approvedAdvertiser(api, operator, 10_000);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1)
        statuses.push(
          (
            await limited.request('POST', '/api/advertiser/refunds', {
              token: advertiser.token,
              json: { amountCents: 100 },
            })
          ).status,
        );
      expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
      expect(await balance(advertiser)).toMatchObject({ balanceCents: 9_000, refundingCents: 1_000 });
    } finally {
      await limited.close();
    }
  });

  it('every endpoint refuses the wrong role (403), the wrong owner and nobody (401)', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 5_000);
    const stranger = await approvedAdvertiser(api, operator, 0);
    const { refunds } = await refundOk(advertiser, 1_000);
    for (const who of [creator, operator]) {
      expect((await ask(who, 100)).status).toBe(403);
      expect((await api.request('GET', '/api/advertiser/refunds', { token: who.token })).status).toBe(403);
    }
    expect((await api.request('POST', '/api/advertiser/refunds', { json: { amountCents: 100 } })).status).toBe(401);
    expect((await api.request('GET', '/api/advertiser/refunds')).status).toBe(401);
    // Another advertiser sees none of them, and has nothing to ask back.
    expect(await refundsOf(stranger)).toEqual([]);
    expect((await ask(stranger, 100)).status).toBe(409);
    for (const who of [advertiser, creator]) {
      expect((await api.request('GET', '/api/admin/refunds', { token: who.token })).status).toBe(403);
      for (const action of ['sent', 'failed'])
        expect(
          (
            await api.request('POST', `/api/admin/refunds/${refunds[0]!.id}/${action}`, {
              token: who.token,
              json: { reference: 'X', reason: 'X' },
            })
          ).status,
        ).toBe(403);
    }
    expect((await api.request('GET', '/api/admin/refunds')).status).toBe(401);
    expect((await api.request('POST', `/api/admin/refunds/${refunds[0]!.id}/sent`, { json: {} })).status).toBe(401);
    expect((await refundsOf(advertiser))[0]).toMatchObject({ status: 'requested' });
  });
});
