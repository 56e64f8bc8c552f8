// The contract holds: every endpoint of contract/endpoints.ts answers its success body in the shape of its response
// schema and its failures as { message }, on SQLite and PostgreSQL; and a route that drifts from its contract fails.
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorBody, schemas, type EndpointName } from '../../contract/index.ts';
import { route } from '../../server/http/route.ts';
import type { AppEnv } from '../../server/http/session.ts';
import { createResetLinks } from '../../server/accounts/resets.ts';
import { unsubscribeToken } from '../../server/public/routes.ts';
import {
  BACKENDS,
  makeBackend,
  photoForm,
  PNG_1PX,
  startApp,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  testConfig,
  tokenSubject,
  uniqueEmail,
  type Answer,
  type Backend,
  type Client,
} from './helpers.ts';
import {
  account,
  campaignInput,
  connectChannel,
  englishCreator,
  fileTaxForm,
  W9_FORM,
  type Account,
} from './market.ts';

/** One successful call of each endpoint; a missing endpoint is a compile error. */
/** The saved list the creator-list calls make and use. */
let creatorListId = '';

const calls = {
  health: (api) => api.request('GET', '/api/health'),
  passwordPolicy: (api) => api.request('GET', '/api/auth/password-policy'),
  register: (api, ctx) =>
    api.request('POST', '/api/auth/register', {
      json: { email: ctx.email, password: STRONG_PASSWORD, type_account: 'Influencer' },
    }),
  jwtLogin: (api, ctx) =>
    api.request('POST', '/api/auth/jwt-login', {
      json: { email: ctx.email, password: STRONG_PASSWORD, firebaseResponse: null },
    }),
  // The Firebase exchange needs the Auth emulator; its success is covered in firebase-login.test.ts. Its failure shape is checked below.
  firebaseLogin: null,
  getUser: (api, ctx) => api.request('GET', '/api/user', { token: ctx.token }),
  updateProfile: (api, ctx) =>
    api.request('PUT', '/api/profile', { token: ctx.token, json: { first_name: 'Ana', tier: '2', gender: '' } }),
  uploadPhoto: (api, ctx) =>
    api.request('POST', '/api/upload-photo', { token: ctx.token, body: photoForm(PNG_1PX, 'me.png', 'image/png') }),
  getSettings: (api, ctx) => api.request('GET', '/api/settings', { token: ctx.token }),
  updateSettings: (api, ctx) =>
    api.request('PUT', '/api/settings', { token: ctx.token, json: { notifications: false } }),
  forgotPassword: (api, ctx) => api.request('POST', '/api/auth/forgot-password', { json: { email: ctx.email } }),
  // The e-mailed link is read from the mail in account-flows.test.ts; here one is issued directly.
  resetPassword: async (api, ctx) =>
    api.request('POST', '/api/auth/reset-password', {
      json: {
        token: await createResetLinks(api.castbridge.db).issue(tokenSubject(ctx.token)),
        password: OTHER_PASSWORD,
      },
    }),
  changePassword: (api, ctx) =>
    api.request('POST', '/api/auth/change-password', {
      token: ctx.token,
      json: { currentPassword: OTHER_PASSWORD, newPassword: STRONG_PASSWORD },
    }),
  support: (api, ctx) =>
    api.request('POST', '/api/support', {
      token: ctx.token,
      json: { name: 'Ana', email: ctx.email, subject: 'Payouts', message: 'When?', page: '/help-and-support' },
    }),
  newsletter: (api, ctx) => api.request('POST', '/api/newsletter', { json: { email: ctx.email } }),
  unsubscribe: (api, ctx) =>
    api.request('POST', '/api/newsletter/unsubscribe', {
      json: { token: unsubscribeToken(new TextEncoder().encode(TEST_JWT_SECRET), ctx.email) },
    }),
  // The marketplace (docs/product.md §Marketplace), with the accounts of `world` (made in beforeAll).
  getAdvertiserProfile: (api) => api.request('GET', '/api/advertiser/profile', { token: world.advertiser.token }),
  updateAdvertiserProfile: (api) =>
    api.request('PUT', '/api/advertiser/profile', { token: world.advertiser.token, json: COMPANY }),
  getAdvertiserChecklist: (api) => api.request('GET', '/api/advertiser/checklist', { token: world.advertiser.token }),
  adminAdvertisers: (api) =>
    api.request('GET', '/api/admin/advertisers?status=pending', { token: world.operator.token }),
  approveAdvertiser: (api) =>
    api.request('POST', `/api/admin/advertisers/${world.advertiser.id}/approve`, { token: world.operator.token }),
  rejectAdvertiser: (api) =>
    api.request('POST', `/api/admin/advertisers/${world.other.id}/reject`, {
      token: world.operator.token,
      json: { reason: 'No website' },
    }),
  // Money (docs/product.md §Money): the launch below reserves from this deposit.
  recordDeposit: (api) =>
    api.request('POST', '/api/admin/deposits', {
      token: world.operator.token,
      json: { advertiserId: world.advertiser.id, amountCents: 1_000_000, reference: 'WIRE-1' },
    }),
  createCampaign: async (api) => {
    const answer = await api.request('POST', '/api/campaigns', {
      token: world.advertiser.token,
      json: campaignInput({ targeting: { ...campaignInput().targeting, countries: ['Tonga'] } }),
    });
    world.campaignId = (answer.body.campaign as { id: string }).id;
    return answer;
  },
  listCampaigns: (api) => api.request('GET', '/api/campaigns', { token: world.advertiser.token }),
  // Creator search and saved lists (the approved advertiser); adding a listed creator and inviting one need the
  // directory's rows: test/server/creator-search.test.ts.
  searchCreators: (api) => api.request('GET', '/api/creators?sort=followers', { token: world.advertiser.token }),
  createCreatorList: async (api) => {
    const answer = await api.request('POST', '/api/creator-lists', {
      token: world.advertiser.token,
      json: { name: 'Speedrunners' },
    });
    creatorListId = (answer.body.list as { id: string } | undefined)?.id ?? '';
    return answer;
  },
  listCreatorLists: (api) => api.request('GET', '/api/creator-lists', { token: world.advertiser.token }),
  getCreatorList: (api) => api.request('GET', `/api/creator-lists/${creatorListId}`, { token: world.advertiser.token }),
  renameCreatorList: (api) =>
    api.request('PATCH', `/api/creator-lists/${creatorListId}`, {
      token: world.advertiser.token,
      json: { name: 'Best speedrunners' },
    }),
  addToCreatorList: null,
  removeFromCreatorList: (api) =>
    api.request('DELETE', `/api/creator-lists/${creatorListId}/creators/${world.creator.id}`, {
      token: world.advertiser.token,
    }),
  deleteCreatorList: (api) =>
    api.request('DELETE', `/api/creator-lists/${creatorListId}`, { token: world.advertiser.token }),
  inviteCreator: null,
  // A listed creator's answer, checked against its schema in creator-search.test.ts.
  inviteOptions: null,
  updateCampaign: (api) =>
    api.request('PATCH', `/api/campaigns/${world.campaignId}`, {
      token: world.advertiser.token,
      json: { title: 'Renamed' },
    }),
  uploadCampaignImage: (api) =>
    api.request('POST', `/api/campaigns/${world.campaignId}/image`, {
      token: world.advertiser.token,
      body: photoForm(PNG_1PX, 'c.png', 'image/png', 'image'),
    }),
  launchCampaign: async (api) => {
    const answer = await api.request('POST', `/api/campaigns/${world.campaignId}/launch`, {
      token: world.advertiser.token,
    });
    await api.castbridge.services.jobs.drain();
    return answer;
  },
  getCampaign: (api) => api.request('GET', `/api/campaigns/${world.campaignId}`, { token: world.advertiser.token }),
  pauseCampaign: (api) =>
    api.request('POST', `/api/campaigns/${world.campaignId}/pause`, { token: world.advertiser.token }),
  resumeCampaign: (api) =>
    api.request('POST', `/api/campaigns/${world.campaignId}/resume`, { token: world.advertiser.token }),
  addCampaignSpots: (api) =>
    api.request('POST', `/api/campaigns/${world.campaignId}/spots`, {
      token: world.advertiser.token,
      json: { spots: 1 },
    }),
  listOffers: async (api) => {
    const answer = await api.request('GET', '/api/offers?status=invited', { token: world.creator.token });
    world.offerId = (answer.body.offers as { id: string }[])[0]!.id;
    return answer;
  },
  getOffer: (api) => api.request('GET', `/api/offers/${world.offerId}`, { token: world.advertiser.token }),
  offersOutlook: (api) => api.request('GET', '/api/offers/outlook', { token: world.creator.token }),
  requestInfo: (api) =>
    api.request('POST', `/api/offers/${world.offerId}/request-info`, {
      token: world.creator.token,
      json: { message: 'Which flavour?' },
    }),
  listMessages: (api) => api.request('GET', `/api/offers/${world.offerId}/messages`, { token: world.creator.token }),
  postMessage: (api) =>
    api.request('POST', `/api/offers/${world.offerId}/messages`, {
      token: world.advertiser.token,
      json: { body: 'Citrus.' },
    }),
  propose: (api) =>
    api.request('POST', `/api/offers/${world.offerId}/proposals`, {
      token: world.creator.token,
      json: { payCents: 12_000, deliverableMinutes: 90, message: 'My usual rate' },
    }),
  listProposals: (api) =>
    api.request('GET', `/api/offers/${world.offerId}/proposals`, { token: world.advertiser.token }),
  declineProposal: (api) =>
    api.request('POST', `/api/offers/${world.offerId}/proposals/1/decline`, { token: world.advertiser.token }),
  // Accepting a proposal accepts the offer, which acceptOffer below does at the campaign's terms: its success (and
  // its money) is checked in proposals.test.ts.
  acceptProposal: null,
  acceptOffer: async (api) => {
    // Accepting needs a connected channel; it goes again after, as the connection calls below connect their own.
    const channel = await connectChannel(api, world.creator);
    const answer = await api.request('POST', `/api/offers/${world.offerId}/accept`, { token: world.creator.token });
    await api.castbridge.db.deleteFrom('connected_accounts').where('id', '=', channel.id).execute();
    return answer;
  },
  getOverlay: async (api) => {
    const answer = await api.request('GET', '/api/overlay', { token: world.creator.token });
    world.overlayToken = (answer.body.overlay as { path: string }).path.split('/').pop()!;
    return answer;
  },
  updateOverlay: (api) =>
    api.request('PUT', '/api/overlay', {
      token: world.creator.token,
      json: { position: 'top-left', rotationSeconds: 30 },
    }),
  overlayHeartbeat: (api) =>
    api.request('POST', '/api/overlay/heartbeat', {
      json: { token: world.overlayToken, offerId: world.offerId, seconds: 15, beatId: 'contract-beat-1' },
    }),
  offerDisplay: (api) => api.request('GET', `/api/offers/${world.offerId}/display`, { token: world.advertiser.token }),
  rotateOverlayToken: (api) => api.request('POST', '/api/overlay/rotate', { token: world.creator.token }),
  // A text/event-stream, not JSON: its events are checked in overlay.test.ts.
  overlayStream: null,
  listConnections: (api) => api.request('GET', '/api/connections', { token: world.creator.token }),
  // The stand-in's consent URL (STANDINS=1 here); the whole flow runs against the stand-in in connections.test.ts.
  startConnection: (api) => api.request('POST', '/api/connections/twitch/start', { token: world.creator.token }),
  // A redirect to /connect-accounts, not JSON: checked in connections.test.ts.
  connectionCallback: null,
  // The whole flow in process against the stand-in mounted on the app: start, the consent form, our callback, then
  // the creator who started completes it with the token the callback sent the browser back with.
  completeConnection: async (api) => {
    const started = await api.request('POST', '/api/connections/twitch/start', { token: world.creator2.token });
    const authorize = new URL(started.body.url as string);
    const q = authorize.searchParams;
    const form = new URLSearchParams({
      client_id: q.get('client_id')!,
      redirect_uri: q.get('redirect_uri')!,
      state: q.get('state')!,
      scope: q.get('scope') ?? '',
      code_challenge: q.get('code_challenge')!,
      channel: 'contract_channel',
      decision: 'allow',
    });
    const decided = await api.request('POST', `${authorize.pathname}/decide`, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const callback = new URL(decided.headers.get('location')!);
    const back = await api.request('GET', `${callback.pathname}${callback.search}`);
    const completion = new URL(back.headers.get('location')!).searchParams.get('complete')!;
    return api.request('POST', '/api/connections/twitch/complete', {
      token: world.creator2.token,
      json: { completion },
    });
  },
  disconnect: async (api) => {
    const { db, config } = api.castbridge.services;
    await db
      .insertInto('connected_accounts')
      .values({
        id: `ca-${Date.now()}`,
        user_id: world.creator.id,
        platform: 'youtube',
        platform_user_id: 'UCcontract',
        login: '@contract',
        display_name: 'Contract',
        scopes: '',
        tokens_sealed: createSealer(loadPayoutKey(config.payoutKey, config.dataDir)).seal({
          accessToken: 'a',
          refreshToken: null,
        }),
        expires_at: Date.now() + 3_600_000,
        status: 'connected',
        stand_in: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    return api.request('DELETE', '/api/connections/youtube', { token: world.creator.token });
  },
  archiveSettings: async (api) => {
    const { db, config } = api.castbridge.services;
    await db
      .insertInto('connected_accounts')
      .values({
        id: `ca-tw-${Date.now()}`,
        user_id: world.creator.id,
        platform: 'twitch',
        platform_user_id: '4242',
        login: 'contract_channel',
        display_name: 'Contract',
        scopes: 'chat:read',
        tokens_sealed: createSealer(loadPayoutKey(config.payoutKey, config.dataDir)).seal({
          accessToken: 'a',
          refreshToken: null,
        }),
        expires_at: Date.now() + 3_600_000,
        status: 'connected',
        stand_in: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    return api.request('PUT', '/api/archive/settings', {
      token: world.creator.token,
      json: { platform: 'twitch', archiving: false },
    });
  },
  archiveDays: async (api) => {
    await api.castbridge.services.archive.write(
      { userId: world.creator.id, platform: 'twitch', channelId: '4242', channel: 'contract_channel' },
      {
        messages: [
          {
            msgId: 'contract-1',
            sentAt: Date.parse('2026-11-20T10:00:00Z'),
            chatterId: '1',
            login: 'ana',
            displayName: 'Ana',
            color: null,
            badges: '',
            emotes: null,
            bits: null,
            kind: 'privmsg',
            text: 'hello lantern',
          },
        ],
        moderation: [],
        skipped: 0,
        seenAt: Date.now(),
      },
    );
    await api.castbridge.services.archive.streamLive(
      { userId: world.creator.id, platform: 'twitch', channelId: '4242', channel: 'contract_channel' },
      { streamId: 'contract-stream', title: 'Contract stream', startedAt: Date.parse('2026-11-20T12:00:00Z') },
      Date.parse('2026-11-20T13:00:00Z'),
    );
    return api.request('GET', '/api/archive/days?platform=twitch', { token: world.creator.token });
  },
  analytics: async (api) => {
    const advertiser = await api.request('GET', '/api/analytics?range=7d', { token: world.advertiser.token });
    expect(schemas.analytics.response.safeParse(advertiser.body).success, advertiser.text).toBe(true);
    return api.request('GET', '/api/analytics?range=12m', { token: world.creator.token });
  },
  archiveMessages: (api) =>
    api.request('GET', '/api/archive/messages?platform=twitch&date=2026-11-20', { token: world.creator.token }),
  archiveSearch: (api) => api.request('GET', '/api/archive/search?q=lantern', { token: world.creator.token }),
  // A streamed download, not JSON: checked in archive.test.ts.
  archiveExport: null,
  deleteArchiveStream: async (api) => {
    const listed = await api.request('GET', '/api/archive/days?platform=twitch', { token: world.creator.token });
    const stream = (listed.body.streams as { id: number }[])[0]!;
    const messages = await api.request('GET', `/api/archive/messages?platform=twitch&stream=${stream.id}`, {
      token: world.creator.token,
    });
    expect(schemas.archiveMessages.response.safeParse(messages.body).success, messages.text).toBe(true);
    return api.request('DELETE', `/api/archive/streams/${stream.id}?platform=twitch`, { token: world.creator.token });
  },
  // By ana's id (her messages' chatterId).
  deleteArchiveChatter: (api) =>
    api.request('DELETE', '/api/archive/chatters/1?platform=twitch', { token: world.creator.token }),
  deleteArchiveDay: async (api) => {
    await api.castbridge.services.archive.write(
      { userId: world.creator.id, platform: 'twitch', channelId: '4242', channel: 'contract_channel' },
      {
        messages: [
          {
            msgId: 'contract-2',
            sentAt: Date.parse('2026-11-21T10:00:00Z'),
            chatterId: '2',
            login: 'bo',
            displayName: 'Bo',
            color: null,
            badges: '',
            emotes: null,
            bits: null,
            kind: 'privmsg',
            text: 'hi',
          },
        ],
        moderation: [],
        skipped: 0,
        seenAt: Date.now(),
      },
    );
    return api.request('DELETE', '/api/archive/days/2026-11-21?platform=twitch', { token: world.creator.token });
  },
  deleteArchive: (api) => api.request('DELETE', '/api/archive', { token: world.creator.token }),
  getMediaKit: (api) => api.request('GET', '/api/media-kit', { token: world.creator.token }),
  updateMediaKit: (api) =>
    api.request('PUT', '/api/media-kit', {
      token: world.creator.token,
      json: { handle: `contract_${Date.now().toString(36)}`, published: true },
    }),
  confirmDelivery: (api) =>
    api.request('POST', `/api/offers/${world.offerId}/confirm-delivery`, { token: world.advertiser.token }),
  requestPayout: async (api) => {
    const answer = await api.request('POST', '/api/payouts', {
      token: world.creator.token,
      headers: { 'idempotency-key': `contract-${Date.now()}-1` },
      json: { amount_cents: 6_000 },
    });
    world.payoutId = (answer.body.payout as { id: string }).id;
    return answer;
  },
  listPayouts: (api) => api.request('GET', '/api/payouts', { token: world.creator.token }),
  getEarnings: (api) => api.request('GET', '/api/earnings', { token: world.creator.token }),
  getTaxForm: (api) => api.request('GET', '/api/tax-form', { token: world.creator.token }),
  submitTaxForm: (api) => api.request('PUT', '/api/tax-form', { token: world.creator2.token, json: W9_FORM }),
  export1099: null,
  getAdvertiserBalance: (api) => api.request('GET', '/api/advertiser/balance', { token: world.advertiser.token }),
  getFundingDetails: (api) => api.request('GET', '/api/advertiser/funding', { token: world.advertiser.token }),
  getTransferInstructions: (api) =>
    api.request('GET', '/api/admin/transfer-instructions', { token: world.operator.token }),
  updateTransferInstructions: (api) =>
    api.request('PUT', '/api/admin/transfer-instructions', {
      token: world.operator.token,
      json: { instructions: 'Bank: Example Bank · IBAN GB00 EXAM 0000 0000 0000 00' },
    }),
  adminPayouts: (api) => api.request('GET', '/api/admin/payouts?status=processing', { token: world.operator.token }),
  markPayoutPaid: async (api) => {
    await api.castbridge.services.jobs.drain();
    return api.request('POST', `/api/admin/payouts/${world.payoutId}/paid`, {
      token: world.operator.token,
      json: { reference: 'ACH 1' },
    });
  },
  markPayoutFailed: async (api) => {
    const second = await api.request('POST', '/api/payouts', {
      token: world.creator.token,
      headers: { 'idempotency-key': `contract-${Date.now()}-2` },
      json: { amount_cents: 5_000 },
    });
    return api.request('POST', `/api/admin/payouts/${(second.body.payout as { id: string }).id}/failed`, {
      token: world.operator.token,
      json: { reason: 'Account closed' },
    });
  },
  // Needs Stripe configured and a signed event: covered against the Stripe stand-in in payouts-providers.test.ts.
  stripeWebhook: null,
  // Without the stripe rail the answer says it is not offered; onboarding and the Connect webhook are covered against
  // the Stripe stand-in in stripe-connect.test.ts.
  getStripePayouts: (api) => api.request('GET', '/api/payout-methods/stripe', { token: world.creator.token }),
  startStripeOnboarding: null,
  stripeConnectWebhook: null,
  // The hub's verification and a signed push need a subscription the server asked for: covered against the hub
  // stand-in in youtube-feeds.test.ts.
  youtubeFeedVerify: null,
  youtubeFeedPush: null,
  declineOffer: async (api) => {
    const offers = await api.request('GET', '/api/offers', { token: world.creator2.token });
    return api.request('POST', `/api/offers/${(offers.body.offers as { id: string }[])[0]!.id}/decline`, {
      token: world.creator2.token,
      json: { reason: 'Busy' },
    });
  },
  cancelCampaign: (api) =>
    api.request('POST', `/api/campaigns/${world.campaignId}/cancel`, { token: world.advertiser.token }),
  listNotifications: (api) => api.request('GET', '/api/notifications', { token: world.creator.token }),
  readNotifications: (api) => api.request('POST', '/api/notifications/read', { token: world.creator.token, json: {} }),
  clearNotifications: (api) =>
    api.request('POST', '/api/notifications/clear', { token: world.creator.token, json: { upTo: 1_000_000 } }),
  eventsTicket: (api) => api.request('POST', '/api/events/ticket', { token: world.creator.token }),
  // A text/event-stream, not JSON: its events are checked in marketplace.test.ts.
  events: null,
  adminCampaigns: (api) => api.request('GET', '/api/admin/campaigns', { token: world.operator.token }),
  adminUsers: (api) => api.request('GET', '/api/admin/users?q=example', { token: world.operator.token }),
  adminTickets: (api) => api.request('GET', '/api/admin/support-tickets', { token: world.operator.token }),
  // Whatever the platforms' budgets hold by now (none before a platform call); their content in admin-budgets.test.ts.
  adminBudgets: (api) => api.request('GET', '/api/admin/budgets', { token: world.operator.token }),
  addPayoutMethod: async (api, ctx) => {
    const answer = await api.request('POST', '/api/payout-methods', {
      token: ctx.token,
      json: { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000123456789' },
    });
    world.methodId = (answer.body.methods as { id: string }[])[0]!.id;
    return answer;
  },
  listPayoutMethods: (api, ctx) => api.request('GET', '/api/payout-methods', { token: ctx.token }),
  deletePayoutMethod: (api, ctx) =>
    api.request('DELETE', `/api/payout-methods/${world.methodId}`, { token: ctx.token }),
  deleteUser: (api, ctx) =>
    api.request('DELETE', '/api/user', { token: ctx.token, json: { password: STRONG_PASSWORD } }),
  // Verified delivery: exercised with their worlds in test/server/verification.test.ts and reviews.test.ts.
  overlayPresence: null,
  overlayStatus: null,
  disputeDelivery: null,
  adminReviews: null,
  resolveReview: null,
  // Self-serve money: exercised with the Stripe stand-in in test/server/card-deposits.test.ts and refunds.test.ts.
  createDeposit: async (api) => {
    const answer = await api.request('POST', '/api/advertiser/deposits', {
      token: world.advertiser.token,
      headers: { 'idempotency-key': `contract-deposit-${Date.now()}` },
      json: { amountCents: 5_000, method: 'card' },
    });
    world.depositId = (answer.body.deposit as { id: string } | undefined)?.id ?? '';
    return answer;
  },
  getDeposit: (api) =>
    api.request('GET', `/api/advertiser/deposits/${world.depositId}`, { token: world.advertiser.token }),
  cancelDeposit: (api) =>
    api.request('POST', `/api/advertiser/deposits/${world.depositId}/cancel`, { token: world.advertiser.token }),
  // Only wired money here: the whole amount is the operator's manual piece.
  requestRefund: async (api) => {
    const answer = await api.request('POST', '/api/advertiser/refunds', {
      token: world.advertiser.token,
      headers: { 'idempotency-key': `contract-refund-${Date.now()}` },
      json: { amountCents: 1_000 },
    });
    world.refundId = (answer.body.refunds as { id: string }[] | undefined)?.[0]?.id ?? '';
    return answer;
  },
  listRefunds: (api) => api.request('GET', '/api/advertiser/refunds', { token: world.advertiser.token }),
  adminCardDisputes: (api) => api.request('GET', '/api/admin/card-disputes', { token: world.operator.token }),
  adminRefunds: (api) => api.request('GET', '/api/admin/refunds', { token: world.operator.token }),
  markRefundSent: (api) =>
    api.request('POST', `/api/admin/refunds/${world.refundId}/sent`, {
      token: world.operator.token,
      json: { reference: 'WIRE-BACK-1' },
    }),
  markRefundFailed: async (api) => {
    const second = await api.request('POST', '/api/advertiser/refunds', {
      token: world.advertiser.token,
      json: { amountCents: 500 },
    });
    const id = (second.body.refunds as { id: string }[])[0]!.id;
    return api.request('POST', `/api/admin/refunds/${id}/failed`, {
      token: world.operator.token,
      json: { reason: 'The account named is closed' },
    });
  },
  listDocuments: (api) => api.request('GET', '/api/documents', { token: world.advertiser.token }),
  // A PDF, not JSON (test/server/documents.test.ts downloads them).
  downloadDocument: null,
  // Deliverables (docs/product.md §Deliverables): a campaign asking for every kind, accepted by the second creator.
  getOfferDeliverables: async (api) => {
    await deliverablesWorld(api);
    return api.request('GET', `/api/offers/${extra.offerId}/deliverables`, { token: world.creator2.token });
  },
  offerEvidence: async (api) => {
    await deliverablesWorld(api);
    return api.request('GET', `/api/offers/${extra.offerId}/evidence`, { token: world.operator.token });
  },
  getOfferBot: (api) => api.request('GET', `/api/offers/${extra.offerId}/bot`, { token: world.advertiser.token }),
  pauseOfferBot: (api) =>
    api.request('PUT', `/api/offers/${extra.offerId}/bot`, { token: world.creator2.token, json: { paused: true } }),
  setBotConsent: (api) =>
    api.request('PUT', '/api/connections/twitch/bot', { token: world.creator2.token, json: { consent: true } }),
  listPromoCodes: (api) =>
    api.request('GET', `/api/campaigns/${extra.campaignId}/promo-codes`, { token: world.advertiser.token }),
  setPromoCodes: (api) =>
    api.request('PUT', `/api/campaigns/${extra.campaignId}/promo-codes`, {
      token: world.advertiser.token,
      json: { codes: [{ offerId: extra.offerId, code: 'NOVA-TONGA' }] },
    }),
  createRedemptionKey: async (api) => {
    const answer = await api.request('POST', `/api/campaigns/${extra.campaignId}/redemption-key`, {
      token: world.advertiser.token,
    });
    extra.key = (answer.body.key as string | undefined) ?? '';
    return answer;
  },
  // A text/csv body.
  uploadRedemptions: (api) =>
    api.request('POST', `/api/campaigns/${extra.campaignId}/redemptions`, {
      token: world.advertiser.token,
      headers: { 'content-type': 'text/csv' },
      body: 'order_id,code,amount\nA-1,NOVA-TONGA,49.99\n',
    }),
  postRedemption: (api) =>
    api.request('POST', '/api/redemptions', {
      headers: { authorization: `Bearer ${extra.key}` },
      json: { orderId: 'A-2', code: 'nova-tonga', amountCents: 2500 },
    }),
  campaignReport: (api) =>
    api.request('GET', `/api/campaigns/${extra.campaignId}/report`, { token: world.advertiser.token }),
  // A CSV attachment (its rows in report.test.ts).
  campaignReportCsv: null,
  createReportShare: async (api) => {
    const answer = await api.request('POST', `/api/campaigns/${extra.campaignId}/report/shares`, {
      token: world.advertiser.token,
      json: { label: 'Our CMO' },
    });
    const share = answer.body.share as { id: string; url: string } | undefined;
    extra.shareId = share?.id ?? '';
    extra.shareToken = share?.url.split('/').pop() ?? '';
    return answer;
  },
  listReportShares: (api) =>
    api.request('GET', `/api/campaigns/${extra.campaignId}/report/shares`, { token: world.advertiser.token }),
  sharedReport: (api) => api.request('GET', `/api/reports/${extra.shareToken}`),
  revokeReportShare: (api) =>
    api.request('DELETE', `/api/campaigns/${extra.campaignId}/report/shares/${extra.shareId}`, {
      token: world.advertiser.token,
    }),
} satisfies Record<EndpointName, ((api: Client, ctx: { email: string; token: string }) => Promise<Answer>) | null>;

/** The deliverables' campaign and offer, its redemption key and share link (set by the calls above, in order). */
const extra = { campaignId: '', offerId: '', key: '', shareId: '', shareToken: '' };

/** A launched campaign asking for every deliverable, accepted by the second creator with a connected channel. */
async function deliverablesWorld(api: Client): Promise<void> {
  const created = await api.request('POST', '/api/campaigns', {
    token: world.advertiser.token,
    json: campaignInput({
      title: 'Every deliverable',
      targeting: { ...campaignInput().targeting, countries: ['Tonga'] },
      deliverable: {
        ...campaignInput().deliverable,
        link: { url: 'https://nova.example/gg', clicks: 10 },
        chat: { message: 'Nova keeps you going', everyMinutes: 30, command: 'nova', posts: 4 },
        promo: { redemptions: 5 },
      },
    }),
  });
  expect(created.status, created.text).toBe(201);
  extra.campaignId = (created.body.campaign as { id: string }).id;
  const launched = await api.request('POST', `/api/campaigns/${extra.campaignId}/launch`, {
    token: world.advertiser.token,
  });
  expect(launched.status, launched.text).toBe(200);
  await api.castbridge.services.jobs.drain();
  const offers = await api.request('GET', '/api/offers?status=invited', { token: world.creator2.token });
  extra.offerId = (offers.body.offers as { id: string; campaignId: string }[]).find(
    (offer) => offer.campaignId === extra.campaignId,
  )!.id;
  // The chat bot needs a channel (the connection calls above may have connected one already).
  if (!(await api.castbridge.services.connections.account(world.creator2.id, 'twitch')))
    await connectChannel(api, world.creator2);
  const accepted = await api.request('POST', `/api/offers/${extra.offerId}/accept`, { token: world.creator2.token });
  expect(accepted.status, accepted.text).toBe(200);
}

const OTHER_PASSWORD = 'Copper-Lantern-Meadow-77';
const COMPANY = {
  companyName: 'Nova Energy',
  website: 'https://nova.example',
  contactName: 'Nora',
  contactEmail: 'nora@nova.example',
};

/** The marketplace's accounts for one backend's run. */
let world: {
  operator: Account;
  advertiser: Account;
  other: Account;
  creator: Account;
  creator2: Account;
  campaignId: string;
  offerId: string;
  methodId: string;
  payoutId: string;
  overlayToken: string;
  depositId: string;
  refundId: string;
};

describe.each(BACKENDS)('the contract on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  const ctx = { email: uniqueEmail('contract'), token: '' };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, { STANDINS: '1' });
    const tongan = { ...englishCreator, country: 'Tonga' };
    world = {
      operator: await account(api, 'operator'),
      advertiser: await account(api, 'advertiser'),
      other: await account(api, 'advertiser'),
      creator: await account(api, 'creator', tongan),
      creator2: await account(api, 'creator', tongan),
      campaignId: '',
      offerId: '',
      methodId: '',
      payoutId: '',
      overlayToken: '',
      depositId: '',
      refundId: '',
    };
    await api.request('PUT', '/api/advertiser/profile', { token: world.other.token, json: COMPANY });
    await api.request('POST', '/api/payout-methods', {
      token: world.creator.token,
      json: { kind: 'paypal', email: 'ana@example.com' },
    });
    await fileTaxForm(api, world.creator);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  // In table order: register comes before the calls that need its token.
  it.each(Object.keys(calls) as EndpointName[])('%s answers its response schema with its status', async (name) => {
    const call = calls[name];
    if (!call) return;
    const answer = await call(api, ctx);
    expect(answer.status, answer.text).toBe(schemas[name].status);
    const parsed = schemas[name].response.safeParse(answer.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // Registration, a reset and a change each hand out the session token to go on with.
    if (typeof answer.body.token === 'string') ctx.token = answer.body.token;
  });

  // GET endpoints without authentication have nothing to refuse.
  const refusable = Object.entries(endpoints).filter(([, meta]) => meta.auth === 'bearer' || meta.method !== 'GET');
  it.each(refusable)('%s answers a failure as { message }', async (_name, meta) => {
    // Bearer endpoints without a token, the others with a body they cannot accept.
    const answer =
      meta.auth === 'bearer'
        ? await api.request(meta.method, meta.path)
        : await api.request(meta.method, meta.path, {
            headers: { 'content-type': 'application/json' },
            body: '{"email": 42',
          });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(errorBody.safeParse(answer.body).success, answer.text).toBe(true);
  });
});

describe('a route that drifts from its contract', () => {
  const services = (contractCheck: boolean) => ({
    config: {
      ...testConfig({ name: 'sqlite', env: {}, dataDir: '/nonexistent', cleanup: async () => {} }),
      contractCheck,
    },
    sessions: { session: async () => null },
  });
  const drifting = (contractCheck: boolean) => {
    const app = new Hono<AppEnv>();
    // The health answer's contract is { status: 'ok' }.
    route(app, services(contractCheck), 'health', () => ({ status: 'fine' }) as never);
    app.onError((error, c) => c.json({ message: error.message }, 500));
    return app;
  };

  it('fails with CONTRACT_CHECK (as in every test)', async () => {
    const response = await drifting(true).request('/api/health');
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /GET \/api\/health answered outside its contract: status/,
    );
  });

  it('answers unchecked without it (production)', async () => {
    const response = await drifting(false).request('/api/health');
    expect(response.status).toBe(200);
  });
});
