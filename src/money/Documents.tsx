import { useActorRef, useSelector } from '@xstate/react';
import { Navigate } from 'react-router-dom';
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
import * as s from './Documents.css';

const INTRO = {
  creator: 'Statements of your paid withdrawals and of each year you earned in.',
  advertiser: 'Receipts for your deposits and refunds.',
};

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
  return (
    <>
      <ScreenHeading title="Documents" />
      <p className={s.intro}>
        {role === 'creator' || role === 'advertiser' ? `${INTRO[role]} ` : ''}Each document is a numbered PDF:
        downloading it again gives the same file.
      </p>
      <LoadState
        loading={loading}
        error={error}
        what="documents"
        onRetry={() => documents.send({ type: 'documents.retry' })}
      />
      {failed ? (
        <Alert tone="error" title={`${failed.number} could not be downloaded`} className={s.alert}>
          <p>{failed.message}</p>
        </Alert>
      ) : null}
      {ready ? (
        <Card padding="sm">
          {list.length === 0 ? (
            <p className={s.empty}>
              No documents yet. A receipt or statement appears here when money moves: a deposit or a refund, a
              withdrawal paid, a year of earnings ended.
            </p>
          ) : (
            // A list rather than a table: a document's title, number, date, amount and download fit a phone's width.
            <ul className={s.list} aria-label="Documents">
              {list.map((doc) => (
                <li key={doc.id} className={s.item}>
                  <span className={s.document}>
                    <span className={s.title}>{doc.title}</span>
                    <span className={s.meta}>
                      {doc.number} · {formatDate(doc.issuedAt)}
                    </span>
                  </span>
                  <span className={s.amount}>{formatMoney(doc.amountCents)}</span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Download ${doc.title} ${doc.number} (PDF)`}
                    disabled={saving !== null}
                    onClick={() => documents.send({ type: 'document.download', id: doc.id, number: doc.number })}
                  >
                    <Icon name="download" size={16} />
                    {saving?.id === doc.id ? 'Saving…' : 'PDF'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </>
  );
}
