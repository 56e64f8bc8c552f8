// How an offer's deliverable and image read on the creator's cards and the advertiser's campaign page, in the
// screen's language: the words from the marketplace catalogue, days and numbers from src/common/format.
import type { Deliverable, Offer } from '@/contract';
import type { DeliverableKind } from '@/contract/deliverables';
import type { DeliverableProgress } from '@/contract/schemas/deliverables';
import { formatsIn } from '@/src/common/format';
import { apiUrl } from '@/src/config';
import type { useMessages } from '@/src/i18n/i18n';
import type { marketplaceMessages } from './catalogue';

/** The screen's words (`useMessages(marketplaceMessages)`): its `t` and its language. */
export type OfferWords = Pick<ReturnType<typeof useMessages<[typeof marketplaceMessages]>>, 't' | 'locale'>;

/** Shown when an offer has no creative (or it does not load). */
export const OFFER_IMAGE_PLACEHOLDER = '/images/offers/placeholder.svg';

/**
 * The card's image: an uploaded creative (/uploads/…) is served by the API host; any other path (the demo
 * campaigns' /images/offers/…) is one of the app's own pictures.
 */
export function offerImageSrc(image: string | null): string {
  if (!image) return OFFER_IMAGE_PLACEHOLDER;
  return image.startsWith('/uploads/') ? apiUrl(image) : image;
}

/** "120 display minutes, Dec 1 – Dec 31, 2026"; the window alone when the campaign asks for no overlay minutes. */
export function formatDeliverable(deliverable: Deliverable, { t, locale }: OfferWords): string {
  const window = formatsIn(locale).dayRange(deliverable.startsOn, deliverable.endsOn);
  if (deliverable.overlay === false) return window;
  return t('deliverable.minutes', { count: deliverable.minutes, window });
}

// --- Deliverables beyond the overlay (docs/product.md §Deliverables) ------------------------------------------------

type OfferTerms = Pick<Offer, 'deliverable' | 'perClickCents' | 'payCents'>;

/** One deliverable an offer asks for, as its card names it: "Link" and "500 clicks". */
export interface AskedDeliverable {
  kind: DeliverableKind;
  name: string;
  asked: string;
}

/**
 * What the offer asks for, in the contract's order: "Overlay 120 min", "Link: 500 clicks" (or "$0.25 a click up to
 * $250" with pay per click), "Bot: message every 30 min, 10 posts", "Promo: 20 redemptions".
 */
export function askedDeliverables(
  { deliverable, perClickCents, payCents }: OfferTerms,
  { t, locale }: OfferWords,
): AskedDeliverable[] {
  const f = formatsIn(locale);
  const asked: AskedDeliverable[] = [];
  if (deliverable.overlay !== false)
    asked.push({
      kind: 'overlay',
      name: t('asked.overlay'),
      asked: t('asked.overlayMinutes', { count: deliverable.minutes }),
    });
  const { link, chat, promo } = deliverable;
  if (link)
    asked.push({
      kind: 'link',
      name: t('asked.link'),
      asked:
        perClickCents !== null
          ? t('asked.perClick', { perClick: f.money(perClickCents), cap: f.money(payCents) })
          : t('asked.clicks', { count: link.clicks ?? 0 }),
    });
  if (chat)
    asked.push({
      kind: 'chat',
      name: t('asked.chat'),
      asked: chat.command
        ? t('asked.chatPostsCommand', { minutes: chat.everyMinutes, posts: chat.posts, command: chat.command })
        : t('asked.chatPosts', { minutes: chat.everyMinutes, posts: chat.posts }),
    });
  if (promo)
    asked.push({ kind: 'promo', name: t('asked.promo'), asked: t('asked.redemptions', { count: promo.redemptions }) });
  return asked;
}

/** The campaign asks for more than overlay minutes (or not for them): its cards list each deliverable. */
export const asksBeyondOverlay = ({ deliverable }: Pick<Offer, 'deliverable'>) =>
  deliverable.overlay === false || Boolean(deliverable.link || deliverable.chat || deliverable.promo);

/** One deliverable's progress as figures: done of target (a bar's value and maximum) and its words. */
export interface ProgressFigures {
  done: number;
  target: number;
  text: string;
}

/** "312 of 500 clicks", "4 of 10 posts", "45 of 120 min verified"; pay per click counts what the clicks earned. */
export function progressFigures(
  kind: DeliverableKind,
  progress: DeliverableProgress,
  terms: Pick<Offer, 'payCents' | 'perClickCents'>,
  { t, locale }: OfferWords,
): ProgressFigures | null {
  switch (kind) {
    case 'overlay': {
      const overlay = progress.overlay;
      if (!overlay) return null;
      const done = Math.floor(overlay.verifiedSeconds / 60);
      const target = Math.floor(overlay.targetSeconds / 60);
      return { done, target, text: t('progress.overlay', { done, target }) };
    }
    case 'link': {
      const link = progress.link;
      if (!link) return null;
      if (terms.perClickCents !== null) {
        const f = formatsIn(locale);
        const earned = progress.clickEarningsCents ?? 0;
        return {
          done: earned,
          target: terms.payCents,
          text: t('progress.clickEarnings', {
            clicks: link.clicks,
            earned: f.money(earned),
            cap: f.money(terms.payCents),
          }),
        };
      }
      const target = link.target ?? 0;
      return { done: link.clicks, target, text: t('progress.clicks', { done: link.clicks, target }) };
    }
    case 'chat': {
      const chat = progress.chat;
      if (!chat) return null;
      return {
        done: chat.posts,
        target: chat.target,
        text: t('progress.posts', { done: chat.posts, target: chat.target }),
      };
    }
    case 'promo': {
      const promo = progress.promo;
      if (!promo) return null;
      return {
        done: promo.redemptions,
        target: promo.target,
        text: t('progress.redemptions', { done: promo.redemptions, target: promo.target }),
      };
    }
  }
}
