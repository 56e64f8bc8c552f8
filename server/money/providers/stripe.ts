// Stripe Connect payouts (docs/product.md §Money) for bank accounts: each creator gets a Custom connected account (created once),
// their bank account is attached to it as its external account (again when they replace it), and a payout is a
// Transfer from the platform to that account followed by a Payout from it to the bank. Every call carries an
// idempotency key derived from the payout, so a retried job never pays twice. Stripe reports the outcome with the
// connected account's `payout.paid` / `payout.failed` webhook (signed; see ../stripe-webhook.ts); poll() asks
// directly, as a safety net for a lost webhook. STRIPE_API_BASE points the client at a stand-in in tests.
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import type { Database } from '../../db/types.ts';
import type { StripeGateway } from './stripe-client.ts';
import { PayoutRejected, type PayoutOrder, type PayoutProvider, type ProviderResult } from './types.ts';

export type StripeProvider = PayoutProvider;

const resultOf = (payout: Stripe.Payout): ProviderResult => {
  if (payout.status === 'paid') return { status: 'paid', providerRef: payout.id };
  if (payout.status === 'failed' || payout.status === 'canceled') {
    return {
      status: 'failed',
      providerRef: payout.id,
      reason:
        payout.failure_message ?? `The bank ${payout.status === 'canceled' ? 'cancelled' : 'refused'} the transfer`,
    };
  }
  return { status: 'processing', providerRef: payout.id };
};

export function createStripeProvider(gateway: StripeGateway, db: Kysely<Database>): StripeProvider {
  const stripe = gateway.client;

  /** The creator's connected account, with `order`'s bank account attached as its external account. */
  async function connectedAccount(order: PayoutOrder): Promise<string> {
    if (order.details.kind !== 'bank') throw new PayoutRejected('Stripe pays bank accounts only');
    let row = await db
      .selectFrom('provider_accounts')
      .selectAll()
      .where('user_id', '=', order.creatorId)
      .where('provider', '=', 'stripe')
      .executeTakeFirst();
    if (!row) {
      const account = await stripe.accounts.create(
        {
          type: 'custom',
          country: 'US',
          email: order.creatorEmail,
          business_type: 'individual',
          capabilities: { transfers: { requested: true } },
          metadata: { castbridge_user: order.creatorId },
        },
        { idempotencyKey: `castbridge-account-${order.creatorId}` },
      );
      await db
        .insertInto('provider_accounts')
        .values({
          user_id: order.creatorId,
          provider: 'stripe',
          account_id: account.id,
          method_id: null,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
        .execute();
      row = await db
        .selectFrom('provider_accounts')
        .selectAll()
        .where('user_id', '=', order.creatorId)
        .where('provider', '=', 'stripe')
        .executeTakeFirstOrThrow();
    }
    if (row.method_id !== order.methodId) {
      await stripe.accounts.createExternalAccount(
        row.account_id,
        {
          external_account: {
            object: 'bank_account',
            country: 'US',
            currency: 'usd',
            account_holder_name: order.holderName ?? undefined,
            account_holder_type: 'individual',
            routing_number: order.details.routingNumber,
            account_number: order.details.accountNumber,
          },
          default_for_currency: true,
        },
        { idempotencyKey: `castbridge-bank-${order.methodId}` },
      );
      await db
        .updateTable('provider_accounts')
        .set({ method_id: order.methodId })
        .where('user_id', '=', order.creatorId)
        .where('provider', '=', 'stripe')
        .execute();
    }
    return row.account_id;
  }

  async function accountOf(creatorId: string): Promise<string> {
    const row = await db
      .selectFrom('provider_accounts')
      .select('account_id')
      .where('user_id', '=', creatorId)
      .where('provider', '=', 'stripe')
      .executeTakeFirst();
    if (!row) throw new Error(`no Stripe account for creator ${creatorId}`);
    return row.account_id;
  }

  return {
    name: 'stripe',
    supports: (kind) => kind === 'bank',

    async submit(order) {
      try {
        const account = await connectedAccount(order);
        const metadata = { payout_id: order.payoutId, reference: order.reference };
        await stripe.transfers.create(
          {
            amount: order.amountCents,
            currency: 'usd',
            destination: account,
            transfer_group: order.payoutId,
            metadata,
          },
          { idempotencyKey: `castbridge-transfer-${order.payoutId}` },
        );
        const payout = await stripe.payouts.create(
          { amount: order.amountCents, currency: 'usd', metadata, statement_descriptor: 'CASTBRIDGE' },
          { stripeAccount: account, idempotencyKey: `castbridge-payout-${order.payoutId}` },
        );
        return resultOf(payout);
      } catch (error) {
        // A refusal about the request itself (a bad routing number, an account Stripe closed) will not pass by
        // retrying; anything else (network, 5xx, rate limits) is retried by the job with the same keys.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new PayoutRejected(error.message);
        }
        throw error;
      }
    },

    async poll(payout) {
      const account = await accountOf(payout.creatorId);
      return resultOf(await stripe.payouts.retrieve(payout.providerRef, {}, { stripeAccount: account }));
    },
  };
}
