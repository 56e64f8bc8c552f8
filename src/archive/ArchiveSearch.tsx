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
import { dayOf, formatsIn, formatTime } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import type { Locale } from '@/src/i18n/locales';
import { EXPORTS, exportLabel } from './archiveFormat';
import { archiveMessages } from './catalogue';
import * as s from './ArchiveChat.css';

type Words = ReturnType<typeof useMessages<[typeof archiveMessages]>>['t'];

function Result({ message, t, locale }: { message: ArchivedMessage; t: Words; locale: Locale }) {
  return (
    <li className={s.result}>
      <p className={s.resultMeta}>
        <time dateTime={new Date(message.sentAt).toISOString()}>
          {formatsIn(locale).dateTime(message.sentAt, { weekday: true, seconds: true })}
        </time>{' '}
        <span className={s.swatch} style={{ background: message.color ?? 'currentColor' }} aria-hidden="true" />
        <strong>{message.displayName}</strong>
        {message.moderated ? <span className={s.removed}>{t('search.removed')}</span> : null}
      </p>
      <p className={s.resultText}>{message.text}</p>
      {/* The link's time is the viewer's parameter (HH:MM), the same in every language. */}
      <Link to={`/archive-chat/${message.platform}/${dayOf(message.sentAt)}?at=${formatTime(message.sentAt)}`}>
        {t('search.openDay')}
      </Link>
    </li>
  );
}

/**
 * The chatters among the results, each once, as a deletion names them: by their id (a login or a display name may be
 * someone else's too), shown by their display name — with the id when two of them share it.
 */
function chattersOf(results: ArchivedMessage[], t: Words): ArchiveChatter[] {
  const names = new Map<string, { name: string; platform: ChatPlatform }>();
  for (const message of results)
    if (!names.has(message.chatterId))
      names.set(message.chatterId, { name: message.displayName, platform: message.platform });
  const shown = [...names.values()].map((found) => found.name);
  return [...names].map(([id, { name, platform }]) => ({
    id,
    name: shown.indexOf(name) === shown.lastIndexOf(name) ? name : t('search.sameName', { name, id }),
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
  const { t, locale } = useMessages(archiveMessages);
  const set = (field: keyof typeof terms) => (event: { target: { value: string } }) =>
    actor.send({ type: 'terms.change', field, value: event.target.value });
  // A search by chatter offers to delete the messages of the chatters it found (a viewer's deletion request).
  const chatters = searched && terms.user.trim() !== '' ? chattersOf(results, t) : [];
  const errorText = error ? (error.id === 'refused' ? error.text : t('search.needsTerms')) : null;
  return (
    <Card as="section" padding="lg" className={s.panel} aria-labelledby="archive-search-title">
      <h2 id="archive-search-title" className={s.sectionTitle}>
        {t('search.title')}
      </h2>
      <p className={s.hint}>
        {platform === null
          ? t('search.everyPlatform')
          : t('search.onePlatform', { platform: platform === 'twitch' ? 'Twitch' : 'YouTube' })}
      </p>
      <form
        className={s.searchForm}
        role="search"
        aria-label={t('search.title')}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
      >
        <Field label={t('search.words')} name="q" value={terms.q} onChange={set('q')} maxLength={200} />
        <Field
          label={t('search.chatter')}
          name="user"
          value={terms.user}
          onChange={set('user')}
          maxLength={64}
          hint={t('search.chatterHint')}
        />
        <Field label={t('search.from')} name="from" type="date" value={terms.from} onChange={set('from')} />
        <Field label={t('search.to')} name="to" type="date" value={terms.to} onChange={set('to')} />
        <div className={s.searchActions}>
          <Button type="submit" variant="dashboard" disabled={busy}>
            {t('search.submit')}
          </Button>
        </div>
      </form>
      {errorText && chatter === null ? <Alert tone="error">{errorText}</Alert> : null}
      {notice ? <Alert tone="success">{t('search.deleted', { count: notice.count, name: notice.name })}</Alert> : null}
      {searching ? <Spinner label={t('search.searching')} /> : null}
      {searched ? (
        <>
          <div className={s.resultsHead}>
            <p className={s.hint} aria-live="polite">
              {results.length === 0
                ? t('search.nothing')
                : t('search.found', { count: results.length, more: hasMore ? '+' : '' })}
            </p>
            {results.length > 0 ? (
              <div role="group" aria-label={t('search.exportResults')} className={s.exportGroup}>
                {EXPORTS.map(([format, label]) => (
                  <Button
                    key={format}
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    onClick={() => actor.send({ type: 'search.export', format: format as ExportFormat })}
                  >
                    {t('search.exportAs', { format: exportLabel(t, label) })}
                  </Button>
                ))}
              </div>
            ) : null}
          </div>
          {chatters.length > 0 ? (
            <div role="group" aria-label={t('search.deleteChatters')} className={s.exportGroup}>
              {chatters.map((found) => (
                <Button
                  key={found.id}
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'chatter.delete', chatter: found })}
                >
                  {t('search.deleteEvery', { name: found.name })}
                </Button>
              ))}
            </div>
          ) : null}
          {results.length > 0 ? (
            <ul className={s.results} aria-label={t('search.results')}>
              {results.map((message) => (
                <Result key={message.id} message={message} t={t} locale={locale} />
              ))}
            </ul>
          ) : null}
          {hasMore ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => actor.send({ type: 'search.more' })}>
              {t('search.more')}
            </Button>
          ) : null}
        </>
      ) : null}
      <AlertDialog
        open={chatter !== null}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'delete.dismiss' });
        }}
        title={t('search.deleteTitle', { name: chatter?.name ?? '' })}
        description={t('search.deleteDescription')}
        cancelLabel={t('search.keep')}
        actionLabel={deleting ? t('chat.deleting') : t('chat.delete')}
        onCancel={() => actor.send({ type: 'delete.dismiss' })}
        onAction={() => actor.send({ type: 'delete.confirm' })}
        busy={deleting}
      >
        {errorText && chatter ? <Alert tone="error">{errorText}</Alert> : null}
      </AlertDialog>
    </Card>
  );
}
