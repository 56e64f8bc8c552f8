// An operator's decision on money waiting for them (its buttons and its dialog) (docs/product.md §Operator console): a payout marked paid or
// failed, a wired refund marked sent or failed. One text — the reference of the money sent, or the reason it could
// not be — in a titled dialog; the flows behind it (adminPayouts, adminRefunds) take the same three events.
import { useId } from 'react';
import type { DecisionProblem } from '@/machines/operator/decisionProblem';
import { useMessages } from '@/src/i18n/i18n';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { operatorMessages } from './catalogue';
import * as s from './OperatorConsole.css';
import { refusalText, type OperatorWords } from './refusal';

export type DecisionEvent =
  { type: 'decision.cancel' } | { type: 'decision.submit' } | { type: 'decision.change'; value: string };

export function DecisionDialog({
  open,
  settles,
  title,
  description,
  settleLabel,
  referenceLabel,
  text,
  error,
  sending,
  send,
}: {
  open: boolean;
  /** True: the money went out (the text is its reference); false: it could not (the text is the reason). */
  settles: boolean;
  title: string;
  description: string;
  /** "Mark paid", "Mark sent". */
  settleLabel: string;
  /** "Payment reference", "Wire reference". */
  referenceLabel: string;
  text: string;
  error: DecisionProblem | null;
  sending: boolean;
  send: (event: DecisionEvent) => void;
}) {
  const formId = useId();
  const { t } = useMessages(operatorMessages);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !sending) send({ type: 'decision.cancel' });
      }}
      title={title}
      description={description}
      width="narrow"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'decision.cancel' })}>
            {t('decision.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={settles ? 'dashboard' : 'danger'}
            disabled={sending}
            aria-busy={sending || undefined}
          >
            {settles ? settleLabel : t('decision.markFailed')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'decision.submit' });
        }}
      >
        <Field
          label={settles ? referenceLabel : t('decision.reason')}
          name={settles ? 'reference' : 'reason'}
          multiline={!settles}
          rows={3}
          autoComplete="off"
          value={text}
          error={problemText(t, error)}
          onChange={(event) => send({ type: 'decision.change', value: event.target.value })}
        />
      </form>
    </Dialog>
  );
}

/** The two buttons that open the dialog for one waiting item, each described by the item's heading. */
export function DecisionActions({
  describedBy,
  settleLabel,
  onDecide,
}: {
  describedBy: string;
  settleLabel: string;
  onDecide: (settles: boolean) => void;
}) {
  const { t } = useMessages(operatorMessages);
  return (
    <div className={s.actions}>
      <Button variant="dashboard" size="sm" aria-describedby={describedBy} onClick={() => onDecide(true)}>
        {settleLabel}
      </Button>
      <Button variant="secondary" size="sm" aria-describedby={describedBy} onClick={() => onDecide(false)}>
        {t('decision.markFailed')}
      </Button>
    </div>
  );
}

/** The decision text's problem in words (the server's refusal as it came); undefined for none. */
function problemText(t: OperatorWords, problem: DecisionProblem | null): string | undefined {
  if (!problem) return undefined;
  if (problem.id === 'required') return t('decision.required');
  if (problem.id === 'tooLong') return t('decision.tooLong', { max: problem.max });
  return refusalText(t, problem.text) ?? undefined;
}
