// Find creators' dialogs (docs/product.md §Discovery and negotiation), loaded when one first opens so that the screen
// stays within its route's bundle budget: Save to list (choose a list or name a new one) and Invite (a campaign that can
// take the creator and an optional message; the others listed with why not, before Send; the server's refusal stays in
// the dialog).
import { Link } from 'react-router-dom';
import {
  selectLists,
  selectListsBusy,
  selectListsError,
  selectListsNotice,
  selectNewListName,
  selectSaveTarget,
} from '@/machines/marketplace/creatorLists.select';
import {
  selectInviteCampaignId,
  selectInviteCampaigns,
  selectInviteChoosing,
  selectInviteError,
  selectInviteLoadFailed,
  selectInviteLoading,
  selectInviteMessage,
  selectInviteOpen,
  selectInviteSending,
  selectInviteSent,
  selectInvitee,
  selectInviteUnavailable,
  selectNoActiveCampaign,
  selectNoneCanInvite,
} from '@/machines/marketplace/invitation.select';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Spinner } from '@/src/ui/Spinner';
import * as a from './advertiser.css';
import type { InviteSend, InviteSnapshot, ListsSend, ListsSnapshot } from './creatorSearch';
import * as s from './FindCreators.css';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { findCreatorsMessages } from './findCreatorsCatalogue';

/** Save to list: choose a list, or name a new one (created, then the creator saved in it). */
export function SaveToListDialog({ snapshot, send }: { snapshot: ListsSnapshot; send: ListsSend }) {
  const target = selectSaveTarget(snapshot);
  const lists = selectLists(snapshot);
  const busy = selectListsBusy(snapshot);
  const error = selectListsError(snapshot);
  const notice = selectListsNotice(snapshot);
  const close = () => send({ type: 'save.close' });
  const { t } = useMessages(findCreatorsMessages);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={target ? t('save.title', { name: target.displayName }) : t('save.titleNone')}
      width="narrow"
      footer={
        <Button variant="secondary" onClick={close}>
          {t('save.done')}
        </Button>
      }
    >
      {target ? (
        <div className={s.dialogBody}>
          {lists.length > 0 ? (
            <ul className={s.listButtons} aria-label={t('save.yourLists')}>
              {lists.map((list) => {
                const saved = list.creatorIds.includes(target.id);
                return (
                  <li key={list.id}>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy || saved}
                      onClick={() => send({ type: 'list.choose', listId: list.id })}
                    >
                      {saved ? <Icon name="check" size={16} /> : null}
                      {saved ? t('save.saved', { name: list.name }) : list.name}
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={a.muted}>{t('save.noLists')}</p>
          )}
          <form
            className={s.newList}
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'list.create' });
            }}
          >
            <Field
              className={s.grow}
              label={t('save.newList')}
              name="listName"
              maxLength={60}
              value={selectNewListName(snapshot)}
              onChange={(event) => send({ type: 'name.change', value: event.target.value })}
            />
            <Button type="submit" variant="dashboard" disabled={busy || selectNewListName(snapshot).trim() === ''}>
              {t('save.create')}
            </Button>
          </form>
          {busy ? <Spinner label={t('save.saving')} size="sm" /> : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          {notice ? <Alert tone="success">{t('save.notice', { ...notice })}</Alert> : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * Invite: only the campaigns that can take this creator, and an optional message; the others are listed with the
 * server's reason before anything is sent; the server's refusal (something changed meanwhile) stays here.
 */
export function InviteDialog({ snapshot, send }: { snapshot: InviteSnapshot; send: InviteSend }) {
  const creator = selectInvitee(snapshot);
  const campaigns = selectInviteCampaigns(snapshot);
  const unavailable = selectInviteUnavailable(snapshot);
  const sending = selectInviteSending(snapshot);
  const sent = selectInviteSent(snapshot);
  const error = selectInviteError(snapshot);
  const close = () => send({ type: 'invite.close' });
  const choosing = selectInviteChoosing(snapshot) || sending;
  const canSend = choosing && campaigns.length > 0;
  const { t } = useMessages(findCreatorsMessages);
  return (
    <Dialog
      open={selectInviteOpen(snapshot)}
      onOpenChange={(open) => (open ? undefined : close())}
      title={creator ? t('invite.title', { name: creator.displayName }) : t('invite.titleNone')}
      description={t('invite.description')}
      width="narrow"
      footer={
        sent ? (
          <Button variant="dashboard" onClick={close}>
            {t('invite.done')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t('invite.cancel')}
            </Button>
            {canSend ? (
              <Button variant="dashboard" type="submit" form="invite-form" disabled={sending}>
                <Icon name="send" size={18} />
                {sending ? t('invite.sending') : t('invite.send')}
              </Button>
            ) : null}
          </>
        )
      }
    >
      <div className={s.dialogBody}>
        {selectInviteLoading(snapshot) ? <Spinner label={t('invite.loading')} size="sm" /> : null}
        {selectInviteLoadFailed(snapshot) ? (
          <Alert tone="error" title={t('invite.failed')}>
            <p>{error}</p>
            <Button variant="secondary" size="sm" className={a.retry} onClick={() => send({ type: 'campaigns.retry' })}>
              {t('invite.retry')}
            </Button>
          </Alert>
        ) : null}
        {selectNoActiveCampaign(snapshot) ? (
          <p className={a.muted}>
            {withTags(t('invite.noActive'), { link: (text) => <Link to="/campaigns">{text}</Link> })}
          </p>
        ) : null}
        {selectNoneCanInvite(snapshot) && creator ? (
          <p className={a.muted}>{t('invite.noneCan', { name: creator.displayName })}</p>
        ) : null}
        {canSend ? (
          <form
            id="invite-form"
            className={s.dialogBody}
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'invite.submit' });
            }}
          >
            <NativeSelectField
              label={t('invite.campaign')}
              name="campaign"
              value={selectInviteCampaignId(snapshot)}
              onChange={(event) => send({ type: 'campaign.change', campaignId: event.target.value })}
              options={campaigns.map((campaign) => ({
                value: campaign.id,
                label: `${campaign.brand}: ${campaign.title}`,
              }))}
              disabled={sending}
            />
            <Field
              label={t('invite.message')}
              name="message"
              multiline
              rows={4}
              maxLength={2000}
              hint={t('invite.messageHint')}
              value={selectInviteMessage(snapshot)}
              onChange={(event) => send({ type: 'message.change', value: event.target.value })}
              disabled={sending}
            />
            {error ? <Alert tone="error">{error}</Alert> : null}
          </form>
        ) : null}
        {choosing && unavailable.length > 0 ? (
          <section className={s.unavailable} aria-labelledby="invite-unavailable">
            <h3 id="invite-unavailable" className={s.unavailableTitle}>
              {campaigns.length > 0 ? t('invite.unavailable') : t('invite.yourCampaigns')}
            </h3>
            <ul className={s.unavailableList}>
              {unavailable.map((campaign) => (
                <li key={campaign.id}>
                  <Link to={`/campaigns/${campaign.id}`}>{`${campaign.brand}: ${campaign.title}`}</Link>
                  <span className={a.muted}>{campaign.reason}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {sent && creator ? (
          <Alert tone="success" title={t('invite.sent')}>
            {t('invite.sentText', { name: creator.displayName })}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
