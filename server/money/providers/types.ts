// The payout rails behind one interface (docs/product.md §Money): `manual` (an operator pays and marks the payout), Stripe Connect
// and PayPal Payouts. The payout service hands a requested payout to its provider once (a job, retried with the
// same idempotency keys) and settles it when the provider says paid or failed (an operator, a webhook or a poll).
import type { PayoutMethodKind, PayoutProviderName } from '../../../contract/money.ts';
import type { Problem } from '../../http/problems.ts';
import type { PayoutDetails } from '../payout-methods.ts';

export interface PayoutOrder {
  payoutId: string;
  reference: string;
  amountCents: number;
  creatorId: string;
  creatorEmail: string;
  methodId: string;
  holderName: string | null;
  details: PayoutDetails;
}

/** Where a payout stands at its provider. */
export type ProviderResult =
  | { status: 'processing'; providerRef: string | null }
  | { status: 'paid'; providerRef: string | null }
  | { status: 'failed'; providerRef: string | null; reason: string };

export interface PayoutProvider {
  name: PayoutProviderName;
  supports(kind: PayoutMethodKind): boolean;
  /** Why this rail cannot pay the creator now (Stripe: onboarding not complete), or null; asked before a payout is taken. */
  refusal?(creatorId: string): Promise<Problem | null>;
  /** Hands the payout over. Must be safe to call again for the same payout (idempotent at the provider). */
  submit(order: PayoutOrder): Promise<ProviderResult>;
  /** Asks the provider where a processing payout stands (providers that are not told by webhooks alone). */
  poll?(payout: { payoutId: string; creatorId: string; providerRef: string }): Promise<ProviderResult>;
}

/** A provider's refusal that will not pass by retrying (bad details, a closed account): the payout fails. */
export class PayoutRejected extends Error {
  override name = 'PayoutRejected';
}
