// Card and bank-debit deposits through Stripe Checkout, and card disputes (docs/product.md §Self-serve money), on
// SQLite and PostgreSQL against the Stripe stand-in (standins/stripe.ts, on a port of its own, its webhooks
// delivered into the app): "Add funds" opens a Checkout Session for the amount plus Stripe's fee and moves nothing;
// the balance rises only on Stripe's signed webhook, once — a replayed, repeated, parallel, late or out-of-order event
// changes nothing more, a forged one nothing at all; a bank debit is processing until Stripe tells its outcome; a
// dispute holds what the free balance covers (the rest is owed) and its outcome settles the hold; each notice in its
// reader's language. Every endpoint tried by the wrong role, the wrong owner and nobody. After every test the
// ledger's invariants are checked; after the suite, by `npm run ledger -- check` itself.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositFee } from '../../contract/money.ts';
import { balanceOf, checkLedger, PROCESSING_FEES } from '../../server/money/ledger.ts';
import { STANDIN_STRIPE } from '../../server/config.ts';
import { startStripeStandIn, type StripeStandIn } from '../../standins/stripe.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, type Account, expectLedgerCommandClean } from './market.ts';
import {
  deliver,
  disputeObject,
  flushStandIn,
  controlStandIn,
  payOnPage,
  sessionObject,
  signedEvent,
  type SignedEvent,
} from './stripe-webhooks.ts';

type Deposit = {
  id: string;
  amountCents: number;
  feeCents: number;
  grossCents: number;
  method: string;
  status: string;
  refundedCents: number;
  failureReason: string | null;
};
type Balance = {
  balanceCents: number;
  reservedCents: number;
  refundingCents: number;
  disputedCents: number;
  deposits: { amountCents: number; reference: string }[];
  cardDeposits: Deposit[];
};

describe.each(BACKENDS)('card deposits and disputes on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let creator: Account;
  let stripe: StripeStandIn;

  const get = async <T>(url: string, who: Account) => {
    const answer = await api.request('GET', url, { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  };
  const balance = (advertiser: Account) => get<Balance>('/api/advertiser/balance', advertiser);
  const depositOf = async (advertiser: Account, id: string) =>
    (await get<{ deposit: Deposit }>(`/api/advertiser/deposits/${id}`, advertiser)).deposit;
  const notices = async (who: Account) =>
    (await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', who)).notifications;
  const fees = () => balanceOf(api.castbridge.db, PROCESSING_FEES);
  /** A genuine event, delivered: always 200, whether it changes anything or not. */
  const send = async (event: SignedEvent) => {
    const answer = await deliver(api, event);
    expect(answer.status, answer.text).toBe(200);
  };

  let keys = 0;
  /** "Add funds": the deposit, its Checkout page and the Session the stand-in made (read back from our row). */
  async function addFunds(advertiser: Account, amountCents: number, method: 'card' | 'us_bank_account' = 'card') {
    const answer = await api.request('POST', '/api/advertiser/deposits', {
      token: advertiser.token,
      headers: { 'idempotency-key': `deposit-test-${Date.now()}-${++keys}` },
      json: { amountCents, method },
    });
    expect(answer.status, answer.text).toBe(201);
    const deposit = answer.body.deposit as Deposit;
    const row = await api.castbridge.db
      .selectFrom('card_deposits')
      .select(['session_id'])
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    return {
      deposit,
      checkoutUrl: answer.body.checkoutUrl as string,
      sessionId: row.session_id!,
      paymentIntent: `pi_test_${crypto.randomBytes(6).toString('hex')}`,
    };
  }
  type Added = Awaited<ReturnType<typeof addFunds>>;
  const session = (added: Added, paymentStatus: 'paid' | 'unpaid' = 'paid') =>
    sessionObject({
      id: added.deposit.id,
      sessionId: added.sessionId,
      grossCents: added.deposit.grossCents,
      paymentIntent: added.paymentIntent,
      paymentStatus,
    });
  /** Stripe's word that the card payment succeeded. */
  const paid = async (added: Added) => {
    const event = signedEvent('checkout.session.completed', session(added));
    const answer = await deliver(api, event);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ received: true });
    return event;
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    stripe = await startStripeStandIn({ ...STANDIN_STRIPE });
    api = await startApp(backend, {
      STRIPE_SECRET_KEY: STANDIN_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STANDIN_STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
    // The stand-in's webhooks go to the app in process, as Stripe's go to /api/webhooks/stripe.
    stripe.setWebhookEndpoint(async (body, headers) =>
      api.castbridge.app.request('/api/webhooks/stripe', { method: 'POST', headers, body }),
    );
    operator = await account(api, 'operator');
    creator = await account(api, 'creator');
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
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

  it('"Add funds" opens a Checkout Session for the amount plus Stripe’s fee and moves nothing; the Idempotency-Key answers a resend with the same deposit', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const key = `deposit-once-${Date.now()}`;
    const send = () =>
      api.request('POST', '/api/advertiser/deposits', {
        token: advertiser.token,
        headers: { 'idempotency-key': key },
        json: { amountCents: 10_000, method: 'card' },
      });
    const first = await send();
    expect(first.status, first.text).toBe(201);
    const { feeCents, grossCents } = depositFee('card', 10_000);
    expect({ feeCents, grossCents }).toEqual({ feeCents: 330, grossCents: 10_330 });
    expect(first.body.deposit).toMatchObject({
      amountCents: 10_000,
      feeCents: 330,
      grossCents: 10_330,
      method: 'card',
      status: 'open',
      refundedCents: 0,
    });
    const checkoutUrl = first.body.checkoutUrl as string;
    expect(checkoutUrl).toMatch(/\/pay\/cs_/);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await api.request('POST', '/api/advertiser/deposits', {
      token: advertiser.token,
      headers: { 'idempotency-key': key },
      json: { amountCents: 20_000, method: 'card' },
    });
    expect(other.status).toBe(422);

    const id = (first.body.deposit as Deposit).id;
    const row = await api.castbridge.db
      .selectFrom('card_deposits')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(checkoutUrl).toContain(row.session_id!);
    expect(await balance(advertiser)).toMatchObject({
      balanceCents: 0,
      deposits: [],
      cardDeposits: [expect.objectContaining({ id, status: 'open' })],
    });
    expect(await depositOf(advertiser, id)).toMatchObject({ status: 'open' });

    // A bank debit's fee is 0.8%, at most $5.
    const bank = await api.request('POST', '/api/advertiser/deposits', {
      token: advertiser.token,
      json: { amountCents: 1_000_000, method: 'us_bank_account' },
    });
    expect(bank.status, bank.text).toBe(201);
    expect(bank.body.deposit).toMatchObject({ feeCents: 500, grossCents: 1_000_500, method: 'us_bank_account' });

    for (const json of [
      { amountCents: 999, method: 'card' },
      { amountCents: 5_000_001, method: 'card' },
      { amountCents: 10.5, method: 'card' },
      { amountCents: 10_000, method: 'paypal' },
      {},
    ]) {
      const refused = await api.request('POST', '/api/advertiser/deposits', { token: advertiser.token, json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
    }
  });

  it('the balance rises once, on Stripe’s signed webhook: replayed, parallel, late and forged events change nothing more', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const added = await addFunds(advertiser, 10_000);
    const feesBefore = await fees();

    // Forged: signed with another secret, unsigned, or with a signature over other bytes.
    const forged = signedEvent('checkout.session.completed', session(added), { secret: 'whsec_someone_else' });
    const refused = await deliver(api, forged);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Webhook signature not verified/);
    const good = signedEvent('checkout.session.completed', session(added));
    const tampered = await deliver(api, {
      body: good.body.replace('"amount_total":10330', '"amount_total":99999'),
      signature: good.signature,
    });
    expect(tampered.status).toBe(400);
    const unsigned = await api.request('POST', '/api/webhooks/stripe', { json: JSON.parse(good.body) });
    expect(unsigned.status).toBe(400);
    // Signed with the right secret, but dated beyond Stripe's 300 s tolerance, in the past or in the future.
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 301, now + 301, now + 3600]) {
      const dated = signedEvent('checkout.session.completed', session(added), { timestamp });
      expect((await deliver(api, dated)).status, String(timestamp - now)).toBe(400);
    }
    expect((await balance(advertiser)).balanceCents).toBe(0);

    // The real one, delivered five times at once and again later: one credit.
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(api, good)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect((await deliver(api, good)).status).toBe(200);
    // Another event saying the same (Stripe's async_payment_succeeded for it): no second credit.
    await send(signedEvent('checkout.session.async_payment_succeeded', session(added)));
    // A late `expired` after the payment: it stays succeeded.
    await send(signedEvent('checkout.session.expired', { ...session(added), status: 'expired' }));

    const after = await balance(advertiser);
    expect(after.balanceCents).toBe(10_000);
    // Listed once, as a card payment with its state (the wires' list leaves it out).
    expect(after.deposits).toEqual([]);
    expect(after.cardDeposits).toEqual([expect.objectContaining({ id: added.deposit.id, status: 'succeeded' })]);
    expect(await fees()).toBe(feesBefore + 330);
    const told = (await notices(advertiser)).filter((n) => n.type === 'funds.deposited');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('$100 was added to your balance');

    // The ledger: external −gross, the balance +amount, processing fees +fee, in one transfer.
    const row = await api.castbridge.db
      .selectFrom('card_deposits')
      .selectAll()
      .where('id', '=', added.deposit.id)
      .executeTakeFirstOrThrow();
    const legs = await api.castbridge.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(['ledger_accounts.kind as kind', 'ledger_entries.amount_cents as amount'])
      .where('ledger_entries.transfer_id', '=', Number(row.transfer_id))
      .execute();
    expect(legs.map((leg) => [leg.kind, Number(leg.amount)]).sort()).toEqual([
      ['advertiser_balance', 10_000],
      ['external', -10_330],
      ['processing_fees', 330],
    ]);
    expect(row.payment_intent_id).toBe(added.paymentIntent);
    // Its receipt, once, in the transaction that credited it.
    const receipts = await api.castbridge.db
      .selectFrom('documents')
      .select(['owner_id', 'number'])
      .where('kind', '=', 'deposit_receipt')
      .where('subject_id', '=', String(row.transfer_id))
      .execute();
    expect(receipts).toEqual([{ owner_id: advertiser.id, number: expect.stringMatching(/^R-\d{4}-\d{6}$/) }]);
  });

  it('Stripe charging another amount than the deposit asked is never credited; an event for no deposit of ours changes nothing', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const added = await addFunds(advertiser, 5_000);
    await send(signedEvent('checkout.session.completed', { ...session(added), amount_total: 999_999 }));
    expect(await depositOf(advertiser, added.deposit.id)).toMatchObject({ status: 'open' });
    // Another Session naming this deposit, and a Session for a deposit that does not exist.
    await send(signedEvent('checkout.session.completed', { ...session(added), id: 'cs_test_other' }));
    await send(
      signedEvent('checkout.session.completed', {
        ...session(added),
        metadata: { deposit_id: 'nope' },
        client_reference_id: 'nope',
      }),
    );
    expect(await depositOf(advertiser, added.deposit.id)).toMatchObject({ status: 'open' });
    expect((await balance(advertiser)).balanceCents).toBe(0);
  });

  it('a bank debit is processing until Stripe tells its outcome: succeeded credits once, failed credits nothing and says why; a Session left unpaid expires', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const ok = await addFunds(advertiser, 20_000, 'us_bank_account');
    expect(ok.deposit.feeCents).toBe(162);
    await send(signedEvent('checkout.session.completed', session(ok, 'unpaid')));
    expect(await depositOf(advertiser, ok.deposit.id)).toMatchObject({ status: 'processing' });
    expect((await balance(advertiser)).balanceCents).toBe(0);
    const succeeded = signedEvent('checkout.session.async_payment_succeeded', session(ok));
    await send(succeeded);
    await send(succeeded);
    expect(await depositOf(advertiser, ok.deposit.id)).toMatchObject({ status: 'succeeded' });
    expect((await balance(advertiser)).balanceCents).toBe(20_000);

    const bad = await addFunds(advertiser, 30_000, 'us_bank_account');
    await send(signedEvent('checkout.session.completed', session(bad, 'unpaid')));
    await send(signedEvent('checkout.session.async_payment_failed', session(bad, 'unpaid')));
    expect(await depositOf(advertiser, bad.deposit.id)).toMatchObject({
      status: 'failed',
      failureReason: 'the bank refused the debit',
    });
    // Delayed: the `completed` Stripe sent first arrives after the failure; it changes nothing.
    await send(signedEvent('checkout.session.completed', session(bad, 'unpaid')));
    expect(await depositOf(advertiser, bad.deposit.id)).toMatchObject({ status: 'failed' });
    expect((await balance(advertiser)).balanceCents).toBe(20_000);
    expect((await notices(advertiser)).map((n) => n.type)).toContain('funds.deposit_failed');

    // Out of order: the outcome before `completed` still credits once.
    const early = await addFunds(advertiser, 10_000, 'us_bank_account');
    await send(signedEvent('checkout.session.async_payment_succeeded', session(early)));
    await send(signedEvent('checkout.session.completed', session(early, 'unpaid')));
    expect(await depositOf(advertiser, early.deposit.id)).toMatchObject({ status: 'succeeded' });
    expect((await balance(advertiser)).balanceCents).toBe(30_000);

    const left = await addFunds(advertiser, 1_000);
    await send(signedEvent('checkout.session.expired', { ...session(left, 'unpaid'), status: 'expired' }));
    expect(await depositOf(advertiser, left.deposit.id)).toMatchObject({ status: 'expired' });
    expect((await balance(advertiser)).balanceCents).toBe(30_000);
  });

  it('a dispute holds what the free balance covers (the rest is owed) and tells the operators; lost sends the hold out, a replay moves nothing', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const added = await addFunds(advertiser, 10_000);
    await paid(added);
    const created = signedEvent(
      'charge.dispute.created',
      disputeObject({
        id: `dp_${crypto.randomBytes(6).toString('hex')}`,
        amount: 10_330,
        paymentIntent: added.paymentIntent,
      }),
    );
    await send(created);
    await send(created);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 10_000 });
    const disputeId = (JSON.parse(created.body) as { data: { object: { id: string } } }).data.object.id;
    const listed = await get<{ disputes: Record<string, unknown>[] }>('/api/admin/card-disputes', operator);
    expect(listed.disputes.find((d) => d.id === disputeId)).toMatchObject({
      depositId: added.deposit.id,
      advertiserId: advertiser.id,
      advertiserEmail: expect.stringContaining('@'),
      amountCents: 10_330,
      heldCents: 10_000,
      reason: 'fraudulent',
      status: 'open',
      closedAt: null,
    });
    expect((await notices(advertiser)).find((n) => n.type === 'funds.disputed')?.text).toContain(
      '$100 of your balance is held until the bank decides; $3.30 more is owed to Castbridge.',
    );
    expect((await notices(operator)).find((n) => n.type === 'funds.disputed')?.text).toContain('$3.30 owed');

    const lost = signedEvent(
      'charge.dispute.closed',
      disputeObject({ id: disputeId, amount: 10_330, paymentIntent: added.paymentIntent, status: 'lost' }),
    );
    await send(lost);
    await send(lost);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 0 });
    expect(
      (await get<{ disputes: Record<string, unknown>[] }>('/api/admin/card-disputes', operator)).disputes.find(
        (d) => d.id === disputeId,
      ),
    ).toMatchObject({ status: 'lost', heldCents: 10_000 });
    expect((await notices(advertiser)).map((n) => n.type)).toContain('funds.dispute_closed');
  });

  it('a dispute won returns the hold; a dispute whose outcome arrives before it was opened holds nothing', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 50_000);
    const added = await addFunds(advertiser, 10_000);
    await paid(added);
    const id = `dp_${crypto.randomBytes(6).toString('hex')}`;
    await send(
      signedEvent('charge.dispute.created', disputeObject({ id, amount: 10_330, paymentIntent: added.paymentIntent })),
    );
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 60_000 - 10_330, disputedCents: 10_330 });
    await send(
      signedEvent(
        'charge.dispute.closed',
        disputeObject({ id, amount: 10_330, paymentIntent: added.paymentIntent, status: 'won' }),
      ),
    );
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 60_000, disputedCents: 0 });

    const late = `dp_${crypto.randomBytes(6).toString('hex')}`;
    const second = await addFunds(advertiser, 2_000);
    await paid(second);
    await send(
      signedEvent(
        'charge.dispute.closed',
        disputeObject({ id: late, amount: 2_088, paymentIntent: second.paymentIntent, status: 'won' }),
      ),
    );
    await send(
      signedEvent(
        'charge.dispute.created',
        disputeObject({ id: late, amount: 2_088, paymentIntent: second.paymentIntent }),
      ),
    );
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 62_000, disputedCents: 0 });
    const listed = await get<{ disputes: Record<string, unknown>[] }>('/api/admin/card-disputes', operator);
    expect(listed.disputes.find((d) => d.id === late)).toMatchObject({ status: 'won', heldCents: 0 });
  });

  it('an advertiser who reads Spanish is told in Spanish: a card payment, a bank debit refused, a dispute lost and one won; each operator in their own language', async () => {
    const spanish = async (who: Account) =>
      expect((await api.request('PUT', '/api/settings', { token: who.token, json: { locale: 'es-MX' } })).status).toBe(
        200,
      );
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const operadora = await account(api, 'operator');
    for (const who of [advertiser, operadora]) await spanish(who);
    const latest = async (who: Account) =>
      (await get<{ notifications: Record<string, unknown>[] }>('/api/notifications', who)).notifications[0];
    const { email } = await api.castbridge.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', advertiser.id)
      .executeTakeFirstOrThrow();

    const added = await addFunds(advertiser, 10_000);
    await paid(added);
    expect(await latest(advertiser)).toMatchObject({
      type: 'funds.deposited',
      title: 'Fondos agregados',
      text: 'Tu pago con tarjeta de USD\u00a0103.30 se completó: se agregó USD\u00a0100 a tu saldo (comisión de Stripe: USD\u00a03.30).',
      locale: 'es-MX',
    });
    // Castbridge's own reason in Spanish too.
    const bad = await addFunds(advertiser, 30_000, 'us_bank_account');
    await send(signedEvent('checkout.session.completed', session(bad, 'unpaid')));
    await send(signedEvent('checkout.session.async_payment_failed', session(bad, 'unpaid')));
    expect(await latest(advertiser)).toMatchObject({
      type: 'funds.deposit_failed',
      title: 'El pago falló',
      text: 'Tu débito bancario de USD\u00a0302.42 falló: el banco rechazó el débito. No se agregó nada a tu saldo.',
      locale: 'es-MX',
    });

    // Disputed beyond the free balance: $100 held, $3.30 owed; Stripe's reason code as Stripe gave it.
    const id = `dp_${crypto.randomBytes(6).toString('hex')}`;
    await send(
      signedEvent('charge.dispute.created', disputeObject({ id, amount: 10_330, paymentIntent: added.paymentIntent })),
    );
    expect(await latest(advertiser)).toMatchObject({
      type: 'funds.disputed',
      title: 'Pago con tarjeta en disputa',
      text: 'El banco de tu tarjeta disputó tu pago de USD\u00a0103.30 (fraudulent). Se retiene USD\u00a0100 de tu saldo hasta que el banco decida; además le debes USD\u00a03.30 a Castbridge. Los reembolsos y los lanzamientos de campañas esperan hasta que quede cubierto.',
      locale: 'es-MX',
    });
    expect(await latest(operadora)).toMatchObject({
      type: 'funds.disputed',
      text: `El pago de USD\u00a0103.30 de ${email} está en disputa (fraudulent): USD\u00a0100 retenido, USD\u00a03.30 adeudado.`,
      locale: 'es-MX',
    });
    expect(await latest(operator)).toMatchObject({
      type: 'funds.disputed',
      title: 'Card payment disputed',
      text: `${email}'s payment of $103.30 is disputed (fraudulent): $100 held, $3.30 owed.`,
      locale: 'en',
    });
    await send(
      signedEvent(
        'charge.dispute.closed',
        disputeObject({ id, amount: 10_330, paymentIntent: added.paymentIntent, status: 'lost' }),
      ),
    );
    expect(await latest(advertiser)).toMatchObject({
      type: 'funds.dispute_closed',
      title: 'Disputa de tarjeta resuelta',
      text: 'La disputa de tu pago con tarjeta se resolvió a favor del titular de la tarjeta: lo retenido (USD\u00a0100) volvió a la tarjeta, y todavía le debes USD\u00a03.30 a Castbridge: los reembolsos y los lanzamientos de campañas esperan hasta que lo cubran los fondos que agregues o lo que libere una campaña.',
      locale: 'es-MX',
    });
    expect(await latest(operadora)).toMatchObject({
      text: `Disputa ${id} perdida: USD\u00a0100 perdido, USD\u00a03.30 adeudado.`,
      locale: 'es-MX',
    });
    expect(await latest(operator)).toMatchObject({ text: `Dispute ${id} lost: $100 gone, $3.30 owed.`, locale: 'en' });

    // Won, held in full: the hold comes back.
    const other = await approvedAdvertiser(api, operator, 50_000);
    await spanish(other);
    const second = await addFunds(other, 10_000);
    await paid(second);
    const won = `dp_${crypto.randomBytes(6).toString('hex')}`;
    await send(
      signedEvent(
        'charge.dispute.created',
        disputeObject({ id: won, amount: 10_330, paymentIntent: second.paymentIntent }),
      ),
    );
    await send(
      signedEvent(
        'charge.dispute.closed',
        disputeObject({ id: won, amount: 10_330, paymentIntent: second.paymentIntent, status: 'won' }),
      ),
    );
    expect(await latest(other)).toMatchObject({
      type: 'funds.dispute_closed',
      text: 'La disputa de tu pago con tarjeta se resolvió a tu favor: recuperas USD\u00a0103.30.',
      locale: 'es-MX',
    });
    expect(await latest(operadora)).toMatchObject({
      text: `Disputa ${won} ganada: USD\u00a0103.30 devuelto al anunciante.`,
      locale: 'es-MX',
    });
    expect(await latest(operator)).toMatchObject({
      text: `Dispute ${won} won: $103.30 returned to the advertiser.`,
      locale: 'en',
    });
  });

  it('paid on the stand-in’s test page: a declined card stays on the page and moves nothing; 4242 is credited once Stripe’s webhook comes, and its resends and duplicates change nothing', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const added = await addFunds(advertiser, 5_000);
    const declined = await payOnPage(added.checkoutUrl, { card: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('declined');
    await flushStandIn(stripe.url);
    expect(await depositOf(advertiser, added.deposit.id)).toMatchObject({ status: 'open' });

    const paidOnPage = await payOnPage(added.checkoutUrl, { card: '4242 4242 4242 4242' });
    expect(paidOnPage.status).toBe(303);
    expect(paidOnPage.headers.get('location')).toMatch(new RegExp(`/campaigns\\?deposit=${added.deposit.id}$`));
    await flushStandIn(stripe.url);
    expect(await depositOf(advertiser, added.deposit.id)).toMatchObject({ status: 'succeeded' });
    expect((await balance(advertiser)).balanceCents).toBe(5_000);
    // The stand-in's Session: the gross, the deposit named, the method chosen.
    const session = stripe.get(added.sessionId)!;
    expect(session).toMatchObject({
      amount_total: added.deposit.grossCents,
      client_reference_id: added.deposit.id,
      metadata: { deposit_id: added.deposit.id },
    });

    const events = (await (
      await fetch(`${stripe.url}/control/events?type=checkout.session.completed&limit=1000`)
    ).json()) as {
      events: { id: string; objectId: string }[];
    };
    const completed = events.events.find((event) => event.objectId === added.sessionId)!;
    await controlStandIn(stripe.url, `events/${completed.id}/resend`);
    await controlStandIn(stripe.url, `events/${completed.id}/duplicate`, { copies: 5 });
    await flushStandIn(stripe.url);
    expect((await balance(advertiser)).balanceCents).toBe(5_000);
    expect((await notices(advertiser)).filter((n) => n.type === 'funds.deposited')).toHaveLength(1);
  });

  it('4000 0000 0000 0259 is paid, then disputed as fraudulent: the dispute holds the payment out of the balance, and its loss at the stand-in sends the hold out', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 20_000);
    const added = await addFunds(advertiser, 10_000);
    expect((await payOnPage(added.checkoutUrl, { card: '4000000000000259' })).status).toBe(303);
    await flushStandIn(stripe.url);
    await flushStandIn(stripe.url);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 30_000 - 10_330, disputedCents: 10_330 });
    const dispute = stripe
      .list<{ id: string; object: string; payment_intent: string }>('dispute')
      .find(
        (d) =>
          d.payment_intent ===
          stripe.get<{ id: string; object: string; payment_intent: string }>(added.sessionId)!.payment_intent,
      )!;
    const listed = await get<{ disputes: { id: string; status: string; heldCents: number }[] }>(
      '/api/admin/card-disputes',
      operator,
    );
    expect(listed.disputes.find((d) => d.id === dispute.id)).toMatchObject({ status: 'open', heldCents: 10_330 });
    await controlStandIn(stripe.url, `disputes/${dispute.id}/close`, { status: 'lost' });
    await flushStandIn(stripe.url);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 30_000 - 10_330, disputedCents: 0 });
  });

  it('a dispute that overtakes its payment’s own events is refused until the payment is credited, then holds it', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const added = await addFunds(advertiser, 10_000);
    await controlStandIn(stripe.url, 'webhooks/delay', { ms: 3_600_000 });
    expect((await payOnPage(added.checkoutUrl, { card: '4000000000000259' })).status).toBe(303);
    await controlStandIn(stripe.url, 'webhooks/delay', { ms: 0 });
    const intent = String(stripe.get(added.sessionId)!.payment_intent);
    type Listed = { id: string; type: string; objectId: string; event: { data: { object: Record<string, unknown> } } };
    const listed = ((await (await fetch(`${stripe.url}/control/events?limit=1000`)).json()) as { events: Listed[] })
      .events;
    const dispute = listed.find(
      (e) => e.type === 'charge.dispute.created' && e.event.data.object.payment_intent === intent,
    )!;
    const completed = listed.find((e) => e.type === 'checkout.session.completed' && e.objectId === added.sessionId)!;

    // The dispute first: Stripe is asked whose payment it is (its PaymentIntent names the deposit), and told to come back.
    await controlStandIn(stripe.url, `events/${dispute.id}/delay`, { ms: 0 });
    await flushStandIn(stripe.url);
    const first = (await (await fetch(`${stripe.url}/control/events/${dispute.id}`)).json()) as { lastStatus: number };
    expect(first.lastStatus).toBe(409);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 0 });

    // The payment's success, then the dispute again: credited, then held.
    await controlStandIn(stripe.url, `events/${completed.id}/delay`, { ms: 0 });
    await flushStandIn(stripe.url);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 10_000 });
    await controlStandIn(stripe.url, `events/${dispute.id}/resend`);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 10_000 });
    const row = await api.castbridge.db
      .selectFrom('card_disputes')
      .select(['deposit_id', 'held_cents'])
      .where('deposit_id', '=', added.deposit.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.held_cents)).toBe(10_000);
    // Left open: the ledger check counts it as held.
    for (const event of listed.filter(
      (e) => e.objectId === added.sessionId || e.event.data.object.payment_intent === intent,
    ))
      await controlStandIn(stripe.url, `events/${event.id}/delay`, { ms: 0 }).catch(() => null);
    await flushStandIn(stripe.url);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 10_000 });
  });

  it('bank debits on the stand-in’s page: processing until the bank settles (a late-delivered event changes nothing more), a closed account fails with nothing credited', async () => {
    stripe.setBankDelay(3_600_000);
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const ok = await addFunds(advertiser, 20_000, 'us_bank_account');
    expect((await payOnPage(ok.checkoutUrl, { bankAccount: '000123456789' })).status).toBe(303);
    await flushStandIn(stripe.url);
    expect(await depositOf(advertiser, ok.deposit.id)).toMatchObject({ status: 'processing' });
    // Stripe's next event is held back for a while; meanwhile nothing moves.
    await controlStandIn(stripe.url, 'webhooks/delay', { ms: 3_600_000 });
    const intent = String(stripe.get(ok.sessionId)!.payment_intent);
    await controlStandIn(stripe.url, `payment_intents/${intent}/settle`, { outcome: 'succeeded' });
    await controlStandIn(stripe.url, 'webhooks/delay', { ms: 0 });
    await flushStandIn(stripe.url);
    expect(await depositOf(advertiser, ok.deposit.id)).toMatchObject({ status: 'processing' });
    expect((await balance(advertiser)).balanceCents).toBe(0);
    const events = (
      (await (
        await fetch(`${stripe.url}/control/events?type=checkout.session.async_payment_succeeded&limit=1000`)
      ).json()) as {
        events: { id: string; objectId: string; delivered: boolean }[];
      }
    ).events;
    const late = events.find((event) => event.objectId === ok.sessionId)!;
    expect(late.delivered).toBe(false);
    // It arrives at last (and once more, as Stripe may): one credit.
    await controlStandIn(stripe.url, `events/${late.id}/delay`, { ms: 0 });
    await flushStandIn(stripe.url);
    await controlStandIn(stripe.url, `events/${late.id}/resend`);
    expect(await depositOf(advertiser, ok.deposit.id)).toMatchObject({ status: 'succeeded' });
    expect((await balance(advertiser)).balanceCents).toBe(20_000);

    const closed = await addFunds(advertiser, 10_000, 'us_bank_account');
    expect((await payOnPage(closed.checkoutUrl, { bankAccount: '000111111113' })).status).toBe(303);
    await flushStandIn(stripe.url);
    const closedIntent = String(stripe.get(closed.sessionId)!.payment_intent);
    await controlStandIn(stripe.url, `payment_intents/${closedIntent}/settle`, {});
    await flushStandIn(stripe.url);
    // The bank's own words, from the PaymentIntent.
    expect(await depositOf(advertiser, closed.deposit.id)).toMatchObject({
      status: 'failed',
      failureReason: "The customer's bank account has been closed",
    });
    expect((await balance(advertiser)).balanceCents).toBe(20_000);
  });

  it('cancelled on Stripe’s page: the Session is expired at Stripe and the deposit reads expired; a paid one stays paid (issue 48 item 12)', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const added = await addFunds(advertiser, 5_000);
    const cancel = (id: string) =>
      api.request('POST', `/api/advertiser/deposits/${id}/cancel`, { token: advertiser.token });
    const cancelled = await cancel(added.deposit.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.deposit).toMatchObject({ id: added.deposit.id, status: 'expired' });
    // Stripe's own Session can no longer be paid, and its expiry event changes nothing more.
    expect(stripe.get(added.sessionId)).toMatchObject({ status: 'expired' });
    expect((await payOnPage(added.checkoutUrl, { card: '4242 4242 4242 4242' })).status).not.toBe(303);
    await flushStandIn(stripe.url);
    expect(await depositOf(advertiser, added.deposit.id)).toMatchObject({ status: 'expired' });
    expect((await balance(advertiser)).cardDeposits.find((d) => d.id === added.deposit.id)?.status).toBe('expired');
    // Again: answered as it stands.
    expect((await cancel(added.deposit.id)).body.deposit).toMatchObject({ status: 'expired' });

    // Paid meanwhile (another tab), then the cancel link: Stripe refuses to expire it, the payment stands.
    const paidFirst = await addFunds(advertiser, 5_000);
    expect((await payOnPage(paidFirst.checkoutUrl, { card: '4242 4242 4242 4242' })).status).toBe(303);
    const late = await cancel(paidFirst.deposit.id);
    expect(late.status, late.text).toBe(200);
    expect(late.body.deposit).toMatchObject({ status: expect.stringMatching(/^(open|succeeded)$/) });
    await flushStandIn(stripe.url);
    expect(await depositOf(advertiser, paidFirst.deposit.id)).toMatchObject({ status: 'succeeded' });
    expect((await balance(advertiser)).balanceCents).toBe(5_000);
  });

  it('every endpoint refuses the wrong role (403), the wrong owner (404) and nobody (401)', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const stranger = await approvedAdvertiser(api, operator, 0);
    const added = await addFunds(advertiser, 1_000);
    const create = (who: Account | null) =>
      api.request('POST', '/api/advertiser/deposits', {
        ...(who ? { token: who.token } : {}),
        json: { amountCents: 1_000, method: 'card' },
      });
    expect((await create(creator)).status).toBe(403);
    expect((await create(operator)).status).toBe(403);
    expect((await create(null)).status).toBe(401);
    const read = (who: Account | null) =>
      api.request('GET', `/api/advertiser/deposits/${added.deposit.id}`, who ? { token: who.token } : {});
    expect((await read(stranger)).status).toBe(404);
    expect((await read(creator)).status).toBe(403);
    expect((await read(operator)).status).toBe(403);
    expect((await read(null)).status).toBe(401);
    const cancel = (who: Account | null) =>
      api.request('POST', `/api/advertiser/deposits/${added.deposit.id}/cancel`, who ? { token: who.token } : {});
    expect((await cancel(stranger)).status).toBe(404);
    expect((await cancel(creator)).status).toBe(403);
    expect((await cancel(operator)).status).toBe(403);
    expect((await cancel(null)).status).toBe(401);
    expect(await depositOf(advertiser, added.deposit.id)).toMatchObject({ status: 'open' });
    const disputes = (who: Account | null) =>
      api.request('GET', '/api/admin/card-disputes', who ? { token: who.token } : {});
    expect((await disputes(advertiser)).status).toBe(403);
    expect((await disputes(creator)).status).toBe(403);
    expect((await disputes(null)).status).toBe(401);
    // Another advertiser's deposit is not in their balance either.
    expect((await balance(stranger)).cardDeposits).toEqual([]);
    // A deposit's amount paid into the wrong account would be a bug: the webhook credits the deposit's own advertiser.
    await paid(added);
    expect((await balance(stranger)).balanceCents).toBe(0);
    expect((await balance(advertiser)).balanceCents).toBe(1_000);
  });
});
