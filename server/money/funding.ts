// Advertisers' money (docs/product.md §Money, docs/product.md "Ledger"): deposits recorded by an operator (the `manual` funding rail),
// the reservation a campaign takes from its advertiser's balance when it launches (pay × spots), and the release of
// whatever a campaign no longer needs once it is cancelled or over. Every movement is a ledger transfer inside the
// caller's transaction.
import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { DELIVERY_STATUSES, formatCents, type Role } from '../../contract/marketplace.ts';
import { TRANSFER_REFERENCE_ALPHABET } from '../../contract/money.ts';
import type {
  AdvertiserBalance,
  CardDeposit,
  FundingDetails,
  TransferInstructions,
} from '../../contract/schemas/money.ts';
import type { CardDepositsTable, Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { Problem } from '../http/problems.ts';
import { money, worded } from '../http/texts.ts';
import type { Notifier } from '../notifications/store.ts';
import {
  advertiserBalance,
  advertiserDisputed,
  advertiserRefunding,
  balanceOf,
  campaignReserve,
  creatorAvailable,
  creatorPending,
  creatorInPayout,
  EXTERNAL,
  InsufficientFunds,
  postTransfer,
} from './ledger.ts';
import { creditAdvertiser, debtOf, refuseWhileOwed } from './debts.ts';
import { issueDocument } from './documents.ts';
import { moneyTexts } from './texts.ts';
import { moneyProblems } from './problems.ts';

/** The deposits an advertiser's balance screen lists (newest first). */
const DEPOSITS_SHOWN = 50;
/** The card and bank-debit payments it lists. */
const CARD_DEPOSITS_SHOWN = 20;

/** A card_deposits row as the API answers it. */
export function cardDepositOf(row: Selectable<CardDepositsTable>): CardDeposit {
  return {
    id: row.id,
    amountCents: Number(row.amount_cents),
    feeCents: Number(row.fee_cents),
    grossCents: Number(row.gross_cents),
    method: row.method,
    status: row.status,
    refundedCents: Number(row.refunded_cents),
    failureReason: row.failure_reason,
    createdAt: row.created_at,
    succeededAt: row.succeeded_at,
  };
}

/** Reserves pay × spots for a campaign that launches, inside the launch's transaction; 409 when the balance is short. */
export async function reserveForLaunch(
  trx: Kysely<Database>,
  campaign: { id: string; advertiser_id: string; pay_cents: number | string; spots: number; title: string },
): Promise<void> {
  const amount = Number(campaign.pay_cents) * Number(campaign.spots);
  // Nothing launches while the advertiser owes for a card dispute (./debts.ts): the refusal says why and how much.
  await refuseWhileOwed(trx, campaign.advertiser_id);
  try {
    await postTransfer(trx, {
      kind: 'reserve',
      key: `reserve:${campaign.id}`,
      memo: `Reserved for "${campaign.title}": ${formatCents(Number(campaign.pay_cents))} × ${campaign.spots} spots`,
      createdBy: campaign.advertiser_id,
      legs: [
        { account: advertiserBalance(campaign.advertiser_id), amountCents: -amount },
        { account: campaignReserve(campaign.id), amountCents: amount },
      ],
    });
  } catch (error) {
    if (!(error instanceof InsufficientFunds)) throw error;
    throw new HttpError(
      409,
      moneyProblems.launch_short_of_funds.with({ amount: money(amount), balance: money(error.balanceCents) }),
    );
  }
}

/**
 * Reserves pay × `added` more spots for a running campaign (docs/product.md §Money: a campaign's reservation covers
 * pay × spots), inside the caller's transaction, as launching does: refused while money is owed for a card dispute,
 * and 409 when the balance is short.
 */
export async function reserveForSpots(
  trx: Kysely<Database>,
  campaign: { id: string; advertiser_id: string; pay_cents: number | string; title: string },
  added: number,
): Promise<void> {
  const amount = Number(campaign.pay_cents) * added;
  await refuseWhileOwed(trx, campaign.advertiser_id);
  try {
    await postTransfer(trx, {
      kind: 'reserve',
      memo: `Reserved for "${campaign.title}": ${formatCents(Number(campaign.pay_cents))} × ${added} more ${added === 1 ? 'spot' : 'spots'}`,
      createdBy: campaign.advertiser_id,
      legs: [
        { account: advertiserBalance(campaign.advertiser_id), amountCents: -amount },
        { account: campaignReserve(campaign.id), amountCents: amount },
      ],
    });
  } catch (error) {
    if (!(error instanceof InsufficientFunds)) throw error;
    throw new HttpError(
      409,
      moneyProblems.spots_short_of_funds.with({ added, amount: money(amount), balance: money(error.balanceCents) }),
    );
  }
}

/**
 * Returns to the advertiser what the campaign's reservation holds beyond what it may still owe, inside `trx` (to what
 * they owe for a card dispute first; the answer is what reached their free balance): an
 * active or paused campaign may still owe every spot no creator has completed; a cancelled or completed one only the
 * accepted offers still waiting for their delivery. Each accepted offer counts at its own pay (a counter-offer's,
 * else the campaign's). Takes the campaign's row lock first, so two releases never
 * compute from the same balance.
 */
export async function releaseUnneeded(trx: Kysely<Database>, campaignId: string, why: string): Promise<number> {
  const campaign = await trx
    .updateTable('campaigns')
    .set((eb) => ({ spots: eb.ref('spots') }))
    .where('id', '=', campaignId)
    .returning(['id', 'advertiser_id', 'status', 'pay_cents', 'spots', 'title'])
    .executeTakeFirst();
  if (!campaign || campaign.status === 'draft') return 0;
  const pay = Number(campaign.pay_cents);
  // An offer's own pay (a counter-offer agreed it, server/marketplace/proposals.ts) replaces the campaign's.
  const counts = await trx
    .selectFrom('offers')
    .select((eb) => [
      eb.fn.sum<number | string>(eb.case().when('status', 'in', DELIVERY_STATUSES).then(1).else(0).end()).as('pending'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when('status', 'in', DELIVERY_STATUSES)
            .then(eb.fn.coalesce('pay_cents', eb.val(pay)))
            .else(0)
            .end(),
        )
        .as('pendingPay'),
      eb.fn.sum<number | string>(eb.case().when('completed_at', 'is not', null).then(1).else(0).end()).as('completed'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const open = campaign.status === 'active' || campaign.status === 'paused';
  const pending = Number(counts.pending ?? 0);
  const pendingPay = Number(counts.pendingPay ?? 0);
  // Open: every accepted offer at its pay, and every spot no creator holds at the campaign's; closed: the accepted.
  const needed =
    pendingPay + (open ? pay * Math.max(0, Number(campaign.spots) - Number(counts.completed ?? 0) - pending) : 0);
  const held = await balanceOf(trx, campaignReserve(campaignId));
  const excess = held - needed;
  if (excess <= 0) return 0;
  // What the advertiser owes for a card dispute is paid first (./debts.ts); the rest is free again.
  const credit = await creditAdvertiser(trx, campaign.advertiser_id, excess);
  await postTransfer(trx, {
    kind: 'release',
    memo:
      `Released from "${campaign.title}": ${why}` +
      (credit.recoveredCents > 0 ? `; ${formatCents(credit.recoveredCents)} paid what a card dispute left owed` : ''),
    legs: [{ account: campaignReserve(campaignId), amountCents: -excess }, ...credit.legs],
  });
  // What reached the free balance (what paid a card dispute's debt did not).
  return excess - credit.recoveredCents;
}

/** Reserved cents per advertiser: the sum of their campaigns' reservations. */
export async function reservedBy(db: Kysely<Database>, advertiserIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (advertiserIds.length === 0) return result;
  const rows = await db
    .selectFrom('ledger_accounts')
    .innerJoin('campaigns', 'campaigns.id', 'ledger_accounts.owner_id')
    .select([
      'campaigns.advertiser_id as advertiser_id',
      (eb) => eb.fn.sum<number | string>('ledger_accounts.balance_cents').as('reserved'),
    ])
    .where('ledger_accounts.kind', '=', 'campaign_reserve')
    .where('campaigns.advertiser_id', 'in', advertiserIds)
    .groupBy('campaigns.advertiser_id')
    .execute();
  for (const row of rows) result.set(row.advertiser_id, Number(row.reserved ?? 0));
  return result;
}

/** Free balance per advertiser. */
export async function balancesOf(db: Kysely<Database>, advertiserIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (advertiserIds.length === 0) return result;
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'balance_cents'])
    .where('kind', '=', 'advertiser_balance')
    .where('owner_id', 'in', advertiserIds)
    .execute();
  for (const row of rows) result.set(row.owner_id, Number(row.balance_cents));
  return result;
}

/** A new transfer reference: `CB-` and 2 × 4 characters of the look-alike-free alphabet (31^8 ≈ 8.5 × 10^11). */
function newTransferReference(): string {
  const pick = () =>
    Array.from({ length: 4 }, () => TRANSFER_REFERENCE_ALPHABET[randomInt(TRANSFER_REFERENCE_ALPHABET.length)]).join(
      '',
    );
  return `CB-${pick()}-${pick()}`;
}

/**
 * Each advertiser's transfer reference (docs/product.md §Advertiser onboarding), made on first read and never changed
 * afterwards. Two first reads at once both insert and one wins (the key is the user); a reference another advertiser
 * already has (the unique index) is drawn again.
 */
export async function fundingReferences(db: Kysely<Database>, userIds: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (userIds.length === 0) return result;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const rows = await db
      .selectFrom('funding_references')
      .select(['user_id', 'reference'])
      .where('user_id', 'in', userIds)
      .execute();
    for (const row of rows) result.set(row.user_id, row.reference);
    const missing = userIds.filter((id) => !result.has(id));
    if (missing.length === 0) return result;
    const stamp = new Date().toISOString();
    await db
      .insertInto('funding_references')
      .values(missing.map((user_id) => ({ user_id, reference: newTransferReference(), created_at: stamp })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error('Could not make a transfer reference');
}

/** The operator's transfer instructions, by key in platform_settings. */
const INSTRUCTIONS = 'funding.transfer_instructions';

/** What funding needs: the database and the advertiser's notification of a deposit. */
export interface FundingDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
}

export function createFunding(services: FundingDeps) {
  const { db, notifier } = services;

  async function deposits(advertiserId: string) {
    const rows = await db
      .selectFrom('ledger_transfers')
      .innerJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select((eb) => [
        'ledger_transfers.id as id',
        'ledger_transfers.memo as memo',
        'ledger_transfers.created_at as created_at',
        eb.fn.sum<number | string>('ledger_entries.amount_cents').as('amount'),
      ])
      .where('ledger_transfers.kind', '=', 'deposit')
      // What a deposit paid of a card dispute's debt (./debts.ts) is part of it.
      .where('ledger_accounts.kind', 'in', ['advertiser_balance', 'advertiser_owed'])
      .where('ledger_accounts.owner_id', '=', advertiserId)
      // Card and bank-debit payments are listed apart, with their state (cardDeposits): these are the wires.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('card_deposits')
              .select('card_deposits.id')
              .whereRef('card_deposits.transfer_id', '=', 'ledger_transfers.id'),
          ),
        ),
      )
      .groupBy(['ledger_transfers.id', 'ledger_transfers.memo', 'ledger_transfers.created_at'])
      .orderBy('ledger_transfers.id', 'desc')
      .limit(DEPOSITS_SHOWN)
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      amountCents: Number(row.amount),
      reference: row.memo,
      createdAt: row.created_at,
    }));
  }

  /** The transfer instructions an operator published (null until then). */
  async function instructions(): Promise<TransferInstructions> {
    const row = await db
      .selectFrom('platform_settings')
      .select(['value', 'updated_at'])
      .where('key', '=', INSTRUCTIONS)
      .executeTakeFirst();
    return { instructions: row?.value ? row.value : null, updatedAt: row?.updated_at ?? null };
  }

  /** The newest card and bank-debit payments (docs/product.md §Self-serve money), open and processing ones included. */
  async function cardDeposits(advertiserId: string): Promise<CardDeposit[]> {
    const rows = await db
      .selectFrom('card_deposits')
      .selectAll()
      .where('advertiser_id', '=', advertiserId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CARD_DEPOSITS_SHOWN)
      .execute();
    return rows.map(cardDepositOf);
  }

  return {
    /** What GET /api/advertiser/balance answers. */
    async balance(advertiserId: string): Promise<AdvertiserBalance> {
      const [free, reserved, refundingCents, disputedCents, debt, listed, card] = await Promise.all([
        balancesOf(db, [advertiserId]),
        reservedBy(db, [advertiserId]),
        balanceOf(db, advertiserRefunding(advertiserId)),
        balanceOf(db, advertiserDisputed(advertiserId)),
        debtOf(db, advertiserId),
        deposits(advertiserId),
        cardDeposits(advertiserId),
      ]);
      return {
        balanceCents: free.get(advertiserId) ?? 0,
        reservedCents: reserved.get(advertiserId) ?? 0,
        refundingCents,
        disputedCents,
        owedCents: debt?.owedCents ?? 0,
        owedDispute: debt ? (debt.disputeOpen ? 'open' : 'lost') : null,
        deposits: listed,
        cardDeposits: card,
      };
    },

    /** What GET /api/advertiser/funding answers: the advertiser's reference and the operator's instructions. */
    async details(advertiserId: string): Promise<FundingDetails> {
      const [references, published] = await Promise.all([fundingReferences(db, [advertiserId]), instructions()]);
      return { reference: references.get(advertiserId)!, instructions: published.instructions };
    },

    instructions,

    /** An operator publishes (or, with '', withdraws) the transfer instructions. */
    async setInstructions(operatorId: string, text: string): Promise<TransferInstructions> {
      const stamp = new Date().toISOString();
      await db
        .insertInto('platform_settings')
        .values({ key: INSTRUCTIONS, value: text, updated_at: stamp, updated_by: operatorId })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: stamp, updated_by: operatorId }))
        .execute();
      return instructions();
    },

    /** Why the account cannot be deleted while money is held for it (DELETE /api/user), or null. */
    async held(userId: string, role: Role): Promise<Problem | null> {
      if (role === 'creator') {
        const [availableCents, pendingCents, inPayoutCents] = await Promise.all([
          balanceOf(db, creatorAvailable(userId)),
          balanceOf(db, creatorPending(userId)),
          balanceOf(db, creatorInPayout(userId)),
        ]);
        // Pending pay is the advertiser's until its review window ends or an operator settles it: it cannot be
        // given up with the account, nor left behind.
        if (pendingCents > 0) return moneyProblems.delete_pending_earnings.with({ amount: money(pendingCents) });
        if (availableCents > 0) return moneyProblems.delete_balance.with({ amount: money(availableCents) });
        if (inPayoutCents > 0) return moneyProblems.delete_payout_underway.with({ amount: money(inPayoutCents) });
      }
      if (role === 'advertiser') {
        const [free, reserved, refunding, disputed, debt, waiting] = await Promise.all([
          balancesOf(db, [userId]),
          reservedBy(db, [userId]),
          balanceOf(db, advertiserRefunding(userId)),
          balanceOf(db, advertiserDisputed(userId)),
          debtOf(db, userId),
          // A card or bank-debit payment Stripe has not decided yet may still credit the account.
          db
            .selectFrom('card_deposits')
            .select('id')
            .where('advertiser_id', '=', userId)
            .where('status', '=', 'processing')
            .executeTakeFirst(),
        ]);
        if (refunding > 0) return moneyProblems.delete_refund_underway.with({ amount: money(refunding) });
        if (disputed > 0) return moneyProblems.delete_card_dispute.with({ amount: money(disputed) });
        if (debt) return moneyProblems.delete_debt.with({ amount: money(debt.owedCents) });
        if (waiting) return moneyProblems.delete_debit_processing;
        const held = (free.get(userId) ?? 0) + (reserved.get(userId) ?? 0);
        if (held > 0) return moneyProblems.delete_funds_held.with({ amount: money(held) });
      }
      return null;
    },

    /** An operator records money an advertiser sent (the manual rail); the advertiser is notified. */
    async deposit(operatorId: string, input: { advertiserId: string; amountCents: number; reference: string }) {
      const advertiser = await db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('id', '=', input.advertiserId)
        .executeTakeFirst();
      if (!advertiser || advertiser.role !== 'advertiser') throw new HttpError(404, moneyProblems.advertiser_unknown);
      let announce = () => {};
      const transferId = await db.transaction().execute(async (trx) => {
        // What the advertiser owes for a card dispute is paid first (./debts.ts).
        const credit = await creditAdvertiser(trx, input.advertiserId, input.amountCents);
        const { transferId } = await postTransfer(trx, {
          kind: 'deposit',
          memo: input.reference,
          createdBy: operatorId,
          legs: [{ account: EXTERNAL, amountCents: -input.amountCents }, ...credit.legs],
        });
        await issueDocument(trx, { kind: 'deposit_receipt', subjectId: String(transferId) });
        announce = await notifier.create(trx, [
          {
            userId: input.advertiserId,
            type: 'funds.deposited',
            // In the advertiser's language; the reference as the operator wrote it.
            title: worded((locale) => moneyTexts(locale)('notice.fundsAdded')),
            text: worded((locale) =>
              moneyTexts(locale)('notice.wireRecordedText', {
                amount: money(input.amountCents),
                reference: input.reference,
              }),
            ),
            link: '/campaigns',
          },
        ]);
        return transferId;
      });
      announce();
      const row = await db
        .selectFrom('ledger_transfers')
        .select(['id', 'memo', 'created_at'])
        .where('id', '=', transferId)
        .executeTakeFirstOrThrow();
      return {
        deposit: { id: String(row.id), amountCents: input.amountCents, reference: row.memo, createdAt: row.created_at },
        balanceCents: await balanceOf(db, advertiserBalance(input.advertiserId)),
      };
    },
  };
}

export type Funding = ReturnType<typeof createFunding>;
