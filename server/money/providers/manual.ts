// The manual rail (the default): the payout waits, processing, in the operator console until an operator pays it
// through the bank or PayPal and marks it paid with their reference, or marks it failed with a reason.
import type { PayoutProvider } from './types.ts';

export const manualProvider: PayoutProvider = {
  name: 'manual',
  supports: () => true,
  async submit() {
    return { status: 'processing', providerRef: null };
  },
};
