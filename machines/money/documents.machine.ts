// The Documents screen (docs/product.md §Self-serve money): the caller's numbered documents, newest first — deposit
// and refund receipts for advertisers, payout and yearly statements for creators (GET /api/documents) — each
// downloaded as its PDF (GET /api/documents/:id, saved as the file the server names). A failed load offers a retry;
// news of a deposit, a refund or a payout reads the list again while the screen stays as it is. One download at a
// time: Download is refused while another saves; a failed one says why until the next.
import { assign, setup } from 'xstate';
import type { DocumentSummary } from '@/contract/schemas/documents';
import { listener } from '../listener';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface DocumentsContext {
  documents: DocumentSummary[] | null;
  error: string | null;
  /** The document being saved, or the last one that failed. */
  download: { id: string; number: string } | null;
  downloadError: string | null;
}

export type DocumentsEvent =
  | { type: 'documents.retry' }
  | { type: 'documents.reload' }
  | { type: 'document.download'; id: string; number: string };

export const documentsMachine = setup({
  types: { context: {} as DocumentsContext, events: {} as DocumentsEvent },
  actors: {
    loadDocuments: service<DocumentSummary[]>('loadDocuments'),
    /** GET /api/documents/:id, saved as the PDF the server names. */
    downloadDocument: service<void, { id: string; number: string }>('downloadDocument'),
    /** Live notifications about money (a deposit, a refund, a payout), sent back as `documents.reload`. */
    liveFeed: listener('liveFeed'),
  },
}).createMachine({
  id: 'documents',
  context: { documents: null, error: null, download: null, downloadError: null },
  invoke: { id: 'liveFeed', src: 'liveFeed' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        onDone: { target: 'ready', actions: assign({ documents: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'documents.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: { on: { 'documents.reload': 'reloading' } },
            reloading: {
              // News arriving while it reads: one more read afterwards.
              on: { 'documents.reload': { target: 'reloading', reenter: true } },
              invoke: {
                id: 'loadDocuments',
                src: 'loadDocuments',
                onDone: { target: 'idle', actions: assign({ documents: ({ event }) => event.output, error: null }) },
                // The list on screen stays; the next news reads it again.
                onError: { target: 'idle' },
              },
            },
          },
        },
        download: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'document.download': {
                  target: 'saving',
                  actions: assign({
                    download: ({ event }) => ({ id: event.id, number: event.number }),
                    downloadError: null,
                  }),
                },
              },
            },
            saving: {
              invoke: {
                id: 'downloadDocument',
                src: 'downloadDocument',
                input: ({ context }) => context.download!,
                onDone: { target: 'idle', actions: assign({ download: null }) },
                onError: {
                  target: 'idle',
                  actions: assign({ downloadError: ({ event }) => errorText(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});
