// Promo codes on the campaign page (docs/product.md §Deliverables, "Promo codes"): a code per accepted offer, saved
// or generated; the shop's redemption key, shown once with how to post a redemption; a CSV of redemptions uploaded
// with what was added, already there or refused.
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { DELIVERABLE_LIMITS, REDEMPTION_KEY_PREFIX } from '@/contract/deliverables';
import {
  selectCsvResult,
  selectCsvUploading,
  selectHasRedemptionKey,
  selectKeyCreating,
  selectNewKey,
  selectPromoBusy,
  selectPromoCodeErrors,
  selectPromoDrafts,
  selectPromoError,
  selectPromoFailed,
  selectPromoGenerating,
  selectPromoLoading,
  selectCanGenerate,
  selectPromoNotice,
  selectPromoReady,
  selectPromoRows,
  selectPromoSaving,
} from '@/machines/deliverables/promoCodes.select';
import { inspect } from '@/src/app/inspect';
import { LoadState } from '@/src/common/LoadState';
import { useMessages } from '@/src/i18n/i18n';
import { campaignReportMessages } from './campaignReportCatalogue';
import type { PromoNotice } from '@/machines/deliverables/promoCodes.machine';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import * as upload from '@/src/common/upload.css';
import { CopyButton } from './CopyButton';
import { usePromoCodesLogic, type PromoCodesLogic } from './promoCodes';
import { redemptionExample } from './redemptionExample';
import * as s from './Report.css';

const NOTICES = {
  unchanged: 'promo.unchanged',
  saved: 'promo.saved',
  generated: 'promo.generated',
} as const satisfies Record<PromoNotice, string>;

export function PromoCodes({ campaignId, logic }: { campaignId: string; logic?: PromoCodesLogic }) {
  const [snapshot, send] = useMachine(usePromoCodesLogic(logic), { input: { campaignId }, inspect });
  const rows = selectPromoRows(snapshot);
  const drafts = selectPromoDrafts(snapshot);
  const codeErrors = selectPromoCodeErrors(snapshot);
  const busy = selectPromoBusy(snapshot);
  const key = selectNewKey(snapshot);
  const result = selectCsvResult(snapshot);
  const error = selectPromoError(snapshot);
  const notice = selectPromoNotice(snapshot);
  const fileId = `csv-${useId()}`;
  const { t } = useMessages(campaignReportMessages);
  return (
    <Card as="section" aria-labelledby="promo-codes">
      <div className={s.stack}>
        <h2 id="promo-codes" className={s.title}>
          {t('promo.title')}
        </h2>
        <p className={s.muted}>{t('promo.intro')}</p>
        <LoadState
          loading={selectPromoLoading(snapshot)}
          error={selectPromoFailed(snapshot) ? (error ?? '') : null}
          what={t('promo.loading')}
          onRetry={() => send({ type: 'promo.retry' })}
        />
        {selectPromoReady(snapshot) ? (
          <>
            {rows.length === 0 ? (
              <p className={s.muted}>{t('promo.noneAccepted')}</p>
            ) : (
              <form
                className={s.codes}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  send({ type: 'codes.save' });
                }}
              >
                {rows.map((row) => (
                  <div key={row.offerId} className={s.codeRow}>
                    <Field
                      label={t('promo.codeFor', { creator: row.creator })}
                      name={`code-${row.offerId}`}
                      value={drafts[row.offerId] ?? ''}
                      error={codeErrors[row.offerId] ? t('promo.codeFormat') : undefined}
                      placeholder={row.code === null ? t('promo.noCode') : undefined}
                      onChange={(event) =>
                        send({ type: 'code.change', offerId: row.offerId, code: event.target.value })
                      }
                    />
                    <p className={s.muted}>{t('promo.redemptions', { count: row.redemptions })}</p>
                  </div>
                ))}
                <div className={s.row}>
                  <Button
                    type="submit"
                    variant="dashboard"
                    disabled={busy}
                    aria-busy={selectPromoSaving(snapshot) || undefined}
                  >
                    {t('promo.save')}
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy || !selectCanGenerate(snapshot)}
                    aria-busy={selectPromoGenerating(snapshot) || undefined}
                    onClick={() => send({ type: 'codes.generate' })}
                  >
                    {t('promo.generate')}
                  </Button>
                </div>
              </form>
            )}
            {notice ? <Alert tone="success">{t(NOTICES[notice])}</Alert> : null}
            {error ? <Alert tone="error">{error}</Alert> : null}

            <section className={s.stack} aria-labelledby="redemption-key">
              <h3 id="redemption-key" className={s.title}>
                {t('promo.keyTitle')}
              </h3>
              <p className={s.muted}>
                {selectHasRedemptionKey(snapshot)
                  ? t('promo.keyExists')
                  : t('promo.keyAbout', { prefix: REDEMPTION_KEY_PREFIX })}
              </p>
              <div className={s.row}>
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-busy={selectKeyCreating(snapshot) || undefined}
                  onClick={() => send({ type: 'key.create' })}
                >
                  {selectHasRedemptionKey(snapshot) ? t('promo.newKey') : t('promo.createKey')}
                </Button>
              </div>
              {key ? (
                <Alert tone="success" title={t('promo.yourKey')}>
                  <p>{t('promo.copyOnce')}</p>
                  <div className={s.row}>
                    <p className={s.url} data-testid="redemption-key">
                      {key}
                    </p>
                    <CopyButton text={key} what={t('promo.keyWhat')} />
                    <Button variant="ghost" size="sm" onClick={() => send({ type: 'key.dismiss' })}>
                      {t('promo.done')}
                    </Button>
                  </div>
                  <p>{t('promo.howToPost')}</p>
                  <pre className={s.code} aria-label={t('promo.example')}>
                    {redemptionExample(key, rows.find((row) => row.code)?.code ?? t('promo.exampleCode'))}
                  </pre>
                </Alert>
              ) : null}
            </section>

            <section className={s.stack} aria-labelledby="redemptions-csv">
              <h3 id="redemptions-csv" className={s.title}>
                {t('promo.uploadTitle')}
              </h3>
              <p className={s.muted} id={`${fileId}-hint`}>
                {t('promo.uploadHint', { max: DELIVERABLE_LIMITS.csvRows })}
              </p>
              {/* The native input stays reachable by keyboard and screen readers; its label is the visible button
                  (issue 48 item 23: no raw "Choose File" control). */}
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                className={upload.fileInput}
                aria-describedby={`${fileId}-hint`}
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) send({ type: 'csv.upload', file });
                  event.target.value = '';
                }}
              />
              <label htmlFor={fileId} className={upload.uploadLabel} data-disabled={busy ? 'true' : undefined}>
                <Icon name="upload" size={18} />
                {t('promo.choose')}
              </label>
              {selectCsvUploading(snapshot) ? <p className={s.muted}>{t('promo.uploading')}</p> : null}
              {result ? (
                <Alert tone={result.rejected.length ? 'warning' : 'success'} title={t('promo.uploadRead')}>
                  <p>
                    {t('promo.uploadCounts', {
                      added: result.added,
                      duplicates: result.duplicates,
                      refused: result.rejected.length,
                    })}
                  </p>
                  {result.rejected.length ? (
                    <ul aria-label={t('promo.refusedLines')}>
                      {result.rejected.map((line) => (
                        <li key={line.line}>{t('promo.refusedLine', { line: line.line, message: line.message })}</li>
                      ))}
                    </ul>
                  ) : null}
                </Alert>
              ) : null}
            </section>
          </>
        ) : null}
      </div>
    </Card>
  );
}
