// The mail module: through a real SMTP server, or into the outbox as .eml files with a log line.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createLinks } from '../../server/mail/links.ts';
import { createMailer, outboxDir } from '../../server/mail/mailer.ts';
import { renderEmail } from '../../server/mail/template.ts';
import { memoryLogger, tempDir } from './helpers.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

const content = renderEmail(
  {
    subject: 'Reset your password',
    heading: 'Reset your password <now>',
    paragraphs: ['Someone asked to reset the password of this account.'],
    action: { label: 'Choose a new password', url: 'http://127.0.0.1:3000/reset-password?token=abc&x=1' },
  },
  'support@castbridge.app',
);

describe('mail through SMTP', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.close());

  it('delivers a text and an HTML part with the product name, the support address and the link', async () => {
    const logger = memoryLogger();
    const mailer = createMailer(
      { smtpUrl: smtp.url, mailFrom: 'Castbridge <no-reply@castbridge.app>', dataDir: tempDir() },
      logger,
    );
    expect(mailer.delivery).toBe('smtp');
    await mailer.send({ to: 'ana@example.com', ...content });
    const mail = await smtp.next('ana@example.com');
    mailer.close();
    expect(mail.subject).toBe('Reset your password');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Castbridge', address: 'no-reply@castbridge.app' });
    expect(mail.text).toContain('Choose a new password: http://127.0.0.1:3000/reset-password?token=abc&x=1');
    expect(mail.text).toContain('support@castbridge.app');
    expect(mail.html).toContain('Castbridge');
    // Dynamic values are escaped in the HTML part.
    expect(mail.html).toContain('Reset your password &lt;now&gt;');
    expect(mail.html).toContain('href="http://127.0.0.1:3000/reset-password?token=abc&amp;x=1"');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'a@b.c', dataDir: tempDir() },
      memoryLogger(),
    );
    await expect(mailer.send({ to: 'ana@example.com', ...content })).rejects.toThrow();
    mailer.close();
  });
});

describe('mail into the outbox', () => {
  it('writes one .eml per message and logs recipient, subject and links', async () => {
    const dataDir = tempDir();
    const logger = memoryLogger();
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'Castbridge <no-reply@castbridge.app>', dataDir }, logger);
    expect(mailer.delivery).toBe('outbox');
    await mailer.send({ to: 'ana@example.com', ...content });
    await mailer.send({ to: 'bo@example.com', ...content });
    const files = fs.readdirSync(outboxDir(dataDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const mail = await simpleParser(fs.readFileSync(path.join(outboxDir(dataDir), files[0]!)));
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('reset-password?token=abc');
    expect(mail.html).toContain('Choose a new password');
    const line = logger.lines.find((l) => l.msg === 'mail written to the outbox');
    expect(line?.fields).toMatchObject({
      subject: 'Reset your password',
      links: ['http://127.0.0.1:3000/reset-password?token=abc&x=1'],
    });
    expect(['ana@example.com', 'bo@example.com']).toContain(line?.fields?.to);
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL, MAIL_FROM, SUPPORT_EMAIL and PUBLIC_URL, and refuses malformed ones', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://u:p@mail:587',
      PUBLIC_URL: 'https://castbridge.example/',
      SUPPORT_EMAIL: 'help@x.io',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://u:p@mail:587',
      publicUrl: 'https://castbridge.example',
      supportEmail: 'help@x.io',
    });
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25' })).toThrow('SMTP_URL');
    expect(() => loadConfig({ PUBLIC_URL: 'castbridge.example' })).toThrow('PUBLIC_URL');
  });

  it('links use PUBLIC_URL, or the listening URL when it is unset', () => {
    const fixed = createLinks('https://castbridge.example');
    fixed.setOrigin('http://127.0.0.1:4000');
    expect(fixed.url('/reset-password?token=1')).toBe('https://castbridge.example/reset-password?token=1');
    const own = createLinks(null);
    own.setOrigin('http://127.0.0.1:4000/');
    expect(own.url('unsubscribe?token=2')).toBe('http://127.0.0.1:4000/unsubscribe?token=2');
  });
});
