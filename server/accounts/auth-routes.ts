// /api/auth/*: registration, password login, Google (Firebase) login, the password policy, and the password's life
// cycle: forgot (an e-mailed link), reset (with the link) and change (signed in).
import { Hono } from 'hono';
import { normaliseEmail } from '../../contract/schemas/common.ts';
import { clientIp } from '../http/client-ip.ts';
import { HttpError } from '../http/errors.ts';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import { isUniqueViolation, type UserStore } from './users.ts';
import { RATE_RULES, type RateLimiter } from '../http/rate-limit.ts';
import type { Links } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/template.ts';
import type { FirebaseVerifier } from './firebase.ts';
import { hashPassword, PASSWORD_POLICY, passwordProblem, verifyPassword } from './passwords.ts';
import { accountTexts } from './texts.ts';
import { RESET_LINK_MINUTES, type ResetLinks, type ResetProblem } from './resets.ts';
import type { LoginThrottle } from './throttle.ts';
import type { SessionRevocations } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import { accountProblems } from './problems.ts';
import type { Problem } from '../http/problems.ts';

/** One answer for every forgot-password request, so it cannot tell whether an account exists. */
export const RESET_REQUESTED = 'If an account exists for that email, we have sent it a link to choose a new password.';

/** Unknown links answer 404 and spent ones 410, so the page can offer a new link instead of the form. */
export const RESET_PROBLEM_STATUS = { unknown: 404, used: 410, expired: 410 } as const satisfies Record<
  ResetProblem,
  404 | 410
>;

export const RESET_PROBLEMS: Record<ResetProblem, Problem> = {
  unknown: accountProblems.reset_link_unknown,
  used: accountProblems.reset_link_used,
  expired: accountProblems.reset_link_expired,
};

export interface AuthRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'contractCheck' | 'trustProxy' | 'supportEmail'>;
  users: UserStore;
  tokens: TokenService;
  throttle: LoginThrottle;
  firebase: FirebaseVerifier;
  limits: RateLimiter;
  resets: ResetLinks;
  mail: Pick<Mailer, 'post'>;
  links: Links;
  /** A password reset or change ends the account's other sessions and their live streams (./sessions.ts). */
  revocations: Pick<SessionRevocations, 'revoke'>;
}

export function authRoutes(services: AuthRoutesDeps) {
  const { users, tokens, throttle, firebase, config, limits, resets, mail, links, db } = services;
  const app = new Hono<AppEnv>();

  route(app, services, 'passwordPolicy', () => PASSWORD_POLICY);

  route(app, services, 'register', async (c, { body }) => {
    await limits.check(c, RATE_RULES.register);
    const problem = passwordProblem(body.password);
    if (problem) throw new HttpError(400, problem);
    // Checked before hashing so a taken email costs no argon2 run; the unique index settles races.
    if (await users.idByEmail(body.email)) throw new HttpError(409, accountProblems.email_taken);
    const passwordHash = await hashPassword(body.password);
    let id: string;
    try {
      id = await users.create({
        email: body.email,
        passwordHash,
        typeAccount: body.type_account,
        locale: body.locale,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, accountProblems.email_taken);
      throw error;
    }
    await throttle.registered({ email: normaliseEmail(body.email), ip: clientIp(c, config.trustProxy), userId: id });
    return { token: await tokens.issue(id, 0) };
  });

  route(app, services, 'jwtLogin', async (c, { body }) => {
    const email = normaliseEmail(body.email);
    const account = await users.credentials(email);
    // Throttled the same whether or not the account exists; its known addresses are spared others' failures.
    const attempt = await throttle.begin({ email, ip: clientIp(c, config.trustProxy), userId: account?.id });
    // Unknown account, account without a password and wrong password all cost one argon2 verification.
    const ok = await verifyPassword(account?.password_hash ?? null, body.password ?? '');
    if (!ok || !account) throw new HttpError(401, accountProblems.invalid_login);
    await attempt.succeeded();
    return { token: await tokens.issue(account.id, account.token_version) };
  });

  route(app, services, 'firebaseLogin', async (_c, { body }) => {
    const identity = await firebase.verify(body.accessToken);
    if (!identity) throw new HttpError(401, accountProblems.google_token_invalid);
    let id = (await users.idByFirebaseUid(identity.uid)) ?? (await users.idByEmail(identity.email));
    if (id) {
      await users.linkFirebase(id, identity.uid);
    } else {
      try {
        id = await users.create({
          email: identity.email,
          passwordHash: null,
          typeAccount: 'Influencer',
          firebaseUid: identity.uid,
          locale: body.locale,
        });
      } catch (error) {
        // Two first sign-ins at once: the other request created the account.
        if (!isUniqueViolation(error)) throw error;
        id = await users.idByEmail(identity.email);
        if (!id) throw error;
      }
    }
    return { token: await tokens.issue(id, (await users.session(id))?.version ?? 0) };
  });

  route(app, services, 'forgotPassword', async (c, { body }) => {
    await limits.check(c, RATE_RULES.forgotPassword, body.email);
    const account = await users.credentials(body.email);
    // Google-only accounts get a link too: it is how they set a first password (Settings says so).
    if (account) {
      const token = await resets.issue(account.id);
      const url = links.url(`/reset-password?token=${token}`);
      // Posted, not awaited: the answer takes as long whether or not a message goes out.
      // In the account's language (Settings), whatever the language of the page that asked.
      const say = accountTexts(account.locale);
      mail.post({
        to: body.email,
        ...renderEmail(
          {
            subject: say('reset.subject'),
            heading: say('reset.heading'),
            paragraphs: [say('reset.asked'), say('reset.once', { minutes: RESET_LINK_MINUTES })],
            action: { label: say('reset.action'), url },
            footnote: say('reset.footnote'),
          },
          config.supportEmail,
          account.locale,
        ),
      });
    }
    return { message: RESET_REQUESTED };
  });

  route(app, services, 'resetPassword', async (c, { body }) => {
    await limits.check(c, RATE_RULES.resetPassword);
    const early = await resets.problem(body.token);
    if (early) throw new HttpError(RESET_PROBLEM_STATUS[early], RESET_PROBLEMS[early]);
    const problem = passwordProblem(body.password);
    if (problem) throw new HttpError(400, problem);
    const passwordHash = await hashPassword(body.password);
    const outcome = await db.transaction().execute(async (trx) => {
      const link = await resets.consume(trx, body.token);
      if ('problem' in link) return link;
      // Every session issued before the reset stops working.
      return { userId: link.userId, version: await users.setPassword(link.userId, passwordHash, trx) };
    });
    if ('problem' in outcome)
      throw new HttpError(RESET_PROBLEM_STATUS[outcome.problem], RESET_PROBLEMS[outcome.problem]);
    // Committed: the sessions issued before end, their open live streams too, on every instance.
    services.revocations.revoke(outcome.userId);
    // The mailbox is another way in: the account's failures go and this address becomes one of its own.
    const account = await users.account(outcome.userId);
    if (account) {
      await throttle.passwordReset({
        email: account.email,
        ip: clientIp(c, config.trustProxy),
        userId: outcome.userId,
      });
    }
    return { token: await tokens.issue(outcome.userId, outcome.version) };
  });

  route(app, services, 'changePassword', async (c, { body }) => {
    const userId = c.get('userId');
    const account = await users.account(userId);
    if (!account) throw new HttpError(401, accountProblems.account_gone);
    if (account.password_hash === null) throw new HttpError(409, accountProblems.no_password);
    const keys = { email: account.email, ip: clientIp(c, config.trustProxy), userId };
    await throttle.confirmPassword(
      keys,
      account.password_hash,
      body.currentPassword,
      accountProblems.wrong_current_password,
    );
    const problem = passwordProblem(body.newPassword);
    if (problem) throw new HttpError(400, problem);
    const version = await users.setPassword(userId, await hashPassword(body.newPassword));
    // "Other devices have been signed out": their tokens get 401 and their open live streams end, on every instance.
    services.revocations.revoke(userId);
    return {
      message: 'Your password has been changed. Other devices have been signed out.',
      token: await tokens.issue(userId, version),
    };
  });

  return app;
}
