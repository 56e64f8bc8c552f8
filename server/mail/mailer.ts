// Account and notification e-mail. SMTP_URL sends through that server; without it (the `npm start` default) every
// message becomes an .eml file in $DATA_DIR/outbox/ and a log line with its recipient, subject and links, so a
// newcomer can follow a reset link offline. Both paths build the message with nodemailer, so the outbox file is the
// exact MIME message SMTP would carry.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../log.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries (logged with outbox delivery, for development). */
  links?: string[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Where replies go (support tickets: the sender). */
  replyTo?: string;
}

export interface Mailer {
  /** 'smtp' or 'outbox'. */
  readonly delivery: 'smtp' | 'outbox';
  /** Resolves once the message is handed to the SMTP server or written to the outbox. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: the request that triggers a message does not wait for (or reveal the timing of) its
   * delivery. With a job queue (useQueue) the message is a job, retried with backoff when the server refuses it;
   * without one it is sent at once. A failure is logged, never thrown.
   */
  post(message: MailMessage): void;
  /** Posted messages become jobs of `queue` from now on (docs/product.md §Several instances: e-mail runs as jobs). */
  useQueue(queue: MailQueue): void;
  /**
   * Resolves when every posted message has been delivered or has failed — with a queue, once the queue has run its
   * due jobs; `{ queued: false }` only waits for the posts to be queued (shutting down: queued mail survives in it).
   */
  settled(options?: { queued?: boolean }): Promise<void>;
  close(): void;
}

/** What the mailer needs of the job queue. */
export interface MailQueue {
  enqueue(kind: string, key: string, payload: unknown): Promise<void>;
  drain(timeoutMs?: number): Promise<void>;
}

export const MAIL_JOB = 'mail.send';

export interface MailConfig {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(config: MailConfig, logger: Logger): Mailer {
  const transport = createTransport(config, logger);
  const pending = new Set<Promise<void>>();
  let queue: MailQueue | null = null;
  return {
    ...transport,
    post(message) {
      const sending = (
        queue ? queue.enqueue(MAIL_JOB, `mail:${crypto.randomUUID()}`, message) : transport.send(message)
      ).catch((error: unknown) => {
        logger.error('mail not delivered', {
          to: message.to,
          subject: message.subject,
          error: (error as Error).message,
        });
      });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    useQueue(jobs) {
      queue = jobs;
    },
    async settled(options = {}) {
      while (pending.size > 0) await Promise.all([...pending]);
      if (options.queued !== false) await queue?.drain();
    },
  };
}

function createTransport(config: MailConfig, logger: Logger): Pick<Mailer, 'delivery' | 'send' | 'close'> {
  const from = config.mailFrom;
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      delivery: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info('mail sent', { to: message.to, subject: message.subject });
      },
      close: () => transport.close(),
    };
  }

  const dir = outboxDir(config.dataDir);
  const build = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivery: 'outbox',
    async send(message) {
      const info = (await build.sendMail({ from, ...message })) as unknown as { message: Buffer };
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two messages of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      await fs.promises.writeFile(file, info.message, { mode: 0o600 });
      logger.info('mail written to the outbox', {
        to: message.to,
        subject: message.subject,
        links: message.links ?? [],
        file,
      });
    },
    close: () => build.close(),
  };
}
