// An offer card's actions (docs/product.md §Offers, threads, notifications "Creator"): Accept, Decline (a dialog asking an optional reason) and Request More
// Information (a dialog with the message to the advertiser), as the offer's status allows; the server's refusal on
// the card or in the open dialog, as the server worded it. In the screen's language (./offerDialogsCatalogue.ts). Its
// own chunk: the screen shows the cards before it has loaded.
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { Offer } from '@/contract';
import type { OfferAction } from '@/contract/marketplace';
import type { OfferActionsEvent } from '@/machines/marketplace/offerActions.machine';
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
  selectOfferNeedsChannel,
} from '@/machines/marketplace/offerActions.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { connectAndReturn } from '@/src/connections/returnPath';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { useOfferActionsLogic, type OfferActionsLogic } from '@/src/marketplace/offerActions';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import * as shared from '@/src/shell/dashboard.css';
import { offerDialogsMessages } from './offerDialogsCatalogue';
import { problemText, type OfferDialogsWords } from './offerDialogsWords';
import * as s from './SponsorshipOffers.css';

export interface OfferActionsProps {
  offer: Offer;
  logic?: OfferActionsLogic;
  onChanged: (offer: Offer, action: OfferAction) => void;
  /** The offer asks for the overlay or the bot and the creator has no channel connected: said before Accept. */
  needsChannel?: boolean;
}

/** This offer's card on Sponsorship Offers: the way back from Connect Accounts. */
const backToOffer = (offerId: string) => `/sponsorship-offers#offer-${offerId}`;

/** The card's buttons (inside its actions row) and their dialogs; busy while an action is under way. */
export function OfferActions({ offer, logic, onChanged, needsChannel = false }: OfferActionsProps) {
  const [snapshot, send] = useMachine(useOfferActionsLogic(logic, onChanged), {
    input: { offerId: offer.id, status: offer.status },
    inspect,
  });
  const actions = selectOfferActions(snapshot);
  const busy = selectOfferBusy(snapshot);
  const accepting = selectAccepting(snapshot);
  const dialogOpen = selectDeclineOpen(snapshot) || selectInfoOpen(snapshot);
  const error = selectOfferActionError(snapshot);
  // While the brand's proposal is open, it is the one thing to accept (under "<brand> proposes"): a second Accept, for
  // the terms the brand just moved from, would be two choices under one name (issue 48 item 14).
  const brandProposes = offer.proposal?.status === 'open' && offer.proposal.side === 'advertiser';
  const { t, locale } = useMessages(offerDialogsMessages);
  const words = { t, money: formatsIn(locale).money };
  return (
    <>
      {error && !dialogOpen ? (
        <Alert tone="error" className={s.actionError}>
          {error}
          {selectOfferNeedsChannel(snapshot) ? (
            <>
              {' '}
              <Link to={connectAndReturn(backToOffer(offer.id))}>{t('actions.goConnect')}</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {/* Before Accept, not after it (issue 48 item 16): Connect Accounts comes back to this offer. */}
      {needsChannel && actions.includes('accept') && !error ? (
        <Alert tone="info" className={s.actionError} data-testid="offer-needs-channel">
          {withTags(t('actions.needsChannel'), {
            link: (text) => <Link to={connectAndReturn(backToOffer(offer.id))}>{text}</Link>,
          })}
        </Alert>
      ) : null}
      {actions.includes('accept') && !brandProposes ? (
        <Button
          variant="light"
          size="sm"
          disabled={busy}
          aria-busy={accepting || undefined}
          onClick={() => send({ type: 'offer.accept' })}
        >
          {t('actions.accept')}
        </Button>
      ) : null}
      {actions.includes('decline') ? (
        <Button
          variant="secondary"
          size="sm"
          className={shared.ghostOnGradient}
          disabled={busy}
          onClick={() => send({ type: 'decline.open' })}
        >
          {t('actions.decline')}
        </Button>
      ) : null}
      {actions.includes('request-info') ? (
        <button type="button" className={s.moreInfo} disabled={busy} onClick={() => send({ type: 'info.open' })}>
          {t('actions.requestInfo')}
        </button>
      ) : null}
      <DeclineDialog offer={offer} snapshot={snapshot} send={send} words={words} />
      <RequestInfoDialog offer={offer} snapshot={snapshot} send={send} words={words} />
    </>
  );
}

type ActionsSnapshot = SnapshotFrom<OfferActionsLogic>;
type ActionsSend = (event: OfferActionsEvent) => void;
/** The card's words: its `t` and how it writes money. */
type Words = { t: OfferDialogsWords; money: (cents: number) => string };
interface DialogProps {
  offer: Offer;
  snapshot: ActionsSnapshot;
  send: ActionsSend;
  words: Words;
}

function DeclineDialog({ offer, snapshot, send, words: { t, money } }: DialogProps) {
  return (
    <WriteDialog
      formId={`decline-${offer.id}`}
      open={selectDeclineOpen(snapshot)}
      title={t('decline.title')}
      description={t('decline.description', { brand: offer.brand, title: offer.title })}
      field={{ label: t('decline.reason'), name: 'reason', rows: 3, hint: t('decline.reasonHint') }}
      value={selectDeclineReason(snapshot)}
      fieldError={problemText(t, money, selectDeclineReasonError(snapshot))}
      sending={selectDeclining(snapshot)}
      error={selectOfferActionError(snapshot)}
      submit={{ label: t('decline.confirm'), variant: 'danger' }}
      cancel={t('dialog.cancel')}
      onChange={(value) => send({ type: 'reason.change', value })}
      onSubmit={() => send({ type: 'decline.confirm' })}
      onCancel={() => send({ type: 'decline.cancel' })}
    />
  );
}

function RequestInfoDialog({ offer, snapshot, send, words: { t, money } }: DialogProps) {
  return (
    <WriteDialog
      formId={`request-info-${offer.id}`}
      open={selectInfoOpen(snapshot)}
      title={t('ask.title')}
      description={t('ask.description', { brand: offer.brand, title: offer.title })}
      field={{ label: t('field.message'), name: 'message', rows: 4 }}
      value={selectInfoMessage(snapshot)}
      fieldError={problemText(t, money, selectInfoMessageError(snapshot))}
      sending={selectInfoSending(snapshot)}
      error={selectOfferActionError(snapshot)}
      submit={{ label: t('dialog.send'), variant: 'dashboard', icon: 'send' }}
      cancel={t('dialog.cancel')}
      onChange={(value) => send({ type: 'message.change', value })}
      onSubmit={() => send({ type: 'info.send' })}
      onCancel={() => send({ type: 'info.cancel' })}
    />
  );
}

interface WriteDialogProps {
  formId: string;
  open: boolean;
  title: string;
  description: string;
  field: { label: string; name: string; rows: number; hint?: string };
  value: string;
  /** The field's check, worded. */
  fieldError: string | undefined;
  sending: boolean;
  /** The server's refusal, as it worded it. */
  error: string | null;
  submit: { label: string; variant: 'danger' | 'dashboard'; icon?: 'send' };
  cancel: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** A dialog with one text to write about the offer (decline's reason, the question to the advertiser). */
function WriteDialog({
  formId,
  open,
  title,
  description,
  field,
  value,
  fieldError,
  sending,
  error,
  submit,
  cancel,
  onChange,
  onSubmit,
  onCancel,
}: WriteDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={description}
      width="form"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={onCancel}>
            {cancel}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={submit.variant}
            disabled={sending}
            aria-busy={sending || undefined}
          >
            {submit.icon ? <Icon name={submit.icon} size={18} /> : null}
            {submit.label}
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
          onSubmit();
        }}
      >
        <Field
          label={field.label}
          name={field.name}
          multiline
          rows={field.rows}
          hint={field.hint}
          value={value}
          error={fieldError}
          disabled={sending}
          onChange={(event) => onChange(event.target.value)}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
