// A draft's status line (issue 48 item 9): what the campaign still needs before Launch, only what is missing, read from
// the campaign and the company profile's review (the server refuses a launch for the same reasons:
// server/marketplace/campaigns.ts launchProblem).
import { useMachine } from '@xstate/react';
import type { AdvertiserChecklist, Campaign } from '@/contract';
import { selectChecklistProfile } from '@/machines/marketplace/advertiserChecklist.select';
import { inspect } from '@/src/app/inspect';
import { useAdvertiserChecklistLogic, type AdvertiserChecklistLogic } from './advertiserChecklist';
import * as s from './advertiser.css';
import { useMessages } from '@/src/i18n/i18n';
import { campaignEditorMessages, type CampaignEditorMessage } from './campaignEditorCatalogue';
import type { CampaignEditorWords } from './campaignEditorWords';

/** A thing a draft still needs before Launch, worded by the view (campaignEditor catalogue, `launch.*`). */
export type LaunchNeed =
  'profileMissing' | 'profilePending' | 'profileRejected' | 'platform' | 'language' | 'description' | 'endDate';

const NEED_TEXT = {
  profileMissing: 'launch.profileMissing',
  profilePending: 'launch.profilePending',
  profileRejected: 'launch.profileRejected',
  platform: 'launch.platform',
  language: 'launch.language',
  description: 'launch.description',
  endDate: 'launch.endDate',
} as const satisfies Record<LaunchNeed, CampaignEditorMessage>;

const PROFILE_NEED: Record<Exclude<AdvertiserChecklist['profile'], 'approved'>, LaunchNeed> = {
  missing: 'profileMissing',
  pending: 'profilePending',
  rejected: 'profileRejected',
};

/** The day in UTC, as the server compares a campaign's end date. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * What a draft still needs before it can launch, as things to do, in the order the server checks them. The profile's
 * review counts only once known (null: not read yet).
 */
export function launchNeeds(
  campaign: Campaign,
  profile: AdvertiserChecklist['profile'] | null,
  today: string = todayUtc(),
): LaunchNeed[] {
  const needs: LaunchNeed[] = [];
  if (profile !== null && profile !== 'approved') needs.push(PROFILE_NEED[profile]);
  if (campaign.targeting.platforms.length === 0) needs.push('platform');
  if (campaign.targeting.languages.length === 0) needs.push('language');
  if (campaign.description.trim() === '') needs.push('description');
  if (campaign.deliverable.endsOn < today) needs.push('endDate');
  return needs;
}

/** The sentence under a draft's status: what is missing before Launch ("a, b and c"), or that nothing is. */
export function launchNeedsText(t: CampaignEditorWords, needs: LaunchNeed[]): string {
  if (needs.length === 0) return t('launch.ready');
  const items = needs.map((need) => t(NEED_TEXT[need]));
  const listed =
    items.length === 1 ? items[0]! : t('launch.list', { items: items.slice(0, -1).join(', '), last: items.at(-1) });
  return t('launch.before', { needs: listed });
}

/** The draft's status line; `checklist` replaces the company profile's flow (tests). */
export function LaunchNeeds({ campaign, checklist }: { campaign: Campaign; checklist?: AdvertiserChecklistLogic }) {
  const [snapshot] = useMachine(useAdvertiserChecklistLogic(checklist), { inspect });
  const needs = launchNeeds(campaign, selectChecklistProfile(snapshot));
  const { t } = useMessages(campaignEditorMessages);
  return (
    <p className={`${s.muted} ${s.spacedSm}`} data-testid="launch-needs">
      {launchNeedsText(t, needs)}
    </p>
  );
}
