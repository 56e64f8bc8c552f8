// The Documents screen's wiring (docs/product.md §Self-serve money): GET /api/documents with the session's jwt, read
// again when the live hub brings news about money; a download fetches GET /api/documents/:id and saves the PDF under
// the name the server gives (its number).
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { NotificationType } from '@/contract/marketplace';
import type { DocumentSummary } from '@/contract/schemas/documents';
import { documentsMachine, type DocumentsEvent } from '@/machines/money/documents.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { saveBlob } from './saveFile';

export type DocumentsLogic = typeof documentsMachine;

type Jwt = () => string | null;

/** The notifications that may come with a new document: a deposit credited, a refund settled, a payout paid. */
const DOCUMENT_NEWS: readonly NotificationType[] = ['funds.deposited', 'payout.paid'];

export function documentsActors(jwt: Jwt) {
  return {
    loadDocuments: fromPromise<DocumentSummary[], void>(
      async () => (await (await api()).request('listDocuments', { jwt: requireJwt(jwt()) })).documents,
    ),
    downloadDocument: fromPromise<void, { id: string; number: string }>(async ({ input }) => {
      const { blob, fileName } = await (
        await api()
      ).download('downloadDocument', { jwt: requireJwt(jwt()), params: { id: input.id } });
      saveBlob(blob, fileName ?? `${input.number}.pdf`);
    }),
  };
}

export const documentsLiveFeed = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeLive((notification) => {
    if (DOCUMENT_NEWS.includes(notification.type) || notification.type.startsWith('funds.refund'))
      sendBack({ type: 'documents.reload' } satisfies DocumentsEvent);
  }),
);

/** `logic` (tests) replaces the API actors; the live hub's feed is given either way. */
export function useDocumentsLogic(logic?: DocumentsLogic): DocumentsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? documentsMachine.provide({ actors: documentsActors(app.jwt) })).provide({
        actors: { liveFeed: documentsLiveFeed },
      }),
    [logic, app],
  );
}
