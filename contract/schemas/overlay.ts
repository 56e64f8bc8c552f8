// The overlay (docs/product.md §The overlay for OBS): its settings, the heartbeat the overlay page sends, and an offer's display proof. Fixed
// paths come from the issue; the shapes are ours, documented in docs/api.md.
import { z } from 'zod';
import {
  COUNTING_REASONS,
  HOST_STATES,
  MAX_BEAT_SECONDS,
  MINUTE_STATUSES,
  OVERLAY_POSITIONS,
  OVERLAY_SIZES,
  ROTATION_CHOICES,
} from '../overlay.ts';
import { REVIEW_STATUSES } from '../money.ts';
import { OFFER_STATUSES } from '../marketplace.ts';
import { offerEvidence } from './deliverables.ts';

const oneOf = <T extends number>(values: readonly T[]) =>
  z
    .number({ error: `must be one of ${values.join(', ')}` })
    .refine(
      (value): value is T => (values as readonly number[]).includes(value),
      `must be one of ${values.join(', ')}`,
    ) as unknown as z.ZodType<T>;

export const overlaySettings = z.object({
  enabled: z.boolean(),
  position: z.enum(OVERLAY_POSITIONS),
  size: oneOf(OVERLAY_SIZES),
  rotationSeconds: oneOf(ROTATION_CHOICES),
  /** The browser source URL (PUBLIC_URL or the server's own origin + path). */
  url: z.string(),
  /** `/overlay/<token>`: the dashboard shows it on the origin it was loaded from. */
  path: z.string(),
  /** When the token was made (the URL changes with it). */
  tokenCreatedAt: z.string(),
});
export type OverlaySettings = z.infer<typeof overlaySettings>;
export const overlayResponse = z.object({ overlay: overlaySettings });

export const overlayUpdate = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }),
    position: z.enum(OVERLAY_POSITIONS, { error: `must be one of ${OVERLAY_POSITIONS.join(', ')}` }),
    size: oneOf(OVERLAY_SIZES),
    rotationSeconds: oneOf(ROTATION_CHOICES),
  })
  .partial()
  .strict()
  .refine(
    (value) => Object.keys(value).length > 0,
    'Nothing to change: send enabled, position, size or rotationSeconds',
  );
export type OverlayUpdate = z.input<typeof overlayUpdate>;

export const overlayStreamQuery = z.object({
  token: z.string({ error: 'is required' }).max(200, 'is not an overlay token'),
});

export const heartbeatRequest = z.object({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is not an overlay token'),
  offerId: z.string({ error: 'is required' }).min(1, 'is required').max(64, 'is not an offer id'),
  /** Seconds the offer's creative was visible since the page's previous heartbeat. */
  seconds: z
    .number({ error: 'must be a number' })
    .int('must be whole seconds')
    .min(1, 'must be at least 1')
    .max(MAX_BEAT_SECONDS, `must be at most ${MAX_BEAT_SECONDS}`),
  /** The heartbeat's id: a retried heartbeat carries the same one and counts once. */
  beatId: z.string({ error: 'is required' }).min(8, 'is too short').max(64, 'is too long'),
});
export const heartbeatResponse = z.object({
  /** Seconds this heartbeat added (0 for a repeat, or beyond what the wall clock allows). */
  creditedSeconds: z.number().int().min(0),
  displayedSeconds: z.number().int().min(0),
  deliverableSeconds: z.number().int().min(0),
  /** The deliverable is met: the offer completed and the creator was paid. */
  completed: z.boolean(),
});

/** The page's report of where it runs (every HEARTBEAT_SECONDS, counting or not). */
export const presenceRequest = z.object({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is not an overlay token'),
  host: z.enum(HOST_STATES, { error: `must be one of ${HOST_STATES.join(', ')}` }),
});

const platform = z.enum(['twitch', 'youtube']);

/** Whether the creator's overlay is being counted now, and why not (the OBS Extension screen, live). */
export const overlayStatus = z.object({
  counting: z.boolean(),
  /** The first reason that applies (contract/overlay.ts COUNTING_REASONS); null while counting. */
  reason: z.enum(COUNTING_REASONS).nullable(),
  /** What the page last reported, and when (null: no page reported in the last PRESENCE_TIMEOUT_SECONDS). */
  host: z.enum(HOST_STATES).nullable(),
  reportedAt: z.string().nullable(),
  /** The creator's connected channels as the platform last reported them. */
  channels: z.array(
    z.object({
      platform,
      login: z.string(),
      live: z.boolean(),
      /** When the platform was last asked (null: not yet). */
      checkedAt: z.string().nullable(),
      title: z.string().nullable(),
      disclosed: z.boolean().nullable(),
      viewers: z.number().int().nullable(),
      /** Why the platform could not be asked (a revoked grant), or null. */
      problem: z.string().nullable(),
    }),
  ),
  /** The sponsorships the overlay shows today, with their verified progress. */
  offers: z.array(
    z.object({
      offerId: z.string(),
      brand: z.string(),
      title: z.string(),
      platforms: z.array(platform),
      requiresDisclosure: z.boolean(),
      verifiedSeconds: z.number().int().min(0),
      deliverableSeconds: z.number().int().min(0),
    }),
  ),
});
export type OverlayStatus = z.infer<typeof overlayStatus>;
export const overlayStatusResponse = z.object({ status: overlayStatus });

/** One look the platform gave during a session: viewers and whether the stream was disclosed. */
export const viewerSample = z.object({ at: z.string(), viewers: z.number().int().nullable(), disclosed: z.boolean() });

export const displaySession = z.object({
  start: z.string(),
  end: z.string(),
  /** Claimed seconds in the session, and those the platform confirmed. */
  seconds: z.number().int().min(0),
  verifiedSeconds: z.number().int().min(0),
  impressions: z.number().int().min(0),
  platform: platform.nullable(),
  /** The platform's recording at the session's start (Twitch VOD `?t=`, YouTube `&t=`), once known. */
  evidenceUrl: z.string().nullable(),
  samples: z.array(viewerSample),
  /** Chat messages archived in the session's minutes; null where the archive is off. */
  chatMessages: z.number().int().min(0).nullable(),
});
export const displayDay = z.object({
  day: z.string(),
  seconds: z.number().int().min(0),
  verifiedSeconds: z.number().int().min(0),
});

/** Claimed seconds that did not count, by why. */
export const unverifiedShare = z.object({ status: z.enum(MINUTE_STATUSES), seconds: z.number().int().min(0) });

export const holdReason = z.object({ rule: z.string(), detail: z.string() });
export type HoldReason = z.infer<typeof holdReason>;

/** An overlay earning's review window (docs/product.md §Verified delivery). */
export const earningReview = z.object({
  status: z.enum(REVIEW_STATUSES),
  /** When the pay becomes available unless disputed or held. */
  endsAt: z.string(),
  earnedCents: z.number().int(),
  holdReasons: z.array(holdReason),
  disputeReason: z.string().nullable(),
  disputedAt: z.string().nullable(),
  resolution: z
    .object({
      payCents: z.number().int(),
      refundCents: z.number().int(),
      reason: z.string(),
      at: z.string(),
    })
    .nullable(),
  releasedAt: z.string().nullable(),
});
export type EarningReview = z.infer<typeof earningReview>;

export const offerDisplay = z.object({
  offerId: z.string(),
  status: z.enum(OFFER_STATUSES),
  brand: z.string(),
  title: z.string(),
  disclosure: z.string(),
  requiresDisclosure: z.boolean(),
  creatorName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  payCents: z.number().int(),
  deliverableSeconds: z.number().int().min(0),
  /** Claimed (reported by the page), verified by the platform, and still waiting for the platform. */
  displayedSeconds: z.number().int().min(0),
  verifiedSeconds: z.number().int().min(0),
  unverified: z.array(unverifiedShare),
  /** Verified seconds × the platform's concurrent viewers, in viewer-minutes (no sample: not counted). */
  impressions: z.number().int().min(0),
  /** Pay ÷ impressions × 1000, in cents; null before the first impression. */
  cpmCents: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  completedVia: z.enum(['advertiser', 'overlay', 'deliverables']).nullable(),
  review: earningReview.nullable(),
  days: z.array(displayDay),
  sessions: z.array(displaySession),
  /** Each deliverable the campaign asks for with its evidence (GET /api/offers/:id/evidence answers the same). */
  evidence: offerEvidence,
});
export type OfferDisplay = z.infer<typeof offerDisplay>;
export const offerDisplayResponse = z.object({ display: offerDisplay });
