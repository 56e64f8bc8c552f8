// Numbered documents (docs/product.md §Self-serve money): their kinds, shared by the server (its PDFs) and the
// Documents screen. Their titles are the server's words, in the reader's language (server/money/texts.ts).

export const DOCUMENT_KINDS = ['deposit_receipt', 'refund_receipt', 'payout_statement', 'annual_statement'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
