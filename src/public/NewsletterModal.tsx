import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { newsletterMachine } from '@/machines/public/newsletter.machine';
import {
  selectNewsletterConfirmation,
  selectNewsletterForm,
  selectNewsletterOpen,
} from '@/machines/public/newsletter.select';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { EmailForm } from '@/src/public/EmailForm';
import * as s from './NewsletterModal.css';
import { useMessages } from '@/src/i18n/i18n';
import { publicMessages } from './catalogue';

/** Subscribe Newsletter modal (docs/spec.md §2); open while the newsletter machine is `open`. */
export function NewsletterModal({ actorRef }: { actorRef: ActorRefFrom<typeof newsletterMachine> }) {
  const open = useSelector(actorRef, selectNewsletterOpen);
  const form = useSelector(actorRef, selectNewsletterForm);
  const confirmation = useSelector(actorRef, selectNewsletterConfirmation);
  const { t } = useMessages(publicMessages);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'newsletter.close' });
      }}
      title={t('newsletter.title')}
      description={t('newsletter.description')}
      width="narrow"
    >
      {confirmation ? (
        <div className={s.confirmation}>
          <Alert tone="success">{confirmation}</Alert>
          {/* The form and its focused button are gone: focus moves to the way out. */}
          <Button fullWidth autoFocus onClick={() => actorRef.send({ type: 'newsletter.close' })}>
            {t('newsletter.done')}
          </Button>
        </div>
      ) : form ? (
        <EmailForm actorRef={form} submitLabel={t('newsletter.submit')} fullWidth />
      ) : null}
    </Dialog>
  );
}
