// How an offer's deliverable and image read on the creator's cards (days and numbers written by src/common/format).
import type { Deliverable } from '@/contract';
import { formatCount, formatDayRange } from '@/src/common/format';
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

/** "120 display minutes, Dec 1 – Dec 31, 2026". */
export function formatDeliverable(deliverable: Deliverable): string {
  const minutes = `${formatCount(deliverable.minutes)} display ${deliverable.minutes === 1 ? 'minute' : 'minutes'}`;
  return `${minutes}, ${formatDayRange(deliverable.startsOn, deliverable.endsOn)}`;
}
