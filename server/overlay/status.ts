// Whether a creator's overlay is being counted right now, and if not the first reason why (GET /api/overlay/status,
// the answer of POST /api/overlay/presence; contract/overlay.ts COUNTING_REASONS gives the order). It reads what the
// server already knows — the overlay's switch, the offers it shows today, the connected channels as the platform last
// reported them (server/connections/live.ts channelsOf), and what the page last said of its host — and asks no
// platform.
import type { Kysely } from 'kysely';
import {
  COUNTING_REASONS,
  OVERLAY_DEFAULTS,
  PRESENCE_TIMEOUT_SECONDS,
  type CountingReason,
  type HostState,
} from '../../contract/overlay.ts';
import type { OverlayStatus } from '../../contract/schemas/overlay.ts';
import { channelsOf } from '../connections/live.ts';
import type { Database } from '../db/types.ts';
import { offersShownOn } from './shown.ts';
import { campaignPlatforms } from './verification.ts';

/** The offers the overlay shows on `day` (as its state lists them), with their verified progress. */
async function shownOffers(db: Kysely<Database>, creatorId: string, day: string): Promise<OverlayStatus['offers']> {
  const rows = await offersShownOn(db, creatorId, day)
    .leftJoin('overlay_progress', 'overlay_progress.offer_id', 'offers.id')
    .select([
      'offers.id as offerId',
      'campaigns.brand as brand',
      'campaigns.title as title',
      'campaigns.platforms as platforms',
      'campaigns.requires_disclosure as requiresDisclosure',
      // A counter-offer's agreed minutes, else the campaign's.
      (eb) => eb.fn.coalesce('offers.deliverable_minutes', 'campaigns.deliverable_minutes').as('deliverableMinutes'),
      'overlay_progress.verified_seconds as verifiedSeconds',
    ])
    .execute();
  return rows.map((row) => ({
    offerId: row.offerId,
    brand: row.brand,
    title: row.title,
    platforms: [...campaignPlatforms(row.platforms)],
    requiresDisclosure: Number(row.requiresDisclosure) !== 0,
    verifiedSeconds: Number(row.verifiedSeconds ?? 0),
    deliverableSeconds: Number(row.deliverableMinutes) * 60,
  }));
}

export async function overlayStatus(db: Kysely<Database>, creatorId: string, now = Date.now()): Promise<OverlayStatus> {
  const [overlay, presence, offers, channels] = await Promise.all([
    db.selectFrom('overlays').select('enabled').where('creator_id', '=', creatorId).executeTakeFirst(),
    db.selectFrom('overlay_presence').select(['host', 'at']).where('creator_id', '=', creatorId).executeTakeFirst(),
    shownOffers(db, creatorId, new Date(now).toISOString().slice(0, 10)),
    channelsOf(db, creatorId),
  ]);
  // A page that has not reported for a while is taken as closed.
  const fresh = presence && Number(presence.at) >= now - PRESENCE_TIMEOUT_SECONDS * 1000 ? presence : null;
  const host = fresh ? (fresh.host as HostState) : null;
  const enabled = overlay ? overlay.enabled === 1 : OVERLAY_DEFAULTS.enabled;
  const platforms = new Set(offers.flatMap((offer) => offer.platforms));
  const relevant = channels.filter((channel) => platforms.has(channel.platform));
  const live = relevant.filter((channel) => channel.live);
  // Checked in the contract's order: the first that applies is the one to fix first.
  const applies: Record<CountingReason, boolean> = {
    switched_off: !enabled,
    no_offer: offers.length === 0,
    no_channel: relevant.length === 0,
    no_page: host === null,
    browser: host === 'browser',
    not_program: host === 'not_program',
    not_streaming: host === 'not_streaming',
    offline: live.length === 0,
    undisclosed:
      offers.some((offer) => offer.requiresDisclosure) && !live.some((channel) => channel.disclosed === true),
  };
  const reason = COUNTING_REASONS.find((candidate) => applies[candidate]) ?? null;
  return {
    counting: reason === null,
    reason,
    host,
    reportedAt: fresh ? new Date(Number(fresh.at)).toISOString() : null,
    channels,
    offers,
  };
}
