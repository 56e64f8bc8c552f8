// Payout methods (docs/product.md §Money, docs/product.md "Payout method"): a creator's bank account (holder, ABA routing number,
// account number) and PayPal (e-mail), one of each kind; connecting a kind again replaces it. The details are sealed
// at rest and answered masked. One method is the default: the first one connected, or the one asked for; removing
// the default makes the remaining method the default.
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PayoutMethod } from '../../contract/schemas/money.ts';
import type { ValidBody } from '../../contract/index.ts';
import type { Database, PayoutMethodsTable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { moneyProblems } from './problems.ts';
import type { Sealer } from './sealing.ts';

export type PayoutMethodInput = ValidBody<'addPayoutMethod'>;

/** The sealed details, as a payout provider needs them. */
export type PayoutDetails =
  | { kind: 'bank'; routingNumber: string; accountNumber: string }
  | { kind: 'paypal'; email: string }
  | { kind: 'stripe'; accountId: string };

/** What a Stripe Express account shows as a payout method ("Stripe Express account"). */
export const STRIPE_METHOD_DISPLAY = 'Express account';

const toMethod = (row: Selectable<PayoutMethodsTable>): PayoutMethod => ({
  id: row.id,
  kind: row.kind,
  display: row.display,
  holderName: row.holder_name,
  isDefault: Number(row.is_default) === 1,
  createdAt: row.created_at,
});

export function createPayoutMethods(db: Kysely<Database>, sealer: Sealer) {
  async function list(userId: string, executor: Kysely<Database> = db): Promise<PayoutMethod[]> {
    const rows = await executor
      .selectFrom('payout_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .execute();
    return rows.map(toMethod);
  }

  return {
    list: (userId: string) => list(userId),

    async add(userId: string, input: PayoutMethodInput): Promise<PayoutMethod[]> {
      const details: PayoutDetails =
        input.kind === 'bank'
          ? { kind: 'bank', routingNumber: input.routingNumber, accountNumber: input.accountNumber }
          : { kind: 'paypal', email: input.email };
      return db.transaction().execute(async (trx) => {
        const replaced = await trx
          .deleteFrom('payout_methods')
          .where('user_id', '=', userId)
          .where('kind', '=', input.kind)
          .returning('is_default')
          .executeTakeFirst();
        const others = await trx.selectFrom('payout_methods').select('id').where('user_id', '=', userId).execute();
        const makeDefault =
          input.makeDefault === true || others.length === 0 || Number(replaced?.is_default ?? 0) === 1;
        if (makeDefault)
          await trx.updateTable('payout_methods').set({ is_default: 0 }).where('user_id', '=', userId).execute();
        await trx
          .insertInto('payout_methods')
          .values({
            id: crypto.randomUUID(),
            user_id: userId,
            kind: input.kind,
            display: input.kind === 'bank' ? `•••• ${input.accountNumber.slice(-4)}` : input.email,
            holder_name: input.kind === 'bank' ? input.holderName : null,
            sealed: sealer.seal(details),
            is_default: makeDefault ? 1 : 0,
            created_at: new Date().toISOString(),
          })
          .execute();
        return list(userId, trx);
      });
    },

    async remove(userId: string, id: string): Promise<PayoutMethod[]> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('payout_methods')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returning('is_default')
          .executeTakeFirst();
        if (!removed) throw new HttpError(404, moneyProblems.payout_method_unknown);
        if (Number(removed.is_default) === 1) {
          const next = await trx
            .selectFrom('payout_methods')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .executeTakeFirst();
          if (next) await trx.updateTable('payout_methods').set({ is_default: 1 }).where('id', '=', next.id).execute();
        }
        return list(userId, trx);
      });
    },

    /**
     * The creator's Stripe Express account as a payout method, once Stripe pays out to it (./stripe-connect.ts):
     * added inside the caller's transaction, unless there is one; the default when it is the only method.
     */
    async addStripe(trx: Kysely<Database>, userId: string, accountId: string): Promise<void> {
      const existing = await trx.selectFrom('payout_methods').select('kind').where('user_id', '=', userId).execute();
      if (existing.some((row) => row.kind === 'stripe')) return;
      await trx
        .insertInto('payout_methods')
        .values({
          id: crypto.randomUUID(),
          user_id: userId,
          kind: 'stripe',
          display: STRIPE_METHOD_DISPLAY,
          holder_name: null,
          sealed: sealer.seal({ kind: 'stripe', accountId } satisfies PayoutDetails),
          is_default: existing.length === 0 ? 1 : 0,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
        .execute();
    },

    /** A method's sealed details, for a payout provider; null when it is not the user's. */
    async details(userId: string, id: string): Promise<PayoutDetails | null> {
      const row = await db
        .selectFrom('payout_methods')
        .select('sealed')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? sealer.unseal<PayoutDetails>(row.sealed) : null;
    },
  };
}

export type PayoutMethods = ReturnType<typeof createPayoutMethods>;
