// What a card dispute leaves owed (docs/product.md §Card disputes; issue 44 item 1) on SQLite and PostgreSQL: the part
// of a disputed payment the free balance could not hold is a debt in the ledger (advertiser_owed), every cent that
// becomes free afterwards pays it first (a release, a deposit, a failed refund), refunds and launches are refused
// while it is open with the reason and the amount, an operator cannot wire a refund to an advertiser who owes, the
// operators' refund queue flags the advertiser, a won dispute cancels the debt and returns what it held and recovered,
// a lost one leaves the debt until free money covers it. The two paths the outside probe found (A: the freed
// reservation relaunched and paid to a creator; B: the freed reservation wired back) are refused. `ledger check`
// catches an owed amount released to the balance instead. Every endpoint tried by the wrong user.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STANDIN_STRIPE } from '../../server/config.ts';
import { backfillDebts } from '../../server/db/migrations/0031_dispute_debts.ts';
import {
  advertiserBalance,
  advertiserDisputed,
  campaignReserve,
  checkLedger,
  postTransfer,
} from '../../server/money/ledger.ts';
import { startStripeStandIn, type StripeStandIn } from '../../standins/stripe.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import {
  account,
  approvedAdvertiser,
  campaignInput,
  deposit,
  expectLedgerCommandClean,
  type Account,
} from './market.ts';
import { deliver, disputeObject, sessionObject, signedEvent } from './stripe-webhooks.ts';

type Balance = {
  balanceCents: number;
  reservedCents: number;
  refundingCents: number;
  disputedCents: number;
  owedCents: number;
  owedDispute: 'open' | 'lost' | null;
};

const OPEN_MESSAGE = (owed: string) =>
  `A card payment of yours is disputed: ${owed} is owed to Castbridge until the dispute closes. Refunds and launches wait until it is covered.`;
const LOST_MESSAGE = (owed: string) =>
  `A card payment of yours was disputed and the bank took it back: ${owed} is owed to Castbridge. Refunds and launches wait until it is covered: add funds, or cancel a campaign to free what it reserves.`;

describe.each(BACKENDS)('what a card dispute leaves owed on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let stripe: StripeStandIn;
  let operator: Account;

  const get = async <T>(url: string, who: Account) => {
    const answer = await api.request('GET', url, { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  };
  const balance = (advertiser: Account) => get<Balance>('/api/advertiser/balance', advertiser);
  let keys = 0;
  const key = () => `debt-test-${Date.now()}-${++keys}`;
  const askRefund = (advertiser: Account, amountCents: number) =>
    api.request('POST', '/api/advertiser/refunds', {
      token: advertiser.token,
      headers: { 'idempotency-key': key() },
      json: { amountCents },
    });
  const send = async (type: string, object: Record<string, unknown>) => {
    const answer = await deliver(api, signedEvent(type, object));
    expect(answer.status, answer.text).toBe(200);
  };

  /** A card payment of `amountCents` (plus Stripe's fee), credited by Stripe's webhook; its PaymentIntent. */
  async function cardDeposit(advertiser: Account, amountCents: number) {
    const answer = await api.request('POST', '/api/advertiser/deposits', {
      token: advertiser.token,
      headers: { 'idempotency-key': key() },
      json: { amountCents, method: 'card' },
    });
    expect(answer.status, answer.text).toBe(201);
    const made = answer.body.deposit as { id: string; grossCents: number };
    const row = await api.castbridge.db
      .selectFrom('card_deposits')
      .select('session_id')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    const paymentIntent = `pi_test_${crypto.randomBytes(6).toString('hex')}`;
    await send(
      'checkout.session.completed',
      sessionObject({
        id: made.id,
        sessionId: row.session_id!,
        grossCents: made.grossCents,
        paymentIntent,
        paymentStatus: 'paid',
      }),
    );
    return { paymentIntent, grossCents: made.grossCents };
  }
  const dispute = async (paymentIntent: string, amount: number) => {
    const id = `dp_${crypto.randomBytes(6).toString('hex')}`;
    await send('charge.dispute.created', disputeObject({ id, amount, paymentIntent }));
    return {
      id,
      close: (outcome: 'won' | 'lost') =>
        send('charge.dispute.closed', disputeObject({ id, amount, paymentIntent, status: outcome })),
    };
  };
  let countries = 0;
  /** A campaign of one spot at `payCents`, created (and launched unless `launch` is false); its id and answer. */
  async function campaign(advertiser: Account, payCents: number, launch = true) {
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        payCents,
        spots: 1,
        targeting: { ...campaignInput().targeting, countries: [['Tonga', 'Fiji', 'Samoa', 'Nepal'][countries++ % 4]!] },
      }),
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.campaign as { id: string }).id;
    const launched = launch ? await launchOf(advertiser, id) : null;
    if (launched) expect(launched.status, launched.text).toBe(200);
    return id;
  }
  const launchOf = (advertiser: Account, id: string) =>
    api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
  const cancel = async (advertiser: Account, id: string) => {
    const answer = await api.request('POST', `/api/campaigns/${id}/cancel`, { token: advertiser.token });
    expect(answer.status, answer.text).toBe(200);
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
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain(20_000);
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    await api?.close();
    if (backend) expectLedgerCommandClean(backend);
    await backend?.cleanup();
    await stripe?.close();
  });

  it('path A: the reservation a cancel frees pays what the dispute left owed, so it cannot be relaunched and paid to a creator; lost, the debt stays until a deposit covers it', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const paid = await cardDeposit(advertiser, 10_000);
    expect(paid.grossCents).toBe(10_330);
    const first = await campaign(advertiser, 9_000);
    const disputed = await dispute(paid.paymentIntent, 10_330);
    // $10 free is held; the $93.30 beyond it is owed.
    expect(await balance(advertiser)).toMatchObject({
      balanceCents: 0,
      reservedCents: 9_000,
      disputedCents: 1_000,
      owedCents: 9_330,
      owedDispute: 'open',
    });
    await cancel(advertiser, first);
    // The $90 released went to the debt, not to the free balance.
    expect(await balance(advertiser)).toMatchObject({
      balanceCents: 0,
      reservedCents: 0,
      owedCents: 330,
      owedDispute: 'open',
    });
    const second = await campaign(advertiser, 9_000, false);
    const relaunch = await launchOf(advertiser, second);
    expect(relaunch.status).toBe(409);
    expect(relaunch.body).toEqual({ message: OPEN_MESSAGE('$3.30'), code: 'money.debt_owed' });
    // Even a launch the free balance could cover waits while anything is owed.
    await deposit(api, operator, advertiser, 330 + 500);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 500, owedCents: 0, owedDispute: null });

    await disputed.close('lost');
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 500, disputedCents: 0, owedCents: 0 });
    const listed = await get<{ disputes: { id: string; heldCents: number; recoveredCents: number }[] }>(
      '/api/admin/card-disputes',
      operator,
    );
    expect(listed.disputes.find((d) => d.id === disputed.id)).toMatchObject({
      status: 'lost',
      heldCents: 1_000,
      recoveredCents: 9_330,
    });
  });

  it('path B: a refund of the freed reservation is refused naming the open dispute; lost, it still says what is owed', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const paid = await cardDeposit(advertiser, 20_000);
    expect(paid.grossCents).toBe(20_629);
    const launched = await campaign(advertiser, 15_000);
    const disputed = await dispute(paid.paymentIntent, 20_629);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 5_000, owedCents: 15_629 });
    await cancel(advertiser, launched);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, owedCents: 629 });
    const refused = await askRefund(advertiser, 15_000);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: OPEN_MESSAGE('$6.29'), code: 'money.debt_owed' });
    expect((await get<{ refunds: unknown[] }>('/api/advertiser/refunds', advertiser)).refunds).toEqual([]);
    await disputed.close('lost');
    expect(await balance(advertiser)).toMatchObject({ disputedCents: 0, owedCents: 629, owedDispute: 'lost' });
    const again = await askRefund(advertiser, 100);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: LOST_MESSAGE('$6.29'), code: 'money.debt_owed' });
    const notices = (await get<{ notifications: { type: string; text: string }[] }>('/api/notifications', advertiser))
      .notifications;
    expect(notices.find((n) => n.type === 'funds.dispute_closed')?.text).toContain('$6.29 is still owed to Castbridge');
    // A card payment later pays the debt first; the rest is free again.
    await cardDeposit(advertiser, 1_000);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 371, owedCents: 0, owedDispute: null });
    expect((await askRefund(advertiser, 371)).status).toBe(201);
  });

  it('a wire waiting for an operator is not sent while the advertiser owes; failed, it pays the debt; the queue flags the advertiser', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 5_000);
    const asked = await askRefund(advertiser, 5_000);
    expect(asked.status, asked.text).toBe(201);
    const piece = (asked.body.refunds as { id: string; rail: string }[])[0]!;
    expect(piece.rail).toBe('manual');
    const paid = await cardDeposit(advertiser, 10_000);
    await campaign(advertiser, 10_000);
    const disputed = await dispute(paid.paymentIntent, 10_330);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, owedCents: 10_330, refundingCents: 5_000 });

    type Queue = { refunds: { id: string; advertiserDisputes: { status: string; owedCents: number } | null }[] };
    const flagged = (await get<Queue>('/api/admin/refunds', operator)).refunds.find((r) => r.id === piece.id);
    expect(flagged?.advertiserDisputes).toEqual({ status: 'open', owedCents: 10_330 });
    const sent = await api.request('POST', `/api/admin/refunds/${piece.id}/sent`, {
      token: operator.token,
      headers: { 'idempotency-key': key() },
      json: { reference: 'WIRE-1' },
    });
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe(
      'This advertiser owes $103.30 for a card payment still disputed: do not wire this refund. Mark it failed, and its amount pays what is owed.',
    );
    const failed = await api.request('POST', `/api/admin/refunds/${piece.id}/failed`, {
      token: operator.token,
      headers: { 'idempotency-key': key() },
      json: { reason: 'Card dispute open' },
    });
    expect(failed.status, failed.text).toBe(200);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, refundingCents: 0, owedCents: 5_330 });
    await disputed.close('lost');
    const after = (await get<Queue>('/api/admin/refunds', operator)).refunds.find((r) => r.id === piece.id);
    expect(after?.advertiserDisputes).toEqual({ status: 'lost', owedCents: 5_330 });
    // An advertiser without disputes is not flagged.
    const clean = await approvedAdvertiser(api, operator, 1_000);
    const theirs = (await askRefund(clean, 1_000)).body.refunds as { id: string }[];
    expect(
      (await get<Queue>('/api/admin/refunds', operator)).refunds.find((r) => r.id === theirs[0]!.id)
        ?.advertiserDisputes,
    ).toBeNull();
  });

  it('won: the hold and what was recovered come back and the rest of the debt is cancelled', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const paid = await cardDeposit(advertiser, 10_000);
    const launched = await campaign(advertiser, 9_000);
    const disputed = await dispute(paid.paymentIntent, 10_330);
    await cancel(advertiser, launched);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 1_000, owedCents: 330 });
    await disputed.close('won');
    expect(await balance(advertiser)).toMatchObject({
      balanceCents: 10_000,
      disputedCents: 0,
      owedCents: 0,
      owedDispute: null,
    });
    expect((await launchOf(advertiser, await campaign(advertiser, 2_000, false))).status).toBe(200);
  });

  it('lost before Stripe said it was opened: what is free goes out, the rest is owed; the late opening moves nothing', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const paid = await cardDeposit(advertiser, 10_000);
    await campaign(advertiser, 9_000);
    const id = `dp_${crypto.randomBytes(6).toString('hex')}`;
    const object = (status?: 'lost') =>
      disputeObject({ id, amount: 10_330, paymentIntent: paid.paymentIntent, status });
    await send('charge.dispute.closed', object('lost'));
    expect(await balance(advertiser)).toMatchObject({
      balanceCents: 0,
      disputedCents: 0,
      owedCents: 9_330,
      owedDispute: 'lost',
    });
    await send('charge.dispute.created', object());
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 0, owedCents: 9_330 });
  });

  it('the ledger check catches an owed amount released to the free balance, and a recovery that is not in the ledger', async () => {
    const db = api.castbridge.db;
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const paid = await cardDeposit(advertiser, 10_000);
    const launched = await campaign(advertiser, 9_000);
    const disputed = await dispute(paid.paymentIntent, 10_330);
    expect((await checkLedger(db)).breaches).toEqual([]);
    // The release as the code before the fix posted it: the whole $90 to the free balance, nothing to the debt.
    const release = (amountCents: number) =>
      db.transaction().execute((trx) =>
        postTransfer(trx, {
          kind: 'release',
          memo: 'a release that forgot the debt',
          legs: [
            { account: campaignReserve(launched), amountCents: -amountCents },
            { account: advertiserBalance(advertiser.id), amountCents },
          ],
        }),
      );
    await release(9_000);
    expect((await checkLedger(db)).breaches).toEqual([
      `advertiser ${advertiser.id}: free balance 9000 cents while 9330 cents are owed for card disputes (free money pays the debt first)`,
    ]);
    await release(-9_000);
    expect((await checkLedger(db)).breaches).toEqual([]);
    // A recovery recorded on the dispute but never posted to the debt.
    await db.updateTable('card_disputes').set({ recovered_cents: 9_000 }).where('id', '=', disputed.id).execute();
    expect((await checkLedger(db)).breaches).toEqual([
      `advertiser_owed ${advertiser.id}: balance -9330 cents, minus what their disputes could not hold and was not recovered sum to -330`,
    ]);
    await db.updateTable('card_disputes').set({ recovered_cents: 0 }).where('id', '=', disputed.id).execute();
    expect((await checkLedger(db)).breaches).toEqual([]);
  });

  it('a dispute opened before the debt existed: migration 0031 posts what it owes and the free balance pays it, once; won, it all comes back', async () => {
    const db = api.castbridge.db;
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const paid = await cardDeposit(advertiser, 10_000);
    const launched = await campaign(advertiser, 9_000);
    // As the code before the debt wrote it: the hold of what was free, the rest only "owed" on the row, and a later
    // release of $50 to the free balance.
    const id = `dp_${crypto.randomBytes(6).toString('hex')}`;
    const deposit = await db
      .selectFrom('card_deposits')
      .select('id')
      .where('payment_intent_id', '=', paid.paymentIntent)
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('card_disputes')
        .values({
          id,
          deposit_id: deposit.id,
          advertiser_id: advertiser.id,
          amount_cents: 10_330,
          held_cents: 1_000,
          reason: 'fraudulent',
          status: 'open',
          created_at: new Date().toISOString(),
          closed_at: null,
        })
        .execute();
      await postTransfer(trx, {
        kind: 'dispute_hold',
        key: `dispute-hold:${id}`,
        memo: 'old hold',
        legs: [
          { account: advertiserBalance(advertiser.id), amountCents: -1_000 },
          { account: advertiserDisputed(advertiser.id), amountCents: 1_000 },
        ],
      });
      await postTransfer(trx, {
        kind: 'release',
        memo: 'old release',
        legs: [
          { account: campaignReserve(launched), amountCents: -5_000 },
          { account: advertiserBalance(advertiser.id), amountCents: 5_000 },
        ],
      });
    });
    expect((await checkLedger(db)).breaches).toContain(
      `advertiser_owed ${advertiser.id}: balance 0 cents, minus what their disputes could not hold and was not recovered sum to -9330`,
    );
    await backfillDebts(db as never);
    await backfillDebts(db as never);
    expect((await checkLedger(db)).breaches).toEqual([]);
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 0, disputedCents: 1_000, owedCents: 4_330 });
    await send(
      'charge.dispute.closed',
      disputeObject({ id, amount: 10_330, paymentIntent: paid.paymentIntent, status: 'won' }),
    );
    expect(await balance(advertiser)).toMatchObject({ balanceCents: 6_000, disputedCents: 0, owedCents: 0 });
  });

  it('the wrong user: another advertiser owes nothing and refunds and launches freely, cannot launch or cancel the debtor’s campaign, and only operators read the flagged queue', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const paid = await cardDeposit(advertiser, 10_000);
    const launched = await campaign(advertiser, 9_000);
    await dispute(paid.paymentIntent, 10_330);
    const stranger = await approvedAdvertiser(api, operator, 5_000);
    expect(await balance(stranger)).toMatchObject({ balanceCents: 5_000, owedCents: 0, owedDispute: null });
    expect((await askRefund(stranger, 1_000)).status).toBe(201);
    await campaign(stranger, 1_000);
    const waiting = await campaign(advertiser, 100, false);
    expect((await launchOf(stranger, waiting)).status).toBe(404);
    expect((await api.request('POST', `/api/campaigns/${launched}/cancel`, { token: stranger.token })).status).toBe(
      404,
    );
    expect(await balance(advertiser)).toMatchObject({ reservedCents: 9_000, owedCents: 9_330 });
    const creator = await account(api, 'creator');
    for (const who of [advertiser, stranger, creator]) {
      expect((await api.request('GET', '/api/admin/refunds', { token: who.token })).status).toBe(403);
      expect((await api.request('GET', '/api/admin/card-disputes', { token: who.token })).status).toBe(403);
    }
    expect((await api.request('GET', '/api/admin/refunds')).status).toBe(401);
    expect((await api.request('POST', '/api/advertiser/refunds', { json: { amountCents: 100 } })).status).toBe(401);
    const asCreator = await api.request('POST', '/api/advertiser/refunds', {
      token: creator.token,
      headers: { 'idempotency-key': key() },
      json: { amountCents: 100 },
    });
    expect(asCreator.status).toBe(403);
  });
});
