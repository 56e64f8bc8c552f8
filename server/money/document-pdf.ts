// A numbered document's PDF (./documents.ts), drawn from its snapshot alone with pdf-lib: the same snapshot gives the
// same bytes, so every download of a document is the same file. Nothing in it comes from the clock or chance: the
// creation and modification dates are the issue date, the producer, creator and title are fixed, pdf-lib writes no
// file ID, and objects are written plainly (no object streams). The repository bundles no font file, so the text is
// set in the standard Helvetica (nothing embedded); it encodes WinAnsi only, so any other character is written as
// "?". It shows who issued it (Castbridge), its title and number, the owner's name and e-mail, the amounts in dollars,
// the dates and references — never a TIN nor a full account number (a payout shows the masked destination only).
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { DOCUMENT_TITLES, type DocumentData } from './documents.ts';

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

/** "November 26, 2026" (UTC), the same wherever the server runs. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "$1,234.50", "-$3.00": always with cents, as a statement writes them. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const METHODS = { card: 'Card (Stripe)', us_bank_account: 'US bank debit (Stripe)', wire: 'Bank transfer' } as const;

/** The rows of label and value the document lists, in order. */
export function documentRows(data: DocumentData): [string, string][] {
  switch (data.kind) {
    case 'deposit_receipt':
      return [
        ['Payment method', METHODS[data.method]],
        ['Reference', data.reference],
        ['Paid on', formatDate(data.paidAt)],
        ['Added to your balance', dollars(data.amountCents)],
        ['Processing fee', dollars(data.feeCents)],
        ['Total paid', dollars(data.grossCents)],
      ];
    case 'refund_receipt':
      return [
        ['Refunded to', data.rail === 'stripe' ? 'The original card or bank account (Stripe)' : 'Bank transfer'],
        ['Reference', data.reference],
        ['Requested on', formatDate(data.requestedAt)],
        ['Refunded on', formatDate(data.refundedAt)],
        ['Amount refunded', dollars(data.amountCents)],
      ];
    case 'payout_statement':
      return [
        ['Withdrawal', data.reference],
        [
          'Paid to',
          `${data.methodKind === 'bank' ? 'Bank account' : data.methodKind === 'stripe' ? 'Stripe' : 'PayPal'} ${data.destination}`,
        ],
        ['Requested on', formatDate(data.requestedAt)],
        ['Paid on', formatDate(data.paidAt)],
        ['Amount paid', dollars(data.amountCents)],
      ];
    case 'annual_statement':
      return [
        ['Period', `January 1 – December 31, ${data.year}`],
        ['Completed sponsorships', String(data.earningCount)],
        ['Gross earnings', dollars(data.grossCents)],
        ['Castbridge fees', dollars(-data.feesCents)],
        ['Adjustments (reviews)', dollars(data.adjustmentsCents)],
        ['Net earnings', dollars(data.netCents)],
        ['Withdrawals paid', `${dollars(data.payoutsCents)} (${data.payoutCount})`],
      ];
  }
}

const NOTES: Record<DocumentData['kind'], string> = {
  deposit_receipt: 'Funds added to your Castbridge advertiser balance.',
  refund_receipt: 'Unspent funds returned from your Castbridge advertiser balance.',
  payout_statement: 'A withdrawal of your Castbridge earnings.',
  annual_statement: 'Your Castbridge earnings for the calendar year. Keep it with your tax records.',
};

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

/** The document's PDF bytes. */
export async function renderDocumentPdf(record: DocumentRecord): Promise<Uint8Array> {
  const { data } = record;
  const title = DOCUMENT_TITLES[data.kind];
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
  const rule = () =>
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.75, color: rgb(0.8, 0.8, 0.84) });

  text('Castbridge', left, 22, bold);
  textRight(title, 14, bold);
  y -= 20;
  text('Sponsorships for live streamers', left, 10, regular, muted);
  textRight(`No. ${record.number}`, 11);
  y -= 16;
  textRight(`Issued ${formatDate(record.issuedAt)}`, 10, regular, muted);
  y -= 22;
  rule();
  y -= 28;
  text('Issued to', left, 10, regular, muted);
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
  text(NOTES[data.kind], left, 11);
  y -= 28;
  rule();
  for (const [label, value] of documentRows(data)) {
    y -= 24;
    text(label, left, 11, regular, muted);
    textRight(value, 11);
  }
  y -= 14;
  rule();
  y = 72;
  text(
    `${title} ${record.number}, issued by Castbridge on ${formatDate(record.issuedAt)}. Amounts in US dollars.`,
    left,
    9,
    regular,
    muted,
  );
  y -= 13;
  text('Questions about this document: contact Castbridge support from your dashboard.', left, 9, regular, muted);
  return pdf.save({ useObjectStreams: false });
}
