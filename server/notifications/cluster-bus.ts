// The notification bus across instances (docs/product.md §Several instances): a notification is pushed at once to this instance's own
// listeners, and its id goes to the others through the transport; an instance with listeners of that user reads it
// from the shared database and pushes it to them. So a stream sees its own instance's notifications before those of
// the others, and need not see them in id order: streams tell what they sent by id, not by the highest
// (server/notifications/routes.ts). Messages sent while this instance's transport was down are lost: when it is back,
// every stream reads what it missed (Bus.resync). One process (no transport) is the memory bus itself.
import type { Notification } from '../../contract/schemas/marketplace.ts';
import type { Logger } from '../log.ts';
import { isNotification, type Bus, type LiveMessage } from './bus.ts';
import type { Transport } from '../cluster/transport.ts';

export function clusterBus(
  local: Bus<LiveMessage>,
  transport: Transport,
  load: (userId: string, id: number) => Promise<Notification | null>,
  logger: Logger,
): Bus<LiveMessage> {
  if (transport.kind === 'none') return local;
  transport.onMessage((message) => {
    // A signal (not stored) travels whole: the archive of user `u` on platform `p` grew.
    if (message.t === 'archive.updated') {
      if (local.has(message.u)) local.publish(message.u, { type: 'archive.updated', platform: message.p });
      return;
    }
    if (message.t !== 'notification' || !local.has(message.u)) return;
    load(message.u, message.n)
      .then((notification) => {
        if (notification) local.publish(message.u, notification);
      })
      .catch((error: unknown) =>
        logger.warn('cluster: a notification could not be read', { id: message.n, error: (error as Error).message }),
      );
  });
  transport.onReconnect(() => local.resync());
  return {
    ...local,
    publish(userId, message) {
      local.publish(userId, message);
      if (isNotification(message)) transport.send({ t: 'notification', u: userId, n: message.id });
      else transport.send({ t: 'archive.updated', u: userId, p: message.platform });
    },
  };
}
