// Numbered documents (docs/product.md §Self-serve money): their kinds and titles, shared by the server (its PDFs) and
// the Documents screen. A module of its own so the screen loads nothing else of the contract.

export const DOCUMENT_KINDS = ['deposit_receipt', 'refund_receipt', 'payout_statement', 'annual_statement'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  deposit_receipt: 'Deposit receipt',
  refund_receipt: 'Refund receipt',
  payout_statement: 'Payout statement',
  annual_statement: 'Annual earnings statement',
};
