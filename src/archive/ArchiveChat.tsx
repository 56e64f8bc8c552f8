import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ArchiveDay, ArchiveStream, ExportFormat } from '@/contract';
import {
  type ArchiveChannel,
  type ArchiveDeletion,
  type ArchivePart,
  type ChatPlatform,
} from '@/machines/archive/archiveChat.machine';
import {
  selectArchiveForm,
  selectBusy,
  selectDeleting,
  selectDeletion,
  selectError,
  selectListing,
  selectLoadFailed,
  selectLoading,
  selectNotice,
  selectShowsList,
} from '@/machines/archive/archiveChat.select';
import { inspect } from '@/src/app/inspect';
import { useArchiveChatLogic, type ArchiveChatLogic } from '@/src/archive/archiveChat';
import type { ArchiveSearchLogic } from '@/src/archive/archiveSearch';
import { formatCount } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import { visuallyHidden } from '@/src/ui/VisuallyHidden';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { archiveDay, archiveTime, EXPORTS, streamWhen } from './archiveFormat';
import * as s from './ArchiveChat.css';

type Ref = ReturnType<typeof useActorRef<ArchiveChatLogic>>;

// Search is there from the start (every platform until one is chosen): its code loads after the screen's, keeping the
// route within its bundle budget.
const ArchiveSearch = lazy(() => import('./ArchiveSearch').then((m) => ({ default: m.ArchiveSearch })));

/** One archived day or stream: what it holds, a link into it, its exports and its deletion. */
function PartCard({
  actor,
  part,
  heading,
  meta,
  counts,
  to,
  busy,
}: {
  actor: Ref;
  part: ArchivePart;
  heading: string;
  meta: string;
  counts: string;
  to: string;
  busy: boolean;
}) {
  const id = part.kind === 'day' ? `day-${part.day}` : `stream-${part.id}`;
  return (
    <li className={s.day} aria-labelledby={id}>
      <div className={s.dayHead}>
        <h3 id={id} className={s.dayTitle}>
          {heading}
        </h3>
        <span className={s.dayMeta}>{meta}</span>
      </div>
      <p className={s.dayCounts}>{counts}</p>
      <div className={s.dayActions}>
        <Button asChild variant="dashboard" size="sm">
          <Link to={to} tone="onDark">
            Open chat <span className={visuallyHidden}>of {heading}</span>
          </Link>
        </Button>
        <span className={s.exportLabel} id={`export-${id}`}>
          Export
        </span>
        <div role="group" aria-labelledby={`export-${id} ${id}`} className={s.exportGroup}>
          {EXPORTS.map(([format, label]) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => actor.send({ type: 'archive.export', part, format: format as ExportFormat })}
            >
              {label}
            </Button>
          ))}
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => actor.send({ type: 'delete.ask', deletion: part })}
        >
          <Icon name="trash" size={16} /> Delete <span className={visuallyHidden}>{heading}</span>
        </Button>
      </div>
    </li>
  );
}

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

function DayCard({
  actor,
  platform,
  day,
  busy,
}: {
  actor: Ref;
  platform: ChatPlatform;
  day: ArchiveDay;
  busy: boolean;
}) {
  return (
    <PartCard
      actor={actor}
      part={{ kind: 'day', day: day.day }}
      heading={archiveDay(day.day)}
      meta={`#${day.channel} · ${archiveTime(day.first)}–${archiveTime(day.last)} UTC`}
      counts={`${plural(day.messages, 'message')} · ${plural(day.chatters, 'chatter')}${day.gaps > 0 ? ` · ${plural(day.gaps, 'gap')}` : ''}`}
      to={`/archive-chat/${platform}/${day.day}`}
      busy={busy}
    />
  );
}

function StreamCard({
  actor,
  platform,
  stream,
  busy,
}: {
  actor: Ref;
  platform: ChatPlatform;
  stream: ArchiveStream;
  busy: boolean;
}) {
  return (
    <PartCard
      actor={actor}
      part={{ kind: 'stream', id: stream.id, title: stream.title }}
      heading={stream.title || 'Untitled stream'}
      meta={streamWhen(stream)}
      counts={`${plural(stream.messages, 'message')} · ${plural(stream.chatters, 'chatter')}`}
      to={`/archive-chat/${platform}/streams/${stream.id}`}
      busy={busy}
    />
  );
}

/** Why an empty archive is empty, and the one action that fills it (docs/user-guide.md §The chat archive). */
function EmptyAction({
  channel,
  platformName,
  busy,
  actor,
}: {
  channel: ArchiveChannel | null;
  platformName: string;
  busy: boolean;
  actor: Ref;
}) {
  if (channel === null) {
    return (
      <>
        Its chat is archived from your connected channel: <Link to="/connect-accounts">connect {platformName}</Link>.
      </>
    );
  }
  if (channel.archiving) return <>Archiving is on: the chat shows here within seconds of its first message.</>;
  if (!channel.supported) return null;
  return (
    <>
      Archiving is off for {channel.displayName}: turn it on and every message is kept from then on.{' '}
      <Button
        variant="secondary"
        size="sm"
        className={s.hintAction}
        disabled={busy}
        onClick={() => actor.send({ type: 'archive.submit' })}
      >
        Turn archiving on
      </Button>
    </>
  );
}

const deletionTitle = (deletion: ArchiveDeletion | null, platformName: string) => {
  if (deletion?.kind === 'all') return `Delete the whole ${platformName} archive?`;
  if (deletion?.kind === 'stream') return `Delete the chat of the stream “${deletion.title || 'Untitled stream'}”?`;
  return `Delete the chat of ${deletion?.kind === 'day' ? archiveDay(deletion.day) : ''}?`;
};

/** Archive Chat (docs/spec.md §2; docs/product.md §Chat archive): the spec's form over the creator's real archive, its days, search and deletion. */
export function ArchiveChatScreen({
  logic,
  searchLogic,
}: {
  logic?: ArchiveChatLogic;
  searchLogic?: ArchiveSearchLogic;
}) {
  const actor = useActorRef(useArchiveChatLogic(logic), { inspect });
  const { platform, date } = useSelector(actor, selectArchiveForm);
  const showsList = useSelector(actor, selectShowsList);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const { channel, days, streams } = useSelector(actor, selectListing);
  const busy = useSelector(actor, selectBusy);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const deletion = useSelector(actor, selectDeletion);
  const deleting = useSelector(actor, selectDeleting);
  const send = actor.send;
  const platformName = platform === 'youtube' ? 'YouTube' : 'Twitch';
  return (
    <>
      <ScreenHeading title="Archive Chat" />
      <Card as="section" padding="lg" className={s.panel} aria-label="Archive a live stream's chat">
        <p className={s.lead}>
          Keep the chat of your live streams for good: choose the platform and the day it streamed.
        </p>
        <form
          className={s.form}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'archive.submit' });
          }}
        >
          <RadioGroup
            label="Platform"
            name="platform"
            variant="cards"
            orientation="horizontal"
            value={platform ?? ''}
            onValueChange={(value) => send({ type: 'platform.select', platform: value as ChatPlatform })}
            options={[
              { value: 'twitch', label: 'Twitch', icon: <Icon name="twitch" size={22} /> },
              { value: 'youtube', label: 'Youtube', icon: <Icon name="youtube" size={22} /> },
            ]}
          />
          <Field
            label="Date of the streams"
            name="date"
            type="date"
            value={date}
            onChange={(event) => send({ type: 'date.change', value: event.target.value })}
            className={s.date}
          />
          {showsList ? (
            <section aria-label="Archived streams" className={s.listing} aria-busy={loading}>
              {channel ? (
                <p className={s.channel}>
                  <Chip tone={channel.archiving ? 'success' : 'neutral'}>
                    {channel.archiving ? (channel.live ? 'Archiving · live' : 'Archiving') : 'Not archiving'}
                  </Chip>{' '}
                  <span>
                    {platformName} channel <strong>{channel.displayName}</strong>
                  </span>
                  {channel.archiving ? (
                    <Button variant="ghost" size="sm" disabled={busy} onClick={() => send({ type: 'archive.stop' })}>
                      Stop archiving
                    </Button>
                  ) : null}
                </p>
              ) : null}
              {channel?.archiving && channel.problem ? <Alert tone="warning">{channel.problem}</Alert> : null}
              {loading ? <Spinner label="Loading the archive" /> : null}
              {failed ? (
                <Alert tone="error" title="The archive could not be loaded">
                  <p>{error}</p>
                  <Button variant="secondary" size="sm" onClick={() => send({ type: 'archive.retry' })}>
                    Try again
                  </Button>
                </Alert>
              ) : null}
              {!loading && !failed && days.length === 0 && streams.length === 0 ? (
                <p className={s.hint}>
                  {date ? (
                    `Nothing of ${platformName} is archived for ${archiveDay(date)}.`
                  ) : (
                    <>
                      <span>Nothing of {platformName} is archived yet.</span>{' '}
                      <EmptyAction channel={channel} platformName={platformName} busy={busy} actor={actor} />
                    </>
                  )}
                </p>
              ) : null}
              {!loading && streams.length > 0 ? (
                <>
                  <h2 className={s.listTitle}>Streams</h2>
                  <ul className={s.days} aria-label="Archived streams">
                    {streams.map((stream) => (
                      <StreamCard key={stream.id} actor={actor} platform={platform!} stream={stream} busy={busy} />
                    ))}
                  </ul>
                </>
              ) : null}
              {!loading && days.length > 0 ? (
                <>
                  <h2 className={s.listTitle}>Days</h2>
                  <ul className={s.days} aria-label="Archived days">
                    {days.map((day) => (
                      <DayCard key={day.day} actor={actor} platform={platform!} day={day} busy={busy} />
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
          ) : (
            <p className={s.hint}>Choose a platform to see its archived streams.</p>
          )}
          {error && !failed ? (
            <Alert tone="error">
              {error}
              {channel === null && showsList ? (
                <>
                  {' '}
                  <Link to="/connect-accounts">Go to Connect Accounts</Link>
                </>
              ) : null}
            </Alert>
          ) : null}
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <div className={s.actions}>
            <Button type="submit" variant="dashboard" size="lg" disabled={busy}>
              <Icon name="archive" size={20} />
              Archive Chat
            </Button>
            {showsList && (days.length > 0 || streams.length > 0) && !date ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => send({ type: 'delete.ask', deletion: { kind: 'all' } })}
              >
                Delete the whole {platformName} archive
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      <Suspense fallback={<Spinner label="Loading search" />}>
        <ArchiveSearch key={platform ?? 'every'} platform={platform} logic={searchLogic} />
      </Suspense>
      <AlertDialog
        open={deletion !== null}
        onOpenChange={(open) => {
          if (!open) send({ type: 'delete.dismiss' });
        }}
        title={deletionTitle(deletion, platformName)}
        description="The messages are deleted for good, from the archive and from search. This cannot be undone."
        cancelLabel="Keep it"
        actionLabel={deleting ? 'Deleting…' : 'Delete'}
        onCancel={() => send({ type: 'delete.dismiss' })}
        onAction={() => send({ type: 'delete.confirm' })}
        busy={deleting}
      >
        {error && deletion ? <Alert tone="error">{error}</Alert> : null}
      </AlertDialog>
    </>
  );
}
