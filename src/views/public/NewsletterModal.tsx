import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { newsletterMachine } from '../../../machines/newsletter.machine';
import { Dialog } from '../../ui/Dialog';
import { EmailForm } from '../common/EmailForm';

/** Subscribe Newsletter modal (SPEC §2); open while the newsletter machine is `open`. */
export function NewsletterModal({ actorRef }: { actorRef: ActorRefFrom<typeof newsletterMachine> }) {
  const open = useSelector(actorRef, (snapshot) => snapshot.matches('open'));
  const form = useSelector(actorRef, (snapshot) => snapshot.children.form);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'newsletter.close' });
      }}
      title="Subscribe Newsletter"
      description="Subscribe our Newsletter and Get Updates"
      maxWidth={460}
    >
      {form ? <EmailForm actorRef={form} submitLabel="Save changes" fullWidth /> : null}
    </Dialog>
  );
}
