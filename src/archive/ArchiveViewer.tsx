import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ArchiveEvent, ArchivedMessage } from '@/contract';
import {
  selectHasMore,
  selectLoadingMore,
  selectRows,
  selectViewerDay,
  selectViewerError,
  selectViewerFailed,
  selectViewerLoading,
  selectViewerStream,
  type ViewerRow,
} from '@/machines/archive/archiveViewer.select';
import { inspect } from '@/src/app/inspect';
import { useArchiveViewerLogic, type ArchiveViewerLogic } from '@/src/archive/archiveViewer';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Link } from '@/src/ui/Link';
import { Spinner } from '@/src/ui/Spinner';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { useMessages } from '@/src/i18n/i18n';
import { archiveFormats, streamWhen, type ArchiveFormats } from './archiveFormat';
import { archiveMessages, type ArchiveMessage } from './catalogue';
import * as s from './ArchiveViewer.css';
import { useWindowedRows } from './useWindowedRows';

type Words = ReturnType<typeof useMessages<[typeof archiveMessages]>>['t'];

/** The Twitch badges the rows show, each as a word ("moderator/1" → "Moderator"). */
const BADGES = {
  broadcaster: 'badge.broadcaster',
  moderator: 'badge.moderator',
  vip: 'badge.vip',
  subscriber: 'badge.subscriber',
  founder: 'badge.founder',
  partner: 'badge.partner',
  staff: 'badge.staff',
} as const satisfies Record<string, ArchiveMessage>;

const badgeNames = (t: Words, badges: string) =>
  badges
    .split(',')
    .map((badge) => badge.split('/')[0]!)
    .filter((name): name is keyof typeof BADGES => Object.hasOwn(BADGES, name))
    .map((name) => t(BADGES[name]));

function eventText(t: Words, formats: ArchiveFormats, event: ArchiveEvent): string {
  if (event.kind === 'gap')
    return event.until === null
      ? t('viewer.gapNow', { from: formats.time(event.at) })
      : t('viewer.gap', { from: formats.time(event.at), to: formats.time(event.until) });
  if (event.kind === 'clearmsg')
    return event.targetLogin === null ? t('viewer.clearmsgAnyone') : t('viewer.clearmsg', { login: event.targetLogin });
  if (event.targetLogin === null) return t('viewer.cleared');
  return event.duration === null
    ? t('viewer.banned', { login: event.targetLogin })
    : t('viewer.timedOut', { login: event.targetLogin, seconds: event.duration });
}

function MessageRow({ message, t, formats }: { message: ArchivedMessage; t: Words; formats: ArchiveFormats }) {
  return (
    <div className={s.message} data-moderated={message.moderated || undefined}>
      <time className={s.time} dateTime={new Date(message.sentAt).toISOString()}>
        {formats.time(message.sentAt)}
      </time>
      <span className={s.who}>
        <span className={s.swatch} style={{ background: message.color ?? 'currentColor' }} aria-hidden="true" />
        {badgeNames(t, message.badges).map((badge) => (
          <span key={badge} className={s.badge}>
            {badge}
          </span>
        ))}
        <strong>{message.displayName}</strong>
        {message.bits ? <span className={s.badge}>{t('viewer.bits', { bits: message.bits })}</span> : null}
        {/* The platform's own name of a message kind (sub, raid, …). */}
        {message.kind !== 'privmsg' ? <span className={s.badge}>{message.kind}</span> : null}
      </span>
      <span className={s.text}>
        {message.text}
        {message.moderated ? <span className={s.removed}>{t('viewer.removed')}</span> : null}
      </span>
    </div>
  );
}

function Row({ row, t, formats }: { row: ViewerRow; t: Words; formats: ArchiveFormats }) {
  if (row.kind === 'message') return <MessageRow message={row.message} t={t} formats={formats} />;
  return (
    <div className={s.event} data-kind={row.event.kind}>
      <time className={s.time} dateTime={new Date(row.event.at).toISOString()}>
        {formats.time(row.event.at)}
      </time>
      <span>{eventText(t, formats, row.event)}</span>
    </div>
  );
}

/** One archived day or stream (docs/product.md §Chat archive): its messages in order, windowed, more as one scrolls, and a jump to a time. */
export function ArchiveDayScreen({ logic }: { logic?: ArchiveViewerLogic }) {
  const params = useParams();
  const [search] = useSearchParams();
  const platform = params.platform === 'youtube' ? 'youtube' : 'twitch';
  const streamId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const date = streamId === null ? (params.date ?? '') : null;
  const actor = useActorRef(useArchiveViewerLogic(logic), {
    inspect,
    input: {
      platform,
      date,
      stream: streamId,
      at: /^\d\d:\d\d$/.test(search.get('at') ?? '') ? search.get('at') : null,
    },
  });
  const stream = useSelector(actor, selectViewerStream);
  const rows = useSelector(actor, selectRows);
  const loading = useSelector(actor, selectViewerLoading);
  const failed = useSelector(actor, selectViewerFailed);
  const error = useSelector(actor, selectViewerError);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const { at } = useSelector(actor, selectViewerDay);
  const [jump, setJump] = useState(at ?? '');
  const scroller = useRef<HTMLDivElement>(null);
  const windowed = useWindowedRows(rows.length, scroller);
  const lastIndex = windowed.last;
  // A next page that failed keeps its error until a page arrives (or a jump): until then only Try again asks again,
  // or a failing server would be asked in a loop.
  const moreFailed = error !== null && !failed && !loading;
  useEffect(() => {
    // Near the end of what is loaded: the next page.
    if (hasMore && !loadingMore && !moreFailed && lastIndex >= rows.length - 20) actor.send({ type: 'viewer.more' });
  }, [actor, hasMore, loadingMore, moreFailed, lastIndex, rows.length]);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [at]);
  const { t, locale } = useMessages(archiveMessages);
  const formats = archiveFormats(locale);
  const title =
    date !== null
      ? t('viewer.dayTitle', { day: formats.day(date) })
      : stream
        ? t('viewer.streamTitle', { title: stream.title || t('part.untitled') })
        : t('viewer.aStream');
  return (
    <>
      <ScreenHeading title={title} />
      <Card as="section" padding="lg" className={s.panel} aria-label={title}>
        <div className={s.toolbar}>
          <Link to="/archive-chat">{t('viewer.back')}</Link>
          {stream ? <span className={s.when}>{streamWhen(t, formats, stream)}</span> : null}
          <form
            className={s.jump}
            onSubmit={(event) => {
              event.preventDefault();
              if (/^\d\d:\d\d$/.test(jump)) actor.send({ type: 'viewer.jump', at: jump });
            }}
          >
            <Field
              label={t('viewer.jump')}
              name="at"
              type="time"
              value={jump}
              onChange={(event) => setJump(event.target.value)}
            />
            <Button type="submit" variant="secondary" size="sm">
              {t('viewer.go')}
            </Button>
          </form>
        </div>
        {loading ? <Spinner label={t('viewer.loading')} /> : null}
        {failed ? (
          <Alert tone="error" title={t('viewer.failed')}>
            <p>{error}</p>
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'viewer.retry' })}>
              {t('chat.retry')}
            </Button>
          </Alert>
        ) : null}
        {!loading && !failed && rows.length === 0 ? (
          <p className={s.hint}>
            {at ? t(date !== null ? 'viewer.noneAfterDay' : 'viewer.noneAfterStream', { at }) : t('viewer.noneYet')}
          </p>
        ) : null}
        {!loading && rows.length > 0 ? (
          <div
            ref={scroller}
            className={s.scroller}
            role="log"
            aria-label={date !== null ? t('viewer.dayLog', { day: formats.day(date) }) : t('viewer.streamLog')}
            tabIndex={0}
          >
            <div className={s.sizer} style={{ height: windowed.total }}>
              {windowed.rows.map((item) => (
                <div
                  key={item.index}
                  ref={item.measure}
                  className={s.row}
                  style={{ transform: `translateY(${item.top}px)` }}
                >
                  <Row row={rows[item.index]!} t={t} formats={formats} />
                </div>
              ))}
            </div>
          </div>
        ) : null}
        {loadingMore ? <Spinner label={t('viewer.loadingMore')} /> : null}
        {moreFailed && !loadingMore ? (
          <Alert tone="error" title={hasMore ? t('viewer.moreFailed') : undefined}>
            <p>{error}</p>
            {hasMore ? (
              <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'viewer.more' })}>
                {t('chat.retry')}
              </Button>
            ) : null}
          </Alert>
        ) : null}
      </Card>
    </>
  );
}
