// What the Media kit screen reads (docs/product.md §Discovery and negotiation).
import type { SnapshotFrom } from 'xstate';
import type { mediaKitMachine } from './mediaKit.machine';

type Snapshot = SnapshotFrom<typeof mediaKitMachine>;

export const selectKitLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectKitLoadError = (snapshot: Snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
export const selectKit = (snapshot: Snapshot) => snapshot.context.kit;
export const selectKitHandle = (snapshot: Snapshot) => snapshot.context.handle;
export const selectKitSaving = (snapshot: Snapshot) => snapshot.matches('saving');
/** The switch: what is being saved while it saves, else what is saved. */
export const selectKitPublished = (snapshot: Snapshot) =>
  snapshot.context.pending?.published ?? snapshot.context.kit?.published ?? false;
/** The handle's own check (under the field). */
export const selectKitHandleProblem = (snapshot: Snapshot) => snapshot.context.problem;
/** The server's refusal of a save. */
export const selectKitRefusal = (snapshot: Snapshot) => (snapshot.matches('failed') ? null : snapshot.context.error);
export const selectKitNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectKitCopied = (snapshot: Snapshot) => snapshot.context.copied;
/** The saved, published handle whose page brands can open; null while unpublished. */
export const selectKitLiveHandle = (snapshot: Snapshot) =>
  snapshot.context.kit?.published && snapshot.context.kit.saved ? snapshot.context.kit.handle : null;
