import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '@/machines/notifications.machine';
import { selectCanClearAll, selectCardPhase, selectCleared, selectNotificationsOpen } from '@/machines/notifications.select';
import { NOTIFICATION_COUNT, notifications } from '@/src/sampleData';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Icon } from '@/src/ui/Icon';
import * as s from './NotificationsModal.css';

/** The notifications modal (SPEC §2): fixed count label, six static cards, Clear All fading them in sequence. */
export function NotificationsModal({ actorRef }: { actorRef: ActorRefFrom<typeof notificationsMachine> }) {
  const snapshot = useSelector(actorRef, (snap) => snap);
  const open = selectNotificationsOpen(snapshot);
  const canClear = selectCanClearAll(snapshot);
  const cleared = selectCleared(snapshot);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'notifications.close' });
      }}
      title="Notifications"
      width="wide"
    >
      <div className={s.toolbar}>
        <span className={s.count}>{`${NOTIFICATION_COUNT} new notifications`}</span>
        <Button variant="ghost" size="sm" onClick={() => actorRef.send({ type: 'notifications.clearAll' })} disabled={!canClear}>
          Clear All
        </Button>
      </div>
      <ul className={s.list} aria-label="Notification list">
        {notifications.map((card, index) => {
          const phase = selectCardPhase(snapshot, index);
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
                  {card.title}
                  {card.read ? null : <span className={s.unread}>New</span>}
                </p>
                <p className={s.text}>{card.text}</p>
                <p className={s.time}>{card.time}</p>
              </div>
            </li>
          );
        })}
      </ul>
      {cleared ? <p className={s.empty}>No notifications</p> : null}
    </Dialog>
  );
}
