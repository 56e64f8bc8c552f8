// Stripe Connect payouts (docs/product.md §Money): a creator who chose "Get paid through Stripe" has a Stripe Express
// account (../stripe-connect.ts), onboarded on Stripe's hosted pages, whose bank account Stripe holds. A payout is a
// Transfer from the platform to that account followed by a Payout from it to the bank, each with an idempotency key
// derived from the payout, so a retried job never pays twice. The rail sends nothing while Stripe's last
// `account.updated` says payouts are not enabled (`refusal` says why; Stripe itself refuses a transfer to a restricted
// account). Stripe reports the outcome with the connected account's `payout.paid` / `payout.failed` on the Connect
// webhook; poll() asks directly, as a safety net for a lost webhook. STRIPE_API_BASE points the client at a stand-in.
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { DEFAULT_LOCALE } from '../../../contract/locales.ts';
import type { Database } from '../../db/types.ts';
import { formatProblem } from '../../http/problems.ts';
import { refusalOf } from '../stripe-connect.ts';
import type { StripeGateway } from './stripe-client.ts';
import { PayoutRejected, type PayoutProvider, type ProviderResult } from './types.ts';

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

  const accountRow = (creatorId: string) =>
    db.selectFrom('stripe_connect_accounts').selectAll().where('user_id', '=', creatorId).executeTakeFirst();

  return {
    name: 'stripe',
    supports: (kind) => kind === 'stripe',

    refusal: async (creatorId) => refusalOf(await accountRow(creatorId)),

    async submit(order) {
      if (order.details.kind !== 'stripe') throw new PayoutRejected('Stripe pays Stripe Express accounts only');
      const row = await accountRow(order.creatorId);
      // Stripe would refuse the transfer (insufficient_capabilities_for_transfer): the payout fails with why.
      const refusal = refusalOf(row);
      // Kept on the payout in English, as the operators and the records read it.
      if (refusal) throw new PayoutRejected(formatProblem(refusal, DEFAULT_LOCALE));
      const account = row!.account_id;
      try {
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
        // A refusal about the request itself (an account Stripe restricted since, a closed account) will not pass by
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
      const row = await accountRow(payout.creatorId);
      if (!row) throw new Error(`no Stripe account for creator ${payout.creatorId}`);
      return resultOf(await stripe.payouts.retrieve(payout.providerRef, {}, { stripeAccount: row.account_id }));
    },
  };
}
