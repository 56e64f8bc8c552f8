// Promo codes' endpoints (docs/product.md §Deliverables, §Promo codes): the campaign's advertiser lists, assigns and
// generates its creators' codes, issues the redemption key and uploads the shop's CSV export (other roles 403, another
// advertiser's campaign 404 before anything of the request is read); the shop's server posts each redemption with the
// key instead of a session (401 without a known key, before the body is read), limited per key.
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { readLimitedBody } from '../http/json-body.ts';
import { requestLocale } from '../http/problems.ts';
import type { RateLimiter, RateRule } from '../http/rate-limit.ts';
import { route, type RouteDeps } from '../http/route.ts';
import { requireRole, type AppEnv } from '../http/session.ts';
import { ownCampaign } from '../marketplace/access.ts';
import { deliverablesProblems } from './problems.ts';
import { CSV_BODY_LIMIT, type Promo } from './promo.ts';

/**
 * Redemptions one key may post a minute (RATE_LIMIT_SCALE multiplies it): a busy shop's orders, with room for a
 * backlog sent after an outage; a leaked key flooding the campaign is stopped here (the shop retries on 429 with
 * Retry-After). Bulk history goes through the CSV upload instead.
 */
export const REDEMPTION_RULE = {
  name: 'redemptions',
  windowMs: 60_000,
  perIp: 600,
  perUser: 600,
  message: (seconds) => deliverablesProblems.redemptions_throttled.with({ seconds }),
} as const satisfies RateRule;

/** The rate-limit key of a campaign's redemption key (rate_limits.key, as checkUser writes it). */
export const redemptionLimitKey = (campaignId: string) => `${REDEMPTION_RULE.name}:user:campaign:${campaignId}`;

/** What a redemptions upload may be sent as: spreadsheets and browsers label a .csv file in several ways. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel']);

export interface PromoRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  promo: Promo;
  limits: Pick<RateLimiter, 'checkUser'>;
}

export function promoRoutes(services: PromoRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { promo, limits } = services;
  const owner = {
    forbidden: deliverablesProblems.promo_forbidden,
    authorize: ownCampaign(services.db),
  };
  const advertiser = (c: Context<AppEnv>) => requireRole(c, 'advertiser');
  const campaignId = (c: Context<AppEnv>) => c.req.param('id')!;

  route(app, services, 'listPromoCodes', owner, async (c) => promo.list(advertiser(c), campaignId(c)));
  route(app, services, 'setPromoCodes', owner, async (c, { body }) => promo.set(advertiser(c), campaignId(c), body));
  route(app, services, 'createRedemptionKey', owner, async (c) => promo.createKey(advertiser(c), campaignId(c)));

  route(app, services, 'uploadRedemptions', owner, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!CSV_TYPES.has(type)) throw new HttpError(400, deliverablesProblems.csv_content_type);
    const bytes = await readLimitedBody(c, CSV_BODY_LIMIT);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new HttpError(400, deliverablesProblems.csv_not_utf8);
    }
    c.header('Vary', 'Accept-Language', { append: true });
    return promo.upload(advertiser(c), campaignId(c), text, requestLocale(c));
  });

  // The key is checked, and counted against its limit, before the body is read: a caller without one learns nothing
  // of what the endpoint accepts. The campaign found is kept for the handler.
  const keyCampaigns = new WeakMap<Request, string>();
  route(
    app,
    services,
    'postRedemption',
    {
      authorize: async (c) => {
        const id = await promo.campaignOfKey(c.req.header('authorization'));
        await limits.checkUser(REDEMPTION_RULE, `campaign:${id}`);
        keyCampaigns.set(c.req.raw, id);
      },
    },
    async (c, { body }) => {
      const id = keyCampaigns.get(c.req.raw);
      if (!id) throw new HttpError(401, deliverablesProblems.redemption_key_unknown);
      return { redemption: await promo.redeem(id, body) };
    },
  );

  return app;
}
