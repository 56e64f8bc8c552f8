// What the brand's report (the advertiser's and the shared page) reads from the campaignReport actor.
import type { SnapshotFrom } from 'xstate';
import type { campaignReportMachine } from './campaignReport.machine';

type Snapshot = SnapshotFrom<typeof campaignReportMachine>;

export const selectReportLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectReportFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectReportGone = (snapshot: Snapshot) => snapshot.matches('gone');
export const selectReportReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectReportReloading = (snapshot: Snapshot) => snapshot.matches({ ready: 'reloading' });
export const selectReportDownloading = (snapshot: Snapshot) => snapshot.matches({ ready: 'downloading' });
export const selectReport = (snapshot: Snapshot) => snapshot.context.report;
export const selectReportError = (snapshot: Snapshot) => snapshot.context.error;
export const selectReportOfferId = (snapshot: Snapshot) => snapshot.context.offerId;

/** The creators the filter offers: every creator of the campaign, as the last report named them. */
export const selectReportCreators = (snapshot: Snapshot) =>
  (snapshot.context.report?.creators ?? []).map((creator) => ({ offerId: creator.offerId, name: creator.name }));
