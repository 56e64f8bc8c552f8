// Deliverables beyond the overlay (docs/product.md §Deliverables): what a campaign asks for, each offer's progress, the
// bot, promo codes and redemptions, and the brand's report with its share links.
import { z } from 'zod';
import {
  CHAT_COMMAND_PATTERN,
  chatLineProblem,
  DELIVERABLE_LIMITS as D,
  PROMO_CODE_PATTERN,
  URL_CONTROL_CHARACTERS,
} from '../deliverables.ts';
import { NO_NUL, requiredText as required } from './common.ts';

const count = z.number().int().min(0);

// --- What a campaign asks for (fields of the campaign's `deliverable`) ------------------------------------------

const httpUrl = z
  .string({ error: 'is required' })
  // Before trimming: a line break or tab anywhere is refused, not quietly dropped by the URL parser.
  .refine(
    (value) => !URL_CONTROL_CHARACTERS.test(value.trim()),
    'must not contain spaces, tabs, line breaks or control characters',
  )
  .trim()
  .min(1, 'is required')
  .max(D.linkUrl, `must be at most ${D.linkUrl} characters`)
  .refine(...NO_NUL)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'must be a web address starting with https://');

export const linkDeliverable = z.object({
  /** The brand's page; each offer's tracked link sends here with UTM parameters. */
  url: httpUrl,
  /** Unique human clicks to deliver with a flat fee; null with pay per click (the cap ends it). */
  clicks: z
    .number({ error: 'must be a whole number of clicks' })
    .int('must be a whole number of clicks')
    .min(1, 'must be at least 1')
    .max(D.maxClicks)
    .nullable(),
});
export type LinkDeliverable = z.infer<typeof linkDeliverable>;

export const chatDeliverable = z.object({
  /** The sponsor's message; the bot adds the offer's tracked link (when the campaign has one) and #ad. */
  message: required(D.chatMessage).superRefine((value, ctx) => {
    const problem = chatLineProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** Minutes between the bot's posts while the stream is live. */
  everyMinutes: z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(D.minEveryMinutes, `must be at least ${D.minEveryMinutes} minutes`)
    .max(D.maxEveryMinutes, `must be at most ${D.maxEveryMinutes} minutes`),
  /** `!<command>` in chat makes the bot answer with the same line; null: no command. Without the "!". */
  command: z
    .string()
    .trim()
    .toLowerCase()
    .regex(CHAT_COMMAND_PATTERN, 'must be letters, digits or _ (at most 25), without the !')
    .nullable(),
  /** Posts (scheduled, while live) to deliver. */
  posts: z
    .number({ error: 'must be a whole number of posts' })
    .int('must be a whole number of posts')
    .min(1, 'must be at least 1')
    .max(D.maxPosts),
});
export type ChatDeliverable = z.infer<typeof chatDeliverable>;

export const promoDeliverable = z.object({
  /** Redemptions of the creator's code to deliver. */
  redemptions: z
    .number({ error: 'must be a whole number of redemptions' })
    .int('must be a whole number of redemptions')
    .min(1, 'must be at least 1')
    .max(D.maxRedemptions),
});
export type PromoDeliverable = z.infer<typeof promoDeliverable>;

/** Pay per counted click, in cents; null: a flat fee on meeting every deliverable. */
export const perClickCents = z
  .number({ error: 'must be an amount in cents' })
  .int('must be a whole number of cents')
  .min(D.minPerClickCents, 'must be at least 1 cent')
  .max(D.maxPerClickCents, 'must be at most $100.00')
  .nullable();

// --- Progress of one offer ---------------------------------------------------------------------------------------

export const deliverableProgress = z.object({
  /** Flat fee: every deliverable asked for is met. Pay per click: the cap is reached. */
  met: z.boolean(),
  overlay: z.object({ verifiedSeconds: count, targetSeconds: count }).nullable(),
  link: z
    .object({
      /** The offer's tracked link (absolute), or null before the offer is accepted. */
      url: z.string().nullable(),
      /** Counted: unique human clicks while the offer was active. */
      clicks: count,
      /** The flat fee's target; null with pay per click. */
      target: z.number().int().nullable(),
      /** Clicks that did not count (bots, repeats, over a limit, offer not active). */
      refused: count,
    })
    .nullable(),
  chat: z
    .object({
      /** Scheduled posts the platform accepted while live. */
      posts: count,
      target: count,
      /** The creator paused the bot for this offer. */
      paused: z.boolean(),
      /** The creator let the bot post on at least one of the campaign's platforms (Connect Accounts). */
      consent: z.boolean(),
      /** The line the bot posts. */
      preview: z.string(),
      everyMinutes: count,
      command: z.string().nullable(),
      lastPostedAt: z.string().nullable(),
    })
    .nullable(),
  promo: z
    .object({
      /** The creator's code; null until the advertiser assigns one. */
      code: z.string().nullable(),
      redemptions: count,
      target: count,
    })
    .nullable(),
  /** Pay per click: what the counted clicks earned so far, at most the cap; null with a flat fee. */
  clickEarningsCents: z.number().int().nullable(),
});
export type DeliverableProgress = z.infer<typeof deliverableProgress>;
export const deliverableProgressResponse = z.object({ progress: deliverableProgress });

// --- The chat bot ------------------------------------------------------------------------------------------------

export const botPost = z.object({
  id: z.string(),
  platform: z.enum(['twitch', 'youtube']),
  kind: z.enum(['scheduled', 'command']),
  text: z.string(),
  status: z.enum(['sent', 'dropped', 'failed']),
  /** Why the platform dropped it or the call failed; null when sent. */
  reason: z.string().nullable(),
  /** The platform's message id: the proof it was posted. */
  platformMessageId: z.string().nullable(),
  postedAt: z.string(),
});
export type BotPost = z.infer<typeof botPost>;
export const botResponse = z.object({
  progress: deliverableProgress,
  /** Newest first, at most 100. */
  posts: z.array(botPost),
});
export const botPauseRequest = z.object({ paused: z.boolean({ error: 'must be true or false' }) });
/** Connect Accounts: the creator lets the bot post in this platform's chat, or withdraws it. */
export const botConsentRequest = z.object({ consent: z.boolean({ error: 'must be true or false' }) });
export const botConsentResponse = z.object({ platform: z.enum(['twitch', 'youtube']), consent: z.boolean() });

// --- The evidence of one offer ---------------------------------------------------------------------------------

/** Clicks of one UTC day: counted, and refused by why. */
const clickDay = z.object({
  day: z.string(),
  counted: count,
  /** A known bot's user agent (or none). */
  bot: count,
  /** The same visitor again that day. */
  repeat: count,
  /** Over the address's or the link's limit per minute. */
  limited: count,
  /** The offer or its campaign was not active, or the day outside the campaign's window. */
  inactive: count,
});
export type ClickDay = z.infer<typeof clickDay>;

export const evidenceRedemption = z.object({
  orderId: z.string(),
  code: z.string(),
  amountCents: z.number().int().nullable(),
  redeemedAt: z.string(),
  /** Counted toward the deliverable (false: the offer was not active, or the day outside the window). */
  counted: z.boolean(),
  source: z.enum(['api', 'csv']),
});

/**
 * What each deliverable the offer's campaign asks for gathered, with its evidence (docs/product.md §Deliverables); a
 * deliverable the campaign does not ask for is null. The proof report, the advertiser's dispute and the operator's
 * review read the same.
 */
export const offerEvidence = z.object({
  offerId: z.string(),
  overlay: z
    .object({
      verifiedSeconds: count,
      targetSeconds: count,
    })
    .nullable(),
  link: z
    .object({
      /** The offer's tracked link, or null before the offer is accepted. */
      url: z.string().nullable(),
      counted: count,
      /** The flat fee's target; null with pay per click. */
      target: z.number().int().nullable(),
      refused: z.object({ bot: count, repeat: count, limited: count, inactive: count }),
      /** Each UTC day with a click, oldest first. */
      days: z.array(clickDay),
    })
    .nullable(),
  promo: z
    .object({
      code: z.string().nullable(),
      counted: count,
      target: count,
      /** Every redemption recorded for this offer's code. */
      total: count,
      /** The newest 200, newest first. */
      redemptions: z.array(evidenceRedemption),
    })
    .nullable(),
  chat: z
    .object({
      /** Scheduled posts the platform accepted while live. */
      sent: count,
      target: count,
      /** Every post kept for this offer (sent, dropped or failed). */
      total: count,
      /** The newest 100, newest first, each with the platform's message id or why it was dropped. */
      posts: z.array(botPost),
    })
    .nullable(),
});
export type OfferEvidence = z.infer<typeof offerEvidence>;
export const offerEvidenceResponse = z.object({ evidence: offerEvidence });

// --- Promo codes and redemptions ---------------------------------------------------------------------------------

const promoCode = z
  .string({ error: 'is required' })
  .trim()
  .regex(PROMO_CODE_PATTERN, 'must be 3 to 40 letters, digits, - or _');

export const promoCodeRow = z.object({
  offerId: z.string(),
  creator: z.string(),
  code: z.string().nullable(),
  redemptions: count,
});
export const promoCodesResponse = z.object({
  codes: z.array(promoCodeRow),
  /** A redemption key was issued (its value is shown once, when created). */
  redemptionKey: z.boolean(),
});
/** Assign codes per offer (replacing earlier ones), or `generate` one for every accepted offer without one. */
export const promoCodesRequest = z.union([
  z.object({
    codes: z
      .array(z.object({ offerId: z.string().min(1), code: promoCode }))
      .min(1)
      .max(1000),
  }),
  z.object({ generate: z.literal(true) }),
]);
export const redemptionKeyResponse = z.object({ key: z.string() });

/** One redemption, posted by the shop's server with the campaign's redemption key; idempotent by `orderId`. */
export const redemptionRequest = z.object({
  orderId: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(D.orderId, `must be at most ${D.orderId} characters`)
    .refine(...NO_NUL),
  code: promoCode,
  /** The order's amount in cents, when the shop gives it. */
  amountCents: z.number().int().min(0).max(100_000_000).nullable().optional(),
  /** When it was redeemed (ISO 8601); now when absent. Not in the future. */
  redeemedAt: z.string().datetime({ offset: true }).optional(),
});
export type RedemptionRequest = z.infer<typeof redemptionRequest>;
export const redemptionResponse = z.object({
  redemption: z.object({
    orderId: z.string(),
    code: z.string(),
    /** Counted toward the deliverable (false: the offer was not active then). */
    counted: z.boolean(),
    /** This order id was already recorded: nothing changed. */
    duplicate: z.boolean(),
  }),
});
export const redemptionsCsvResponse = z.object({
  added: count,
  duplicates: count,
  /** Lines refused, with why (1 is the header). */
  rejected: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
});

// --- The brand's report --------------------------------------------------------------------------------------------

export const reportFigures = z.object({
  verifiedSeconds: count,
  impressions: count,
  clicks: count,
  refusedClicks: count,
  redemptions: count,
  redeemedCents: count,
  botPosts: count,
  /** What the creators earned (pay and fee), on the day it was earned. */
  spendCents: count,
});
export type ReportFigures = z.infer<typeof reportFigures>;
export const reportDay = reportFigures.extend({ day: z.string() });
export const reportTotals = reportFigures.extend({
  /** Clicks per impression; null without impressions. */
  clickRate: z.number().nullable(),
  /** Spend per thousand impressions, per click; null without either. */
  cpmCents: z.number().int().nullable(),
  cpcCents: z.number().int().nullable(),
});
export const reportCreator = z.object({
  offerId: z.string(),
  name: z.string(),
  status: z.string(),
  totals: reportTotals,
});
export const campaignReport = z.object({
  campaign: z.object({
    id: z.string(),
    brand: z.string(),
    title: z.string(),
    status: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    /** Pay × spots: what the campaign may spend. */
    budgetCents: count,
    perClickCents: z.number().int().nullable(),
    /**
     * The deliverables the campaign asked for: the report shows only their figures (overlay minutes, impressions and
     * CPM with the overlay; clicks with a link; bot posts with the chat; redemptions with a promo code).
     */
    asks: z.object({ overlay: z.boolean(), link: z.boolean(), chat: z.boolean(), promo: z.boolean() }),
  }),
  /** Set when the report is one creator's (`?offerId=`). */
  offerId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  days: z.array(reportDay),
  totals: reportTotals,
  creators: z.array(reportCreator),
  generatedAt: z.string(),
});
export type CampaignReport = z.infer<typeof campaignReport>;
export const campaignReportResponse = z.object({ report: campaignReport });
export const reportQuery = z.object({
  offerId: z.string().min(1).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD')
    .optional(),
});

export const reportShare = z.object({
  id: z.string(),
  label: z.string(),
  /** The read-only page's address; present only in the answer that created it (the token is stored hashed). */
  url: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export const reportSharesResponse = z.object({ shares: z.array(reportShare) });
export const reportShareResponse = z.object({ share: reportShare });
export const reportShareRequest = z.object({ label: required(D.shareLabel) });
