// Every error the API answers with carries a stable `code` beside its `message` (docs/api.md §Errors): a client
// decides on the code, and shows the message, which is in the request's language (Accept-Language, else the signed-in
// account's; server/http/problems.ts). Plain data without zod, like ./endpoints.ts.
//
// A code names one situation. The generic codes, one per status, go with the errors that have no code of their own: a
// request the schemas refuse (`invalid_request`, its message naming the fields), the 500; their message is in the
// request's language too.

/** The generic code of each error status. */
export const STATUS_CODES = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  424: 'failed_dependency',
  429: 'rate_limited',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
} as const;

export type ErrorStatus = keyof typeof STATUS_CODES;

/** The codes of their own, each with when it is answered (docs/api.md lists them). */
export const ERROR_CODES = {
  // The public site (server/public/).
  'public.unsubscribe_unknown': "404: an unsubscribe link whose token is not any subscriber's",
  // Analytics (server/analytics/).
  'analytics.creators_and_advertisers': '403: an operator reading analytics',
  // The HTTP basics (server/http/).
  'http.authentication_required': '401: no valid session token was sent to an endpoint that needs one',
  'http.role_required': '403: the account type may not call this endpoint',
  'http.no_endpoint': '404: no endpoint has this method and path',
  'http.body_too_large': '413: the request body is larger than the endpoint takes',
  'http.body_aborted': '400: the connection closed before the body arrived',
  'http.json_required': '415: the body is not sent as application/json',
  'http.invalid_utf8': '400: the body is not valid UTF-8',
  'http.invalid_json': '400: the body is not valid JSON',
  'http.too_many_requests': '429: too many requests from this address or account; `Retry-After` says when to retry',
  'http.messages_too_fast':
    "429: an author's messages in offers' threads over their limits (10 a minute in one thread, 30 in all); `Retry-After` says when",
  'http.idempotency_key_format': '400: the Idempotency-Key header is malformed',
  'http.idempotency_key_reused': '422: the Idempotency-Key was used for a different request',
  'http.idempotency_key_in_flight': '409: a request with this Idempotency-Key is still being processed',
  // The operator console (server/operator/): an advertiser's review.
  'operator.advertiser_unknown': '404: approving or rejecting an advertiser that does not exist',
  'operator.advertiser_already_reviewed': '409: approving or rejecting an advertiser already approved or rejected',
  'http.database_unreachable': '503: GET /api/health while the database does not answer',
  // Connected accounts (server/connections/): what connecting, completing and disconnecting a channel are refused,
  // and what YouTube's WebSub hub is refused on its verifications and pushes.
  'connections.unknown_platform': '404: a platform in the path that is not twitch or youtube',
  'connections.creators_only': '403: an advertiser or operator connecting, completing or disconnecting a channel',
  'connections.not_configured':
    '409: connecting a platform this server has no OAuth credentials for; the message names the settings',
  'connections.not_connected': '404: disconnecting a platform with no account connected',
  'connections.disconnected_meanwhile': '409: the account was disconnected while its token was being refreshed',
  'connections.connect_first': '409: archiving turned on or off for a platform with no account connected',
  'connections.connection_expired': '409: a connection whose token has expired and cannot be refreshed',
  'connections.connection_revoked': '409: the platform refused to refresh the connection (the grant was revoked)',
  'connections.attempt_unknown': '409: completing a connection attempt that was never started or was already used',
  'connections.attempt_expired': '409: completing a connection attempt past its lifetime',
  'connections.attempt_other_account': '403: completing a connection attempt that another account started',
  'connections.provider_refused': '409: the platform refused the connection; the message says what it said',
  'connections.token_missing': "409: the platform's token answer carried no access token",
  'connections.token_owner_unknown':
    '409: the platform did not say whose the new token is; the message says what it said',
  'connections.channel_taken': '409: connecting a channel that is connected to another Castbridge account',
  'connections.no_youtube_channel': '409: connecting YouTube with a Google account that has no YouTube channel',
  'connections.quota_spent':
    "424: the platform's API limit for Castbridge is used up; `Retry-After` and the message say when to connect again",
  'connections.unreachable': '424: the platform did not answer while connecting',
  'connections.feeds_not_subscribed': "404: YouTube's WebSub hub calling a server that subscribes to no feeds",
  'connections.subscription_unknown': "404: YouTube's WebSub hub verifying a subscription Castbridge did not ask for",
  'connections.push_too_large': '413: a WebSub push larger than a feed entry can be',
  'connections.feed_unknown': '404: a WebSub push for a channel whose feed is not subscribed here',
  'connections.push_unsigned': '403: a WebSub push without an X-Hub-Signature header',
  'connections.push_signature_mismatch': "403: a WebSub push whose signature does not match its feed's secret",
  // Live events (server/notifications/): the event stream's ticket.
  'notifications.session_ended': "401: asking for an events ticket once the session's account is gone",
  'notifications.ticket_invalid':
    '401: opening the event stream with a ticket missing, expired, invalid or of a session that ended',
  'notifications.ticket_used': '401: opening the event stream with a ticket already used',
  // Accounts (server/accounts/).
  'accounts.email_taken': '409: registration with an e-mail that has an account',
  'accounts.invalid_login': '401: sign-in with an unknown e-mail or a wrong password (the same answer for both)',
  'accounts.google_token_invalid': '401: the Google sign-in token is not valid or has expired',
  'accounts.sign_in_throttled': '429: too many failed passwords; `Retry-After` says when to retry',
  'accounts.password_too_short': '400: a new password shorter than the policy allows',
  'accounts.password_too_long': '400: a new password longer than the policy allows',
  'accounts.password_too_common': '400: a new password on the common-password list',
  'accounts.reset_link_unknown': '404: a password-reset link that was never issued',
  'accounts.reset_link_used': '410: a password-reset link already used or replaced by a newer one',
  'accounts.reset_link_expired': '410: a password-reset link past its lifetime',
  'accounts.wrong_current_password': '400: change password with a wrong current password',
  'accounts.wrong_password': '400: delete account with a wrong password',
  'accounts.password_required': '400: delete account without the password of a password account',
  'accounts.no_password': '409: change password on an account that signs in with Google only',
  'accounts.account_gone': '401: the account was deleted while its session was open',
  'accounts.image_not_current': '400: a profile update names a photo other than the current one',
  // Money (server/money/): a withdrawal's refusals, decided before anything is sent (nothing moved).
  'money.idempotency_key_required': '400: a withdrawal without an Idempotency-Key header',
  'money.idempotency_key_reused': '409: a withdrawal whose Idempotency-Key named a different amount or payout method',
  'money.withdrawal_below_minimum': '400: a withdrawal under the minimum payout',
  'money.payout_method_unknown': '404: a payout method the creator does not have (withdrawing to it, removing it)',
  'money.no_payout_method': '409: a withdrawal before any payout method is saved',
  'money.tax_form_missing': '409: a withdrawal before the creator filed a tax form (Form W-9 or Form W-8BEN)',
  'money.stripe_not_set_up': '409: a withdrawal through Stripe before the creator set up Stripe payouts',
  'money.stripe_needs_details': '409: a withdrawal through Stripe while Stripe still needs details from the creator',
  'money.stripe_restricted':
    '409: a withdrawal through Stripe while Stripe holds the account (verifying, reviewing, closed, paused)',
  'money.over_balance': '409: a withdrawal larger than the available balance',
  'money.stripe_not_offered': '404: Stripe payouts asked for where the `stripe` payout rail is not configured',
  'money.stripe_start_failed': "502: Stripe did not answer the onboarding's start; the message says what Stripe said",
  'money.tax_form_daily_limit': '429: a sixth tax form filed in one UTC day; `Retry-After` says when to file again',
  // An advertiser's deposits, refunds, reservations and disputes of a delivery.
  'money.cards_not_offered': '503: a card or bank-debit deposit where Stripe is not configured',
  'money.checkout_down': '502: Stripe did not open the payment page of a deposit (nothing was charged)',
  'money.cancel_down': "502: Stripe did not answer the cancel of a deposit's payment page",
  'money.deposit_unknown': "404: a deposit that is not the caller's",
  'money.advertiser_unknown':
    '404: an advertiser that does not exist (an operator crediting funds, a deposit of an account gone)',
  'money.refund_over_balance': '409: a refund larger than the free balance; the message says both sums',
  'money.debt_owed':
    '409: a refund or a launch while the advertiser owes for a card dispute; the message says how much',
  'money.launch_short_of_funds': '409: launching a campaign whose reservation (pay × spots) the balance cannot cover',
  'money.spots_short_of_funds': '409: adding spots whose reservation (pay × spots) the balance cannot cover',
  'money.reservation_short': "409: completing an offer whose campaign's reservation does not cover the pay",
  'money.dispute_advertiser_only': "403: disputing a delivery from an account that is not the campaign's advertiser",
  'money.dispute_confirmed': '409: disputing a delivery the advertiser confirmed (no review window)',
  'money.dispute_not_completed': '409: disputing the delivery of an offer not completed yet',
  'money.dispute_released': '409: disputing a delivery whose pay was released to the creator',
  'money.dispute_already_open': '409: disputing a delivery already disputed',
  'money.dispute_resolved': '409: disputing a delivery Castbridge already resolved',
  'money.dispute_window_ended': '409: disputing a delivery after its review window ended; the message says when',
  'money.dispute_not_now': '409: disputing a delivery whose review changed meanwhile',
  // An operator's decisions on payouts, refunds and reviews; documents; Stripe's webhooks.
  'money.payout_unknown': '404: deciding a payout that does not exist',
  'money.payout_already_decided': '409: deciding a payout that is no longer requested or processing',
  'money.refund_unknown': '404: deciding a refund that does not exist',
  'money.refund_through_stripe': '409: an operator deciding a refund that goes back through Stripe',
  'money.refund_while_owed': '409: marking a refund sent while its advertiser owes for a card dispute',
  'money.refund_already_decided': '409: deciding a refund that is no longer requested or processing',
  'money.review_unknown': '404: resolving a review that does not exist',
  'money.review_not_resolvable': '409: resolving a review that is neither held nor disputed; the message says why',
  'money.pay_over_earning': '422: resolving a review with more pay than the earning',
  'money.review_resolved_meanwhile': '409: the review was resolved while it was being resolved',
  'money.document_unknown': "404: a money document that is not the caller's",
  'money.stripe_not_configured': '404: a Stripe webhook where Stripe is not configured',
  'money.stripe_connect_not_configured': '404: a Stripe Connect webhook where Stripe Connect is not configured',
  'money.stripe_signature_required': '400: a Stripe webhook without a Stripe-Signature header',
  'money.webhook_signature_invalid':
    "400: a Stripe webhook whose signature does not verify; the message says Stripe's words",
  'money.webhook_connect_event': "400: a connected account's event sent to the platform endpoint",
  'money.webhook_platform_event': '400: a platform event sent to the Connect endpoint',
  'money.offer_unknown': "404: disputing or reading the earning of an offer that is not the advertiser's",
  'money.dispute_not_credited': "409: a card dispute's event before its payment is credited (Stripe sends it again)",
  // Deleting an account while money is held for it; the message says what to do first.
  'money.delete_pending_earnings': '409: deleting a creator account with earnings still in their review window',
  'money.delete_balance': '409: deleting a creator account whose Earning Balance is not withdrawn',
  'money.delete_payout_underway': '409: deleting a creator account while a withdrawal is on its way',
  'money.delete_refund_underway': '409: deleting an advertiser account while a refund is on its way',
  'money.delete_card_dispute': '409: deleting an advertiser account while a card dispute holds part of its funds',
  'money.delete_debt': '409: deleting an advertiser account that owes Castbridge for a disputed card payment',
  'money.delete_debit_processing': '409: deleting an advertiser account while a bank debit is still processing',
  'money.delete_funds_held': '409: deleting an advertiser account whose funds (free or reserved) are not settled',
  // The chat archive (server/archive/): what Archive Chat and its search are refused.
  'archive.not_connected': '409: archiving turned on or off for a platform whose account is not connected',
  'archive.not_configured': '409: archiving turned on for a platform this server has no credentials to read chat on',
  'archive.stream_unknown': '404: an archived stream the creator does not have (reading, exporting or deleting it)',
  'archive.day_empty': '404: a day of a platform with no chat archived (reading or exporting it)',
  'archive.nothing_on_day': '404: deleting a day with no chat archived',
  'archive.chatter_unknown': '404: deleting a chatter with nothing archived on the platform',
  'archive.date_malformed': '400: deleting a day whose path does not name a date as YYYY-MM-DD',
  'archive.date_not_a_day': '400: deleting a day whose path names no day of the calendar (2026-02-30)',
  'archive.chatter_id_malformed': "400: deleting a chatter whose path does not name a chatter's id",
  // The marketplace (server/marketplace/): what answering an offer, its thread and its counter-offers are refused.
  'marketplace.offer_unknown':
    "404: an offer that is not the caller's (reading or answering it, its thread, its proposals, disputing its delivery)",
  'marketplace.offer_not_answerable':
    '409: accepting, declining or asking about an offer whose status no longer allows it; the message says its status',
  'marketplace.offer_changed': '409: the offer changed while it was being answered; read it again',
  'marketplace.campaign_not_active': '409: accepting an offer, or a counter-offer, of a campaign that is not running',
  'marketplace.campaign_full': '409: accepting an offer when every spot of its campaign is taken',
  'marketplace.channel_required':
    "409: accepting before the creator has a channel connected on one of the campaign's platforms; the message names them",
  'marketplace.decline_reason_too_long': '400: a decline reason longer than 500 characters once trimmed',
  'marketplace.thread_closed': '409: a message in the thread of a declined or expired offer',
  'marketplace.offer_not_negotiable':
    '409: proposing, or answering a proposal, once the offer is no longer invited or info_requested',
  'marketplace.proposal_unknown': '404: a proposal round the offer does not have',
  'marketplace.own_proposal': "403: accepting or declining one's own proposal (the other side answers it)",
  'marketplace.proposal_closed': '409: accepting or declining a proposal that is no longer open',
  'marketplace.proposal_answered': '409: the proposal was answered or countered meanwhile',
  'marketplace.proposal_waiting': "409: proposing while one's own proposal is waiting for an answer",
  'marketplace.brand_short_of_funds':
    "409: the creator accepting a counter-offer the brand's balance cannot cover yet; the message names the pay",
  // What an advertiser's campaigns, invitations and creator lists are refused.
  'marketplace.campaign_unknown': "404: a campaign that is not the caller's",
  'marketplace.campaign_not_draft': '409: editing a campaign that is no longer a draft',
  'marketplace.campaign_image_not_draft': '409: changing the image of a campaign that is no longer a draft',
  'marketplace.campaign_action_refused':
    '409: launching, pausing, resuming or cancelling a campaign whose status does not allow it; the message says both',
  'marketplace.campaign_changed': '409: the campaign changed while the action was being taken; read it again',
  'marketplace.launch_needs_approval': '409: launching before Castbridge approved the company profile',
  'marketplace.launch_needs_platform': '409: launching a campaign that targets no platform',
  'marketplace.launch_needs_language': '409: launching a campaign that targets no broadcasting language',
  'marketplace.launch_needs_description': '409: launching a campaign without a description',
  'marketplace.launch_window_over': '409: launching a campaign whose window has already ended',
  'marketplace.spots_not_running': '409: adding spots to a campaign that is not active or paused',
  'marketplace.spots_too_many': '409: adding spots past the most a campaign may have; the message says both figures',
  'marketplace.creator_unknown': '404: a creator who is not listed in search (inviting, listing or their options)',
  'marketplace.invite_draft': '409: inviting to a draft campaign',
  'marketplace.invite_paused': '409: inviting to a paused campaign',
  'marketplace.invite_not_active': '409: inviting to a completed or cancelled campaign',
  'marketplace.invite_existing_offer': '409: inviting a creator who already has an offer of the campaign',
  'marketplace.invite_too_many_open':
    '409: inviting when the campaign already has its most open offers for its free spots (3 a spot)',
  'marketplace.list_unknown': "404: a creator list that is not the caller's",
  'marketplace.lists_full': '409: creating a list past the most an advertiser may keep',
  'marketplace.list_full': '409: adding a creator to a list that holds the most it may',
  'marketplace.offer_already_completed': '409: confirming the delivery of an offer already completed (or paid)',
  'marketplace.offer_not_completable':
    '409: confirming the delivery of an offer that is not accepted; the message says its status',
  // The deliverables (server/deliverables/): what promo codes, redemptions, the brand's report and an offer's progress
  // and chat bot are refused.
  'deliverables.promo_forbidden': "403: another role than an advertiser managing a campaign's promo codes",
  'deliverables.promo_not_asked': '409: promo codes or redemptions of a campaign that does not ask for redemptions',
  'deliverables.offer_not_coded': '404: a code given to an offer that is not an accepted offer of the campaign',
  'deliverables.offer_listed_twice': '400: codes given that list the same offer twice',
  'deliverables.code_given_twice': '409: codes given that give the same code (case aside) to two offers',
  'deliverables.code_taken': "409: a code given that another of the campaign's offers holds",
  'deliverables.redemption_key_required': '401: a redemption posted without a redemption key',
  'deliverables.redemption_key_unknown': '401: a redemption posted with a key no campaign has (or a replaced one)',
  'deliverables.redemptions_throttled':
    '429: too many redemptions posted with one key in a minute; `Retry-After` says when to retry',
  'deliverables.redeemed_at_invalid': '400: a redemption whose redeemedAt is not a date and time',
  'deliverables.redeemed_at_future': '400: a redemption whose redeemedAt is in the future',
  'deliverables.code_unknown': '404: a redemption of a code the campaign does not have',
  'deliverables.csv_content_type': '400: a redemptions upload not sent as text/csv',
  'deliverables.csv_not_utf8': '400: a redemptions upload that is not UTF-8 text',
  'deliverables.csv_syntax': '400: a redemptions upload that is not valid CSV; the message says the line',
  'deliverables.csv_empty': '400: a redemptions upload without even a header',
  'deliverables.csv_columns': '400: a redemptions upload whose header does not name order_id and code',
  'deliverables.csv_too_many_rows': '413: a redemptions upload of more than 10,000 rows',
  'deliverables.report_forbidden':
    "403: another role than an advertiser reading a campaign's report or its share links",
  'deliverables.report_day_invalid': '400: a report whose from or to is not a day (YYYY-MM-DD)',
  'deliverables.report_range_reversed': '400: a report whose to is before its from',
  'deliverables.report_range_too_long': '400: a report of more than 366 days',
  'deliverables.report_offer_unknown': '404: a report of an offer the campaign has not accepted',
  'deliverables.report_link_gone': '404: a share link of a report that is unknown or revoked',
  'deliverables.share_unknown': '404: revoking a share link the campaign does not have',
  'deliverables.not_accepted_yet':
    "409: an offer's deliverables before it is accepted (or once declined or expired); the message says its status",
  'deliverables.bot_none': '404: the chat bot of an offer whose campaign asks for no chat posts, or not accepted yet',
  'deliverables.bot_offer_not_running': '409: pausing or resuming the bot of an offer no longer accepted or active',
  'deliverables.bot_platform_unknown': '404: bot consent for a platform other than twitch or youtube',
  'deliverables.bot_account_missing': '404: bot consent for a platform whose account is not connected',
  'deliverables.bot_permission_missing':
    '409: bot consent on Twitch before Twitch granted the channel:bot scope; connect Twitch again',
  // The overlay (server/overlay/): its settings, and what its page's heartbeats and presence are refused.
  'overlay.creators_only': "403: another role than a creator reading or changing an overlay's settings or status",
  'overlay.token_unknown': "404: the overlay page's stream, heartbeat or presence with an unknown or rotated token",
  'overlay.switched_off': '409: a heartbeat while the creator has switched the overlay off',
  'overlay.offer_not_running':
    "404: a heartbeat for an offer the overlay does not credit (not the creator's, or not running)",
  // Uploaded images (server/uploads/): a profile photo, a campaign's image.
  'uploads.multipart_required': '415: an image not sent as multipart/form-data',
  'uploads.too_large': '413: an image larger than the upload limit; the message says the limit',
  'uploads.multipart_unreadable': '400: a multipart body that cannot be read',
  'uploads.file_required': '400: a multipart body without the file field (photo or image)',
  'uploads.file_empty': '400: an empty file',
  'uploads.not_an_image': '415: a file that is not a PNG, JPEG, WebP or GIF image',
  // Who may do what, and a counter-offer's answer by the advertiser.
  'marketplace.answers_are_the_creators': '403: answering an offer from an account that is not its creator',
  'marketplace.offers_creators_only': "403: an advertiser or operator asking for the creator's offers outlook",
  'marketplace.operators_no_offers': '403: an operator listing or reading offers (the console shows campaigns)',
  'marketplace.delivery_advertiser_only':
    "403: confirming a delivery from an account that is not the campaign's advertiser",
  'marketplace.media_kit_creators_only': '403: a media kit asked for by an account that is not a creator',
  'marketplace.handle_taken': '409: a media kit handle another creator holds',
  'marketplace.search_needs_profile': '403: searching, listing or inviting creators before sending a company profile',
  'marketplace.search_needs_approval':
    '403: searching, listing or inviting creators while the company profile is pending or rejected',
  'marketplace.creator_proposes_first': "409: the advertiser proposing before the creator's first proposal",
  'marketplace.creator_channel_required':
    "409: the advertiser accepting a counter-offer of a creator with no channel on the campaign's platforms",
  'marketplace.reservation_cannot_cover': "409: a change of pay the campaign's reservation cannot cover",
  'marketplace.accept_short_of_funds':
    "409: the advertiser accepting a counter-offer above the campaign's pay with a short balance; the message names the sum",
} as const;

export type ErrorCode = (typeof STATUS_CODES)[ErrorStatus] | keyof typeof ERROR_CODES;

export const ALL_ERROR_CODES = [
  ...new Set(Object.values(STATUS_CODES)),
  ...Object.keys(ERROR_CODES),
] as readonly ErrorCode[];
