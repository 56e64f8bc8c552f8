// Money endpoints (issue 14). Creators: payout methods, payouts (with an Idempotency-Key), earnings. Advertisers:
// their balance, and confirming an offer's delivery (the creator earns). Wrong role 403; another user's record 404.
// Operators' endpoints live in the console's routes (server/admin/routes.ts); Stripe's webhook is signed, not signed in.
import { Hono, type Context } from 'hono';
import { DELIVERY_STATUSES } from '../../contract/marketplace.ts';
import { requireRole } from '../accounts/require-user.ts';
import { HttpError } from '../http/errors.ts';
import { RATE_RULES } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import type { AppEnv, Services } from '../services.ts';
import { completeOffer } from './completion.ts';
import { earningsOf } from './earnings.ts';

const creator = (c: Context<AppEnv>) => requireRole(c, 'creator');
const advertiser = (c: Context<AppEnv>) => requireRole(c, 'advertiser');

export function moneyRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, payoutMethods, payouts, funding, offers, notifier, limits, config } = services;

  route(app, services, 'listPayoutMethods', async (c) => ({ methods: await payoutMethods.list(creator(c)) }));
  route(app, services, 'addPayoutMethod', async (c, { body }) => ({ methods: await payoutMethods.add(creator(c), body) }));
  route(app, services, 'deletePayoutMethod', async (c) => ({ methods: await payoutMethods.remove(creator(c), c.req.param('id')!) }));

  route(app, services, 'requestPayout', async (c, { body }) => {
    const userId = creator(c);
    await limits.checkUser(RATE_RULES.payouts, userId);
    const { payout } = await payouts.request(userId, { amountCents: body.amount_cents, methodId: body.method_id }, c.req.header('idempotency-key')?.trim());
    return { payout };
  });
  route(app, services, 'listPayouts', async (c) => ({ payouts: await payouts.list(creator(c)) }));
  route(app, services, 'getEarnings', async (c) => earningsOf(db, creator(c), config.minPayoutCents));

  route(app, services, 'getAdvertiserBalance', async (c) => funding.balance(advertiser(c)));

  route(app, services, 'confirmDelivery', async (c) => {
    const userId = c.get('userId');
    if (c.get('role') !== 'advertiser') throw new HttpError(403, "Only the campaign's advertiser confirms a delivery");
    const id = c.req.param('id')!;
    // The advertiser's own offer, or 404.
    const offer = await offers.get({ userId, role: 'advertiser' }, id);
    if (!(DELIVERY_STATUSES as readonly string[]).includes(offer.status)) {
      throw new HttpError(409, offer.status === 'completed' || offer.status === 'paid' ? 'This offer is already completed' : `This offer is ${offer.status.replace('_', ' ')}: only an accepted offer can be completed`);
    }
    // A short write: under load it shares its COMMIT with the writes arriving meanwhile (server/db/write-batcher.ts).
    const announce = await services.writes.run(async (trx) => {
      const done = await completeOffer(trx, { offerId: id, via: 'advertiser', feeBps: config.feeBps });
      return notifier.create(trx, done.notices);
    });
    announce();
    const completed = await offers.get({ userId, role: 'advertiser' }, id);
    // A completed offer leaves the creator's overlay.
    await services.overlays.refreshCampaign(completed.campaignId);
    return { offer: completed };
  });

  route(app, services, 'stripeWebhook', async (c) => {
    const stripe = services.rails.stripe;
    if (!stripe) throw new HttpError(404, 'Stripe payouts are not configured');
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new HttpError(400, 'Stripe-Signature header is required');
    const raw = await c.req.text();
    let event: ReturnType<typeof stripe.verifyWebhook>;
    try {
      event = stripe.verifyWebhook(raw, signature);
    } catch (error) {
      throw new HttpError(400, `Webhook signature not verified: ${(error as Error).message}`);
    }
    if (event.type === 'payout.paid' || event.type === 'payout.failed' || event.type === 'payout.canceled') {
      const payout = event.data.object;
      const payoutId = payout.metadata?.payout_id;
      if (payoutId) {
        await payouts.report(
          payoutId,
          payout.id,
          event.type === 'payout.paid'
            ? { status: 'paid', providerRef: payout.id }
            : { status: 'failed', providerRef: payout.id, reason: payout.failure_message ?? (event.type === 'payout.canceled' ? 'the payout was cancelled' : 'the bank refused the transfer') },
        );
      }
    }
    return { received: true as const };
  });

  return app;
}
