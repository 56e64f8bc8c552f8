// Stripe Connect for the `stripe` payout rail (docs/product.md §Money): "Get paid through Stripe" on Set Payout Method
// makes the creator's Stripe Express account once (kept in stripe_connect_accounts) and sends their browser through
// Stripe's hosted onboarding (an Account Link) and back to /set-payout-method/stripe. What Stripe still needs and
// whether it pays out come from Stripe alone: the account's `account.updated` events on the Connect endpoint
// (server/money/routes.ts, signed with STRIPE_CONNECT_WEBHOOK_SECRET), applied once each and never older over newer.
// The rail (./providers/stripe.ts) pays only while `payouts_enabled` is set; until then `refusal` says why.
import type { Kysely, Selectable } from 'kysely';
import type Stripe from 'stripe';
import { stripeNeeds, stripeRestrictionText, type StripeAccountState } from '../../contract/money.ts';
import type { StripePayouts } from '../../contract/schemas/money.ts';
import type { Database, StripeConnectAccountsTable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { Problem } from '../http/problems.ts';
import { wordList, worded } from '../http/texts.ts';
import type { Links } from '../mail/links.ts';
import type { PayoutMethods } from './payout-methods.ts';
import type { StripeGateway } from './providers/stripe-client.ts';
import { moneyProblems } from './problems.ts';
import { claimStripeEvent } from './stripe-events.ts';

/** Where Stripe sends the creator back: the return screen under Set Payout Method (refresh: the link expired). */
export const STRIPE_RETURN_PATH = '/set-payout-method/stripe';

type Row = Selectable<StripeConnectAccountsTable>;

const dueOf = (row: Pick<Row, 'currently_due'>): string[] => {
  try {
    const due = JSON.parse(row.currently_due) as unknown;
    return Array.isArray(due) ? due.map(String) : [];
  } catch {
    return [];
  }
};

export function stateOf(row: Row | undefined): StripeAccountState {
  if (!row) return 'none';
  if (Number(row.payouts_enabled) === 1) return 'complete';
  return dueOf(row).length > 0 ? 'needs' : 'restricted';
}

/** Why the rail cannot pay this creator now, as a refusal in every language; null when it can. */
export function refusalOf(row: Row | undefined): Problem | null {
  const state = stateOf(row);
  if (state === 'complete') return null;
  if (state === 'none') return moneyProblems.stripe_not_set_up;
  if (state === 'needs') {
    const due = dueOf(row!);
    return moneyProblems.stripe_needs_details.with({ needs: wordList((locale) => stripeNeeds(due, locale)) });
  }
  const reason = row!.disabled_reason;
  return moneyProblems.stripe_restricted.with({ reason: worded((locale) => stripeRestrictionText(reason, locale)) });
}

/** The columns an account (from an answer or an event) sets. */
const fieldsOf = (account: Stripe.Account) => ({
  payouts_enabled: account.payouts_enabled ? 1 : 0,
  charges_enabled: account.charges_enabled ? 1 : 0,
  details_submitted: account.details_submitted ? 1 : 0,
  currently_due: JSON.stringify(account.requirements?.currently_due ?? []),
  disabled_reason: account.requirements?.disabled_reason ?? null,
});

export interface StripeConnectDeps {
  db: Kysely<Database>;
  /** Stripe (the real API or the stand-in) when the `stripe` payout rail is configured; else null. */
  stripe: Pick<StripeGateway, 'client'> | null;
  links: Pick<Links, 'url'>;
  payoutMethods: Pick<PayoutMethods, 'addStripe'>;
}

export function createStripeConnect(services: StripeConnectDeps) {
  const { db, stripe, links } = services;

  const rowOf = (userId: string, executor: Kysely<Database> = db) =>
    executor.selectFrom('stripe_connect_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();

  async function status(userId: string): Promise<StripePayouts> {
    const row = await rowOf(userId);
    return {
      available: stripe !== null,
      state: stateOf(row),
      currentlyDue: row ? dueOf(row) : [],
      disabledReason: row?.disabled_reason ?? null,
      payoutsEnabled: row ? Number(row.payouts_enabled) === 1 : false,
      updatedAt: row?.updated_at ?? null,
    };
  }

  /** Applies what Stripe says of `account` as of `seen` (seconds) to its row, unless the row knows something newer. */
  async function apply(trx: Kysely<Database>, account: Stripe.Account, seen: number): Promise<void> {
    const updated = await trx
      .updateTable('stripe_connect_accounts')
      .set({ ...fieldsOf(account), stripe_seen: seen, updated_at: new Date().toISOString() })
      .where('account_id', '=', account.id)
      .where('stripe_seen', '<=', seen)
      .returning(['user_id', 'payouts_enabled'])
      .executeTakeFirst();
    // Payouts enabled: the account is one of the creator's payout methods (kept if Stripe disables it later: the
    // rail then refuses and says why).
    if (updated && Number(updated.payouts_enabled) === 1)
      await services.payoutMethods.addStripe(trx, updated.user_id, account.id);
  }

  return {
    status,

    /** The rail's check before it sends a payout: null when Stripe pays this creator out, else why not. */
    refusal: async (userId: string) => refusalOf(await rowOf(userId)),

    /** The creator's Express account (made once), and a new Account Link into Stripe's onboarding. */
    async start(userId: string, email: string): Promise<{ url: string; stripe: StripePayouts }> {
      if (!stripe) throw new HttpError(404, moneyProblems.stripe_not_offered);
      try {
        if (!(await rowOf(userId))) {
          const account = await stripe.client.accounts.create(
            {
              type: 'express',
              country: 'US',
              email,
              business_type: 'individual',
              capabilities: { transfers: { requested: true } },
              metadata: { castbridge_user: userId },
            },
            { idempotencyKey: `castbridge-express-${userId}` },
          );
          const stamp = new Date().toISOString();
          await db
            .insertInto('stripe_connect_accounts')
            .values({
              user_id: userId,
              account_id: account.id,
              ...fieldsOf(account),
              stripe_seen: account.created ?? 0,
              created_at: stamp,
              updated_at: stamp,
            })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute();
        }
        const row = (await rowOf(userId))!;
        const link = await stripe.client.accountLinks.create({
          account: row.account_id,
          type: 'account_onboarding',
          refresh_url: links.url(`${STRIPE_RETURN_PATH}?refresh=1`),
          return_url: links.url(STRIPE_RETURN_PATH),
        });
        return { url: link.url, stripe: await status(userId) };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const message = (error as Error).message;
        // Stripe's own words, as it said them.
        throw new HttpError(502, moneyProblems.stripe_start_failed.with({ detail: message }));
      }
    },

    /** A connected account's `account.updated` (Connect endpoint): applied once, and never over a newer one. */
    async onAccountUpdated(event: Stripe.Event): Promise<void> {
      if (event.type !== 'account.updated') return;
      const account = event.data.object;
      await db.transaction().execute(async (trx) => {
        if (!(await claimStripeEvent(trx, event))) return;
        await apply(trx, account, event.created);
      });
    },
  };
}

export type StripeConnect = ReturnType<typeof createStripeConnect>;
