// The browser journeys' mail: a real SMTP server (test/server/smtp.ts) the product delivers to, and a small HTTP
// window onto it so test files (in vitest workers) can read what was delivered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtp } from '../server/smtp.ts';

export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Starts the SMTP server and its HTTP window; returns SMTP_URL, the window's URL and a stop function. */
export async function startMailbox(): Promise<{ smtpUrl: string; url: string; close(): Promise<void> }> {
  const smtp = await startSmtp();
  const server = http.createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase() ?? '';
    const mails: DeliveredMail[] = smtp.messages
      .map((mail) => ({
        to: (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
          a.value.map((v) => (v.address ?? '').toLowerCase()),
        ),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      }))
      .filter((mail) => !to || mail.to.includes(to));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    smtpUrl: smtp.url,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** The messages delivered to `to` so far, waiting up to `timeoutMs` for at least `count` of them. */
export async function mailTo(mailboxUrl: string, to: string, count = 1, timeoutMs = 10_000): Promise<DeliveredMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${mailboxUrl}/?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as DeliveredMail[];
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} mail(s) to ${to} within ${timeoutMs} ms, got ${mails.length}`);
    // A poll: the SMTP server lives in the global setup's process; this asks its window again until `count` have come.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first message delivered to `to` that `match` accepts, waiting up to `timeoutMs` for it (others may come first). */
export async function mailMatching(
  mailboxUrl: string,
  to: string,
  match: (mail: DeliveredMail) => boolean,
  timeoutMs = 10_000,
): Promise<DeliveredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${mailboxUrl}/?to=${encodeURIComponent(to)}`);
    const found = ((await response.json()) as DeliveredMail[]).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`expected a matching mail to ${to} within ${timeoutMs} ms`);
    // A poll, as in mailTo: asks the SMTP server's window again until a mail to `to` that `match` accepts has come.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
