// The marketplace (docs/product.md §Marketplace): advertiser profiles, campaigns, offers with their threads, notifications and the
// operator's console. Fixed paths come from docs/product.md; the shapes are ours, documented in docs/api.md.
import { z } from 'zod';
import { countries } from '../countries.ts';
import { LOCALES } from '../locales.ts';
import {
  CAMPAIGN_LANGUAGES,
  CAMPAIGN_STATUSES,
  MARKETPLACE_LIMITS as L,
  MATCH_CRITERIA,
  NOTIFICATION_TYPES,
  OFFER_STATUSES,
  PLATFORMS,
  ROLES,
  VERIFICATION_STATUSES,
} from '../marketplace.ts';
import { email, NO_NUL, requiredText as required } from './common.ts';
import { TAX_FORM_KINDS } from '../taxForms.ts';
import { REVIEW_STATUSES } from '../money.ts';
import {
  chatDeliverable,
  deliverableProgress,
  linkDeliverable,
  perClickCents,
  promoDeliverable,
} from './deliverables.ts';

/** Trimmed text that may be empty. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL);

const website = z
  .string({ error: 'is required' })
  .trim()
  .max(L.website, `must be at most ${L.website} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'must be a web address starting with https://');

/** YYYY-MM-DD, a real date. */
const day = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  // A day that is not one ("2020-13-45", or what failed the pattern: checks go on after it) is refused, never thrown.
  .refine((value) => {
    const at = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value;
  }, 'must be a real date');

const id = z.string().min(1).max(64);
export const idParam = id;

// --- Advertiser profile -----------------------------------------------------------------------------------------

export const advertiserProfileInput = z.object({
  companyName: required(L.companyName),
  website,
  contactName: required(L.contactName),
  contactEmail: email,
  /** What the company wants to promote (docs/product.md §Advertiser onboarding); left as it was when omitted. */
  promotes: optionalText(L.promotes).optional(),
});
export type AdvertiserProfileInput = z.input<typeof advertiserProfileInput>;

export const advertiserProfile = z.object({
  companyName: z.string(),
  website: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  /** What the company wants to promote; '' when not said. */
  promotes: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  /** The operator's reason when rejected. */
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AdvertiserProfile = z.infer<typeof advertiserProfile>;
/** null until the advertiser has sent a profile for review. */
export const advertiserProfileResponse = z.object({ profile: advertiserProfile.nullable() });

/**
 * GET /api/advertiser/checklist: where a new advertiser stands on the way to a first launch (docs/product.md
 * §Advertiser onboarding): company profile → approval → funds → campaign → launch.
 */
export const advertiserChecklistResponse = z.object({
  /** The company profile's review: `missing` until one was sent. */
  profile: z.enum(['missing', ...VERIFICATION_STATUSES]),
  /** Deposited money the advertiser holds: free balance plus what campaigns reserve. */
  fundsCents: z.number().int(),
  /** Campaigns created, drafts included. */
  campaigns: z.number().int().min(0),
  /** The newest draft, the one to launch; null when there is none. */
  draftId: z.string().nullable(),
  /** A campaign has been launched (whatever its status now): the checklist is done. */
  launched: z.boolean(),
});
export type AdvertiserChecklist = z.infer<typeof advertiserChecklistResponse>;

// --- Campaigns --------------------------------------------------------------------------------------------------

const unique = <T>(values: T[]) => new Set(values).size === values.length;

export const targeting = z.object({
  platforms: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).refine(unique, 'must not repeat a platform'),
  languages: z
    .array(z.enum(CAMPAIGN_LANGUAGES))
    .max(CAMPAIGN_LANGUAGES.length)
    .refine(unique, 'must not repeat a language'),
  /** Empty: every country. */
  countries: z
    .array(z.string().refine((value) => countries.includes(value), 'must be a country of the registration list'))
    .max(countries.length)
    .refine(unique, 'must not repeat a country'),
  /** Content keywords matched against the creator's type of content; empty: every category. */
  categories: z.array(required(L.keyword)).max(L.keywords),
  minAvgViewers: z.number().int().min(0).max(10_000_000).nullable(),
});
export type Targeting = z.infer<typeof targeting>;

export const deliverable = z.object({
  /** Overlay display minutes the creator delivers within the window. */
  minutes: z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1)
    .max(L.maxDeliverableMinutes),
  startsOn: day,
  endsOn: day,
  /**
   * The disclosure label the overlay shows, e.g. "Sponsored by Nova Energy": required with the overlay
   * (`deliverablesProblem`), empty when the overlay is not asked for (issue 48 item 4).
   */
  disclosure: optionalText(L.disclosure).default(''),
  /**
   * Minutes count only while the stream is disclosed as sponsored on the platform (Twitch branded content or
   * #ad / #sponsored in the title; YouTube paid promotion or #ad): docs/product.md §Verified delivery. Default on.
   */
  requiresDisclosure: z.boolean({ error: 'must be true or false' }).default(true),
  /**
   * The campaign asks for overlay minutes (default); false: only the deliverables below, `minutes` then kept but not
   * a condition (docs/product.md §Deliverables).
   */
  overlay: z.boolean({ error: 'must be true or false' }).default(true),
  /** A tracked link per offer: unique human clicks (a flat fee's target, or paid per click). */
  link: linkDeliverable.nullable().default(null),
  /** Messages posted by Castbridge's bot in the creator's chat while live. */
  chat: chatDeliverable.nullable().default(null),
  /** Redemptions of a promo code per creator. */
  promo: promoDeliverable.nullable().default(null),
});
export type Deliverable = z.infer<typeof deliverable>;

/** The rules between a campaign's deliverables and its pay, for the create and (merged) update paths. */
export function deliverablesProblem(value: {
  deliverable: z.input<typeof deliverable>;
  perClickCents?: number | null;
}): { path: string[]; message: string } | null {
  const d = value.deliverable;
  const perClick = value.perClickCents ?? null;
  if (d.overlay === false && !d.link && !d.chat && !d.promo)
    return { path: ['deliverable', 'overlay'], message: 'must ask for at least one deliverable' };
  if (d.overlay !== false && (d.disclosure ?? '').trim() === '')
    return { path: ['deliverable', 'disclosure'], message: 'is required with the overlay' };
  if (perClick !== null && !d.link)
    return { path: ['perClickCents'], message: 'needs a tracked link: pay per click counts its clicks' };
  if (perClick === null && d.link && (d.link.clicks ?? null) === null)
    return { path: ['deliverable', 'link', 'clicks'], message: 'is required with a flat fee: the clicks to deliver' };
  return null;
}

export const campaignInput = z
  .object({
    brand: required(L.brand),
    title: required(L.title),
    description: optionalText(L.description),
    payCents: z
      .number({ error: 'must be an amount in cents' })
      .int('must be a whole number of cents')
      .min(L.minPayCents, 'must be at least $1.00')
      .max(L.maxPayCents, 'must be at most $1,000,000'),
    spots: z.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(L.maxSpots),
    targeting,
    deliverable,
    /** Pay per counted click in cents, `payCents` being each offer's cap; null (default): a flat fee. */
    perClickCents: perClickCents.default(null),
    /** true (default): matching offers it to the creators it ranks best; false: invitations only. */
    autoMatch: z.boolean({ error: 'autoMatch must be true or false' }).default(true),
  })
  .refine((value) => value.deliverable.endsOn >= value.deliverable.startsOn, {
    message: 'must not end before it starts',
    path: ['deliverable', 'endsOn'],
  })
  .superRefine((value, ctx) => {
    const problem = deliverablesProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', ...problem });
  });
export type CampaignInput = z.input<typeof campaignInput>;

/** PATCH while draft: any subset of the fields. */
export const campaignPatch = z
  .object({
    brand: required(L.brand),
    title: required(L.title),
    description: optionalText(L.description),
    payCents: z.number().int().min(L.minPayCents).max(L.maxPayCents),
    spots: z.number().int().min(1).max(L.maxSpots),
    targeting,
    deliverable,
    perClickCents,
    autoMatch: z.boolean({ error: 'autoMatch must be true or false' }),
  })
  .partial();
export type CampaignPatch = z.input<typeof campaignPatch>;

/** POST /api/campaigns/:id/spots: how many spots to add to a running campaign (pay × them is reserved). */
export const addSpotsRequest = z.object({
  spots: z
    .number({ error: 'spots must be a number' })
    .int('spots must be a whole number')
    .min(1, 'spots must be at least 1')
    .max(L.maxSpots, `spots must be at most ${L.maxSpots}`),
});
export type AddSpotsRequest = z.infer<typeof addSpotsRequest>;

const offerCounts = z.object(
  Object.fromEntries(OFFER_STATUSES.map((status) => [status, z.number().int().min(0)])) as Record<
    (typeof OFFER_STATUSES)[number],
    z.ZodNumber
  >,
);

export const campaign = z.object({
  id,
  brand: z.string(),
  title: z.string(),
  description: z.string(),
  /** /uploads/<name> of the creative, or null. */
  image: z.string().nullable(),
  payCents: z.number().int(),
  spots: z.number().int(),
  targeting,
  deliverable,
  /** Pay per counted click (cents), `payCents` the cap per offer; null: a flat fee. */
  perClickCents: z.number().int().nullable(),
  /** Matching offers it to creators (true), or only the brand's invitations fill its room (false). */
  autoMatch: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** Offers by status. */
  offers: offerCounts,
  createdAt: z.string(),
  updatedAt: z.string(),
  launchedAt: z.string().nullable(),
  /**
   * What its overlay offers delivered, as the platforms confirmed it (its advertiser's reads only): verified seconds,
   * impressions, and the pay of the offers with impressions per thousand of them in cents (null before the first).
   */
  delivery: z
    .object({
      verifiedSeconds: z.number().int().min(0),
      impressions: z.number().int().min(0),
      cpmCents: z.number().int().nullable(),
    })
    .optional(),
});
export type Campaign = z.infer<typeof campaign>;

export const campaignResponse = z.object({ campaign });
export const campaignsResponse = z.object({ campaigns: z.array(campaign) });

// --- Offers -----------------------------------------------------------------------------------------------------

export const matchReason = z.object({ criterion: z.enum(MATCH_CRITERIA), detail: z.string() });
export type MatchReason = z.infer<typeof matchReason>;

/** The creator as the advertiser sees them on an offer. */
export const offerCreator = z.object({
  name: z.string(),
  image: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  typeContent: z.string().nullable(),
});

/** One round of an offer's negotiation (docs/product.md §Counter-offers): who proposed what, and what became of it. */
export const proposal = z.object({
  round: z.number().int().positive(),
  side: z.enum(['creator', 'advertiser']),
  payCents: z.number().int(),
  /** The deliverable's minutes proposed; null: unchanged. */
  deliverableMinutes: z.number().int().nullable(),
  message: z.string(),
  status: z.enum(['open', 'accepted', 'declined', 'countered', 'withdrawn']),
  createdAt: z.string(),
});
export type Proposal = z.infer<typeof proposal>;
export const proposalsResponse = z.object({ proposals: z.array(proposal) });
/** A proposal or a counter: pay in cents, the deliverable's minutes (null or absent: unchanged), a message. */
export const proposeRequest = z.object({
  payCents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(L.minPayCents, `must be at least ${L.minPayCents} cents`)
    .max(L.maxPayCents, `must be at most ${L.maxPayCents} cents`),
  deliverableMinutes: z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(L.maxDeliverableMinutes, `must be at most ${L.maxDeliverableMinutes} minutes`)
    .nullable()
    .optional(),
  message: required(L.message),
});
export type ProposeRequest = z.infer<typeof proposeRequest>;

/** An offer's review window, as its campaign's page and the creator's card say it, until the money is released. */
export const offerReview = z.object({
  status: z.enum(REVIEW_STATUSES),
  /** When the window ends (ISO): the pay is released to the creator then, unless disputed or held. */
  endsAt: z.string(),
  releasedAt: z.string().nullable(),
});
export type OfferReview = z.infer<typeof offerReview>;

export const offer = z.object({
  id,
  status: z.enum(OFFER_STATUSES),
  campaignId: id,
  brand: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** The offer's pay: the campaign's, or what a counter-offer agreed. */
  payCents: z.number().int(),
  /** The campaign's pay per creator, for comparison. */
  campaignPayCents: z.number().int(),
  /** The offer's deliverable (its minutes changed where a counter-offer agreed so). */
  deliverable,
  /** Matching made it, or the brand invited the creator from search. */
  origin: z.enum(['match', 'invitation']),
  /** The open proposal of the negotiation, waiting for an answer; null when none. */
  proposal: proposal.nullable(),
  /** Why the creator matched, per criterion. */
  reasons: z.array(matchReason),
  declineReason: z.string().nullable(),
  /** Messages in the thread. */
  messageCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the deliverable was met and the creator earned (docs/product.md §Money), and what they earned after the fee. */
  completedAt: z.string().nullable(),
  earnedCents: z.number().int().nullable(),
  /** Present for the advertiser (and operator): who the offer went to. */
  creator: offerCreator.optional(),
  /** The campaign's pay per click (cents; `payCents` is then the cap); null: a flat fee. */
  perClickCents: z.number().int().nullable(),
  /** Each deliverable's progress, once the offer is accepted (docs/product.md §Deliverables); null before. */
  progress: deliverableProgress.nullable(),
  /**
   * The review window of an earning the platform's or Castbridge's counts proved (server/money/reviews.ts), on every
   * offer answer: the campaign page's row and the creator's card say where the earning is. It reaches the creator's
   * Earning Balance when it is released. Null: none (not completed, or confirmed by the advertiser, paid at once).
   */
  review: offerReview.nullable().optional(),
});
export type Offer = z.infer<typeof offer>;

/** What the creator can do about an empty Newley Offers tab (docs/product.md "Fair matching explained"). */
export const outlookStep = z.object({
  kind: z.enum(['profile', 'channel', 'targeting', 'waiting', 'media-kit']),
  title: z.string(),
  text: z.string(),
  /** One line per reason running campaigns passed the creator by, most frequent first. */
  details: z.array(z.string()),
  link: z.object({ to: z.string(), label: z.string() }).nullable(),
});
export type OutlookStep = z.infer<typeof outlookStep>;
export const offersOutlook = z.object({
  /** Active campaigns with a spot left. */
  runningCampaigns: z.number().int().min(0),
  /** Of those without an offer to the creator yet, how many the creator matches. */
  matching: z.number().int().min(0),
  steps: z.array(outlookStep),
});
export type OffersOutlook = z.infer<typeof offersOutlook>;

export const offerResponse = z.object({ offer });
export const offersResponse = z.object({ offers: z.array(offer) });
export const offersQuery = z.object({
  status: z.enum(OFFER_STATUSES, { error: `must be one of ${OFFER_STATUSES.join(', ')}` }).optional(),
});

export const campaignDetailResponse = z.object({ campaign, offers: z.array(offer) });

/**
 * The reason's length (MARKETPLACE_LIMITS.reason once trimmed) is checked by the handler, which refuses a longer one
 * with its own code in the reader's language (`marketplace.decline_reason_too_long`).
 */
export const declineRequest = z.object({
  reason: z
    .string()
    .trim()
    .refine(...NO_NUL)
    .optional(),
});
export const threadText = required(L.message);
export const requestInfoRequest = z.object({ message: threadText });
export const postMessageRequest = z.object({ body: threadText });

export const threadMessage = z.object({
  id,
  /** Which side wrote it. */
  author: z.enum(['creator', 'advertiser']),
  authorName: z.string(),
  /** Plain text, rendered as text. */
  body: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessage>;
/** A page of a thread: `before` is the `earlier` cursor of the page after it (a message id); absent, the newest page. */
export const threadQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'is not a cursor from a previous page')
    .optional(),
});
export const threadResponse = z.object({
  /** At most THREAD_PAGE messages, oldest first: the newest page unless `before` was given. */
  messages: z.array(threadMessage),
  /** The cursor of the page before this one (send it as `before`), or null when this page starts the thread. */
  earlier: z.string().nullable(),
});
export const postMessageResponse = z.object({ message: threadMessage });

// --- Notifications and live events ------------------------------------------------------------------------------

export const notification = z.object({
  /** Increasing: the SSE event id. */
  id: z.number().int().positive(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  text: z.string(),
  offerId: z.string().nullable(),
  /** Where the notification leads in the app (a path). */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** The language its title and text are written in: its recipient's when it was made. */
  locale: z.enum(LOCALES),
});
export type Notification = z.infer<typeof notification>;

export const notificationsResponse = z.object({
  notifications: z.array(notification),
  unread: z.number().int().min(0),
});
/** Read or clear the notifications up to this id (the newest the user saw); all when omitted. */
export const notificationsUpTo = z.object({ upTo: z.number().int().positive().optional() });
export const unreadResponse = z.object({ unread: z.number().int().min(0) });

export const eventsTicketResponse = z.object({ ticket: z.string().min(1), expiresIn: z.number().int().positive() });
export const eventsQuery = z.object({
  ticket: z.string({ error: 'is required' }).min(1, 'is required').max(1024),
  /** Resume after this event (EventSource sends Last-Event-ID itself on its own reconnects). */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

// --- Operator console -------------------------------------------------------------------------------------------

export const adminAdvertiser = advertiserProfile.extend({
  userId: id,
  email: z.string(),
  createdAt: z.string(),
  /** Funds free to reserve, and reserved by launched campaigns (docs/product.md §Money). */
  balanceCents: z.number().int(),
  reservedCents: z.number().int(),
  /** The advertiser's transfer reference (docs/product.md §Advertiser onboarding): the deposit form finds them by it. */
  fundingReference: z.string(),
});
export const adminAdvertisersResponse = z.object({ advertisers: z.array(adminAdvertiser) });
export const adminAdvertiserResponse = z.object({ advertiser: adminAdvertiser });
export const adminAdvertisersQuery = z.object({ status: z.enum(VERIFICATION_STATUSES).optional() });
export const rejectRequest = z.object({ reason: required(L.reason) });

export const adminCampaign = campaign.extend({ advertiser: z.string() });
export const adminCampaignsResponse = z.object({ campaigns: z.array(adminCampaign) });

export const adminUser = z.object({
  id,
  email: z.string(),
  role: z.enum(ROLES),
  name: z.string().nullable(),
  createdAt: z.string(),
  /** A creator's tax form on file (docs/product.md §Self-serve money): its kind, or null (none, or not a creator). */
  taxForm: z.enum(TAX_FORM_KINDS).nullable(),
});
export const adminUsersResponse = z.object({ users: z.array(adminUser) });
export const adminUsersQuery = z.object({ q: z.string().max(100).optional() });

export const adminTicket = z.object({
  id,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  page: z.string().nullable(),
  createdAt: z.string(),
});
export const adminTicketsResponse = z.object({ tickets: z.array(adminTicket) });
