// The brand's report (docs/product.md §The brand's report): per campaign and per creator, by UTC day, what the
// deliverables gathered — verified overlay seconds and impressions (overlay_minutes, settled against the platform),
// counted and refused clicks, redemptions and bot posts (the offer_days rollup, never the clicks themselves: a million
// clicks are a few hundred rows) — and what it cost (the creators' earnings, pay and fee, on the day each was earned),
// with click rate, CPM and CPC. Read-only share links open the same report without a session: a random token (256
// bits) shown once, stored as its sha256, revocable at once.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CampaignReport, ReportFigures } from '../../contract/schemas/deliverables.ts';
import { displayName } from '../accounts/users.ts';
import type { Database } from '../db/types.ts';
import { csvRow } from '../http/csv.ts';
import { HttpError } from '../http/errors.ts';
import type { Links } from '../mail/links.ts';
import { marketplaceProblems } from '../marketplace/problems.ts';
import { utcDay } from './days.ts';
import { deliverablesProblems as problems } from './problems.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most a year of days in one report: a longer range is refused (400), not cut. */
const MAX_DAYS = 366;

export interface ReportQuery {
  offerId?: string;
  from?: string;
  to?: string;
}

export interface ReportShareRow {
  id: string;
  label: string;
  url: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface Reports {
  /** The campaign's report for its advertiser (404 when the campaign or the offer is not theirs). */
  report(advertiserId: string, campaignId: string, query: ReportQuery): Promise<CampaignReport>;
  /** The same report as CSV: one line per day, then the totals. */
  csv(report: CampaignReport): string;
  /** The report a share token opens (404 unknown or revoked). */
  shared(token: string, query: ReportQuery): Promise<CampaignReport>;
  shares(advertiserId: string, campaignId: string): Promise<ReportShareRow[]>;
  share(advertiserId: string, campaignId: string, label: string): Promise<ReportShareRow>;
  revoke(advertiserId: string, campaignId: string, shareId: string): Promise<ReportShareRow>;
}

export interface ReportDeps {
  db: Kysely<Database>;
  links: Pick<Links, 'url'>;
  now?: () => number;
}

const empty = (): ReportFigures => ({
  verifiedSeconds: 0,
  impressions: 0,
  clicks: 0,
  refusedClicks: 0,
  redemptions: 0,
  redeemedCents: 0,
  botPosts: 0,
  spendCents: 0,
});

function add(into: ReportFigures, from: Partial<ReportFigures>): void {
  for (const key of Object.keys(from) as (keyof ReportFigures)[]) into[key] += from[key] ?? 0;
}

/** Totals with their ratios: click rate per impression, spend per thousand impressions and per click. */
function withRates(figures: ReportFigures): CampaignReport['totals'] {
  return {
    ...figures,
    clickRate: figures.impressions > 0 ? figures.clicks / figures.impressions : null,
    cpmCents: figures.impressions > 0 ? Math.round((figures.spendCents / figures.impressions) * 1000) : null,
    cpcCents: figures.clicks > 0 ? Math.round(figures.spendCents / figures.clicks) : null,
  };
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function createReports({ db, links, now = Date.now }: ReportDeps): Reports {
  async function campaignOf(campaignId: string, advertiserId: string | null) {
    let query = db.selectFrom('campaigns').selectAll().where('id', '=', campaignId);
    if (advertiserId !== null) query = query.where('advertiser_id', '=', advertiserId);
    const campaign = await query.executeTakeFirst();
    if (!campaign) throw new HttpError(404, marketplaceProblems.campaign_unknown);
    return campaign;
  }

  async function build(campaignId: string, advertiserId: string | null, query: ReportQuery): Promise<CampaignReport> {
    const campaign = await campaignOf(campaignId, advertiserId);
    const today = utcDay(now());
    const launched = campaign.launched_at ? campaign.launched_at.slice(0, 10) : null;
    const start = [campaign.starts_on, launched].filter((d): d is string => d !== null).sort()[0]!;
    const from = query.from ?? (start < today ? start : today);
    const to = query.to ?? (campaign.ends_on < today ? campaign.ends_on : today);
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const)
      if (!isDay(value)) throw new HttpError(400, problems.report_day_invalid.with({ field: name }));
    const fromMs = Date.parse(`${from}T00:00:00Z`);
    const toMs = Date.parse(`${to}T00:00:00Z`);
    if (toMs < fromMs) throw new HttpError(400, problems.report_range_reversed);
    if ((toMs - fromMs) / DAY_MS + 1 > MAX_DAYS)
      throw new HttpError(400, problems.report_range_too_long.with({ max: MAX_DAYS }));

    // The campaign's offers that got as far as an acceptance (the others delivered nothing).
    const offers = await db
      .selectFrom('offers')
      .innerJoin('users', 'users.id', 'offers.creator_id')
      .select([
        'offers.id as id',
        'offers.status as status',
        'users.first_name as first_name',
        'users.last_name as last_name',
        'users.email as email',
      ])
      .where('offers.campaign_id', '=', campaign.id)
      .where('offers.status', 'in', ['accepted', 'active', 'completed', 'paid'])
      .orderBy('offers.created_at')
      .orderBy('offers.id')
      .execute();
    if (query.offerId !== undefined && !offers.some((offer) => offer.id === query.offerId))
      throw new HttpError(404, problems.report_offer_unknown);
    const ids = query.offerId !== undefined ? [query.offerId] : offers.map((offer) => offer.id);

    const byOffer = new Map(offers.map((offer) => [offer.id, empty()]));
    const byDay = new Map<string, ReportFigures>();
    for (let at = fromMs; at <= toMs; at += DAY_MS) byDay.set(utcDay(at), empty());
    const count = (offerId: string, day: string, figures: Partial<ReportFigures>) => {
      const dayRow = byDay.get(day);
      if (!dayRow) return;
      add(dayRow, figures);
      const offerRow = byOffer.get(offerId);
      if (offerRow) add(offerRow, figures);
    };

    if (ids.length > 0) {
      // The deliverables' days (one row per offer and day).
      const days = await db
        .selectFrom('offer_days')
        .select([
          'offer_id',
          'day',
          'clicks',
          'clicks_bot',
          'clicks_repeat',
          'clicks_limited',
          'clicks_inactive',
          'redemptions',
          'redeemed_cents',
          'bot_posts',
        ])
        .where('campaign_id', '=', campaign.id)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .$if(query.offerId !== undefined, (q) => q.where('offer_id', '=', query.offerId!))
        .execute();
      for (const row of days)
        count(row.offer_id, row.day, {
          clicks: Number(row.clicks),
          refusedClicks:
            Number(row.clicks_bot) +
            Number(row.clicks_repeat) +
            Number(row.clicks_limited) +
            Number(row.clicks_inactive),
          redemptions: Number(row.redemptions),
          redeemedCents: Number(row.redeemed_cents),
          botPosts: Number(row.bot_posts),
        });

      // The overlay's verified minutes, summed per offer and UTC day (epoch minute ÷ 1440).
      const fromMinute = fromMs / 60_000;
      const toMinute = (toMs + DAY_MS) / 60_000;
      for (let i = 0; i < ids.length; i += 500) {
        const minutes = await db
          .selectFrom('overlay_minutes')
          .select((eb) => [
            'offer_id',
            // Integer division on both backends (an integer minute over an integer).
            eb('minute', '/', 1440).as('day'),
            eb.fn.sum<number | string>('verified_seconds').as('seconds'),
            eb.fn
              .sum<number | string>(eb('verified_seconds', '*', eb.fn.coalesce('viewers', eb.val(0))))
              .as('viewer_seconds'),
          ])
          .where('offer_id', 'in', ids.slice(i, i + 500))
          .where('status', '=', 'verified')
          .where('minute', '>=', fromMinute)
          .where('minute', '<', toMinute)
          .groupBy(['offer_id', 'day'])
          .execute();
        for (const row of minutes)
          count(row.offer_id, utcDay(Number(row.day) * DAY_MS), {
            verifiedSeconds: Number(row.seconds),
            // Impressions are viewer-minutes: verified seconds × viewers ÷ 60 (docs/product.md §Settling claims).
            impressions: Math.floor(Number(row.viewer_seconds) / 60),
          });
      }

      // What the creators earned (pay and fee), on the day the offer completed.
      const earned = await db
        .selectFrom('offers')
        .select(['id', 'completed_at', 'earned_cents', 'fee_cents'])
        .where('campaign_id', '=', campaign.id)
        .where('id', 'in', ids)
        .where('completed_at', 'is not', null)
        .where('completed_at', '>=', `${from}T00:00:00.000Z`)
        .where('completed_at', '<', new Date(toMs + DAY_MS).toISOString())
        .execute();
      for (const row of earned)
        count(row.id, row.completed_at!.slice(0, 10), {
          spendCents: Number(row.earned_cents ?? 0) + Number(row.fee_cents ?? 0),
        });
    }

    const totals = empty();
    for (const figures of byDay.values()) add(totals, figures);
    return {
      campaign: {
        id: campaign.id,
        brand: campaign.brand,
        title: campaign.title,
        status: campaign.status,
        startsOn: campaign.starts_on,
        endsOn: campaign.ends_on,
        budgetCents: Number(campaign.pay_cents) * Number(campaign.spots),
        perClickCents: campaign.per_click_cents === null ? null : Number(campaign.per_click_cents),
        asks: {
          overlay: Number(campaign.overlay_required) !== 0,
          link: campaign.link_url !== null,
          chat: campaign.chat_message !== null,
          promo: campaign.promo_redemptions !== null,
        },
      },
      offerId: query.offerId ?? null,
      from,
      to,
      days: [...byDay].map(([day, figures]) => ({ day, ...figures })),
      totals: withRates(totals),
      creators: offers
        .filter((offer) => query.offerId === undefined || offer.id === query.offerId)
        .map((offer) => ({
          offerId: offer.id,
          name: displayName(offer),
          status: offer.status,
          totals: withRates(byOffer.get(offer.id)!),
        })),
      generatedAt: new Date(now()).toISOString(),
    };
  }

  const toShare = (row: {
    id: string;
    label: string;
    created_at: number | string;
    revoked_at: number | string | null;
  }): ReportShareRow => ({
    id: row.id,
    label: row.label,
    url: null,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    revokedAt: row.revoked_at === null ? null : new Date(Number(row.revoked_at)).toISOString(),
  });

  return {
    report: (advertiserId, campaignId, query) => build(campaignId, advertiserId, query),

    csv(report) {
      const header = [
        'day',
        'verified_minutes',
        'impressions',
        'clicks',
        'refused_clicks',
        'click_rate',
        'redemptions',
        'redeemed',
        'bot_posts',
        'spend',
      ];
      const money = (cents: number) => (cents / 100).toFixed(2);
      const line = (day: string, f: ReportFigures) =>
        csvRow([
          day,
          (f.verifiedSeconds / 60).toFixed(1),
          f.impressions,
          f.clicks,
          f.refusedClicks,
          f.impressions > 0 ? (f.clicks / f.impressions).toFixed(4) : '',
          f.redemptions,
          money(f.redeemedCents),
          f.botPosts,
          money(f.spendCents),
        ]);
      return [csvRow(header), ...report.days.map((d) => line(d.day, d)), line('total', report.totals)].join('');
    },

    async shared(token, query) {
      const share = await db
        .selectFrom('report_shares')
        .select(['campaign_id', 'revoked_at'])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!share || share.revoked_at !== null) throw new HttpError(404, problems.report_link_gone);
      return build(share.campaign_id, null, query);
    },

    async shares(advertiserId, campaignId) {
      const campaign = await campaignOf(campaignId, advertiserId);
      const rows = await db
        .selectFrom('report_shares')
        .select(['id', 'label', 'created_at', 'revoked_at'])
        .where('campaign_id', '=', campaign.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toShare);
    },

    async share(advertiserId, campaignId, label) {
      const campaign = await campaignOf(campaignId, advertiserId);
      const token = crypto.randomBytes(32).toString('base64url');
      const row = {
        id: crypto.randomUUID(),
        campaign_id: campaign.id,
        token_hash: hashToken(token),
        label,
        created_at: now(),
        revoked_at: null,
      };
      await db.insertInto('report_shares').values(row).execute();
      return { ...toShare(row), url: links.url(`/reports/${token}`) };
    },

    async revoke(advertiserId, campaignId, shareId) {
      const campaign = await campaignOf(campaignId, advertiserId);
      await db
        .updateTable('report_shares')
        .set({ revoked_at: now() })
        .where('id', '=', shareId)
        .where('campaign_id', '=', campaign.id)
        .where('revoked_at', 'is', null)
        .execute();
      const row = await db
        .selectFrom('report_shares')
        .select(['id', 'label', 'created_at', 'revoked_at'])
        .where('id', '=', shareId)
        .where('campaign_id', '=', campaign.id)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, problems.share_unknown);
      return toShare(row);
    },
  };
}
