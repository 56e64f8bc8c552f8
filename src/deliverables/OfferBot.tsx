// An offer's chat bot (docs/product.md §Deliverables, "The chat bot"): a button on the offer that opens a titled dialog
// with the line the bot posts, where it stands (posting, paused, waiting for the stream, needing the creator's consent
// in Connect Accounts), its last posts sent or dropped with why (the platform's message id is the proof), and for the
// creator Pause / Resume. The advertiser opens the same, read-only.
import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { PLATFORM_NAMES } from '@/contract/connections';
import type { BotPost, DeliverableProgress } from '@/contract/schemas/deliverables';
import {
  selectBotBusy,
  selectBotCanPause,
  selectBotCanResume,
  selectBotChat,
  selectBotError,
  selectBotFailed,
  selectBotLoading,
  selectBotOpen,
  selectBotPosts,
  selectBotProgress,
  selectBotReadOnly,
  selectBotReady,
  selectBotRefreshing,
  selectBotStatus,
  type BotStatus,
} from '@/machines/deliverables/offerBot.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Icon } from '@/src/ui/Icon';
import { Spinner } from '@/src/ui/Spinner';
import { useOfferBotLogic, type OfferBotLogic } from './offerBot';
import { deliverablesMessages, type DeliverablesMessage } from './catalogue';
import * as s from './OfferBot.css';

type Words = ReturnType<typeof useMessages<[typeof deliverablesMessages]>>['t'];

const STATUS: Record<BotStatus, { tone: ChipTone; label: DeliverablesMessage }> = {
  posting: { tone: 'success', label: 'bot.status.posting' },
  waiting: { tone: 'info', label: 'bot.status.waiting' },
  paused: { tone: 'warning', label: 'bot.status.paused' },
  consent: { tone: 'warning', label: 'bot.status.consent' },
  done: { tone: 'success', label: 'bot.status.done' },
};

/** Where the bot stands, in a sentence: the creator's own words differ from the advertiser's (read-only). */
function statusText(t: Words, status: BotStatus, readOnly: boolean, minutes: string) {
  switch (status) {
    case 'posting':
      return t('bot.text.posting', { minutes });
    case 'waiting':
      return t('bot.text.waiting', { minutes });
    case 'paused':
      return readOnly ? t('bot.text.pausedByCreator') : t('bot.text.paused');
    case 'done':
      return t('bot.text.done');
    case 'consent':
      return readOnly
        ? t('bot.text.consentOfCreator')
        : withTags(t('bot.text.consent'), { link: (text) => <Link to="/connect-accounts">{text}</Link> });
  }
}

const POST_STATUS: Record<BotPost['status'], { tone: ChipTone; label: DeliverablesMessage }> = {
  sent: { tone: 'success', label: 'bot.post.sent' },
  dropped: { tone: 'warning', label: 'bot.post.dropped' },
  failed: { tone: 'danger', label: 'bot.post.failed' },
};

function Post({ post, command }: { post: BotPost; command: string | null }) {
  const { t, locale } = useMessages(deliverablesMessages);
  const status = POST_STATUS[post.status];
  const platform = PLATFORM_NAMES[post.platform];
  return (
    <li className={s.post}>
      <span className={s.postHead}>
        <Chip tone={status.tone}>{t(status.label)}</Chip>
        <span>{formatsIn(locale).dateTime(post.postedAt)}</span>
        <span className={s.muted}>
          {post.kind === 'command'
            ? t('bot.post.answer', { platform, command: command ?? t('bot.post.commandWord') })
            : t('bot.post.scheduled', { platform })}
        </span>
      </span>
      <p className={s.postText}>{post.text}</p>
      {post.reason ? <p className={s.muted}>{t('bot.post.why', { reason: post.reason })}</p> : null}
      {/* The platform's own id for the message, named as such: what the creator or the platform can look up. */}
      {post.platformMessageId ? (
        <p className={s.muted}>{t('bot.post.messageId', { platform, id: post.platformMessageId })}</p>
      ) : null}
    </li>
  );
}

export interface OfferBotProps {
  offerId: string;
  /** The offer's title, in the dialog's title. */
  title: string;
  /** The advertiser reads the posts; only the creator pauses. */
  readOnly?: boolean;
  /** The button's label: "Chat bot" for the creator (the default, in the page's language), "Bot posts" for the advertiser. */
  label?: string;
  buttonClassName?: string;
  logic?: OfferBotLogic;
  /** Each progress the dialog reads (on open, Refresh, Pause, Resume): the card showing the offer compares it with its own. */
  onProgress?: (progress: DeliverableProgress) => void;
}

/** The button and its dialog; the flow reads the bot when the dialog opens. */
export function OfferBot({
  offerId,
  title,
  readOnly = false,
  label,
  buttonClassName,
  logic,
  onProgress,
}: OfferBotProps) {
  const [snapshot, send] = useMachine(useOfferBotLogic(logic), { input: { offerId, readOnly }, inspect });
  const progress = selectBotProgress(snapshot);
  const tell = useRef(onProgress);
  useEffect(() => {
    tell.current = onProgress;
  }, [onProgress]);
  useEffect(() => {
    if (progress) tell.current?.(progress);
  }, [progress]);
  const chat = selectBotChat(snapshot);
  const status = selectBotStatus(snapshot, Date.now());
  const posts = selectBotPosts(snapshot);
  const error = selectBotError(snapshot);
  const busy = selectBotBusy(snapshot);
  const ready = selectBotReady(snapshot);
  const refreshing = selectBotRefreshing(snapshot);
  const readOnlyBot = selectBotReadOnly(snapshot);
  const { t, locale } = useMessages(deliverablesMessages);
  const f = formatsIn(locale);
  return (
    <>
      <Button variant="secondary" size="sm" className={buttonClassName} onClick={() => send({ type: 'bot.open' })}>
        <Icon name="mail" size={16} />
        {label ?? t('bot.button')}
      </Button>
      <Dialog
        open={selectBotOpen(snapshot)}
        onOpenChange={(open) => {
          if (!open) send({ type: 'bot.close' });
        }}
        title={t('bot.title', { title })}
        footer={
          ready ? (
            <div className={s.actions}>
              <Button
                variant="secondary"
                onClick={() => send({ type: 'bot.refresh' })}
                disabled={busy || refreshing}
                aria-busy={refreshing || undefined}
              >
                {t('bot.refresh')}
              </Button>
              {readOnlyBot ? null : chat?.paused ? (
                <Button
                  variant="dashboard"
                  onClick={() => send({ type: 'bot.resume' })}
                  disabled={busy || !selectBotCanResume(snapshot)}
                  aria-busy={busy || undefined}
                >
                  {t('bot.resume')}
                </Button>
              ) : (
                <Button
                  variant="dashboard"
                  onClick={() => send({ type: 'bot.pause' })}
                  disabled={busy || !selectBotCanPause(snapshot)}
                  aria-busy={busy || undefined}
                >
                  {t('bot.pause')}
                </Button>
              )}
            </div>
          ) : null
        }
      >
        <div className={s.stack}>
          {selectBotLoading(snapshot) ? <Spinner label={t('bot.loading')} /> : null}
          {selectBotFailed(snapshot) ? (
            <Alert tone="error" title={t('bot.failed')}>
              <p>{error}</p>
              <Button variant="secondary" size="sm" onClick={() => send({ type: 'bot.retry' })}>
                {t('bot.retry')}
              </Button>
            </Alert>
          ) : null}
          {ready && chat && status ? (
            <>
              <div className={s.preview}>
                <p className={s.label}>{t('bot.preview')}</p>
                <p className={s.postText}>{chat.preview}</p>
                {chat.command ? <p className={s.muted}>{t('bot.command', { command: chat.command })}</p> : null}
              </div>
              <div>
                <p className={s.status}>
                  <Chip tone={STATUS[status].tone}>{t(STATUS[status].label)}</Chip>
                  <span>{t('bot.count', { posts: f.count(chat.posts), target: f.count(chat.target) })}</span>
                </p>
                <p className={s.muted}>{statusText(t, status, readOnlyBot, f.count(chat.everyMinutes))}</p>
              </div>
              {error ? <Alert tone="error">{error}</Alert> : null}
              <section aria-labelledby={`bot-${offerId}-posts`} className={s.stack}>
                <h3 id={`bot-${offerId}-posts`} className={s.label}>
                  {t('bot.lastPosts')}
                </h3>
                {posts.length === 0 ? (
                  <p className={s.muted}>{t('bot.noPosts')}</p>
                ) : (
                  <ol className={s.posts} aria-labelledby={`bot-${offerId}-posts`}>
                    {posts.map((post) => (
                      <Post key={post.id} post={post} command={chat.command} />
                    ))}
                  </ol>
                )}
              </section>
            </>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
