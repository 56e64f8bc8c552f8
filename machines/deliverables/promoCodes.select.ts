// What the campaign page's Promo codes card reads from the promoCodes actor.
import type { SnapshotFrom } from 'xstate';
import { changedCodes, type promoCodesMachine } from './promoCodes.machine';

type Snapshot = SnapshotFrom<typeof promoCodesMachine>;

export const selectPromoLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectPromoFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectPromoReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectPromoBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectPromoSaving = (snapshot: Snapshot) => snapshot.matches({ ready: 'saving' });
export const selectPromoGenerating = (snapshot: Snapshot) => snapshot.matches({ ready: 'generating' });
export const selectKeyCreating = (snapshot: Snapshot) => snapshot.matches({ ready: 'creatingKey' });
export const selectCsvUploading = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'uploading' }) || snapshot.matches({ ready: 'reloading' });
export const selectPromoRows = (snapshot: Snapshot) => snapshot.context.answer?.codes ?? [];
export const selectPromoDrafts = (snapshot: Snapshot) => snapshot.context.drafts;
export const selectPromoCodeErrors = (snapshot: Snapshot) => snapshot.context.codeErrors;
export const selectHasRedemptionKey = (snapshot: Snapshot) => snapshot.context.answer?.redemptionKey ?? false;
export const selectNewKey = (snapshot: Snapshot) => snapshot.context.key;
export const selectCsvResult = (snapshot: Snapshot) => snapshot.context.upload;
export const selectPromoError = (snapshot: Snapshot) => snapshot.context.error;
export const selectPromoNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectPromoChanged = (snapshot: Snapshot) => changedCodes(snapshot.context).length > 0;
/** Offers without a code: Generate codes has something to do. */
export const selectPromoMissing = (snapshot: Snapshot) =>
  (snapshot.context.answer?.codes ?? []).filter((row) => row.code === null).length;
export const selectCanGenerate = (snapshot: Snapshot) => snapshot.can({ type: 'codes.generate' });
