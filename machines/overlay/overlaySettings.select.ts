// What the OBS Extension screen reads from the overlaySettings machine.
import type { SnapshotFrom } from 'xstate';
import type { overlaySettingsMachine } from './overlaySettings.machine';

type Snapshot = SnapshotFrom<typeof overlaySettingsMachine>;

export const selectOverlayLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectOverlayLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The settings as the creator sees them: what is saved, with the change being saved on top. */
export const selectOverlay = (snapshot: Snapshot) => {
  const { settings, pending } = snapshot.context;
  return settings ? { ...settings, ...(pending ?? {}) } : null;
};
export const selectOverlayBusy = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'saving' }) || snapshot.matches({ ready: 'rotating' });
export const selectOverlayError = (snapshot: Snapshot) => (snapshot.matches('ready') ? snapshot.context.error : null);
export const selectRevealed = (snapshot: Snapshot) => snapshot.context.revealed;
export const selectCopied = (snapshot: Snapshot) => snapshot.context.copied;
export const selectRotateOpen = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'rotating' });
export const selectRotating = (snapshot: Snapshot) => snapshot.matches({ ready: 'rotating' });
export const selectRotateError = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'confirming' }) ? snapshot.context.error : null;
export const selectOverlayReady = (snapshot: Snapshot) => snapshot.matches('ready');
