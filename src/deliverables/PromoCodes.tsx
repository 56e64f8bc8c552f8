// Promo codes on the campaign page (docs/product.md §Deliverables, "Promo codes"): a code per accepted offer, saved
// or generated; the shop's redemption key, shown once with how to post a redemption; a CSV of redemptions uploaded
// with what was added, already there or refused.
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { REDEMPTION_KEY_PREFIX } from '@/contract/deliverables';
import { endpoints } from '@/contract/endpoints';
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
import { formatCount } from '@/src/common/format';
import { API_HOST } from '@/src/config';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import * as upload from '@/src/common/upload.css';
import { CopyButton } from './CopyButton';
import { usePromoCodesLogic, type PromoCodesLogic } from './promoCodes';
import * as s from './Report.css';

/** How a shop's server posts one redemption (POST /api/redemptions), with the key shown once. */
export function redemptionExample(key: string, code: string): string {
  const base = API_HOST || (typeof window === 'undefined' ? '' : window.location.origin);
  return [
    `curl -X POST ${base}${endpoints.postRedemption.path} \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"orderId": "1001", "code": "${code}", "amountCents": 4999}'`,
  ].join('\n');
}

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
  return (
    <Card as="section" aria-labelledby="promo-codes">
      <div className={s.stack}>
        <h2 id="promo-codes" className={s.title}>
          Promo codes
        </h2>
        <p className={s.muted}>
          Each creator shares their own code; a redemption of it counts toward their offer while it is active.
        </p>
        <LoadState
          loading={selectPromoLoading(snapshot)}
          error={selectPromoFailed(snapshot) ? (error ?? '') : null}
          what="promo codes"
          onRetry={() => send({ type: 'promo.retry' })}
        />
        {selectPromoReady(snapshot) ? (
          <>
            {rows.length === 0 ? (
              <p className={s.muted}>No creator has accepted yet: codes are given to accepted offers.</p>
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
                      label={`Code for ${row.creator}`}
                      name={`code-${row.offerId}`}
                      value={drafts[row.offerId] ?? ''}
                      error={codeErrors[row.offerId]}
                      placeholder={row.code === null ? 'No code yet' : undefined}
                      onChange={(event) =>
                        send({ type: 'code.change', offerId: row.offerId, code: event.target.value })
                      }
                    />
                    <p className={s.muted}>
                      {formatCount(row.redemptions)} {row.redemptions === 1 ? 'redemption' : 'redemptions'}
                    </p>
                  </div>
                ))}
                <div className={s.row}>
                  <Button
                    type="submit"
                    variant="dashboard"
                    disabled={busy}
                    aria-busy={selectPromoSaving(snapshot) || undefined}
                  >
                    Save codes
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy || !selectCanGenerate(snapshot)}
                    aria-busy={selectPromoGenerating(snapshot) || undefined}
                    onClick={() => send({ type: 'codes.generate' })}
                  >
                    Generate codes
                  </Button>
                </div>
              </form>
            )}
            {notice ? <Alert tone="success">{notice}</Alert> : null}
            {error ? <Alert tone="error">{error}</Alert> : null}

            <section className={s.stack} aria-labelledby="redemption-key">
              <h3 id="redemption-key" className={s.title}>
                Redemption key
              </h3>
              <p className={s.muted}>
                {selectHasRedemptionKey(snapshot)
                  ? 'A key was created. A new one replaces it at once: the old key stops working.'
                  : `Your shop's server sends each redemption with this key (it starts with ${REDEMPTION_KEY_PREFIX}).`}
              </p>
              <div className={s.row}>
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-busy={selectKeyCreating(snapshot) || undefined}
                  onClick={() => send({ type: 'key.create' })}
                >
                  {selectHasRedemptionKey(snapshot) ? 'Create a new key' : 'Create key'}
                </Button>
              </div>
              {key ? (
                <Alert tone="success" title="Your redemption key">
                  <p>Copy it now: it is shown only this once.</p>
                  <div className={s.row}>
                    <p className={s.url} data-testid="redemption-key">
                      {key}
                    </p>
                    <CopyButton text={key} what="redemption key" />
                    <Button variant="ghost" size="sm" onClick={() => send({ type: 'key.dismiss' })}>
                      Done
                    </Button>
                  </div>
                  <p>
                    For each order with a code, post it once (the same order id again counts nothing); the amount is
                    optional:
                  </p>
                  <pre className={s.code} aria-label="Example request">
                    {redemptionExample(key, rows.find((row) => row.code)?.code ?? 'CODE')}
                  </pre>
                </Alert>
              ) : null}
            </section>

            <section className={s.stack} aria-labelledby="redemptions-csv">
              <h3 id="redemptions-csv" className={s.title}>
                Upload redemptions
              </h3>
              <p className={s.muted} id={`${fileId}-hint`}>
                Columns order_id and code; amount (dollars) and redeemed_at are optional. Up to 10,000 rows.
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
                Choose a CSV file of redemptions
              </label>
              {selectCsvUploading(snapshot) ? <p className={s.muted}>Uploading…</p> : null}
              {result ? (
                <Alert tone={result.rejected.length ? 'warning' : 'success'} title="Upload read">
                  <p>
                    {formatCount(result.added)} added, {formatCount(result.duplicates)} already recorded,{' '}
                    {formatCount(result.rejected.length)} refused.
                  </p>
                  {result.rejected.length ? (
                    <ul aria-label="Refused lines">
                      {result.rejected.map((line) => (
                        <li key={line.line}>
                          Line {line.line}: {line.message}
                        </li>
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
