import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { cardPhase, type notificationsMachine } from '../../../../machines/notifications.machine';
import { NOTIFICATION_COUNT } from '../../../../machines/timing';
import { notifications } from '../../../sampleData';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Icon } from '../../../ui/Icon';
import * as s from './NotificationsModal.css';

/** The notifications modal (SPEC §2): fixed count label, six static cards, Clear All fading them in sequence. */
export function NotificationsModal({ actorRef }: { actorRef: ActorRefFrom<typeof notificationsMachine> }) {
  const snapshot = useSelector(actorRef, (snap) => snap);
  const open = snapshot.matches('open');
  const listing = snapshot.matches({ open: 'listing' });
  const cleared = snapshot.matches({ open: 'cleared' });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'notifications.close' });
      }}
      title="Notifications"
      maxWidth={520}
    >
      <div className={s.toolbar}>
        <span className={s.count}>{`${NOTIFICATION_COUNT} new notifications`}</span>
        <Button variant="ghost" size="sm" onClick={() => actorRef.send({ type: 'notifications.clearAll' })} disabled={!listing}>
          Clear All
        </Button>
      </div>
      <ul className={s.list} aria-label="Notification list">
        {notifications.map((card, index) => {
          const phase = cardPhase(snapshot, index);
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
