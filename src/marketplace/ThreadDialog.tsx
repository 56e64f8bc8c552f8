import { useLayoutEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import {
  selectThreadCanLoadEarlier,
  selectThreadCanWrite,
  selectThreadDraft,
  selectThreadDraftError,
  selectThreadEarlierError,
  selectThreadError,
  selectThreadFailed,
  selectThreadHasEarlier,
  selectThreadLoading,
  selectThreadLoadingEarlier,
  selectThreadMessages,
  selectThreadSending,
} from '@/machines/marketplace/thread.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { useThreadLogic, type ThreadLogic } from '@/src/marketplace/thread';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Spinner } from '@/src/ui/Spinner';
import { offerDialogsMessages } from './offerDialogsCatalogue';
import { problemText } from './offerDialogsWords';
import * as s from './ThreadDialog.css';

export interface ThreadDialogProps {
  /** The offer whose thread shows; null keeps the dialog closed. */
  offerId: string | null;
  /** Worded by the screen that opens it. */
  title: string;
  /** Whether the thread still takes messages (the offer's status: THREAD_OPEN_STATUSES). */
  writable: boolean;
  onClose: () => void;
  logic?: ThreadLogic;
}

/**
 * An offer's thread in a titled dialog (docs/product.md §Offers, threads, notifications "Threads"): the messages, newest last and
 * in view on open, "Load earlier messages" for the pages before them, and a composer. In the language of the part of
 * the page it opens from (./offerDialogsCatalogue.ts): the creator's offers, or the advertiser's campaign page; the
 * messages as their authors wrote them, the server's refusals as it worded them, the times the language's way (UTC).
 */
export function ThreadDialog({ offerId, title, writable, onClose, logic }: ThreadDialogProps) {
  return (
    <Dialog
      open={offerId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      width="bank"
    >
      {offerId !== null ? <ThreadPanel key={offerId} offerId={offerId} writable={writable} logic={logic} /> : null}
    </Dialog>
  );
}

function ThreadPanel({ offerId, writable, logic }: { offerId: string; writable: boolean; logic?: ThreadLogic }) {
  const [snapshot, send] = useMachine(useThreadLogic(logic), { input: { offerId }, inspect });
  const messages = selectThreadMessages(snapshot);
  const sending = selectThreadSending(snapshot);
  const error = selectThreadError(snapshot);
  const earlierError = selectThreadEarlierError(snapshot);
  const loadingEarlier = selectThreadLoadingEarlier(snapshot);
  const list = useKeptAtNewest(messages);
  const { t, locale } = useMessages(offerDialogsMessages);
  const formats = formatsIn(locale);
  return (
    <div className={s.stack}>
      {selectThreadLoading(snapshot) ? <Spinner label={t('thread.loading')} /> : null}
      {selectThreadFailed(snapshot) ? (
        <Alert tone="error" title={t('thread.failed')}>
          <p>{error}</p>
          <Button variant="secondary" size="sm" className={s.retry} onClick={() => send({ type: 'thread.reload' })}>
            {t('thread.retry')}
          </Button>
        </Alert>
      ) : null}
      {!selectThreadLoading(snapshot) && !selectThreadFailed(snapshot) && messages.length === 0 ? (
        <p className={s.muted}>{t('thread.empty')}</p>
      ) : null}
      {selectThreadHasEarlier(snapshot) ? (
        <div className={s.earlier}>
          <Button
            variant="secondary"
            size="sm"
            disabled={!selectThreadCanLoadEarlier(snapshot)}
            aria-busy={loadingEarlier || undefined}
            onClick={() => send({ type: 'thread.loadEarlier' })}
          >
            {t('thread.loadEarlier')}
          </Button>
        </div>
      ) : null}
      {earlierError ? <Alert tone="error">{earlierError}</Alert> : null}
      {messages.length > 0 ? (
        <ol className={s.messages} aria-label={t('thread.messages')} ref={list}>
          {messages.map((message) => (
            <li key={message.id} className={s.message} data-mine={message.mine ? 'true' : undefined}>
              <p className={s.messageMeta}>
                {message.mine ? t('thread.you') : message.authorName} ·{' '}
                <time dateTime={message.createdAt}>{formats.dateTime(message.createdAt)}</time>
              </p>
              {/* Plain text, rendered as text. */}
              <p className={s.messageBody}>{message.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {writable ? (
        <form
          className={s.stack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'message.send' });
          }}
        >
          <Field
            label={t('field.message')}
            name="message"
            multiline
            rows={3}
            value={selectThreadDraft(snapshot)}
            error={problemText(t, formats.money, selectThreadDraftError(snapshot))}
            disabled={!selectThreadCanWrite(snapshot)}
            onChange={(event) => send({ type: 'message.change', value: event.target.value })}
          />
          {error && !selectThreadFailed(snapshot) ? <Alert tone="error">{error}</Alert> : null}
          <div className={s.actions}>
            <Button
              type="submit"
              variant="dashboard"
              disabled={!selectThreadCanWrite(snapshot)}
              aria-busy={sending || undefined}
            >
              <Icon name="send" size={18} />
              {t('dialog.send')}
            </Button>
          </div>
        </form>
      ) : (
        <p className={s.muted}>{t('thread.closed')}</p>
      )}
    </div>
  );
}

/**
 * The list's scroll: at the newest message when the thread opens and when a newer one arrives; where the reader was
 * when earlier messages are put above (the same message stays in view).
 */
function useKeptAtNewest(messages: readonly { id: string }[]) {
  const list = useRef<HTMLOListElement>(null);
  const seen = useRef<{ first: string | undefined; last: string | undefined; height: number }>({
    first: undefined,
    last: undefined,
    height: 0,
  });
  useLayoutEffect(() => {
    const element = list.current;
    const first = messages[0]?.id;
    const last = messages[messages.length - 1]?.id;
    const before = seen.current;
    if (element) {
      if (last !== before.last) element.scrollTop = element.scrollHeight;
      else if (first !== before.first) element.scrollTop += element.scrollHeight - before.height;
    }
    seen.current = { first, last, height: element?.scrollHeight ?? 0 };
  }, [messages]);
  return list;
}
