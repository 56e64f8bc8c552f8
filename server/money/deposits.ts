// Card and US bank-debit deposits through Stripe Checkout (docs/product.md §Self-serve money). "Add funds" opens a
// Checkout Session for the amount plus Stripe's fee (the advertiser bears it: contract/money.ts depositFee) and sends
// the browser to Stripe's page; nothing moves yet. The balance rises only when Stripe's signed webhook says the
// payment succeeded: `checkout.session.completed` paid (a card) or `checkout.session.async_payment_succeeded` (a bank
// debit, after `completed` unpaid made it `processing`). Each event is claimed by id in the transaction that applies
// it (./stripe-events.ts) and every change of status is conditional on the one before, so a replayed, repeated, late
// or out-of-order event moves the money once; the credit is one `deposit` transfer (external −gross, advertiser
// +amount, processing_fees +fee) keyed by the deposit. `async_payment_failed` fails it, `expired` expires it.
//
//   open ──completed paid / async succeeded──► succeeded          open ──expired──► expired
//   open ──completed unpaid──► processing ──async succeeded──► succeeded | ──async failed──► failed
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { formatCents } from '../../contract/cents.ts';
import { depositFee, type DepositMethod } from '../../contract/money.ts';
import type { CardDeposit } from '../../contract/schemas/money.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { money, worded } from '../http/texts.ts';
import type { Logger } from '../log.ts';
import type { Links } from '../mail/links.ts';
import type { Notifier } from '../notifications/store.ts';
import { issueDocument } from './documents.ts';
import { cardDepositOf } from './funding.ts';
import { creditAdvertiser } from './debts.ts';
import { EXTERNAL, postTransfer, PROCESSING_FEES } from './ledger.ts';
import type { StripeGateway } from './providers/stripe-client.ts';
import { claimStripeEvent, stripeId } from './stripe-events.ts';
import { moneyTexts } from './texts.ts';
import { moneyProblems } from './problems.ts';

/** The Checkout events this module applies. */
export const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/** A failed bank debit's reason when Stripe gives none. */
const BANK_REFUSED = 'the bank refused the debit';

const METHOD_NAME: Record<DepositMethod, string> = { card: 'Card payment', us_bank_account: 'Bank debit' };

export interface DepositDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
  /** Stripe: the real API or the stand-in; null when neither is configured (deposits are then refused). */
  stripe: Pick<StripeGateway, 'client'> | null;
  /** Checkout's success and cancel pages are the app's (PUBLIC_URL). */
  links: Pick<Links, 'url'>;
  logger: Pick<Logger, 'warn' | 'error'>;
}

export function createDeposits(services: DepositDeps) {
  const { db, notifier, logger } = services;

  /**
   * Credits a deposit whose payment succeeded, inside `trx`: the one `deposit` transfer, the receipt and the
   * advertiser's notice. Null when it is not open or processing (already credited, failed or expired).
   */
  async function credit(trx: Kysely<Database>, id: string, session: Stripe.Checkout.Session) {
    const stamp = new Date().toISOString();
    const row = await trx
      .updateTable('card_deposits')
      .set((eb) => ({
        status: 'succeeded',
        succeeded_at: stamp,
        updated_at: stamp,
        payment_intent_id: stripeId(session.payment_intent) ?? eb.ref('payment_intent_id'),
      }))
      .where('id', '=', id)
      .where('status', 'in', ['open', 'processing'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const amount = Number(row.amount_cents);
    const fee = Number(row.fee_cents);
    const gross = Number(row.gross_cents);
    // What the advertiser owes for a card dispute is paid first (./debts.ts).
    const credited = await creditAdvertiser(trx, row.advertiser_id, amount);
    const { transferId } = await postTransfer(trx, {
      kind: 'deposit',
      key: `card-deposit:${row.id}`,
      memo: `${METHOD_NAME[row.method]} through Stripe`,
      createdBy: row.advertiser_id,
      legs: [
        { account: EXTERNAL, amountCents: -gross },
        ...credited.legs,
        ...(fee > 0 ? [{ account: PROCESSING_FEES, amountCents: fee }] : []),
      ],
    });
    await trx.updateTable('card_deposits').set({ transfer_id: transferId }).where('id', '=', row.id).execute();
    // Its receipt, numbered in this transaction (after transfer_id: the receipt reads the payment by it).
    await issueDocument(trx, { kind: 'deposit_receipt', subjectId: String(transferId) });
    return notifier.create(trx, [
      {
        userId: row.advertiser_id,
        type: 'funds.deposited',
        // In the advertiser's language.
        title: worded((locale) => moneyTexts(locale)('notice.fundsAdded')),
        text: worded((locale) =>
          moneyTexts(locale)('notice.depositSucceededText', {
            method: row.method,
            gross: money(gross),
            amount: money(amount),
            fee: money(fee),
          }),
        ),
        link: '/campaigns',
      },
    ]);
  }

  /** Fails an open or processing deposit (a bank debit refused), inside `trx`; null when it was neither. */
  async function fail(trx: Kysely<Database>, id: string, reason: string) {
    const row = await trx
      .updateTable('card_deposits')
      .set({ status: 'failed', failure_reason: reason, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', ['open', 'processing'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    return notifier.create(trx, [
      {
        userId: row.advertiser_id,
        type: 'funds.deposit_failed',
        // In the advertiser's language: the bank's reason as the bank gave it, Castbridge's own in it too.
        title: worded((locale) => moneyTexts(locale)('notice.depositFailed')),
        text: worded((locale) =>
          moneyTexts(locale)('notice.depositFailedText', {
            method: row.method,
            gross: money(Number(row.gross_cents)),
            reason: reason === BANK_REFUSED ? moneyTexts(locale)('reason.bankRefused') : reason,
          }),
        ),
        link: '/campaigns',
      },
    ]);
  }

  /** The bank's reason a debit failed, from its PaymentIntent; the plain one when Stripe does not say. */
  async function failureOf(session: Stripe.Checkout.Session): Promise<string> {
    const intent = stripeId(session.payment_intent);
    if (!intent || !services.stripe) return BANK_REFUSED;
    try {
      const found = await services.stripe.client.paymentIntents.retrieve(intent);
      const message = found.last_payment_error?.message?.trim().replace(/\.$/, '');
      return message ? message.slice(0, 300) : BANK_REFUSED;
    } catch (error) {
      logger.warn('payment intent not read', { intent, error: (error as Error).message });
      return BANK_REFUSED;
    }
  }

  /** The advertiser's own deposit (another's: 404). */
  async function own(advertiserId: string, id: string): Promise<CardDeposit> {
    const row = await db
      .selectFrom('card_deposits')
      .selectAll()
      .where('id', '=', id)
      .where('advertiser_id', '=', advertiserId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, moneyProblems.deposit_unknown);
    return cardDepositOf(row);
  }

  return {
    /**
     * POST /api/advertiser/deposits: a deposit row, then Stripe's Checkout Session for it (Stripe's idempotency key
     * names the deposit, so a retried call is the same Session). The route runs it once per Idempotency-Key.
     */
    async create(
      advertiserId: string,
      input: { amountCents: number; method: DepositMethod },
    ): Promise<{ deposit: CardDeposit; checkoutUrl: string }> {
      const stripe = services.stripe;
      if (!stripe) throw new HttpError(503, moneyProblems.cards_not_offered);
      const user = await db.selectFrom('users').select(['email']).where('id', '=', advertiserId).executeTakeFirst();
      if (!user) throw new HttpError(404, moneyProblems.advertiser_unknown);
      const { feeCents, grossCents } = depositFee(input.method, input.amountCents);
      const id = crypto.randomUUID();
      const stamp = new Date().toISOString();
      await db
        .insertInto('card_deposits')
        .values({
          id,
          advertiser_id: advertiserId,
          amount_cents: input.amountCents,
          fee_cents: feeCents,
          gross_cents: grossCents,
          method: input.method,
          status: 'open',
          session_id: null,
          checkout_url: null,
          payment_intent_id: null,
          charge_id: null,
          failure_reason: null,
          transfer_id: null,
          created_at: stamp,
          updated_at: stamp,
          succeeded_at: null,
        })
        .execute();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.client.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: id,
            metadata: { deposit_id: id },
            // The SDK's API version (2026-10-28.endive) names it allowed_payment_method_types (payment_method_types before).
            allowed_payment_method_types: [input.method],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: grossCents,
                  product_data: {
                    name: `Castbridge balance: ${formatCents(input.amountCents)} (+ ${formatCents(feeCents)} processing fee)`,
                  },
                },
              },
            ],
            payment_intent_data: { metadata: { deposit_id: id } },
            customer_email: user.email,
            success_url: services.links.url(`/campaigns?deposit=${id}`),
            cancel_url: services.links.url(`/campaigns?deposit=${id}&cancelled=1`),
          },
          { idempotencyKey: `castbridge-deposit-${id}` },
        );
      } catch (error) {
        // Nothing was charged: no page was shown. The row goes (a Session Stripe made all the same is never paid).
        logger.warn('checkout session not created', { depositId: id, error: (error as Error).message });
        await db.deleteFrom('card_deposits').where('id', '=', id).where('status', '=', 'open').execute();
        throw new HttpError(502, moneyProblems.checkout_down);
      }
      if (!session.url) {
        await db.deleteFrom('card_deposits').where('id', '=', id).where('status', '=', 'open').execute();
        throw new HttpError(502, moneyProblems.checkout_down);
      }
      const row = await db
        .updateTable('card_deposits')
        .set({
          session_id: session.id,
          checkout_url: session.url,
          payment_intent_id: stripeId(session.payment_intent),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { deposit: cardDepositOf(row), checkoutUrl: session.url };
    },

    /** GET /api/advertiser/deposits/:id: the advertiser's own deposit (another's: 404). */
    get: own,

    /**
     * POST /api/advertiser/deposits/:id/cancel: the advertiser came back through Checkout's cancel link (issue 48 item
     * 12). The Session is expired at Stripe, so it can never be paid afterwards, and the deposit reads `expired` at
     * once (Stripe's checkout.session.expired event, when it comes, finds it so). A Session Stripe will not expire (paid
     * meanwhile in another tab, or a bank debit under way) leaves the deposit as it stands: only Stripe's events move it.
     */
    async cancel(advertiserId: string, id: string): Promise<CardDeposit> {
      const deposit = await own(advertiserId, id);
      if (deposit.status !== 'open') return deposit;
      const row = await db.selectFrom('card_deposits').select('session_id').where('id', '=', id).executeTakeFirst();
      const stripe = services.stripe;
      if (!stripe || !row?.session_id) return deposit;
      try {
        await stripe.client.checkout.sessions.expire(row.session_id);
      } catch (error) {
        const stripeError = error as { type?: string; statusCode?: number; message?: string };
        // Stripe refuses to expire a Session that is no longer open: whatever happened there, its events say it.
        if (stripeError.type === 'StripeInvalidRequestError' && stripeError.statusCode === 400) {
          logger.warn('checkout session not expired', { depositId: id, error: stripeError.message ?? '' });
          return own(advertiserId, id);
        }
        logger.error('checkout session expiry failed', { depositId: id, error: stripeError.message ?? String(error) });
        throw new HttpError(502, moneyProblems.cancel_down);
      }
      await db
        .updateTable('card_deposits')
        .set({ status: 'expired', updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
      return own(advertiserId, id);
    },

    /** Applies a verified Checkout event (CHECKOUT_EVENTS) once. */
    async onCheckoutEvent(event: Stripe.Event): Promise<void> {
      const session = event.data.object as Stripe.Checkout.Session;
      const depositId = session.metadata?.deposit_id ?? session.client_reference_id ?? null;
      // Why a bank debit failed is the PaymentIntent's (the bank's words), asked outside the transaction.
      const reason = event.type === 'checkout.session.async_payment_failed' ? await failureOf(session) : BANK_REFUSED;
      const announce = await db.transaction().execute(async (trx) => {
        if (!(await claimStripeEvent(trx, event))) return null;
        if (!depositId) return null;
        const row = await trx.selectFrom('card_deposits').selectAll().where('id', '=', depositId).executeTakeFirst();
        // Another Session naming this deposit is not ours to believe (a Session is made once per deposit).
        if (!row || (row.session_id !== null && row.session_id !== session.id)) {
          logger.warn('checkout event for no deposit of ours', { eventId: event.id, depositId, session: session.id });
          return null;
        }
        const paid = () => {
          if (session.amount_total !== null && session.amount_total !== Number(row.gross_cents)) {
            // Stripe charged something else than the deposit asked: left for an operator, never credited blindly.
            logger.error('checkout amount differs from the deposit', {
              eventId: event.id,
              depositId,
              charged: session.amount_total,
              expected: Number(row.gross_cents),
            });
            return null;
          }
          return credit(trx, row.id, session);
        };
        switch (event.type) {
          case 'checkout.session.completed':
            if (session.payment_status === 'paid') return paid();
            // A bank debit on its way: Stripe tells its outcome later.
            await trx
              .updateTable('card_deposits')
              .set((eb) => ({
                status: 'processing',
                payment_intent_id: stripeId(session.payment_intent) ?? eb.ref('payment_intent_id'),
                updated_at: new Date().toISOString(),
              }))
              .where('id', '=', row.id)
              .where('status', '=', 'open')
              .execute();
            return null;
          case 'checkout.session.async_payment_succeeded':
            return paid();
          case 'checkout.session.async_payment_failed':
            return fail(trx, row.id, reason);
          case 'checkout.session.expired':
            await trx
              .updateTable('card_deposits')
              .set({ status: 'expired', updated_at: new Date().toISOString() })
              .where('id', '=', row.id)
              .where('status', '=', 'open')
              .execute();
            return null;
          default:
            return null;
        }
      });
      announce?.();
    },
  };
}

export type Deposits = ReturnType<typeof createDeposits>;
