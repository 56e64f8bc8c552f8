import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { logoutConfirmMachine } from '../../../machines/logoutConfirm.machine';
import { CONFIRM_DIALOG_MAX_WIDTH_PX } from '../../../machines/timing';
import { inspect } from '../../app/inspect';
import { SessionContext } from '../../app/session';
import { messages } from '../../messages';
import { AlertDialog } from '../../ui/AlertDialog';

export type LogoutConfirmRef = ActorRefFrom<typeof logoutConfirmMachine>;

/** The logout confirmation actor, wired to the session: Yes logs out; No reports the spec's error object. */
export function useLogoutConfirm(): LogoutConfirmRef {
  const session = SessionContext.useActorRef();
  return useActorRef(
    logoutConfirmMachine.provide({
      actions: {
        logOut: () => session.send({ type: 'session.logout' }),
        reportCancel: () => console.error(new Error(messages.genericError)),
      },
    }),
    { inspect },
  );
}

/** Are you sure you want to log out? (SPEC §2 Logout modal; at most 420 px wide.) */
export function LogoutDialog({ actorRef }: { actorRef: LogoutConfirmRef }) {
  const open = useSelector(actorRef, (snapshot) => snapshot.matches('open'));
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'logout.dismiss' });
      }}
      title="Are you sure you want to log out?"
      description="Please confirm if you want to log out."
      actionLabel="Yes, Log Out"
      cancelLabel="No, Cancel"
      onAction={() => actorRef.send({ type: 'logout.confirm' })}
      onCancel={() => actorRef.send({ type: 'logout.cancel' })}
      maxWidth={CONFIRM_DIALOG_MAX_WIDTH_PX}
      icon="logout"
    />
  );
}
