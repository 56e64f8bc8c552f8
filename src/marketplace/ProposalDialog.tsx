// The counter-offer dialog both sides fill in (docs/product.md §Counter-offers): pay in dollars, optional overlay
// minutes (empty: as the offer says) and a message; each field's check under it, the server's refusal below them.
import type { ProposalDraft, ProposalErrors } from '@/machines/marketplace/proposalForm';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import * as s from './Proposal.css';

export interface ProposalDialogProps {
  formId: string;
  open: boolean;
  title: string;
  description: string;
  /** The offer's minutes now, named in the minutes' hint. */
  minutes: number;
  draft: ProposalDraft;
  errors: ProposalErrors;
  sending: boolean;
  error: string | null;
  submitLabel: string;
  onChange: (field: 'pay' | 'minutes' | 'message', value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

export function ProposalDialog({
  formId,
  open,
  title,
  description,
  minutes,
  draft,
  errors,
  sending,
  error,
  submitLabel,
  onChange,
  onSubmit,
  onCancel,
}: ProposalDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !sending) onCancel();
      }}
      title={title}
      description={description}
      width="form"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="dashboard" disabled={sending} aria-busy={sending || undefined}>
            <Icon name="send" size={18} />
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={s.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div className={s.fields}>
          <Field
            label="Pay (US dollars)"
            name="pay"
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            value={draft.pay}
            error={errors.pay ?? undefined}
            disabled={sending}
            onChange={(event) => onChange('pay', event.target.value)}
          />
          <Field
            label="Overlay minutes (optional)"
            name="minutes"
            inputMode="numeric"
            autoComplete="off"
            hint={`Empty: ${minutes} minutes, as the offer says.`}
            value={draft.minutes}
            error={errors.minutes ?? undefined}
            disabled={sending}
            onChange={(event) => onChange('minutes', event.target.value)}
          />
        </div>
        <Field
          label="Message"
          name="message"
          multiline
          rows={4}
          hint="Kept in the offer's conversation."
          value={draft.message}
          error={errors.message ?? undefined}
          disabled={sending}
          onChange={(event) => onChange('message', event.target.value)}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
