// Notifications (issue 13, PRODUCT.md "Notification"): stored per user, read and cleared flags, pushed live through
// the bus after the transaction that created them commits, and e-mailed (a job, retried) when the user's Settings
// switch is on.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Notification } from '../../contract/schemas/marketplace.ts';
import type { NotificationType } from '../../contract/marketplace.ts';
import type { Database, NotificationsTable } from '../db/types.ts';
import type { Logger } from '../log.ts';
import type { Links } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderEmail } from '../mail/template.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Bus } from './bus.ts';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  text: string;
  offerId?: string | null;
  /** A path in the app the notification leads to. */
  link?: string | null;
}

/** How many notifications the modal lists (newest first). */
export const NOTIFICATION_PAGE = 50;

const toNotification = (row: Selectable<NotificationsTable>): Notification => ({
  id: Number(row.id),
  type: row.type,
  title: row.title,
  text: row.text,
  offerId: row.offer_id,
  link: row.link,
  read: row.read_at !== null,
  createdAt: row.created_at,
});

/** One of a user's notifications by id (another instance announced it), or null. */
export async function notificationById(db: Kysely<Database>, userId: string, id: number): Promise<Notification | null> {
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row ? toNotification(row) : null;
}

export interface Notifier {
  /**
   * Stores notifications inside the caller's transaction and returns a function that pushes them live and
   * e-mails them; call it after the commit (a rolled-back notification is never announced).
   */
  create(trx: Kysely<Database> | Transaction<Database>, items: NewNotification[]): Promise<() => void>;
  list(userId: string): Promise<{ notifications: Notification[]; unread: number }>;
  /** Notifications after `afterId` (an SSE client resuming from Last-Event-ID). */
  since(userId: string, afterId: number): Promise<Notification[]>;
  markRead(userId: string, upTo: number | undefined): Promise<number>;
  clear(userId: string, upTo: number | undefined): Promise<number>;
  unread(userId: string): Promise<number>;
  /** The e-mail job's work (registered by the app). */
  sendMail(payload: { userId: string; id: number }): Promise<void>;
}

export const NOTIFICATION_MAIL_JOB = 'notification-mail';

export function createNotifier(deps: { db: Kysely<Database>; bus: Bus; mail: Mailer; links: Links; supportEmail: string; logger: Logger; jobs: JobQueue }): Notifier {
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

  async function announce(created: { userId: string; notification: Notification }[]): Promise<void> {
    for (const { userId, notification } of created) bus.publish(userId, notification);
    const userIds = [...new Set(created.map((item) => item.userId))];
    if (userIds.length === 0) return;
    const recipients = await db.selectFrom('users').select(['id', 'notify_email']).where('id', 'in', userIds).execute();
    const wants = new Set(recipients.filter((row) => Number(row.notify_email) === 1).map((row) => row.id));
    // E-mail is a job (retried with backoff when the mail server fails), one per notification.
    for (const { userId, notification } of created) {
      if (wants.has(userId)) await deps.jobs.enqueue(NOTIFICATION_MAIL_JOB, `mail:notification:${notification.id}`, { userId, id: notification.id });
    }
  }

  /** The job: the notification's e-mail, if the user still wants it; a failed send throws (the job is retried). */
  async function sendMail(payload: { userId: string; id: number }): Promise<void> {
    const notification = await notificationById(db, payload.userId, payload.id);
    const user = await db.selectFrom('users').select(['email', 'notify_email']).where('id', '=', payload.userId).executeTakeFirst();
    if (!notification || !user || Number(user.notify_email) !== 1) return;
    const message = renderEmail(
      {
        subject: notification.title,
        heading: notification.title,
        paragraphs: [notification.text],
        action: { label: 'Open Castbridge', url: deps.links.url(notification.link ?? '/dashboard') },
        footnote: 'You get these e-mails because Notifications is on in your Settings.',
      },
      deps.supportEmail,
    );
    await deps.mail.send({ to: user.email, ...message });
  }

  return {
    sendMail,
    async create(trx, items) {
      if (items.length === 0) return () => {};
      const stamp = now();
      const rows = await trx
        .insertInto('notifications')
        .values(
          items.map((item) => ({
            user_id: item.userId,
            type: item.type,
            title: item.title,
            text: item.text,
            offer_id: item.offerId ?? null,
            link: item.link ?? null,
            created_at: stamp,
          })),
        )
        .returningAll()
        .execute();
      const created = rows.map((row) => ({ userId: row.user_id, notification: toNotification(row) }));
      return () => {
        announce(created).catch((error: unknown) => deps.logger.error('notification not announced', { error: (error as Error).message }));
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

    async since(userId, afterId) {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '>', afterId)
        .where('cleared_at', 'is', null)
        .orderBy('id', 'asc')
        .limit(NOTIFICATION_PAGE)
        .execute();
      return rows.map(toNotification);
    },

    async markRead(userId, upTo) {
      let query = db.updateTable('notifications').set({ read_at: now() }).where('user_id', '=', userId).where('read_at', 'is', null);
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
