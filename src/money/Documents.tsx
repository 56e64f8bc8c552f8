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
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { LoadState } from '@/src/common/LoadState';
import { useDocumentsLogic, type DocumentsLogic } from '@/src/money/documents';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { HOME_OF } from '@/src/shell/RequireRole';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import * as s from './Documents.css';
import { moneyMessages, type MoneyMessage } from './catalogue';

const INTRO: Record<'creator' | 'advertiser', MoneyMessage> = {
  creator: 'documents.introCreator',
  advertiser: 'documents.introAdvertiser',
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
  const { t, locale } = useMessages(moneyMessages);
  // Operators have no documents of their own: their workspace is the console.
  if (role === 'operator') return <Navigate to={HOME_OF.operator} replace />;
  return (
    <>
      <ScreenHeading title={t('documents.title')} />
      <p className={s.intro}>
        {role === 'creator' || role === 'advertiser' ? `${t(INTRO[role])} ` : ''}
        {t('documents.sameFile')}
      </p>
      <LoadState
        loading={loading}
        error={error}
        what={t('documents.loading')}
        onRetry={() => documents.send({ type: 'documents.retry' })}
      />
      {failed ? (
        <Alert tone="error" title={t('documents.failed', { number: failed.number })} className={s.alert}>
          <p>{failed.message}</p>
        </Alert>
      ) : null}
      {ready ? (
        <Card padding="sm">
          {list.length === 0 ? (
            <p className={s.empty}>{t('documents.empty')}</p>
          ) : (
            // A list rather than a table: a document's title, number, date, amount and download fit a phone's width.
            <ul className={s.list} aria-label={t('documents.list')}>
              {list.map((doc) => (
                <li key={doc.id} className={s.item}>
                  <span className={s.document}>
                    <span className={s.title}>{doc.title}</span>
                    <span className={s.meta}>
                      <span className={s.number}>{doc.number}</span> · {formatsIn(locale).date(doc.issuedAt)}
                    </span>
                  </span>
                  <span className={s.amount}>{formatsIn(locale).money(doc.amountCents)}</span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('documents.download', { title: doc.title, number: doc.number })}
                    disabled={saving !== null}
                    onClick={() => documents.send({ type: 'document.download', id: doc.id, number: doc.number })}
                  >
                    <Icon name="download" size={16} />
                    {saving?.id === doc.id ? t('documents.saving') : 'PDF'}
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
