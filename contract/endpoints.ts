// Every endpoint of the API by name: method, path and how it authenticates. Plain data without zod, so the client
// builds its requests from it at no bundle cost; ./index.ts pairs each name with its schemas.

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
  // The marketplace (issue 13). Campaign endpoints: advertisers only; offers: the creator or the campaign's advertiser.
  getAdvertiserProfile: { method: 'GET', path: '/api/advertiser/profile', auth: 'bearer' },
  updateAdvertiserProfile: { method: 'PUT', path: '/api/advertiser/profile', auth: 'bearer' },
  createCampaign: { method: 'POST', path: '/api/campaigns', auth: 'bearer' },
  listCampaigns: { method: 'GET', path: '/api/campaigns', auth: 'bearer' },
  getCampaign: { method: 'GET', path: '/api/campaigns/:id', auth: 'bearer' },
  updateCampaign: { method: 'PATCH', path: '/api/campaigns/:id', auth: 'bearer' },
  uploadCampaignImage: { method: 'POST', path: '/api/campaigns/:id/image', auth: 'bearer' },
  launchCampaign: { method: 'POST', path: '/api/campaigns/:id/launch', auth: 'bearer' },
  pauseCampaign: { method: 'POST', path: '/api/campaigns/:id/pause', auth: 'bearer' },
  resumeCampaign: { method: 'POST', path: '/api/campaigns/:id/resume', auth: 'bearer' },
  cancelCampaign: { method: 'POST', path: '/api/campaigns/:id/cancel', auth: 'bearer' },
  listOffers: { method: 'GET', path: '/api/offers', auth: 'bearer' },
  getOffer: { method: 'GET', path: '/api/offers/:id', auth: 'bearer' },
  acceptOffer: { method: 'POST', path: '/api/offers/:id/accept', auth: 'bearer' },
  declineOffer: { method: 'POST', path: '/api/offers/:id/decline', auth: 'bearer' },
  requestInfo: { method: 'POST', path: '/api/offers/:id/request-info', auth: 'bearer' },
  listMessages: { method: 'GET', path: '/api/offers/:id/messages', auth: 'bearer' },
  postMessage: { method: 'POST', path: '/api/offers/:id/messages', auth: 'bearer' },
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
  // Money (issue 14). Payout methods: creators only (others 403); another creator's method answers 404.
  listPayoutMethods: { method: 'GET', path: '/api/payout-methods', auth: 'bearer' },
  addPayoutMethod: { method: 'POST', path: '/api/payout-methods', auth: 'bearer' },
  deletePayoutMethod: { method: 'DELETE', path: '/api/payout-methods/:id', auth: 'bearer' },
  // Payouts and earnings: creators only. POST /api/payouts needs an Idempotency-Key header.
  requestPayout: { method: 'POST', path: '/api/payouts', auth: 'bearer' },
  listPayouts: { method: 'GET', path: '/api/payouts', auth: 'bearer' },
  getEarnings: { method: 'GET', path: '/api/earnings', auth: 'bearer' },
  // Advertisers: their funds; the advertiser of the offer's campaign confirms its delivery (the creator earns).
  getAdvertiserBalance: { method: 'GET', path: '/api/advertiser/balance', auth: 'bearer' },
  confirmDelivery: { method: 'POST', path: '/api/offers/:id/confirm-delivery', auth: 'bearer' },
  // Operators: deposits (the manual funding rail) and the manual payout rail.
  recordDeposit: { method: 'POST', path: '/api/admin/deposits', auth: 'bearer' },
  adminPayouts: { method: 'GET', path: '/api/admin/payouts', auth: 'bearer' },
  markPayoutPaid: { method: 'POST', path: '/api/admin/payouts/:id/paid', auth: 'bearer' },
  markPayoutFailed: { method: 'POST', path: '/api/admin/payouts/:id/failed', auth: 'bearer' },
  // Stripe's signed webhook (payout.paid, payout.failed of connected accounts): the signature authenticates it.
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe', auth: 'none' },
  // The overlay for OBS (issue 15). Settings: creators only. The stream and the heartbeat are authenticated by the
  // overlay token alone (the browser source sends no session); an unknown token is a plain 404.
  getOverlay: { method: 'GET', path: '/api/overlay', auth: 'bearer' },
  updateOverlay: { method: 'PUT', path: '/api/overlay', auth: 'bearer' },
  rotateOverlayToken: { method: 'POST', path: '/api/overlay/rotate', auth: 'bearer' },
  overlayStream: { method: 'GET', path: '/api/overlay/stream', auth: 'none' },
  overlayHeartbeat: { method: 'POST', path: '/api/overlay/heartbeat', auth: 'none' },
  // An offer's display proof: its creator or its campaign's advertiser (others 404).
  offerDisplay: { method: 'GET', path: '/api/offers/:id/display', auth: 'bearer' },
  // Connected accounts (issue 16): creators only (others 403). The callback is the provider's redirect: its `state`
  // (bound to the creator who started) authenticates it, and it answers with a redirect to /connect-accounts.
  listConnections: { method: 'GET', path: '/api/connections', auth: 'bearer' },
  startConnection: { method: 'POST', path: '/api/connections/:platform/start', auth: 'bearer' },
  connectionCallback: { method: 'GET', path: '/api/connections/:platform/callback', auth: 'none' },
  completeConnection: { method: 'POST', path: '/api/connections/:platform/complete', auth: 'bearer' },
  disconnect: { method: 'DELETE', path: '/api/connections/:platform', auth: 'bearer' },
  // Analytics (issue 17): a creator's series, Castbridge's own figures and sponsorships; an advertiser's campaigns.
  analytics: { method: 'GET', path: '/api/analytics', auth: 'bearer' },
  // The chat archive (issue 16): creators only (others 403); another creator's archive is never reached (each call
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
} as const satisfies Record<string, EndpointMeta>;

export type EndpointName = keyof typeof endpoints;
