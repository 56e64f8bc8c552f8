// The catalogue of every statechart in the app: id, spec sections and a one-line summary. Path tests, the charts
// script and the inspector panel walk it, so a machine listed here is tested, drawn and inspectable without further
// edits. A flow's samples (events, inputs, context abstraction) sit beside it in <flow>.samples.ts, by id in samples.ts.
import type { AnyStateMachine } from 'xstate';
import { analyticsConnectMachine } from './analytics/analyticsConnect.machine';
import { archiveChatMachine } from './archive/archiveChat.machine';
import { archiveViewerMachine } from './archive/archiveViewer.machine';
import { archiveSearchMachine } from './archive/archiveSearch.machine';
import { emailFormMachine } from './public/emailForm.machine';
import { googleSignInMachine } from './accounts/googleSignIn.machine';
import { loginMachine } from './accounts/login.machine';
import { profileCompletionMachine } from './accounts/profileCompletion.machine';
import { registrationMachine } from './accounts/registration.machine';
import { logoutConfirmMachine } from './shell/logoutConfirm.machine';
import { newsletterMachine } from './public/newsletter.machine';
import { publicMenuMachine } from './public/publicMenu.machine';
import { sessionMachine } from './accounts/session.machine';
import { languageChoiceMachine } from './accounts/languageChoice.machine';
import { changePasswordMachine } from './accounts/changePassword.machine';
import { connectAccountsMachine } from './connections/connectAccounts.machine';
import { deleteAccountMachine } from './accounts/deleteAccount.machine';
import { notificationsMachine } from './notifications/notifications.machine';
import { liveEventsMachine } from './notifications/liveEvents.machine';
import { payoutMethodsMachine } from './money/payoutMethods.machine';
import { stripePayoutsMachine } from './money/stripePayouts.machine';
import { profileMachine } from './accounts/profile.machine';
import { sideMenuMachine } from './shell/sideMenu.machine';
import { withdrawMachine } from './money/withdraw.machine';
import { taxFormMachine } from './money/taxForm.machine';
import { earningsMachine } from './money/earnings.machine';
import { documentsMachine } from './money/documents.machine';
import { resetPasswordMachine } from './accounts/resetPassword.machine';
import { forgotPasswordMachine } from './accounts/forgotPassword.machine';
import { supportFormMachine } from './support/supportForm.machine';
import { unsubscribeMachine } from './public/unsubscribe.machine';
import { settingsMachine } from './accounts/settings.machine';
import { advertiserProfileMachine } from './marketplace/advertiserProfile.machine';
import { campaignControlsMachine } from './marketplace/campaignControls.machine';
import { addSpotsMachine } from './marketplace/addSpots.machine';
import { campaignDetailMachine } from './marketplace/campaignDetail.machine';
import { campaignEditorMachine } from './marketplace/campaignEditor.machine';
import { campaignReachMachine } from './analytics/campaignReach.machine';
import { campaignListMachine } from './marketplace/campaignList.machine';
import { threadMachine } from './marketplace/thread.machine';
import { adminApprovalMachine } from './operator/adminApproval.machine';
import { adminRecordsMachine } from './operator/adminRecords.machine';
import { export1099Machine } from './operator/export1099.machine';
import { offersMachine } from './marketplace/offers.machine';
import { offerActionsMachine } from './marketplace/offerActions.machine';
import { counterOfferMachine } from './marketplace/counterOffer.machine';
import { proposalReplyMachine } from './marketplace/proposalReply.machine';
import { advertiserFundsMachine } from './money/advertiserFunds.machine';
import { addFundsMachine } from './money/addFunds.machine';
import { depositReturnMachine } from './money/depositReturn.machine';
import { fundsRefundMachine } from './money/fundsRefund.machine';
import { advertiserCompletionMachine } from './accounts/advertiserCompletion.machine';
import { advertiserChecklistMachine } from './marketplace/advertiserChecklist.machine';
import { offersOutlookMachine } from './marketplace/offersOutlook.machine';
import { mediaKitMachine } from './marketplace/mediaKit.machine';
import { creatorSearchMachine } from './marketplace/creatorSearch.machine';
import { creatorListsMachine } from './marketplace/creatorLists.machine';
import { invitationMachine } from './marketplace/invitation.machine';
import { transferInstructionsMachine } from './operator/transferInstructions.machine';
import { deliveryConfirmMachine } from './marketplace/deliveryConfirm.machine';
import { adminFundsMachine } from './operator/adminFunds.machine';
import { adminPayoutsMachine } from './operator/adminPayouts.machine';
import { adminRefundsMachine } from './operator/adminRefunds.machine';
import { adminBudgetsMachine } from './operator/adminBudgets.machine';
import { overlayPageMachine } from './overlay/overlayPage.machine';
import { overlaySettingsMachine } from './overlay/overlaySettings.machine';
import { displayProofMachine } from './overlay/displayProof.machine';
import { overlayStatusMachine } from './overlay/overlayStatus.machine';
import { deliveryDisputeMachine } from './money/deliveryDispute.machine';
import { reviewQueueMachine } from './operator/reviewQueue.machine';
import { offerBotMachine } from './deliverables/offerBot.machine';
import { campaignReportMachine } from './deliverables/campaignReport.machine';
import { reportSharesMachine } from './deliverables/reportShares.machine';
import { promoCodesMachine } from './deliverables/promoCodes.machine';

export interface CatalogueEntry {
  machine: AnyStateMachine;
  /** The sections it implements: '§N …' of docs/spec.md, then 'product: …' headings of docs/product.md. */
  spec: string;
  /** One line on the flow, for the flows table in docs/architecture.md and the inspector. */
  summary: string;
}

export const catalogue = {
  // public
  publicMenu: {
    machine: publicMenuMachine,
    spec: '§2 Public layout, §4 Mobile menus, §9',
    summary: 'The public menu at 992 px or less: open, a 500 ms closing fade, closed.',
  },
  newsletter: {
    machine: newsletterMachine,
    spec: '§2 Landing page, Newsletter modal; §4; product: Newsletter and unsubscribe',
    summary:
      'Get Started opens the newsletter modal; its email form subscribes and the modal shows the confirmation until closed.',
  },
  emailForm: {
    machine: emailFormMachine,
    spec: '§2 Newsletter modal, Forgot-password page; §4; §5; product: Newsletter and unsubscribe, Forgot password',
    summary: "One required email field; a filled one is sent, a refusal shows the server's message.",
  },
  unsubscribe: {
    machine: unsubscribeMachine,
    spec: 'product: Newsletter and unsubscribe (/unsubscribe)',
    summary: "The newsletter e-mail's link: unsubscribes without signing in and shows the answer; no token, no call.",
  },
  // support
  supportForm: {
    machine: supportFormMachine,
    spec: '§2 Contact Us, Help and Support; §3 Support and contact forms; product: Contact Us and Help and Support',
    summary:
      'Name, email, subject and message checked here (required, format, 5,000 characters), sent as a ticket, confirmed.',
  },
  // accounts
  session: {
    machine: sessionMachine,
    spec: '§3 Session storage, §4 Signed in or out, Logout, §7 GET /api/user',
    summary: 'Signed out or in from the stored jwt; loads the user; holds the global loading flag; logout.',
  },
  login: {
    machine: loginMachine,
    spec: '§2 Login screen, §3 Login payload, §5, §7, §8',
    summary:
      'Email and password; empty fields are refused; success stores the token and opens the dashboard; a refusal alerts, a wait the sign-in throttle asks for (429) shows the server’s message.',
  },
  googleSignIn: {
    machine: googleSignInMachine,
    spec: '§2 Login screen, §7 firebase-login, §8',
    summary: 'Google popup, then the API exchanges the ID token; a falsy result alerts, a failure is logged.',
  },
  registration: {
    machine: registrationMachine,
    spec: '§2 Register screen, §3 Registration payload, §4 Registration wizard, §5, §8',
    summary:
      'Influencer or Advertiser, a 1 s step animation, then email and password checked against the server policy.',
  },
  profileCompletion: {
    machine: profileCompletionMachine,
    spec: '§2 Complete-register screen, §3 Profile completion payload, §4 Profile completion, §9',
    summary: 'Two steps with a 50 %/100 % progress bar; Finish saves the profile and opens the dashboard.',
  },
  advertiserCompletion: {
    machine: advertiserCompletionMachine,
    spec: 'product: Advertiser onboarding, Advertiser profile',
    summary:
      "An advertiser's own completion: company, website, contact and what it promotes, checked as the server does, sent for review; then Company Profile.",
  },
  forgotPassword: {
    machine: forgotPasswordMachine,
    spec: '§2 Forgot-password page, §5; product: Forgot password',
    summary:
      "The email form asks for a reset link; the page then shows the server's answer (the same for any address).",
  },
  resetPassword: {
    machine: resetPasswordMachine,
    spec: 'product: Reset password (/reset-password)',
    summary:
      "The e-mailed link's page: new password and confirmation; success signs in and opens /dashboard; a spent link offers a new one.",
  },
  profile: {
    machine: profileMachine,
    spec: '§2 My Profile, §3, §4 My Profile, §5, §7, §8, §9; product: My Profile country',
    summary:
      'My Profile: load, read view, edit, save (back to read 1 s after success), photo upload with local preview.',
  },
  settings: {
    machine: settingsMachine,
    spec: '§2 Settings; product: Settings (GET/PUT /api/settings)',
    summary: 'Reads the stored Notifications switch; a change is saved at once and put back when refused.',
  },
  languageChoice: {
    machine: languageChoiceMachine,
    spec: "product: The account's language",
    summary:
      "The public menu's language switch: the page speaks the choice and this browser keeps it; a signed-in account keeps it first (PUT /api/settings).",
  },
  changePassword: {
    machine: changePasswordMachine,
    spec: '§2 Settings, §4 Change password; product: Change password',
    summary:
      'Change Password reveals three fields; Change checks them, calls the server and collapses with a confirmation; Discard collapses.',
  },
  deleteAccount: {
    machine: deleteAccountMachine,
    spec: '§2 Settings, §4 Delete dialog, §9; product: Delete account',
    summary:
      'The delete-account dialog: Yes, Delete (with the password) deletes the account, ends the session and goes to /; No, Cancel closes.',
  },
  // connections
  connectAccounts: {
    machine: connectAccountsMachine,
    spec: '§2 Connect Accounts, §4 Twitch and YouTube cards; product: Connected accounts, Connected account, The chat bot',
    summary:
      "The Twitch and YouTube cards, each on its own: not configured, Connect (the provider's consent page through OAuth with PKCE), connected with the channel's name, Disconnect (revoked at the provider), or the reason it failed; the provider's way back opens the card on its answer; a connected card's switch lets the chat bot post (the server's refusal shown).",
  },
  // shell
  sideMenu: {
    machine: sideMenuMachine,
    spec: '§2 Dashboard shell, §4 Mobile menus',
    summary: 'The dashboard side menu on small screens: open or closed; closes on navigation and Escape.',
  },
  logoutConfirm: {
    machine: logoutConfirmMachine,
    spec: '§2 Logout modal, §4 Logout, §8',
    summary: 'Log Out asks for confirmation; Yes logs out, No closes and reports "Ha ocurrido un error".',
  },
  // notifications
  notifications: {
    machine: notificationsMachine,
    spec: '§2 Notifications modal, §4 Notifications, §9; product: Notifications, Notification',
    summary:
      'The user’s notifications, loaded and kept live; closing the modal marks them read; Clear All fades the cards 100 ms apart, each hidden 1,500 ms after its fade starts, then clears them for good.',
  },
  liveEvents: {
    machine: liveEventsMachine,
    spec: 'product: Live events (POST /api/events/ticket, GET /api/events)',
    summary:
      'A ticket, then the live events stream; on an error it closes, waits 1, 2, 5, 10, then 30 s, and resumes after the last event received.',
  },
  // marketplace
  advertiserProfile: {
    machine: advertiserProfileMachine,
    spec: 'product: Advertiser workspace, Advertiser profile',
    summary:
      'Company Profile: load, form with per-field checks, save for review; shows pending, approved or rejected with the reason, and resends.',
  },
  campaignList: {
    machine: campaignListMachine,
    spec: 'product: Advertiser workspace, Campaign',
    summary: "The advertiser's campaigns with status, pay, spots and offer counts; an empty list says so.",
  },
  campaignEditor: {
    machine: campaignEditorMachine,
    spec: 'product: Advertiser workspace, Campaign, What a campaign asks for',
    summary:
      "Create a draft or edit one: fields checked as the server does, pay in dollars sent as cents (a flat fee, or per click up to a cap), the deliverables asked for (overlay minutes, a tracked link, the bot's message previewed as written, promo redemptions), a refusal shown at its fields, a creative uploaded after the draft is stored.",
  },
  campaignDetail: {
    machine: campaignDetailMachine,
    spec: 'product: Advertiser workspace, Matching rules',
    summary:
      'The campaign page: the campaign and its offers (matched creators with reasons) by status, refreshed on demand and after a delivery its child deliveryConfirm confirmed, one thread open at a time.',
  },
  advertiserChecklist: {
    machine: advertiserChecklistMachine,
    spec: 'product: Advertiser onboarding',
    summary:
      'Getting started on Campaigns: company profile, approval, funds, campaign, launch, each with its state until the first launch; read again on approval or deposit news. Find creators reads it too, and opens once the company is approved.',
  },
  offersOutlook: {
    machine: offersOutlookMachine,
    spec: 'product: Fair matching explained',
    summary:
      'Newley Offers, when empty, says why no offers came: the profile, a channel, what running campaigns ask for, the media kit; a failed read offers Try again.',
  },
  mediaKit: {
    machine: mediaKitMachine,
    spec: 'product: Discovery and negotiation',
    summary:
      "The creator's media kit: the handle (a suggestion until saved) checked here, then saved; the Publish switch saves at once and lists the creator in brand search at /c/<handle>; a refusal (a taken or bad handle) keeps the text and says why; Copy writes the page's address.",
  },
  creatorSearch: {
    machine: creatorSearchMachine,
    spec: 'product: Discovery and negotiation',
    summary:
      "Find creators: filters typed, then Search (page 1); a sort change searches at once; Previous and Next page; no match is its own state; a refusal shows the server's message and Try again sends it again.",
  },
  creatorLists: {
    machine: creatorListsMachine,
    spec: 'product: Discovery and negotiation',
    summary:
      'Saved lists: Save to list chooses a list or names a new one (created, then the creator saved in it); a list opens to its listed creators, one can be taken off, a list deleted; a refusal is shown.',
  },
  invitation: {
    machine: invitationMachine,
    spec: 'product: Discovery and negotiation',
    summary:
      "Invite a creator: the dialog loads, for that creator, each campaign with whether it can take them and why not; only those that can are offered, the others are listed with their reason before Send; one is chosen, an optional message written, the invitation sent; the server's refusal (something changed meanwhile) stays in the dialog; none at all: launch one first.",
  },
  addSpots: {
    machine: addSpotsMachine,
    spec: 'product: Advertiser workspace, Campaign',
    summary:
      'Add spots to a running campaign: the dialog reads the balance, then shows what the added spots reserve, the balance now and after and the budget; confirmed, they are reserved and the page hears the campaign; a short balance offers Add funds; a refusal stays in the dialog.',
  },
  campaignControls: {
    machine: campaignControlsMachine,
    spec: 'product: Advertiser workspace, Campaign',
    summary:
      "Launch (after a confirmation that reads the balance and shows the reservation and what is left), pause, resume, and cancel after a confirmation, as the status allows; a refusal shows the server's message.",
  },
  deliveryConfirm: {
    machine: deliveryConfirmMachine,
    spec: 'product: Completion, Offer',
    summary:
      "Confirm Delivery on an accepted offer asks first, then pays the creator from the campaign's reservation and tells the campaign page, its parent; a refusal keeps the dialog and says why.",
  },
  offers: {
    machine: offersMachine,
    spec: '§2 Sponsorship Offers; product: Creator: Sponsorship Offers, Offer transitions',
    summary:
      "The creator's offers in the three tabs (Newley Offers, Accepted, Requested More Information); a card's action moves it to its tab; live news reads the list again; one thread open at a time.",
  },
  offerActions: {
    machine: offerActionsMachine,
    spec: '§2 Sponsorship Offers; product: Creator: Sponsorship Offers, Offer',
    summary:
      "One card's Accept, Decline (optional reason) and Request More Information (required message), as the status allows; busy while under way; a refusal shows the server's message.",
  },
  counterOffer: {
    machine: counterOfferMachine,
    spec: 'product: Counter-offers, Offer',
    summary:
      "The creator's counter-offer on an open offer card: Propose different pay opens a dialog (pay in dollars, optional minutes, a message) checked before sending, then sent or refused with the dialog kept; the brand's open proposal is accepted, declined or countered.",
  },
  proposalReply: {
    machine: proposalReplyMachine,
    spec: 'product: Counter-offers, Advertiser funding',
    summary:
      "The advertiser's answer to a creator's proposal on the campaign page: Accept (accepted; short of funds with the amount missing and a link to add funds; or refused), Decline, or Counter with the same dialog.",
  },
  thread: {
    machine: threadMachine,
    spec: 'product: Threads, Thread',
    summary:
      "An offer's messages, newest last: the newest page loads, Load earlier messages reads the page before by its cursor; write (checked: required, 2,000 characters), send; a refusal (too fast: 429) shows why and keeps the text; live news of the offer reads the newest page again in the background.",
  },
  // money
  earnings: {
    machine: earningsMachine,
    spec: '§2 Earnings; product: Earnings',
    summary:
      'Figures per period and Payout History from the ledger: load, retry after a failure, read again (keeping the screen) after a payout request from its child withdraw flow or live news about money.',
  },
  documents: {
    machine: documentsMachine,
    spec: 'product: Documents',
    summary:
      "The caller's numbered documents, newest first (receipts; payout and yearly statements): load, retry after a failure, read again (keeping the list) on news of a deposit, refund or payout; Download saves one PDF at a time, a failure says why until the next.",
  },
  withdraw: {
    machine: withdrawMachine,
    spec: '§2 Withdraw modal and result modals, §3 Withdraw form, §4 Earnings, §8; product: Withdraw, Payout life cycle',
    summary:
      "Withdraw opens the modal and loads the saved payout methods; a dollar amount is checked, then a real payout is requested with an Idempotency-Key (kept for a resend after a lost answer); the success modal shows the request (and tells Earnings, its parent), the failure modal the server's reason; Cancel just closes.",
  },
  payoutMethods: {
    machine: payoutMethodsMachine,
    spec: '§2 Set Payout Method, §4 Payout bank; product: Set Payout Method, Payout method',
    summary:
      "The creator's payout methods load; Connect opens the Bank Account (ABA routing number checked) or PayPal dialog and stores the method, replacing one of the same kind; Disconnect removes it.",
  },
  stripePayouts: {
    machine: stripePayoutsMachine,
    spec: 'product: Set Payout Method, Payout method',
    summary:
      "Get paid through Stripe: where the creator's Stripe Express account stands loads (not started, what Stripe still needs, restricted, complete); Get paid through Stripe asks for an onboarding link (the account made once) and the browser goes to Stripe's page; back through an expired link a new one is asked for at once; Check again reads the account again, keeping it shown; with the stripe rail off nothing is offered.",
  },
  taxForm: {
    machine: taxFormMachine,
    spec: 'product: Tax form',
    summary:
      'The creator\'s tax form on file loads, its TIN masked; without one (or on File a new form) the form opens: "Are you a US person?" chooses Form W-9 (SSN or EIN checked for format) or Form W-8BEN (foreign TIN or why none, optional treaty claim); every field checked, then filed (superseding the one on file); a refusal keeps the fields and says why; the TIN leaves the flow once filed.',
  },
  deliveryDispute: {
    machine: deliveryDisputeMachine,
    spec: 'product: Verified delivery',
    summary:
      "The advertiser's Dispute delivery on the proof report: a reason of 10 to 1000 characters, checked, then sent; the review comes back disputed (and tells the report, its parent); a refusal keeps the dialog and shows the server's message.",
  },
  advertiserFunds: {
    machine: advertiserFundsMachine,
    spec: 'product: Advertiser funding, Card and bank deposits, Ledger',
    summary:
      "The advertiser's balance, what campaigns reserve and the latest deposits: load, retry, read again on live news about money; beside them, how to add funds (transfer reference, bank details).",
  },
  addFunds: {
    machine: addFundsMachine,
    spec: 'product: Card and bank deposits',
    summary:
      'Add funds: a dollar amount ($10–$50,000) and a method (card or US bank debit), the fee and the total shown; Continue to payment opens a Stripe Checkout with an Idempotency-Key (kept for a resend after a lost answer) and the browser goes to its page; a refusal keeps the dialog and says why.',
  },
  depositReturn: {
    machine: depositReturnMachine,
    spec: 'product: Card and bank deposits',
    summary:
      'Back from Stripe Checkout (/campaigns?deposit=…): the payment is read, and while it processes read again after growing waits and on live news about funds; succeeded tells the Funds card (its parent) to read the funds again; failed, expired or cancelled are said plainly.',
  },
  fundsRefund: {
    machine: fundsRefundMachine,
    spec: 'product: Refunds',
    summary:
      'Refund unspent funds: a dollar amount at most the free balance, requested with an Idempotency-Key (kept for a resend after a lost answer); the pieces made (to card payments through Stripe, wired money by the operator) are shown with their states and the Funds card (its parent) reads the funds again.',
  },
  // overlay
  overlaySettings: {
    machine: overlaySettingsMachine,
    spec: '§2 OBS Extension screen; product: OBS Extension screen, Overlay token',
    summary:
      "The creator's overlay: load, retry; the switch, position, size and rotation saved at once (shown as chosen meanwhile, put back when refused); the URL masked until Show; Copy; Download Now (the OBS scene collection); a new token after a confirmation.",
  },
  overlayPage: {
    machine: overlayPageMachine,
    spec: 'product: The overlay page, Overlay',
    summary:
      'The overlay page OBS loads: its stream (connecting, live, reconnecting with a growing wait, forever; a rotated token shows nothing), the creatives rotating while the overlay is on, the proof: seconds counted only while a creative is on Program in OBS and OBS streams (never in a browser tab, Studio Mode preview or a hidden scene), reported every 15 s; and its presence (browser, not on Program, not streaming, on Program) reported every 15 s and at once on a change; never from the preview.',
  },
  overlayStatus: {
    machine: overlayStatusMachine,
    spec: '§2 OBS Extension screen; product: Verified delivery',
    summary:
      "The OBS Extension screen's Counting now: whether the overlay is counted and why not, the channels as the platform last reported them and each offer's verified minutes, read at once and every 5 s while the screen is open; a failed read keeps the last status and tries again.",
  },
  displayProof: {
    machine: displayProofMachine,
    spec: 'product: Proof of display, Evidence',
    summary:
      "An offer's proof of display for its creator and its advertiser: load, retry, print; the advertiser's dispute is its child, whose disputed review replaces the report's.",
  },
  // deliverables
  offerBot: {
    machine: offerBotMachine,
    spec: 'product: Deliverables, The chat bot',
    summary:
      "An offer's chat bot in a dialog: the line it posts, whether it is posting, paused, waiting for the stream or for the creator's consent, its last posts sent or dropped (with why) as proof; the creator pauses and resumes it (a refusal says why), the advertiser reads it; Refresh reads it again keeping what is shown.",
  },
  campaignReport: {
    machine: campaignReportMachine,
    spec: "product: Deliverables, The brand's report",
    summary:
      "The brand's report, the advertiser's or through a share link: totals, days and creators read; a creator filter reads again keeping the figures shown; a failure says why and tries again; an unknown or revoked link (404) ends on its own page.",
  },
  reportShares: {
    machine: reportSharesMachine,
    spec: "product: Deliverables, The brand's report",
    summary:
      "The report's share links: listed newest first; a label checked here, then a new link whose address is shown this once; revoking asks first; a refusal says why.",
  },
  promoCodes: {
    machine: promoCodesMachine,
    spec: 'product: Deliverables, Promo codes',
    summary:
      "Promo codes on the campaign page: each accepted offer's code typed, checked and saved, or generated for the offers without one; the shop's redemption key created and shown this once; a CSV of redemptions uploaded, its added, duplicate and refused lines shown and the counts read again; a refusal says why.",
  },
  // archive
  archiveChat: {
    machine: archiveChatMachine,
    spec: '§2 Archive Chat, §3 Archive chat form, §4 Archive chat; product: The Archive Chat screen',
    summary:
      'Choose Twitch or Youtube and a date; the archived days of the platform (and date) load once a platform is chosen; Archive Chat turns archiving on for the connected channel or says what is missing; a day is exported, or deleted after a confirmation, and so is the whole archive.',
  },
  archiveViewer: {
    machine: archiveViewerMachine,
    spec: 'product: A viewer for one stream or day',
    summary:
      'One archived day: a page of messages with moderation marks and gaps, more as the reader reaches the end, a jump to a time of the day.',
  },
  archiveSearch: {
    machine: archiveSearchMachine,
    spec: 'product: Search, export, delete',
    summary:
      "Search by words, chatter and dates (the form's terms kept in the statechart; a search keeps its own for the next page and the export), newest first, a page at a time; export the results; delete a chatter's messages after a confirmation.",
  },
  // analytics
  analyticsConnect: {
    machine: analyticsConnectMachine,
    spec: '§2 Analytics, §4 Analytics, §9; product: The Analytics screen',
    summary:
      'The figures of a range load (7 d, 30 d, 90 d, 12 months); nothing connected shows the Connect prompt, else the Twitch and YouTube tabs; a range change reloads keeping what is shown; where a card has no data the under-construction warning shows 10 s, fades 300 ms, is gone.',
  },
  campaignReach: {
    machine: campaignReachMachine,
    spec: "product: Advertisers' reach",
    summary:
      "The advertiser's reach per campaign for a range (creators reached, display minutes, impressions, spend against budget); a range change reloads keeping the figures; retry after a failure.",
  },
  // operator
  adminApproval: {
    machine: adminApprovalMachine,
    spec: 'product: Operator console, Advertiser profile',
    summary:
      'Advertisers waiting for approval: approve one, or reject it with a required reason; a refused review shows why.',
  },
  export1099: {
    machine: export1099Machine,
    spec: 'product: Tax form, Operator console',
    summary:
      "The operator's 1099-NEC export on the Users tab: a calendar year (last year by default), checked, then the CSV of US creators paid at least $600 that year downloaded, TINs masked; a failure says why and keeps the year.",
  },
  adminRecords: {
    machine: adminRecordsMachine,
    spec: 'product: Operator console',
    summary:
      "The console's read-only tabs (campaigns, users with a search, support tickets): load, show, search, retry.",
  },
  adminFunds: {
    machine: adminFundsMachine,
    spec: 'product: Advertiser funding, Advertiser onboarding',
    summary:
      'Approved advertisers with their funds, found by a transfer reference typed or pasted; Record deposit checks a dollar amount and a reference, then adds it to the balance; a refusal keeps the dialog.',
  },
  transferInstructions: {
    machine: transferInstructionsMachine,
    spec: 'product: Advertiser onboarding, Advertiser funding',
    summary:
      'The bank details advertisers read on Funds: load, edit, save (empty withdraws them); a refusal keeps the text and says why.',
  },
  adminPayouts: {
    machine: adminPayoutsMachine,
    spec: 'product: Payout life cycle',
    summary:
      'Payouts waiting for an operator, then the decided ones; Mark paid asks for the reference, Mark failed for the reason; a refusal keeps the dialog.',
  },
  adminRefunds: {
    machine: adminRefundsMachine,
    spec: 'product: Refunds, Card disputes, Operator console',
    summary:
      'Card disputes (open first: amount, held, owed) and refunds of wired money waiting for an operator, then the others; Mark sent asks for the wire reference, Mark failed for the reason, sent with an Idempotency-Key; a refusal keeps the dialog.',
  },
  reviewQueue: {
    machine: reviewQueueMachine,
    spec: 'product: Verified delivery',
    summary:
      'Held and disputed overlay earnings; Resolve asks what the creator is paid (0 to the earning; Pay in full, Refund in full) and a reason, sent with an Idempotency-Key; the row leaves and a status message says what was decided; a refusal keeps the dialog.',
  },
  adminBudgets: {
    machine: adminBudgetsMachine,
    spec: 'product: Platform limits, Operator console',
    summary:
      "Each Twitch and YouTube credential's budget (spent, remaining, the reset, a refusal by the platform) and the calls waiting for it or put off: read when the tab opens, every 30 s while it is open and on Refresh; a failed first read offers Try again, a failed refresh keeps the budgets shown and says why.",
  },
} satisfies Record<string, CatalogueEntry>;

export type MachineId = keyof typeof catalogue;
