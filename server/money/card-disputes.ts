// Card disputes (docs/product.md §Self-serve money). When a card payment is disputed (`charge.dispute.created`), the
// disputed amount is held out of the advertiser's free balance (advertiser_balance → advertiser_disputed) as far as
// the free balance covers it; what it cannot cover Stripe has taken back from Castbridge all the same, so the
// advertiser owes it (`dispute_owed`: advertiser_owed below zero, ./debts.ts), and every cent that becomes free for
// them later pays it first. Stripe's outcome (`charge.dispute.closed`) settles it: won returns the hold and what was
// recovered, and cancels the rest of the debt; lost sends the hold out with the money Stripe took back, and the debt
// stays until free money covers it. Each event is claimed by id in the transaction that applies it (./stripe-events.ts); the dispute's row
// changes only from `open`, so a repeated or late event moves nothing twice. A `closed` that arrives before its
// `created` records the dispute decided with nothing held, and the late `created` then finds it and holds nothing. A
// `created` that overtakes its payment's own events is refused (409, nothing claimed: Stripe sends it again) until the
// payment is credited, so the hold always follows the credit; its deposit is found through the PaymentIntent's metadata
// when we do not know the PaymentIntent yet.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { formatCents } from '../../contract/cents.ts';
import type { CardDispute } from '../../contract/schemas/money.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { money, worded } from '../http/texts.ts';
import type { Logger } from '../log.ts';
import type { NewNotification, Notifier } from '../notifications/store.ts';
import { creditAdvertiser, lockAdvertiser } from './debts.ts';
import {
  advertiserBalance,
  advertiserDisputed,
  advertiserOwed,
  EXTERNAL,
  InsufficientFunds,
  postTransfer,
  type AccountRef,
  type Leg,
} from './ledger.ts';
import type { StripeGateway } from './providers/stripe-client.ts';
import { claimStripeEvent, operatorIds, stripeId } from './stripe-events.ts';
import { moneyTexts } from './texts.ts';
import { moneyProblems } from './problems.ts';

/** The legs with one per account (their amounts summed), none of zero. */
function merged(legs: Leg[]): Leg[] {
  const byKey = new Map<string, { account: AccountRef; amountCents: number }>();
  for (const leg of legs) {
    const key = `${leg.account.kind}:${leg.account.ownerId}`;
    const found = byKey.get(key);
    if (found) found.amountCents += leg.amountCents;
    else byKey.set(key, { account: leg.account, amountCents: leg.amountCents });
  }
  return [...byKey.values()].filter((leg) => leg.amountCents !== 0);
}

export const DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.closed'] as const;

/** Disputes the operators' list shows. */
const LISTED = 200;

/** How often a hold is tried again when the free balance moved between reading and holding it. */
const HOLD_ATTEMPTS = 5;

export interface CardDisputeDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
  logger: Pick<Logger, 'warn'>;
  /** Asked which deposit a PaymentIntent is for, when its dispute comes before its own events. */
  stripe: Pick<StripeGateway, 'client'> | null;
}

export function createCardDisputes(services: CardDisputeDeps) {
  const { db, notifier, logger } = services;

  /** The card deposit a dispute is about: by its PaymentIntent, else its charge. */
  const depositOf = async (trx: Kysely<Database>, dispute: Stripe.Dispute, hint: string | null = null) => {
    const intent = stripeId(dispute.payment_intent);
    const charge = stripeId(dispute.charge);
    const found =
      intent || charge
        ? await trx
            .selectFrom('card_deposits')
            .selectAll()
            .where((eb) =>
              eb.or([
                ...(intent ? [eb('payment_intent_id', '=', intent)] : []),
                ...(charge ? [eb('charge_id', '=', charge)] : []),
              ]),
            )
            .executeTakeFirst()
        : undefined;
    if (found || !hint) return found;
    return trx.selectFrom('card_deposits').selectAll().where('id', '=', hint).executeTakeFirst();
  };

  /**
   * The deposit a PaymentIntent we do not know yet names in its metadata (a dispute whose payment's own events have
   * not come yet): asked of Stripe, outside any transaction. Null when it is not one of ours.
   */
  async function depositNamedBy(event: Stripe.Event): Promise<string | null> {
    const dispute = event.data.object as Stripe.Dispute;
    const intent = stripeId(dispute.payment_intent);
    if (!intent || !services.stripe) return null;
    if (await depositOf(db, dispute)) return null;
    try {
      const found = await services.stripe.client.paymentIntents.retrieve(intent);
      return found.metadata?.deposit_id ?? null;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error; // Stripe unreachable: the event is answered 500 and sent again
    }
  }

  async function opened(trx: Kysely<Database>, event: Stripe.Event, hint: string | null) {
    const dispute = event.data.object as Stripe.Dispute;
    const deposit = await depositOf(trx, dispute, hint);
    if (!deposit) {
      logger.warn('dispute of a payment that is not a deposit', { eventId: event.id, dispute: dispute.id });
      return null;
    }
    // Disputed before Stripe's word that it succeeded reached us: the hold must follow the credit, so this event is
    // refused (nothing is claimed) and Stripe sends it again later.
    if (deposit.status !== 'succeeded') throw new HttpError(409, moneyProblems.dispute_not_credited);
    const advertiserId = deposit.advertiser_id;
    const charge = stripeId(dispute.charge);
    const intent = stripeId(dispute.payment_intent);
    if ((charge && deposit.charge_id === null) || (intent && deposit.payment_intent_id === null))
      await trx
        .updateTable('card_deposits')
        .set({ charge_id: deposit.charge_id ?? charge, payment_intent_id: deposit.payment_intent_id ?? intent })
        .where('id', '=', deposit.id)
        .execute();
    // The balance row first (./debts.ts): no release or refund splits these free cents with the hold meanwhile.
    const free = await lockAdvertiser(trx, advertiserId);
    const held = Math.max(0, Math.min(dispute.amount, free));
    const inserted = await trx
      .insertInto('card_disputes')
      .values({
        id: dispute.id,
        deposit_id: deposit.id,
        advertiser_id: advertiserId,
        amount_cents: dispute.amount,
        held_cents: held,
        reason: dispute.reason,
        status: 'open',
        created_at: new Date().toISOString(),
        closed_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null; // known already (its `closed` came first)
    if (held > 0)
      await postTransfer(trx, {
        kind: 'dispute_hold',
        key: `dispute-hold:${dispute.id}`,
        memo: `Card payment disputed (${dispute.reason})`,
        legs: [
          { account: advertiserBalance(advertiserId), amountCents: -held },
          { account: advertiserDisputed(advertiserId), amountCents: held },
        ],
      });
    const owed = dispute.amount - held;
    // Stripe took the whole disputed amount back from Castbridge: what the hold could not cover, the advertiser owes.
    if (owed > 0)
      await postTransfer(trx, {
        kind: 'dispute_owed',
        key: `dispute-owed:${dispute.id}`,
        memo: `Card payment disputed (${dispute.reason}): ${formatCents(owed)} beyond the free balance is owed`,
        legs: [
          { account: advertiserOwed(advertiserId), amountCents: -owed },
          { account: EXTERNAL, amountCents: owed },
        ],
      });
    const advertiser = await trx.selectFrom('users').select('email').where('id', '=', advertiserId).executeTakeFirst();
    const operators = await operatorIds(trx);
    // Each reader in their language; Stripe's reason code as Stripe gave it.
    const values = {
      advertiser: advertiser?.email ?? advertiserId,
      amount: money(Number(deposit.gross_cents)),
      reason: dispute.reason,
      held: money(held),
      owed: money(owed),
      owing: owed > 0 ? 'yes' : 'no',
    };
    const title = worded((locale) => moneyTexts(locale)('notice.cardDisputed'));
    return notifier.create(trx, [
      {
        userId: advertiserId,
        type: 'funds.disputed',
        title,
        text: worded((locale) => moneyTexts(locale)('notice.cardDisputedText', values)),
        link: '/campaigns',
      },
      ...operators.map((userId): NewNotification => ({
        userId,
        type: 'funds.disputed',
        title,
        text: worded((locale) => moneyTexts(locale)('notice.cardDisputedOperatorText', values)),
        link: '/admin',
      })),
    ]);
  }

  async function closed(trx: Kysely<Database>, event: Stripe.Event) {
    const dispute = event.data.object as Stripe.Dispute;
    const won = dispute.status === 'won';
    if (dispute.status !== 'won' && dispute.status !== 'lost') return null;
    const stamp = new Date().toISOString();
    // The advertiser's balance row first (./debts.ts), as every writer of a debt takes it.
    const before = await trx
      .selectFrom('card_disputes')
      .select('advertiser_id')
      .where('id', '=', dispute.id)
      .executeTakeFirst();
    if (before) await lockAdvertiser(trx, before.advertiser_id);
    const row = await trx
      .updateTable('card_disputes')
      .set({ status: won ? 'won' : 'lost', closed_at: stamp })
      .where('id', '=', dispute.id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const known = await trx.selectFrom('card_disputes').select('id').where('id', '=', dispute.id).executeTakeFirst();
      if (known) return null;
      // Its `created` has not come (yet): the dispute is recorded decided. Won, nothing moves; lost, Stripe took the
      // payment back: what the free balance covers goes out now, the rest is owed (the late `created` moves nothing).
      const deposit = await depositOf(trx, dispute);
      if (!deposit) return null;
      const free = won ? 0 : await lockAdvertiser(trx, deposit.advertiser_id);
      const taken = won ? 0 : Math.max(0, Math.min(dispute.amount, free));
      await trx
        .insertInto('card_disputes')
        .values({
          id: dispute.id,
          deposit_id: deposit.id,
          advertiser_id: deposit.advertiser_id,
          amount_cents: dispute.amount,
          held_cents: taken,
          reason: dispute.reason,
          status: won ? 'won' : 'lost',
          created_at: stamp,
          closed_at: stamp,
        })
        .execute();
      // Keyed as the debt of the dispute (`dispute-owed:`), as an opened dispute's is: one debt per dispute.
      if (!won && dispute.amount > 0)
        await postTransfer(trx, {
          kind: 'dispute_lost',
          key: `dispute-owed:${dispute.id}`,
          memo: 'Card dispute lost: the bank took the payment back',
          legs: merged([
            { account: advertiserBalance(deposit.advertiser_id), amountCents: -taken },
            { account: advertiserOwed(deposit.advertiser_id), amountCents: -(dispute.amount - taken) },
            { account: EXTERNAL, amountCents: dispute.amount },
          ]),
        });
      return null;
    }
    const held = Number(row.held_cents);
    const unheld = Number(row.amount_cents) - held;
    const recovered = Number(row.recovered_cents);
    if (won) {
      // Stripe returns the whole amount: the hold and what free money already paid back go to the advertiser (to
      // another dispute's debt first), and the rest of this one's debt is cancelled.
      const credit = await creditAdvertiser(trx, row.advertiser_id, held + recovered);
      const legs = merged([
        { account: advertiserDisputed(row.advertiser_id), amountCents: -held },
        { account: EXTERNAL, amountCents: -unheld },
        { account: advertiserOwed(row.advertiser_id), amountCents: unheld - recovered },
        ...credit.legs,
      ]);
      if (legs.length > 0)
        await postTransfer(trx, {
          kind: 'dispute_won',
          key: `dispute-won:${row.id}`,
          memo: 'Card dispute won: the hold returns and the debt is cancelled',
          legs,
        });
    } else if (held > 0)
      await postTransfer(trx, {
        kind: 'dispute_lost',
        key: `dispute-lost:${row.id}`,
        memo: 'Card dispute lost: the bank took the payment back',
        legs: [
          { account: advertiserDisputed(row.advertiser_id), amountCents: -held },
          { account: EXTERNAL, amountCents: held },
        ],
      });
    const owed = won ? 0 : unheld - recovered;
    const operators = await operatorIds(trx);
    // Each reader in their language.
    const values = {
      id: row.id,
      amount: money(held + recovered),
      held: money(held),
      owed: money(owed),
      owing: owed > 0 ? 'yes' : 'no',
      cleared: unheld > 0 ? 'yes' : 'no',
    };
    const title = worded((locale) => moneyTexts(locale)('notice.cardDisputeDecided'));
    return notifier.create(trx, [
      {
        userId: row.advertiser_id,
        type: 'funds.dispute_closed',
        title,
        text: worded((locale) =>
          moneyTexts(locale)(won ? 'notice.cardDisputeWonText' : 'notice.cardDisputeLostText', values),
        ),
        link: '/campaigns',
      },
      ...operators.map((userId): NewNotification => ({
        userId,
        type: 'funds.dispute_closed',
        title,
        text: worded((locale) =>
          moneyTexts(locale)(won ? 'notice.cardDisputeWonOperatorText' : 'notice.cardDisputeLostOperatorText', values),
        ),
        link: '/admin',
      })),
    ]);
  }

  return {
    /** Applies a verified dispute event (DISPUTE_EVENTS) once. */
    async onDisputeEvent(event: Stripe.Event): Promise<void> {
      const hint = event.type === 'charge.dispute.created' ? await depositNamedBy(event) : null;
      for (let attempt = 1; ; attempt += 1) {
        try {
          const announce = await db.transaction().execute(async (trx) => {
            if (!(await claimStripeEvent(trx, event))) return null;
            return event.type === 'charge.dispute.created' ? opened(trx, event, hint) : closed(trx, event);
          });
          announce?.();
          return;
        } catch (error) {
          // The free balance shrank between reading it and holding it (a launch at the same moment): read it again.
          if (!(error instanceof InsufficientFunds) || attempt >= HOLD_ATTEMPTS) throw error;
        }
      }
    },

    /** GET /api/admin/card-disputes: open ones first (oldest first), then the decided (newest first). */
    async adminList(): Promise<CardDispute[]> {
      const rows = await db
        .selectFrom('card_disputes')
        .innerJoin('users', 'users.id', 'card_disputes.advertiser_id')
        .selectAll('card_disputes')
        .select('users.email as email')
        .orderBy('card_disputes.created_at', 'desc')
        .limit(LISTED)
        .execute();
      const open = (row: (typeof rows)[number]) => row.status === 'open';
      rows.sort(
        (a, b) =>
          Number(open(b)) - Number(open(a)) ||
          (open(a) ? a.created_at.localeCompare(b.created_at) : b.created_at.localeCompare(a.created_at)),
      );
      return rows.map((row) => ({
        id: row.id,
        depositId: row.deposit_id,
        advertiserId: row.advertiser_id,
        advertiserEmail: row.email,
        amountCents: Number(row.amount_cents),
        heldCents: Number(row.held_cents),
        recoveredCents: Number(row.recovered_cents),
        reason: row.reason,
        status: row.status,
        createdAt: row.created_at,
        closedAt: row.closed_at,
      }));
    },
  };
}

export type CardDisputes = ReturnType<typeof createCardDisputes>;
