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
import { formatRelative } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Icon } from '@/src/ui/Icon';
import * as s from './NotificationsModal.css';

/** The notifications modal (docs/spec.md §2, docs/product.md §Offers, threads, notifications): the user's notifications, "N new notifications", Clear All fading them in sequence. */
export function NotificationsModal({ actorRef }: { actorRef: ActorRefFrom<typeof notificationsMachine> }) {
  const snapshot = useSelector(actorRef, (snap) => snap);
  const close = () => actorRef.send({ type: 'notifications.close' });
  const now = selectNow(snapshot);
  const clearError = selectClearError(snapshot);
  return (
    <Dialog
      open={selectNotificationsOpen(snapshot)}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Notifications"
      width="wide"
    >
      <div className={s.toolbar}>
        <span className={s.count}>{`${selectUnread(snapshot)} new notifications`}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => actorRef.send({ type: 'notifications.clearAll' })}
          disabled={!selectCanClearAll(snapshot)}
        >
          Clear All
        </Button>
      </div>
      {clearError ? <Alert tone="error">{clearError}</Alert> : null}
      {selectLoadFailed(snapshot) ? (
        <Alert tone="error">
          {selectLoadError(snapshot)}{' '}
          <Button variant="secondary" size="sm" onClick={() => actorRef.send({ type: 'notifications.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {selectNotificationsLoading(snapshot) ? (
        <p className={s.empty} role="status">
          Loading notifications…
        </p>
      ) : null}
      <ul className={s.list} aria-label="Notification list">
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
              <div className={s.body}>
                <p className={s.title}>
                  {/* A notification that leads somewhere closes the modal on the way. */}
                  {card.link ? (
                    <Link to={card.link} className={s.link} onClick={close}>
                      {card.title}
                    </Link>
                  ) : (
                    card.title
                  )}
                  {card.read ? null : <span className={s.unread}>New</span>}
                </p>
                <p className={s.text}>{card.text}</p>
                <time className={s.time} dateTime={card.createdAt}>
                  {formatRelative(card.createdAt, now)}
                </time>
              </div>
            </li>
          );
        })}
      </ul>
      {selectNothingToShow(snapshot) ? <p className={s.empty}>No notifications yet.</p> : null}
    </Dialog>
  );
}
