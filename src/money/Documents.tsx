import { useActorRef, useSelector } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import type { DocumentSummary } from '@/contract/schemas/documents';
import { selectRole } from '@/machines/accounts/session.select';
import {
  selectDocuments,
  selectDocumentsLoadError,
  selectDocumentsLoading,
  selectDocumentsReady,
  selectDownloadError,
  selectSaving,
} from '@/machines/money/documents.select';
import { inspect } from '@/src/app/inspect';
import { SessionContext } from '@/src/app/session';
import { formatDate, formatMoney } from '@/src/common/format';
import { LoadState } from '@/src/common/LoadState';
import { useDocumentsLogic, type DocumentsLogic } from '@/src/money/documents';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { HOME_OF } from '@/src/shell/RequireRole';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import { Table } from '@/src/ui/Table';

const columns = [
  { key: 'document', header: 'Document' },
  { key: 'number', header: 'Number' },
  { key: 'date', header: 'Issued' },
  { key: 'amount', header: 'Amount', align: 'right' as const },
  { key: 'download', header: 'PDF' },
];

/** Documents (docs/product.md §Self-serve money): the caller's numbered receipts and statements, each a PDF. */
export function DocumentsScreen({ logic }: { logic?: DocumentsLogic }) {
  const role = SessionContext.useSelector(selectRole);
  const documents = useActorRef(useDocumentsLogic(logic), { inspect });
  const loading = useSelector(documents, selectDocumentsLoading);
  const error = useSelector(documents, selectDocumentsLoadError);
  const ready = useSelector(documents, selectDocumentsReady);
  const list = useSelector(documents, selectDocuments);
  const saving = useSelector(documents, selectSaving);
  const failed = useSelector(documents, selectDownloadError);
  // Operators have no documents of their own: their workspace is the console.
  if (role === 'operator') return <Navigate to={HOME_OF.operator} replace />;
  const row = (doc: DocumentSummary) => ({
    document: doc.title,
    number: doc.number,
    date: formatDate(doc.issuedAt),
    amount: formatMoney(doc.amountCents),
    download: (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Download ${doc.title} ${doc.number} (PDF)`}
        disabled={saving !== null}
        onClick={() => documents.send({ type: 'document.download', id: doc.id, number: doc.number })}
      >
        <Icon name="download" size={16} />
        {saving?.id === doc.id ? 'Downloading…' : 'Download'}
      </Button>
    ),
  });
  return (
    <>
      <ScreenHeading title="Documents" />
      <p>
        Receipts for your deposits and refunds, statements for your withdrawals and for each year you earned in. Each is
        a numbered PDF: downloading it again gives the same file.
      </p>
      <LoadState
        loading={loading}
        error={error}
        what="documents"
        onRetry={() => documents.send({ type: 'documents.retry' })}
      />
      {failed ? (
        <Alert tone="error" title={`${failed.number} could not be downloaded`}>
          <p>{failed.message}</p>
        </Alert>
      ) : null}
      {ready ? (
        <Card padding="sm">
          <Table
            caption="Documents"
            columns={columns}
            rows={list.map(row)}
            rowKey={(r) => String(r.number)}
            emptyMessage="No documents yet. A receipt or statement appears here when money moves: a deposit or refund, a withdrawal paid, a year of earnings ended."
          />
        </Card>
      ) : null}
    </>
  );
}
