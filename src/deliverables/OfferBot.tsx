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
import { formatCount, formatDateTime } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Icon } from '@/src/ui/Icon';
import { Spinner } from '@/src/ui/Spinner';
import { useOfferBotLogic, type OfferBotLogic } from './offerBot';
import * as s from './OfferBot.css';

const STATUS: Record<BotStatus, { tone: ChipTone; label: string }> = {
  posting: { tone: 'success', label: 'Posting' },
  waiting: { tone: 'info', label: 'Waiting for live' },
  paused: { tone: 'warning', label: 'Paused' },
  consent: { tone: 'warning', label: 'Needs consent' },
  done: { tone: 'success', label: 'Every post delivered' },
};

function StatusText({
  status,
  readOnly,
  everyMinutes,
}: {
  status: BotStatus;
  readOnly: boolean;
  everyMinutes: number;
}) {
  switch (status) {
    case 'posting':
      return <>Posts every {formatCount(everyMinutes)} min while the stream is live.</>;
    case 'waiting':
      return <>Posts once the stream is live, every {formatCount(everyMinutes)} min.</>;
    case 'paused':
      return readOnly ? (
        <>The creator paused the bot for this offer.</>
      ) : (
        <>Posts nothing for this offer until you resume it.</>
      );
    case 'done':
      return <>Every post asked for is delivered.</>;
    case 'consent':
      return readOnly ? (
        <>Waiting for the creator to let the bot post in their chat.</>
      ) : (
        <>
          The bot posts only once you let it: <Link to="/connect-accounts">turn it on in Connect Accounts</Link>.
        </>
      );
  }
}

const POST_STATUS: Record<BotPost['status'], { tone: ChipTone; label: string }> = {
  sent: { tone: 'success', label: 'Sent' },
  dropped: { tone: 'warning', label: 'Dropped' },
  failed: { tone: 'danger', label: 'Failed' },
};

function Post({ post, command }: { post: BotPost; command: string | null }) {
  const status = POST_STATUS[post.status];
  return (
    <li className={s.post}>
      <span className={s.postHead}>
        <Chip tone={status.tone}>{status.label}</Chip>
        <span>{formatDateTime(post.postedAt)}</span>
        <span className={s.muted}>
          {PLATFORM_NAMES[post.platform]},{' '}
          {post.kind === 'command' ? `answer to !${command ?? 'command'}` : 'scheduled'}
        </span>
      </span>
      <p className={s.postText}>{post.text}</p>
      {post.reason ? <p className={s.muted}>Why: {post.reason}</p> : null}
      {/* The platform's own id for the message, named as such: what the creator or the platform can look up. */}
      {post.platformMessageId ? (
        <p className={s.muted}>
          {PLATFORM_NAMES[post.platform]}’s message id: {post.platformMessageId}
        </p>
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
  /** The button's label: "Chat bot" for the creator, "Bot posts" for the advertiser. */
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
  label = 'Chat bot',
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
  return (
    <>
      <Button variant="secondary" size="sm" className={buttonClassName} onClick={() => send({ type: 'bot.open' })}>
        <Icon name="mail" size={16} />
        {label}
      </Button>
      <Dialog
        open={selectBotOpen(snapshot)}
        onOpenChange={(open) => {
          if (!open) send({ type: 'bot.close' });
        }}
        title={`Chat bot: ${title}`}
        footer={
          ready ? (
            <div className={s.actions}>
              <Button
                variant="secondary"
                onClick={() => send({ type: 'bot.refresh' })}
                disabled={busy || refreshing}
                aria-busy={refreshing || undefined}
              >
                Refresh
              </Button>
              {selectBotReadOnly(snapshot) ? null : chat?.paused ? (
                <Button
                  variant="dashboard"
                  onClick={() => send({ type: 'bot.resume' })}
                  disabled={busy || !selectBotCanResume(snapshot)}
                  aria-busy={busy || undefined}
                >
                  Resume
                </Button>
              ) : (
                <Button
                  variant="dashboard"
                  onClick={() => send({ type: 'bot.pause' })}
                  disabled={busy || !selectBotCanPause(snapshot)}
                  aria-busy={busy || undefined}
                >
                  Pause
                </Button>
              )}
            </div>
          ) : null
        }
      >
        <div className={s.stack}>
          {selectBotLoading(snapshot) ? <Spinner label="Loading the chat bot" /> : null}
          {selectBotFailed(snapshot) ? (
            <Alert tone="error" title="The chat bot could not be loaded">
              <p>{error}</p>
              <Button variant="secondary" size="sm" onClick={() => send({ type: 'bot.retry' })}>
                Try again
              </Button>
            </Alert>
          ) : null}
          {ready && chat && status ? (
            <>
              <div className={s.preview}>
                <p className={s.label}>What the bot posts</p>
                <p className={s.postText}>{chat.preview}</p>
                {chat.command ? <p className={s.muted}>Viewers typing !{chat.command} get the same line.</p> : null}
              </div>
              <div>
                <p className={s.status}>
                  <Chip tone={STATUS[status].tone}>{STATUS[status].label}</Chip>
                  <span>
                    {formatCount(chat.posts)} of {formatCount(chat.target)} posts
                  </span>
                </p>
                <p className={s.muted}>
                  <StatusText status={status} readOnly={selectBotReadOnly(snapshot)} everyMinutes={chat.everyMinutes} />
                </p>
              </div>
              {error ? <Alert tone="error">{error}</Alert> : null}
              <section aria-labelledby={`bot-${offerId}-posts`} className={s.stack}>
                <h3 id={`bot-${offerId}-posts`} className={s.label}>
                  Last posts
                </h3>
                {posts.length === 0 ? (
                  <p className={s.muted}>No posts yet.</p>
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
