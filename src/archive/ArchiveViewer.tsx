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
import { archiveDay, archiveTime, streamWhen } from './archiveFormat';
import * as s from './ArchiveViewer.css';
import { useWindowedRows } from './useWindowedRows';

/** Twitch badges as words ("moderator/1" → "Moderator"), for the row's badge chips. */
const badgeNames = (badges: string) =>
  badges
    .split(',')
    .map((badge) => badge.split('/')[0]!)
    .filter((name) => ['broadcaster', 'moderator', 'vip', 'subscriber', 'founder', 'partner', 'staff'].includes(name))
    .map((name) => name[0]!.toUpperCase() + name.slice(1));

function eventText(event: ArchiveEvent): string {
  if (event.kind === 'gap')
    return `Not archived from ${archiveTime(event.at)} to ${event.until === null ? 'now' : archiveTime(event.until)} (the chat connection was lost)`;
  if (event.kind === 'clearmsg') return `A message from ${event.targetLogin ?? 'a chatter'} was deleted by a moderator`;
  if (event.targetLogin === null) return 'A moderator cleared the chat';
  return event.duration === null
    ? `${event.targetLogin} was banned`
    : `${event.targetLogin} was timed out for ${event.duration} s`;
}

function MessageRow({ message }: { message: ArchivedMessage }) {
  return (
    <div className={s.message} data-moderated={message.moderated || undefined}>
      <time className={s.time} dateTime={new Date(message.sentAt).toISOString()}>
        {archiveTime(message.sentAt)}
      </time>
      <span className={s.who}>
        <span className={s.swatch} style={{ background: message.color ?? 'currentColor' }} aria-hidden="true" />
        {badgeNames(message.badges).map((badge) => (
          <span key={badge} className={s.badge}>
            {badge}
          </span>
        ))}
        <strong>{message.displayName}</strong>
        {message.bits ? <span className={s.badge}>{message.bits} bits</span> : null}
        {message.kind !== 'privmsg' ? <span className={s.badge}>{message.kind}</span> : null}
      </span>
      <span className={s.text}>
        {message.text}
        {message.moderated ? <span className={s.removed}> — removed by a moderator</span> : null}
      </span>
    </div>
  );
}

function Row({ row }: { row: ViewerRow }) {
  if (row.kind === 'message') return <MessageRow message={row.message} />;
  return (
    <div className={s.event} data-kind={row.event.kind}>
      <time className={s.time} dateTime={new Date(row.event.at).toISOString()}>
        {archiveTime(row.event.at)}
      </time>
      <span>{eventText(row.event)}</span>
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
  const title =
    date !== null
      ? `Chat of ${archiveDay(date)}`
      : stream
        ? `Chat of the stream “${stream.title || 'Untitled stream'}”`
        : 'Chat of a stream';
  return (
    <>
      <ScreenHeading title={title} />
      <Card as="section" padding="lg" className={s.panel} aria-label={title}>
        <div className={s.toolbar}>
          <Link to="/archive-chat">Back to Archive Chat</Link>
          {stream ? <span className={s.when}>{streamWhen(stream)}</span> : null}
          <form
            className={s.jump}
            onSubmit={(event) => {
              event.preventDefault();
              if (/^\d\d:\d\d$/.test(jump)) actor.send({ type: 'viewer.jump', at: jump });
            }}
          >
            <Field
              label="Jump to time (UTC)"
              name="at"
              type="time"
              value={jump}
              onChange={(event) => setJump(event.target.value)}
            />
            <Button type="submit" variant="secondary" size="sm">
              Go
            </Button>
          </form>
        </div>
        {loading ? <Spinner label="Loading the chat" /> : null}
        {failed ? (
          <Alert tone="error" title="The chat could not be loaded">
            <p>{error}</p>
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'viewer.retry' })}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {!loading && !failed && rows.length === 0 ? (
          <p className={s.hint}>
            {at
              ? `No message at or after ${at} UTC ${date !== null ? 'on this day' : 'in this stream'}.`
              : 'No message in this stream yet.'}
          </p>
        ) : null}
        {!loading && rows.length > 0 ? (
          <div
            ref={scroller}
            className={s.scroller}
            role="log"
            aria-label={date !== null ? `Messages of ${archiveDay(date)}` : 'Messages of the stream'}
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
                  <Row row={rows[item.index]!} />
                </div>
              ))}
            </div>
          </div>
        ) : null}
        {loadingMore ? <Spinner label="Loading more messages" /> : null}
        {moreFailed && !loadingMore ? (
          <Alert tone="error" title={hasMore ? 'More messages could not be loaded' : undefined}>
            <p>{error}</p>
            {hasMore ? (
              <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'viewer.more' })}>
                Try again
              </Button>
            ) : null}
          </Alert>
        ) : null}
      </Card>
    </>
  );
}
