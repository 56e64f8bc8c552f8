// createApp(config): the Castbridge API and static site as one Hono app, with its database opened and migrated.
// The only module that builds the whole: dependencies run contract/ → the basics (http, db, jobs, mail, cluster) →
// the domains, each declaring the small interface it needs → here, where the Services bag is assembled and handed
// to each domain in the shape it asked for (and callbacks point back up where a lower domain must tell a higher one,
// e.g. the marketplace telling the overlays to refresh). .dependency-cruiser.cjs (npm run lint) keeps it so.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { Kysely } from 'kysely';
import { createFirebaseVerifier } from './accounts/firebase.ts';
import { authRoutes } from './accounts/auth-routes.ts';
import { createLoginThrottle } from './accounts/throttle.ts';
import { createSessionRevocations, createSessions } from './accounts/sessions.ts';
import { createTokenService, loadSecret } from './accounts/tokens.ts';
import type { Config } from './config.ts';
import { migrate, openDatabase } from './db/connect.ts';
import { ping, type Dialect } from './db/dialect.ts';
import type { Database } from './db/types.ts';
import { HttpError, statusCode } from './http/errors.ts';
import { httpProblems } from './http/http-problems.ts';
import { requestLocale } from './http/problems.ts';
import { route } from './http/route.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createHealth, type Health } from './http/health.ts';
import { withRequestIds } from './http/request-id.ts';
import type { AppEnv } from './http/session.ts';
import { staticSite } from './http/static-site.ts';
import { currentRequestId, stderrLogger, type Logger } from './log.ts';
import { createSelfFetch, type SelfFetch } from './http/self-fetch.ts';
import { createLinks, type Links } from './mail/links.ts';
import { createMailer, MAIL_JOB, type MailMessage, type Mailer } from './mail/mailer.ts';
import type { Services } from './services.ts';
import { createPhotoStorage } from './uploads/storage.ts';
import { uploadApiRoutes, uploadFileRoutes } from './uploads/routes.ts';
import { userRoutes } from './accounts/profile-routes.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { createIdempotency } from './http/idempotency.ts';
import { createResetLinks } from './accounts/resets.ts';
import { newsletterRoutes } from './public/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { createUserStore } from './accounts/users.ts';
import { createMemoryBus } from './notifications/bus.ts';
import { createNotifier, NOTIFICATION_MAIL_JOB, notificationById, THREAD_DIGEST_JOB } from './notifications/store.ts';
import { createTickets } from './notifications/tickets.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { clusterBus } from './notifications/cluster-bus.ts';
import { createCluster, createJobs } from './cluster/index.ts';
import { createCampaignStore } from './marketplace/campaigns.ts';
import { createOfferStore } from './marketplace/offers.ts';
import { threadLine } from './marketplace/thread-lines.ts';
import { createMatcher, type MatchPayload } from './marketplace/match-jobs.ts';
import { accountHooks } from './marketplace/departures.ts';
import { createDirectoryJobs, withDirectoryHooks } from './marketplace/directory.ts';
import { createMediaKits } from './marketplace/media-kit.ts';
import { mediaKitRoutes } from './marketplace/media-kit-routes.ts';
import { marketplaceRoutes } from './marketplace/routes.ts';
import { createPayoutMethods } from './money/payout-methods.ts';
import { createStripeConnect } from './money/stripe-connect.ts';
import { moneyRoutes } from './money/routes.ts';
import { documentRoutes } from './money/document-routes.ts';
import { createSealer, loadPayoutKey } from './money/sealing.ts';
import { createFunding } from './money/funding.ts';
import { createPayouts, SUBMIT_JOB } from './money/payouts.ts';
import { createTaxForms } from './money/tax-forms.ts';
import { createDeposits } from './money/deposits.ts';
import { createCardDisputes } from './money/card-disputes.ts';
import { createRefunds } from './money/refunds.ts';
import { createReviews } from './money/reviews.ts';
import { touchOfferLists } from './marketplace/offer-revisions.ts';
import { createPayoutRails } from './money/providers/index.ts';
import { createStripeGateway } from './money/providers/stripe-client.ts';
import { createWriteBatcher } from './db/write-batcher.ts';
import { adminRoutes } from './operator/routes.ts';
import { createOverlays } from './overlay/store.ts';
import { createConnections } from './connections/store.ts';
import { createLiveWatch } from './connections/live.ts';
import { createYouTubeFeeds } from './connections/websub.ts';
import { createTwitchPush } from './connections/twitch-push.ts';
import { createGovernor } from './connections/governor.ts';
import { connectionRoutes } from './connections/routes.ts';
import { createArchive } from './archive/store.ts';
import { channelKey, createIngestSupervisor } from './archive/ingest.ts';
import { archiveRoutes } from './archive/routes.ts';
import { createAnalytics } from './analytics/aggregate.ts';
import { createCollector } from './analytics/collector.ts';
import { createPromo } from './deliverables/promo.ts';
import { promoRoutes } from './deliverables/promo-routes.ts';
import { createReports } from './deliverables/report.ts';
import { reportRoutes } from './deliverables/report-routes.ts';
import { createBot } from './deliverables/bot.ts';
import { botRoutes } from './deliverables/bot-routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { createMetricStore } from './analytics/store.ts';
import { combinedSource, parseChatUrl, twitchChatSource } from './archive/twitch-source.ts';
import { createEventSubManager, type EventSubManager } from './archive/eventsub.ts';
import { createUnclaimedWriter, eventSubChatSource } from './archive/eventsub-source.ts';
import { twitchStreamWatcher } from './archive/twitch-streams.ts';
import { createYouTubePacer, youtubeChatSource } from './archive/youtube-source.ts';
import { overlayRoutes } from './overlay/routes.ts';
import { fraudSignals } from './overlay/fraud.ts';
import { clickSignals } from './deliverables/click-fraud.ts';
import { createProgress } from './deliverables/progress.ts';
import { progressRoutes } from './deliverables/progress-routes.ts';
import { createEvidence } from './deliverables/evidence.ts';
import { createSettlement } from './deliverables/settlement.ts';
import { createClickCounter } from './deliverables/clicks.ts';
import { answerLinksFirst, linkRoutes } from './deliverables/link-routes.ts';
import { createMetrics, metricsEnabled, metricsRoute, type Metrics } from './metrics/index.ts';

export interface CastbridgeApp {
  app: Hono<AppEnv>;
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  /** GET /healthz and /readyz; server/serve.ts turns readiness off first when the process is asked to stop. */
  health: Health;
  /** Where e-mail links point; server/main.ts gives it the listening URL when PUBLIC_URL is unset. */
  links: Links;
  /** The mailer (tests wait for posted messages with mail.settled()). */
  mail: Mailer;
  /** Everything the routes share (tests reach the job queue, the matcher and the bus through it; the seed too). */
  services: Services;
  /** Prometheus metrics, when METRICS_PORT or METRICS_TOKEN is set (server/metrics/); the entries call listen(). */
  metrics: Metrics | null;
  /** Releases the database and Firebase handles; the HTTP server (if any) is closed by its owner. */
  close(): Promise<void>;
}

const SWEEP_MS = 10 * 60 * 1000;
const SETTLE_MS = 60 * 1000;
/** A payout still `requested` this long after it was asked for has lost its job: the sweep queues it again. */
const STALE_PAYOUT_MS = 10 * 60 * 1000;
const POLL_STRIPE_MS = 5 * 60 * 1000;

/**
 * The platforms' stand-ins, for a configuration that leaves Twitch, YouTube or Stripe to them (STANDINS=1). The server
 * never loads them: the demo entry (demo/main.ts) and the tests hand them in (standins/, a development tool of its
 * own), and an app configured for stand-ins without them refuses to start.
 */
export type StandInHost = (context: {
  config: Config;
  links: Links;
  selfFetch: SelfFetch;
  logger: Logger;
}) => Promise<MountedStandIns>;

export interface MountedStandIns {
  /** Twitch chat's IRC-over-WebSocket address, for a configuration without TWITCH_CHAT_URL. */
  chatUrl: string | null;
  /** Twitch EventSub's WebSocket address, for a configuration without TWITCH_EVENTSUB_URL. */
  eventSubUrl: string | null;
  /** Mounted on this app before the static site: the stand-ins' APIs and pages (/standin/...). */
  routes: { path: string; app: { fetch(request: Request, ...rest: never[]): Response | Promise<Response> } }[];
  close(): Promise<void>;
}

export interface AppOptions {
  logger?: Logger;
  /** The stand-ins, where the configuration asks for them (STANDINS=1): only the demo entry and the tests pass them. */
  standIns?: StandInHost;
  /**
   * The sign-in throttle's, the click counter's, the platform budgets' and the live watch's clock (tests and the
   * verification bench move it instead of sleeping); Date.now otherwise.
   */
  now?: () => number;
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<CastbridgeApp> {
  // Before anything is opened: a configuration asking for stand-ins that this entry does not bring never starts.
  if (config.standIns && !options.standIns)
    throw new Error("STANDINS=1 asks for the platforms' stand-ins, which only the demo entry runs (npm start)");
  const logger = options.logger ?? stderrLogger;
  const handle = openDatabase(config);
  try {
    await migrate(handle, config.databaseSchema);
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
  const { db } = handle;
  if (config.firebaseAuthEmulatorHost) {
    logger.warn('Firebase Auth emulator mode: unsigned ID tokens are accepted; never use this in production', {
      emulator: config.firebaseAuthEmulatorHost,
    });
  }

  const secret = loadSecret(config.jwtSecret, config.dataDir);
  // Several instances (docs/product.md §Several instances): how they tell each other of changes and share exclusive work; none on SQLite.
  const cluster = await createCluster(config, handle.dialect, logger);
  // The jobs come first: a creator's erasure queues matching for the campaigns it gives spots back to.
  const jobs = await createJobs(config, db, logger);
  // Metrics only where something can read them (METRICS_PORT, METRICS_TOKEN); the jobs' handlers measured from the first.
  const monitoring = metricsEnabled(config) ? createMetrics(config, logger) : null;
  monitoring?.instrumentJobs(jobs);
  // A profile change or an erasure raises the offers-list revisions it affects, and a departing creator's offers give
  // back their spots and reservations, in its own transaction (server/marketplace/departures.ts).
  // A published creator's profile change refreshes their media kit's directory row (server/marketplace/directory.ts).
  const users = createUserStore(db, withDirectoryHooks(accountHooks({ jobs }), { jobs }));
  const tokens = await createTokenService(secret);
  const base = {
    config,
    logger,
    db,
    writes: createWriteBatcher(db, handle.dialect),
    users,
    tokens,
    sessions: createSessions({ tokens, users }),
    revocations: createSessionRevocations(cluster.transport),
    throttle: createLoginThrottle(db, options.now),
    firebase: createFirebaseVerifier(config, logger),
    photos: createPhotoStorage(config.dataDir, logger),
    mail: createMailer(config, logger),
    links: createLinks(config.publicUrl),
    limits: createRateLimiter(db, { scale: config.rateLimitScale, trustProxy: config.trustProxy }),
    resets: createResetLinks(db),
    idempotency: createIdempotency(db),
    bus: clusterBus(createMemoryBus(), cluster.transport, (userId, id) => notificationById(db, userId, id), logger),
    tickets: createTickets(secret, db),
    jobs,
  };
  const notifier = createNotifier({
    db,
    bus: base.bus,
    mail: base.mail,
    links: base.links,
    supportEmail: config.supportEmail,
    logger,
    jobs: base.jobs,
    threadMailQuietMs: config.threadMailQuietSeconds * 1000,
    threadLine,
  });
  const marketplace = { ...base, notifier };
  const sealer = createSealer(loadPayoutKey(config.payoutKey, config.dataDir));
  const payoutMethods = createPayoutMethods(db, sealer);
  // Calls to the stand-ins on this server are answered in process (no socket: they work before it listens).
  const selfFetch = createSelfFetch();
  // Stripe (deposits, refunds, disputes and the stripe payout rail): the real API, or offline its stand-in.
  const stripe = config.stripe ? createStripeGateway(config.stripe, selfFetch) : null;
  const rails = createPayoutRails(config, db, stripe);
  // Every call to Twitch and YouTube spends the platforms' budgets through one governor (docs/product.md §Platform limits).
  const governor = createGovernor({
    db,
    logger,
    // The app's clock (the verification bench's simulated day; Date.now otherwise) dates the budgets' windows.
    now: options.now,
    fetch: selfFetch.fetch,
    limits: {
      twitch: { capacity: config.platformLimits.twitchPointsPerMinute },
      youtube: { capacity: config.platformLimits.youtubeDailyUnits },
    },
  });
  const connections = createConnections({ db, config, links: base.links, sealer, logger, selfFetch, governor });
  const youtubeHub = config.oauth.youtube?.websubHub ?? null;
  const youtubeFeeds = youtubeHub
    ? createYouTubeFeeds({ db, hub: youtubeHub, selfFetch, links: base.links, logger })
    : null;
  // YouTube chat spreads the project's daily units left over every archived YouTube channel of the cluster.
  const youtubePacer = createYouTubePacer({
    remaining: () => governor.remaining('youtube', 'project', 'chat'),
    clusterChannels: async () => (await connections.archiving()).filter((a) => a.platform === 'youtube').length,
  });
  const youtubeChat = {
    provider: 'youtube',
    credential: 'project',
    priority: 'chat',
    purpose: 'archive_chat',
    maxWaitMs: 0,
  } as const;
  const archive = createArchive({ db, dialect: handle.dialect });
  // The chat bot answers `!<command>` in the chats the archive reads (docs/product.md §The chat bot): every batch
  // written is also shown to it, once the bot exists (below).
  let heardByBot: ((key: { userId: string; platform: 'twitch' | 'youtube' }, texts: string[]) => Promise<void>) | null =
    null;
  const writeArchive = archive.write.bind(archive);
  archive.write = async (key, batch) => {
    await writeArchive(key, batch);
    if (heardByBot && batch.messages.length > 0)
      void heardByBot(
        key,
        batch.messages.map((message) => message.text),
      ).catch((error: unknown) => logger.warn('chat bot: a command failed', { error: (error as Error).message }));
  };
  const metrics = createMetricStore({ db, dialect: handle.dialect });
  // Twitch, YouTube and Stripe stood in for (STANDINS=1: `npm start`, the tests): started by the entry that brought
  // them, before the wiring below needs their addresses; never loaded by `npm run serve` (server/main.ts).
  const standIns: MountedStandIns | null =
    config.standIns && options.standIns
      ? await options.standIns({ config, links: base.links, selfFetch, logger })
      : null;
  const chatUrl = config.twitchChatUrl ?? standIns?.chatUrl;
  if (!chatUrl) throw new Error('Twitch chat has no address: set TWITCH_CHAT_URL');
  const chatEndpoint = parseChatUrl(chatUrl);
  const eventSubUrl = config.twitchChat.eventSubUrl ?? standIns?.eventSubUrl ?? null;
  const eventSub: EventSubManager | null =
    config.twitchChat.mode === 'eventsub' && config.oauth.twitch && config.twitchChat.botRefreshToken && eventSubUrl
      ? (() => {
          const unclaimed = createUnclaimedWriter({
            archive,
            logger,
            channelOf: async (broadcasterId) => {
              const row = await db
                .selectFrom('connected_accounts')
                .selectAll()
                .where('platform', '=', 'twitch')
                .where('platform_user_id', '=', broadcasterId)
                .where('archiving', '=', 1)
                .executeTakeFirst();
              return row ? channelKey(row) : null;
            },
          });
          return createEventSubManager({
            config,
            botRefreshToken: config.twitchChat.botRefreshToken!,
            url: eventSubUrl,
            transport:
              config.twitchChat.transport ??
              (cluster.locks.kind === 'memory' || (standIns?.eventSubUrl && !config.twitchChat.eventSubUrl)
                ? 'websocket'
                : 'conduit'),
            governor,
            selfFetch,
            connections,
            db,
            locks: cluster.locks,
            logger,
            unclaimed: unclaimed.write,
          });
        })()
      : null;
  // Twitch's stream events for the live watch (server/connections/twitch-push.ts): on the chat's conduit when chat runs
  // on one, else on a conduit of their own ('verify', no bot), made once a Twitch channel is in delivery. Without
  // EventSub (TWITCH_CHAT=irc) the live watch polls every Twitch channel, as before.
  const twitchPush =
    config.twitchChat.mode === 'eventsub' && config.oauth.twitch && eventSubUrl
      ? createTwitchPush({
          shared: eventSub?.transport === 'conduit' ? eventSub : null,
          own: () =>
            createEventSubManager({
              config,
              botRefreshToken: null,
              conduitName: 'verify',
              url: eventSubUrl,
              transport: 'conduit',
              governor,
              selfFetch,
              connections,
              db,
              locks: cluster.locks,
              logger,
            }),
          logger,
          clock: options.now,
        })
      : null;
  // Each accepted offer's deliverables progress, shown on every offer answer, and the settlement that completes the
  // offers asking for more than the overlay (docs/product.md §Deliverables): held at completion by the overlay's fraud
  // signals and the clicks' (the deliverables never import the overlay).
  const progress = createProgress({ db, links: base.links });
  const evidence = createEvidence({ db, progress });
  const settlement = createSettlement({
    db,
    config,
    notifier,
    feeBps: config.feeBps,
    progress,
    logger,
    holdSignals: async (trx, offerId) => [
      ...(await fraudSignals(trx, offerId, config.fraud)),
      ...(await clickSignals(trx, offerId, config.deliverables)),
    ],
    // A completed offer leaves the creator's overlay.
    onCompleted: (creatorIds) => services.overlays.refresh(creatorIds),
  });
  const services: Services = {
    ...marketplace,
    campaigns: createCampaignStore({ ...marketplace, progress: progress.progressOf }),
    offers: createOfferStore({ ...marketplace, progress: progress.progressOf }),
    progress,
    evidence,
    settlement,
    matcher: createMatcher(marketplace),
    payoutMethods,
    funding: createFunding(marketplace),
    payouts: createPayouts({ ...marketplace, payoutMethods }, rails),
    taxForms: createTaxForms(db, sealer),
    rails,
    stripe,
    stripeConnect: createStripeConnect({
      db,
      stripe: rails.stripe ? stripe : null,
      links: base.links,
      payoutMethods,
    }),
    deposits: createDeposits({ ...marketplace, stripe }),
    refunds: createRefunds({ ...marketplace, stripe }),
    // Overlay earnings' review windows; a window that changes changes both sides' offer lists.
    reviews: createReviews({ db, notifier, config, logger, offerListsChanged: touchOfferLists }),
    cardDisputes: createCardDisputes({ ...marketplace, stripe }),
    overlays: createOverlays({
      ...marketplace,
      dialect: handle.dialect,
      sealer,
      feeBps: config.feeBps,
      addressKey: secret,
      transport: cluster.transport,
      settleDeliverables: (offerIds) => settlement.settle(offerIds),
      evidence,
    }),
    governor,
    connections,
    archive,
    eventSub,
    ingest: createIngestSupervisor({
      connections,
      archive,
      logger,
      locks: cluster.locks,
      owner: cluster.instanceId,
      // The archive grew: the owner's open live streams are told (docs/product.md §Chat archive).
      signal: (key) => base.bus.publish(key.userId, { type: 'archive.updated', platform: key.platform }),
      // Twitch chat needs no token (anonymous read); YouTube's needs the channel's own, and its client configured.
      platforms: config.oauth.youtube ? ['twitch', 'youtube'] : ['twitch'],
      source: (account, handlers) => {
        const onServer = selfFetch.resolve;
        // Read again each time: a refresh replaces the sealed tokens.
        const accessToken = async () => {
          const current = await connections.account(account.user_id, account.platform);
          if (!current)
            throw new Error(`the ${account.platform === 'twitch' ? 'Twitch' : 'YouTube'} account was disconnected`);
          return connections.accessToken(current);
        };
        if (account.platform === 'twitch') {
          const irc = () => twitchChatSource(chatEndpoint, channelKey(account).channel, handlers);
          const chat = eventSub
            ? eventSubChatSource(
                eventSub,
                { broadcasterId: account.platform_user_id, login: channelKey(account).channel },
                handlers,
                irc,
                logger,
              )
            : irc();
          const twitch = config.oauth.twitch;
          if (!twitch) return chat;
          // Stream sessions come from Helix, with the channel's own token.
          const streams = twitchStreamWatcher(
            {
              apiBase: () => onServer(twitch.apiBase),
              clientId: twitch.clientId,
              broadcasterId: account.platform_user_id,
              accessToken,
              pollMs: config.twitchStreamPollSeconds * 1000,
              // The creator's own token: its Helix budget, shared with analytics (docs/product.md §Platform limits).
              fetch: governor.fetch(
                {
                  provider: 'twitch',
                  credential: `user:${account.platform_user_id}`,
                  priority: 'chat',
                  purpose: 'archive_stream_sessions',
                  // Not waiting in line (stopping the archive would wait for it): looked at again at the reset.
                  maxWaitMs: 0,
                },
                selfFetch.fetch,
              ),
            },
            handlers,
          );
          return combinedSource(chat, streams);
        }
        const youtube = config.oauth.youtube;
        if (!youtube) return null;
        return youtubeChatSource(
          {
            apiBase: () => onServer(youtube.apiBase),
            accessToken,
            fetch: governor.fetch(youtubeChat, selfFetch.fetch),
            pacer: youtubePacer,
            defer: (until) => governor.defer(youtubeChat, until),
          },
          handlers,
        );
      },
    }),
    metrics,
    collector: createCollector({ config, connections, metrics, jobs: marketplace.jobs, logger, selfFetch, governor }),
    // Whether the channels in delivery are live (docs/product.md §Verified delivery): one poll per LIVE_POLL_SECONDS
    // for the cluster; the minutes of the creators it looked at are settled at once.
    live: createLiveWatch({
      db,
      config,
      connections,
      jobs: marketplace.jobs,
      logger,
      selfFetch,
      locks: cluster.locks,
      governor,
      feeds: youtubeFeeds,
      push: twitchPush,
      clock: options.now,
      onChecked: (creatorIds, now) => services.overlays.settle(creatorIds, now).then(() => {}),
    }),
    youtubeFeeds,
    twitchPush,
    analytics: createAnalytics({ db, archive }),
    // Tracked links' clicks (docs/product.md §Tracked links): counted in memory, written every CLICK_FLUSH_MS.
    clicks: createClickCounter({
      db,
      dialect: handle.dialect,
      config,
      logger,
      now: options.now,
      onCounted: (offerIds) => settlement.settle(offerIds),
    }),
    promo: createPromo({ db, writes: base.writes, logger, onCounted: (offerIds) => settlement.settle(offerIds) }),
    reports: createReports({ db, links: base.links }),
    bot: createBot({
      db,
      config,
      governor,
      selfFetch,
      jobs: marketplace.jobs,
      links: base.links,
      logger,
      now: options.now,
      onPosted: (offerIds) => settlement.settle(offerIds),
    }),
  };
  heardByBot = (key, texts) => services.bot.heard(key, texts);
  services.bot.register();
  services.collector.register();
  services.live.register();
  // The creator directory brand search reads: refreshed per creator on a connect or disconnect, hourly for every
  // published media kit (server/marketplace/directory.ts).
  const directory = createDirectoryJobs({ db, jobs: services.jobs, logger });
  directory.register();
  connections.onChange(directory.connectionChanged);
  directory
    .ensureScheduled()
    .catch((error: unknown) => logger.error('directory sweep not queued', { error: (error as Error).message }));
  services.jobs.register(NOTIFICATION_MAIL_JOB, (payload) =>
    notifier.sendMail(payload as { userId: string; id: number }),
  );
  // Thread messages are e-mailed as digests, one per thread and recipient per quiet period (docs/product.md §Threads).
  services.jobs.register(THREAD_DIGEST_JOB, (payload) =>
    notifier.sendThreadDigest(payload as { userId: string; offerId: string }),
  );
  // Account e-mail (resets, support tickets, the newsletter) is a job too, retried when the mail server refuses it.
  services.jobs.register(MAIL_JOB, (payload) => services.mail.send(payload as MailMessage));
  services.mail.useQueue(services.jobs);
  services.jobs.register('match', (payload) => services.matcher.run(payload as MatchPayload));
  services.jobs.register(SUBMIT_JOB, (payload) => services.payouts.submit((payload as { payoutId: string }).payoutId));
  // Refunds of card and bank-debit money go to Stripe through a job, like payouts (server/money/refunds.ts).
  services.refunds.register(services.jobs);
  // Overlay earnings leave their review window through a job that reschedules itself (server/money/reviews.ts),
  // queued at start (its row survives a restart) and again by the sweep should it ever fail for good.
  const reviews = services.reviews;
  reviews.register(services.jobs);
  reviews
    .ensureScheduled(services.jobs)
    .catch((error: unknown) => logger.error('earning release not queued', { error: (error as Error).message }));
  // Rails that are asked rather than told (PayPal; Stripe as a safety net for a lost webhook) are polled.
  const pollEvery = config.paypal ? config.paypal.pollSeconds * 1000 : rails.stripe ? POLL_STRIPE_MS : null;
  const poller = pollEvery
    ? setInterval(() => {
        services.payouts
          .pollProcessing()
          .catch((error: unknown) => logger.error('payout poll failed', { error: (error as Error).message }));
      }, pollEvery)
    : null;
  poller?.unref();
  // Requested payouts whose job gave up are queued again (the sweep, at start, then every 10 minutes).
  // Campaigns whose window has ended complete and their open offers expire: at start, then every 10 minutes.
  // Before that, offers whose overlay display met the deliverable but whose completion failed are completed (they
  // would otherwise expire with their campaign, unpaid). Open overlays are refreshed after it: campaign windows open
  // and close with the days.
  const sweep = () =>
    services.payouts
      .resubmitStale(STALE_PAYOUT_MS)
      .then(() => services.refunds.resubmitStale(STALE_PAYOUT_MS))
      .then(() => services.overlays.completeDue())
      // Per-click offers whose campaign's window ended are paid what their clicks earned before it completes (the
      // clicks this instance still holds written first).
      .then(() => services.clicks.flush())
      .then(() => settlement.settle())
      .then(() => services.campaigns.completeEnded())
      .then(() => services.overlays.refreshAll())
      .then(() => reviews.ensureScheduled(services.jobs))
      .catch((error: unknown) => logger.error('campaign sweep failed', { error: (error as Error).message }));
  void sweep();
  const sweeper = setInterval(sweep, SWEEP_MS);
  sweeper.unref();
  // Claimed overlay minutes are settled after each look at the platforms, and by this sweep every minute as a safety
  // net (a look whose settlement failed, a platform that never answers): on every instance, since a minute settles
  // once whoever gets there first (server/overlay/verification.ts).
  const settler = setInterval(() => {
    services.overlays
      .settle()
      .catch((error: unknown) => logger.error('overlay settlement failed', { error: (error as Error).message }));
    // The deliverables too: the counters settle what they counted, this catches a settlement that failed after them.
    settlement
      .settle()
      .catch((error: unknown) => logger.error('deliverables settlement failed', { error: (error as Error).message }));
  }, SETTLE_MS);
  settler.unref();

  monitoring?.product({
    db,
    budgets: () => services.governor.budgets(),
    clickOutcomes: () => services.clicks.stats().outcomes,
  });
  const app = new Hono<AppEnv>();
  // GET /healthz and /readyz first: a probe needs none of the middleware below (server/http/health.ts).
  const readiness = createHealth({ db, dialect: handle.dialect, redisUrl: config.redisUrl, jobs, logger });
  app.route('/', readiness.routes);
  // GET /l/<code> first: a tracked link's redirect needs none of the middleware below (server/deliverables/link-routes.ts).
  const links = linkRoutes(services);
  app.route('/', links);
  // Timed around the app's fetch (server/metrics/), inside the tracked links' shortcut, which is timed on its own.
  monitoring?.timeApp(app as unknown as Hono<never>);
  monitoring?.timeLinks(links);
  answerLinksFirst(app, links);
  app.use('*', securityHeaders(config));
  // GET /metrics: only with METRICS_TOKEN's bearer token (otherwise 404), never the static site's page.
  app.route('/', metricsRoute(config, monitoring));
  if (monitoring) {
    app.use('/api/webhooks/stripe', monitoring.webhook('stripe'));
    app.use('/api/webhooks/stripe/connect', monitoring.webhook('stripe_connect'));
  }
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    app.use(
      '/api/*',
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
        maxAge: 600,
      }),
    );
  }

  const health = new Hono<AppEnv>();
  route(health, services, 'health', async () => {
    try {
      await ping(db);
    } catch (error) {
      logger.error('health check: database unreachable', { error: (error as Error).message });
      throw new HttpError(503, httpProblems.database_unreachable);
    }
    return { status: 'ok' as const };
  });
  app.route('/', health);
  app.route('/', authRoutes(services));
  app.route('/', userRoutes(services));
  app.route('/', uploadApiRoutes(services));
  app.route('/', supportRoutes(services));
  app.route('/', newsletterRoutes(services, secret));
  app.route('/', marketplaceRoutes(services));
  app.route('/', moneyRoutes(services));
  app.route('/', documentRoutes(services));
  app.route('/', notificationRoutes(services));
  app.route('/', adminRoutes(services));
  app.route('/', overlayRoutes(services));
  app.route('/', connectionRoutes(services));
  app.route('/', mediaKitRoutes({ ...services, mediaKits: createMediaKits(services) }));
  app.route('/', archiveRoutes(services));
  app.route('/', analyticsRoutes(services));
  app.route('/', promoRoutes(services));
  app.route('/', reportRoutes(services));
  app.route('/', botRoutes(services));
  app.route('/', progressRoutes(services));
  app.all('/api/*', (c) => {
    throw new HttpError(404, httpProblems.no_endpoint.with({ method: c.req.method, path: c.req.path }));
  });
  // The stand-ins' APIs and pages, where the entry handed them in (`npm start`, the tests).
  for (const route of standIns?.routes ?? []) app.route(route.path, route.app as unknown as Hono);
  app.route('/uploads', uploadFileRoutes(services));
  app.all('/uploads/*', (c) => c.json({ message: 'Not found', code: 'not_found' }, 404));
  app.on(['GET', 'HEAD'], '*', staticSite(config.staticDir));

  app.notFound((c) => c.json({ message: 'Not found', code: 'not_found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      // In the request's language (server/http/problems.ts); the answer differs by Accept-Language.
      const message = error.messageIn(requestLocale(c));
      return c.json({ message, code: error.code }, error.status, { ...error.headers, Vary: 'Accept-Language' });
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || 'Bad request', code: statusCode(error.status) }, error.status);
    }
    // The request's own id (server/http/request-id.ts), which its other log lines carry too.
    const requestId = currentRequestId() ?? crypto.randomUUID();
    logger.error('unhandled error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? error.stack : String(error),
    });
    return c.json({ message: `Internal server error (request id ${requestId})`, code: 'internal', requestId }, 500, {
      'X-Request-Id': requestId,
    });
  });

  // Every request gets an id, the tracked links answered first included (server/http/request-id.ts).
  withRequestIds(app);
  // Background work starts once the app can answer the calls it makes to itself (the stand-ins).
  selfFetch.mount(app);
  services.jobs.start();
  await eventSub?.start();
  await services.ingest.start();
  await services.collector.start(await connections.connected());
  if (config.oauth.twitch || config.oauth.youtube) {
    await services.live.start();
    await services.bot.start();
  }

  return {
    app,
    db,
    dialect: handle.dialect,
    config,
    health: readiness,
    links: services.links,
    mail: services.mail,
    services,
    metrics: monitoring,
    async close() {
      await monitoring?.close();
      services.collector.stop();
      // The clicks counted since the last flush are written before the database closes.
      await services.clicks.close();
      services.live.stop();
      services.bot.stop();
      await services.ingest.close();
      await twitchPush?.close();
      await eventSub?.close();
      await services.governor.close();
      clearInterval(sweeper);
      clearInterval(settler);
      if (poller) clearInterval(poller);
      // Mail already queued stays in the queue for the next start; what is being queued now gets there.
      await services.mail.settled({ queued: false });
      await services.jobs.stop();
      await readiness.close();
      await cluster.close();
      // After the jobs: a collection still running asks the stand-in to the end.
      await standIns?.close();
      services.mail.close();
      await services.firebase.close();
      await db.destroy();
    },
  };
}
