// Stripe's webhook events for deposits, refunds and disputes (docs/product.md §Self-serve money) happen once each:
// the handler claims the event's id in `stripe_events` inside the transaction that applies its effect, so a replayed,
// repeated or late event finds its id taken and changes nothing, and an effect that fails rolls the claim back with
// it (Stripe sends the event again). Forged events never get here: the route verifies the signature first.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** Claims the event for this transaction; false when it was handled before (the caller then does nothing). */
export async function claimStripeEvent(trx: Kysely<Database>, event: { id: string; type: string }): Promise<boolean> {
  const claimed = await trx
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The id of an expandable Stripe reference (a string, or the object when expanded), or null. */
export const stripeId = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** Every operator's id: each is told of a card dispute. */
export async function operatorIds(executor: Kysely<Database>): Promise<string[]> {
  return (await executor.selectFrom('users').select('id').where('role', '=', 'operator').execute()).map(
    (row) => row.id,
  );
}
