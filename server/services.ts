// Everything the server is made of, built once by createApp (server/app.ts). Only the top knows this whole bag —
// app.ts, main.ts, the CLI, the seed and the tests; every domain module declares the few things it needs instead
// (e.g. MarketplaceRoutesDeps, OfferDeps) and app.ts hands this bag in where it fits.
import type { Kysely } from 'kysely';
import type { FirebaseVerifier } from './accounts/firebase.ts';
import type { LoginThrottle } from './accounts/throttle.ts';
import type { TokenService } from './accounts/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { Logger } from './log.ts';
import type { Links } from './mail/links.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PhotoStorage } from './uploads/storage.ts';
import type { UserStore } from './accounts/users.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { Idempotency } from './http/idempotency.ts';
import type { SessionCheck } from './http/session.ts';
import type { SessionRevocations } from './accounts/sessions.ts';
import type { ResetLinks } from './accounts/resets.ts';
import type { PayoutMethods } from './money/payout-methods.ts';
import type { Funding } from './money/funding.ts';
import type { Reviews } from './money/reviews.ts';
import type { StripeGateway } from './money/providers/stripe-client.ts';
import type { Payouts } from './money/payouts.ts';
import type { TaxForms } from './money/tax-forms.ts';
import type { Deposits } from './money/deposits.ts';
import type { Refunds } from './money/refunds.ts';
import type { CardDisputes } from './money/card-disputes.ts';
import type { PayoutRails } from './money/providers/index.ts';
import type { StripeConnect } from './money/stripe-connect.ts';
import type { WriteBatcher } from './db/write-batcher.ts';
import type { Bus } from './notifications/bus.ts';
import type { Notifier } from './notifications/store.ts';
import type { Tickets } from './notifications/tickets.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { CampaignStore } from './marketplace/campaigns.ts';
import type { OfferStore } from './marketplace/offers.ts';
import type { Matcher } from './marketplace/match-jobs.ts';
import type { Overlays } from './overlay/store.ts';
import type { Connections } from './connections/store.ts';
import type { Archive } from './archive/store.ts';
import type { IngestSupervisor } from './archive/ingest.ts';
import type { EventSubManager } from './archive/eventsub.ts';
import type { AnalyticsService } from './analytics/aggregate.ts';
import type { Collector } from './analytics/collector.ts';
import type { MetricStore } from './analytics/store.ts';
import type { LiveWatch } from './connections/live.ts';
import type { YouTubeFeeds } from './connections/websub.ts';
import type { TwitchPush } from './connections/twitch-push.ts';
import type { Governor } from './connections/governor.ts';
import type { Progress } from './deliverables/progress.ts';
import type { Evidence } from './deliverables/evidence.ts';
import type { Settlement } from './deliverables/settlement.ts';
import type { ClickCounter } from './deliverables/clicks.ts';
import type { Promo } from './deliverables/promo.ts';
import type { Reports } from './deliverables/report.ts';
import type { Bot } from './deliverables/bot.ts';

export interface Services {
  config: Config;
  logger: Logger;
  db: Kysely<Database>;
  /** Short write transactions that may share a COMMIT with others arriving meanwhile (SQLite group commit). */
  writes: WriteBatcher;
  users: UserStore;
  tokens: TokenService;
  /** Who a request is from (its bearer token); every route's guard asks it. */
  sessions: SessionCheck;
  /** Ends an account's sessions' live streams on every instance (password change or reset, deletion). */
  revocations: SessionRevocations;
  throttle: LoginThrottle;
  firebase: FirebaseVerifier;
  photos: PhotoStorage;
  /** Account and notification e-mail (SMTP or the outbox). */
  mail: Mailer;
  /** Absolute links for e-mails. */
  links: Links;
  /** Request limits shared through the database (429 with Retry-After). */
  limits: RateLimiter;
  /** Idempotency-Key for the requests that move money: one effect, the first answer replayed (docs/product.md §Money). */
  idempotency: Idempotency;
  /** Password-reset links. */
  resets: ResetLinks;
  /** Live pushes to SSE connections (in-memory in one process). */
  bus: Bus;
  /** Stores notifications, pushes them live and e-mails them. */
  notifier: Notifier;
  /** Short-lived tickets for GET /api/events. */
  tickets: Tickets;
  /** Jobs beside the HTTP server (matching). */
  jobs: JobQueue;
  campaigns: CampaignStore;
  offers: OfferStore;
  matcher: Matcher;
  /** Creators' bank accounts and PayPal, sealed at rest (docs/product.md §Money). */
  payoutMethods: PayoutMethods;
  /** Advertisers' deposits and balances (docs/product.md §Money). */
  funding: Funding;
  /** Creators' withdrawals and their life cycle (docs/product.md §Money). */
  payouts: Payouts;
  /** Creators' tax forms, sealed, masked in every answer (docs/product.md §Self-serve money). */
  taxForms: TaxForms;
  /** The payout rails configured by PAYOUT_PROVIDER. */
  rails: PayoutRails;
  /** Stripe (docs/product.md §Self-serve money): the real API or, offline, the stand-in; null when neither. */
  stripe: StripeGateway | null;
  /** Creators' Stripe Express accounts for the `stripe` payout rail: onboarding and what Stripe still needs. */
  stripeConnect: StripeConnect;
  /** Card and bank-debit deposits through Stripe Checkout (docs/product.md §Self-serve money). */
  deposits: Deposits;
  /** Refunds of unspent funds: through Stripe, or the operator's manual rail. */
  refunds: Refunds;
  /** Overlay earnings' review windows: release, disputes and the operator's resolution (docs/product.md §Review window). */
  reviews: Reviews;
  /** Card disputes: the hold and Stripe's outcome. */
  cardDisputes: CardDisputes;
  /** Creators' overlays for OBS: settings, live state, heartbeats and display proofs (docs/product.md §The overlay for OBS). */
  overlays: Overlays;
  /** Every call to Twitch and YouTube spends the platforms' budgets through it (docs/product.md §Platform limits). */
  governor: Governor;
  /** Creators' Twitch and YouTube channels connected through OAuth (docs/product.md §Connected accounts). */
  connections: Connections;
  /** The creators' chat archives (docs/product.md §Chat archive). */
  archive: Archive;
  /** One ingester per archived channel, beside the HTTP server. */
  ingest: IngestSupervisor;
  /** Twitch chat over EventSub for this instance (server/archive/eventsub.ts); null when it is read over IRC. */
  eventSub?: EventSubManager | null;
  /** The platforms' figures of connected accounts, as time series (docs/product.md §Analytics). */
  metrics: MetricStore;
  /** One collection job per connected account. */
  collector: Collector;
  /** Whether the channels in delivery are live, polled for the cluster (server/connections/live.ts). */
  live: LiveWatch;
  /** YouTube's push feed of the channels in delivery (server/connections/websub.ts); null without a hub. */
  youtubeFeeds: YouTubeFeeds | null;
  /** Twitch's stream events for the live watch (server/connections/twitch-push.ts); null without EventSub. */
  twitchPush: TwitchPush | null;
  /** GET /api/analytics's figures. */
  analytics: AnalyticsService;
  /** Each accepted offer's deliverables progress (docs/product.md §Deliverables). */
  progress: Progress;
  /** Each offer's evidence per deliverable: the proof report, the operator's reviews, GET /api/offers/:id/evidence. */
  evidence: Evidence;
  /** Completes offers whose deliverables are met or whose clicks earned their pay; run after each count. */
  settlement: Settlement;
  /** Tracked links' clicks: decided in memory, written in batches (docs/product.md §Tracked links). */
  clicks: ClickCounter;
  /** Promo codes and their redemptions (docs/product.md §Deliverables). */
  promo: Promo;
  /** The brand's report per campaign and creator, and its share links (docs/product.md §The brand's report). */
  reports: Reports;
  /** The chat bot: posts while live, answers commands (docs/product.md §The chat bot). */
  bot: Bot;
}
