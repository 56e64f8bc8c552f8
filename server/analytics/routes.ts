// GET /api/analytics?range=7d|30d|90d|12m (docs/product.md §Analytics): a creator's series, chat activity and sponsorships, or an
// advertiser's campaigns. Operators have no analytics of their own (403); anonymous 401.
import { Hono } from 'hono';
import { DEFAULT_RANGE } from '../../contract/analytics.ts';
import { HttpError, route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { AnalyticsService } from './aggregate.ts';

export interface AnalyticsRoutesDeps extends RouteDeps {
  analytics: AnalyticsService;
}

export function analyticsRoutes(services: AnalyticsRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, services, 'analytics', async (c, { query }) => {
    const range = query.range ?? DEFAULT_RANGE;
    const role = c.get('role');
    if (role === 'creator') return services.analytics.creator(c.get('userId'), range);
    if (role === 'advertiser') return services.analytics.advertiser(c.get('userId'), range);
    throw new HttpError(403, 'Analytics are for creators and advertisers');
  });
  return app;
}
