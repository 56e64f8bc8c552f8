// The brand's report's endpoints (docs/product.md §The brand's report): the campaign's advertiser reads it, downloads
// it as CSV and manages its share links (other roles 403, another advertiser's campaign 404); a share link's token
// opens it without a session (unknown or revoked 404), limited per address like the other public reads.
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { RateLimiter, RateRule } from '../http/rate-limit.ts';
import { route, type RouteDeps } from '../http/route.ts';
import { requireRole, type AppEnv } from '../http/session.ts';
import { ownCampaign } from '../marketplace/access.ts';
import { deliverablesProblems } from './problems.ts';
import type { Reports } from './report.ts';

/** Shared report reads per address a minute (RATE_LIMIT_SCALE multiplies it): a guessed token costs a wait. */
export const SHARED_REPORT_RULE = {
  name: 'shared-report',
  windowMs: 60_000,
  perIp: 60,
} as const satisfies RateRule;

export interface ReportRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  reports: Reports;
  limits: Pick<RateLimiter, 'check'>;
}

export function reportRoutes(services: ReportRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { reports } = services;
  const owner = {
    forbidden: deliverablesProblems.report_forbidden,
    authorize: ownCampaign(services.db),
  };
  const advertiser = (c: Context<AppEnv>) => requireRole(c, 'advertiser');
  const campaignId = (c: Context<AppEnv>) => c.req.param('id')!;

  route(app, services, 'campaignReport', owner, async (c, { query }) => ({
    report: await reports.report(advertiser(c), campaignId(c), query),
  }));
  route(app, services, 'campaignReportCsv', owner, async (c, { query }) => {
    const report = await reports.report(advertiser(c), campaignId(c), query);
    const name = `castbridge-report-${report.campaign.id.slice(0, 8)}${report.offerId ? `-${report.offerId.slice(0, 8)}` : ''}-${report.from}-${report.to}.csv`;
    return new Response(reports.csv(report), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  });
  route(app, services, 'listReportShares', owner, async (c) => ({
    shares: await reports.shares(advertiser(c), campaignId(c)),
  }));
  route(app, services, 'createReportShare', owner, async (c, { body }) => ({
    share: await reports.share(advertiser(c), campaignId(c), body.label),
  }));
  route(app, services, 'revokeReportShare', owner, async (c) => ({
    share: await reports.revoke(advertiser(c), campaignId(c), c.req.param('shareId')!),
  }));
  route(app, services, 'sharedReport', async (c, { query }) => {
    await services.limits.check(c, SHARED_REPORT_RULE);
    const answer = { report: await reports.shared(c.req.param('token')!, query) };
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return answer;
  });
  return app;
}
