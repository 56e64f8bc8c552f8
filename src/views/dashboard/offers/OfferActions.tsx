// An offer card's actions (issue 13 "Creator"): Accept, Decline (a dialog asking an optional reason) and Request More
// Information (a dialog with the message to the advertiser), as the offer's status allows; the server's refusal on
// the card or in the open dialog. Its own chunk: the screen shows the cards before it has loaded.
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { Offer } from '@/contract';
import type { OfferAction } from '@/contract/marketplace';
import type { OfferActionsEvent } from '@/machines/offers/offerActions.machine';
import {
  selectAccepting,
  selectDeclineOpen,
  selectDeclineReason,
  selectDeclineReasonError,
  selectDeclining,
  selectInfoMessage,
  selectInfoMessageError,
  selectInfoOpen,
  selectInfoSending,
  selectOfferActionError,
  selectOfferActions,
  selectOfferBusy,
} from '@/machines/offers/offerActions.select';
import { inspect } from '@/src/app/inspect';
import { useOfferActionsLogic, type OfferActionsLogic } from '@/src/services/offerActions';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import * as shared from '@/src/views/dashboard/shared.css';
import * as s from './SponsorshipOffers.css';

export interface OfferActionsProps {
  offer: Offer;
  logic?: OfferActionsLogic;
  onChanged: (offer: Offer, action: OfferAction) => void;
}

/** The card's buttons (inside its actions row) and their dialogs; busy while an action is under way. */
export function OfferActions({ offer, logic, onChanged }: OfferActionsProps) {
  const [snapshot, send] = useMachine(useOfferActionsLogic(logic, onChanged), { input: { offerId: offer.id, status: offer.status }, inspect });
  const actions = selectOfferActions(snapshot);
  const busy = selectOfferBusy(snapshot);
  const accepting = selectAccepting(snapshot);
  const dialogOpen = selectDeclineOpen(snapshot) || selectInfoOpen(snapshot);
  const error = selectOfferActionError(snapshot);
  return (
    <>
      {error && !dialogOpen ? (
        <Alert tone="error" className={s.actionError}>
          {error}
        </Alert>
      ) : null}
      {actions.includes('accept') ? (
        <Button variant="light" size="sm" disabled={busy} aria-busy={accepting || undefined} onClick={() => send({ type: 'offer.accept' })}>
          Accept
        </Button>
      ) : null}
      {actions.includes('decline') ? (
        <Button variant="secondary" size="sm" className={shared.ghostOnGradient} disabled={busy} onClick={() => send({ type: 'decline.open' })}>
          Decline
        </Button>
      ) : null}
      {actions.includes('request-info') ? (
        <button type="button" className={s.moreInfo} disabled={busy} onClick={() => send({ type: 'info.open' })}>
          Request More Information
        </button>
      ) : null}
      <DeclineDialog offer={offer} snapshot={snapshot} send={send} />
      <RequestInfoDialog offer={offer} snapshot={snapshot} send={send} />
    </>
  );
}

type ActionsSnapshot = SnapshotFrom<OfferActionsLogic>;
type ActionsSend = (event: OfferActionsEvent) => void;

function DeclineDialog({ offer, snapshot, send }: { offer: Offer; snapshot: ActionsSnapshot; send: ActionsSend }) {
  const formId = `decline-${offer.id}`;
  const sending = selectDeclining(snapshot);
  const error = selectOfferActionError(snapshot);
  return (
    <Dialog
      open={selectDeclineOpen(snapshot)}
      onOpenChange={(open) => {
        if (!open) send({ type: 'decline.cancel' });
      }}
      title="Decline this offer?"
      description={`${offer.brand}: ${offer.title}`}
      width="form"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'decline.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={sending} aria-busy={sending || undefined}>
            Decline
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={s.dialogStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'decline.confirm' });
        }}
      >
        <Field
          label="Reason (optional)"
          name="reason"
          multiline
          rows={3}
          hint="The advertiser sees it."
          value={selectDeclineReason(snapshot)}
          error={selectDeclineReasonError(snapshot) ?? undefined}
          disabled={sending}
          onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}

function RequestInfoDialog({ offer, snapshot, send }: { offer: Offer; snapshot: ActionsSnapshot; send: ActionsSend }) {
  const formId = `request-info-${offer.id}`;
  const sending = selectInfoSending(snapshot);
  const error = selectOfferActionError(snapshot);
  return (
    <Dialog
      open={selectInfoOpen(snapshot)}
      onOpenChange={(open) => {
        if (!open) send({ type: 'info.cancel' });
      }}
      title="Request More Information"
      description={`Ask ${offer.brand} about “${offer.title}”. Your message starts the conversation on this offer.`}
      width="form"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'info.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="dashboard" disabled={sending} aria-busy={sending || undefined}>
            <Icon name="send" size={18} />
            Send
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={s.dialogStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'info.send' });
        }}
      >
        <Field
          label="Message"
          name="message"
          multiline
          rows={4}
          value={selectInfoMessage(snapshot)}
          error={selectInfoMessageError(snapshot) ?? undefined}
          disabled={sending}
          onChange={(event) => send({ type: 'message.change', value: event.target.value })}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
