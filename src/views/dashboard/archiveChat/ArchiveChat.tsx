import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ArchiveDay, ExportFormat } from '@/contract';
import { type ChatPlatform } from '@/machines/archiveChat.machine';
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
} from '@/machines/archiveChat.select';
import { inspect } from '@/src/app/inspect';
import { useArchiveChatLogic, type ArchiveChatLogic, type ArchiveSearchLogic } from '@/src/services/archiveChat';
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
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import { EXPORTS, formatDay, formatTime } from './format';
import * as s from './ArchiveChat.css';

type Ref = ReturnType<typeof useActorRef<ArchiveChatLogic>>;

// Search shows once a platform is chosen: its code loads then, keeping the route within its bundle budget.
const ArchiveSearch = lazy(() => import('./ArchiveSearch').then((m) => ({ default: m.ArchiveSearch })));

function DayCard({ actor, platform, day, busy }: { actor: Ref; platform: ChatPlatform; day: ArchiveDay; busy: boolean }) {
  const headingId = `day-${day.day}`;
  return (
    <li className={s.day} aria-labelledby={headingId}>
      <div className={s.dayHead}>
        <h3 id={headingId} className={s.dayTitle}>
          {formatDay(day.day)}
        </h3>
        <span className={s.dayMeta}>
          #{day.channel} · {formatTime(day.first)}–{formatTime(day.last)} UTC
        </span>
      </div>
      <p className={s.dayCounts}>
        {day.messages.toLocaleString('en-US')} message{day.messages === 1 ? '' : 's'} · {day.chatters.toLocaleString('en-US')} chatter{day.chatters === 1 ? '' : 's'}
        {day.gaps > 0 ? ` · ${day.gaps} gap${day.gaps === 1 ? '' : 's'}` : ''}
      </p>
      <div className={s.dayActions}>
        <Button asChild variant="dashboard" size="sm">
          <Link to={`/archive-chat/${platform}/${day.day}`} tone="onDark">
            Open chat <span className={visuallyHidden}>of {formatDay(day.day)}</span>
          </Link>
        </Button>
        <span className={s.exportLabel} id={`export-${day.day}`}>
          Export
        </span>
        <div role="group" aria-labelledby={`export-${day.day} ${headingId}`} className={s.exportGroup}>
          {EXPORTS.map(([format, label]) => (
            <Button key={format} variant="secondary" size="sm" disabled={busy} onClick={() => actor.send({ type: 'day.export', day: day.day, format: format as ExportFormat })}>
              {label}
            </Button>
          ))}
        </div>
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => actor.send({ type: 'delete.ask', deletion: { kind: 'day', day: day.day } })}>
          <Icon name="trash" size={16} /> Delete <span className={visuallyHidden}>{formatDay(day.day)}</span>
        </Button>
      </div>
    </li>
  );
}

/** Archive Chat (SPEC §2; issue 16): the spec's form over the creator's real archive, its days, search and deletion. */
export function ArchiveChatScreen({ logic, searchLogic }: { logic?: ArchiveChatLogic; searchLogic?: ArchiveSearchLogic }) {
  const actor = useActorRef(useArchiveChatLogic(logic), { inspect });
  const { platform, date } = useSelector(actor, selectArchiveForm);
  const showsList = useSelector(actor, selectShowsList);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const { channel, days } = useSelector(actor, selectListing);
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
        <p className={s.lead}>Keep the chat of your live streams for good: choose the platform and the day it streamed.</p>
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
          <Field label="Date of the streams" name="date" type="date" value={date} onChange={(event) => send({ type: 'date.change', value: event.target.value })} className={s.date} />
          {showsList ? (
            <section aria-label="Archived streams" className={s.listing} aria-busy={loading}>
              {channel ? (
                <p className={s.channel}>
                  <Chip tone={channel.archiving ? 'success' : 'neutral'}>{channel.archiving ? (channel.live ? 'Archiving · live' : 'Archiving') : 'Not archiving'}</Chip>{' '}
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
              {!loading && !failed && days.length === 0 ? <p className={s.hint}>{date ? `Nothing of ${platformName} is archived for ${formatDay(date)}.` : `Nothing of ${platformName} is archived yet.`}</p> : null}
              {!loading && days.length > 0 ? (
                <ul className={s.days} aria-label="Archived days">
                  {days.map((day) => (
                    <DayCard key={day.day} actor={actor} platform={platform!} day={day} busy={busy} />
                  ))}
                </ul>
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
            {showsList && days.length > 0 && !date ? (
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => send({ type: 'delete.ask', deletion: { kind: 'all' } })}>
                Delete the whole {platformName} archive
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      {platform ? (
        <Suspense fallback={<Spinner label="Loading search" />}>
          <ArchiveSearch key={platform} platform={platform} logic={searchLogic} />
        </Suspense>
      ) : null}
      <AlertDialog
        open={deletion !== null}
        onOpenChange={(open) => {
          if (!open) send({ type: 'delete.dismiss' });
        }}
        title={deletion?.kind === 'all' ? `Delete the whole ${platformName} archive?` : `Delete the chat of ${deletion?.kind === 'day' ? formatDay(deletion.day) : ''}?`}
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
