// GET /api/offers/:id/deliverables (docs/product.md §Deliverables): an offer's progress on each deliverable its
// campaign asks for, for the offer's creator and its campaign's advertiser. Anyone else's offer is a 404 (checked
// before anything else, server/marketplace/access.ts); an offer not accepted yet has no progress (409).
// GET /api/offers/:id/evidence: the evidence of each deliverable (./evidence.ts), for the same parties and operators.
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { OfferStatus } from '../../contract/marketplace.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import { offerParty } from '../marketplace/access.ts';
import { marketplaceProblems, offerState } from '../marketplace/problems.ts';
import type { Evidence } from './evidence.ts';
import { deliverablesProblems } from './problems.ts';
import { PROGRESS_STATUSES, type Progress } from './progress.ts';

export interface ProgressRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  progress: Pick<Progress, 'factsOf'>;
  evidence: Pick<Evidence, 'forParty'>;
}

export function progressRoutes(services: ProgressRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, services, 'getOfferDeliverables', { authorize: offerParty(services.db) }, async (c) => {
    const id = c.req.param('id')!;
    const fact = (await services.progress.factsOf([id])).get(id);
    if (!fact) throw new HttpError(404, marketplaceProblems.offer_unknown);
    if (!PROGRESS_STATUSES.includes(fact.status))
      throw new HttpError(
        409,
        deliverablesProblems.not_accepted_yet.with({ status: offerState(fact.status as OfferStatus) }),
      );
    return { progress: fact.progress };
  });
  route(app, services, 'offerEvidence', async (c) => ({
    evidence: await services.evidence.forParty({ userId: c.get('userId'), role: c.get('role') }, c.req.param('id')!),
  }));
  return app;
}
