// Documents (docs/product.md §Self-serve money): the caller's receipts and statements load (Try again after a failure),
// each row shows its title, number, date and amount with a Download button that saves that PDF; one download at a
// time; a failed one says which and why; an empty list says when documents appear. Through the documents machine
// with controlled actors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '@/contract/schemas/documents';
import { documentsMachine } from '@/machines/money/documents.machine';
import { sampleDocuments } from '@/machines/money/documents.samples';
import { apiRefusal } from '@/machines/events';
import { DocumentsScreen } from '@/src/money/Documents';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

function setup() {
  const load = controlled<DocumentSummary[]>();
  const download = controlled<void, { id: string; number: string }>();
  const logic = documentsMachine.provide({ actors: { loadDocuments: load.logic, downloadDocument: download.logic } });
  renderScreen(<DocumentsScreen logic={logic} />, { path: '/documents', jwt: 'creator.jwt' });
  return { load, download, user: userEvent.setup() };
}

const list = () => screen.getByRole('list', { name: 'Documents' });

describe('Documents', () => {
  it('lists the documents and downloads one PDF at a time; a failed download says which and why', async () => {
    const { load, download, user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByText('Loading documents')).toBeInTheDocument();
    await load.resolve(sampleDocuments);

    const items = within(list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Payout statement');
    expect(items[0]).toHaveTextContent('S-2026-000002 · Nov 20, 2026');
    expect(items[0]).toHaveTextContent('$123.45');
    expect(items[1]).toHaveTextContent('Annual earnings statement');
    expect(items[1]).toHaveTextContent('Y-2025-000001');
    expect(items[1]).toHaveTextContent('$4,800');

    const statement = screen.getByRole('button', { name: 'Download Payout statement S-2026-000002 (PDF)' });
    const yearly = screen.getByRole('button', { name: 'Download Annual earnings statement Y-2025-000001 (PDF)' });
    await user.click(statement);
    expect(download.inputs).toEqual([{ id: 'doc-2', number: 'S-2026-000002' }]);
    expect(statement).toHaveTextContent('Saving…');
    expect(yearly).toBeDisabled();
    await download.reject(apiRefusal('No such document', 404));
    expect(screen.getByRole('alert')).toHaveTextContent('S-2026-000002 could not be downloaded');
    expect(screen.getByRole('alert')).toHaveTextContent('No such document');
    expect(yearly).toBeEnabled();

    await user.click(yearly);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await download.resolve();
    expect(download.inputs).toHaveLength(2);
    expect(yearly).toHaveTextContent('PDF');
    expect(yearly).toBeEnabled();
  });

  it('says when documents appear while there are none, and offers Try again after a failed load', async () => {
    const { load } = setup();
    await load.reject(new Error('Castbridge is not answering'));
    expect(screen.getByRole('alert')).toHaveTextContent('The documents could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: /try again/i }));
    await load.resolve([]);
    expect(screen.getByText(/No documents yet/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Documents' })).not.toBeInTheDocument();
  });

  it('in Spanish: the words, dates and sums in the page’s language; the titles as the server wrote them in it', async () => {
    await act(() => setLocale('es-MX'));
    const { load, download, user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Documentos' })).toBeInTheDocument();
    // The server answers in the page's language (Accept-Language): its titles come in Spanish.
    await load.resolve(
      sampleDocuments.map((doc, i) => ({ ...doc, title: ['Comprobante de pago', 'Estado de ganancias anual'][i]! })),
    );
    const items = within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Comprobante de pago');
    expect(items[0]).toHaveTextContent('S-2026-000002 · 20 nov 2026');
    expect(items[0]).toHaveTextContent('USD 123.45');
    expect(items[1]).toHaveTextContent('USD 4,800');
    const statement = screen.getByRole('button', { name: 'Descargar Comprobante de pago S-2026-000002 (PDF)' });
    await user.click(statement);
    expect(statement).toHaveTextContent('Guardando…');
    await download.reject(apiRefusal('No existe ese documento', 404));
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo descargar S-2026-000002');
  });
});
