import { useActorRef, useSelector } from '@xstate/react';
import type { ArchivedMessage, ExportFormat } from '@/contract';
import type { ChatPlatform } from '@/machines/archive/archiveChat.machine';
import type { ArchiveChatter } from '@/machines/archive/archiveSearch.machine';
import {
  selectChatterToDelete,
  selectDeletingChatter,
  selectResults,
  selectSearchBusy,
  selectSearched,
  selectSearchError,
  selectSearchHasMore,
  selectSearching,
  selectSearchNotice,
  selectSearchTerms,
} from '@/machines/archive/archiveSearch.select';
import { inspect } from '@/src/app/inspect';
import { useArchiveSearchLogic, type ArchiveSearchLogic } from '@/src/archive/archiveSearch';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Link } from '@/src/ui/Link';
import { Spinner } from '@/src/ui/Spinner';
import { dayOf, formatDateTime, formatTime } from '@/src/common/format';
import { EXPORTS } from './archiveFormat';
import * as s from './ArchiveChat.css';

function Result({ message }: { message: ArchivedMessage }) {
  return (
    <li className={s.result}>
      <p className={s.resultMeta}>
        <time dateTime={new Date(message.sentAt).toISOString()}>
          {formatDateTime(message.sentAt, { weekday: true, seconds: true })}
        </time>{' '}
        <span className={s.swatch} style={{ background: message.color ?? 'currentColor' }} aria-hidden="true" />
        <strong>{message.displayName}</strong>
        {message.moderated ? <span className={s.removed}> (removed by a moderator)</span> : null}
      </p>
      <p className={s.resultText}>{message.text}</p>
      <Link to={`/archive-chat/${message.platform}/${dayOf(message.sentAt)}?at=${formatTime(message.sentAt)}`}>
        Open in the chat of that day
      </Link>
    </li>
  );
}

/**
 * The chatters among the results, each once, as a deletion names them: by their id (a login or a display name may be
 * someone else's too), shown by their display name — with the id when two of them share it.
 */
function chattersOf(results: ArchivedMessage[]): ArchiveChatter[] {
  const names = new Map<string, { name: string; platform: ChatPlatform }>();
  for (const message of results)
    if (!names.has(message.chatterId))
      names.set(message.chatterId, { name: message.displayName, platform: message.platform });
  const shown = [...names.values()].map((found) => found.name);
  return [...names].map(([id, { name, platform }]) => ({
    id,
    name: shown.indexOf(name) === shown.lastIndexOf(name) ? name : `${name} (id ${id})`,
    platform,
  }));
}

/** Search across the archive (docs/product.md §Chat archive): words, a chatter, a date range; results link into their day. */
export function ArchiveSearch({ platform, logic }: { platform: ChatPlatform | null; logic?: ArchiveSearchLogic }) {
  const actor = useActorRef(useArchiveSearchLogic(logic), { inspect, input: { platform } });
  const terms = useSelector(actor, selectSearchTerms);
  const searching = useSelector(actor, selectSearching);
  const searched = useSelector(actor, selectSearched);
  const results = useSelector(actor, selectResults);
  const error = useSelector(actor, selectSearchError);
  const notice = useSelector(actor, selectSearchNotice);
  const hasMore = useSelector(actor, selectSearchHasMore);
  const busy = useSelector(actor, selectSearchBusy);
  const chatter = useSelector(actor, selectChatterToDelete);
  const deleting = useSelector(actor, selectDeletingChatter);
  const set = (field: keyof typeof terms) => (event: { target: { value: string } }) =>
    actor.send({ type: 'terms.change', field, value: event.target.value });
  // A search by chatter offers to delete the messages of the chatters it found (a viewer's deletion request).
  const chatters = searched && terms.user.trim() !== '' ? chattersOf(results) : [];
  return (
    <Card as="section" padding="lg" className={s.panel} aria-labelledby="archive-search-title">
      <h2 id="archive-search-title" className={s.sectionTitle}>
        Search the archive
      </h2>
      <p className={s.hint}>
        {platform === null
          ? 'Searches the chat of every platform you archive; choose a platform above to search only its chat.'
          : `Searches the chat archived from ${platform === 'twitch' ? 'Twitch' : 'YouTube'}.`}
      </p>
      <form
        className={s.searchForm}
        role="search"
        aria-label="Search the archive"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
      >
        <Field label="Words" name="q" value={terms.q} onChange={set('q')} maxLength={200} />
        <Field
          label="Chatter"
          name="user"
          value={terms.user}
          onChange={set('user')}
          maxLength={64}
          hint="Their login, e.g. retro_rosa"
        />
        <Field label="From" name="from" type="date" value={terms.from} onChange={set('from')} />
        <Field label="To" name="to" type="date" value={terms.to} onChange={set('to')} />
        <div className={s.searchActions}>
          <Button type="submit" variant="dashboard" disabled={busy}>
            Search
          </Button>
        </div>
      </form>
      {error && chatter === null ? <Alert tone="error">{error}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {searching ? <Spinner label="Searching" /> : null}
      {searched ? (
        <>
          <div className={s.resultsHead}>
            <p className={s.hint} aria-live="polite">
              {results.length === 0
                ? 'Nothing found.'
                : `${results.length}${hasMore ? '+' : ''} message${results.length === 1 ? '' : 's'} found, newest first.`}
            </p>
            {results.length > 0 ? (
              <div role="group" aria-label="Export the results" className={s.exportGroup}>
                {EXPORTS.map(([format, label]) => (
                  <Button
                    key={format}
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    onClick={() => actor.send({ type: 'search.export', format: format as ExportFormat })}
                  >
                    Export {label}
                  </Button>
                ))}
              </div>
            ) : null}
          </div>
          {chatters.length > 0 ? (
            <div role="group" aria-label="Delete a chatter’s messages" className={s.exportGroup}>
              {chatters.map((found) => (
                <Button
                  key={found.id}
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'chatter.delete', chatter: found })}
                >
                  Delete every message from {found.name}
                </Button>
              ))}
            </div>
          ) : null}
          {results.length > 0 ? (
            <ul className={s.results} aria-label="Search results">
              {results.map((message) => (
                <Result key={message.id} message={message} />
              ))}
            </ul>
          ) : null}
          {hasMore ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => actor.send({ type: 'search.more' })}>
              More results
            </Button>
          ) : null}
        </>
      ) : null}
      <AlertDialog
        open={chatter !== null}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'delete.dismiss' });
        }}
        title={`Delete every message from ${chatter?.name ?? ''}?`}
        description="For a viewer who asked to be forgotten: their messages, under every name they used, are deleted for good, from every day and from search. This cannot be undone."
        cancelLabel="Keep them"
        actionLabel={deleting ? 'Deleting…' : 'Delete'}
        onCancel={() => actor.send({ type: 'delete.dismiss' })}
        onAction={() => actor.send({ type: 'delete.confirm' })}
        busy={deleting}
      >
        {error && chatter ? <Alert tone="error">{error}</Alert> : null}
      </AlertDialog>
    </Card>
  );
}
