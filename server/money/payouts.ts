// Payouts (docs/product.md §Money, docs/product.md "Payout"): a creator withdraws from their available balance to a saved payout
// method. `requested → processing → paid | failed`. The request holds the amount (available → in payout) in the same
// transaction that checks the balance, so concurrent requests can never withdraw more than there is; an
// Idempotency-Key makes a retried request the same payout. A job then hands the payout to its rail (./providers);
// paid moves the amount out of the ledger, failed returns it to the available balance. The creator is notified.
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { formatCentsIn } from '../../contract/cents.ts';
import type { Locale } from '../../contract/locales.ts';
import { payoutMethodName } from '../../contract/money.ts';
import type { AdminPayout, Payout } from '../../contract/schemas/money.ts';
import type { Database, PayoutsTable } from '../db/types.ts';
import { displayName } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import type { WriteBatcher } from '../db/write-batcher.ts';
import { HttpError } from '../http/errors.ts';
import { isIdempotencyKey } from '../http/idempotency.ts';
import { httpProblems } from '../http/http-problems.ts';
import { money, worded } from '../http/texts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { Notifier } from '../notifications/store.ts';
import { creatorAvailable, creatorInPayout, EXTERNAL, InsufficientFunds, postTransfer, balanceOf } from './ledger.ts';
import { issueDocument } from './documents.ts';
import type { PayoutDetails, PayoutMethods } from './payout-methods.ts';
import type { PayoutRails } from './providers/index.ts';
import { moneyProblems } from './problems.ts';
import { moneyTexts } from './texts.ts';
import { hasTaxForm } from './tax-forms.ts';
import { PayoutRejected, type ProviderResult } from './providers/types.ts';

/** The job that hands a requested payout to its rail. */
export const SUBMIT_JOB = 'payout.submit';
/** Castbridge's own reason a payout failed (its notice words it in the creator's language: 'reason.payoutMethodRemoved'). */
const METHOD_REMOVED = 'the payout method was removed before the payout was sent';

/** Payouts listed in Payout History and in the operator console. */
const LISTED = 200;

type PayoutRow = Selectable<PayoutsTable>;

export const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  amountCents: Number(row.amount_cents),
  status: row.status,
  reference: row.reference,
  method: { kind: row.method_kind, display: row.method_display },
  provider: row.provider,
  failureReason: row.failure_reason,
  requestedAt: row.requested_at,
  updatedAt: row.updated_at,
  paidAt: row.paid_at,
});

/** `#CB-YYMMDD-NNNN` for the `n`th payout requested on `at`'s day (UTC). */
export const referenceFor = (at: string, n: number) =>
  `#CB-${at.slice(2, 4)}${at.slice(5, 7)}${at.slice(8, 10)}-${String(n).padStart(4, '0')}`;

/** What payouts need: the database (and its batched short writes), the submit job, notifications and the methods' details. */
export interface PayoutDeps {
  db: Kysely<Database>;
  writes: WriteBatcher;
  notifier: Pick<Notifier, 'create'>;
  jobs: Pick<JobQueue, 'enqueue' | 'poke'>;
  payoutMethods: Pick<PayoutMethods, 'details'>;
  config: Pick<Config, 'minPayoutCents'>;
  logger: Pick<Logger, 'warn'>;
}

export function createPayouts(services: PayoutDeps, rails: PayoutRails) {
  const { db, notifier, jobs, config, logger } = services;

  const mine = (creatorId: string, id: string, executor: Kysely<Database> = db) =>
    executor
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', id)
      .where('creator_id', '=', creatorId)
      .executeTakeFirst();

  /** Moves a payout that is still open to paid or failed and posts its transfer, inside `trx`; null when it was not open. */
  async function settle(
    trx: Kysely<Database>,
    id: string,
    outcome:
      | { status: 'paid'; providerRef?: string | null }
      | { status: 'failed'; reason: string; providerRef?: string | null },
    decidedBy: string | null,
  ) {
    const stamp = new Date().toISOString();
    const row = await trx
      .updateTable('payouts')
      .set((eb) => ({
        status: outcome.status,
        updated_at: stamp,
        decided_by: decidedBy,
        provider_ref:
          outcome.providerRef === undefined || outcome.providerRef === null
            ? eb.ref('provider_ref')
            : outcome.providerRef,
        ...(outcome.status === 'paid' ? { paid_at: stamp } : { failure_reason: outcome.reason }),
      }))
      .where('id', '=', id)
      .where('status', 'in', ['requested', 'processing'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const amount = Number(row.amount_cents);
    await postTransfer(trx, {
      kind: outcome.status === 'paid' ? 'payout_paid' : 'payout_return',
      key: `payout_${outcome.status}:${row.id}`,
      memo: `${row.reference} ${outcome.status === 'paid' ? 'paid' : 'failed'}`,
      createdBy: decidedBy,
      legs:
        outcome.status === 'paid'
          ? [
              { account: creatorInPayout(row.creator_id), amountCents: -amount },
              { account: EXTERNAL, amountCents: amount },
            ]
          : [
              { account: creatorInPayout(row.creator_id), amountCents: -amount },
              { account: creatorAvailable(row.creator_id), amountCents: amount },
            ],
    });
    if (outcome.status === 'paid') await issueDocument(trx, { kind: 'payout_statement', subjectId: row.id });
    const announce = await notifier.create(trx, [
      outcome.status === 'paid'
        ? {
            userId: row.creator_id,
            type: 'payout.paid',
            title: worded((locale) => moneyTexts(locale)('notice.payoutPaid')),
            text: worded((locale) =>
              moneyTexts(locale)('notice.payoutPaidText', {
                reference: row.reference,
                amount: formatCentsIn(locale, amount),
                method: methodIn(row, locale),
              }),
            ),
            link: '/earnings',
          }
        : {
            userId: row.creator_id,
            type: 'payout.failed',
            title: worded((locale) => moneyTexts(locale)('notice.payoutFailed')),
            // The rail's reason as the rail gave it; Castbridge's own in the creator's language.
            text: worded((locale) =>
              moneyTexts(locale)('notice.payoutFailedText', {
                reference: row.reference,
                amount: formatCentsIn(locale, amount),
                reason:
                  outcome.reason === METHOD_REMOVED ? moneyTexts(locale)('reason.payoutMethodRemoved') : outcome.reason,
              }),
            ),
            link: '/earnings',
          },
    ]);
    return { row, announce };
  }

  /** Applies what a rail reports about a payout (submit, poll, webhook); a payout already decided stays as it is. */
  async function apply(id: string, result: ProviderResult): Promise<void> {
    if (result.status === 'processing') {
      await db
        .updateTable('payouts')
        .set({ status: 'processing', provider_ref: result.providerRef, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('status', 'in', ['requested', 'processing'])
        .execute();
      return;
    }
    const settled = await db
      .transaction()
      .execute((trx) =>
        settle(
          trx,
          id,
          result.status === 'paid'
            ? { status: 'paid', providerRef: result.providerRef }
            : { status: 'failed', reason: result.reason, providerRef: result.providerRef },
          null,
        ),
      );
    settled?.announce();
  }

  async function withCreators(rows: PayoutRow[], executor: Kysely<Database> = db): Promise<AdminPayout[]> {
    if (rows.length === 0) return [];
    const creators = await executor
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(rows.map((row) => row.creator_id))])
      .execute();
    const byId = new Map(creators.map((creator) => [creator.id, creator]));
    return rows.map((row) => {
      const creator = byId.get(row.creator_id);
      return {
        ...toPayout(row),
        creatorId: row.creator_id,
        creatorEmail: creator?.email ?? '',
        creatorName: creator ? displayName(creator) : '',
        destination: null,
      };
    });
  }

  return {
    /** POST /api/payouts. `created` is false when the key named an earlier payout. */
    async request(
      creatorId: string,
      input: { amountCents: number; methodId: string | undefined },
      key: string | undefined,
    ): Promise<{ payout: Payout; created: boolean }> {
      if (!key) throw new HttpError(400, moneyProblems.idempotency_key_required);
      if (!isIdempotencyKey(key)) throw new HttpError(400, httpProblems.idempotency_key_format);
      const replay = async () => {
        const earlier = await db
          .selectFrom('payouts')
          .selectAll()
          .where('creator_id', '=', creatorId)
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        if (!earlier) return null;
        if (
          Number(earlier.amount_cents) !== input.amountCents ||
          (input.methodId !== undefined && input.methodId !== earlier.method_id)
        )
          throw new HttpError(409, moneyProblems.idempotency_key_reused);
        return { payout: toPayout(earlier), created: false };
      };
      const earlier = await replay();
      if (earlier) return earlier;
      if (input.amountCents < config.minPayoutCents)
        throw new HttpError(
          400,
          moneyProblems.withdrawal_below_minimum.with({ minimum: money(config.minPayoutCents) }),
        );

      const method = await (input.methodId
        ? db
            .selectFrom('payout_methods')
            .selectAll()
            .where('id', '=', input.methodId)
            .where('user_id', '=', creatorId)
            .executeTakeFirst()
        : db
            .selectFrom('payout_methods')
            .selectAll()
            .where('user_id', '=', creatorId)
            .orderBy('is_default', 'desc')
            .orderBy('created_at')
            .executeTakeFirst());
      if (!method)
        throw input.methodId
          ? new HttpError(404, moneyProblems.payout_method_unknown)
          : new HttpError(409, moneyProblems.no_payout_method);
      // A payout needs the creator's tax form on file (docs/product.md §Self-serve money): the refusal names it.
      if (!(await hasTaxForm(db, creatorId))) throw new HttpError(409, moneyProblems.tax_form_missing);
      const provider = rails.forKind(method.kind);
      // A rail that cannot pay this creator yet (Stripe before onboarding is complete) refuses here, saying why.
      const refusal = (await provider.refusal?.(creatorId)) ?? null;
      if (refusal) throw new HttpError(409, refusal);

      const id = crypto.randomUUID();
      try {
        // A short write: under load it shares its COMMIT with others (server/db/write-batcher.ts).
        const row = await services.writes.run(async (trx) => {
          const stamp = new Date().toISOString();
          const sequence = await trx
            .insertInto('payout_sequences')
            .values({ day: stamp.slice(0, 10), last: 1 })
            .onConflict((oc) =>
              oc.column('day').doUpdateSet((eb) => ({ last: eb(eb.ref('payout_sequences.last'), '+', 1) })),
            )
            .returning('last')
            .executeTakeFirstOrThrow();
          const inserted = await trx
            .insertInto('payouts')
            .values({
              id,
              creator_id: creatorId,
              amount_cents: input.amountCents,
              method_id: method.id,
              method_kind: method.kind,
              method_display: method.display,
              provider: provider.name,
              status: 'requested',
              reference: referenceFor(stamp, Number(sequence.last)),
              idempotency_key: key,
              provider_ref: null,
              failure_reason: null,
              requested_at: stamp,
              updated_at: stamp,
              paid_at: null,
              decided_by: null,
            })
            .onConflict((oc) => oc.columns(['creator_id', 'idempotency_key']).doNothing())
            .returningAll()
            .executeTakeFirst();
          // The same key raced in from another request: that one is the payout.
          if (!inserted) return null;
          await postTransfer(trx, {
            kind: 'payout_hold',
            key: `payout:${id}`,
            memo: `${inserted.reference} requested`,
            createdBy: creatorId,
            legs: [
              { account: creatorAvailable(creatorId), amountCents: -input.amountCents },
              { account: creatorInPayout(creatorId), amountCents: input.amountCents },
            ],
          });
          await jobs.enqueue(SUBMIT_JOB, `payout:${id}`, { payoutId: id }, trx);
          return inserted;
        });
        if (!row) return (await replay()) ?? Promise.reject(new HttpError(409, moneyProblems.idempotency_key_reused));
        jobs.poke();
        return { payout: toPayout(row), created: true };
      } catch (error) {
        if (error instanceof InsufficientFunds) {
          throw new HttpError(
            409,
            moneyProblems.over_balance.with({ balance: money(error.balanceCents), amount: money(input.amountCents) }),
          );
        }
        // PostgreSQL: a concurrent request with the same key committed first (unique violation inside our insert).
        const again = await replay().catch(() => null);
        if (again) return again;
        throw error;
      }
    },

    async list(creatorId: string): Promise<Payout[]> {
      const rows = await db
        .selectFrom('payouts')
        .selectAll()
        .where('creator_id', '=', creatorId)
        .orderBy('requested_at', 'desc')
        .orderBy('reference', 'desc')
        .limit(LISTED)
        .execute();
      return rows.map(toPayout);
    },

    /** The job: hands a requested payout to its rail. A rail's final refusal fails the payout (the funds return). */
    async submit(payoutId: string): Promise<void> {
      const row = await db.selectFrom('payouts').selectAll().where('id', '=', payoutId).executeTakeFirst();
      if (!row || row.status !== 'requested') return;
      const provider = rails.byName(row.provider);
      const [creator, details] = await Promise.all([
        db.selectFrom('users').select('email').where('id', '=', row.creator_id).executeTakeFirst(),
        services.payoutMethods.details(row.creator_id, row.method_id),
      ]);
      const holder = await db
        .selectFrom('payout_methods')
        .select('holder_name')
        .where('id', '=', row.method_id)
        .executeTakeFirst();
      if (!creator || !details) {
        await apply(payoutId, {
          status: 'failed',
          providerRef: null,
          reason: METHOD_REMOVED,
        });
        return;
      }
      let result: ProviderResult;
      try {
        result = await provider.submit({
          payoutId,
          reference: row.reference,
          amountCents: Number(row.amount_cents),
          creatorId: row.creator_id,
          creatorEmail: creator.email,
          methodId: row.method_id,
          holderName: holder?.holder_name ?? null,
          details: details as PayoutDetails,
        });
      } catch (error) {
        if (!(error instanceof PayoutRejected)) throw error;
        logger.warn('payout refused by its rail', { payoutId, provider: provider.name, error: error.message });
        result = { status: 'failed', providerRef: null, reason: error.message };
      }
      await apply(payoutId, result);
    },

    /**
     * Requested payouts still not handed to their rail after `olderThanMs` — their job failed for good (a rail down
     * longer than its retries) or was lost — are queued again; the money stays held meanwhile, so a payout never
     * waits for ever. (A job still waiting for its next attempt keeps its time: the key is queued once.)
     */
    async resubmitStale(olderThanMs: number): Promise<number> {
      const before = new Date(Date.now() - olderThanMs).toISOString();
      const rows = await db
        .selectFrom('payouts')
        .select('id')
        .where('status', '=', 'requested')
        .where('requested_at', '<', before)
        .limit(500)
        .execute();
      for (const row of rows) await jobs.enqueue(SUBMIT_JOB, `payout:${row.id}`, { payoutId: row.id });
      if (rows.length > 0) logger.warn('requested payouts queued again', { count: rows.length });
      return rows.length;
    },

    /** Asks polling rails about their processing payouts (PayPal; Stripe as a safety net for a lost webhook). */
    async pollProcessing(): Promise<number> {
      const rows = await db
        .selectFrom('payouts')
        .selectAll()
        .where('status', '=', 'processing')
        .where('provider', '!=', 'manual')
        .where('provider_ref', 'is not', null)
        .limit(500)
        .execute();
      let settled = 0;
      for (const row of rows) {
        const provider = rails.byName(row.provider);
        if (!provider.poll) continue;
        try {
          const result = await provider.poll({
            payoutId: row.id,
            creatorId: row.creator_id,
            providerRef: row.provider_ref!,
          });
          await apply(row.id, result);
          if (result.status !== 'processing') settled += 1;
        } catch (error) {
          logger.warn('payout poll failed', {
            payoutId: row.id,
            provider: row.provider,
            error: (error as Error).message,
          });
        }
      }
      return settled;
    },

    /** A rail's report about payout `payoutId` (a Stripe webhook); ignored unless the reference matches. */
    async report(payoutId: string, providerRef: string, result: ProviderResult): Promise<void> {
      const row = await db.selectFrom('payouts').select(['provider_ref']).where('id', '=', payoutId).executeTakeFirst();
      if (!row || (row.provider_ref !== null && row.provider_ref !== providerRef)) return;
      await apply(payoutId, result);
    },

    /** The operator console: open payouts first (oldest first), then the decided ones (newest first). */
    async adminList(status: Payout['status'] | undefined): Promise<AdminPayout[]> {
      let query = db.selectFrom('payouts').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('requested_at', 'desc').limit(LISTED).execute();
      const open = (row: PayoutRow) => row.status === 'requested' || row.status === 'processing';
      rows.sort(
        (a, b) =>
          Number(open(b)) - Number(open(a)) ||
          (open(a) ? a.requested_at.localeCompare(b.requested_at) : b.requested_at.localeCompare(a.requested_at)),
      );
      const payouts = await withCreators(rows);
      // An operator paying by hand needs the full details; they are shown only while the payout is open.
      return Promise.all(
        payouts.map(async (payout, index) => {
          const row = rows[index]!;
          if (!open(row) || row.provider !== 'manual') return { ...payout, destination: null };
          const details = await services.payoutMethods.details(row.creator_id, row.method_id);
          return {
            ...payout,
            destination: details
              ? describe(
                  details,
                  (
                    await db
                      .selectFrom('payout_methods')
                      .select('holder_name')
                      .where('id', '=', row.method_id)
                      .executeTakeFirst()
                  )?.holder_name ?? null,
                )
              : null,
          };
        }),
      );
    },

    /** An operator's decision on a payout of the manual rail (or any payout a rail could not settle). */
    async decide(
      operatorId: string,
      id: string,
      outcome: { status: 'paid'; reference: string } | { status: 'failed'; reason: string },
    ): Promise<AdminPayout> {
      const result = await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirst();
        if (!current) throw new HttpError(404, moneyProblems.payout_unknown);
        const settled = await settle(
          trx,
          id,
          outcome.status === 'paid'
            ? { status: 'paid', providerRef: outcome.reference }
            : { status: 'failed', reason: outcome.reason },
          operatorId,
        );
        if (!settled) throw new HttpError(409, moneyProblems.payout_already_decided.with({ status: current.status }));
        return settled;
      });
      result.announce();
      return (await withCreators([result.row]))[0]!;
    },

    /** The creator's own payout (tests, the success modal's refresh). */
    get: async (creatorId: string, id: string) => {
      const row = await mine(creatorId, id);
      return row ? toPayout(row) : null;
    },

    /** What the creator can withdraw now, and what payouts on their way hold. */
    async balances(creatorId: string): Promise<{ availableCents: number; inPayoutCents: number }> {
      const [availableCents, inPayoutCents] = await Promise.all([
        balanceOf(db, creatorAvailable(creatorId)),
        balanceOf(db, creatorInPayout(creatorId)),
      ]);
      return { availableCents, inPayoutCents };
    },
  };
}

function methodName(row: Pick<PayoutRow, 'method_kind' | 'method_display'>): string {
  return payoutMethodName({ kind: row.method_kind, display: row.method_display });
}

/** A payout method named in `locale` ("Bank Account •••• 6789", "Cuenta bancaria •••• 6789", "PayPal ana@…"). */
function methodIn(row: Pick<PayoutRow, 'method_kind' | 'method_display'>, locale: Locale): string {
  return row.method_kind === 'bank'
    ? moneyTexts(locale)('method.bankAccount', { display: row.method_display })
    : methodName(row);
}

function describe(details: PayoutDetails, holder: string | null): string {
  if (details.kind === 'stripe') return `Stripe account ${details.accountId}`;
  return details.kind === 'bank'
    ? `${holder ?? 'Account holder'} · routing ${details.routingNumber} · account ${details.accountNumber}`
    : `PayPal ${details.email}`;
}

export type Payouts = ReturnType<typeof createPayouts>;
