// createApp(config): the Castbridge API and static site as one Hono app, with its database opened and migrated.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { Kysely } from 'kysely';
import { createFirebaseVerifier } from './auth/firebase.ts';
import { authRoutes } from './auth/routes.ts';
import { createLoginThrottle } from './auth/throttle.ts';
import { createTokenService, loadSecret } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { migrate, openDatabase } from './db/connect.ts';
import { ping, type Dialect } from './db/dialect.ts';
import type { Database } from './db/types.ts';
import { HttpError } from './http/errors.ts';
import { route } from './http/route.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticSite } from './http/static-site.ts';
import { stderrLogger, type Logger } from './log.ts';
import { createLinks, type Links } from './mail/links.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { AppEnv, Services } from './services.ts';
import { createPhotoStorage } from './uploads/storage.ts';
import { uploadApiRoutes, uploadFileRoutes } from './uploads/routes.ts';
import { userRoutes } from './users/routes.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { createResetLinks } from './auth/resets.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { createUserStore } from './users/store.ts';

export interface CastbridgeApp {
  app: Hono<AppEnv>;
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  /** Where e-mail links point; server/main.ts gives it the listening URL when PUBLIC_URL is unset. */
  links: Links;
  /** The mailer (tests wait for posted messages with mail.settled()). */
  mail: Mailer;
  /** Releases the database and Firebase handles; the HTTP server (if any) is closed by its owner. */
  close(): Promise<void>;
}

export interface AppOptions {
  logger?: Logger;
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<CastbridgeApp> {
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
  const services: Services = {
    config,
    logger,
    db,
    users: createUserStore(db),
    tokens: await createTokenService(secret),
    throttle: createLoginThrottle(db),
    firebase: createFirebaseVerifier(config, logger),
    photos: createPhotoStorage(config.dataDir, logger),
    mail: createMailer(config, logger),
    links: createLinks(config.publicUrl),
    limits: createRateLimiter(db, { scale: config.rateLimitScale, trustProxy: config.trustProxy }),
    resets: createResetLinks(db),
  };

  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders(config));
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    app.use(
      '/api/*',
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowHeaders: ['Authorization', 'Content-Type'],
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
      throw new HttpError(503, 'Database unreachable');
    }
    return { status: 'ok' as const };
  });
  app.route('/', health);
  app.route('/', authRoutes(services));
  app.route('/', userRoutes(services));
  app.route('/', uploadApiRoutes(services));
  app.route('/', supportRoutes(services));
  app.route('/', newsletterRoutes(services, secret));
  app.all('/api/*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  app.route('/uploads', uploadFileRoutes(services));
  app.all('/uploads/*', (c) => c.json({ message: 'Not found' }, 404));
  app.on(['GET', 'HEAD'], '*', staticSite(config.staticDir));

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status, error.headers);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || 'Bad request' }, error.status);
    }
    const requestId = crypto.randomUUID();
    logger.error('unhandled error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? error.stack : String(error),
    });
    return c.json({ message: `Internal server error (request id ${requestId})`, requestId }, 500, {
      'X-Request-Id': requestId,
    });
  });

  return {
    app,
    db,
    dialect: handle.dialect,
    config,
    links: services.links,
    mail: services.mail,
    async close() {
      await services.mail.settled();
      services.mail.close();
      await services.firebase.close();
      await db.destroy();
    },
  };
}
