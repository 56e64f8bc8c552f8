// Money endpoints (docs/product.md §Money). Creators: payout methods, payouts (with an Idempotency-Key), earnings. Advertisers:
// their balance, and disputing an overlay delivery in its review window (./reviews.ts): the dispute is the earning's
// transition, not the offer's (it stays completed), so it lives with the pending money it holds back. Wrong role 403;
// another user's record 404. Confirming an offer's delivery (the creator earns) is the marketplace's
// (server/marketplace/routes.ts, which owns completion); operators' endpoints live in the console's routes
// (server/operator/routes.ts); Stripe's webhook is signed, not signed in.
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { RATE_RULES, type RateLimiter } from '../http/rate-limit.ts';
import { route, type RouteDeps } from '../http/route.ts';
import { requireRole, type AppEnv } from '../http/session.ts';
import { earningsOf } from './earnings.ts';
import type { Funding } from './funding.ts';
import type { PayoutMethods } from './payout-methods.ts';
import type { Payouts } from './payouts.ts';
import type { Idempotency } from '../http/idempotency.ts';
import { CHECKOUT_EVENTS, type Deposits } from './deposits.ts';
import { DISPUTE_EVENTS, type CardDisputes } from './card-disputes.ts';
import { REFUND_EVENTS, type Refunds } from './refunds.ts';
import type { StripeGateway } from './providers/stripe-client.ts';
import type { StripeConnect } from './stripe-connect.ts';
import type { Notifier } from '../notifications/store.ts';
import type { Reviews } from './reviews.ts';
import type { TaxForms } from './tax-forms.ts';
import { moneyProblems } from './problems.ts';

const creator = (c: Context<AppEnv>) => requireRole(c, 'creator');
const advertiser = (c: Context<AppEnv>) => requireRole(c, 'advertiser');

export interface MoneyRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'contractCheck' | 'minPayoutCents' | 'reviewSeconds'>;
  /** A dispute tells the creator and the operators. */
  notifier: Pick<Notifier, 'create'>;
  limits: RateLimiter;
  payoutMethods: PayoutMethods;
  payouts: Payouts;
  /** The advertiser disputes an overlay delivery in its review window. */
  reviews: Pick<Reviews, 'dispute'>;
  funding: Pick<Funding, 'balance' | 'details'>;
  /** Verifies Stripe's webhooks (null: Stripe is not configured). */
  stripe: Pick<StripeGateway, 'verifyWebhook' | 'verifyConnectWebhook'> | null;
  /** Creators' Stripe Express accounts (the `stripe` payout rail): onboarding and account.updated. */
  stripeConnect: Pick<StripeConnect, 'status' | 'start' | 'onAccountUpdated'>;
  /** Card deposits, refunds and card disputes (docs/product.md §Self-serve money), once per Idempotency-Key. */
  deposits: Pick<Deposits, 'create' | 'get' | 'cancel' | 'onCheckoutEvent'>;
  refunds: Pick<Refunds, 'request' | 'list' | 'onRefundEvent'>;
  cardDisputes: Pick<CardDisputes, 'onDisputeEvent'>;
  idempotency: Idempotency;
  /** Creators' W-9 / W-8BEN (./tax-forms.ts). */
  taxForms: Pick<TaxForms, 'get' | 'submit'>;
}

export function moneyRoutes(services: MoneyRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, payoutMethods, payouts, funding, limits, config } = services;

  route(app, services, 'listPayoutMethods', async (c) => ({ methods: await payoutMethods.list(creator(c)) }));
  route(app, services, 'addPayoutMethod', async (c, { body }) => ({
    methods: await payoutMethods.add(creator(c), body),
  }));
  route(app, services, 'deletePayoutMethod', async (c) => ({
    methods: await payoutMethods.remove(creator(c), c.req.param('id')!),
  }));

  // Stripe Connect (./stripe-connect.ts): the caller's own Express account, never another's (no id is taken).
  route(app, services, 'getStripePayouts', async (c) => ({ stripe: await services.stripeConnect.status(creator(c)) }));
  route(app, services, 'startStripeOnboarding', async (c) => {
    const userId = creator(c);
    const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    return services.stripeConnect.start(userId, user.email);
  });

  route(app, services, 'requestPayout', async (c, { body }) => {
    const userId = creator(c);
    await limits.checkUser(RATE_RULES.payouts, userId);
    const { payout } = await payouts.request(
      userId,
      { amountCents: body.amount_cents, methodId: body.method_id },
      c.req.header('idempotency-key')?.trim(),
    );
    return { payout };
  });
  route(app, services, 'listPayouts', async (c) => ({ payouts: await payouts.list(creator(c)) }));
  route(app, services, 'getEarnings', async (c) => earningsOf(db, creator(c), config.minPayoutCents));
  // The tax form (./tax-forms.ts): answered masked; filing again supersedes.
  route(app, services, 'getTaxForm', async (c) => services.taxForms.get(creator(c)));
  route(app, services, 'submitTaxForm', async (c, { body }) => services.taxForms.submit(creator(c), body));

  route(app, services, 'getAdvertiserBalance', async (c) => funding.balance(advertiser(c)));

  // Another advertiser's offer is a 404 before the body is read (reviews.dispute checks it again in its write).
  const reviews = services.reviews;
  const ownOffer = async (c: Context<AppEnv>) => {
    const row = await db
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .select('offers.id')
      .where('offers.id', '=', c.req.param('id') ?? '')
      .where('campaigns.advertiser_id', '=', c.get('userId'))
      .executeTakeFirst();
    if (!row) throw new HttpError(404, moneyProblems.offer_unknown);
  };
  route(
    app,
    services,
    'disputeDelivery',
    { forbidden: moneyProblems.dispute_advertiser_only, authorize: ownOffer },
    async (c, { body }) => ({ review: await reviews.dispute(advertiser(c), c.req.param('id')!, body.reason) }),
  );
  // How to add funds until card deposits exist (docs/product.md §Advertiser onboarding).
  route(app, services, 'getFundingDetails', async (c) => funding.details(advertiser(c)));

  // Card and bank-debit deposits, and refunds of unspent funds (docs/product.md §Self-serve money): each once per
  // Idempotency-Key (server/http/idempotency.ts); the balance moves on Stripe's webhook, below.
  route(app, services, 'createDeposit', async (c, { body }) => {
    const userId = advertiser(c);
    await limits.checkUser(RATE_RULES.deposits, userId);
    return services.idempotency.once(c, userId, body, () => services.deposits.create(userId, body));
  });
  route(app, services, 'getDeposit', async (c) => ({
    deposit: await services.deposits.get(advertiser(c), c.req.param('id')!),
  }));
  route(app, services, 'cancelDeposit', async (c) => ({
    deposit: await services.deposits.cancel(advertiser(c), c.req.param('id')!),
  }));
  route(app, services, 'requestRefund', async (c, { body }) => {
    const userId = advertiser(c);
    await limits.checkUser(RATE_RULES.refunds, userId);
    return services.idempotency.once(c, userId, body, () => services.refunds.request(userId, body.amountCents));
  });
  route(app, services, 'listRefunds', async (c) => ({ refunds: await services.refunds.list(advertiser(c)) }));

  /** The event of a webhook whose signature `verify` accepts over its raw body; a 400 otherwise. */
  const verified = async (c: Context<AppEnv>, verify: (raw: string, signature: string) => Stripe.Event) => {
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new HttpError(400, moneyProblems.stripe_signature_required);
    const raw = await c.req.text();
    try {
      return verify(raw, signature);
    } catch (error) {
      throw new HttpError(400, moneyProblems.webhook_signature_invalid.with({ detail: (error as Error).message }));
    }
  };

  route(app, services, 'stripeWebhook', async (c) => {
    const stripe = services.stripe;
    if (!stripe) throw new HttpError(404, moneyProblems.stripe_not_configured);
    const event = await verified(c, stripe.verifyWebhook);
    // A connected account's event belongs to the Connect endpoint (its own secret): Stripe never sends it here.
    if (event.account) throw new HttpError(400, moneyProblems.webhook_connect_event);
    // Deposits, disputes and refunds claim the event's id with their effect: a repeat changes nothing.
    if ((CHECKOUT_EVENTS as readonly string[]).includes(event.type)) await services.deposits.onCheckoutEvent(event);
    else if ((DISPUTE_EVENTS as readonly string[]).includes(event.type))
      await services.cardDisputes.onDisputeEvent(event);
    else if ((REFUND_EVENTS as readonly string[]).includes(event.type)) await services.refunds.onRefundEvent(event);
    return { received: true as const };
  });

  // Connect events (creators' Express accounts): signed with STRIPE_CONNECT_WEBHOOK_SECRET, each naming its account.
  route(app, services, 'stripeConnectWebhook', async (c) => {
    const verify = services.stripe?.verifyConnectWebhook;
    if (!verify) throw new HttpError(404, moneyProblems.stripe_connect_not_configured);
    const event = await verified(c, verify);
    if (!event.account) throw new HttpError(400, moneyProblems.webhook_platform_event);
    if (event.type === 'account.updated') await services.stripeConnect.onAccountUpdated(event);
    else if (event.type === 'payout.paid' || event.type === 'payout.failed' || event.type === 'payout.canceled') {
      const payout = event.data.object;
      const payoutId = payout.metadata?.payout_id;
      if (payoutId) {
        await payouts.report(
          payoutId,
          payout.id,
          event.type === 'payout.paid'
            ? { status: 'paid', providerRef: payout.id }
            : {
                status: 'failed',
                providerRef: payout.id,
                reason:
                  payout.failure_message ??
                  (event.type === 'payout.canceled' ? 'the payout was cancelled' : 'the bank refused the transfer'),
              },
        );
      }
    }
    return { received: true as const };
  });

  return app;
}
