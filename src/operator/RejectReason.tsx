import { useId } from 'react';
import type { RejectReasonProblem } from '@/machines/operator/adminApproval.machine';
import { useMessages } from '@/src/i18n/i18n';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { operatorMessages } from './catalogue';
import { refusalText, type OperatorWords } from './refusal';

export interface RejectReasonProps {
  open: boolean;
  company: string;
  reason: string;
  error: RejectReasonProblem | null;
  sending: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The reason an operator gives when rejecting a company profile (docs/product.md §Marketplace): the advertiser reads it. */
export function RejectReason({
  open,
  company,
  reason,
  error,
  sending,
  onChange,
  onSubmit,
  onCancel,
}: RejectReasonProps) {
  const formId = useId();
  const { t } = useMessages(operatorMessages);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={t('reject.title', { company })}
      description={t('reject.description')}
      width="narrow"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={onCancel}>
            {t('reject.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={sending} aria-busy={sending || undefined}>
            {t('reject.submit')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Field
          label={t('reject.reason')}
          name="reason"
          multiline
          rows={4}
          value={reason}
          error={problemText(t, error)}
          onChange={(event) => onChange(event.target.value)}
        />
      </form>
    </Dialog>
  );
}

/** The reason's problem in words (the server's refusal as it came); undefined for none, so the Field shows no error. */
function problemText(t: OperatorWords, problem: RejectReasonProblem | null): string | undefined {
  if (!problem) return undefined;
  if (problem.id === 'required') return t('reject.required');
  if (problem.id === 'reasonTooLong') return t('reject.tooLong', { max: problem.max });
  return refusalText(t, problem.text) ?? undefined;
}
