// Searching the chat archive (docs/product.md §Chat archive), replayed along archiveSearch's recorded paths on the real
// Archive Chat screen, where the search lives (for the platform chosen above it): the form's terms, a search (or what
// it needs), its results with their next page and export, and a chatter's messages deleted after a confirmation.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ArchivedMessage, ExportFormat } from '@/contract';
import {
  archiveChatMachine,
  type ArchiveChannel,
  type ArchiveDeletion,
  type ArchiveListing,
  type ArchivePart,
  type ChatPlatform,
} from '@/machines/archive/archiveChat.machine';
import {
  archiveSearchMachine,
  type ArchiveChatter,
  type ArchiveSearchTerms,
} from '@/machines/archive/archiveSearch.machine';
import { sampleArchiveChannel } from '@/machines/archive/samples';
import { ArchiveChatScreen } from '@/src/archive/ArchiveChat';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type Page = { messages: ArchivedMessage[]; next: string | null };
type Query = { platform: ChatPlatform | null; terms: ArchiveSearchTerms; before: string | null };

const LABELS: Record<keyof ArchiveSearchTerms, string> = { q: 'Words', user: 'Chatter', from: 'From', to: 'To' };
const NO_TERMS: ArchiveSearchTerms = { q: '', user: '', from: '', to: '' };
/** What the screen says when Search has nothing to search for (the English catalogue's words). */
const SEARCH_NEEDS_TERMS = 'Type words to search for, or a chatter\u2019s name.';
const PLATFORM_LABEL = { twitch: 'Twitch', youtube: 'Youtube' } as const;

walkScreens('archiveSearch', {
  async mount(input) {
    const { platform } = input as { platform: ChatPlatform | null };
    const list = controlled<ArchiveListing, { platform: ChatPlatform; date: string }>();
    const search = controlled<Page, Query>();
    const searchMore = controlled<Page, Query>();
    const exportResults = controlled<
      void,
      { platform: ChatPlatform | null; terms: ArchiveSearchTerms; format: ExportFormat }
    >();
    const deleteChatter = controlled<number, { platform: ChatPlatform; chatterId: string }>();
    renderScreen(
      <ArchiveChatScreen
        logic={archiveChatMachine.provide({
          actors: {
            listArchive: list.logic,
            setArchiving: controlled<ArchiveChannel | null, { platform: ChatPlatform; archiving: boolean }>().logic,
            exportArchive: controlled<void, { platform: ChatPlatform; part: ArchivePart; format: ExportFormat }>()
              .logic,
            deleteArchive: controlled<number, { platform: ChatPlatform; deletion: ArchiveDeletion }>().logic,
          },
        })}
        searchLogic={archiveSearchMachine.provide({
          actors: {
            search: search.logic,
            searchMore: searchMore.logic,
            exportResults: exportResults.logic,
            deleteChatter: deleteChatter.logic,
          },
        })}
      />,
      { path: '/archive-chat', jwt: 'creator.jwt' },
    );
    // The platform chosen above the search: it searches only that platform's chat.
    if (platform !== null) {
      fireEvent.click(screen.getByRole('radio', { name: PLATFORM_LABEL[platform] }));
      await list.resolve({ channel: sampleArchiveChannel(true), days: [], streams: [] });
    }
    const region = within(await screen.findByRole('region', { name: 'Search the archive' }));
    expect(
      region.getByText(
        platform === null
          ? /Searches the chat of every platform you archive/
          : `Searches the chat archived from ${platform === 'twitch' ? 'Twitch' : 'YouTube'}.`,
      ),
    ).toBeInTheDocument();
    /** The form as typed, what was searched and answered: the screen shows it back. */
    const seen = {
      terms: { ...NO_TERMS },
      searched: { ...NO_TERMS },
      results: [] as ArchivedMessage[],
      next: null as string | null,
      error: null as string | null,
      notice: null as string | null,
      chatter: null as ArchiveChatter | null,
      searches: 0,
      pages: 0,
      exports: 0,
      deletions: 0,
    };
    const form = () => within(screen.getByRole('search', { name: 'Search the archive' }));
    const dialog = () => screen.getByRole('alertdialog', { name: `Delete every message from ${seen.chatter!.name}?` });
    return {
      platform,
      search,
      searchMore,
      exportResults,
      deleteChatter,
      seen,
      region: () => within(screen.getByRole('region', { name: 'Search the archive' })),
      form,
      dialog,
      gestures: {
        'terms.change': ({ field, value }) => {
          seen.terms = { ...seen.terms, [field]: value };
          fireEvent.change(form().getByLabelText(LABELS[field]), { target: { value } });
        },
        'search.submit': () => {
          if (seen.terms.q.trim() || seen.terms.user.trim())
            Object.assign(seen, { searched: { ...seen.terms }, error: null, notice: null });
          else seen.error = SEARCH_NEEDS_TERMS;
          fireEvent.submit(screen.getByRole('search', { name: 'Search the archive' }));
        },
        'xstate.done.actor.search': async ({ output }) => {
          Object.assign(seen, { results: output.messages, next: output.next, searches: seen.searches + 1 });
          await search.resolve(output);
        },
        'xstate.error.actor.search': async ({ error }) => {
          Object.assign(seen, { results: [], error: (error as Error).message, searches: seen.searches + 1 });
          await search.reject(error);
        },
        'search.more': () => fireEvent.click(screen.getByRole('button', { name: 'More results' })),
        'xstate.done.actor.searchMore': async ({ output }) => {
          Object.assign(seen, {
            results: [...seen.results, ...output.messages],
            next: output.next,
            pages: seen.pages + 1,
          });
          await searchMore.resolve(output);
        },
        'xstate.error.actor.searchMore': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, pages: seen.pages + 1 });
          await searchMore.reject(error);
        },
        'search.export': ({ format }) => {
          seen.error = null;
          const label = { ndjson: 'NDJSON', csv: 'CSV', text: 'Text' }[format];
          const group = within(screen.getByRole('group', { name: 'Export the results' }));
          fireEvent.click(group.getByRole('button', { name: `Export ${label}` }));
        },
        'xstate.done.actor.exportResults': async () => {
          seen.exports += 1;
          await exportResults.resolve();
        },
        'xstate.error.actor.exportResults': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, exports: seen.exports + 1 });
          await exportResults.reject(error);
        },
        'chatter.delete': ({ chatter }) => {
          Object.assign(seen, { chatter, error: null });
          const group = within(screen.getByRole('group', { name: 'Delete a chatter’s messages' }));
          fireEvent.click(group.getByRole('button', { name: `Delete every message from ${chatter.name}` }));
        },
        'delete.confirm': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' })),
        'delete.dismiss': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep them' }));
          seen.chatter = null;
        },
        'xstate.done.actor.deleteChatter': async ({ output }) => {
          const { id, name } = seen.chatter!;
          Object.assign(seen, {
            results: seen.results.filter((message) => message.chatterId !== id),
            notice: `Deleted ${output.toLocaleString('en-US')} message${output === 1 ? '' : 's'} from ${name} for good.`,
            chatter: null,
            deletions: seen.deletions + 1,
          });
          await deleteChatter.resolve(output);
        },
        'xstate.error.actor.deleteChatter': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, deletions: seen.deletions + 1 });
          await deleteChatter.reject(error);
        },
      },
    };
  },
  states: {
    // The form as typed, nothing searched or on its way; why the last search said nothing, if it did.
    idle: (mounted) => {
      const { seen, region, search } = mounted;
      showsForm(mounted);
      expect(region().getByRole('button', { name: 'Search' })).toBeEnabled();
      expect(region().queryByText('Searching')).not.toBeInTheDocument();
      expect(region().queryByText(/found/)).not.toBeInTheDocument();
      expect(region().queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
      if (seen.error) expect(region().getByRole('alert')).toHaveTextContent(seen.error);
      else expect(region().queryByRole('alert')).not.toBeInTheDocument();
      expect(search.started).toBe(seen.searches);
    },
    // The search is on its way with the terms searched, for the platform chosen: Search waits.
    searching: (mounted) => {
      const { seen, region, search, platform } = mounted;
      showsForm(mounted);
      expect(region().getByText('Searching')).toBeInTheDocument();
      expect(region().getByRole('button', { name: 'Search' })).toBeDisabled();
      expect(region().queryByRole('alert')).not.toBeInTheDocument();
      expect(search.started).toBe(seen.searches + 1);
      expect(search.inputs.at(-1)).toEqual({ platform, terms: seen.searched, before: null });
    },
    // The results, every action usable; the last refusal or deletion said; no dialog.
    'results.idle': (mounted) => {
      const { seen, region, searchMore, exportResults, deleteChatter } = mounted;
      showsResults(mounted);
      if (seen.results.length > 0)
        for (const button of within(region().getByRole('group', { name: 'Export the results' })).getAllByRole('button'))
          expect(button).toBeEnabled();
      if (seen.next) expect(region().getByRole('button', { name: 'More results' })).toBeEnabled();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      if (seen.error) expect(region().getByRole('alert')).toHaveTextContent(seen.error);
      else expect(region().queryByRole('alert')).not.toBeInTheDocument();
      if (seen.notice) expect(region().getByText(seen.notice)).toBeInTheDocument();
      expect(searchMore.started).toBe(seen.pages);
      expect(exportResults.started).toBe(seen.exports);
      expect(deleteChatter.started).toBe(seen.deletions);
    },
    // The next page is on its way, after the last result, with the terms searched (the screen shows no sign of it:
    // More results stays as it was, and a second click is ignored).
    'results.more': (mounted) => {
      const { seen, region, searchMore, platform } = mounted;
      showsResults(mounted);
      expect(region().getByRole('button', { name: 'More results' })).toBeInTheDocument();
      expect(searchMore.started).toBe(seen.pages + 1);
      expect(searchMore.inputs.at(-1)).toEqual({ platform, terms: seen.searched, before: seen.next });
    },
    // The export is on its way, of the terms searched: the exports wait.
    'results.exporting': (mounted) => {
      const { seen, region, exportResults, platform } = mounted;
      showsResults(mounted);
      for (const button of within(region().getByRole('group', { name: 'Export the results' })).getAllByRole('button'))
        expect(button).toBeDisabled();
      expect(region().getByRole('button', { name: 'Search' })).toBeDisabled();
      expect(exportResults.started).toBe(seen.exports + 1);
      expect(exportResults.inputs.at(-1)).toEqual({ platform, terms: seen.searched, format: 'ndjson' });
    },
    // The dialog asks before the chatter's messages go for good; nothing sent since the last answer.
    'results.confirming': ({ seen, dialog, deleteChatter }) => {
      expect(dialog()).toHaveTextContent('This cannot be undone.');
      expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Keep them' })).toBeEnabled();
      if (seen.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(seen.error);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(deleteChatter.started).toBe(seen.deletions);
    },
    // The deletion of the chatter, by their id, is on its way: the dialog waits.
    'results.deleting': ({ seen, dialog, deleteChatter }) => {
      expect(within(dialog()).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Keep them' })).toBeDisabled();
      expect(deleteChatter.started).toBe(seen.deletions + 1);
      expect(deleteChatter.inputs.at(-1)).toEqual({ platform: seen.chatter!.platform, chatterId: seen.chatter!.id });
    },
  },
});

type Mounted = {
  seen: { terms: ArchiveSearchTerms; results: ArchivedMessage[]; next: string | null };
  form: () => ReturnType<typeof within>;
  region: () => ReturnType<typeof within>;
};

/** The form's fields as typed. */
function showsForm({ seen, form }: Mounted) {
  for (const [field, label] of Object.entries(LABELS))
    expect(form().getByLabelText(label)).toHaveValue(seen.terms[field as keyof ArchiveSearchTerms]);
}

/** The results found (newest first, each linking into its day), counted; a chatter search offers their deletion. */
function showsResults(mounted: Mounted) {
  const { seen, region } = mounted;
  showsForm(mounted);
  const { results, next } = seen;
  expect(
    region().getByText(
      results.length === 0
        ? 'Nothing found.'
        : `${results.length}${next ? '+' : ''} message${results.length === 1 ? '' : 's'} found, newest first.`,
    ),
  ).toBeInTheDocument();
  if (results.length > 0) {
    const items = within(region().getByRole('list', { name: 'Search results' })).getAllByRole('listitem');
    expect(items).toHaveLength(results.length);
    for (const [i, item] of items.entries()) {
      expect(item).toHaveTextContent(results[i]!.text);
      expect(within(item).getByRole('link', { name: 'Open in the chat of that day' })).toBeInTheDocument();
    }
  }
  expect(region().queryByText('Searching')).not.toBeInTheDocument();
  const chatters = region().queryByRole('group', { name: 'Delete a chatter’s messages' });
  if (seen.terms.user.trim() && results.length > 0) expect(chatters).toBeInTheDocument();
  else expect(chatters).not.toBeInTheDocument();
}
