// Notifications (docs/product.md §Offers, threads, notifications, docs/product.md "Notification"): stored per user, read and cleared flags, pushed live through
// the bus after the transaction that created them commits, and e-mailed (a job, retried) when the user's Settings
// switch is on. The e-mail's job row is written in that same transaction: the e-mail is as durable as the
// notification (a crash or an error after the commit cannot lose it, a rollback queues none).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Notification } from '../../contract/schemas/marketplace.ts';
import type { NotificationType } from '../../contract/marketplace.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import type { Database, NotificationsTable } from '../db/types.ts';
import { isWorded, wordedIn, type Worded } from '../http/texts.ts';
import type { Logger } from '../log.ts';
import type { Links } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/template.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { writeJob } from '../jobs/table.ts';
import type { Bus } from './bus.ts';
import { notificationTexts } from './texts.ts';

/** A stored line of an offer's thread, as the digest reads it (offer_messages). */
export type ThreadLineRow = Pick<
  Selectable<Database['offer_messages']>,
  'body' | 'round_said' | 'round_pay_cents' | 'round_minutes'
>;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /**
   * Its words: a text, or one worded in the recipient's language (`worded`, server/http/texts.ts), which the
   * notification is then written in (docs/architecture.md §Languages).
   */
  title: string | Worded;
  text: string | Worded;
  offerId?: string | null;
  /** A path in the app the notification leads to. */
  link?: string | null;
}

/**
 * A thread message for the other side (docs/product.md §Threads): `compose` words the notice for the `count` messages
 * it stands for (this one and those before it the recipient has not read), worded in the recipient's language as
 * create()'s are, or plain English.
 */
export interface ThreadNotice {
  userId: string;
  offerId: string;
  link: string;
  compose(count: number): { title: string | Worded; text: string | Worded };
}

/** How many messages a thread digest e-mail quotes (the newest of those it reports). */
export const DIGEST_QUOTES = 50;

/** How many notifications the modal lists (newest first). */
export const NOTIFICATION_PAGE = 50;

/**
 * How much earlier than a notification another one with a lower id may have been made and still commit after it:
 * ids are taken when a row is inserted, and its transaction (or, on another instance, its push) may end later. A
 * stream resuming after a notification reads again those made this long before it (server/notifications/routes.ts).
 */
export const LATE_COMMIT_MS = 60_000;

const toNotification = (row: Selectable<NotificationsTable>): Notification => ({
  id: Number(row.id),
  type: row.type,
  title: row.title,
  text: row.text,
  offerId: row.offer_id,
  link: row.link,
  read: row.read_at !== null,
  createdAt: row.created_at,
  locale: row.locale,
});

/** One of a user's notifications by id (another instance announced it), or null. */
export async function notificationById(db: Kysely<Database>, userId: string, id: number): Promise<Notification | null> {
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toNotification(row) : null;
}

export interface Notifier {
  /**
   * Stores notifications inside the caller's transaction, with the e-mail jobs of the users who want them, and
   * returns a function that pushes them live and wakes the job worker; call it after the commit (a rolled-back
   * notification is never announced, nor e-mailed).
   */
  create(trx: Kysely<Database> | Transaction<Database>, items: NewNotification[]): Promise<() => void>;
  list(userId: string): Promise<{ notifications: Notification[]; unread: number }>;
  /**
   * What an SSE stream after notification `lastId` may have missed, oldest first: the user's notifications after it,
   * and those before it made at most LATE_COMMIT_MS earlier (they may have committed after `lastId` was sent, so the
   * client may have some of them: it tells them apart by id). `createdSince` (an ISO time) leaves out older ones.
   */
  resume(userId: string, lastId: number, createdSince?: string): Promise<Notification[]>;
  markRead(userId: string, upTo: number | undefined): Promise<number>;
  clear(userId: string, upTo: number | undefined): Promise<number>;
  unread(userId: string): Promise<number>;
  /** The e-mail job's work (registered by the app). */
  sendMail(payload: { userId: string; id: number }): Promise<void>;
  /**
   * A thread message's notice, inside the caller's transaction (after the message's write, which holds the offer's
   * row, so the messages of one thread take their turn): the recipient's unread notice of the thread is replaced by
   * one counting it too, and the thread's digest e-mail is queued for the end of the quiet period unless it already
   * is. Returns the function to call after the commit, as create().
   */
  thread(trx: Kysely<Database> | Transaction<Database>, notice: ThreadNotice): Promise<() => void>;
  /** The digest job's work (registered by the app): the messages since the last digest, if the user wants e-mail. */
  sendThreadDigest(payload: { userId: string; offerId: string }): Promise<void>;
}

export const NOTIFICATION_MAIL_JOB = 'notification-mail';
export const THREAD_DIGEST_JOB = 'thread-digest';
const threadDigestKey = (payload: { userId: string; offerId: string }) =>
  `mail:thread:${payload.offerId}:${payload.userId}`;

export function createNotifier(deps: {
  db: Kysely<Database>;
  bus: Bus;
  mail: Mailer;
  links: Links;
  supportEmail: string;
  logger: Logger;
  jobs: JobQueue;
  /** THREAD_MAIL_QUIET_SECONDS in ms: at most one thread e-mail per thread and recipient in this long. */
  threadMailQuietMs: number;
  /**
   * A line of an offer's thread as `locale` reads it: a counter-offer's round worded in it, a message as written
   * (server/marketplace/thread-lines.ts; the marketplace builds on notifications, so app.ts passes it in).
   */
  threadLine: (line: ThreadLineRow, locale: Locale) => string;
}): Notifier {
  const { db, bus } = deps;
  const now = () => new Date().toISOString();

  async function unread(userId: string): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('cleared_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** E-mail is a job (retried with backoff when the mail server fails), one per notification, queued with `trx`. */
  async function queueMail(
    trx: Kysely<Database>,
    created: { userId: string; notification: Notification }[],
  ): Promise<boolean> {
    const userIds = [...new Set(created.map((item) => item.userId))];
    const recipients = await trx
      .selectFrom('users')
      .select(['id', 'notify_email'])
      .where('id', 'in', userIds)
      .execute();
    const wants = new Set(recipients.filter((row) => Number(row.notify_email) === 1).map((row) => row.id));
    let queued = false;
    for (const { userId, notification } of created) {
      if (!wants.has(userId)) continue;
      await deps.jobs.enqueue(
        NOTIFICATION_MAIL_JOB,
        `mail:notification:${notification.id}`,
        { userId, id: notification.id },
        trx,
      );
      queued = true;
    }
    return queued;
  }

  /** The job: the notification's e-mail, if the user still wants it; a failed send throws (the job is retried). */
  async function sendMail(payload: { userId: string; id: number }): Promise<void> {
    const notification = await notificationById(db, payload.userId, payload.id);
    const user = await db
      .selectFrom('users')
      .select(['email', 'notify_email'])
      .where('id', '=', payload.userId)
      .executeTakeFirst();
    if (!notification || !user || Number(user.notify_email) !== 1) return;
    // In the notification's own language: the words around it too.
    const say = notificationTexts(notification.locale);
    const message = renderEmail(
      {
        subject: notification.title,
        heading: notification.title,
        paragraphs: [notification.text],
        action: { label: say('mail.open'), url: deps.links.url(notification.link ?? '/dashboard') },
        footnote: say('mail.why'),
      },
      deps.supportEmail,
      notification.locale,
    );
    await deps.mail.send({ to: user.email, ...message });
  }

  /**
   * The digest job: the other side's messages after the last digest, as one e-mail. Run within the quiet period of the
   * last one (a message arrived while it was being sent), it puts itself off to the period's end.
   */
  async function sendThreadDigest(payload: { userId: string; offerId: string }): Promise<void> {
    const { userId, offerId } = payload;
    const user = await db
      .selectFrom('users')
      .select(['email', 'notify_email', 'locale'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || Number(user.notify_email) !== 1) return;
    const last = await db
      .selectFrom('thread_digests')
      .select(['mailed_up_to', 'mailed_at'])
      .where('user_id', '=', userId)
      .where('offer_id', '=', offerId)
      .executeTakeFirst();
    const quietUntil = last ? Number(last.mailed_at) + deps.threadMailQuietMs : 0;
    if (Date.now() < quietUntil) {
      await deps.jobs.schedule(THREAD_DIGEST_JOB, threadDigestKey(payload), payload, quietUntil);
      return;
    }
    const offer = await db
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .select(['offers.creator_id', 'campaigns.id as campaign_id', 'campaigns.title', 'campaigns.brand'])
      .where('offers.id', '=', offerId)
      .executeTakeFirst();
    if (!offer) return;
    const since = Number(last?.mailed_up_to ?? 0);
    const fresh = () =>
      db
        .selectFrom('offer_messages')
        .where('offer_messages.offer_id', '=', offerId)
        .where('offer_messages.id', '>', since)
        .where('offer_messages.author_id', '!=', userId);
    const [{ n }, newest] = await Promise.all([
      fresh()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      fresh()
        .innerJoin('users', 'users.id', 'offer_messages.author_id')
        .select([
          'offer_messages.id as id',
          'offer_messages.author_side as author_side',
          'offer_messages.body as body',
          'offer_messages.round_said as round_said',
          'offer_messages.round_pay_cents as round_pay_cents',
          'offer_messages.round_minutes as round_minutes',
          'users.first_name as first_name',
          'users.last_name as last_name',
          'users.email as email',
        ])
        .orderBy('offer_messages.id', 'desc')
        .limit(DIGEST_QUOTES)
        .execute(),
    ]);
    const count = Number(n);
    if (count === 0 || newest.length === 0) return;
    const quoted = newest.reverse();
    const author = (row: (typeof quoted)[number]) =>
      row.author_side === 'advertiser'
        ? offer.brand
        : [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email;
    // In the reader's language as it is now: the words around the messages; the campaign's title, the authors' names
    // and what they wrote as they are.
    const say = notificationTexts(user.locale);
    const subject = say('digest.subject', { count, title: offer.title });
    const link = userId === offer.creator_id ? '/sponsorship-offers' : `/campaigns/${offer.campaign_id}`;
    const message = renderEmail(
      {
        subject,
        heading: subject,
        paragraphs: [
          ...(count > quoted.length ? [say('digest.newest', { count: quoted.length })] : []),
          ...quoted.map((row) => `${author(row)}: ${deps.threadLine(row, user.locale).slice(0, 500)}`),
        ],
        action: { label: say('mail.open'), url: deps.links.url(link) },
        footnote: say('mail.why'),
      },
      deps.supportEmail,
      user.locale,
    );
    await deps.mail.send({ to: user.email, ...message });
    const mailed = { mailed_up_to: Number(quoted[quoted.length - 1]!.id), mailed_at: Date.now() };
    await db
      .insertInto('thread_digests')
      .values({ user_id: userId, offer_id: offerId, ...mailed })
      .onConflict((oc) => oc.columns(['user_id', 'offer_id']).doUpdateSet(mailed))
      .execute();
  }

  return {
    sendMail,
    sendThreadDigest,

    async thread(trx, notice) {
      // The recipient's unread notice of this thread (one, but any left over are folded in too) gives way to this one.
      const previous = await trx
        .selectFrom('notifications')
        .select(['id', 'batched'])
        .where('user_id', '=', notice.userId)
        .where('offer_id', '=', notice.offerId)
        .where('type', '=', 'thread.message')
        .where('read_at', 'is', null)
        .where('cleared_at', 'is', null)
        .execute();
      const count = 1 + previous.reduce((sum, row) => sum + Number(row.batched), 0);
      if (previous.length > 0) {
        await trx
          .deleteFrom('notifications')
          .where(
            'id',
            'in',
            previous.map((row) => row.id),
          )
          .execute();
      }
      const { title, text } = notice.compose(count);
      const recipient = await trx
        .selectFrom('users')
        .select(['notify_email', 'locale'])
        .where('id', '=', notice.userId)
        .executeTakeFirst();
      // Worded, in the recipient's language as it is now; a plain text is the English it was written in.
      const locale = isWorded(title) || isWorded(text) ? (recipient?.locale ?? DEFAULT_LOCALE) : DEFAULT_LOCALE;
      const row = await trx
        .insertInto('notifications')
        .values({
          user_id: notice.userId,
          type: 'thread.message',
          title: wordedIn(title, locale),
          text: wordedIn(text, locale),
          locale,
          offer_id: notice.offerId,
          link: notice.link,
          created_at: now(),
          batched: count,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const notification = toNotification(row);
      if (recipient && Number(recipient.notify_email) === 1) {
        // One digest per quiet period: a job already waiting for this thread and recipient keeps its time (and
        // will carry this message too); one running is asked to run again, and puts itself off to the period's end.
        const payload = { userId: notice.userId, offerId: notice.offerId };
        await writeJob(trx, {
          kind: THREAD_DIGEST_JOB,
          key: threadDigestKey(payload),
          payload,
          runAt: Date.now() + deps.threadMailQuietMs,
          move: false,
        });
      }
      return () => bus.publish(notice.userId, notification);
    },

    async create(trx, items) {
      if (items.length === 0) return () => {};
      const stamp = now();
      // A notification worded for its reader is written in the recipient's language as it is now.
      const worded = items.filter((item) => isWorded(item.title) || isWorded(item.text));
      const localeOf = new Map<string, Locale>();
      if (worded.length > 0) {
        const recipients = await trx
          .selectFrom('users')
          .select(['id', 'locale'])
          .where('id', 'in', [...new Set(worded.map((item) => item.userId))])
          .execute();
        for (const row of recipients) localeOf.set(row.id, row.locale);
      }
      const rows = await trx
        .insertInto('notifications')
        .values(
          items.map((item) => {
            // A plain text is the English it was written in, whoever reads it.
            const locale =
              isWorded(item.title) || isWorded(item.text)
                ? (localeOf.get(item.userId) ?? DEFAULT_LOCALE)
                : DEFAULT_LOCALE;
            return {
              user_id: item.userId,
              type: item.type,
              title: wordedIn(item.title, locale),
              text: wordedIn(item.text, locale),
              locale,
              offer_id: item.offerId ?? null,
              link: item.link ?? null,
              created_at: stamp,
            };
          }),
        )
        .returningAll()
        .execute();
      const created = rows.map((row) => ({ userId: row.user_id, notification: toNotification(row) }));
      const mailed = await queueMail(trx, created);
      return () => {
        for (const { userId, notification } of created) bus.publish(userId, notification);
        // The jobs were queued before the commit; the worker may have looked before it, so it looks again.
        if (mailed) deps.jobs.poke();
      };
    },

    async list(userId) {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('cleared_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(NOTIFICATION_PAGE)
        .execute();
      return { notifications: rows.map(toNotification), unread: await unread(userId) };
    },

    async resume(userId, lastId, createdSince) {
      const mine = () => {
        let query = db
          .selectFrom('notifications')
          .selectAll()
          .where('user_id', '=', userId)
          .where('cleared_at', 'is', null);
        if (createdSince !== undefined) query = query.where('created_at', '>=', createdSince);
        return query;
      };
      const anchor =
        lastId > 0
          ? await db
              .selectFrom('notifications')
              .select('created_at')
              .where('id', '=', lastId)
              .where('user_id', '=', userId)
              .executeTakeFirst()
          : undefined;
      const [before, after] = await Promise.all([
        anchor
          ? mine()
              .where('id', '<', lastId)
              // created_at is an ISO time (toISOString): its text sorts as its time.
              .where('created_at', '>=', new Date(Date.parse(anchor.created_at) - LATE_COMMIT_MS).toISOString())
              .orderBy('id', 'desc')
              .limit(NOTIFICATION_PAGE)
              .execute()
          : [],
        mine().where('id', '>', lastId).orderBy('id', 'asc').limit(NOTIFICATION_PAGE).execute(),
      ]);
      return [...before.reverse(), ...after].map(toNotification);
    },

    async markRead(userId, upTo) {
      let query = db
        .updateTable('notifications')
        .set({ read_at: now() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (upTo !== undefined) query = query.where('id', '<=', upTo);
      await query.execute();
      return unread(userId);
    },

    async clear(userId, upTo) {
      const stamp = now();
      let query = db
        .updateTable('notifications')
        .set((eb) => ({ cleared_at: stamp, read_at: eb.fn.coalesce('read_at', eb.val(stamp)) }))
        .where('user_id', '=', userId)
        .where('cleared_at', 'is', null);
      if (upTo !== undefined) query = query.where('id', '<=', upTo);
      await query.execute();
      return unread(userId);
    },

    unread,
  };
}
