// The operator console's endpoints (docs/product.md §Marketplace): advertisers waiting for approval (approve, or reject with a reason),
// campaigns, users and support tickets; (docs/product.md §Money) deposits and the manual payout rail; (docs/product.md §Review window
// and disputes) held and disputed earnings and their resolution; (docs/product.md §Platform limits) the platforms'
// budgets. Operators only; anyone else 403.
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { displayName } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { Idempotency } from '../http/idempotency.ts';
import { HttpError, route, type RouteDeps } from '../http/route.ts';
import { requireRole, type AppEnv } from '../http/session.ts';
import { worded } from '../http/texts.ts';
import type { Evidence } from '../deliverables/evidence.ts';
import type { CampaignStore } from '../marketplace/campaigns.ts';
import { toAdvertiserProfile } from '../marketplace/rows.ts';
import { balancesOf, fundingReferences, reservedBy, type Funding } from '../money/funding.ts';
import type { Payouts } from '../money/payouts.ts';
import type { CardDisputes } from '../money/card-disputes.ts';
import type { Refunds } from '../money/refunds.ts';
import { form1099Csv, taxFormKinds, type TaxForms } from '../money/tax-forms.ts';
import type { Reviews } from '../money/reviews.ts';
import type { Notifier } from '../notifications/store.ts';
import { presentBudgets, type BudgetsGovernor } from './budgets.ts';
import { operatorProblems } from './problems.ts';
import { operatorTexts } from './texts.ts';
import type { LiveWatch } from '../connections/live.ts';

const operator = (c: Context<AppEnv>) => requireRole(c, 'operator');

export interface OperatorRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'contractCheck' | 'reviewSeconds'>;
  notifier: Pick<Notifier, 'create'>;
  campaigns: Pick<CampaignStore, 'listAll'>;
  funding: Pick<Funding, 'deposit' | 'instructions' | 'setInstructions'>;
  payouts: Pick<Payouts, 'adminList' | 'decide'>;
  refunds: Pick<Refunds, 'adminList' | 'decide'>;
  cardDisputes: Pick<CardDisputes, 'adminList'>;
  /** Held and disputed earnings, and their resolution. */
  reviews: Pick<Reviews, 'list' | 'resolve'>;
  idempotency: Idempotency;
  taxForms: Pick<TaxForms, 'form1099'>;
  governor: BudgetsGovernor;
  /** How often delivery verification reads what it watches (server/connections/live.ts). */
  live: Pick<LiveWatch, 'resolutions'>;
  evidence: Pick<Evidence, 'of' | 'ofMany'>;
}

export function adminRoutes(services: OperatorRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, notifier } = services;

  const advertisers = () =>
    db
      .selectFrom('advertiser_profiles')
      .innerJoin('users', 'users.id', 'advertiser_profiles.user_id')
      .selectAll('advertiser_profiles')
      .select('users.email as email');
  type Row = Awaited<ReturnType<ReturnType<typeof advertisers>['executeTakeFirstOrThrow']>>;
  /** The advertisers with their funds: free balance, and reserved by launched campaigns (docs/product.md §Money). */
  const present = async (rows: Row[]) => {
    const ids = rows.map((row) => row.user_id);
    const [free, reserved, references] = await Promise.all([
      balancesOf(db, ids),
      reservedBy(db, ids),
      fundingReferences(db, ids),
    ]);
    return rows.map((row) => ({
      ...toAdvertiserProfile(row),
      userId: row.user_id,
      email: row.email,
      createdAt: row.created_at,
      balanceCents: free.get(row.user_id) ?? 0,
      reservedCents: reserved.get(row.user_id) ?? 0,
      fundingReference: references.get(row.user_id)!,
    }));
  };

  route(app, services, 'adminAdvertisers', async (c, { query }) => {
    operator(c);
    let q = advertisers();
    if (query.status) q = q.where('advertiser_profiles.status', '=', query.status);
    const rows = await q.orderBy('advertiser_profiles.created_at').limit(500).execute();
    return { advertisers: await present(rows) };
  });

  const review = async (c: Context<AppEnv>, verdict: 'approved' | 'rejected', reason: string | null) => {
    const operatorId = operator(c);
    const userId = c.req.param('id')!;
    const stamp = new Date().toISOString();
    let announce = () => {};
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('advertiser_profiles')
        .select('status')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!current) throw new HttpError(404, operatorProblems.advertiser_unknown);
      if (current.status !== 'pending')
        throw new HttpError(409, operatorProblems.advertiser_already_reviewed.with({ status: current.status }));
      await trx
        .updateTable('advertiser_profiles')
        .set({
          status: verdict,
          rejection_reason: reason,
          reviewed_at: stamp,
          reviewed_by: operatorId,
          updated_at: stamp,
        })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .execute();
      // In the advertiser's language; the operator's reason as written.
      announce = await notifier.create(trx, [
        verdict === 'approved'
          ? {
              userId,
              type: 'advertiser.approved',
              title: worded((locale) => operatorTexts(locale)('notice.approved')),
              text: worded((locale) => operatorTexts(locale)('notice.approvedText')),
              link: '/campaigns',
            }
          : {
              userId,
              type: 'advertiser.rejected',
              title: worded((locale) => operatorTexts(locale)('notice.rejected')),
              text: worded((locale) => operatorTexts(locale)('notice.rejectedText', { reason })),
              link: '/company-profile',
            },
      ]);
    });
    announce();
    return {
      advertiser: (
        await present([await advertisers().where('advertiser_profiles.user_id', '=', userId).executeTakeFirstOrThrow()])
      )[0]!,
    };
  };

  route(app, services, 'approveAdvertiser', (c) => review(c, 'approved', null));
  route(app, services, 'rejectAdvertiser', (c, { body }) => review(c, 'rejected', body.reason));

  route(app, services, 'adminCampaigns', async (c) => {
    operator(c);
    return { campaigns: await services.campaigns.listAll() };
  });

  route(app, services, 'adminUsers', async (c, { query }) => {
    operator(c);
    let q = db.selectFrom('users').select(['id', 'email', 'role', 'first_name', 'last_name', 'created_at']);
    const term = query.q?.trim().toLowerCase();
    if (term) {
      // Wildcards in the search term are taken out rather than escaped (SQLite and PostgreSQL escape differently).
      const like = `%${term.replace(/[%_\\]/g, '')}%`;
      q = q.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), 'like', like),
          eb(eb.fn('lower', ['first_name']), 'like', like),
          eb(eb.fn('lower', ['last_name']), 'like', like),
        ]),
      );
    }
    const rows = await q.orderBy('created_at', 'desc').limit(200).execute();
    // Whether each creator has a tax form on file (docs/product.md §Self-serve money): its kind, never its TIN.
    const forms = await taxFormKinds(
      db,
      rows.filter((row) => row.role === 'creator').map((row) => row.id),
    );
    return {
      users: rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        name: row.first_name || row.last_name ? displayName(row) : null,
        createdAt: row.created_at,
        taxForm: forms.get(row.id) ?? null,
      })),
    };
  });

  // The year's 1099-NEC data as CSV, TINs masked (the full ones only through `npm run admin -- 1099`).
  route(app, services, 'export1099', async (c, { query }) => {
    operator(c);
    const csv = form1099Csv(query.year, await services.taxForms.form1099(query.year, { fullTin: false }));
    return new Response(csv, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="castbridge-1099-nec-${query.year}-masked.csv"`,
        'cache-control': 'no-store',
      },
    });
  });

  route(app, services, 'adminTickets', async (c) => {
    operator(c);
    const rows = await db.selectFrom('support_tickets').selectAll().orderBy('created_at', 'desc').limit(200).execute();
    return {
      tickets: rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        page: row.page,
        createdAt: row.created_at,
      })),
    };
  });

  // Money (docs/product.md §Money): deposits (the manual funding rail) and payouts (the manual payout rail), each
  // once per Idempotency-Key (server/http/idempotency.ts).
  route(app, services, 'recordDeposit', async (c, { body }) => {
    const operatorId = operator(c);
    return services.idempotency.once(c, operatorId, body, () => services.funding.deposit(operatorId, body));
  });

  // The transfer instructions advertisers read on Funds (docs/product.md §Advertiser onboarding).
  route(app, services, 'getTransferInstructions', async (c) => {
    operator(c);
    return services.funding.instructions();
  });
  route(app, services, 'updateTransferInstructions', async (c, { body }) =>
    services.funding.setInstructions(operator(c), body.instructions),
  );

  route(app, services, 'adminPayouts', async (c, { query }) => {
    operator(c);
    return { payouts: await services.payouts.adminList(query.status) };
  });

  route(app, services, 'markPayoutPaid', async (c, { body }) => {
    const operatorId = operator(c);
    return services.idempotency.once(c, operatorId, body, async () => ({
      payout: await services.payouts.decide(operatorId, c.req.param('id')!, {
        status: 'paid',
        reference: body.reference,
      }),
    }));
  });

  route(app, services, 'markPayoutFailed', async (c, { body }) => {
    const operatorId = operator(c);
    return services.idempotency.once(c, operatorId, body, async () => ({
      payout: await services.payouts.decide(operatorId, c.req.param('id')!, { status: 'failed', reason: body.reason }),
    }));
  });

  // Self-serve money (docs/product.md §Self-serve money): card disputes, and refunds of wired money (the manual rail),
  // each decision once per Idempotency-Key.
  route(app, services, 'adminCardDisputes', async (c) => {
    operator(c);
    return { disputes: await services.cardDisputes.adminList() };
  });
  route(app, services, 'adminRefunds', async (c) => {
    operator(c);
    return { refunds: await services.refunds.adminList() };
  });
  route(app, services, 'markRefundSent', async (c, { body }) => {
    const operatorId = operator(c);
    return services.idempotency.once(c, operatorId, body, async () => ({
      refund: await services.refunds.decide(operatorId, c.req.param('id')!, {
        status: 'succeeded',
        reference: body.reference,
      }),
    }));
  });
  route(app, services, 'markRefundFailed', async (c, { body }) => {
    const operatorId = operator(c);
    return services.idempotency.once(c, operatorId, body, async () => ({
      refund: await services.refunds.decide(operatorId, c.req.param('id')!, { status: 'failed', reason: body.reason }),
    }));
  });

  // Earnings held by fraud signals or disputed by the advertiser (server/money/reviews.ts): the resolution moves money,
  // once per Idempotency-Key.
  // Each with the evidence of every deliverable its campaign asks for (server/deliverables/evidence.ts), as the proof
  // report shows it: the operator decides from the clicks, codes and posts, not only the minutes.
  const reviews = services.reviews;
  route(app, services, 'adminReviews', async (c) => {
    operator(c);
    const list = await reviews.list();
    const evidence = await services.evidence.ofMany(list.map((review) => review.offerId));
    return { reviews: list.map((review) => ({ ...review, evidence: evidence.get(review.offerId)! })) };
  });

  route(app, services, 'resolveReview', async (c, { body }) => {
    const operatorId = operator(c);
    return services.idempotency.once(c, operatorId, body, async () => {
      const review = await reviews.resolve(operatorId, c.req.param('id')!, body);
      return { review: { ...review, evidence: (await services.evidence.of(review.offerId))! } };
    });
  });

  // Platform limits (docs/product.md §Platform limits): each Twitch and YouTube credential's budget, shared by the
  // instances, and what waits for it.
  route(app, services, 'adminBudgets', async (c) => {
    operator(c);
    return { budgets: await presentBudgets(db, services.governor, await services.live.resolutions()) };
  });

  return app;
}
