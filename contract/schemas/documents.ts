// Numbered documents (docs/product.md §Self-serve money): GET /api/documents lists the caller's own, newest first;
// GET /api/documents/:id answers the PDF itself (application/pdf, not JSON).
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../documents.ts';

export const documentSummary = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  /** R-2026-000001 (receipts), S-2026-000001 (payout statements), Y-2025-000001 (yearly statements). */
  number: z.string(),
  title: z.string(),
  /** What the document is for: the amount charged, refunded or paid, or the year's net earnings. */
  amountCents: z.number().int(),
  issuedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export const documentsResponse = z.object({ documents: z.array(documentSummary) });
export type DocumentsResponse = z.infer<typeof documentsResponse>;
