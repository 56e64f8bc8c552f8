// How an offer's deliverable and image read on the creator's cards (days and numbers written by src/common/format).
import type { Deliverable, Offer } from '@/contract';
import type { DeliverableKind } from '@/contract/deliverables';
import type { DeliverableProgress } from '@/contract/schemas/deliverables';
import { formatCount, formatDayRange, formatMoney } from '@/src/common/format';
import { apiUrl } from '@/src/config';

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
export function formatDeliverable(deliverable: Deliverable): string {
  if (deliverable.overlay === false) return formatDayRange(deliverable.startsOn, deliverable.endsOn);
  const minutes = `${formatCount(deliverable.minutes)} display ${deliverable.minutes === 1 ? 'minute' : 'minutes'}`;
  return `${minutes}, ${formatDayRange(deliverable.startsOn, deliverable.endsOn)}`;
}

// --- Deliverables beyond the overlay (docs/product.md §Deliverables) ------------------------------------------------

type OfferTerms = Pick<Offer, 'deliverable' | 'perClickCents' | 'payCents'>;

/** One deliverable an offer asks for, as its card names it: "Link" and "500 clicks". */
export interface AskedDeliverable {
  kind: DeliverableKind;
  name: string;
  asked: string;
}

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * What the offer asks for, in the contract's order: "Overlay 120 min", "Link: 500 clicks" (or "$0.25 a click up to
 * $250" with pay per click), "Bot: message every 30 min, 10 posts", "Promo: 20 redemptions".
 */
export function askedDeliverables({ deliverable, perClickCents, payCents }: OfferTerms): AskedDeliverable[] {
  const asked: AskedDeliverable[] = [];
  if (deliverable.overlay !== false)
    asked.push({ kind: 'overlay', name: 'Overlay', asked: `${formatCount(deliverable.minutes)} min` });
  const { link, chat, promo } = deliverable;
  if (link)
    asked.push({
      kind: 'link',
      name: 'Link',
      asked:
        perClickCents !== null
          ? `${formatMoney(perClickCents)} a click up to ${formatMoney(payCents)}`
          : plural(link.clicks ?? 0, 'click', 'clicks'),
    });
  if (chat)
    asked.push({
      kind: 'chat',
      name: 'Bot',
      asked: `message every ${formatCount(chat.everyMinutes)} min, ${plural(chat.posts, 'post', 'posts')}${
        chat.command ? `, answers !${chat.command}` : ''
      }`,
    });
  if (promo)
    asked.push({ kind: 'promo', name: 'Promo', asked: plural(promo.redemptions, 'redemption', 'redemptions') });
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
): ProgressFigures | null {
  switch (kind) {
    case 'overlay': {
      const overlay = progress.overlay;
      if (!overlay) return null;
      const done = Math.floor(overlay.verifiedSeconds / 60);
      const target = Math.floor(overlay.targetSeconds / 60);
      return { done, target, text: `${formatCount(done)} of ${formatCount(target)} min verified` };
    }
    case 'link': {
      const link = progress.link;
      if (!link) return null;
      if (terms.perClickCents !== null) {
        const earned = progress.clickEarningsCents ?? 0;
        return {
          done: earned,
          target: terms.payCents,
          text: `${plural(link.clicks, 'click', 'clicks')}: ${formatMoney(earned)} of ${formatMoney(terms.payCents)} earned`,
        };
      }
      const target = link.target ?? 0;
      return { done: link.clicks, target, text: `${formatCount(link.clicks)} of ${plural(target, 'click', 'clicks')}` };
    }
    case 'chat': {
      const chat = progress.chat;
      if (!chat) return null;
      return {
        done: chat.posts,
        target: chat.target,
        text: `${formatCount(chat.posts)} of ${plural(chat.target, 'post', 'posts')}`,
      };
    }
    case 'promo': {
      const promo = progress.promo;
      if (!promo) return null;
      return {
        done: promo.redemptions,
        target: promo.target,
        text: `${formatCount(promo.redemptions)} of ${plural(promo.target, 'redemption', 'redemptions')}`,
      };
    }
  }
}
