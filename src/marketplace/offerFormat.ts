// How an offer's pay, deliverable and image read on the creator's cards.
import type { Deliverable } from '@/contract';
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

const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
const valid = (date: Date) => !Number.isNaN(date.getTime());
const monthDay = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDay = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Dec 1 – Dec 31, 2026", or "Dec 15, 2026 – Jan 15, 2027" across years; calendar days, no time-zone shift. */
export function formatDayRange(startsOn: string, endsOn: string): string {
  const start = dayOf(startsOn);
  const end = dayOf(endsOn);
  if (!valid(start) || !valid(end)) return `${startsOn} – ${endsOn}`;
  if (start.getUTCFullYear() === end.getUTCFullYear()) return `${monthDay(start)} – ${fullDay(end)}`;
  return `${fullDay(start)} – ${fullDay(end)}`;
}

/** "120 display minutes, Dec 1 – Dec 31, 2026". */
export function formatDeliverable(deliverable: Deliverable): string {
  const minutes = `${deliverable.minutes.toLocaleString('en-US')} display ${deliverable.minutes === 1 ? 'minute' : 'minutes'}`;
  return `${minutes}, ${formatDayRange(deliverable.startsOn, deliverable.endsOn)}`;
}
