// GET /api/analytics?range=7d|30d|90d|12m (docs/product.md §Analytics): a creator's series, chat activity and sponsorships, or an
// advertiser's campaigns. Operators have no analytics of their own (403); anonymous 401.
import { Hono } from 'hono';
import { DEFAULT_RANGE } from '../../contract/analytics.ts';
import { requestLocale } from '../http/problems.ts';
import { HttpError, route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { AnalyticsService } from './aggregate.ts';
import { analyticsProblems } from './problems.ts';

const FOR_WHOM = analyticsProblems.creators_and_advertisers;

export interface AnalyticsRoutesDeps extends RouteDeps {
  analytics: AnalyticsService;
}

export function analyticsRoutes(services: AnalyticsRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Operators get the 403 before the range is read (server/http/route.ts, contract/endpoints.ts endpointRoles).
  route(app, services, 'analytics', { forbidden: FOR_WHOM }, async (c, { query }) => {
    const range = query.range ?? DEFAULT_RANGE;
    const role = c.get('role');
    if (role === 'creator') {
      // The cards' texts in the request's language, as its errors are.
      c.header('Vary', 'Accept-Language', { append: true });
      return services.analytics.creator(c.get('userId'), range, { locale: requestLocale(c) });
    }
    if (role === 'advertiser') return services.analytics.advertiser(c.get('userId'), range);
    throw new HttpError(403, FOR_WHOM);
  });
  return app;
}
