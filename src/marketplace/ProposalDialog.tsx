// The counter-offer dialog both sides fill in (docs/product.md §Counter-offers): pay in dollars, optional overlay
// minutes (empty: as the offer says) and a message; each field's check under it, the server's refusal below them as
// it worded it. In the language of the part of the page it opens from (./offerDialogsCatalogue.ts): the creator's
// card, or the advertiser's campaign page (English).
import type { ProposalDraft, ProposalErrors } from '@/machines/marketplace/proposalForm';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { offerDialogsMessages } from './offerDialogsCatalogue';
import { problemText } from './offerDialogsWords';
import * as s from './Proposal.css';

export interface ProposalDialogProps {
  formId: string;
  open: boolean;
  title: string;
  description: string;
  /** The offer's minutes now, named in the minutes' hint. */
  minutes: number;
  draft: ProposalDraft;
  /** Each field's check, as the flow holds it (ids and values): worded here. */
  errors: ProposalErrors;
  sending: boolean;
  /** The server's refusal, as it worded it. */
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
  const { t, locale } = useMessages(offerDialogsMessages);
  const money = formatsIn(locale).money;
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
            {t('dialog.cancel')}
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
            label={t('proposal.pay')}
            name="pay"
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            value={draft.pay}
            error={problemText(t, money, errors.pay)}
            disabled={sending}
            onChange={(event) => onChange('pay', event.target.value)}
          />
          <Field
            label={t('proposal.minutes')}
            name="minutes"
            inputMode="numeric"
            autoComplete="off"
            hint={t('proposal.minutesHint', { minutes })}
            value={draft.minutes}
            error={problemText(t, money, errors.minutes)}
            disabled={sending}
            onChange={(event) => onChange('minutes', event.target.value)}
          />
        </div>
        <Field
          label={t('field.message')}
          name="message"
          multiline
          rows={4}
          hint={t('proposal.messageHint')}
          value={draft.message}
          error={problemText(t, money, errors.message)}
          disabled={sending}
          onChange={(event) => onChange('message', event.target.value)}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
