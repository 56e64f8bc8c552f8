// A draft's status line (issue 48 item 9): what the campaign still needs before Launch, only what is missing, read from
// the campaign and the company profile's review (the server refuses a launch for the same reasons:
// server/marketplace/campaigns.ts launchProblem).
import { useMachine } from '@xstate/react';
import type { AdvertiserChecklist, Campaign } from '@/contract';
import { selectChecklistProfile } from '@/machines/marketplace/advertiserChecklist.select';
import { inspect } from '@/src/app/inspect';
import { useAdvertiserChecklistLogic, type AdvertiserChecklistLogic } from './advertiserChecklist';
import * as s from './advertiser.css';

const PROFILE_NEED: Record<Exclude<AdvertiserChecklist['profile'], 'approved'>, string> = {
  missing: 'send your company profile for approval',
  pending: 'wait for Castbridge to approve your company profile',
  rejected: 'correct your company profile and send it again',
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
): string[] {
  const needs: string[] = [];
  if (profile !== null && profile !== 'approved') needs.push(PROFILE_NEED[profile]);
  if (campaign.targeting.platforms.length === 0) needs.push('choose a platform');
  if (campaign.targeting.languages.length === 0) needs.push('choose a broadcasting language');
  if (campaign.description.trim() === '') needs.push('describe the campaign');
  if (campaign.deliverable.endsOn < today) needs.push('move the end date (the window has ended)');
  return needs;
}

const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The sentence under a draft's status: what is missing before Launch, or that nothing is. */
export function launchNeedsText(needs: string[]): string {
  return needs.length === 0 ? 'Ready to launch.' : `Before launching: ${listed(needs)}.`;
}

/** The draft's status line; `checklist` replaces the company profile's flow (tests). */
export function LaunchNeeds({ campaign, checklist }: { campaign: Campaign; checklist?: AdvertiserChecklistLogic }) {
  const [snapshot] = useMachine(useAdvertiserChecklistLogic(checklist), { inspect });
  const needs = launchNeeds(campaign, selectChecklistProfile(snapshot));
  return (
    <p className={`${s.muted} ${s.spacedSm}`} data-testid="launch-needs">
      {launchNeedsText(needs)}
    </p>
  );
}
