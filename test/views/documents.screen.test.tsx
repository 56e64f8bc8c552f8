// The Documents screen (docs/product.md §Self-serve money), replayed along documents' recorded paths on the real
// screen. The world's part is the server's answers and the live feed's news about money; the creator's is Try again
// and each document's Download.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { DocumentSummary } from '@/contract/schemas/documents';
import { documentsMachine } from '@/machines/money/documents.machine';
import { formatMoney } from '@/src/common/format';
import { DocumentsScreen } from '@/src/money/Documents';
import { documentsLiveFeed } from '@/src/money/documents';
import { publishLive } from '@/src/notifications/liveHub';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type Download = { id: string; number: string };

const downloadName = (doc: DocumentSummary) => `Download ${doc.title} ${doc.number} (PDF)`;

/** What the screen has been told; `...At`: how many requests had started when the last one was answered. */
interface Seen {
  documents: DocumentSummary[] | null;
  failure: string | null;
  loadAnsweredAt: number;
  retries: number;
  news: number;
  downloading: Download | null;
  downloadAnsweredAt: number;
  downloadFailure: { number: string; message: string } | null;
}

/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

walkScreens('documents', {
  mount() {
    const load = controlled<DocumentSummary[]>();
    const download = controlled<void, Download>();
    renderScreen(
      <DocumentsScreen
        logic={documentsMachine.provide({
          actors: { loadDocuments: load.logic, downloadDocument: download.logic, liveFeed: documentsLiveFeed },
        })}
      />,
      { path: '/documents', jwt: 'creator.jwt' },
    );
    const seen: Seen = {
      documents: null,
      failure: null,
      loadAnsweredAt: 0,
      retries: 0,
      news: 0,
      downloading: null,
      downloadAnsweredAt: 0,
      downloadFailure: null,
    };
    return {
      load,
      download,
      seen,
      gestures: {
        // The live feed runs for the screen's life; its end is no event of the flow.
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
        'xstate.done.actor.loadDocuments': async ({ output }) => {
          seen.documents = output;
          seen.failure = null;
          seen.loadAnsweredAt = load.started;
          await load.resolve(output);
        },
        'xstate.error.actor.loadDocuments': async ({ error }) => {
          seen.failure = (error as Error).message;
          seen.loadAnsweredAt = load.started;
          await load.reject(error);
        },
        'documents.retry': () => {
          seen.retries += 1;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        // News about money on the live feed: a payout paid.
        'documents.reload': () => {
          seen.news += 1;
          act(() =>
            publishLive({
              id: seen.news,
              type: 'payout.paid',
              title: 'Payout paid',
              text: 'Payout paid',
              offerId: null,
              link: null,
              read: false,
              createdAt: '2026-11-25T10:00:00.000Z',
              locale: 'en',
            }),
          );
        },
        'document.download': ({ id, number }) => {
          const doc = seen.documents!.find((d) => d.id === id)!;
          expect(doc.number).toBe(number);
          seen.downloading = { id, number };
          seen.downloadFailure = null;
          fireEvent.click(screen.getByRole('button', { name: downloadName(doc) }));
        },
        'xstate.done.actor.downloadDocument': async () => {
          seen.downloadAnsweredAt = download.started;
          await download.resolve();
        },
        'xstate.error.actor.downloadDocument': async ({ error }) => {
          seen.downloadAnsweredAt = download.started;
          seen.downloadFailure = { number: seen.downloading!.number, message: (error as Error).message };
          await download.reject(error);
        },
      },
    };
  },
  states: {
    // The documents are being read: the spinner, no list yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading documents')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Documents' })).not.toBeInTheDocument();
      expect(screen.queryByText('The documents could not be loaded')).not.toBeInTheDocument();
      expect(load.started).toBe(1 + seen.retries);
      expect(load.started).toBeGreaterThan(seen.loadAnsweredAt);
    },
    // The documents could not be read: why, and Try again; no list.
    failed: ({ load, seen }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(`The documents could not be loaded${seen.failure}`);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading documents')).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Documents' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.loadAnsweredAt);
    },
    'ready.list.idle & download.idle': (mounted) => {
      listIdle(mounted);
      downloadIdle(mounted);
    },
    'ready.list.idle & download.saving': (mounted) => {
      listIdle(mounted);
      downloadSaving(mounted);
    },
    'ready.list.reloading & download.idle': (mounted) => {
      listReloading(mounted);
      downloadIdle(mounted);
    },
    'ready.list.reloading & download.saving': (mounted) => {
      listReloading(mounted);
      downloadSaving(mounted);
    },
  },
});

type Mounted = { load: { started: number }; download: { started: number; inputs: Download[] }; seen: Seen };

/** The list as the last good read left it: each document's title, number and amount. */
function expectList(seen: Seen) {
  expect(screen.queryByText('Loading documents')).not.toBeInTheDocument();
  const documents = seen.documents!;
  if (documents.length === 0) {
    expect(screen.getByText(/^No documents yet\./)).toBeInTheDocument();
    return;
  }
  const items = within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('listitem');
  expect(items).toHaveLength(documents.length);
  documents.forEach((doc, i) => {
    expect(items[i]).toHaveTextContent(doc.title);
    expect(items[i]).toHaveTextContent(doc.number);
    expect(items[i]).toHaveTextContent(formatMoney(doc.amountCents));
  });
}

// The list, no read out.
function listIdle({ load, seen }: Mounted) {
  expectList(seen);
  expect(load.started).toBe(seen.loadAnsweredAt);
}

// The list stays as it is while it is read again.
function listReloading({ load, seen }: Mounted) {
  expectList(seen);
  expect(load.started).toBeGreaterThan(seen.loadAnsweredAt);
}

// Every Download offered (labelled PDF); the last failed download said, with its number and why.
function downloadIdle({ download, seen }: Mounted) {
  for (const doc of seen.documents!) {
    const button = screen.getByRole('button', { name: downloadName(doc) });
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent(/^PDF$/);
  }
  if (seen.downloadFailure) {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`${seen.downloadFailure.number} could not be downloaded`);
    expect(alert).toHaveTextContent(seen.downloadFailure.message);
  } else expect(screen.queryByText(/could not be downloaded/)).not.toBeInTheDocument();
  expect(download.started).toBe(seen.downloadAnsweredAt);
}

// One document saving: its button says so, every Download waits.
function downloadSaving({ download, seen }: Mounted) {
  expect(download.started).toBeGreaterThan(seen.downloadAnsweredAt);
  expect(download.inputs.at(-1)).toEqual(seen.downloading);
  for (const doc of seen.documents!) {
    const button = screen.getByRole('button', { name: downloadName(doc) });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(doc.id === seen.downloading!.id ? 'Saving…' : /^PDF$/);
  }
  expect(screen.queryByText(/could not be downloaded/)).not.toBeInTheDocument();
}
