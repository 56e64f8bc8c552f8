// What the Invite dialog reads from the invitation actor.
import type { SnapshotFrom } from 'xstate';
import type { invitationMachine } from './invitation.machine';

type Snapshot = SnapshotFrom<typeof invitationMachine>;

export const selectInviteOpen = (snapshot: Snapshot) => snapshot.matches('open');
export const selectInvitee = (snapshot: Snapshot) => snapshot.context.creator;
export const selectInviteLoading = (snapshot: Snapshot) => snapshot.matches({ open: 'loading' });
export const selectInviteLoadFailed = (snapshot: Snapshot) => snapshot.matches({ open: 'loadFailed' });
export const selectInviteChoosing = (snapshot: Snapshot) => snapshot.matches({ open: 'choosing' });
export const selectInviteSending = (snapshot: Snapshot) => snapshot.matches({ open: 'sending' });
export const selectInviteSent = (snapshot: Snapshot) => snapshot.matches({ open: 'sent' });
/** The campaigns that can take this creator now: the only ones offered. */
export const selectInviteCampaigns = (snapshot: Snapshot) =>
  snapshot.context.campaigns.filter((campaign) => campaign.canInvite);
/** The others, each with why it cannot (said before anything is sent). */
export const selectInviteUnavailable = (snapshot: Snapshot) =>
  snapshot.context.campaigns.filter((campaign) => !campaign.canInvite);
export const selectInviteCampaignId = (snapshot: Snapshot) => snapshot.context.campaignId;
export const selectInviteMessage = (snapshot: Snapshot) => snapshot.context.message;
export const selectInviteError = (snapshot: Snapshot) => snapshot.context.error;
/** Loaded, and the advertiser has no campaign that is not over: nothing to invite to. */
export const selectNoActiveCampaign = (snapshot: Snapshot) =>
  snapshot.matches({ open: 'choosing' }) && snapshot.context.campaigns.length === 0;
/** Loaded, with campaigns, none of which can take this creator now. */
export const selectNoneCanInvite = (snapshot: Snapshot) =>
  snapshot.matches({ open: 'choosing' }) &&
  snapshot.context.campaigns.length > 0 &&
  snapshot.context.campaigns.every((campaign) => !campaign.canInvite);
