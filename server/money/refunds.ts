// Refunds of unspent funds (docs/product.md §Self-serve money). An advertiser asks for up to their free balance back;
// the request holds the amount (advertiser_balance → advertiser_refunding) in the transaction that checks the balance
// — the ledger's conditional update refuses what the balance does not cover, so requests at once never take more than
// there is, and the hold takes the advertiser's balance row first, so the requests of one advertiser split their
// pieces one after another. The amount is split into pieces: each card or bank-debit deposit, newest first, up to
// what it has left (its amount less what refunds gave or are giving back; never a disputed one), goes back through
// Stripe; the rest (wired money) is the operator's manual rail. A piece that succeeds leaves the ledger
// (refunding → external) with its receipt; one that fails returns its amount to the balance.
//
// Stripe pieces are handed to Stripe by a job (`refund.submit`), enqueued in the request's transaction like a
// payout's submit job, rather than inline: the request answers at once whatever Stripe's latency, a crash between the
// commit and the call loses nothing (the job's row commits with the pieces), and the queue retries a Stripe that is
// down. Stripe's idempotency key names the piece, so a retried call after a lost answer is the same refund. A card
// refund succeeds at once; a bank debit's is `pending` until `refund.updated` settles it.
//
//   requested ──stripe: succeeded──► succeeded          requested ──operator: sent──► succeeded
//   requested ──stripe: pending──► processing ──refund.updated──► succeeded | failed
//   requested ──stripe refused / operator: failed──► failed (the amount returns to the balance)
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type Stripe from 'stripe';
import { formatCents } from '../../contract/cents.ts';
import type { Locale } from '../../contract/locales.ts';
import type { AdminRefund, Refund } from '../../contract/schemas/money.ts';
import type { Database, RefundsTable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import { money, worded } from '../http/texts.ts';
import type { Notifier } from '../notifications/store.ts';
import {
  advertiserBalance,
  advertiserRefunding,
  balanceOf,
  EXTERNAL,
  InsufficientFunds,
  postTransfer,
} from './ledger.ts';
import { creditAdvertiser, debtOf, refuseWhileOwed } from './debts.ts';
import { issueDocument } from './documents.ts';
import type { StripeGateway } from './providers/stripe-client.ts';
import { claimStripeEvent } from './stripe-events.ts';
import { moneyTexts } from './texts.ts';
import { moneyProblems } from './problems.ts';

/** The job that hands a Stripe piece to Stripe. */
export const REFUND_JOB = 'refund.submit';
export const REFUND_EVENTS = ['refund.updated'] as const;

/** Refunds listed to the advertiser and in the operator console. */
const LISTED = 200;

/** Castbridge's own reasons a piece failed, kept so on the row; its notice words them in the advertiser's language. */
const NO_STRIPE_REFERENCE = 'the payment has no Stripe reference to refund';
const STRIPE_COULD_NOT = 'Stripe could not return it';
const OWN_REASONS = new Map<string, 'reason.noStripeReference' | 'reason.stripeCouldNotReturn'>([
  [NO_STRIPE_REFERENCE, 'reason.noStripeReference'],
  [STRIPE_COULD_NOT, 'reason.stripeCouldNotReturn'],
]);

/** A failed piece's reason in `locale`: Castbridge's own worded in it, Stripe's or an operator's as given. */
function reasonIn(locale: Locale, reason: string): string {
  const own = OWN_REASONS.get(reason);
  return own ? moneyTexts(locale)(own) : reason;
}

type RefundRow = Selectable<RefundsTable>;

export const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  requestId: row.request_id,
  amountCents: Number(row.amount_cents),
  rail: row.rail,
  status: row.status,
  depositId: row.deposit_id,
  failureReason: row.failure_reason,
  requestedAt: row.requested_at,
  decidedAt: row.decided_at,
});

export interface RefundDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
  jobs: Pick<JobQueue, 'enqueue' | 'poke' | 'register'>;
  stripe: Pick<StripeGateway, 'client'> | null;
  logger: Pick<Logger, 'warn'>;
}

/** A Stripe answer that will not change when asked again (the payment cannot take this refund). */
const finalRefusal = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return status === 400 || status === 402 || status === 404;
};

export function createRefunds(services: RefundDeps) {
  const { db, notifier, jobs, logger } = services;

  /** Moves an open piece to succeeded or failed with its transfer, inside `trx`; null when it was not open. */
  async function settle(
    trx: Kysely<Database>,
    id: string,
    outcome: { status: 'succeeded'; providerRef: string | null } | { status: 'failed'; reason: string },
    decidedBy: string | null,
  ) {
    const stamp = new Date().toISOString();
    const row = await trx
      .updateTable('refunds')
      .set((eb) => ({
        status: outcome.status,
        decided_at: stamp,
        decided_by: decidedBy,
        ...(outcome.status === 'succeeded'
          ? { provider_ref: outcome.providerRef ?? eb.ref('provider_ref') }
          : { failure_reason: outcome.reason }),
      }))
      .where('id', '=', id)
      .where('status', 'in', ['requested', 'processing'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const amount = Number(row.amount_cents);
    const advertiserId = row.advertiser_id;
    if (outcome.status === 'succeeded') {
      await postTransfer(trx, {
        kind: 'refund_paid',
        key: `refund-paid:${row.id}`,
        memo:
          row.rail === 'stripe'
            ? 'Refund to the card or bank account that paid'
            : `Refund wired (${row.provider_ref ?? ''})`,
        createdBy: decidedBy,
        legs: [
          { account: advertiserRefunding(advertiserId), amountCents: -amount },
          { account: EXTERNAL, amountCents: amount },
        ],
      });
      if (row.deposit_id)
        await trx
          .updateTable('card_deposits')
          .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amount), updated_at: stamp }))
          .where('id', '=', row.deposit_id)
          .execute();
      // Its receipt, numbered in this transaction.
      await issueDocument(trx, { kind: 'refund_receipt', subjectId: row.id });
    } else {
      // Back to the advertiser: what they owe for a card dispute first (./debts.ts).
      const credit = await creditAdvertiser(trx, advertiserId, amount);
      await postTransfer(trx, {
        kind: 'refund_return',
        key: `refund-return:${row.id}`,
        memo: `Refund failed: ${outcome.reason}`,
        createdBy: decidedBy,
        legs: [{ account: advertiserRefunding(advertiserId), amountCents: -amount }, ...credit.legs],
      });
    }
    // In the advertiser's language; Stripe's or the operator's reason as given, Castbridge's own in it too.
    const announce = await notifier.create(trx, [
      outcome.status === 'succeeded'
        ? {
            userId: advertiserId,
            type: 'funds.refunded',
            title: worded((locale) => moneyTexts(locale)('notice.refundSent')),
            text: worded((locale) =>
              row.rail === 'stripe'
                ? moneyTexts(locale)('notice.refundSentStripeText', { amount: money(amount) })
                : moneyTexts(locale)('notice.refundSentWireText', {
                    amount: money(amount),
                    reference: String(row.provider_ref),
                  }),
            ),
            link: '/campaigns',
          }
        : {
            userId: advertiserId,
            type: 'funds.refund_failed',
            title: worded((locale) => moneyTexts(locale)('notice.refundFailed')),
            text: worded((locale) =>
              moneyTexts(locale)('notice.refundFailedText', {
                amount: money(amount),
                reason: reasonIn(locale, outcome.reason),
              }),
            ),
            link: '/campaigns',
          },
    ]);
    return { row, announce };
  }

  /** Applies what Stripe says of a piece's refund (its answer, or refund.updated), in its own transaction. */
  async function apply(trx: Kysely<Database>, id: string, refund: Stripe.Refund) {
    if (refund.status === 'succeeded') return settle(trx, id, { status: 'succeeded', providerRef: refund.id }, null);
    if (refund.status === 'failed' || refund.status === 'canceled')
      return settle(
        trx,
        id,
        {
          status: 'failed',
          reason: refund.failure_reason ? `Stripe: ${refund.failure_reason}` : STRIPE_COULD_NOT,
        },
        null,
      );
    await trx
      .updateTable('refunds')
      .set({ status: 'processing', provider_ref: refund.id })
      .where('id', '=', id)
      .where('status', 'in', ['requested', 'processing'])
      .execute();
    return null;
  }

  async function withAdvertisers(rows: RefundRow[]): Promise<AdminRefund[]> {
    if (rows.length === 0) return [];
    const users = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [...new Set(rows.map((row) => row.advertiser_id))])
      .execute();
    const emails = new Map(users.map((user) => [user.id, user.email]));
    // Each advertiser's open or lost card disputes and what is still owed for them (./debts.ts): the operator sees
    // them before wiring anything.
    const disputes = await db
      .selectFrom('card_disputes')
      .select(['advertiser_id', 'status', 'amount_cents', 'held_cents', 'recovered_cents'])
      .where('advertiser_id', 'in', [...emails.keys()])
      .where('status', 'in', ['open', 'lost'])
      .execute();
    const flags = new Map<string, { status: 'open' | 'lost'; owedCents: number }>();
    for (const dispute of disputes) {
      const flag = flags.get(dispute.advertiser_id) ?? { status: 'lost' as const, owedCents: 0 };
      if (dispute.status === 'open') flag.status = 'open';
      flag.owedCents += Number(dispute.amount_cents) - Number(dispute.held_cents) - Number(dispute.recovered_cents);
      flags.set(dispute.advertiser_id, flag);
    }
    return rows.map((row) => ({
      ...toRefund(row),
      advertiserId: row.advertiser_id,
      advertiserEmail: emails.get(row.advertiser_id) ?? '',
      advertiserDisputes: flags.get(row.advertiser_id) ?? null,
    }));
  }

  /** The job: hands a requested Stripe piece to Stripe. A final refusal fails the piece (the amount returns). */
  async function submit(refundId: string): Promise<void> {
    const row = await db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
    if (!row || row.status !== 'requested' || row.rail !== 'stripe') return;
    const deposit = row.deposit_id
      ? await db.selectFrom('card_deposits').selectAll().where('id', '=', row.deposit_id).executeTakeFirst()
      : undefined;
    const fail = async (reason: string) => {
      const settled = await db
        .transaction()
        .execute((trx) => settle(trx, refundId, { status: 'failed', reason }, null));
      settled?.announce();
    };
    if (!deposit?.payment_intent_id) return fail(NO_STRIPE_REFERENCE);
    const stripe = services.stripe;
    if (!stripe) throw new Error('Stripe is not configured: the refund waits');
    let refund: Stripe.Refund;
    try {
      refund = await stripe.client.refunds.create(
        {
          payment_intent: deposit.payment_intent_id,
          amount: Number(row.amount_cents),
          metadata: { refund_id: row.id },
        },
        { idempotencyKey: `castbridge-refund-${row.id}` },
      );
    } catch (error) {
      if (!finalRefusal(error)) throw error; // the queue tries again; the same key makes it the same refund
      logger.warn('refund refused by Stripe', { refundId, error: (error as Error).message });
      return fail(`Stripe refused it (${(error as Error).message})`);
    }
    const settled = await db.transaction().execute((trx) => apply(trx, refundId, refund));
    settled?.announce();
  }

  return {
    submit,

    /** Registers the submit job with the queue (server/app.ts). */
    register(queue: Pick<JobQueue, 'register'>) {
      queue.register(REFUND_JOB, (payload) => submit((payload as { refundId: string }).refundId));
    },

    /** POST /api/advertiser/refunds (the route runs it once per Idempotency-Key). */
    async request(advertiserId: string, amountCents: number): Promise<{ refunds: Refund[]; balanceCents: number }> {
      const requestId = crypto.randomUUID();
      let rows: RefundRow[];
      try {
        rows = await db.transaction().execute(async (trx) => {
          // Nothing goes back while the advertiser owes for a card dispute (./debts.ts): the refusal names it.
          await refuseWhileOwed(trx, advertiserId);
          // Then the hold: it checks the free balance under the balance row's lock, which it keeps until the commit.
          await postTransfer(trx, {
            kind: 'refund_hold',
            key: `refund-hold:${requestId}`,
            memo: `Refund of ${formatCents(amountCents)} requested`,
            createdBy: advertiserId,
            legs: [
              { account: advertiserBalance(advertiserId), amountCents: -amountCents },
              { account: advertiserRefunding(advertiserId), amountCents },
            ],
          });
          const stamp = new Date().toISOString();
          const pieces: { amount: number; rail: 'stripe' | 'manual'; depositId: string | null }[] = [];
          let rest = amountCents;
          if (services.stripe) {
            const deposits = await trx
              .selectFrom('card_deposits')
              .select(['id', 'amount_cents', 'refunded_cents'])
              .where('advertiser_id', '=', advertiserId)
              .where('status', '=', 'succeeded')
              .where('payment_intent_id', 'is not', null)
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('card_disputes')
                      .select('card_disputes.id')
                      .whereRef('card_disputes.deposit_id', '=', 'card_deposits.id')
                      .where('card_disputes.status', 'in', ['open', 'lost']),
                  ),
                ),
              )
              .orderBy('succeeded_at', 'desc')
              .orderBy('id', 'desc')
              .execute();
            const open = await trx
              .selectFrom('refunds')
              .select((eb) => ['deposit_id', eb.fn.sum<number | string>('amount_cents').as('amount')])
              .where('advertiser_id', '=', advertiserId)
              .where('rail', '=', 'stripe')
              .where('status', 'in', ['requested', 'processing'])
              .groupBy('deposit_id')
              .execute();
            const giving = new Map(open.map((row) => [row.deposit_id, Number(row.amount ?? 0)]));
            for (const deposit of deposits) {
              if (rest === 0) break;
              const left =
                Number(deposit.amount_cents) - Number(deposit.refunded_cents) - (giving.get(deposit.id) ?? 0);
              if (left <= 0) continue;
              const take = Math.min(left, rest);
              pieces.push({ amount: take, rail: 'stripe', depositId: deposit.id });
              rest -= take;
            }
          }
          if (rest > 0) pieces.push({ amount: rest, rail: 'manual', depositId: null });
          const inserted = await trx
            .insertInto('refunds')
            .values(
              pieces.map((piece) => ({
                id: crypto.randomUUID(),
                request_id: requestId,
                advertiser_id: advertiserId,
                amount_cents: piece.amount,
                rail: piece.rail,
                deposit_id: piece.depositId,
                status: 'requested' as const,
                provider_ref: null,
                failure_reason: null,
                requested_at: stamp,
                decided_at: null,
                decided_by: null,
              })),
            )
            .returningAll()
            .execute();
          for (const row of inserted)
            if (row.rail === 'stripe') await jobs.enqueue(REFUND_JOB, `refund:${row.id}`, { refundId: row.id }, trx);
          return inserted;
        });
      } catch (error) {
        if (!(error instanceof InsufficientFunds)) throw error;
        throw new HttpError(
          409,
          moneyProblems.refund_over_balance.with({ balance: money(error.balanceCents), amount: money(amountCents) }),
        );
      }
      jobs.poke();
      rows.sort((a, b) => Number(a.rail === 'manual') - Number(b.rail === 'manual'));
      return { refunds: rows.map(toRefund), balanceCents: await balanceOf(db, advertiserBalance(advertiserId)) };
    },

    /** GET /api/advertiser/refunds: the advertiser's pieces, newest first. */
    async list(advertiserId: string): Promise<Refund[]> {
      const rows = await db
        .selectFrom('refunds')
        .selectAll()
        .where('advertiser_id', '=', advertiserId)
        .orderBy('requested_at', 'desc')
        .orderBy('rail', 'desc')
        .orderBy('id')
        .limit(LISTED)
        .execute();
      return rows.map(toRefund);
    },

    /** Applies a verified refund.updated once (a bank debit's refund settling, or failing). */
    async onRefundEvent(event: Stripe.Event): Promise<void> {
      const refund = event.data.object as Stripe.Refund;
      const refundId = refund.metadata?.refund_id;
      const settled = await db.transaction().execute(async (trx) => {
        if (!(await claimStripeEvent(trx, event))) return null;
        if (!refundId) return null;
        const row = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
        if (!row || row.rail !== 'stripe' || (row.provider_ref !== null && row.provider_ref !== refund.id)) {
          logger.warn('refund event for no refund of ours', { eventId: event.id, refundId, refund: refund.id });
          return null;
        }
        return apply(trx, row.id, refund);
      });
      settled?.announce();
    },

    /** The operator console: manual pieces waiting for a wire first (oldest first), then the rest (newest first). */
    async adminList(): Promise<AdminRefund[]> {
      const rows = await db.selectFrom('refunds').selectAll().orderBy('requested_at', 'desc').limit(LISTED).execute();
      const waiting = (row: RefundRow) => row.rail === 'manual' && row.status === 'requested';
      rows.sort(
        (a, b) =>
          Number(waiting(b)) - Number(waiting(a)) ||
          (waiting(a) ? a.requested_at.localeCompare(b.requested_at) : b.requested_at.localeCompare(a.requested_at)),
      );
      return withAdvertisers(rows);
    },

    /** An operator wired a manual piece (`sent`) or could not (`failed`: the amount returns to the balance). */
    async decide(
      operatorId: string,
      id: string,
      outcome: { status: 'succeeded'; reference: string } | { status: 'failed'; reason: string },
    ): Promise<AdminRefund> {
      const result = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('refunds')
          .select(['status', 'rail', 'advertiser_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) throw new HttpError(404, moneyProblems.refund_unknown);
        if (current.rail !== 'manual') throw new HttpError(409, moneyProblems.refund_through_stripe);
        // No wire goes out to an advertiser who owes for a card dispute (./debts.ts): failing it pays the debt.
        if (outcome.status === 'succeeded' && current.status === 'requested') {
          const debt = await debtOf(trx, current.advertiser_id);
          if (debt)
            throw new HttpError(
              409,
              moneyProblems.refund_while_owed.with({
                owed: money(debt.owedCents),
                disputeOpen: debt.disputeOpen ? 'yes' : 'no',
              }),
            );
        }
        const settled = await settle(
          trx,
          id,
          outcome.status === 'succeeded'
            ? { status: 'succeeded', providerRef: outcome.reference }
            : { status: 'failed', reason: outcome.reason },
          operatorId,
        );
        if (!settled) throw new HttpError(409, moneyProblems.refund_already_decided.with({ status: current.status }));
        return settled;
      });
      result.announce();
      return (await withAdvertisers([result.row]))[0]!;
    },

    /**
     * Stripe pieces still requested after `olderThanMs` — their job failed for good or was lost — are queued again;
     * the money stays held meanwhile (the key is queued once, so a job still waiting keeps its time).
     */
    async resubmitStale(olderThanMs: number): Promise<number> {
      const before = new Date(Date.now() - olderThanMs).toISOString();
      const rows = await db
        .selectFrom('refunds')
        .select('id')
        .where('status', '=', 'requested')
        .where('rail', '=', 'stripe')
        .where('requested_at', '<', before)
        .limit(500)
        .execute();
      for (const row of rows) await jobs.enqueue(REFUND_JOB, `refund:${row.id}`, { refundId: row.id });
      if (rows.length > 0) logger.warn('requested refunds queued again', { count: rows.length });
      return rows.length;
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
