import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '@/machines/notifications/notifications.machine';
import {
  selectCanClearAll,
  selectCardPhase,
  selectClearError,
  selectLoadError,
  selectLoadFailed,
  selectNothingToShow,
  selectNotifications,
  selectNotificationsLoading,
  selectNotificationsOpen,
  selectNow,
  selectUnread,
} from '@/machines/notifications/notifications.select';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Icon } from '@/src/ui/Icon';
import { notificationsMessages } from './catalogue';
import * as s from './NotificationsModal.css';

/** The notifications modal (docs/spec.md §2, docs/product.md §Offers, threads, notifications): the user's notifications, "N new notifications", Clear All fading them in sequence. */
export function NotificationsModal({ actorRef }: { actorRef: ActorRefFrom<typeof notificationsMachine> }) {
  const snapshot = useSelector(actorRef, (snap) => snap);
  const close = () => actorRef.send({ type: 'notifications.close' });
  const now = selectNow(snapshot);
  const clearError = selectClearError(snapshot);
  // Last of the hooks: it may wait for the catalogue (docs/architecture.md §Languages).
  const { t, locale } = useMessages(notificationsMessages);
  return (
    <Dialog
      open={selectNotificationsOpen(snapshot)}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={t('title')}
      width="wide"
    >
      <div className={s.toolbar}>
        <span className={s.count}>{t('count', { count: selectUnread(snapshot) })}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => actorRef.send({ type: 'notifications.clearAll' })}
          disabled={!selectCanClearAll(snapshot)}
        >
          {t('clearAll')}
        </Button>
      </div>
      {clearError ? <Alert tone="error">{clearError}</Alert> : null}
      {selectLoadFailed(snapshot) ? (
        <Alert tone="error">
          {selectLoadError(snapshot)}{' '}
          <Button variant="secondary" size="sm" onClick={() => actorRef.send({ type: 'notifications.retry' })}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}
      {selectNotificationsLoading(snapshot) ? (
        <p className={s.empty} role="status">
          {t('loading')}
        </p>
      ) : null}
      <ul className={s.list} aria-label={t('list')}>
        {selectNotifications(snapshot).map((card) => {
          const phase = selectCardPhase(snapshot, card);
          return (
            <li
              key={card.id}
              className={s.card}
              data-phase={phase}
              data-read={card.read ? 'true' : undefined}
              data-testid="notification-card"
              hidden={phase === 'hidden'}
            >
              <span className={s.icon} aria-hidden="true">
                <Icon name={card.read ? 'check-circle' : 'offers'} size={20} />
              </span>
              {/* What happened, as the server wrote it when it happened: in its recipient's language then. */}
              <div className={s.body} lang={card.locale}>
                <p className={s.title}>
                  {/* A notification that leads somewhere closes the modal on the way. */}
                  {card.link ? (
                    <Link to={card.link} className={s.link} onClick={close}>
                      {card.title}
                    </Link>
                  ) : (
                    card.title
                  )}
                  {card.read ? null : (
                    <span className={s.unread} lang={locale}>
                      {t('new')}
                    </span>
                  )}
                </p>
                <p className={s.text}>{card.text}</p>
                <time className={s.time} dateTime={card.createdAt} lang={locale}>
                  {formatsIn(locale).relative(card.createdAt, now)}
                </time>
              </div>
            </li>
          );
        })}
      </ul>
      {selectNothingToShow(snapshot) ? <p className={s.empty}>{t('empty')}</p> : null}
    </Dialog>
  );
}
