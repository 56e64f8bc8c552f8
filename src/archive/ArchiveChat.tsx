import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ArchiveDay, ArchiveStream, ExportFormat } from '@/contract';
import {
  type ArchiveChannel,
  type ArchiveDeletion,
  type ArchiveError,
  type ArchiveNotice,
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
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { archiveFormats, exportLabel, EXPORTS, streamWhen, type ArchiveFormats } from './archiveFormat';
import { archiveMessages, type ArchiveMessage } from './catalogue';
import * as s from './ArchiveChat.css';

type Words = ReturnType<typeof useMessages<[typeof archiveMessages]>>['t'];

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
  t,
}: {
  actor: Ref;
  part: ArchivePart;
  heading: string;
  meta: string;
  counts: string;
  to: string;
  busy: boolean;
  t: Words;
}) {
  const id = part.kind === 'day' ? `day-${part.day}` : `stream-${part.id}`;
  const hidden = (text: string) => <span className={visuallyHidden}>{text}</span>;
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
            {withTags(t('part.open', { heading }), { hidden })}
          </Link>
        </Button>
        <span className={s.exportLabel} id={`export-${id}`}>
          {t('part.export')}
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
              {exportLabel(t, label)}
            </Button>
          ))}
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => actor.send({ type: 'delete.ask', deletion: part })}
        >
          <Icon name="trash" size={16} /> {withTags(t('part.delete', { heading }), { hidden })}
        </Button>
      </div>
    </li>
  );
}

/** "1,204 messages · 87 chatters", with the gaps when there are any. */
const countsOf = (t: Words, part: { messages: number; chatters: number; gaps?: number }) =>
  [
    t('part.messages', { count: part.messages }),
    t('part.chatters', { count: part.chatters }),
    ...(part.gaps ? [t('part.gaps', { count: part.gaps })] : []),
  ].join(' · ');

interface CardProps {
  actor: Ref;
  platform: ChatPlatform;
  busy: boolean;
  t: Words;
  formats: ArchiveFormats;
}

function DayCard({ actor, platform, day, busy, t, formats }: CardProps & { day: ArchiveDay }) {
  return (
    <PartCard
      actor={actor}
      part={{ kind: 'day', day: day.day }}
      heading={formats.day(day.day)}
      meta={t('part.dayMeta', { channel: day.channel, from: formats.time(day.first), to: formats.time(day.last) })}
      counts={countsOf(t, day)}
      to={`/archive-chat/${platform}/${day.day}`}
      busy={busy}
      t={t}
    />
  );
}

function StreamCard({ actor, platform, stream, busy, t, formats }: CardProps & { stream: ArchiveStream }) {
  return (
    <PartCard
      actor={actor}
      part={{ kind: 'stream', id: stream.id, title: stream.title }}
      heading={stream.title || t('part.untitled')}
      meta={streamWhen(t, formats, stream)}
      counts={countsOf(t, { messages: stream.messages, chatters: stream.chatters })}
      to={`/archive-chat/${platform}/streams/${stream.id}`}
      busy={busy}
      t={t}
    />
  );
}

/** Why an empty archive is empty, and the one action that fills it (docs/user-guide.md §The chat archive). */
function EmptyAction({
  channel,
  platformName,
  busy,
  actor,
  t,
}: {
  channel: ArchiveChannel | null;
  platformName: string;
  busy: boolean;
  actor: Ref;
  t: Words;
}) {
  if (channel === null) {
    return (
      <>
        {withTags(t('chat.connectFirst', { platform: platformName }), {
          link: (text) => <Link to="/connect-accounts">{text}</Link>,
        })}
      </>
    );
  }
  if (channel.archiving) return <>{t('chat.onSoon')}</>;
  if (!channel.supported) return null;
  return (
    <>
      {t('chat.offFor', { channel: channel.displayName })}{' '}
      <Button
        variant="secondary"
        size="sm"
        className={s.hintAction}
        disabled={busy}
        onClick={() => actor.send({ type: 'archive.submit' })}
      >
        {t('chat.turnOn')}
      </Button>
    </>
  );
}

const platformNameOf = (platform: ChatPlatform) => (platform === 'youtube' ? 'YouTube' : 'Twitch');

const deletionTitle = (t: Words, formats: ArchiveFormats, deletion: ArchiveDeletion | null, platformName: string) => {
  if (deletion?.kind === 'all') return t('chat.deleteAllTitle', { platform: platformName });
  if (deletion?.kind === 'stream') return t('chat.deleteStreamTitle', { title: deletion.title || t('part.untitled') });
  return t('chat.deleteDayTitle', { day: deletion?.kind === 'day' ? formats.day(deletion.day) : '' });
};

/** What went wrong in the page's language: the server's refusal as it wrote it, or the screen's own check. */
const errorWords = (t: Words, error: ArchiveError) => {
  if (error.id === 'refused') return error.text;
  return t(error.id === 'noAccount' ? 'chat.noAccount' : 'chat.unsupported', {
    platform: platformNameOf(error.platform),
  });
};

const NOTICE_TEXTS: Record<ArchiveNotice['id'], ArchiveMessage> = {
  alreadyOn: 'chat.alreadyOn',
  on: 'chat.on',
  off: 'chat.off',
  deleted: 'chat.deleted',
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
  const { t, locale } = useMessages(archiveMessages);
  const formats = archiveFormats(locale);
  const send = actor.send;
  const platformName = platformNameOf(platform ?? 'twitch');
  const errorText = error ? errorWords(t, error) : null;
  return (
    <>
      <ScreenHeading title={t('chat.title')} />
      <Card as="section" padding="lg" className={s.panel} aria-label={t('chat.panel')}>
        <p className={s.lead}>{t('chat.lead')}</p>
        <form
          className={s.form}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'archive.submit' });
          }}
        >
          <RadioGroup
            label={t('chat.platform')}
            name="platform"
            variant="cards"
            orientation="horizontal"
            value={platform ?? ''}
            onValueChange={(value) => send({ type: 'platform.select', platform: value as ChatPlatform })}
            options={[
              { value: 'twitch', label: 'Twitch', icon: <Icon name="twitch" size={22} /> },
              // The spec's spelling of the platform on this form.
              { value: 'youtube', label: 'Youtube', icon: <Icon name="youtube" size={22} /> },
            ]}
          />
          <Field
            label={t('chat.date')}
            name="date"
            type="date"
            value={date}
            onChange={(event) => send({ type: 'date.change', value: event.target.value })}
            className={s.date}
          />
          {showsList ? (
            <section aria-label={t('chat.listing')} className={s.listing} aria-busy={loading}>
              {channel ? (
                <p className={s.channel}>
                  <Chip tone={channel.archiving ? 'success' : 'neutral'}>
                    {channel.archiving
                      ? channel.live
                        ? t('chat.archivingLive')
                        : t('chat.archiving')
                      : t('chat.notArchiving')}
                  </Chip>{' '}
                  <span>
                    {withTags(t('chat.channel', { platform: platformName, channel: channel.displayName }), {
                      name: (text) => <strong>{text}</strong>,
                    })}
                  </span>
                  {channel.archiving ? (
                    <Button variant="ghost" size="sm" disabled={busy} onClick={() => send({ type: 'archive.stop' })}>
                      {t('chat.stop')}
                    </Button>
                  ) : null}
                </p>
              ) : null}
              {channel?.archiving && channel.problem ? <Alert tone="warning">{channel.problem}</Alert> : null}
              {loading ? <Spinner label={t('chat.loading')} /> : null}
              {failed ? (
                <Alert tone="error" title={t('chat.failed')}>
                  <p>{errorText}</p>
                  <Button variant="secondary" size="sm" onClick={() => send({ type: 'archive.retry' })}>
                    {t('chat.retry')}
                  </Button>
                </Alert>
              ) : null}
              {!loading && !failed && days.length === 0 && streams.length === 0 ? (
                <p className={s.hint}>
                  {date ? (
                    t('chat.nothingOn', { platform: platformName, day: formats.day(date) })
                  ) : (
                    <>
                      <span>{t('chat.nothingYet', { platform: platformName })}</span>{' '}
                      <EmptyAction channel={channel} platformName={platformName} busy={busy} actor={actor} t={t} />
                    </>
                  )}
                </p>
              ) : null}
              {!loading && streams.length > 0 ? (
                <>
                  <h2 className={s.listTitle}>{t('chat.streams')}</h2>
                  <ul className={s.days} aria-label={t('chat.archivedStreams')}>
                    {streams.map((stream) => (
                      <StreamCard
                        key={stream.id}
                        actor={actor}
                        platform={platform!}
                        stream={stream}
                        busy={busy}
                        t={t}
                        formats={formats}
                      />
                    ))}
                  </ul>
                </>
              ) : null}
              {!loading && days.length > 0 ? (
                <>
                  <h2 className={s.listTitle}>{t('chat.days')}</h2>
                  <ul className={s.days} aria-label={t('chat.archivedDays')}>
                    {days.map((day) => (
                      <DayCard
                        key={day.day}
                        actor={actor}
                        platform={platform!}
                        day={day}
                        busy={busy}
                        t={t}
                        formats={formats}
                      />
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
          ) : (
            <p className={s.hint}>{t('chat.choosePlatform')}</p>
          )}
          {errorText && !failed ? (
            <Alert tone="error">
              {errorText}
              {channel === null && showsList ? (
                <>
                  {' '}
                  <Link to="/connect-accounts">{t('chat.goConnect')}</Link>
                </>
              ) : null}
            </Alert>
          ) : null}
          {notice ? <Alert tone="success">{t(NOTICE_TEXTS[notice.id], { ...notice })}</Alert> : null}
          <div className={s.actions}>
            <Button type="submit" variant="dashboard" size="lg" disabled={busy}>
              <Icon name="archive" size={20} />
              {t('chat.submit')}
            </Button>
            {showsList && (days.length > 0 || streams.length > 0) && !date ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => send({ type: 'delete.ask', deletion: { kind: 'all' } })}
              >
                {t('chat.deleteAll', { platform: platformName })}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      <Suspense fallback={<Spinner label={t('search.loading')} />}>
        <ArchiveSearch key={platform ?? 'every'} platform={platform} logic={searchLogic} />
      </Suspense>
      <AlertDialog
        open={deletion !== null}
        onOpenChange={(open) => {
          if (!open) send({ type: 'delete.dismiss' });
        }}
        title={deletionTitle(t, formats, deletion, platformName)}
        description={t('chat.deleteDescription')}
        cancelLabel={t('chat.keep')}
        actionLabel={deleting ? t('chat.deleting') : t('chat.delete')}
        onCancel={() => send({ type: 'delete.dismiss' })}
        onAction={() => send({ type: 'delete.confirm' })}
        busy={deleting}
      >
        {errorText && deletion ? <Alert tone="error">{errorText}</Alert> : null}
      </AlertDialog>
    </>
  );
}
