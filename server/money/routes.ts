// Money endpoints (issue 14): payout methods, creators only (others 403; another creator's method 404).
import { Hono, type Context } from 'hono';
import { requireRole } from '../auth/require-user.ts';
import { route } from '../http/route.ts';
import type { AppEnv, Services } from '../services.ts';

const creator = (c: Context<AppEnv>) => requireRole(c, 'creator');

export function moneyRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { payoutMethods } = services;
  route(app, services, 'listPayoutMethods', async (c) => ({ methods: await payoutMethods.list(creator(c)) }));
  route(app, services, 'addPayoutMethod', async (c, { body }) => ({ methods: await payoutMethods.add(creator(c), body) }));
  route(app, services, 'deletePayoutMethod', async (c) => ({ methods: await payoutMethods.remove(creator(c), c.req.param('id')!) }));
  return app;
}
