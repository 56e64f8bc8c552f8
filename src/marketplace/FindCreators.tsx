// Find creators (docs/product.md §Discovery and negotiation): an approved advertiser searches the creators who published
// their media kit, by platform, category, language, country, audience and track record; each card shows the public
// figures and links the media kit (a new tab); Save to list keeps a creator in a saved list, Invite offers them one of
// the advertiser's active campaigns. Three flows: creatorSearch, creatorLists, invitation (machines/marketplace/).
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { media } from '@/src/theme/tokens';
import type { CreatorCard } from '@/contract';
import { countries } from '@/contract/countries';
import { CATEGORIES } from '@/contract/profile';
import { PLATFORMS } from '@/contract/marketplace';
import { SEARCH_LANGUAGES, SEARCH_SORTS, type SearchSort } from '@/contract/search';
import type { CreatorFilterField } from '@/machines/marketplace/creatorSearch.machine';
import {
  selectCreators,
  selectDraft,
  selectNoMatch,
  selectPaging,
  selectSearchError,
  selectSearchFailed,
  selectSearching,
  selectSort,
} from '@/machines/marketplace/creatorSearch.select';
import {
  selectLists,
  selectListsBusy,
  selectListsError,
  selectListsFailed,
  selectListsLoading,
  selectOpenList,
  selectSaveTarget,
} from '@/machines/marketplace/creatorLists.select';
import { selectInviteOpen } from '@/machines/marketplace/invitation.select';
import {
  selectChecklistError,
  selectChecklistLoading,
  selectChecklistProfile,
} from '@/machines/marketplace/advertiserChecklist.select';
import { inspect } from '@/src/app/inspect';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { LoadState } from '@/src/common/LoadState';
import { Link as TextLink } from '@/src/ui/Link';
import { useAdvertiserChecklistLogic, type AdvertiserChecklistLogic } from './advertiserChecklist';
import { Alert } from '@/src/ui/Alert';
import { Avatar } from '@/src/ui/Avatar';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Spinner } from '@/src/ui/Spinner';
import * as a from './advertiser.css';
import {
  useCreatorListsLogic,
  useCreatorSearchLogic,
  useInvitationLogic,
  type CreatorListsLogic,
  type CreatorSearchLogic,
  type InvitationLogic,
  type ListsSend,
  type ListsSnapshot,
} from './creatorSearch';
import * as s from './FindCreators.css';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import type { Locale } from '@/src/i18n/locales';
import { findCreatorsMessages, type FindCreatorsMessage } from './findCreatorsCatalogue';

// The dialogs load when one first opens, keeping the route within its bundle budget.
const loadDialogs = () => import('./FindCreatorsDialogs');
const SaveToListDialog = lazy(() => loadDialogs().then((m) => ({ default: m.SaveToListDialog })));
const InviteDialog = lazy(() => loadDialogs().then((m) => ({ default: m.InviteDialog })));

export interface FindCreatorsLogic {
  /** Whether the company is approved yet (the Campaigns checklist's flow, read again on approval news). */
  checklist?: AdvertiserChecklistLogic;
  search?: CreatorSearchLogic;
  lists?: CreatorListsLogic;
  invitation?: InvitationLogic;
}

/** The `t` of a useMessages with findCreatorsMessages, handed to the screen's parts. */
type Words = (id: FindCreatorsMessage, values?: Record<string, unknown>) => string;

/** What Find creators says to an advertiser not yet approved, by the profile's review (issue 48 item 8). */
const NOT_YET: Record<'missing' | 'pending' | 'rejected', FindCreatorsMessage> = {
  missing: 'creators.notYet.missing',
  pending: 'creators.notYet.pending',
  rejected: 'creators.notYet.rejected',
};

/** The sorts' names. */
const SORT_TEXTS: Record<SearchSort, FindCreatorsMessage> = {
  viewers: 'creators.sort.viewers',
  followers: 'creators.sort.followers',
  deliveryRate: 'creators.sort.deliveryRate',
  completed: 'creators.sort.completed',
};

/**
 * The stored choices a search and a card show, in the page's language (the broadcasting languages and the category);
 * a value not listed, and every country, as stored (registration's names).
 */
const CHOICE_TEXTS: Partial<Record<string, FindCreatorsMessage>> = {
  English: 'creator.english',
  Spanish: 'creator.spanish',
  Gaming: 'creator.gaming',
};
const choice = (t: Words, value: string) => {
  const id = CHOICE_TEXTS[value];
  return id ? t(id) : value;
};
const initials = (name: string) =>
  name
    .split(/[\s_]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/**
 * Searching, lists and invitations are for approved advertisers (the server answers 403 to the others): until the
 * company is approved the screen says, in one sentence, what approval unlocks and what to do, and asks nothing else.
 */
export function FindCreatorsScreen({ logic = {} }: { logic?: FindCreatorsLogic }) {
  const [checklist, sendChecklist] = useMachine(useAdvertiserChecklistLogic(logic.checklist), { inspect });
  const { t } = useMessages(findCreatorsMessages);
  const profile = selectChecklistProfile(checklist);
  if (profile === 'approved') return <FindCreators logic={logic} />;
  const loading = selectChecklistLoading(checklist);
  const error = selectChecklistError(checklist);
  return (
    <div className={a.page}>
      <ScreenHeading title={t('creators.title')} />
      {loading || error !== null || profile === null ? (
        <LoadState
          loading={loading}
          error={error}
          what={t('creators.loading')}
          onRetry={() => sendChecklist({ type: 'checklist.retry' })}
        />
      ) : (
        <Card as="section" aria-label={t('creators.notApproved')}>
          <p>{`${t('creators.unlocks')} ${t(NOT_YET[profile])}`}</p>
          <TextLink to="/company-profile" className={a.retry}>
            {t('creators.companyProfile')}
          </TextLink>
        </Card>
      )}
    </div>
  );
}

function FindCreators({ logic }: { logic: FindCreatorsLogic }) {
  const [search, sendSearch] = useMachine(useCreatorSearchLogic(logic.search), { inspect });
  const [lists, sendLists] = useMachine(useCreatorListsLogic(logic.lists), { inspect });
  const [invite, sendInvite] = useMachine(useInvitationLogic(logic.invitation), { inspect });
  const draft = selectDraft(search);
  const creators = selectCreators(search);
  const paging = selectPaging(search);
  const searching = selectSearching(search);
  const change = (field: CreatorFilterField) => (event: { target: { value: string } }) =>
    sendSearch({ type: 'filter.change', field, value: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendSearch({ type: 'search.submit' });
  };

  const figuresSet = [draft.minViewers, draft.maxViewers, draft.minFollowers, draft.minDeliveryRate].filter(
    (value) => value !== '',
  ).length;
  const [moreOpen, setMoreOpen] = useState(() => figuresSet > 0 || wideEnough());
  const { t, locale } = useMessages(findCreatorsMessages);
  const any = { value: '', label: t('creators.any') };

  return (
    <div className={a.page}>
      <ScreenHeading title={t('creators.title')} />
      <Card>
        <form onSubmit={submit} aria-label={t('creators.searchForm')}>
          <div className={s.filterStack}>
            <div className={s.filters}>
              <Field label={t('creators.q')} name="q" value={draft.q} onChange={change('q')} />
              <NativeSelectField
                label={t('creators.platform')}
                name="platform"
                value={draft.platform}
                onChange={change('platform')}
                options={[any, ...PLATFORMS.map((p) => ({ value: p, label: p }))]}
              />
              <NativeSelectField
                label={t('creators.category')}
                name="category"
                value={draft.category}
                onChange={change('category')}
                options={[any, ...CATEGORIES.map((c) => ({ value: c, label: choice(t, c) }))]}
              />
              <NativeSelectField
                label={t('creators.language')}
                name="language"
                value={draft.language}
                onChange={change('language')}
                options={[any, ...SEARCH_LANGUAGES.map((l) => ({ value: l, label: choice(t, l) }))]}
              />
              <NativeSelectField
                label={t('creators.country')}
                name="country"
                value={draft.country}
                onChange={change('country')}
                options={[any, ...countries.map((c) => ({ value: c, label: c }))]}
              />
            </div>
            {/* The figures: folded on a phone (the results come sooner), open from a tablet up or once one is set. */}
            <details className={s.more} open={moreOpen} onToggle={(event) => setMoreOpen(event.currentTarget.open)}>
              <summary className={s.moreSummary}>
                {figuresSet > 0 ? t('creators.moreSet', { count: figuresSet }) : t('creators.more')}
              </summary>
              <div className={s.filters}>
                <Field
                  label={t('creators.minViewers')}
                  name="minViewers"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.minViewers}
                  onChange={change('minViewers')}
                />
                <Field
                  label={t('creators.maxViewers')}
                  name="maxViewers"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.maxViewers}
                  onChange={change('maxViewers')}
                />
                <Field
                  label={t('creators.minFollowers')}
                  name="minFollowers"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.minFollowers}
                  onChange={change('minFollowers')}
                />
                <Field
                  label={t('creators.minDeliveryRate')}
                  name="minDeliveryRate"
                  type="number"
                  min={0}
                  max={100}
                  inputMode="numeric"
                  value={draft.minDeliveryRate}
                  onChange={change('minDeliveryRate')}
                />
              </div>
            </details>
          </div>
          <div className={s.filterActions}>
            <div className={s.buttons}>
              <Button type="submit" variant="dashboard" disabled={searching}>
                <Icon name="search" size={18} />
                {t('creators.search')}
              </Button>
              <Button type="button" variant="secondary" onClick={() => sendSearch({ type: 'filters.clear' })}>
                {t('creators.clear')}
              </Button>
            </div>
            <NativeSelectField
              className={s.sortField}
              label={t('creators.sortBy')}
              name="sort"
              value={selectSort(search)}
              onChange={(event) => sendSearch({ type: 'sort.change', sort: event.target.value as SearchSort })}
              options={SEARCH_SORTS.map((sort) => ({ value: sort, label: t(SORT_TEXTS[sort]) }))}
            />
          </div>
        </form>
      </Card>

      <SavedLists
        snapshot={lists}
        send={sendLists}
        t={t}
        locale={locale}
        onInvite={(creator) => sendInvite({ type: 'invite.open', creator })}
      />

      <section aria-label={t('creators.results')} aria-busy={searching}>
        {selectSearchFailed(search) ? (
          <Alert tone="error" title={t('creators.searchFailed')}>
            <p>{selectSearchError(search)}</p>
            <Button
              variant="secondary"
              size="sm"
              className={a.retry}
              onClick={() => sendSearch({ type: 'search.retry' })}
            >
              {t('creators.retry')}
            </Button>
          </Alert>
        ) : null}
        {searching && creators.length === 0 ? (
          <Card>
            <Spinner label={t('creators.searching')} />
          </Card>
        ) : null}
        {selectNoMatch(search) ? (
          <Card>
            <p className={a.empty}>{t('creators.noMatch')}</p>
          </Card>
        ) : null}
        {creators.length > 0 ? (
          <div className={a.page}>
            <p className={s.status} role="status">
              {t(paging.capped ? 'creators.rangeCapped' : 'creators.range', paging)}
            </p>
            <ul className={s.cards} aria-label={t('creators.cards')}>
              {creators.map((creator) => (
                <CreatorResult
                  key={creator.id}
                  creator={creator}
                  t={t}
                  locale={locale}
                  onSave={() =>
                    sendLists({ type: 'save.open', creator: { id: creator.id, displayName: creator.displayName } })
                  }
                  onInvite={() =>
                    sendInvite({ type: 'invite.open', creator: { id: creator.id, displayName: creator.displayName } })
                  }
                />
              ))}
            </ul>
            <nav className={s.paging} aria-label={t('creators.pages')}>
              <Button
                variant="secondary"
                disabled={!paging.canPrevious || searching}
                onClick={() => sendSearch({ type: 'page.previous' })}
              >
                <Icon name="chevron-left" size={18} />
                {t('creators.previous')}
              </Button>
              <span className={s.status}>
                {paging.pages === null
                  ? t('creators.page', { page: paging.page })
                  : t('creators.pageOf', { page: paging.page, pages: paging.pages })}
              </span>
              <Button
                variant="secondary"
                disabled={!paging.canNext || searching}
                onClick={() => sendSearch({ type: 'page.next' })}
              >
                {t('creators.next')}
                <Icon name="chevron-right" size={18} />
              </Button>
            </nav>
          </div>
        ) : null}
      </section>

      <Suspense fallback={null}>
        {selectSaveTarget(lists) ? <SaveToListDialog snapshot={lists} send={sendLists} /> : null}
        {selectInviteOpen(invite) ? <InviteDialog snapshot={invite} send={sendInvite} /> : null}
      </Suspense>
    </div>
  );
}

/** One creator's card: who, where, the figures brands compare, the media kit, and the two actions. */
function CreatorResult({
  creator,
  t,
  locale,
  onSave,
  onInvite,
  onRemove,
}: {
  creator: CreatorCard;
  t: Words;
  locale: Locale;
  onSave?: () => void;
  onInvite: () => void;
  onRemove?: () => void;
}) {
  const { count } = formatsIn(locale);
  const figure = (value: number | null) => (value === null ? t('creator.notMeasured') : count(value));
  const name = creator.displayName;
  const where = [
    creator.country,
    creator.language && choice(t, creator.language),
    creator.category && choice(t, creator.category),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <Card className={s.cardBody}>
        <div className={s.who}>
          <Avatar src={creator.image} alt="" fallback={initials(creator.displayName)} />
          <div>
            <h2 className={s.name}>{creator.displayName}</h2>
            <p className={s.handle}>@{creator.handle}</p>
          </div>
        </div>
        <div className={s.chips}>
          {creator.platforms.map((platform) => (
            <Chip key={platform} tone="info">
              {platform}
            </Chip>
          ))}
          {where ? <span className={s.status}>{where}</span> : null}
        </div>
        <dl className={s.figures}>
          <div className={s.figure}>
            <dt className={s.figureTerm}>{t('creator.followers')}</dt>
            <dd className={s.figureValue}>{figure(creator.followers)}</dd>
          </div>
          <div className={s.figure}>
            <dt className={s.figureTerm}>{t('creator.avgViewers')}</dt>
            <dd className={s.figureValue}>{figure(creator.avgViewers)}</dd>
          </div>
          <div className={s.figure}>
            <dt className={s.figureTerm}>{t('creator.completed')}</dt>
            <dd className={s.figureValue}>{figure(creator.completed)}</dd>
          </div>
          <div className={s.figure}>
            <dt className={s.figureTerm}>{t('creator.deliveryRate')}</dt>
            <dd className={s.figureValue}>
              {creator.deliveryRate === null
                ? t('creator.noneYet')
                : t('creator.percent', { value: count(creator.deliveryRate) })}
            </dd>
          </div>
        </dl>
        <div className={s.cardActions}>
          <a className={s.kitLink} href={creator.mediaKitUrl} target="_blank" rel="noopener noreferrer">
            {t('creator.mediaKit')}
            <Icon name="external" size={16} title={t('creator.newTab')} />
          </a>
          {onRemove ? (
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t('creator.removeFrom', { name })}>
              {t('creator.remove')}
            </Button>
          ) : null}
          {onSave ? (
            <Button variant="secondary" size="sm" onClick={onSave} aria-label={t('creator.saveName', { name })}>
              {t('creator.save')}
            </Button>
          ) : null}
          <Button variant="dashboard" size="sm" onClick={onInvite} aria-label={t('creator.inviteName', { name })}>
            {t('creator.invite')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** The advertiser's saved lists; one opens to its creators. */
function SavedLists({
  snapshot,
  send,
  t,
  locale,
  onInvite,
}: {
  snapshot: ListsSnapshot;
  send: ListsSend;
  t: Words;
  locale: Locale;
  onInvite: (creator: { id: string; displayName: string }) => void;
}) {
  const lists = selectLists(snapshot);
  const open = selectOpenList(snapshot);
  const busy = selectListsBusy(snapshot);
  // A refusal below the lists; a failed first read says it once, in its own alert above.
  const error = selectSaveTarget(snapshot) || selectListsFailed(snapshot) ? null : selectListsError(snapshot);
  return (
    <Card>
      <h2 className={a.subTitle}>{t('lists.title')}</h2>
      {selectListsLoading(snapshot) ? <Spinner label={t('lists.loading')} size="sm" /> : null}
      {selectListsFailed(snapshot) ? (
        <Alert tone="error" title={t('lists.failed')}>
          <p>{selectListsError(snapshot)}</p>
          <Button variant="secondary" size="sm" className={a.retry} onClick={() => send({ type: 'lists.retry' })}>
            {t('creators.retry')}
          </Button>
        </Alert>
      ) : null}
      {!selectListsLoading(snapshot) && !selectListsFailed(snapshot) && lists.length === 0 ? (
        <p className={a.muted}>{t('lists.none')}</p>
      ) : null}
      {lists.length > 0 ? (
        <ul className={s.listButtons} aria-label={t('lists.title')}>
          {lists.map((list) => (
            <li key={list.id}>
              <Button
                variant={open?.list.id === list.id ? 'dashboard' : 'secondary'}
                size="sm"
                aria-pressed={open?.list.id === list.id}
                disabled={busy}
                onClick={() =>
                  send(open?.list.id === list.id ? { type: 'list.close' } : { type: 'list.open', listId: list.id })
                }
              >
                {t('lists.list', { name: list.name, size: list.size })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <Alert tone="error" className={a.retry}>
          {error}
        </Alert>
      ) : null}
      {open ? (
        <section aria-label={open.list.name} className={a.retry}>
          <div className={a.spread}>
            <h3 className={a.subTitle}>{open.list.name}</h3>
            <div className={s.buttons}>
              <Button variant="ghost" size="sm" onClick={() => send({ type: 'list.close' })}>
                {t('lists.close')}
              </Button>
              <Button
                variant="danger"
                size="sm"
                disabled={busy}
                onClick={() => send({ type: 'list.delete', listId: open.list.id })}
              >
                {t('lists.delete')}
              </Button>
            </div>
          </div>
          {open.creators.length === 0 ? (
            <p className={a.muted}>{t('lists.empty')}</p>
          ) : (
            <ul className={s.cards} aria-label={t('lists.creatorsIn', { name: open.list.name })}>
              {open.creators.map((creator) => (
                <CreatorResult
                  key={creator.id}
                  creator={creator}
                  t={t}
                  locale={locale}
                  onRemove={() => send({ type: 'member.remove', creatorId: creator.id })}
                  onInvite={() => onInvite({ id: creator.id, displayName: creator.displayName })}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </Card>
  );
}

/** Whether the figure filters start unfolded: from a tablet's width up (the media query of the theme's tablet). */
function wideEnough(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(media.tablet).matches
    : true;
}
