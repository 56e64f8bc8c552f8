// How campaign and offer statuses and match criteria read on the advertiser's screens.
import type { CampaignStatus, MatchCriterion, OfferStatus } from '@/contract/marketplace';
import { LANGUAGE_NAMES } from '@/contract/profile';
import type { ChipTone } from '@/src/ui/Chip';

export const campaignStatus: Record<CampaignStatus, { label: string; tone: ChipTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  active: { label: 'Active', tone: 'success' },
  paused: { label: 'Paused', tone: 'warning' },
  completed: { label: 'Completed', tone: 'info' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export const offerStatus: Record<OfferStatus, string> = {
  invited: 'Invited',
  info_requested: 'Requested More Information',
  accepted: 'Accepted',
  active: 'Active',
  completed: 'Completed',
  paid: 'Paid',
  declined: 'Declined',
  expired: 'Expired',
};

export const criterion: Record<MatchCriterion, string> = {
  invitation: 'Invitation',
  platform: 'Platform',
  language: 'Language',
  country: 'Country',
  category: 'Category',
  audience: 'Audience',
};

/** A creator's country and broadcasting language, the language by its name (stored as a country: docs/spec.md §3). */
export function creatorOrigin(creator: { country?: string | null; language?: string | null } | null | undefined) {
  const language = creator?.language;
  const name = language ? (LANGUAGE_NAMES[language as keyof typeof LANGUAGE_NAMES] ?? language) : null;
  return [creator?.country, name].filter(Boolean).join(' · ');
}
