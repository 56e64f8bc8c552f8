// The documents flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { DocumentSummary } from '@/contract/schemas/documents';
import { apiRefusal, type Fixture } from '../events';
import type { documentsMachine } from './documents.machine';

export const sampleDocuments: DocumentSummary[] = [
  {
    id: 'doc-2',
    kind: 'payout_statement',
    number: 'S-2026-000002',
    title: 'Payout statement',
    amountCents: 12_345,
    issuedAt: '2026-11-20T15:00:00.000Z',
  },
  {
    id: 'doc-1',
    kind: 'annual_statement',
    number: 'Y-2025-000001',
    title: 'Annual earnings statement',
    amountCents: 480_000,
    issuedAt: '2026-01-03T09:00:00.000Z',
  },
];

export const samples = {
  events: {
    'xstate.done.actor.loadDocuments': [
      { type: 'xstate.done.actor.loadDocuments', output: sampleDocuments },
      { type: 'xstate.done.actor.loadDocuments', output: [] },
    ],
    'xstate.error.actor.downloadDocument': [
      { type: 'xstate.error.actor.downloadDocument', error: apiRefusal('No such document', 404) },
    ],
    'document.download': [{ type: 'document.download', id: 'doc-2', number: 'S-2026-000002' }],
  },
  abstract: (context) => ({
    loaded: context.documents !== null,
    empty: context.documents?.length === 0,
    failed: context.error !== null,
    downloadFailed: context.downloadError !== null,
  }),
} satisfies Fixture<typeof documentsMachine>;
