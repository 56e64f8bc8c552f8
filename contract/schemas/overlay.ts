// The overlay (docs/product.md §The overlay for OBS): its settings, the heartbeat the overlay page sends, and an offer's display proof. Fixed
// paths come from the issue; the shapes are ours, documented in docs/api.md.
import { z } from 'zod';
import { MAX_BEAT_SECONDS, OVERLAY_POSITIONS, OVERLAY_SIZES, ROTATION_CHOICES } from '../overlay.ts';
import { OFFER_STATUSES } from '../marketplace.ts';

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

export const displaySession = z.object({ start: z.string(), end: z.string(), seconds: z.number().int().min(0) });
export const displayDay = z.object({ day: z.string(), seconds: z.number().int().min(0) });
export const offerDisplay = z.object({
  offerId: z.string(),
  status: z.enum(OFFER_STATUSES),
  brand: z.string(),
  title: z.string(),
  disclosure: z.string(),
  creatorName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  deliverableSeconds: z.number().int().min(0),
  displayedSeconds: z.number().int().min(0),
  completedAt: z.string().nullable(),
  completedVia: z.enum(['advertiser', 'overlay']).nullable(),
  days: z.array(displayDay),
  sessions: z.array(displaySession),
});
export type OfferDisplay = z.infer<typeof offerDisplay>;
export const offerDisplayResponse = z.object({ display: offerDisplay });
