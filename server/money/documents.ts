// Numbered documents (docs/product.md §Self-serve money): a receipt for every deposit and refund, a statement for
// every payout paid and a yearly statement for every calendar year a creator earned in. A document is issued inside
// the transaction that decides its subject (a deposit credited, a refund succeeded, a payout paid), once per kind and
// subject (the unique constraint documents_subject); its number is the next of its series (R-2026-000001 receipts,
// S-2026-000001 payout statements, Y-2025-000001 yearly statements for 2025), taken from document_counters in the
// same transaction so a number is never skipped nor given twice: a rolled-back issue gives its number back. `data`
// is the snapshot of what the PDF shows (./document-pdf.ts draws it), read from the subject when it is issued, so a
// download is the same file every time, whatever changes later (a renamed user, a new payout method).
import type { Kysely } from 'kysely';
import type { DocumentKind } from '../../contract/documents.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import type { PayoutMethodKind } from '../../contract/money.ts';
import type { Database } from '../db/types.ts';
import { EARNING_KINDS } from './ledger.ts';
import { moneyTexts, titleOf } from './texts.ts';

/** A transfer that paid a creator for a delivery, whatever proved it. */
const isEarning = (kind: string) => (EARNING_KINDS as readonly string[]).includes(kind);

export type { DocumentKind };

/** Who the document is for, as it was when issued. */
export interface DocumentParty {
  id: string;
  /** The person's name, or their e-mail when they gave none. */
  name: string;
  email: string;
  /** An advertiser's company (its profile's name), when it has one: documents are issued to the company. */
  company?: string;
}

/** The snapshot a document's PDF is drawn from (documents.data, JSON). Amounts in integer cents. */
export type DocumentData =
  | {
      kind: 'deposit_receipt';
      owner: DocumentParty;
      transferId: string;
      /** What the advertiser's balance rose by. */
      amountCents: number;
      /** Stripe's processing fee the advertiser bore (0 for a wire). */
      feeCents: number;
      /** What was charged: amount + fee. */
      grossCents: number;
      /** 'card' | 'us_bank_account' | 'wire' (recorded by an operator). */
      method: 'card' | 'us_bank_account' | 'wire';
      /** The wire's reference, or the card payment's id. */
      reference: string;
      paidAt: string;
    }
  | {
      kind: 'refund_receipt';
      owner: DocumentParty;
      refundId: string;
      amountCents: number;
      /** 'stripe' (back to the card or bank account) | 'manual' (wired by the operator). */
      rail: 'stripe' | 'manual';
      reference: string;
      requestedAt: string;
      refundedAt: string;
    }
  | {
      kind: 'payout_statement';
      owner: DocumentParty;
      payoutId: string;
      reference: string;
      amountCents: number;
      methodKind: PayoutMethodKind;
      /** The masked destination (e.g. "Bank ••••6789"); never the full details. */
      destination: string;
      requestedAt: string;
      paidAt: string;
    }
  | {
      kind: 'annual_statement';
      owner: DocumentParty;
      year: number;
      /** Pay for completed offers before Castbridge's fee. */
      grossCents: number;
      feesCents: number;
      /** What operators' review resolutions took back (≤ 0). */
      adjustmentsCents: number;
      /** gross − fees + adjustments. */
      netCents: number;
      payoutsCents: number;
      payoutCount: number;
      earningCount: number;
    };

export interface IssueInput {
  kind: DocumentKind;
  /** The deposit's ledger transfer id, the refund's id, the payout's id, or `<userId>:<year>`. */
  subjectId: string;
  /** Checked against the subject's owner when given. */
  ownerId?: string;
  /** When it is issued (ISO); now unless given (the demo seed issues its past history's documents). */
  at?: string;
}

/** The series a kind's numbers come from: receipts share one per year, payout statements one, yearly statements one
 * per year covered. */
export function seriesOf(kind: DocumentKind, issuedAt: string, data: DocumentData): string {
  if (data.kind === 'annual_statement') return `Y-${data.year}`;
  const year = issuedAt.slice(0, 4);
  return kind === 'payout_statement' ? `S-${year}` : `R-${year}`;
}

export const formatNumber = (series: string, n: number) => `${series}-${String(n).padStart(6, '0')}`;

/** The subject is gone or not one a document can be issued for (a programming error, never a user's). */
export class DocumentSubjectError extends Error {
  override name = 'DocumentSubjectError';
}

async function party(trx: Kysely<Database>, userId: string): Promise<DocumentParty> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new DocumentSubjectError(`No user ${userId}`);
  const name = [user.first_name, user.last_name]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(' ')
    .trim();
  const profile = await trx
    .selectFrom('advertiser_profiles')
    .select('company_name')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const company = profile?.company_name.trim();
  return { id: user.id, name: name || user.email, email: user.email, ...(company ? { company } : {}) };
}

/** The calendar year's bounds in UTC, as ISO strings compared with created_at. */
const yearBounds = (year: number) => ({
  start: `${year}-01-01T00:00:00.000Z`,
  end: `${year + 1}-01-01T00:00:00.000Z`,
});

/** The creator's year from the ledger: earnings (gross, fee, net), review adjustments and payouts paid. */
export async function annualFigures(trx: Kysely<Database>, creatorId: string, year: number) {
  const { start, end } = yearBounds(year);
  const creatorLegs = await trx
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select([
      'ledger_transfers.id as transferId',
      'ledger_transfers.kind as kind',
      'ledger_accounts.kind as account',
      'ledger_entries.amount_cents as amount',
    ])
    .where('ledger_accounts.owner_id', '=', creatorId)
    .where('ledger_accounts.kind', 'in', ['creator_available', 'creator_pending', 'creator_in_payout'])
    .where('ledger_transfers.kind', 'in', [...EARNING_KINDS, 'review_resolution', 'payout_paid'])
    .where('ledger_transfers.created_at', '>=', start)
    .where('ledger_transfers.created_at', '<', end)
    .execute();
  let netEarned = 0;
  let adjustments = 0;
  let payouts = 0;
  let payoutCount = 0;
  const feeTransfers: (number | string)[] = [];
  for (const leg of creatorLegs) {
    const amount = Number(leg.amount);
    if (isEarning(leg.kind)) {
      netEarned += amount;
      feeTransfers.push(leg.transferId);
    } else if (leg.kind === 'review_resolution') {
      if (leg.account !== 'creator_in_payout') adjustments += amount;
      feeTransfers.push(leg.transferId);
    } else if (leg.kind === 'payout_paid' && leg.account === 'creator_in_payout') {
      payouts += -amount;
      payoutCount += 1;
    }
  }
  let fees = 0;
  let feeReturned = 0;
  // The platform's fee legs of those same transfers (chunked: SQLite binds at most a few hundred values).
  for (let i = 0; i < feeTransfers.length; i += 500) {
    const chunk = feeTransfers.slice(i, i + 500);
    const rows = await trx
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
      .select(['ledger_transfers.kind as kind', 'ledger_entries.amount_cents as amount'])
      .where('ledger_accounts.kind', '=', 'platform_fees')
      .where('ledger_entries.transfer_id', 'in', chunk)
      .execute();
    for (const row of rows) {
      if (row.kind === 'review_resolution') feeReturned += Number(row.amount);
      else fees += Number(row.amount);
    }
  }
  const earningCount = creatorLegs.filter((leg) => isEarning(leg.kind)).length;
  // A resolution takes back part of the creator's pay and returns the fee's share on it (feeReturned ≤ 0): the
  // statement shows the fees net of that share and the adjustment as what the gross lost.
  return {
    grossCents: netEarned + fees,
    feesCents: fees + feeReturned,
    adjustmentsCents: adjustments + feeReturned,
    netCents: netEarned + adjustments,
    payoutsCents: payouts,
    payoutCount,
    earningCount,
  };
}

/** Reads the subject and what its document shows; the owner and the amount listed. */
async function snapshot(trx: Kysely<Database>, kind: DocumentKind, subjectId: string): Promise<DocumentData> {
  switch (kind) {
    case 'deposit_receipt': {
      if (!/^\d+$/.test(subjectId)) throw new DocumentSubjectError(`A deposit receipt's subject is a transfer id`);
      const transfer = await trx
        .selectFrom('ledger_transfers')
        .select(['id', 'kind', 'memo', 'created_at'])
        .where('id', '=', subjectId)
        .executeTakeFirst();
      if (!transfer || transfer.kind !== 'deposit') throw new DocumentSubjectError(`No deposit transfer ${subjectId}`);
      // The advertiser's legs: their balance, and what the deposit paid of a card dispute's debt (server/money/debts.ts).
      const legs = await trx
        .selectFrom('ledger_entries')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
        .select(['ledger_accounts.owner_id as ownerId', 'ledger_entries.amount_cents as amount'])
        .where('ledger_entries.transfer_id', '=', subjectId)
        .where('ledger_accounts.kind', 'in', ['advertiser_balance', 'advertiser_owed'])
        .execute();
      if (legs.length === 0) throw new DocumentSubjectError(`Deposit ${subjectId} has no advertiser leg`);
      const leg = { ownerId: legs[0]!.ownerId, amount: legs.reduce((sum, row) => sum + Number(row.amount), 0) };
      const card = await trx
        .selectFrom('card_deposits')
        .select(['id', 'fee_cents', 'gross_cents', 'method', 'payment_intent_id', 'succeeded_at'])
        .where('transfer_id', '=', subjectId)
        .executeTakeFirst();
      const amountCents = Number(leg.amount);
      const feeCents = card ? Number(card.fee_cents) : 0;
      return {
        kind,
        owner: await party(trx, leg.ownerId),
        transferId: String(transfer.id),
        amountCents,
        feeCents,
        grossCents: card ? Number(card.gross_cents) : amountCents,
        method: card ? card.method : 'wire',
        reference: card ? (card.payment_intent_id ?? card.id) : transfer.memo,
        paidAt: card?.succeeded_at ?? transfer.created_at,
      };
    }
    case 'refund_receipt': {
      const refund = await trx.selectFrom('refunds').selectAll().where('id', '=', subjectId).executeTakeFirst();
      if (!refund) throw new DocumentSubjectError(`No refund ${subjectId}`);
      return {
        kind,
        owner: await party(trx, refund.advertiser_id),
        refundId: refund.id,
        amountCents: Number(refund.amount_cents),
        rail: refund.rail,
        reference: refund.provider_ref ?? refund.id,
        requestedAt: refund.requested_at,
        refundedAt: refund.decided_at ?? new Date().toISOString(),
      };
    }
    case 'payout_statement': {
      const payout = await trx.selectFrom('payouts').selectAll().where('id', '=', subjectId).executeTakeFirst();
      if (!payout) throw new DocumentSubjectError(`No payout ${subjectId}`);
      return {
        kind,
        owner: await party(trx, payout.creator_id),
        payoutId: payout.id,
        reference: payout.reference,
        amountCents: Number(payout.amount_cents),
        methodKind: payout.method_kind,
        destination: payout.method_display,
        requestedAt: payout.requested_at,
        paidAt: payout.paid_at ?? payout.updated_at,
      };
    }
    case 'annual_statement': {
      const match = /^(.+):(\d{4})$/.exec(subjectId);
      if (!match) throw new DocumentSubjectError(`A yearly statement's subject is <userId>:<year>, not ${subjectId}`);
      const [, userId, year] = match as unknown as [string, string, string];
      return {
        kind,
        owner: await party(trx, userId),
        year: Number(year),
        ...(await annualFigures(trx, userId, Number(year))),
      };
    }
  }
}

/** The amount a document's list shows. */
export function amountOf(data: DocumentData): number {
  switch (data.kind) {
    case 'deposit_receipt':
      return data.grossCents;
    case 'annual_statement':
      return data.netCents;
    default:
      return data.amountCents;
  }
}

/** Takes the next number of `series` inside `trx`: the counter's row stays locked until the transaction ends. */
async function nextNumber(trx: Kysely<Database>, series: string): Promise<number> {
  const bump = () =>
    trx
      .updateTable('document_counters')
      .set((eb) => ({ last: eb('last', '+', 1) }))
      .where('series', '=', series)
      .returning('last')
      .executeTakeFirst();
  const bumped = await bump();
  if (bumped) return Number(bumped.last);
  const created = await trx
    .insertInto('document_counters')
    .values({ series, last: 1 })
    .onConflict((oc) => oc.column('series').doNothing())
    .returning('last')
    .executeTakeFirst();
  if (created) return Number(created.last);
  // Another transaction created the series first (PostgreSQL waited for it to commit): it exists now.
  const again = await bump();
  if (!again) throw new Error(`Could not take a number of ${series}`);
  return Number(again.last);
}

const existing = (trx: Kysely<Database>, kind: DocumentKind, subjectId: string) =>
  trx
    .selectFrom('documents')
    .select(['id', 'number', 'owner_id'])
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();

/**
 * Issues the document of `kind` for its subject inside `trx` (the caller's transaction), or answers the one already
 * issued. Call it in the transaction that decides the subject, after the subject's row is written.
 */
export async function issueDocument(
  trx: Kysely<Database>,
  input: IssueInput,
): Promise<{ id: string; number: string; created: boolean }> {
  const found = await existing(trx, input.kind, input.subjectId);
  if (found) return { id: found.id, number: found.number, created: false };
  const data = await snapshot(trx, input.kind, input.subjectId);
  if (input.ownerId !== undefined && input.ownerId !== data.owner.id)
    throw new DocumentSubjectError(
      `${input.kind} ${input.subjectId} belongs to ${data.owner.id}, not ${input.ownerId}`,
    );
  const issuedAt = input.at ?? new Date().toISOString();
  const series = seriesOf(input.kind, issuedAt, data);
  const n = await nextNumber(trx, series);
  // Two transactions issuing for the same subject: the second waited on the counter's row until the first committed,
  // so it sees the first's document now. It gives its number back (it still holds the row) and answers that one.
  const raced = await existing(trx, input.kind, input.subjectId);
  if (raced) {
    await trx
      .updateTable('document_counters')
      .set((eb) => ({ last: eb('last', '-', 1) }))
      .where('series', '=', series)
      .execute();
    return { id: raced.id, number: raced.number, created: false };
  }
  const id = crypto.randomUUID();
  const number = formatNumber(series, n);
  await trx
    .insertInto('documents')
    .values({
      id,
      owner_id: data.owner.id,
      kind: input.kind,
      subject_id: input.subjectId,
      number,
      amount_cents: amountOf(data),
      data: JSON.stringify(data),
      issued_at: issuedAt,
    })
    .execute();
  return { id, number, created: true };
}

/**
 * Issues the yearly statements a creator is owed: one for each calendar year that has ended and that they earned in.
 * The Documents list calls it, so a statement is issued on the first listing after its year ends — no job has to run
 * at midnight on January 1st, a server that was down then misses nothing, and a creator who never looks costs
 * nothing. Each is its own transaction; two listings at once issue it once (issueDocument).
 */
export async function issueYearlyStatements(db: Kysely<Database>, creatorId: string, now = new Date()) {
  const thisYear = now.getUTCFullYear();
  const years = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select((eb) => eb.fn<string>('substr', ['ledger_transfers.created_at', eb.val(1), eb.val(4)]).as('year'))
    .distinct()
    .where('ledger_accounts.owner_id', '=', creatorId)
    .where('ledger_accounts.kind', 'in', ['creator_available', 'creator_pending'])
    .where('ledger_transfers.kind', 'in', EARNING_KINDS)
    .where('ledger_transfers.created_at', '<', `${thisYear}-01-01T00:00:00.000Z`)
    .execute();
  if (years.length === 0) return;
  const issued = new Set(
    (
      await db
        .selectFrom('documents')
        .select('subject_id')
        .where('owner_id', '=', creatorId)
        .where('kind', '=', 'annual_statement')
        .execute()
    ).map((row) => row.subject_id),
  );
  for (const { year } of years.sort((a, b) => a.year.localeCompare(b.year))) {
    const subjectId = `${creatorId}:${year}`;
    if (issued.has(subjectId)) continue;
    await db
      .transaction()
      .execute((trx) => issueDocument(trx, { kind: 'annual_statement', subjectId, at: now.toISOString() }));
  }
}

/** The caller's documents, newest first. */
/** The owner's documents, newest first, each titled in `locale`. */
export async function listDocuments(db: Kysely<Database>, ownerId: string, locale: Locale = DEFAULT_LOCALE) {
  const say = moneyTexts(locale);
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'kind', 'number', 'amount_cents', 'issued_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('issued_at', 'desc')
    .orderBy('number', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    number: row.number,
    title: say(titleOf(row.kind)),
    amountCents: Number(row.amount_cents),
    issuedAt: row.issued_at,
  }));
}

/** The caller's document with its snapshot; null when there is none of theirs by that id. */
export async function ownDocument(db: Kysely<Database>, ownerId: string, id: string) {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'number', 'issued_at', 'data'])
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, number: row.number, issuedAt: row.issued_at, data: JSON.parse(row.data) as DocumentData };
}
