// Every flow's samples (machines/<domain>/<flow>.samples.ts) by catalogue id: the one place the path tests and the
// inspector read them. A flow needs samples only when bare events do not reach its branches. The inspector is a
// development chunk; the production bundle never imports this module.
import type { catalogue, MachineId } from './index';
import type { AnyFixture, Fixture } from './events';
import { samples as emailForm } from './public/emailForm.samples';
import { samples as newsletter } from './public/newsletter.samples';
import { samples as unsubscribe } from './public/unsubscribe.samples';
import { samples as supportForm } from './support/supportForm.samples';
import { samples as settings } from './accounts/settings.samples';
import { samples as languageChoice } from './accounts/languageChoice.samples';
import { samples as changePassword } from './accounts/changePassword.samples';
import { samples as deleteAccount } from './accounts/deleteAccount.samples';
import { samples as resetPassword } from './accounts/resetPassword.samples';
import { samples as forgotPassword } from './accounts/forgotPassword.samples';
import { samples as session } from './accounts/session.samples';
import { samples as login } from './accounts/login.samples';
import { samples as googleSignIn } from './accounts/googleSignIn.samples';
import { samples as registration } from './accounts/registration.samples';
import { samples as profileCompletion } from './accounts/profileCompletion.samples';
import { samples as profile } from './accounts/profile.samples';
import { samples as connectAccounts } from './connections/connectAccounts.samples';
import { samples as notifications } from './notifications/notifications.samples';
import { samples as liveEvents } from './notifications/liveEvents.samples';
import { samples as deliveryConfirm } from './marketplace/deliveryConfirm.samples';
import { samples as advertiserProfile } from './marketplace/advertiserProfile.samples';
import { samples as campaignList } from './marketplace/campaignList.samples';
import { samples as creatorSearch } from './marketplace/creatorSearch.samples';
import { samples as creatorLists } from './marketplace/creatorLists.samples';
import { samples as invitation } from './marketplace/invitation.samples';
import { samples as campaignEditor } from './marketplace/campaignEditor.samples';
import { samples as campaignControls } from './marketplace/campaignControls.samples';
import { samples as addSpots } from './marketplace/addSpots.samples';
import { samples as campaignDetail } from './marketplace/campaignDetail.samples';
import { samples as thread } from './marketplace/thread.samples';
import { samples as offers } from './marketplace/offers.samples';
import { samples as offerActions } from './marketplace/offerActions.samples';
import { samples as counterOffer } from './marketplace/counterOffer.samples';
import { samples as proposalReply } from './marketplace/proposalReply.samples';
import { samples as withdraw } from './money/withdraw.samples';
import { samples as earnings } from './money/earnings.samples';
import { samples as documents } from './money/documents.samples';
import { samples as advertiserFunds } from './money/advertiserFunds.samples';
import { samples as addFunds } from './money/addFunds.samples';
import { samples as depositReturn } from './money/depositReturn.samples';
import { samples as fundsRefund } from './money/fundsRefund.samples';
import { samples as advertiserCompletion } from './accounts/advertiserCompletion.samples';
import { samples as advertiserChecklist } from './marketplace/advertiserChecklist.samples';
import { samples as offersOutlook } from './marketplace/offersOutlook.samples';
import { samples as mediaKit } from './marketplace/mediaKit.samples';
import { samples as transferInstructions } from './operator/transferInstructions.samples';
import { samples as payoutMethods } from './money/payoutMethods.samples';
import { samples as stripePayouts } from './money/stripePayouts.samples';
import { samples as taxForm } from './money/taxForm.samples';
import { samples as overlayPage } from './overlay/overlayPage.samples';
import { samples as overlaySettings } from './overlay/overlaySettings.samples';
import { samples as displayProof } from './overlay/displayProof.samples';
import { samples as overlayStatus } from './overlay/overlayStatus.samples';
import { samples as archiveChat } from './archive/archiveChat.samples';
import { samples as archiveViewer } from './archive/archiveViewer.samples';
import { samples as archiveSearch } from './archive/archiveSearch.samples';
import { samples as campaignReach } from './analytics/campaignReach.samples';
import { samples as analyticsConnect } from './analytics/analyticsConnect.samples';
import { samples as adminFunds } from './operator/adminFunds.samples';
import { samples as adminPayouts } from './operator/adminPayouts.samples';
import { samples as adminRefunds } from './operator/adminRefunds.samples';
import { samples as adminBudgets } from './operator/adminBudgets.samples';
import { samples as reviewQueue } from './operator/reviewQueue.samples';
import { samples as offerBot } from './deliverables/offerBot.samples';
import { samples as campaignReport } from './deliverables/campaignReport.samples';
import { samples as reportShares } from './deliverables/reportShares.samples';
import { samples as promoCodes } from './deliverables/promoCodes.samples';
import { samples as deliveryDispute } from './money/deliveryDispute.samples';
import { samples as adminApproval } from './operator/adminApproval.samples';
import { samples as adminRecords } from './operator/adminRecords.samples';
import { samples as export1099 } from './operator/export1099.samples';

export type { AnyFixture, Fixture } from './events';

/** One optional entry per catalogue id: a key that is not a catalogue id, or an event the machine lacks, does not compile. */
export type Fixtures = { [Id in MachineId]?: Fixture<(typeof catalogue)[Id]['machine']> };

export const fixtures = {
  emailForm,
  newsletter,
  unsubscribe,
  supportForm,
  settings,
  languageChoice,
  changePassword,
  deleteAccount,
  resetPassword,
  forgotPassword,
  session,
  login,
  googleSignIn,
  registration,
  profileCompletion,
  advertiserCompletion,
  profile,
  connectAccounts,
  notifications,
  liveEvents,
  deliveryConfirm,
  advertiserProfile,
  campaignList,
  creatorSearch,
  creatorLists,
  invitation,
  advertiserChecklist,
  offersOutlook,
  mediaKit,
  campaignEditor,
  campaignControls,
  addSpots,
  campaignDetail,
  thread,
  offers,
  offerActions,
  counterOffer,
  proposalReply,
  withdraw,
  earnings,
  documents,
  deliveryDispute,
  advertiserFunds,
  addFunds,
  depositReturn,
  fundsRefund,
  payoutMethods,
  stripePayouts,
  taxForm,
  overlayPage,
  overlaySettings,
  displayProof,
  offerBot,
  campaignReport,
  reportShares,
  promoCodes,
  overlayStatus,
  archiveChat,
  archiveViewer,
  archiveSearch,
  campaignReach,
  analyticsConnect,
  adminFunds,
  transferInstructions,
  adminPayouts,
  adminRefunds,
  adminBudgets,
  reviewQueue,
  adminApproval,
  adminRecords,
  export1099,
} satisfies Fixtures;

/** The samples of a catalogue id (or machine id: they are the same), empty when the machine needs none. */
export function fixtureOf(id: string): AnyFixture {
  return (fixtures as Partial<Record<string, AnyFixture>>)[id] ?? {};
}
