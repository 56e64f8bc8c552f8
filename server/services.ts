// What the route modules share, built once by createApp.
import type { Kysely } from 'kysely';
import type { FirebaseVerifier } from './auth/firebase.ts';
import type { LoginThrottle } from './auth/throttle.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { Logger } from './log.ts';
import type { Links } from './mail/links.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PhotoStorage } from './uploads/storage.ts';
import type { UserStore } from './users/store.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { ResetLinks } from './auth/resets.ts';

export interface Services {
  config: Config;
  logger: Logger;
  db: Kysely<Database>;
  users: UserStore;
  tokens: TokenService;
  throttle: LoginThrottle;
  firebase: FirebaseVerifier;
  photos: PhotoStorage;
  /** Account and notification e-mail (SMTP or the outbox). */
  mail: Mailer;
  /** Absolute links for e-mails. */
  links: Links;
  /** Request limits shared through the database (429 with Retry-After). */
  limits: RateLimiter;
  /** Password-reset links. */
  resets: ResetLinks;
}

/** Hono environment: the authenticated user's id is set by requireUser (and by optionalUser when signed in). */
export interface AppEnv {
  Variables: { userId: string };
}
