// Picks the rail for each payout method kind from PAYOUT_PROVIDER: the first configured provider that supports the
// kind, else `manual` (an operator pays).
import type { Kysely } from 'kysely';
import type { PayoutMethodKind, PayoutProviderName } from '../../../contract/money.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { manualProvider } from './manual.ts';
import { createPaypalProvider } from './paypal.ts';
import { createStripeProvider, type StripeProvider } from './stripe.ts';
import type { StripeGateway } from './stripe-client.ts';
import type { PayoutProvider } from './types.ts';

export interface PayoutRails {
  forKind(kind: PayoutMethodKind): PayoutProvider;
  byName(name: PayoutProviderName): PayoutProvider;
  /** The Stripe payout adapter when PAYOUT_PROVIDER includes stripe. */
  stripe: StripeProvider | null;
}

export function createPayoutRails(config: Config, db: Kysely<Database>, gateway: StripeGateway | null): PayoutRails {
  const stripe = gateway && config.payoutProviders.includes('stripe') ? createStripeProvider(gateway, db) : null;
  const paypal = config.paypal ? createPaypalProvider(config.paypal) : null;
  const configured: PayoutProvider[] = config.payoutProviders.map((name) =>
    name === 'stripe' ? stripe! : name === 'paypal' ? paypal! : manualProvider,
  );
  const all: PayoutProvider[] = [...configured, manualProvider];
  return {
    forKind: (kind) => all.find((provider) => provider.supports(kind))!,
    byName(name) {
      const provider = all.find((candidate) => candidate.name === name);
      // A payout sent on a rail that is no longer configured is left to an operator.
      return provider ?? manualProvider;
    },
    stripe,
  };
}
