// One look for every e-mail: the product's name, a heading, paragraphs, an optional button, the support address.
// Plain text and HTML carry the same words; every dynamic value is escaped in the HTML part. The template's own words
// are in the reader's language, as the content is (its sender words it: server/http/texts.ts).
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { defineTexts } from '../http/texts.ts';

const mailTexts = defineTexts('mail', {
  questions: { en: 'Questions? Write to {address}.', 'es-MX': '¿Tienes dudas? Escríbenos a {address}.' },
  orOpen: { en: 'Or open this link:', 'es-MX': 'O abre este enlace:' },
});

export const PRODUCT_NAME = 'Castbridge';

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing line under the button (e.g. why the reader got this e-mail). */
  footnote?: string;
}

const escape = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function renderEmail(
  content: EmailContent,
  supportEmail: string,
  locale: Locale = DEFAULT_LOCALE,
): { subject: string; text: string; html: string; links: string[] } {
  const say = mailTexts(locale);
  const links = content.action ? [content.action.url] : [];
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${PRODUCT_NAME}`,
    say('questions', { address: supportEmail }),
  ].join('\n');
  // The address is a link in HTML: the sentence around it, split where the address goes.
  const [before, after] = say('questions', { address: '\u0000' }).split('\u0000') as [string, string];
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5fb;font-family:Inter,Segoe UI,Arial,sans-serif;color:#1d1f33">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#5b3df5">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escape(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escape(p)}</p>`).join('\n')}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escape(content.action.url)}" style="display:inline-block;background:#5b3df5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escape(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5c5f77">${escape(say('orOpen'))} <a href="${escape(content.action.url)}">${escape(content.action.url)}</a></p>`
    : ''
}
${content.footnote ? `<p style="margin:0 0 16px;font-size:13px;color:#5c5f77">${escape(content.footnote)}</p>` : ''}
<p style="margin:24px 0 0;font-size:13px;color:#5c5f77">${escape(before)}<a href="mailto:${escape(supportEmail)}">${escape(supportEmail)}</a>${escape(after)}</p>
</td></tr></table></body></html>`;
  return { subject: content.subject, text, html, links };
}
