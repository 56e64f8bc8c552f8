// What an advertiser owes for a card dispute (docs/product.md §Card disputes), said in the same words by the server's
// refusals and the Funds card. Plain data, no zod.
import { formatCents } from './cents.ts';

/**
 * Why refunds and launches wait: a card payment disputed (still open) or lost with more than the free balance could
 * hold, and how much is owed.
 */
export function debtMessage(owedCents: number, disputeOpen: boolean): string {
  return disputeOpen
    ? `A card payment of yours is disputed: ${formatCents(owedCents)} is owed to Castbridge until the dispute closes. Refunds and launches wait until it is covered.`
    : `A card payment of yours was disputed and the bank took it back: ${formatCents(owedCents)} is owed to Castbridge. Refunds and launches wait until it is covered: add funds, or cancel a campaign to free what it reserves.`;
}
