import { useId } from 'react';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';

export interface RejectReasonProps {
  open: boolean;
  company: string;
  reason: string;
  error: string | null;
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
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={`Reject ${company}`}
      description="The advertiser reads this reason and can correct the profile and send it again."
      width="narrow"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={sending} aria-busy={sending || undefined}>
            Reject
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
          label="Reason"
          name="reason"
          multiline
          rows={4}
          value={reason}
          error={error ?? undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
