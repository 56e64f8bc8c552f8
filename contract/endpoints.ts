// Every endpoint of the API by name: method, path and how it authenticates. Plain data without zod, so the client
// builds its requests from it at no bundle cost; ./index.ts pairs each name with its schemas.
import type { Role } from './marketplace.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointMeta {
  method: Method;
  /** Hono path syntax: `:name` segments are parameters. */
  path: `/api/${string}`;
  /**
   * `bearer`: the session token in `Authorization: Bearer <jwt>`; anything else is a 401.
   * `optional`: anonymous callers are served too; a valid session token attaches the user (support tickets).
   */
  auth: 'none' | 'bearer' | 'optional';
}

export const endpoints = {
  health: { method: 'GET', path: '/api/health', auth: 'none' },
  passwordPolicy: { method: 'GET', path: '/api/auth/password-policy', auth: 'none' },
  register: { method: 'POST', path: '/api/auth/register', auth: 'none' },
  jwtLogin: { method: 'POST', path: '/api/auth/jwt-login', auth: 'none' },
  firebaseLogin: { method: 'POST', path: '/api/auth/firebase-login', auth: 'none' },
  getUser: { method: 'GET', path: '/api/user', auth: 'bearer' },
  updateProfile: { method: 'PUT', path: '/api/profile', auth: 'bearer' },
  uploadPhoto: { method: 'POST', path: '/api/upload-photo', auth: 'bearer' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', auth: 'none' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', auth: 'none' },
  changePassword: { method: 'POST', path: '/api/auth/change-password', auth: 'bearer' },
  deleteUser: { method: 'DELETE', path: '/api/user', auth: 'bearer' },
  getSettings: { method: 'GET', path: '/api/settings', auth: 'bearer' },
  updateSettings: { method: 'PUT', path: '/api/settings', auth: 'bearer' },
  support: { method: 'POST', path: '/api/support', auth: 'optional' },
  newsletter: { method: 'POST', path: '/api/newsletter', auth: 'none' },
  unsubscribe: { method: 'POST', path: '/api/newsletter/unsubscribe', auth: 'none' },
  // The marketplace (docs/product.md §Marketplace). Campaign endpoints: advertisers only; offers: the creator or the campaign's advertiser.
  getAdvertiserProfile: { method: 'GET', path: '/api/advertiser/profile', auth: 'bearer' },
  updateAdvertiserProfile: { method: 'PUT', path: '/api/advertiser/profile', auth: 'bearer' },
  getAdvertiserChecklist: { method: 'GET', path: '/api/advertiser/checklist', auth: 'bearer' },
  createCampaign: { method: 'POST', path: '/api/campaigns', auth: 'bearer' },
  listCampaigns: { method: 'GET', path: '/api/campaigns', auth: 'bearer' },
  getCampaign: { method: 'GET', path: '/api/campaigns/:id', auth: 'bearer' },
  updateCampaign: { method: 'PATCH', path: '/api/campaigns/:id', auth: 'bearer' },
  uploadCampaignImage: { method: 'POST', path: '/api/campaigns/:id/image', auth: 'bearer' },
  launchCampaign: { method: 'POST', path: '/api/campaigns/:id/launch', auth: 'bearer' },
  pauseCampaign: { method: 'POST', path: '/api/campaigns/:id/pause', auth: 'bearer' },
  resumeCampaign: { method: 'POST', path: '/api/campaigns/:id/resume', auth: 'bearer' },
  cancelCampaign: { method: 'POST', path: '/api/campaigns/:id/cancel', auth: 'bearer' },
  addCampaignSpots: { method: 'POST', path: '/api/campaigns/:id/spots', auth: 'bearer' },
  // Creator search (docs/product.md §Discovery and negotiation): approved advertisers only (others 403); a list of others 404.
  searchCreators: { method: 'GET', path: '/api/creators', auth: 'bearer' },
  listCreatorLists: { method: 'GET', path: '/api/creator-lists', auth: 'bearer' },
  createCreatorList: { method: 'POST', path: '/api/creator-lists', auth: 'bearer' },
  getCreatorList: { method: 'GET', path: '/api/creator-lists/:id', auth: 'bearer' },
  renameCreatorList: { method: 'PATCH', path: '/api/creator-lists/:id', auth: 'bearer' },
  deleteCreatorList: { method: 'DELETE', path: '/api/creator-lists/:id', auth: 'bearer' },
  addToCreatorList: { method: 'PUT', path: '/api/creator-lists/:id/creators/:creatorId', auth: 'bearer' },
  removeFromCreatorList: { method: 'DELETE', path: '/api/creator-lists/:id/creators/:creatorId', auth: 'bearer' },
  inviteCreator: { method: 'POST', path: '/api/campaigns/:id/invitations', auth: 'bearer' },
  inviteOptions: { method: 'GET', path: '/api/creators/:id/invite-options', auth: 'bearer' },
  listOffers: { method: 'GET', path: '/api/offers', auth: 'bearer' },
  offersOutlook: { method: 'GET', path: '/api/offers/outlook', auth: 'bearer' },
  getOffer: { method: 'GET', path: '/api/offers/:id', auth: 'bearer' },
  acceptOffer: { method: 'POST', path: '/api/offers/:id/accept', auth: 'bearer' },
  declineOffer: { method: 'POST', path: '/api/offers/:id/decline', auth: 'bearer' },
  requestInfo: { method: 'POST', path: '/api/offers/:id/request-info', auth: 'bearer' },
  listMessages: { method: 'GET', path: '/api/offers/:id/messages', auth: 'bearer' },
  postMessage: { method: 'POST', path: '/api/offers/:id/messages', auth: 'bearer' },
  // Counter-offers (docs/product.md §Counter-offers): the offer's creator or its campaign's advertiser; anyone else 404.
  listProposals: { method: 'GET', path: '/api/offers/:id/proposals', auth: 'bearer' },
  propose: { method: 'POST', path: '/api/offers/:id/proposals', auth: 'bearer' },
  acceptProposal: { method: 'POST', path: '/api/offers/:id/proposals/:round/accept', auth: 'bearer' },
  declineProposal: { method: 'POST', path: '/api/offers/:id/proposals/:round/decline', auth: 'bearer' },
  listNotifications: { method: 'GET', path: '/api/notifications', auth: 'bearer' },
  readNotifications: { method: 'POST', path: '/api/notifications/read', auth: 'bearer' },
  clearNotifications: { method: 'POST', path: '/api/notifications/clear', auth: 'bearer' },
  eventsTicket: { method: 'POST', path: '/api/events/ticket', auth: 'bearer' },
  // Server-Sent Events; the short-lived ticket in the query authenticates it (EventSource sends no headers).
  events: { method: 'GET', path: '/api/events', auth: 'none' },
  // The operator console (operators only; others 403).
  adminAdvertisers: { method: 'GET', path: '/api/admin/advertisers', auth: 'bearer' },
  approveAdvertiser: { method: 'POST', path: '/api/admin/advertisers/:id/approve', auth: 'bearer' },
  rejectAdvertiser: { method: 'POST', path: '/api/admin/advertisers/:id/reject', auth: 'bearer' },
  adminCampaigns: { method: 'GET', path: '/api/admin/campaigns', auth: 'bearer' },
  adminUsers: { method: 'GET', path: '/api/admin/users', auth: 'bearer' },
  adminTickets: { method: 'GET', path: '/api/admin/support-tickets', auth: 'bearer' },
  // Money (docs/product.md §Money). Payout methods: creators only (others 403); another creator's method answers 404.
  listPayoutMethods: { method: 'GET', path: '/api/payout-methods', auth: 'bearer' },
  addPayoutMethod: { method: 'POST', path: '/api/payout-methods', auth: 'bearer' },
  deletePayoutMethod: { method: 'DELETE', path: '/api/payout-methods/:id', auth: 'bearer' },
  // Stripe Connect (the `stripe` payout rail): the caller's own Express account only; others 403.
  getStripePayouts: { method: 'GET', path: '/api/payout-methods/stripe', auth: 'bearer' },
  startStripeOnboarding: { method: 'POST', path: '/api/payout-methods/stripe/onboarding', auth: 'bearer' },
  // Payouts and earnings: creators only. POST /api/payouts needs an Idempotency-Key header.
  requestPayout: { method: 'POST', path: '/api/payouts', auth: 'bearer' },
  listPayouts: { method: 'GET', path: '/api/payouts', auth: 'bearer' },
  getEarnings: { method: 'GET', path: '/api/earnings', auth: 'bearer' },
  // Tax forms (docs/product.md §Self-serve money): the creator's W-9 or W-8BEN (TIN masked in every answer); operators
  // export the year's 1099-NEC data as CSV.
  getTaxForm: { method: 'GET', path: '/api/tax-form', auth: 'bearer' },
  submitTaxForm: { method: 'PUT', path: '/api/tax-form', auth: 'bearer' },
  export1099: { method: 'GET', path: '/api/admin/tax/1099-nec', auth: 'bearer' },
  // Advertisers: their funds; the advertiser of the offer's campaign confirms its delivery (the creator earns).
  getAdvertiserBalance: { method: 'GET', path: '/api/advertiser/balance', auth: 'bearer' },
  getFundingDetails: { method: 'GET', path: '/api/advertiser/funding', auth: 'bearer' },
  confirmDelivery: { method: 'POST', path: '/api/offers/:id/confirm-delivery', auth: 'bearer' },
  // Self-serve money (docs/product.md §Self-serve money): advertisers add funds through Stripe Checkout and ask for
  // their unspent funds back; another advertiser's deposit 404.
  createDeposit: { method: 'POST', path: '/api/advertiser/deposits', auth: 'bearer' },
  getDeposit: { method: 'GET', path: '/api/advertiser/deposits/:id', auth: 'bearer' },
  cancelDeposit: { method: 'POST', path: '/api/advertiser/deposits/:id/cancel', auth: 'bearer' },
  requestRefund: { method: 'POST', path: '/api/advertiser/refunds', auth: 'bearer' },
  listRefunds: { method: 'GET', path: '/api/advertiser/refunds', auth: 'bearer' },
  // Numbered documents (receipts, payout statements, yearly statements): the caller's own; another user's 404.
  listDocuments: { method: 'GET', path: '/api/documents', auth: 'bearer' },
  downloadDocument: { method: 'GET', path: '/api/documents/:id', auth: 'bearer' },
  // Operators: card disputes, and refunds of wired money (the manual rail).
  adminCardDisputes: { method: 'GET', path: '/api/admin/card-disputes', auth: 'bearer' },
  adminRefunds: { method: 'GET', path: '/api/admin/refunds', auth: 'bearer' },
  markRefundSent: { method: 'POST', path: '/api/admin/refunds/:id/sent', auth: 'bearer' },
  markRefundFailed: { method: 'POST', path: '/api/admin/refunds/:id/failed', auth: 'bearer' },
  // Operators: deposits (the manual funding rail) and the manual payout rail.
  recordDeposit: { method: 'POST', path: '/api/admin/deposits', auth: 'bearer' },
  getTransferInstructions: { method: 'GET', path: '/api/admin/transfer-instructions', auth: 'bearer' },
  updateTransferInstructions: { method: 'PUT', path: '/api/admin/transfer-instructions', auth: 'bearer' },
  adminPayouts: { method: 'GET', path: '/api/admin/payouts', auth: 'bearer' },
  markPayoutPaid: { method: 'POST', path: '/api/admin/payouts/:id/paid', auth: 'bearer' },
  markPayoutFailed: { method: 'POST', path: '/api/admin/payouts/:id/failed', auth: 'bearer' },
  // Verified delivery's review window (docs/product.md §Verified delivery): the advertiser disputes an overlay delivery in
  // its window; operators settle held and disputed earnings.
  disputeDelivery: { method: 'POST', path: '/api/offers/:id/dispute', auth: 'bearer' },
  adminReviews: { method: 'GET', path: '/api/admin/reviews', auth: 'bearer' },
  resolveReview: { method: 'POST', path: '/api/admin/reviews/:id/resolve', auth: 'bearer' },
  // Platform limits (docs/product.md §Platform limits): each provider credential's budget, what waits for it and why.
  adminBudgets: { method: 'GET', path: '/api/admin/budgets', auth: 'bearer' },
  // Stripe's signed webhook (Checkout deposits, disputes, refunds): the signature authenticates it.
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe', auth: 'none' },
  // Stripe's Connect webhook (events of connected accounts: account.updated, payout.*), signed with its own secret.
  stripeConnectWebhook: { method: 'POST', path: '/api/webhooks/stripe/connect', auth: 'none' },
  // YouTube's WebSub hub (issue 46): it verifies our subscription to a channel's feed (GET, the challenge echoed) and
  // pushes the feed's new entries (POST, signed with the channel's hub.secret).
  youtubeFeedVerify: { method: 'GET', path: '/api/webhooks/youtube/websub', auth: 'none' },
  youtubeFeedPush: { method: 'POST', path: '/api/webhooks/youtube/websub', auth: 'none' },
  // The overlay for OBS (docs/product.md §The overlay for OBS). Settings: creators only. The stream and the heartbeat are authenticated by the
  // overlay token alone (the browser source sends no session); an unknown token is a plain 404.
  getOverlay: { method: 'GET', path: '/api/overlay', auth: 'bearer' },
  updateOverlay: { method: 'PUT', path: '/api/overlay', auth: 'bearer' },
  rotateOverlayToken: { method: 'POST', path: '/api/overlay/rotate', auth: 'bearer' },
  overlayStream: { method: 'GET', path: '/api/overlay/stream', auth: 'none' },
  overlayHeartbeat: { method: 'POST', path: '/api/overlay/heartbeat', auth: 'none' },
  // The page's report of where it runs (OBS Program, preview, a browser tab); the creator reads whether it counts.
  overlayPresence: { method: 'POST', path: '/api/overlay/presence', auth: 'none' },
  overlayStatus: { method: 'GET', path: '/api/overlay/status', auth: 'bearer' },
  // An offer's display proof: its creator or its campaign's advertiser (others 404).
  offerDisplay: { method: 'GET', path: '/api/offers/:id/display', auth: 'bearer' },
  // Connected accounts (docs/product.md §Connected accounts): creators only (others 403). The callback is the provider's redirect: its `state`
  // (bound to the creator who started) authenticates it, and it answers with a redirect to /connect-accounts.
  listConnections: { method: 'GET', path: '/api/connections', auth: 'bearer' },
  startConnection: { method: 'POST', path: '/api/connections/:platform/start', auth: 'bearer' },
  connectionCallback: { method: 'GET', path: '/api/connections/:platform/callback', auth: 'none' },
  completeConnection: { method: 'POST', path: '/api/connections/:platform/complete', auth: 'bearer' },
  disconnect: { method: 'DELETE', path: '/api/connections/:platform', auth: 'bearer' },
  // Analytics (docs/product.md §Analytics): a creator's series, Castbridge's own figures and sponsorships; an advertiser's campaigns.
  analytics: { method: 'GET', path: '/api/analytics', auth: 'bearer' },
  // The chat archive (docs/product.md §Chat archive): creators only (others 403); another creator's archive is never reached (each call
  // reads the caller's own), so what is not theirs is simply not found.
  archiveDays: { method: 'GET', path: '/api/archive/days', auth: 'bearer' },
  archiveMessages: { method: 'GET', path: '/api/archive/messages', auth: 'bearer' },
  archiveSearch: { method: 'GET', path: '/api/archive/search', auth: 'bearer' },
  archiveExport: { method: 'GET', path: '/api/archive/export', auth: 'bearer' },
  archiveSettings: { method: 'PUT', path: '/api/archive/settings', auth: 'bearer' },
  deleteArchiveDay: { method: 'DELETE', path: '/api/archive/days/:date', auth: 'bearer' },
  deleteArchiveStream: { method: 'DELETE', path: '/api/archive/streams/:id', auth: 'bearer' },
  deleteArchiveChatter: { method: 'DELETE', path: '/api/archive/chatters/:chatterId', auth: 'bearer' },
  deleteArchive: { method: 'DELETE', path: '/api/archive', auth: 'bearer' },
  // The creator's media kit (docs/product.md §Discovery and negotiation); its public page /c/<handle> is HTML, not API.
  getMediaKit: { method: 'GET', path: '/api/media-kit', auth: 'bearer' },
  updateMediaKit: { method: 'PUT', path: '/api/media-kit', auth: 'bearer' },
  // Deliverables beyond the overlay (docs/product.md §Deliverables): each offer's progress and its chat bot (the
  // creator or the campaign's advertiser; others 404), promo codes and redemptions, the brand's report and its share
  // links (the campaign's advertiser). The tracked link itself, GET /l/<code>, is a redirect, not API.
  getOfferDeliverables: { method: 'GET', path: '/api/offers/:id/deliverables', auth: 'bearer' },
  offerEvidence: { method: 'GET', path: '/api/offers/:id/evidence', auth: 'bearer' },
  getOfferBot: { method: 'GET', path: '/api/offers/:id/bot', auth: 'bearer' },
  pauseOfferBot: { method: 'PUT', path: '/api/offers/:id/bot', auth: 'bearer' },
  setBotConsent: { method: 'PUT', path: '/api/connections/:platform/bot', auth: 'bearer' },
  listPromoCodes: { method: 'GET', path: '/api/campaigns/:id/promo-codes', auth: 'bearer' },
  setPromoCodes: { method: 'PUT', path: '/api/campaigns/:id/promo-codes', auth: 'bearer' },
  createRedemptionKey: { method: 'POST', path: '/api/campaigns/:id/redemption-key', auth: 'bearer' },
  uploadRedemptions: { method: 'POST', path: '/api/campaigns/:id/redemptions', auth: 'bearer' },
  // A shop's server, authenticated by the campaign's redemption key (`Authorization: Bearer cbr_…`), not a session.
  postRedemption: { method: 'POST', path: '/api/redemptions', auth: 'none' },
  campaignReport: { method: 'GET', path: '/api/campaigns/:id/report', auth: 'bearer' },
  campaignReportCsv: { method: 'GET', path: '/api/campaigns/:id/report/csv', auth: 'bearer' },
  listReportShares: { method: 'GET', path: '/api/campaigns/:id/report/shares', auth: 'bearer' },
  createReportShare: { method: 'POST', path: '/api/campaigns/:id/report/shares', auth: 'bearer' },
  revokeReportShare: { method: 'DELETE', path: '/api/campaigns/:id/report/shares/:shareId', auth: 'bearer' },
  // The read-only report a share link opens (/reports/<token>): the token authenticates it; revoked or unknown 404.
  sharedReport: { method: 'GET', path: '/api/reports/:token', auth: 'none' },
} as const satisfies Record<string, EndpointMeta>;

export type EndpointName = keyof typeof endpoints;

/**
 * What the schemas cannot say, for the API reference (docs/api.md, written by `npm run docs:api` from this table,
 * the endpoint table and ./index.ts). Plain strings in Markdown; nothing in the client imports this table, so it
 * stays out of the bundle.
 */
export interface EndpointDoc {
  /** Who may call it, beyond `auth` (a role, the owner, a token). */
  who?: string;
  /** What the request carries that its schema does not show (multipart fields, headers, rules). */
  request?: string;
  /** What the success means beyond its shape; for answers that are not JSON, what they are. */
  answer?: string;
  /** Its 4xx/5xx answers and why (every one is `{ message }`). */
  errors: string;
}

export const endpointDocs = {
  health: { answer: 'once the database answers', errors: '503 database unreachable' },
  passwordPolicy: {
    answer: 'what the registration form checks: 8 to 128 characters, no character classes required',
    errors: '—',
  },
  register: { errors: '400 invalid body or password refused by the policy; 409 email already registered' },
  jwtLogin: {
    request: '`password` and `firebaseResponse` may be `null`',
    errors:
      '400 invalid body; 401 `Invalid email or password` (same answer, same cost, for an unknown email, a wrong password and accounts without a password); 429 with `Retry-After` while the throttle asks for a wait (growing delays per account and address, per address, per account: [Sign-in and tokens](#sign-in-and-tokens)), the same answer for an unknown email',
  },
  firebaseLogin: {
    request: '`accessToken`: the Firebase ID token from the Google popup sign-in',
    errors: '400 missing token; 401 invalid, expired, another project, or email not verified',
  },
  getUser: { who: 'anyone signed in', errors: '401 missing, malformed, forged or expired token' },
  updateProfile: {
    request:
      'any subset of the profile fields (see [Profile updates](#profile-updates)); unknown keys, `email` and `type_account` are ignored',
    answer: '`message` is `Perfil actualizado correctamente`',
    errors: '400 invalid field; 401; 415 not JSON',
  },
  uploadPhoto: {
    request: 'a file in field `photo`',
    answer: '`photoUrl`: `/uploads/<32 hex>.<png|jpg|webp|gif>`',
    errors:
      '400 no `photo` file or empty; 401; 413 over `MAX_UPLOAD_BYTES`; 415 not PNG/JPEG/WebP/GIF (checked by content) or not multipart',
  },
  forgotPassword: { answer: 'the same answer and timing whether or not the account exists', errors: '400; 429' },
  resetPassword: {
    request: '`token`: from the e-mailed link',
    answer: 'signed in; every earlier session of the account gets 401, and its live streams end',
    errors: '400 password refused by the policy; 404 unknown link; 410 used, replaced or expired link; 429',
  },
  changePassword: {
    answer:
      'the caller goes on with the new token; every other session of the account gets 401, and the live streams opened before end',
    errors:
      '400 wrong current password or policy; 409 Google-only account (no password: use the reset flow); 429 after repeated wrong passwords',
  },
  deleteUser: {
    request: '`password` omitted for Google-only accounts',
    answer:
      'the account and everything it owns are erased; its tokens get 401 and its live streams end; the e-mail can register again',
    errors: '400 missing or wrong password; 409 money still held for the account (saying why); 429',
  },
  getSettings: { errors: '401' },
  updateSettings: { errors: '400; 401' },
  support: {
    who: 'anyone; a session token attaches the user',
    request: '`message` ≤ 5,000 characters; `page`: the path the form was on',
    answer: 'stored (with the signed-in user, if any) and e-mailed to `SUPPORT_EMAIL` with the sender as Reply-To',
    errors: '400; 429',
  },
  newsletter: {
    answer:
      'the same for a new and a repeated subscription (one row per address); a confirmation e-mail carries the unsubscribe link',
    errors: '400; 429',
  },
  unsubscribe: {
    request: '`token`: from the `/unsubscribe?token=…` link; no sign-in',
    errors: '400 malformed; 404 unknown link',
  },
  getAdvertiserProfile: { who: 'advertiser', answer: '`profile` is null until one was sent for review', errors: '403' },
  updateAdvertiserProfile: {
    who: 'advertiser',
    request: '`promotes` (what the company wants to promote) may be omitted: it stays as it was',
    answer: 'a new or rejected profile goes to review; an approved one stays approved',
    errors: '400, 403',
  },
  getAdvertiserChecklist: {
    who: 'advertiser',
    answer:
      'where a new advertiser stands: company profile (`missing` until sent) → approval → funds → campaign → launch; `draftId`: the newest draft, to launch',
    errors: '401, 403',
  },
  createCampaign: {
    who: 'advertiser',
    request: 'pay in integer cents, $1 to $1,000,000',
    answer: 'a draft',
    errors: '400, 403',
  },
  listCampaigns: { who: 'advertiser', answer: 'its own, newest first', errors: '403' },
  getCampaign: { who: 'advertiser', answer: 'offers best match first, each with its creator', errors: '403, 404' },
  updateCampaign: { who: 'advertiser', request: 'any subset of the fields', errors: '400, 403, 404, 409 not a draft' },
  uploadCampaignImage: {
    who: 'advertiser',
    request: 'a file in field `image` (PNG, JPEG, WebP or GIF by content, ≤ `MAX_UPLOAD_BYTES`)',
    errors: '400, 403, 404, 409, 413, 415',
  },
  launchCampaign: {
    who: 'advertiser',
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    answer: 'reserves pay × spots from the balance; queues matching',
    errors:
      '403, 404, 409 out of turn, profile not approved, no platform or language, window over, a short balance (saying how much it needs and what the balance is), or money owed for a card dispute (saying how much); 422 key used for another request',
  },
  addCampaignSpots: {
    who: 'advertiser',
    request:
      '`spots`: how many to add (1–1,000; at most 1,000 in all); optional header `Idempotency-Key` ([Idempotency-Key](#idempotency-key))',
    answer:
      'the campaign with its new spots; reserves pay × the added spots from the balance in the same transaction (the budget grows by as much); queues matching when active',
    errors:
      '400; 401; 403; 404; 409 not active or paused, more than 1,000 spots, a short balance (saying how much it needs and what the balance is), or money owed for a card dispute; 422 key used for another request',
  },
  pauseCampaign: {
    who: 'advertiser',
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    answer: 'the reservation is kept',
    errors: '403, 404, 409 out of turn; 422 key used for another request',
  },
  resumeCampaign: {
    who: 'advertiser',
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    answer: 'queues matching',
    errors: '403, 404, 409 out of turn; 422 key used for another request',
  },
  cancelCampaign: {
    who: 'advertiser',
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    answer: 'open offers expire; the reservation is released except the pay of accepted offers awaiting delivery',
    errors: '403, 404, 409 out of turn; 422 key used for another request',
  },
  searchCreators: {
    who: 'advertiser, approved',
    request:
      'query: `platform` (Twitch, YouTube), `category`, `language` (English, Spanish), `country`, `minViewers`, `maxViewers` (average live viewers), `minFollowers`, `minDeliveryRate` (percent), `q` (a prefix of the handle or display name), `sort` (`viewers`, `followers`, `deliveryRate`, `completed`; highest first, unmeasured last), `page` (1–200), `pageSize` (1–50, 20 by default)',
    answer:
      "creators who published their media kit, as cards of public figures only (channels, followers, average viewers, completed sponsorships, delivery rate, the media kit's `/c/<handle>`); `total` counts up to 1,000 matches, `totalCapped` when there are more",
    errors: '400 bad filter; 401; 403 not an advertiser, or the company profile is not approved',
  },
  listCreatorLists: {
    who: 'advertiser, approved',
    answer: "the advertiser's saved lists, newest first, each with the ids of its listed creators",
    errors: '401, 403',
  },
  createCreatorList: {
    who: 'advertiser, approved',
    request: '`name`: 1–60 characters',
    errors: '400, 401, 403, 409 at most 50 lists',
  },
  getCreatorList: {
    who: "the list's advertiser",
    answer: 'the list and its creators as search shows them; a creator who unpublished the media kit is left out',
    errors: '401, 403, 404',
  },
  renameCreatorList: { who: "the list's advertiser", request: '`name`: 1–60 characters', errors: '400, 401, 403, 404' },
  deleteCreatorList: { who: "the list's advertiser", errors: '401, 403, 404' },
  addToCreatorList: {
    who: "the list's advertiser",
    answer: 'the list; adding a creator already in it changes nothing',
    errors: '401, 403, 404 no such list, or a creator who is not listed; 409 at most 500 creators',
  },
  removeFromCreatorList: {
    who: "the list's advertiser",
    answer: 'the list; a creator not in it changes nothing',
    errors: '401, 403, 404',
  },
  inviteCreator: {
    who: "the campaign's advertiser, approved",
    request: '`creatorId`: a listed creator; `message` (optional, ≤ 2,000 characters) opens the thread',
    answer:
      'an offer, status `invited` and origin `invitation`; no money moves (launching reserved pay × spots); the creator is notified (`Invitation from <brand>`)',
    errors:
      '400; 401; 403 not an advertiser or not approved; 404 no such campaign, or the creator is not listed; 409 campaign not active, the creator already has an offer of it, `All spots of this campaign are taken`, or 3 open offers per free spot already',
  },
  inviteOptions: {
    who: 'advertiser, approved',
    answer:
      "the advertiser's draft, active and paused campaigns, newest first, each with `canInvite` for this creator and, when it cannot, `reason`: the refusal an invitation would get (not launched, paused, an offer already made, no spots left, 3 open offers per free spot)",
    errors: '401; 403 not an advertiser or not approved; 404 the creator is not listed',
  },
  listOffers: {
    who: 'creator, advertiser',
    answer: "the creator's offers, or those of the advertiser's campaigns",
    errors: '400, 403 operator',
  },
  offersOutlook: {
    who: 'creator',
    answer: 'why no offers came and what would change it: profile, channel, what running campaigns ask for, media kit',
    errors: '403 advertiser, operator',
  },
  getOffer: { who: 'its creator or advertiser', errors: '404' },
  acceptOffer: {
    who: 'its creator',
    errors: '403, 404, 409 `All spots of this campaign are taken`, campaign not active, or not invited/info_requested',
  },
  declineOffer: {
    who: 'its creator',
    request: '`reason`: at most 500 characters once trimmed',
    errors: '400 `marketplace.decline_reason_too_long`; 403, 404, 409',
  },
  requestInfo: {
    who: 'its creator',
    answer: 'info_requested; the message opens the thread',
    errors: '400, 403, 404, 409',
  },
  listMessages: {
    who: 'its creator or advertiser',
    request: '`before`: the `earlier` cursor of a page, for the page before it; without it, the newest page',
    answer:
      'at most 50 messages, oldest first: the newest ones (before `before`); `earlier` is the cursor of the page before them, null at the start of the thread',
    errors: '400 not a cursor; 404',
  },
  postMessage: {
    who: 'its creator or advertiser',
    request: 'plain text',
    answer:
      'the other side is notified: one unread notification per thread, counting the new messages, and at most one e-mail per thread per `THREAD_MAIL_QUIET_SECONDS`, a digest of the messages since the last one',
    errors:
      '400, 404, 409 declined or expired; 429 with `Retry-After` after 10 messages a minute in one thread or 30 a minute in all threads (per author)',
  },
  listProposals: {
    who: 'its creator or advertiser',
    answer:
      "every round of the offer's negotiation, oldest first, each with its side, pay, minutes (null: unchanged), message and status",
    errors: '404',
  },
  propose: {
    who: 'its creator or advertiser, in turn',
    request:
      '`payCents` (100–100,000,000), `deliverableMinutes` (1–100,000, or null/absent: unchanged), `message` (1–2,000 characters)',
    answer:
      "the offer with its new open `proposal`: the creator opens on an invited or info_requested offer, or counters the advertiser's open proposal; the advertiser counters the creator's open proposal (which becomes `countered`). Written in the thread; the other side is notified",
    errors:
      '400; 404; 409 out of turn (a proposal of theirs is waiting, or no creator proposal to counter), the offer is not invited/info_requested, or the proposal was answered meanwhile',
  },
  acceptProposal: {
    who: 'its creator or advertiser, the side that did not write it',
    answer:
      "the offer, accepted at the proposal's pay and minutes, in one transaction: a spot is taken and the campaign's reservation grows by (agreed − campaign pay) from the advertiser's balance, or shrinks by the difference back to it",
    errors:
      "403 their own proposal; 404; 409 not open, campaign not active or full, no connected channel, or 'Accepting needs $N more than your balance holds: add funds first'",
  },
  declineProposal: {
    who: 'its creator or advertiser, the side that did not write it',
    answer: 'the offer, open at its previous terms; the proposal is `declined`',
    errors: '403 their own proposal; 404; 409 not open',
  },
  listNotifications: { who: 'anyone signed in', answer: 'the newest 50 not cleared', errors: '401' },
  readNotifications: { who: 'anyone signed in', errors: '400' },
  clearNotifications: { who: 'anyone signed in', answer: 'cleared ones never come back', errors: '400' },
  eventsTicket: {
    who: 'anyone signed in',
    answer:
      'an HMAC-signed `{ user, session version, id, expiry }` for `GET /api/events`: it opens one stream, once, within 60 seconds',
    errors: '401',
  },
  events: {
    who: "the ticket's user",
    request: '`Last-Event-ID` header or `lastEventId`: resume after that notification',
    answer:
      "`text/event-stream`: `event: ready` (`{ unread }`), then `event: notification` with `id:` the notification id and its JSON, and `event: archive` (no id, not stored: `{ type: 'archive.updated', platform }`, at most once per 5 s per channel) when the user's chat archive grew; `: keep-alive` every 15 s; a resume also sends those made up to 60 s before the id (a lower id may commit later, or arrive later from another instance; the client keeps each id once); after the instances' transport reconnects, every open stream reads what it missed; the stream ends when its session does (password changed or reset, account deleted: on every instance)",
    errors:
      '400; 401 missing, expired or forged ticket, a ticket already used (one opens one stream), or its session ended',
  },
  adminAdvertisers: { who: 'operator', errors: '403' },
  approveAdvertiser: { who: 'operator', errors: '403, 404, 409 not pending' },
  rejectAdvertiser: { who: 'operator', errors: '400, 403, 404, 409' },
  adminCampaigns: { who: 'operator', errors: '403' },
  adminUsers: { who: 'operator', errors: '403' },
  adminTickets: { who: 'operator', errors: '403' },
  listPayoutMethods: { who: 'creator', answer: '`display`: `•••• 1234` or the PayPal e-mail', errors: '401, 403' },
  addPayoutMethod: {
    who: 'creator',
    request: '`routingNumber`: ABA, checked by its checksum; `accountNumber`: 4–17 digits',
    answer: 'one method per kind (connecting again replaces it); the first is the default',
    errors: '400, 401, 403',
  },
  deletePayoutMethod: {
    who: 'creator',
    answer: 'removing the default makes the other one the default',
    errors: '401, 403, 404',
  },
  getStripePayouts: {
    who: 'creator',
    answer:
      "`available`: the `stripe` rail is configured; `state` `none` | `needs` (Stripe's `currentlyDue`) | `restricted` (`disabledReason`) | `complete` (payouts enabled), as Stripe's last `account.updated` said",
    errors: '401, 403',
  },
  startStripeOnboarding: {
    who: 'creator',
    answer:
      "`url`: Stripe's onboarding (an Account Link, `account_onboarding`) for the caller's Express account, made on the first call and kept; it returns to `/set-payout-method/stripe`",
    errors: '401, 403, 404 the `stripe` rail is not configured, 502 Stripe refused',
  },
  requestPayout: {
    who: 'creator',
    request: 'header `Idempotency-Key` (8–255 visible characters); `method_id` defaults to the default method',
    answer: 'the same key answers the same payout',
    errors:
      "400 no key, amount below `MIN_PAYOUT_CENTS`; 403; 404 not the caller's method; 409 above the available balance, no payout method, key reused for another amount; 429",
  },
  listPayouts: { who: 'creator', answer: 'newest first', errors: '401, 403' },
  getEarnings: { who: 'creator', errors: '401, 403' },
  getTaxForm: {
    who: 'creator',
    answer:
      'the form on file (`null` until one is filed) with `tinMasked` (`•••-••-1234`, `••-•••1234`, `••••1234`); the full TIN is never answered',
    errors: '401, 403',
  },
  submitTaxForm: {
    who: 'creator',
    request:
      '`kind` `w9` (legal name, business type, `tinType` `ssn` | `ein` and `tin`: an SSN is nine digits, area not 000/666/9xx, group not 00, serial not 0000; an EIN nine digits with a prefix the IRS assigns; US address; `certified`, `signedName`) or `w8ben` (legal name, country of citizenship, address, date of birth, `foreignTin` 1–20 characters or `null` with `foreignTinNotRequiredReason`, optional `treaty`: country, article, rate 0–30 %, income type; `certified`, `signedName`)',
    answer: 'the new form, masked; the earlier one is superseded (kept)',
    errors:
      '400 invalid field (the TIN is never echoed), 401, 403, 429 five forms filed already this UTC day (the message and Retry-After say when the next is taken)',
  },
  export1099: {
    who: 'operator',
    request: '`year`: the calendar year',
    answer:
      "`text/csv` attachment: one row per US creator (current form a W-9) whose payouts paid that year (the ledger's `payout_paid` transfers) reach $600, with the TIN masked; the full TINs for filing come only from `npm run admin -- 1099 --year YYYY --out FILE`",
    errors: '400 bad year, 401, 403',
  },
  getAdvertiserBalance: { who: 'advertiser', errors: '401, 403' },
  getFundingDetails: {
    who: 'advertiser',
    answer:
      "`reference`: the advertiser's own transfer reference (`CB-XXXX-XXXX`, made on first read, never changed; an operator's deposit form finds the advertiser by it); `instructions`: the bank details an operator published, null until then",
    errors: '401, 403',
  },
  confirmDelivery: {
    who: "the campaign's advertiser",
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    answer: 'completed, with `completedAt` and `earnedCents`: the creator is paid',
    errors:
      "403 other roles, 404 another advertiser's offer, 409 not accepted or already completed; 422 key used for another request",
  },
  createDeposit: {
    who: 'advertiser',
    request:
      '`amountCents` $10–$50,000 (what the balance rises by), `method` `card` or `us_bank_account`; optional header `Idempotency-Key`',
    answer:
      "the deposit (`open`) with its fee and gross (amount + fee, charged), and `checkoutUrl`, Stripe's payment page: the balance rises when Stripe's signed webhook says the payment succeeded",
    errors: '400, 401, 403, 422 key used for another request, 429',
  },
  getDeposit: {
    who: 'advertiser',
    answer: 'the deposit as it stands: `open`, `processing` (a bank debit), `succeeded`, `failed` or `expired`',
    errors: "401, 403, 404 another advertiser's",
  },
  cancelDeposit: {
    who: 'advertiser',
    answer:
      "the deposit after the advertiser cancelled on Stripe's page: its Checkout Session expired at Stripe (it can no longer be paid) and the deposit `expired`; a payment already made or under way is answered as it stands, untouched",
    errors: "401, 403, 404 another advertiser's, 502 Stripe did not answer",
  },
  requestRefund: {
    who: 'advertiser',
    request: '`amountCents` at most the free balance; optional header `Idempotency-Key`',
    answer:
      'the pieces: each card payment refunded through Stripe (newest first, up to what it has left), the rest by the operator (wired money); the amount leaves the free balance at once',
    errors:
      '400, 401, 403, 409 above the free balance, or money owed for a card dispute (saying how much); 422 key used for another request, 429',
  },
  listRefunds: { who: 'advertiser', answer: 'newest first', errors: '401, 403' },
  listDocuments: {
    who: 'creator, advertiser',
    answer:
      'newest first, titled in the request’s language: deposit and refund receipts (advertisers), payout statements and yearly statements (creators; a yearly statement is issued on the first listing after a calendar year the creator earned in ends)',
    errors: '401, 403',
  },
  downloadDocument: {
    who: 'creator, advertiser',
    answer:
      '`application/pdf` as an attachment named after its number, in the request’s language (Accept-Language, else the account’s); the same bytes on every download in that language',
    errors: "401, 403, 404 another user's",
  },
  adminCardDisputes: { who: 'operator', answer: 'open ones first', errors: '401, 403' },
  adminRefunds: { who: 'operator', answer: 'manual ones waiting first, then the rest', errors: '401, 403' },
  markRefundSent: {
    who: 'operator',
    request: '`reference` of the wire sent; optional header `Idempotency-Key`',
    errors:
      '400, 403, 404, 409 not a waiting manual refund, or its advertiser owes for a card dispute (mark it failed: its amount pays the debt); 422 key used for another request',
  },
  markRefundFailed: {
    who: 'operator',
    request: '`reason`; optional header `Idempotency-Key`',
    answer: 'the amount returns to the advertiser’s balance',
    errors: '400, 403, 404, 409 not a waiting manual refund; 422 key used for another request',
  },
  recordDeposit: {
    who: 'operator',
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    errors: '400, 403, 404 not an advertiser; 422 key used for another request',
  },
  getTransferInstructions: { who: 'operator', answer: 'null until published', errors: '401, 403' },
  updateTransferInstructions: {
    who: 'operator',
    request: '`instructions` ≤ 2,000 characters; empty clears them',
    answer: 'what advertisers now read on Funds',
    errors: '400, 401, 403',
  },
  adminPayouts: {
    who: 'operator',
    answer: 'open ones first (with `destination`, the full details, while a manual payout is open), then decided ones',
    errors: '403',
  },
  markPayoutPaid: {
    who: 'operator',
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    errors: '400, 403, 404, 409 already decided; 422 key used for another request',
  },
  markPayoutFailed: {
    who: 'operator',
    request:
      'optional header `Idempotency-Key`: a repeat gets the first answer again, with no second effect ([Idempotency-Key](#idempotency-key))',
    answer: 'the amount returns to the creator',
    errors: '400, 403, 404, 409; 422 key used for another request',
  },
  stripeWebhook: {
    who: 'Stripe (signature in `Stripe-Signature`)',
    request: 'the event, read raw (the signature covers its bytes)',
    answer:
      '`checkout.session.completed`, `checkout.session.async_payment_succeeded` / `_failed`, `checkout.session.expired` settle a card or bank-debit deposit; `charge.dispute.created` / `closed` hold and settle a dispute; `refund.updated` settles a refund. Each event once, by its id',
    errors:
      "400 bad signature, a connected account's event (those come to `stripeConnectWebhook`); 404 Stripe not configured",
  },
  stripeConnectWebhook: {
    who: 'Stripe (signature in `Stripe-Signature`, with `STRIPE_CONNECT_WEBHOOK_SECRET`)',
    request:
      "a connected account's event (its `account` set), read raw; a signature older than 300 s or from the future is refused",
    answer:
      '`account.updated` records what Stripe still needs and whether payouts are enabled (the `stripe` rail pays only then); `payout.paid`, `payout.failed`, `payout.canceled` settle the payout. Each event once, by its id',
    errors:
      "400 bad signature (the platform's secret included), a platform event (no `account`); 404 Connect not configured",
  },
  youtubeFeedVerify: {
    who: "YouTube's WebSub hub",
    request:
      "`?channel=<id>` (our callback) and the hub's `hub.mode`, `hub.topic` (the channel's feed), `hub.challenge`, `hub.lease_seconds`",
    answer:
      '`200` with the challenge as plain text, only for a subscription Castbridge asked for (the lease starts then) or a removal it asked for',
    errors: '404 a subscription Castbridge did not ask for (the hub does not activate it)',
  },
  youtubeFeedPush: {
    who: "YouTube's WebSub hub (signature in `X-Hub-Signature`, the HMAC of the body with the channel's `hub.secret`)",
    request: "`?channel=<id>`; the feed's Atom entries, read raw (the signature covers their bytes)",
    answer:
      'each entry of that channel becomes a video the live watch reads with videos.list at its next poll (a deleted one, gone); `received`: how many',
    errors: '403 unsigned or a signature that does not match; 404 no feed of that channel; 413 over 256 KiB',
  },
  getOverlay: {
    who: 'creator',
    answer:
      "`size`: % of the scene's width; `url`: `PUBLIC_URL` (or the server's origin) + `path` (`/overlay/<token>`); made on first read",
    errors: '401, 403',
  },
  updateOverlay: {
    who: 'creator',
    request: '`size` 20, 25, 30, 40 or 50; `rotationSeconds` 10, 15, 20, 30, 45 or 60',
    answer: 'open overlay pages get the new state',
    errors: '400 unknown keys, values outside the lists, nothing to change; 401, 403',
  },
  rotateOverlayToken: { who: 'creator', answer: 'a new token; pages on the old one get `revoked`', errors: '401, 403' },
  overlayStream: {
    who: 'the overlay token',
    answer:
      '`text/event-stream`: `event: state` (id = version) with `{ version, enabled, position, size, rotationSeconds, creatives: [{ offerId, brand, title, image, disclosure }] }` on connect and on every change (`creatives` is empty while switched off); `event: revoked` then the end when the token is replaced; `: keep-alive` every 15 s',
    errors: '400, 404 unknown token',
  },
  overlayHeartbeat: {
    who: 'the overlay token (in the body)',
    request: '`seconds`: 1–60, whole; `beatId`: 8–64 characters, a retry repeats it',
    answer:
      'the seconds are a claim: they count once the platform confirms the channel was live and disclosed through them ([Verified delivery](product.md#verified-delivery)); `completed` says whether the offer is completed, which happens when the verified seconds meet the deliverable, never on a heartbeat',
    errors: "400, 404 unknown token or not this overlay's active offer, 409 switched off",
  },
  offerDisplay: {
    who: "the offer's creator or its campaign's advertiser",
    answer:
      'claimed, verified and unverified seconds (by why), impressions and effective CPM; each session with its viewer samples, the platform recording at its start (`evidenceUrl`) and its archived chat messages; the review window once completed (its `holdReasons` are always empty here: operators read them in `/admin`); `evidence`: each deliverable the campaign asks for with its evidence (as `GET /api/offers/:id/evidence`)',
    errors: '401, 404 anyone else',
  },
  overlayPresence: {
    who: 'the overlay token (in the body)',
    request: '`host`: where the page runs; only `program` (on Program while OBS streams) counts',
    answer:
      "`{ received: true }`: stored as the page's latest report (a page reports every 15 s; the creator reads the verdict with `GET /api/overlay/status`, so a report costs one shared write)",
    errors: '400, 404 unknown token',
  },
  overlayStatus: {
    who: 'creator',
    answer:
      'whether the overlay is being counted now and, if not, the first reason (`switched_off`, `no_offer`, `no_channel`, `no_page`, `browser`, `not_program`, `not_streaming`, `offline`, `undisclosed`); the channels as the platform last reported them',
    errors: '401, 403',
  },
  disputeDelivery: {
    who: "the campaign's advertiser",
    request: '`reason`: 10–1000 characters',
    answer: 'the review, now `disputed`: the pay stays pending until an operator resolves it',
    errors:
      "400, 403, 404 not the advertiser's offer, 409 no review window open (not completed by the overlay, released, already disputed or resolved, or the window ended)",
  },
  adminReviews: {
    who: 'operator',
    answer:
      'held and disputed earnings, oldest first, each with the evidence of every deliverable its campaign asks for (as `GET /api/offers/:id/evidence`)',
    errors: '401, 403',
  },
  resolveReview: {
    who: 'operator',
    request:
      '`payCents`: 0 to the earning, what the creator gets (the rest returns to the advertiser); `reason`: shown to both; optional header `Idempotency-Key`',
    answer: 'the review, now `resolved`',
    errors: '400, 403, 404, 409 not held or disputed, 422 more than the earning',
  },
  adminBudgets: {
    who: 'operator',
    answer:
      "each Twitch and YouTube credential's budget in its window (points a minute, units a day): capacity, spent, remaining, when it resets, whether the platform refused until a time and why (its answer as it gave it: `429`, `quotaExceeded`); the calls waiting for it on the instance that answered (and why: `spent` or `refused`) and the work put off until it resets, by purpose; purposes and reasons are codes (`contract/budgets.ts`) for the client to word; empty before any platform call",
    errors: '401, 403',
  },
  listConnections: {
    who: 'creator',
    answer: '`settings`: what to set when the platform is not configured',
    errors: '401, 403',
  },
  startConnection: {
    who: 'creator',
    answer: "`url`: the platform's consent page (PKCE and state)",
    errors: '401, 403, 404 unknown platform, 409 not configured',
  },
  connectionCallback: {
    who: 'the `state`',
    request: "the platform's `?code=&state=` or `?error=&state=`",
    answer:
      '`302` to `/connect-accounts?platform=<platform>&complete=<token>` (good once, 10 minutes), or `?platform=<platform>&error=<code>`, a code of `CONNECT_ERRORS` (contract/connections.ts): `denied`, `state_missing`, `state_mismatch`, `expired`, `provider_error`, `code_missing`; never text',
    errors: '404 unknown platform',
  },
  completeConnection: {
    who: 'the creator who started it',
    errors:
      "400, 401, 403 other roles or another creator's connection (the token is spent), 404 unknown platform, 409 unknown, used or expired token, the platform refused the code, or the channel is another account's; 424 the platform could not be reached",
  },
  disconnect: {
    who: 'creator',
    answer: 'the connection without its account; revoked at the platform',
    errors: '401, 403, 404 nothing connected',
  },
  analytics: {
    who: 'creator or advertiser',
    answer:
      "by role: a creator's series per platform and sponsorships, or an advertiser's campaigns (see [Analytics](user-guide.md#analytics))",
    errors: '400 (range), 401, 403 operators',
  },
  archiveDays: {
    who: 'creator',
    answer: 'newest first (with `date`: that day and the streams that ran on it)',
    errors: '400, 401, 403',
  },
  archiveMessages: {
    who: 'creator',
    request:
      "a `date` or a `stream` id; `after`: the previous page's `next`; `at`: `HH:MM` (UTC; a stream's on the day it started) to open at",
    answer: '200 messages a page; `stream` as listed, or null for a day',
    errors: '400, 401, 403, 404 no archive of yours that day, or no such stream of yours',
  },
  archiveSearch: {
    who: 'creator',
    request: 'words and/or a chatter (a login); either end of the date range may be left open',
    answer: 'newest first, 50 a page',
    errors: '400 neither words nor chatter, or a date that is no day of the calendar; 401, 403',
  },
  archiveExport: {
    who: 'creator',
    request: 'a day, a stream, a search or a range',
    answer: 'streamed `application/x-ndjson`, `text/csv` or `text/plain` as an attachment',
    errors: '400, 401, 403',
  },
  archiveSettings: {
    who: 'creator',
    answer: 'the ingester joins or leaves',
    errors: '400, 401, 403, 409 no connected account, or the platform not configured',
  },
  deleteArchiveDay: { who: 'creator', errors: '400, 401, 403, 404 nothing that day' },
  deleteArchiveStream: {
    who: 'creator',
    answer: "the stream's messages, events and the stream",
    errors: '401, 403, 404 no such stream of yours',
  },
  deleteArchiveChatter: {
    who: 'creator',
    request: "`:chatterId`: the chatter's id on the platform (their messages' `chatterId`)",
    answer: 'every message of that chatter, under any name, and the moderation events naming them',
    errors: '400, 401, 403, 404 nothing from them',
  },
  deleteArchive: { who: 'creator', answer: 'everything (of the platform)', errors: '401, 403' },
  getMediaKit: {
    who: 'creator',
    answer:
      "the saved handle (or a suggestion from the connected channel's login until one is saved), whether it is published, the page's `url` (`PUBLIC_URL` or the server's origin + `/c/<handle>`) and the public `facts` the page shows: the public name, channels with platform-verified followers and average live viewers, category, language, country, audience countries where a platform gives them, completed sponsorships and the delivery rate",
    errors: '401, 403',
  },
  updateMediaKit: {
    who: 'creator',
    request:
      '`handle`: 3–30 lower-case letters, digits and underscores (trimmed and lower-cased first); `published`: while true the page `/c/<handle>` is shown and the creator is listed in brand search (off by default)',
    answer:
      'as `GET /api/media-kit`; publishing, unpublishing and a new handle take effect at once (the creator directory row is written in the same transaction)',
    errors: "400 bad handle; 401, 403; 409 'That handle is taken'",
  },
  getOfferDeliverables: {
    who: "the offer's creator or its campaign's advertiser",
    answer:
      "each deliverable the campaign asks for with its progress: overlay seconds verified, counted and refused clicks with the tracked link, the bot's posts with its preview, pause and consent, the promo code and its redemptions; `met`; with pay per click what the clicks earned so far (at most the cap)",
    errors: "401, 403, 404 not the caller's offer, 409 not accepted yet",
  },
  offerEvidence: {
    who: "the offer's creator, its campaign's advertiser, or an operator",
    answer:
      "each deliverable the campaign asks for with its evidence (one it does not ask for is null): overlay seconds verified against the target; the tracked link's counted clicks and its refused ones by why (bot, repeat, over a limit, not active), in total and per UTC day; the promo code's redemptions with their order ids (the newest 200); the bot's posts with the platform's message ids or why they were dropped (the newest 100). The proof report (`GET /api/offers/:id/display`) and the operator's reviews carry the same",
    errors: "401, 404 not the caller's offer (an operator: no such offer)",
  },
  getOfferBot: {
    who: "the offer's creator or its campaign's advertiser",
    answer:
      "the progress and the bot's last 100 posts (scheduled and answers to the command), newest first, each with the platform's message id as proof or why it was dropped",
    errors: "401, 403, 404 not the caller's offer or the campaign has no chat deliverable",
  },
  pauseOfferBot: {
    who: "the offer's creator",
    request: '`paused`: true stops the bot posting for this offer at once; false lets it post again',
    errors:
      "400, 401, 403, 404 not the creator's offer or no chat deliverable, 409 the offer is not accepted or active",
  },
  setBotConsent: {
    who: 'creator',
    request:
      "`consent`: true lets Castbridge's bot post sponsors' messages in this platform's chat (Twitch needs the `channel:bot` grant: connect again when missing); false withdraws it and the bot stops at once",
    errors: '400, 401, 403, 404 unknown platform or not connected, 409 the grant lacks the scope the bot needs',
  },
  listPromoCodes: {
    who: "the campaign's advertiser",
    answer:
      'one row per accepted offer: the creator, the code (null until assigned) and its counted redemptions; whether a redemption key was issued',
    errors: '401, 403, 404, 409 the campaign has no promo deliverable',
  },
  setPromoCodes: {
    who: "the campaign's advertiser",
    request:
      "`codes`: `[{ offerId, code }]` (replaces an offer's code; unique in the campaign, case-insensitive) or `generate: true` (a code for every accepted offer without one)",
    errors:
      "400, 401, 403, 404 the campaign or an offer not the campaign's, 409 no promo deliverable or a code already taken",
  },
  createRedemptionKey: {
    who: "the campaign's advertiser",
    answer: '`key`: `cbr_…`, shown this once (stored hashed); a new key replaces the old one at once',
    errors: '401, 403, 404, 409 the campaign has no promo deliverable',
  },
  uploadRedemptions: {
    who: "the campaign's advertiser",
    request:
      'a `text/csv` body: a header with `order_id` and `code`, optionally `amount` (dollars, e.g. 49.99) and `redeemed_at` (ISO 8601); at most 10,000 rows',
    answer: 'how many were added, how many order ids were already recorded, and the refused lines with why',
    errors: '400 not CSV or no such columns, 401, 403, 404, 409 the campaign has no promo deliverable, 413 too large',
  },
  postRedemption: {
    who: "the campaign's redemption key in `Authorization: Bearer cbr_…`",
    request: 'one request per redemption; the same `orderId` again records nothing and answers `duplicate: true`',
    answer: "`counted`: false when the code's offer was not active at `redeemedAt`",
    errors: "400, 401 no or unknown key, 404 no such code in the key's campaign, 429",
  },
  campaignReport: {
    who: "the campaign's advertiser",
    answer:
      "per UTC day from the campaign's start to today (or `from`–`to`): verified seconds, impressions, counted and refused clicks, redemptions, bot posts and spend; totals with click rate, CPM and CPC; one row per creator. `offerId`: one creator's",
    errors: "400, 401, 403, 404 not the advertiser's campaign or offer",
  },
  campaignReportCsv: {
    who: "the campaign's advertiser",
    answer: "the report's days as a `text/csv` attachment (same query)",
    errors: '400, 401, 403, 404',
  },
  listReportShares: {
    who: "the campaign's advertiser",
    answer: 'its share links, newest first (no URL: the token is stored hashed)',
    errors: '401, 403, 404',
  },
  createReportShare: {
    who: "the campaign's advertiser",
    request: '`label`: who it is for',
    answer: '`url`: the read-only page /reports/<token>, shown this once',
    errors: '400, 401, 403, 404',
  },
  revokeReportShare: {
    who: "the campaign's advertiser",
    answer: 'the share, now revoked: its page stops at once',
    errors: '401, 403, 404',
  },
  sharedReport: {
    who: 'the share token',
    answer: "the campaign's report as its advertiser reads it (no money balances, no other campaign)",
    errors: '404 unknown or revoked token, 429',
  },
} as const satisfies Record<EndpointName, EndpointDoc>;

/**
 * The roles that may call each role-limited endpoint (docs/api.md §Conventions). server/http/route.ts answers any other
 * role 403 before it reads the body or the query, so the wrong role learns nothing of what the endpoint accepts; an
 * endpoint not listed serves anyone signed in (or needs no session), or only the parties of the record its path
 * names (an offer's creator and its campaign's advertiser: anyone else, an operator too, gets 404 as if it did not
 * exist). Each entry names the roles its endpointDocs `who` names (test/server/authorization.test.ts checks it). A
 * table apart from `endpoints`, which the client imports: the client never reads this one, so it stays out of the
 * bundle.
 */
export const endpointRoles = {
  getAdvertiserProfile: ['advertiser'],
  updateAdvertiserProfile: ['advertiser'],
  getAdvertiserChecklist: ['advertiser'],
  createCampaign: ['advertiser'],
  listCampaigns: ['advertiser'],
  getCampaign: ['advertiser'],
  updateCampaign: ['advertiser'],
  uploadCampaignImage: ['advertiser'],
  launchCampaign: ['advertiser'],
  pauseCampaign: ['advertiser'],
  resumeCampaign: ['advertiser'],
  cancelCampaign: ['advertiser'],
  addCampaignSpots: ['advertiser'],
  searchCreators: ['advertiser'],
  listCreatorLists: ['advertiser'],
  createCreatorList: ['advertiser'],
  getCreatorList: ['advertiser'],
  renameCreatorList: ['advertiser'],
  deleteCreatorList: ['advertiser'],
  addToCreatorList: ['advertiser'],
  removeFromCreatorList: ['advertiser'],
  inviteCreator: ['advertiser'],
  inviteOptions: ['advertiser'],
  listOffers: ['creator', 'advertiser'],
  offersOutlook: ['creator'],
  acceptOffer: ['creator'],
  declineOffer: ['creator'],
  requestInfo: ['creator'],
  adminAdvertisers: ['operator'],
  approveAdvertiser: ['operator'],
  rejectAdvertiser: ['operator'],
  adminCampaigns: ['operator'],
  adminUsers: ['operator'],
  adminTickets: ['operator'],
  listPayoutMethods: ['creator'],
  addPayoutMethod: ['creator'],
  deletePayoutMethod: ['creator'],
  getStripePayouts: ['creator'],
  startStripeOnboarding: ['creator'],
  requestPayout: ['creator'],
  listPayouts: ['creator'],
  getEarnings: ['creator'],
  getTaxForm: ['creator'],
  submitTaxForm: ['creator'],
  export1099: ['operator'],
  getAdvertiserBalance: ['advertiser'],
  getFundingDetails: ['advertiser'],
  confirmDelivery: ['advertiser'],
  createDeposit: ['advertiser'],
  getDeposit: ['advertiser'],
  cancelDeposit: ['advertiser'],
  requestRefund: ['advertiser'],
  listRefunds: ['advertiser'],
  listDocuments: ['creator', 'advertiser'],
  downloadDocument: ['creator', 'advertiser'],
  adminCardDisputes: ['operator'],
  adminRefunds: ['operator'],
  markRefundSent: ['operator'],
  markRefundFailed: ['operator'],
  recordDeposit: ['operator'],
  getTransferInstructions: ['operator'],
  updateTransferInstructions: ['operator'],
  adminPayouts: ['operator'],
  markPayoutPaid: ['operator'],
  markPayoutFailed: ['operator'],
  disputeDelivery: ['advertiser'],
  adminReviews: ['operator'],
  resolveReview: ['operator'],
  adminBudgets: ['operator'],
  getOverlay: ['creator'],
  overlayStatus: ['creator'],
  updateOverlay: ['creator'],
  rotateOverlayToken: ['creator'],
  listConnections: ['creator'],
  startConnection: ['creator'],
  completeConnection: ['creator'],
  disconnect: ['creator'],
  analytics: ['creator', 'advertiser'],
  archiveDays: ['creator'],
  archiveMessages: ['creator'],
  archiveSearch: ['creator'],
  archiveExport: ['creator'],
  archiveSettings: ['creator'],
  deleteArchiveDay: ['creator'],
  deleteArchiveStream: ['creator'],
  deleteArchiveChatter: ['creator'],
  deleteArchive: ['creator'],
  getMediaKit: ['creator'],
  updateMediaKit: ['creator'],
  getOfferDeliverables: ['creator', 'advertiser'],
  offerEvidence: ['creator', 'advertiser', 'operator'],
  getOfferBot: ['creator', 'advertiser'],
  pauseOfferBot: ['creator'],
  setBotConsent: ['creator'],
  listPromoCodes: ['advertiser'],
  setPromoCodes: ['advertiser'],
  createRedemptionKey: ['advertiser'],
  uploadRedemptions: ['advertiser'],
  campaignReport: ['advertiser'],
  campaignReportCsv: ['advertiser'],
  listReportShares: ['advertiser'],
  createReportShare: ['advertiser'],
  revokeReportShare: ['advertiser'],
} as const satisfies Partial<Record<EndpointName, readonly Role[]>>;
