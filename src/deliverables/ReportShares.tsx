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
import { formatDate } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Field } from '@/src/ui/Field';
import { CopyButton } from './CopyButton';
import { useReportSharesLogic, type ReportSharesLogic } from './reportShares';
import * as s from './Report.css';

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
  return (
    <Card as="section" aria-labelledby="report-shares">
      <div className={s.stack}>
        <h2 id="report-shares" className={s.title}>
          Share links
        </h2>
        <p className={s.muted}>
          A share link opens a read-only copy of this report without signing in. Revoke it and it stops at once.
        </p>
        <LoadState
          loading={selectSharesLoading(snapshot)}
          error={selectSharesFailed(snapshot) ? (error ?? '') : null}
          what="share links"
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
                label="Who is it for?"
                name="label"
                value={selectShareLabel(snapshot)}
                error={selectShareLabelError(snapshot)}
                hint="For example: Dana in finance"
                onChange={(event) => send({ type: 'label.change', label: event.target.value })}
                className={s.filter}
              />
              <Button
                type="submit"
                variant="dashboard"
                disabled={busy}
                aria-busy={selectShareCreating(snapshot) || undefined}
              >
                Create link
              </Button>
            </form>
            {created?.url ? (
              <Alert tone="success" title={`Link for ${created.label}`}>
                <p>Copy it now: it is shown only this once.</p>
                <div className={s.row}>
                  <p className={s.url} data-testid="share-url">
                    {created.url}
                  </p>
                  <CopyButton text={created.url} what="share link" />
                  <Button variant="ghost" size="sm" onClick={() => send({ type: 'share.dismiss' })}>
                    Done
                  </Button>
                </div>
              </Alert>
            ) : null}
            {error ? <Alert tone="error">{error}</Alert> : null}
            {shares.length === 0 ? (
              <p className={s.muted}>No share links yet.</p>
            ) : (
              <ul className={s.list} aria-label="Share links">
                {shares.map((share) => (
                  <li key={share.id} className={s.listItem}>
                    <div>
                      <p className={s.figure}>{share.label}</p>
                      <p className={s.muted}>
                        Created {formatDate(share.createdAt)}
                        {share.revokedAt ? ` · revoked ${formatDate(share.revokedAt)}` : ''}
                      </p>
                    </div>
                    {share.revokedAt ? (
                      <Chip tone="neutral">Revoked</Chip>
                    ) : (
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={busy}
                        aria-label={`Revoke the link for ${share.label}`}
                        onClick={() => send({ type: 'share.revoke', shareId: share.id })}
                      >
                        Revoke
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
        title="Revoke this share link?"
        description={`Whoever has the link for ${revoking?.label ?? 'this person'} can no longer open the report. This cannot be undone.`}
        actionLabel="Yes, Revoke"
        cancelLabel="No, Keep It"
        onAction={() => send({ type: 'revoke.confirm' })}
        onCancel={() => send({ type: 'revoke.cancel' })}
        busy={selectRevoking(snapshot)}
      />
    </Card>
  );
}
