// The report's Share links (docs/product.md §Deliverables, "The brand's report"): a label, Create link, the address
// shown this once with Copy; the links newest first, each revocable after a confirmation.
import { useMachine } from '@xstate/react';
import {
  selectCreatedShare,
  selectRevokeOpen,
  selectRevoking,
  selectRevokingShare,
  selectShareCreating,
  selectShareLabel,
  selectShareLabelError,
  selectShares,
  selectSharesBusy,
  selectSharesError,
  selectSharesFailed,
  selectSharesLoading,
  selectSharesReady,
} from '@/machines/deliverables/reportShares.select';
import { inspect } from '@/src/app/inspect';
import { LoadState } from '@/src/common/LoadState';
import { formatsIn } from '@/src/common/format';
import { useMessages, type MessageValues } from '@/src/i18n/i18n';
import { campaignReportMessages, type CampaignReportMessage } from './campaignReportCatalogue';
import type { ShareLabelProblem } from '@/machines/deliverables/reportShares.machine';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Field } from '@/src/ui/Field';
import { CopyButton } from './CopyButton';
import { useReportSharesLogic, type ReportSharesLogic } from './reportShares';
import * as s from './Report.css';

/** The label's problem in words; undefined for none, so the Field shows no error. */
function labelText(
  t: (id: CampaignReportMessage, values?: MessageValues) => string,
  problem: ShareLabelProblem | undefined,
): string | undefined {
  if (!problem) return undefined;
  return problem.id === 'required' ? t('shares.required') : t('shares.labelTooLong', { max: problem.max });
}

export function ReportShares({ campaignId, logic }: { campaignId: string; logic?: ReportSharesLogic }) {
  const [snapshot, send] = useMachine(useReportSharesLogic(logic), {
    input: { campaignId },
    inspect,
  });
  const shares = selectShares(snapshot);
  const created = selectCreatedShare(snapshot);
  const busy = selectSharesBusy(snapshot);
  const error = selectSharesError(snapshot);
  const revoking = selectRevokingShare(snapshot);
  const { t, locale } = useMessages(campaignReportMessages);
  const { date } = formatsIn(locale);
  return (
    <Card as="section" aria-labelledby="report-shares">
      <div className={s.stack}>
        <h2 id="report-shares" className={s.title}>
          {t('shares.title')}
        </h2>
        <p className={s.muted}>{t('shares.intro')}</p>
        <LoadState
          loading={selectSharesLoading(snapshot)}
          error={selectSharesFailed(snapshot) ? (error ?? '') : null}
          what={t('shares.loading')}
          onRetry={() => send({ type: 'shares.retry' })}
        />
        {selectSharesReady(snapshot) ? (
          <>
            <form
              className={s.row}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'share.create' });
              }}
            >
              <Field
                label={t('shares.label')}
                name="label"
                value={selectShareLabel(snapshot)}
                error={labelText(t, selectShareLabelError(snapshot))}
                hint={t('shares.labelHint')}
                onChange={(event) => send({ type: 'label.change', label: event.target.value })}
                className={s.filter}
              />
              <Button
                type="submit"
                variant="dashboard"
                disabled={busy}
                aria-busy={selectShareCreating(snapshot) || undefined}
              >
                {t('shares.create')}
              </Button>
            </form>
            {created?.url ? (
              <Alert tone="success" title={t('shares.createdTitle', { label: created.label })}>
                <p>{t('shares.copyOnce')}</p>
                <div className={s.row}>
                  <p className={s.url} data-testid="share-url">
                    {created.url}
                  </p>
                  <CopyButton text={created.url} what={t('shares.copyWhat')} />
                  <Button variant="ghost" size="sm" onClick={() => send({ type: 'share.dismiss' })}>
                    {t('shares.done')}
                  </Button>
                </div>
              </Alert>
            ) : null}
            {error ? <Alert tone="error">{error}</Alert> : null}
            {shares.length === 0 ? (
              <p className={s.muted}>{t('shares.none')}</p>
            ) : (
              <ul className={s.list} aria-label={t('shares.list')}>
                {shares.map((share) => (
                  <li key={share.id} className={s.listItem}>
                    <div>
                      <p className={s.figure}>{share.label}</p>
                      <p className={s.muted}>
                        {share.revokedAt
                          ? t('shares.createdRevoked', { day: date(share.createdAt), revoked: date(share.revokedAt) })
                          : t('shares.created', { day: date(share.createdAt) })}
                      </p>
                    </div>
                    {share.revokedAt ? (
                      <Chip tone="neutral">{t('shares.revoked')}</Chip>
                    ) : (
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={busy}
                        aria-label={t('shares.revokeLabel', { label: share.label })}
                        onClick={() => send({ type: 'share.revoke', shareId: share.id })}
                      >
                        {t('shares.revoke')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
      <AlertDialog
        open={selectRevokeOpen(snapshot)}
        onOpenChange={(open) => {
          if (!open && !selectRevoking(snapshot)) send({ type: 'revoke.cancel' });
        }}
        title={t('shares.revokeTitle')}
        description={revoking ? t('shares.revokeText', { label: revoking.label }) : t('shares.revokeTextAnyone')}
        actionLabel={t('shares.revokeYes')}
        cancelLabel={t('shares.revokeNo')}
        onAction={() => send({ type: 'revoke.confirm' })}
        onCancel={() => send({ type: 'revoke.cancel' })}
        busy={selectRevoking(snapshot)}
      />
    </Card>
  );
}
