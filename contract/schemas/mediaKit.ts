// The creator's media kit (docs/product.md §Discovery and negotiation): what GET and PUT /api/media-kit answer, the public facts the
// page /c/<handle> shows (the same ones brands search in the creator directory, server/marketplace/directory.ts).
import { z } from 'zod';
import { HANDLE_RULE, HANDLE_PATTERN, normaliseHandle } from '../mediaKit.ts';

export const publicChannel = z.object({
  platform: z.enum(['Twitch', 'YouTube']),
  name: z.string(),
  url: z.string(),
  /** Platform-verified followers (YouTube: subscribers); null when the platform has not told us yet. */
  followers: z.number().int().nullable(),
  /** Average concurrent viewers while live, as sampled from the platform; null until measured. */
  avgViewers: z.number().int().nullable(),
});
export type PublicChannel = z.infer<typeof publicChannel>;

/** What brands see: nothing private (no e-mail, legal name beyond the public name, address, birth date, earnings). */
export const mediaKitFacts = z.object({
  displayName: z.string(),
  image: z.string().nullable(),
  category: z.string().nullable(),
  language: z.enum(['English', 'Spanish']).nullable(),
  country: z.string().nullable(),
  about: z.string().nullable(),
  channels: z.array(publicChannel),
  /** Across channels. */
  followers: z.number().int(),
  avgViewers: z.number().int().nullable(),
  /** Only where a platform provides them; empty otherwise. */
  audienceCountries: z.array(z.object({ country: z.string(), share: z.number() })),
  /** Sponsorships delivered (offers completed or paid). */
  completed: z.number().int(),
  /** Percent of ended sponsorships delivered; null until one ended. */
  deliveryRate: z.number().int().nullable(),
});
export type MediaKitFacts = z.infer<typeof mediaKitFacts>;

export const mediaKit = z.object({
  /** The saved handle, or a suggestion (from the connected channel's login) until one is saved; '' when none. */
  handle: z.string(),
  /** Whether a handle was saved. */
  saved: z.boolean(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  /** The public page's address (PUBLIC_URL or the server's origin + `/c/<handle>`); null without a handle. */
  url: z.string().nullable(),
  /** What the page shows (the preview). */
  facts: mediaKitFacts,
});
export type MediaKit = z.infer<typeof mediaKit>;
export const mediaKitResponse = z.object({ mediaKit });

export const mediaKitUpdate = z.object({
  handle: z
    .string({ error: HANDLE_RULE })
    .max(200, HANDLE_RULE)
    .transform(normaliseHandle)
    .refine((handle) => HANDLE_PATTERN.test(handle), HANDLE_RULE),
  published: z.boolean({ error: 'must be true or false' }),
});
export type MediaKitUpdate = z.input<typeof mediaKitUpdate>;
