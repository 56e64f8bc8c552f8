// A real SMTP server in the test process (smtp-server), with every delivered message parsed (mailparser).
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** The next message delivered to `to` (or already delivered and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  /** From now on, the server holds every message this long before accepting it (a slow relay). */
  slowDown(ms: number): void;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) =>
    address.value.map((v) => v.address?.toLowerCase()),
  );

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters: Array<{ to: string; resolve: (mail: ParsedMail) => void }> = [];
  let acceptDelayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          const to = recipients(mail);
          const index = waiters.findIndex((w) => to.includes(w.to));
          if (index >= 0) {
            taken.add(mail);
            waiters.splice(index, 1)[0]!.resolve(mail);
          }
          setTimeout(callback, acceptDelayMs);
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    slowDown(ms) {
      acceptDelayMs = ms;
    },
    next(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const waiting = messages.find((m) => !taken.has(m) && recipients(m).includes(address));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
