import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { logoutConfirmMachine } from '@/machines/shell/logoutConfirm.machine';
import { selectLogoutOpen } from '@/machines/shell/logoutConfirm.select';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { useMessages } from '@/src/i18n/i18n';
import { shellMessages } from './catalogue';

export type LogoutConfirmRef = ActorRefFrom<typeof logoutConfirmMachine>;

/** Are you sure you want to log out? (docs/spec.md §2 Logout modal; at most 420 px wide.) */
export function LogoutDialog({ actorRef }: { actorRef: LogoutConfirmRef }) {
  const open = useSelector(actorRef, selectLogoutOpen);
  const { t } = useMessages(shellMessages);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'logout.dismiss' });
      }}
      title={t('logout.title')}
      description={t('logout.description')}
      actionLabel={t('logout.yes')}
      cancelLabel={t('logout.no')}
      onAction={() => actorRef.send({ type: 'logout.confirm' })}
      onCancel={() => actorRef.send({ type: 'logout.cancel' })}
      width="confirm"
      icon="logout"
    />
  );
}
