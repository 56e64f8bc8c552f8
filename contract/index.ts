// The contract between client and server: for every endpoint of ./endpoints.ts, what it accepts and answers.
// The server validates requests with these schemas (server/http/route.ts) and, with CONTRACT_CHECK=1 (the tests),
// its own responses too; the client types its calls from them (src/api/client.ts) without importing zod.
import { z } from 'zod';
import { firebaseLoginRequest, loginRequest, passwordPolicy, registerRequest, tokenResponse } from './schemas/auth.ts';
import type { EndpointName } from './endpoints.ts';
import {
  changePasswordRequest,
  changePasswordResponse,
  deleteUserRequest,
  forgotPasswordRequest,
  messageResponse,
  newsletterRequest,
  resetPasswordRequest,
  settings,
  settingsUpdate,
  supportRequest,
  unsubscribeRequest,
} from './schemas/account.ts';
import * as analytics from './schemas/analytics.ts';
import * as archive from './schemas/archive.ts';
import * as budgets from './schemas/budgets.ts';
import * as connections from './schemas/connections.ts';
import * as deliverables from './schemas/deliverables.ts';
import * as money from './schemas/money.ts';
import * as documents from './schemas/documents.ts';
import * as taxForms from './schemas/taxForms.ts';
import * as overlay from './schemas/overlay.ts';
import * as mediaKit from './schemas/mediaKit.ts';
import { photoUploadResponse } from './schemas/uploads.ts';
import * as m from './schemas/marketplace.ts';
import * as search from './schemas/search.ts';
import { profileUpdate, profileUpdateResponse, userResponse } from './schemas/user.ts';

export interface EndpointSchemas {
  /** A JSON body schema, or `multipart` for a form the handler reads itself. */
  body?: z.ZodType | 'multipart';
  /** The query string, as an object of strings. */
  query?: z.ZodType;
  /** The body of the success answer. */
  response: z.ZodType;
  /** The success status. */
  status: 200 | 201 | 202;
}

export const schemas = {
  health: { response: z.object({ status: z.literal('ok') }), status: 200 },
  passwordPolicy: { response: passwordPolicy, status: 200 },
  register: { body: registerRequest, response: tokenResponse, status: 201 },
  jwtLogin: { body: loginRequest, response: tokenResponse, status: 200 },
  firebaseLogin: { body: firebaseLoginRequest, response: tokenResponse, status: 200 },
  getUser: { response: userResponse, status: 200 },
  updateProfile: { body: profileUpdate, response: profileUpdateResponse, status: 200 },
  uploadPhoto: { body: 'multipart', response: photoUploadResponse, status: 200 },
  // The same 202 answer whether or not the account exists.
  forgotPassword: { body: forgotPasswordRequest, response: messageResponse, status: 202 },
  resetPassword: { body: resetPasswordRequest, response: tokenResponse, status: 200 },
  changePassword: { body: changePasswordRequest, response: changePasswordResponse, status: 200 },
  deleteUser: { body: deleteUserRequest, response: messageResponse, status: 200 },
  getSettings: { response: settings, status: 200 },
  updateSettings: { body: settingsUpdate, response: settings, status: 200 },
  support: { body: supportRequest, response: messageResponse, status: 201 },
  // The same answer for a new and a repeated subscription, so the list cannot be probed.
  newsletter: { body: newsletterRequest, response: messageResponse, status: 200 },
  unsubscribe: { body: unsubscribeRequest, response: messageResponse, status: 200 },
  getAdvertiserProfile: { response: m.advertiserProfileResponse, status: 200 },
  // Sending the profile (again) puts it up for the operator's review, unless it is already approved.
  updateAdvertiserProfile: { body: m.advertiserProfileInput, response: m.advertiserProfileResponse, status: 200 },
  getAdvertiserChecklist: { response: m.advertiserChecklistResponse, status: 200 },
  createCampaign: { body: m.campaignInput, response: m.campaignResponse, status: 201 },
  listCampaigns: { response: m.campaignsResponse, status: 200 },
  getCampaign: { response: m.campaignDetailResponse, status: 200 },
  updateCampaign: { body: m.campaignPatch, response: m.campaignResponse, status: 200 },
  uploadCampaignImage: { body: 'multipart', response: m.campaignResponse, status: 200 },
  launchCampaign: { response: m.campaignResponse, status: 200 },
  pauseCampaign: { response: m.campaignResponse, status: 200 },
  resumeCampaign: { response: m.campaignResponse, status: 200 },
  cancelCampaign: { response: m.campaignResponse, status: 200 },
  // More spots on a running campaign: pay × them reserved, as a launch does.
  addCampaignSpots: { body: m.addSpotsRequest, response: m.campaignResponse, status: 200 },
  searchCreators: { query: search.creatorsQuery, response: search.creatorsResponse, status: 200 },
  listCreatorLists: { response: search.creatorListsResponse, status: 200 },
  createCreatorList: { body: search.creatorListInput, response: search.creatorListResponse, status: 201 },
  getCreatorList: { response: search.creatorListDetailResponse, status: 200 },
  renameCreatorList: { body: search.creatorListInput, response: search.creatorListResponse, status: 200 },
  deleteCreatorList: { response: search.deletedResponse, status: 200 },
  addToCreatorList: { response: search.creatorListResponse, status: 200 },
  removeFromCreatorList: { response: search.creatorListResponse, status: 200 },
  // An offer, origin 'invitation' (docs/product.md §Discovery and negotiation).
  inviteCreator: { body: search.invitationRequest, response: m.offerResponse, status: 201 },
  // For one creator: each campaign, whether it can take an invitation now, and why not.
  inviteOptions: { response: search.inviteOptionsResponse, status: 200 },
  listOffers: { query: m.offersQuery, response: m.offersResponse, status: 200 },
  offersOutlook: { response: m.offersOutlook, status: 200 },
  getOffer: { response: m.offerResponse, status: 200 },
  acceptOffer: { response: m.offerResponse, status: 200 },
  declineOffer: { body: m.declineRequest, response: m.offerResponse, status: 200 },
  requestInfo: { body: m.requestInfoRequest, response: m.offerResponse, status: 200 },
  listMessages: { query: m.threadQuery, response: m.threadResponse, status: 200 },
  postMessage: { body: m.postMessageRequest, response: m.postMessageResponse, status: 201 },
  listProposals: { response: m.proposalsResponse, status: 200 },
  propose: { body: m.proposeRequest, response: m.offerResponse, status: 201 },
  acceptProposal: { response: m.offerResponse, status: 200 },
  declineProposal: { response: m.offerResponse, status: 200 },
  listNotifications: { response: m.notificationsResponse, status: 200 },
  readNotifications: { body: m.notificationsUpTo, response: m.unreadResponse, status: 200 },
  clearNotifications: { body: m.notificationsUpTo, response: m.unreadResponse, status: 200 },
  eventsTicket: { response: m.eventsTicketResponse, status: 201 },
  // A text/event-stream answer, not JSON: the handler returns the stream itself.
  events: { query: m.eventsQuery, response: z.never(), status: 200 },
  adminAdvertisers: { query: m.adminAdvertisersQuery, response: m.adminAdvertisersResponse, status: 200 },
  approveAdvertiser: { response: m.adminAdvertiserResponse, status: 200 },
  rejectAdvertiser: { body: m.rejectRequest, response: m.adminAdvertiserResponse, status: 200 },
  adminCampaigns: { response: m.adminCampaignsResponse, status: 200 },
  adminUsers: { query: m.adminUsersQuery, response: m.adminUsersResponse, status: 200 },
  adminTickets: { response: m.adminTicketsResponse, status: 200 },
  listPayoutMethods: { response: money.payoutMethodsResponse, status: 200 },
  // Connecting a method of a kind the caller already has replaces it; the answer lists all of them.
  addPayoutMethod: { body: money.payoutMethodInput, response: money.payoutMethodsResponse, status: 201 },
  deletePayoutMethod: { response: money.payoutMethodsResponse, status: 200 },
  getStripePayouts: { response: money.stripePayoutsResponse, status: 200 },
  startStripeOnboarding: { response: money.stripeOnboardingResponse, status: 200 },
  // A repeated Idempotency-Key answers the payout it created, whatever its status now.
  requestPayout: { body: money.payoutRequest, response: money.payoutResponse, status: 201 },
  listPayouts: { response: money.payoutsResponse, status: 200 },
  getEarnings: { response: money.earningsResponse, status: 200 },
  getTaxForm: { response: taxForms.taxFormResponse, status: 200 },
  // Filing again supersedes the form on file.
  submitTaxForm: { body: taxForms.taxFormInput, response: taxForms.taxFormResponse, status: 200 },
  // A CSV attachment, not JSON.
  export1099: { query: taxForms.export1099Query, response: z.never(), status: 200 },
  getAdvertiserBalance: { response: money.advertiserBalanceResponse, status: 200 },
  getFundingDetails: { response: money.fundingDetailsResponse, status: 200 },
  confirmDelivery: { response: m.offerResponse, status: 200 },
  createDeposit: { body: money.createDepositRequest, response: money.createDepositResponse, status: 201 },
  getDeposit: { response: money.depositStatusResponse, status: 200 },
  cancelDeposit: { response: money.depositStatusResponse, status: 200 },
  requestRefund: { body: money.refundRequest, response: money.refundRequestResponse, status: 201 },
  listRefunds: { response: money.refundsResponse, status: 200 },
  listDocuments: { response: documents.documentsResponse, status: 200 },
  // A PDF attachment, not JSON.
  downloadDocument: { response: z.never(), status: 200 },
  adminCardDisputes: { response: money.adminCardDisputesResponse, status: 200 },
  adminRefunds: { response: money.adminRefundsResponse, status: 200 },
  markRefundSent: { body: money.markPaidRequest, response: money.adminRefundResponse, status: 200 },
  markRefundFailed: { body: money.markFailedRequest, response: money.adminRefundResponse, status: 200 },
  recordDeposit: { body: money.depositRequest, response: money.depositResponse, status: 201 },
  getTransferInstructions: { response: money.transferInstructionsResponse, status: 200 },
  updateTransferInstructions: {
    body: money.transferInstructionsRequest,
    response: money.transferInstructionsResponse,
    status: 200,
  },
  adminPayouts: { query: money.adminPayoutsQuery, response: money.adminPayoutsResponse, status: 200 },
  markPayoutPaid: { body: money.markPaidRequest, response: money.adminPayoutResponse, status: 200 },
  markPayoutFailed: { body: money.markFailedRequest, response: money.adminPayoutResponse, status: 200 },
  disputeDelivery: { body: money.disputeRequest, response: z.object({ review: overlay.earningReview }), status: 200 },
  adminReviews: { response: money.adminReviewsResponse, status: 200 },
  resolveReview: { body: money.resolveReviewRequest, response: money.adminReviewResponse, status: 200 },
  adminBudgets: { response: budgets.adminBudgetsResponse, status: 200 },
  // The raw body is read by the handler (the signature covers its exact bytes).
  stripeWebhook: { response: z.object({ received: z.literal(true) }), status: 200 },
  stripeConnectWebhook: { response: z.object({ received: z.literal(true) }), status: 200 },
  // Plain text (the hub's challenge) or 404; the push is read raw (its signature covers its bytes).
  youtubeFeedVerify: { query: connections.youtubeFeedVerifyQuery, response: z.never(), status: 200 },
  youtubeFeedPush: {
    query: connections.youtubeFeedPushQuery,
    response: z.object({ received: z.number().int().min(0) }),
    status: 200,
  },
  getOverlay: { response: overlay.overlayResponse, status: 200 },
  updateOverlay: { body: overlay.overlayUpdate, response: overlay.overlayResponse, status: 200 },
  rotateOverlayToken: { response: overlay.overlayResponse, status: 200 },
  // A text/event-stream: `state` events carry the OverlayState (contract/overlay.ts), `revoked` ends a rotated token's stream.
  overlayStream: { query: overlay.overlayStreamQuery, response: z.never(), status: 200 },
  overlayHeartbeat: { body: overlay.heartbeatRequest, response: overlay.heartbeatResponse, status: 200 },
  offerDisplay: { response: overlay.offerDisplayResponse, status: 200 },
  overlayPresence: { body: overlay.presenceRequest, response: z.object({ received: z.literal(true) }), status: 200 },
  overlayStatus: { response: overlay.overlayStatusResponse, status: 200 },
  listConnections: { response: connections.connectionsResponse, status: 200 },
  startConnection: { response: connections.connectStartResponse, status: 200 },
  // A redirect (302) to /connect-accounts?platform=<platform>&complete=<token> or ?platform=<platform>&error=<message>.
  connectionCallback: { query: connections.connectCallbackQuery, response: z.never(), status: 200 },
  completeConnection: {
    body: connections.connectCompleteRequest,
    response: connections.connectionResponse,
    status: 200,
  },
  disconnect: { response: connections.connectionResponse, status: 200 },
  analytics: { query: analytics.analyticsQuery, response: analytics.analyticsResponse, status: 200 },
  archiveDays: { query: archive.archiveDaysQuery, response: archive.archiveDaysResponse, status: 200 },
  archiveMessages: { query: archive.archiveMessagesQuery, response: archive.archiveMessagesResponse, status: 200 },
  archiveSearch: { query: archive.archiveSearchQuery, response: archive.archiveSearchResponse, status: 200 },
  // A streamed download (application/x-ndjson, text/csv or text/plain), not JSON.
  archiveExport: { query: archive.archiveExportQuery, response: z.never(), status: 200 },
  archiveSettings: {
    body: archive.archiveSettingsRequest,
    response: archive.archiveDaysResponse.pick({ channel: true }),
    status: 200,
  },
  deleteArchiveDay: { query: archive.archiveDeleteQuery, response: archive.archiveDeleteResponse, status: 200 },
  deleteArchiveStream: { query: archive.archiveDeleteQuery, response: archive.archiveDeleteResponse, status: 200 },
  deleteArchiveChatter: {
    query: archive.archiveDeleteChatterQuery,
    response: archive.archiveDeleteResponse,
    status: 200,
  },
  deleteArchive: { query: archive.archiveDeleteQuery, response: archive.archiveDeleteResponse, status: 200 },
  getMediaKit: { response: mediaKit.mediaKitResponse, status: 200 },
  updateMediaKit: { body: mediaKit.mediaKitUpdate, response: mediaKit.mediaKitResponse, status: 200 },
  getOfferDeliverables: { response: deliverables.deliverableProgressResponse, status: 200 },
  offerEvidence: { response: deliverables.offerEvidenceResponse, status: 200 },
  getOfferBot: { response: deliverables.botResponse, status: 200 },
  pauseOfferBot: { body: deliverables.botPauseRequest, response: deliverables.botResponse, status: 200 },
  setBotConsent: { body: deliverables.botConsentRequest, response: deliverables.botConsentResponse, status: 200 },
  listPromoCodes: { response: deliverables.promoCodesResponse, status: 200 },
  setPromoCodes: { body: deliverables.promoCodesRequest, response: deliverables.promoCodesResponse, status: 200 },
  createRedemptionKey: { response: deliverables.redemptionKeyResponse, status: 201 },
  // A text/csv body, read by the handler.
  uploadRedemptions: { response: deliverables.redemptionsCsvResponse, status: 200 },
  postRedemption: { body: deliverables.redemptionRequest, response: deliverables.redemptionResponse, status: 200 },
  campaignReport: { query: deliverables.reportQuery, response: deliverables.campaignReportResponse, status: 200 },
  // A CSV attachment, not JSON.
  campaignReportCsv: { query: deliverables.reportQuery, response: z.never(), status: 200 },
  listReportShares: { response: deliverables.reportSharesResponse, status: 200 },
  createReportShare: { body: deliverables.reportShareRequest, response: deliverables.reportShareResponse, status: 201 },
  revokeReportShare: { response: deliverables.reportShareResponse, status: 200 },
  sharedReport: { query: deliverables.reportQuery, response: deliverables.campaignReportResponse, status: 200 },
} as const satisfies Record<EndpointName, EndpointSchemas>;

type Spec<N extends EndpointName> = (typeof schemas)[N];

/** What the client sends as the JSON body of endpoint N (never, when it takes none). */
export type RequestBody<N extends EndpointName> =
  Spec<N> extends { body: z.ZodType } ? z.input<Spec<N>['body']> : never;
/** What the server's handler receives: the body after validation and normalisation. */
export type ValidBody<N extends EndpointName> =
  Spec<N> extends { body: z.ZodType } ? z.output<Spec<N>['body']> : undefined;
export type RequestQuery<N extends EndpointName> =
  Spec<N> extends { query: z.ZodType } ? z.input<Spec<N>['query']> : never;
export type ValidQuery<N extends EndpointName> =
  Spec<N> extends { query: z.ZodType } ? z.output<Spec<N>['query']> : undefined;
/** The success answer of endpoint N. */
export type ResponseBody<N extends EndpointName> = z.output<Spec<N>['response']>;

export { endpoints, type EndpointName } from './endpoints.ts';
export { errorBody, normaliseEmail, type ErrorBody } from './schemas/common.ts';
export type { PasswordPolicy } from './schemas/auth.ts';
export type { MediaKit, MediaKitFacts, MediaKitUpdate, PublicChannel } from './schemas/mediaKit.ts';
export type { Settings, SupportRequest } from './schemas/account.ts';
export type {
  AdminPayout,
  AdvertiserBalance,
  Earnings,
  FundingDetails,
  Payout,
  PayoutMethod,
  StripePayouts,
  TransferInstructions,
} from './schemas/money.ts';
export * from './money.ts';
export * from './taxForms.ts';
export type { TaxForm } from './schemas/taxForms.ts';
export * from './overlay.ts';
export * from './connections.ts';
export * from './archive.ts';
export * from './analytics.ts';
export * from './search.ts';
export type { CreatorCard, CreatorList, CreatorsAnswer, InviteOption } from './schemas/search.ts';
export type {
  AdvertiserAnalytics,
  Analytics,
  AnalyticsMetric,
  CampaignFigures,
  CreatorAnalytics,
  OfferFigures,
  PlatformAnalytics,
  StreamActivity,
} from './schemas/analytics.ts';
export type { Connection } from './schemas/connections.ts';
export type { OfferDisplay, OverlaySettings, OverlayUpdate } from './schemas/overlay.ts';
export * from './limits.ts';
export type { ProfileChanges, ProfileUpdate, User } from './schemas/user.ts';
export * from './profile.ts';
export * from './marketplace.ts';
export type {
  AdvertiserChecklist,
  AdvertiserProfile,
  AdvertiserProfileInput,
  Campaign,
  CampaignInput,
  CampaignPatch,
  Deliverable,
  MatchReason,
  Notification,
  Offer,
  OffersOutlook,
  OutlookStep,
  Proposal,
  ProposeRequest,
  Targeting,
  ThreadMessage,
} from './schemas/marketplace.ts';
