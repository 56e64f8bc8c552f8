// Find creators (docs/product.md §Discovery and negotiation): an approved advertiser searches the creators who published
// their media kit, by platform, category, language, country, audience and track record; each card shows the public
// figures and links the media kit (a new tab); Save to list keeps a creator in a saved list, Invite offers them one of
// the advertiser's active campaigns. Three flows: creatorSearch, creatorLists, invitation (machines/marketplace/).
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { breakpoints } from '@/src/theme/tokens';
import type { CreatorCard } from '@/contract';
import { countries } from '@/contract/countries';
import { CATEGORIES } from '@/contract/profile';
import { SEARCH_LANGUAGES, SEARCH_SORT_LABELS, SEARCH_SORTS, type SearchSort } from '@/contract/search';
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

/** What Find creators says to an advertiser not yet approved, by the profile's review (issue 48 item 8). */
const NOT_YET: Record<'missing' | 'pending' | 'rejected', string> = {
  missing: 'Send your company profile for review first.',
  pending: 'Your company profile is being reviewed; this page opens as soon as it is approved.',
  rejected: 'Your company profile was not approved: correct it and send it again.',
};

const number = (value: number | null, suffix = '') =>
  value === null ? 'Not measured' : `${value.toLocaleString('en-US')}${suffix}`;
const initials = (name: string) =>
  name
    .split(/[\s_]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

const any = { value: '', label: 'Any' };

/**
 * Searching, lists and invitations are for approved advertisers (the server answers 403 to the others): until the
 * company is approved the screen says, in one sentence, what approval unlocks and what to do, and asks nothing else.
 */
export function FindCreatorsScreen({ logic = {} }: { logic?: FindCreatorsLogic }) {
  const [checklist, sendChecklist] = useMachine(useAdvertiserChecklistLogic(logic.checklist), { inspect });
  const profile = selectChecklistProfile(checklist);
  if (profile === 'approved') return <FindCreators logic={logic} />;
  const loading = selectChecklistLoading(checklist);
  const error = selectChecklistError(checklist);
  return (
    <div className={a.page}>
      <ScreenHeading title="Find creators" />
      {loading || error !== null || profile === null ? (
        <LoadState
          loading={loading}
          error={error}
          what="company profile"
          onRetry={() => sendChecklist({ type: 'checklist.retry' })}
        />
      ) : (
        <Card as="section" aria-label="Not approved yet">
          <p>
            Once Castbridge approves your company, you can search the creators who published their media kit, save them
            to lists and invite them to your campaigns. {NOT_YET[profile]}
          </p>
          <TextLink to="/company-profile" className={a.retry}>
            Company profile
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

  return (
    <div className={a.page}>
      <ScreenHeading title="Find creators" />
      <Card>
        <form onSubmit={submit} aria-label="Search creators">
          <div className={s.filterStack}>
            <div className={s.filters}>
              <Field label="Name or handle starts with" name="q" value={draft.q} onChange={change('q')} />
              <NativeSelectField
                label="Platform"
                name="platform"
                value={draft.platform}
                onChange={change('platform')}
                options={[any, { value: 'Twitch', label: 'Twitch' }, { value: 'YouTube', label: 'YouTube' }]}
              />
              <NativeSelectField
                label="Category"
                name="category"
                value={draft.category}
                onChange={change('category')}
                options={[any, ...CATEGORIES.map((c) => ({ value: c, label: c }))]}
              />
              <NativeSelectField
                label="Language"
                name="language"
                value={draft.language}
                onChange={change('language')}
                options={[any, ...SEARCH_LANGUAGES.map((l) => ({ value: l, label: l }))]}
              />
              <NativeSelectField
                label="Country"
                name="country"
                value={draft.country}
                onChange={change('country')}
                options={[any, ...countries.map((c) => ({ value: c, label: c }))]}
              />
            </div>
            {/* The figures: folded on a phone (the results come sooner), open from a tablet up or once one is set. */}
            <details className={s.more} open={moreOpen} onToggle={(event) => setMoreOpen(event.currentTarget.open)}>
              <summary className={s.moreSummary}>More filters{figuresSet > 0 ? ` (${figuresSet} set)` : ''}</summary>
              <div className={s.filters}>
                <Field
                  label="Average viewers, at least"
                  name="minViewers"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.minViewers}
                  onChange={change('minViewers')}
                />
                <Field
                  label="Average viewers, at most"
                  name="maxViewers"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.maxViewers}
                  onChange={change('maxViewers')}
                />
                <Field
                  label="Followers, at least"
                  name="minFollowers"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.minFollowers}
                  onChange={change('minFollowers')}
                />
                <Field
                  label="Delivery rate, at least (%)"
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
                Search
              </Button>
              <Button type="button" variant="secondary" onClick={() => sendSearch({ type: 'filters.clear' })}>
                Clear filters
              </Button>
            </div>
            <NativeSelectField
              className={s.sortField}
              label="Sort by"
              name="sort"
              value={selectSort(search)}
              onChange={(event) => sendSearch({ type: 'sort.change', sort: event.target.value as SearchSort })}
              options={SEARCH_SORTS.map((sort) => ({ value: sort, label: SEARCH_SORT_LABELS[sort] }))}
            />
          </div>
        </form>
      </Card>

      <SavedLists
        snapshot={lists}
        send={sendLists}
        onInvite={(creator) => sendInvite({ type: 'invite.open', creator })}
      />

      <section aria-label="Results" aria-busy={searching}>
        {selectSearchFailed(search) ? (
          <Alert tone="error" title="The search could not be made">
            <p>{selectSearchError(search)}</p>
            <Button
              variant="secondary"
              size="sm"
              className={a.retry}
              onClick={() => sendSearch({ type: 'search.retry' })}
            >
              Try again
            </Button>
          </Alert>
        ) : null}
        {searching && creators.length === 0 ? (
          <Card>
            <Spinner label="Searching creators" />
          </Card>
        ) : null}
        {selectNoMatch(search) ? (
          <Card>
            <p className={a.empty}>No creator matches these filters. Try fewer filters, or lower the figures.</p>
          </Card>
        ) : null}
        {creators.length > 0 ? (
          <div className={a.page}>
            <p className={s.status} role="status">
              {`Creators ${paging.range}`}
            </p>
            <ul className={s.cards} aria-label="Creators">
              {creators.map((creator) => (
                <CreatorResult
                  key={creator.id}
                  creator={creator}
                  onSave={() =>
                    sendLists({ type: 'save.open', creator: { id: creator.id, displayName: creator.displayName } })
                  }
                  onInvite={() =>
                    sendInvite({ type: 'invite.open', creator: { id: creator.id, displayName: creator.displayName } })
                  }
                />
              ))}
            </ul>
            <nav className={s.paging} aria-label="Pages">
              <Button
                variant="secondary"
                disabled={!paging.canPrevious || searching}
                onClick={() => sendSearch({ type: 'page.previous' })}
              >
                <Icon name="chevron-left" size={18} />
                Previous
              </Button>
              <span className={s.status}>
                {paging.pages === null ? `Page ${paging.page}` : `Page ${paging.page} of ${paging.pages}`}
              </span>
              <Button
                variant="secondary"
                disabled={!paging.canNext || searching}
                onClick={() => sendSearch({ type: 'page.next' })}
              >
                Next
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
  onSave,
  onInvite,
  onRemove,
}: {
  creator: CreatorCard;
  onSave?: () => void;
  onInvite: () => void;
  onRemove?: () => void;
}) {
  const where = [creator.country, creator.language, creator.category].filter(Boolean).join(' · ');
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
            <dt className={s.figureTerm}>Followers</dt>
            <dd className={s.figureValue}>{number(creator.followers)}</dd>
          </div>
          <div className={s.figure}>
            <dt className={s.figureTerm}>Average viewers</dt>
            <dd className={s.figureValue}>{number(creator.avgViewers)}</dd>
          </div>
          <div className={s.figure}>
            <dt className={s.figureTerm}>Completed</dt>
            <dd className={s.figureValue}>{number(creator.completed)}</dd>
          </div>
          <div className={s.figure}>
            <dt className={s.figureTerm}>Delivery rate</dt>
            <dd className={s.figureValue}>{creator.deliveryRate === null ? 'None yet' : `${creator.deliveryRate}%`}</dd>
          </div>
        </dl>
        <div className={s.cardActions}>
          <a className={s.kitLink} href={creator.mediaKitUrl} target="_blank" rel="noopener noreferrer">
            Media kit
            <Icon name="external" size={16} title="(opens in a new tab)" />
          </a>
          {onRemove ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onRemove}
              aria-label={`Remove ${creator.displayName} from the list`}
            >
              Remove
            </Button>
          ) : null}
          {onSave ? (
            <Button variant="secondary" size="sm" onClick={onSave} aria-label={`Save ${creator.displayName} to a list`}>
              Save to list
            </Button>
          ) : null}
          <Button variant="dashboard" size="sm" onClick={onInvite} aria-label={`Invite ${creator.displayName}`}>
            Invite
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
  onInvite,
}: {
  snapshot: ListsSnapshot;
  send: ListsSend;
  onInvite: (creator: { id: string; displayName: string }) => void;
}) {
  const lists = selectLists(snapshot);
  const open = selectOpenList(snapshot);
  const busy = selectListsBusy(snapshot);
  // A refusal below the lists; a failed first read says it once, in its own alert above.
  const error = selectSaveTarget(snapshot) || selectListsFailed(snapshot) ? null : selectListsError(snapshot);
  return (
    <Card>
      <h2 className={a.subTitle}>Saved lists</h2>
      {selectListsLoading(snapshot) ? <Spinner label="Loading saved lists" size="sm" /> : null}
      {selectListsFailed(snapshot) ? (
        <Alert tone="error" title="The saved lists could not be loaded">
          <p>{selectListsError(snapshot)}</p>
          <Button variant="secondary" size="sm" className={a.retry} onClick={() => send({ type: 'lists.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {!selectListsLoading(snapshot) && !selectListsFailed(snapshot) && lists.length === 0 ? (
        <p className={a.muted}>No lists yet: Save to list on a creator starts one.</p>
      ) : null}
      {lists.length > 0 ? (
        <ul className={s.listButtons} aria-label="Saved lists">
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
                {`${list.name} (${list.size})`}
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
                Close list
              </Button>
              <Button
                variant="danger"
                size="sm"
                disabled={busy}
                onClick={() => send({ type: 'list.delete', listId: open.list.id })}
              >
                Delete list
              </Button>
            </div>
          </div>
          {open.creators.length === 0 ? (
            <p className={a.muted}>No creators in this list (a creator who unpublished the media kit leaves it).</p>
          ) : (
            <ul className={s.cards} aria-label={`Creators in ${open.list.name}`}>
              {open.creators.map((creator) => (
                <CreatorResult
                  key={creator.id}
                  creator={creator}
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
    ? window.matchMedia(`(min-width: ${breakpoints.tablet}px)`).matches
    : true;
}
