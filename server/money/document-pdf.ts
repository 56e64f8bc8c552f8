// A numbered document's PDF (./documents.ts), drawn from its snapshot alone with pdf-lib, in the reader's language
// (./texts.ts): the same snapshot in the same language gives the same bytes, so every download of a document is the
// same file. Nothing in it comes from the clock or chance: the creation and modification dates are the issue date,
// the producer, creator and title are fixed, pdf-lib writes no file ID, and objects are written plainly (no object
// streams). The repository bundles no font file, so the text is set in the standard Helvetica (nothing embedded); it
// encodes WinAnsi only (Spanish's accents, ñ and ¿ are in it), so any other character is written as "?". It shows who issued it (Castbridge), its title and number, the owner's name and e-mail, the amounts in dollars,
// the dates and references — never a TIN nor a full account number (a payout shows the masked destination only).
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '../../contract/locales.ts';
import type { DocumentData } from './documents.ts';
import { formatStatementCentsIn } from '../../contract/cents.ts';
import { moneyTexts, titleOf } from './texts.ts';

export interface DocumentRecord {
  number: string;
  issuedAt: string;
  data: DocumentData;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const LONG_DATES = new Map<Locale, Intl.DateTimeFormat>();

/** "November 26, 2026" ("26 de noviembre de 2026" in Spanish), on UTC, the same wherever the server runs. */
export function formatDate(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = new Date(iso);
  if (locale === DEFAULT_LOCALE) return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  let format = LONG_DATES.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' });
    LONG_DATES.set(locale, format);
  }
  return format.format(date);
}

/** A sum as a statement writes it, always with its cents (contract/cents.ts, the screens' rule of money too). */
export function dollars(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  return formatStatementCentsIn(locale, cents);
}

/** The rows of label and value the document lists, in order, in `locale`. */
export function documentRows(data: DocumentData, locale: Locale = DEFAULT_LOCALE): [string, string][] {
  const say = moneyTexts(locale);
  const date = (iso: string) => formatDate(iso, locale);
  const money = (cents: number) => dollars(cents, locale);
  switch (data.kind) {
    case 'deposit_receipt':
      return [
        [say('row.paymentMethod'), say(`method.${data.method}`)],
        [say('row.reference'), data.reference],
        [say('row.paidOn'), date(data.paidAt)],
        [say('row.addedToBalance'), money(data.amountCents)],
        [say('row.processingFee'), money(data.feeCents)],
        [say('row.totalPaid'), money(data.grossCents)],
      ];
    case 'refund_receipt':
      return [
        [say('row.refundedTo'), say(data.rail === 'stripe' ? 'refund.stripe' : 'refund.wire')],
        [say('row.reference'), data.reference],
        [say('row.requestedOn'), date(data.requestedAt)],
        [say('row.refundedOn'), date(data.refundedAt)],
        [say('row.amountRefunded'), money(data.amountCents)],
      ];
    case 'payout_statement':
      return [
        [say('row.withdrawal'), data.reference],
        [
          say('row.paidTo'),
          data.methodKind === 'bank'
            ? say('paidTo.bank', { destination: data.destination })
            : say('paidTo.other', {
                kind: data.methodKind === 'stripe' ? 'Stripe' : 'PayPal',
                destination: data.destination,
              }),
        ],
        [say('row.requestedOn'), date(data.requestedAt)],
        [say('row.paidOn'), date(data.paidAt)],
        [say('row.amountPaid'), money(data.amountCents)],
      ];
    case 'annual_statement':
      return [
        [say('row.period'), say('period.year', { year: String(data.year) })],
        [say('row.completedSponsorships'), String(data.earningCount)],
        [say('row.grossEarnings'), money(data.grossCents)],
        [say('row.fees'), money(-data.feesCents)],
        [say('row.adjustments'), money(data.adjustmentsCents)],
        [say('row.netEarnings'), money(data.netCents)],
        [
          say('row.withdrawalsPaid'),
          say('withdrawals.paid', { amount: money(data.payoutsCents), count: String(data.payoutCount) }),
        ],
      ];
  }
}

/** Makes `text` writable in the font's encoding (WinAnsi for the standard fonts): anything else becomes "?". */
function writable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** The document's PDF bytes, in `locale` (the reader's language; the same bytes for the same language). */
export async function renderDocumentPdf(record: DocumentRecord, locale: Locale = DEFAULT_LOCALE): Promise<Uint8Array> {
  const { data } = record;
  const say = moneyTexts(locale);
  const title = say(titleOf(data.kind));
  const issued = new Date(record.issuedAt);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Castbridge ${title} ${record.number}`);
  pdf.setAuthor('Castbridge');
  pdf.setSubject(title);
  pdf.setCreator('Castbridge');
  pdf.setProducer('Castbridge documents');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // US Letter.
  const page: PDFPage = pdf.addPage([612, 792]);
  const ink = rgb(0.1, 0.1, 0.12);
  const muted = rgb(0.4, 0.4, 0.45);
  const left = 56;
  const right = 556;
  let y = 736;
  const text = (value: string, x: number, size: number, font = regular, color = ink) =>
    page.drawText(writable(font, value), { x, y, size, font, color });
  const textRight = (value: string, size: number, font = regular, color = ink) => {
    const safe = writable(font, value);
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font, color });
  };
  /** `value` in lines that fit between the margins at `size`, broken between words. */
  const lines = (value: string, size: number, font = regular): string[] => {
    const out: string[] = [];
    let line = '';
    for (const word of writable(font, value).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > right - left) {
        out.push(line);
        line = word;
      } else line = next;
    }
    return line ? [...out, line] : out;
  };
  const rule = () =>
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.75, color: rgb(0.8, 0.8, 0.84) });

  text('Castbridge', left, 22, bold);
  textRight(title, 14, bold);
  y -= 20;
  text(say('pdf.tagline'), left, 10, regular, muted);
  textRight(say('pdf.number', { number: record.number }), 11);
  y -= 16;
  textRight(say('pdf.issued', { date: formatDate(record.issuedAt, locale) }), 10, regular, muted);
  y -= 22;
  rule();
  y -= 28;
  text(say('pdf.issuedTo'), left, 10, regular, muted);
  // The company (an advertiser's), the person, the e-mail: each once (a person without a name is named by their
  // e-mail, which is then not repeated).
  const issuedTo = [
    ...new Set([data.owner.company, data.owner.name, data.owner.email].filter((line): line is string => !!line)),
  ];
  issuedTo.forEach((line, i) => {
    y -= i === 0 ? 16 : 15;
    text(line, left, i === 0 ? 12 : 11, i === 0 ? bold : regular);
  });
  y -= 30;
  text(say(`note.${data.kind}`), left, 11);
  y -= 28;
  rule();
  for (const [label, value] of documentRows(data, locale)) {
    y -= 24;
    text(label, left, 11, regular, muted);
    textRight(value, 11);
  }
  y -= 14;
  rule();
  // The footer, wrapped to the margins (a language may say it in more words): its lines from 72 pt up.
  const footer = [
    ...lines(say('pdf.footer', { title, number: record.number, date: formatDate(record.issuedAt, locale) }), 9),
    ...lines(say('pdf.questions'), 9),
  ];
  y = 72 + 13 * Math.max(0, footer.length - 2);
  for (const line of footer) {
    text(line, left, 9, regular, muted);
    y -= 13;
  }
  return pdf.save({ useObjectStreams: false });
}
