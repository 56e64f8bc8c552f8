// What the campaign editor reads from the campaignEditor actor.
import type { SnapshotFrom } from 'xstate';
import { chatPreview, type campaignEditorMachine } from './campaignEditor.machine';

type Snapshot = SnapshotFrom<typeof campaignEditorMachine>;

export const selectEditorDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectEditorErrors = (snapshot: Snapshot) => snapshot.context.errors;
export const selectEditorError = (snapshot: Snapshot) => snapshot.context.error;
export const selectEditorCampaign = (snapshot: Snapshot) => snapshot.context.campaign;
export const selectEditorCampaignId = (snapshot: Snapshot) => snapshot.context.campaignId;
/** The picked image's local preview, else the stored creative's path (or null). */
export const selectEditorImage = (snapshot: Snapshot) =>
  snapshot.context.image?.previewUrl ?? snapshot.context.campaign?.image ?? null;
export const selectEditorLoading = (snapshot: Snapshot) => snapshot.matches('loading') || snapshot.matches('start');
export const selectEditorFailed = (snapshot: Snapshot) => snapshot.matches('failed');
/** The campaign is no longer a draft: it cannot be edited. */
export const selectEditorLocked = (snapshot: Snapshot) => snapshot.matches('locked');
/** The form shows while editing and while the draft and its image are sent. */
export const selectEditorFormShown = (snapshot: Snapshot) =>
  snapshot.matches('editing') ||
  snapshot.matches('saving') ||
  snapshot.matches('uploading') ||
  snapshot.matches('done');
export const selectEditorBusy = (snapshot: Snapshot) => snapshot.hasTag('busy') || snapshot.matches('done');
/** The line the bot would post for the message being written (an example link stands for each creator's own). */
export const selectEditorChatPreview = (snapshot: Snapshot) => chatPreview(snapshot.context.draft);
