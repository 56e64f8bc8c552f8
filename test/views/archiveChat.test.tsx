// Archive Chat (docs/product.md §Chat archive) through its machines with controlled actors: the spec's form over the real archive (the list
// only once a platform is chosen), Archive Chat turning archiving on or saying what is missing, the streams and days
// exported and deleted with a confirmation, search with a chatter's deletion, and the viewer of a day or a stream.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArchivedMessage, ExportFormat } from '@/contract';
import {
  archiveChatMachine,
  type ArchiveChannel,
  type ArchiveDeletion,
  type ArchiveListing,
  type ArchivePart,
  type ChatPlatform,
} from '@/machines/archive/archiveChat.machine';
import { archiveSearchMachine, type ArchiveSearchTerms } from '@/machines/archive/archiveSearch.machine';
import {
  archiveViewerMachine,
  type ArchivePage,
  type ArchivePageQuery,
} from '@/machines/archive/archiveViewer.machine';
import { ArchiveChatScreen } from '@/src/archive/ArchiveChat';
import { ArchiveDayScreen } from '@/src/archive/ArchiveViewer';
import { publishSignal } from '@/src/notifications/liveHub';
import {
  sampleArchiveChannel,
  sampleArchiveDay,
  sampleArchivedMessage,
  sampleArchiveStream,
} from '@/machines/archive/samples';
import type { Controlled } from '@/test/machines/controlled';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

function setup() {
  const list = controlled<ArchiveListing, { platform: ChatPlatform; date: string }>();
  const setArchiving = controlled<ArchiveChannel | null, { platform: ChatPlatform; archiving: boolean }>();
  const exportArchive = controlled<void, { platform: ChatPlatform; part: ArchivePart; format: ExportFormat }>();
  const remove = controlled<number, { platform: ChatPlatform; deletion: ArchiveDeletion }>();
  const search = controlled<
    { messages: ArchivedMessage[]; next: string | null },
    { platform: ChatPlatform | null; terms: ArchiveSearchTerms; before: string | null }
  >();
  const exportResults = controlled<
    void,
    { platform: ChatPlatform | null; terms: ArchiveSearchTerms; format: ExportFormat }
  >();
  const deleteChatter = controlled<number, { platform: ChatPlatform; chatterId: string }>();
  const logic = archiveChatMachine.provide({
    actors: {
      listArchive: list.logic,
      setArchiving: setArchiving.logic,
      exportArchive: exportArchive.logic,
      deleteArchive: remove.logic,
    },
  });
  const searchLogic = archiveSearchMachine.provide({
    actors: {
      search: search.logic,
      searchMore: search.logic,
      exportResults: exportResults.logic,
      deleteChatter: deleteChatter.logic,
    },
  });
  renderScreen(<ArchiveChatScreen logic={logic} searchLogic={searchLogic} />, {
    path: '/archive-chat',
    jwt: 'creator.jwt',
  });
  return { list, setArchiving, exportArchive, remove, search, exportResults, deleteChatter, user: userEvent.setup() };
}

describe('Archive Chat', () => {
  it('follows the archive live: the platform’s signal reads the list again in place; another platform’s does not', async () => {
    const { list, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({ channel: sampleArchiveChannel(true), days: [], streams: [] });
    expect(screen.getByText(/Nothing of Twitch is archived yet\./)).toBeInTheDocument();
    act(() => publishSignal({ type: 'archive.updated', platform: 'youtube' }));
    expect(list.started).toBe(1);
    act(() => publishSignal({ type: 'archive.updated', platform: 'twitch' }));
    expect(list.started).toBe(2);
    expect(list.inputs.at(-1)).toEqual({ platform: 'twitch', date: '' });
    // In place: no spinner, the screen stays as it is until the answer.
    expect(screen.queryByText('Loading the archive')).toBeNull();
    await list.resolve({ channel: sampleArchiveChannel(true), days: [sampleArchiveDay], streams: [] });
    expect(screen.queryByText(/Nothing of Twitch is archived yet\./)).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Archived days' })).getAllByRole('listitem')).toHaveLength(1);
    // A failed read keeps what is shown.
    act(() => publishSignal({ type: 'archive.updated', platform: 'twitch' }));
    await list.reject(refusal('The server could not be reached', 0));
    expect(within(screen.getByRole('list', { name: 'Archived days' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty archive says why and offers the action that fills it: turning archiving on', async () => {
    const { list, setArchiving, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({ channel: sampleArchiveChannel(false), days: [], streams: [] });
    expect(screen.getByText(/Archiving is off for Rin_Streams: turn it on/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn archiving on' }));
    expect(setArchiving.inputs.at(-1)).toEqual({ platform: 'twitch', archiving: true });
    await setArchiving.resolve(sampleArchiveChannel(true));
    expect(
      screen.getByText('Archiving is on: the chat shows here within seconds of its first message.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn archiving on' })).toBeNull();
  });

  it('search is there before a platform is chosen and searches every platform', async () => {
    const { search, list, user } = setup();
    expect(list.started).toBe(0);
    const form = await screen.findByRole('search', { name: 'Search the archive' });
    expect(
      screen.getByText(
        'Searches the chat of every platform you archive; choose a platform above to search only its chat.',
      ),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Words'), 'lantern');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search.inputs.at(-1)).toMatchObject({ platform: null, terms: { q: 'lantern' } });
    await search.resolve({ messages: [{ ...sampleArchivedMessage, platform: 'youtube' }], next: null });
    expect(
      within(screen.getByRole('list', { name: 'Search results' })).getByRole('link', {
        name: 'Open in the chat of that day',
      }),
    ).toHaveAttribute('href', '/archive-chat/youtube/2026-11-25?at=03:52');
  });

  it('keeps the spec’s form; the archive lists once a platform is chosen; Archive Chat turns archiving on', async () => {
    const { list, setArchiving, user } = setup();
    expect(screen.getByRole('radiogroup', { name: 'Platform' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date of the streams')).toBeInTheDocument();
    expect(screen.getByText('Choose a platform to see its archived streams.')).toBeInTheDocument();
    expect(list.started).toBe(0);

    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    expect(list.inputs.at(-1)).toEqual({ platform: 'twitch', date: '' });
    await list.resolve({
      channel: sampleArchiveChannel(false),
      days: [sampleArchiveDay],
      streams: [sampleArchiveStream],
    });
    const streams = screen.getByRole('list', { name: 'Archived streams' });
    expect(within(streams).getByRole('heading', { name: 'Speedrun night with Nova Energy' })).toBeInTheDocument();
    expect(within(streams).getByText('#rin_streams · Fri, Nov 20, 2026 · 19:02:11–22:15:40 UTC')).toBeInTheDocument();
    expect(within(streams).getByText('9 messages · 6 chatters')).toBeInTheDocument();
    expect(within(streams).getByRole('link', { name: /Open chat/ })).toHaveAttribute(
      'href',
      '/archive-chat/twitch/streams/3',
    );
    const days = screen.getByRole('list', { name: 'Archived days' });
    expect(within(days).getByRole('heading', { name: 'Fri, Nov 20, 2026' })).toBeInTheDocument();
    expect(within(days).getByText('11 messages · 8 chatters · 1 gap')).toBeInTheDocument();
    expect(within(days).getByRole('link', { name: /Open chat/ })).toHaveAttribute(
      'href',
      '/archive-chat/twitch/2026-11-20',
    );
    expect(screen.getByText('Not archiving')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archive Chat' }));
    expect(setArchiving.inputs.at(-1)).toEqual({ platform: 'twitch', archiving: true });
    await setArchiving.resolve(sampleArchiveChannel(true));
    expect(
      screen.getByText("Archiving is on: every message of Rin_Streams's chat is kept from now on."),
    ).toBeInTheDocument();
    expect(screen.getByText('Archiving · live')).toBeInTheDocument();
  });

  it('without a connected account, Archive Chat says what is missing and links to Connect Accounts', async () => {
    const { list, setArchiving, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Youtube' }));
    await list.resolve({ channel: null, days: [], streams: [] });
    expect(screen.getByText('Nothing of YouTube is archived yet.')).toBeInTheDocument();
    // Why, and the one action that fills it.
    expect(screen.getByRole('link', { name: 'connect YouTube' })).toHaveAttribute('href', '/connect-accounts');
    await user.click(screen.getByRole('button', { name: 'Archive Chat' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Connect your YouTube account first (Connect Accounts), then Archive Chat keeps its chat.',
    );
    expect(screen.getByRole('link', { name: 'Go to Connect Accounts' })).toHaveAttribute('href', '/connect-accounts');
    expect(setArchiving.started).toBe(0);
  });

  it('a date lists that day; a day exports in the chosen format and is deleted after a confirmation', async () => {
    const { list, exportArchive, remove, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({ channel: sampleArchiveChannel(true), days: [sampleArchiveDay], streams: [] });
    await user.type(screen.getByLabelText('Date of the streams'), '2026-11-20');
    expect(list.inputs.at(-1)).toEqual({ platform: 'twitch', date: '2026-11-20' });
    await list.resolve({ channel: sampleArchiveChannel(true), days: [sampleArchiveDay], streams: [] });

    await user.click(screen.getByRole('button', { name: 'CSV' }));
    expect(exportArchive.inputs.at(-1)).toEqual({
      platform: 'twitch',
      part: { kind: 'day', day: '2026-11-20' },
      format: 'csv',
    });
    await exportArchive.resolve();

    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the chat of Fri, Nov 20, 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove.inputs.at(-1)).toEqual({ platform: 'twitch', deletion: { kind: 'day', day: '2026-11-20' } });
    await remove.resolve(11);
    await list.resolve({ channel: sampleArchiveChannel(true), days: [], streams: [] });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Deleted 11 messages for good.')).toBeInTheDocument();
    expect(screen.getByText('Nothing of Twitch is archived for Fri, Nov 20, 2026.')).toBeInTheDocument();
  });

  it('a stream exports on its own and is deleted after a confirmation that names it; a refusal keeps the dialog', async () => {
    const { list, exportArchive, remove, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({
      channel: sampleArchiveChannel(true),
      days: [sampleArchiveDay],
      streams: [{ ...sampleArchiveStream, endedAt: null }],
    });
    const streams = screen.getByRole('list', { name: 'Archived streams' });
    expect(within(streams).getByText('#rin_streams · Fri, Nov 20, 2026 · 19:02:11 UTC · live now')).toBeInTheDocument();
    await user.click(within(streams).getByRole('button', { name: 'Text' }));
    expect(exportArchive.inputs.at(-1)).toEqual({
      platform: 'twitch',
      part: { kind: 'stream', id: 3, title: 'Speedrun night with Nova Energy' },
      format: 'text',
    });
    await exportArchive.reject(refusal('The server could not be reached', 0));
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached');

    await user.click(within(streams).getByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete the chat of the stream “Speedrun night with Nova Energy”?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove.inputs.at(-1)).toEqual({
      platform: 'twitch',
      deletion: { kind: 'stream', id: 3, title: 'Speedrun night with Nova Energy' },
    });
    await remove.reject(refusal('No such archived stream', 404));
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent('No such archived stream');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove.started).toBe(1);
  });

  it('search: results link into their day; a chatter’s messages are deleted after a confirmation', async () => {
    const { list, search, deleteChatter, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({ channel: sampleArchiveChannel(true), days: [sampleArchiveDay], streams: [] });
    const form = await screen.findByRole('search', { name: 'Search the archive' });
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type words to search for, or a chatter’s name.')).toBeInTheDocument();
    expect(search.started).toBe(0);

    await user.type(within(form).getByLabelText('Chatter'), 'retro_rosa');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search.inputs.at(-1)).toMatchObject({ terms: { q: '', user: 'retro_rosa', from: '', to: '' } });
    await search.resolve({ messages: [{ ...sampleArchivedMessage, text: '<b>lantern</b>' }], next: null });
    const results = screen.getByRole('list', { name: 'Search results' });
    // Text, never HTML.
    expect(within(results).getByText('<b>lantern</b>')).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Open in the chat of that day' })).toHaveAttribute(
      'href',
      '/archive-chat/twitch/2026-11-25?at=03:52',
    );

    await user.click(screen.getByRole('button', { name: 'Delete every message from retro_rosa' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete every message from retro_rosa?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // By the chatter's id, not by the name searched for.
    expect(deleteChatter.inputs.at(-1)).toEqual({ platform: 'twitch', chatterId: '90112233' });
    await deleteChatter.reject(refusal('The server could not be reached', 0));
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent(
      'The server could not be reached',
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await deleteChatter.resolve(2);
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect(screen.getByText('Deleted 2 messages from retro_rosa for good.')).toBeInTheDocument();
  });

  it('search: the form’s terms are the statechart’s; the next page and the export keep the terms searched, not those typed since', async () => {
    const { list, search, exportResults, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({ channel: sampleArchiveChannel(true), days: [sampleArchiveDay], streams: [] });
    const form = await screen.findByRole('search', { name: 'Search the archive' });
    await user.type(within(form).getByLabelText('Words'), 'lantern');
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-01' } });
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search.inputs.at(-1)).toEqual({
      platform: 'twitch',
      terms: { q: 'lantern', user: '', from: '2026-11-01', to: '' },
      before: null,
    });
    await search.resolve({ messages: [sampleArchivedMessage], next: '1795578760238.6' });

    await user.type(within(form).getByLabelText('Words'), ' festival');
    expect(within(form).getByLabelText('Words')).toHaveValue('lantern festival');
    await user.click(screen.getByRole('button', { name: 'More results' }));
    expect(search.inputs.at(-1)).toEqual({
      platform: 'twitch',
      terms: { q: 'lantern', user: '', from: '2026-11-01', to: '' },
      before: '1795578760238.6',
    });
    await search.resolve({ messages: [{ ...sampleArchivedMessage, id: 5 }], next: null });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(exportResults.inputs.at(-1)).toEqual({
      platform: 'twitch',
      terms: { q: 'lantern', user: '', from: '2026-11-01', to: '' },
      format: 'csv',
    });
    await exportResults.resolve();

    // A new search takes the terms as typed.
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search.inputs.at(-1)).toMatchObject({ terms: { q: 'lantern festival', from: '2026-11-01' }, before: null });
  });

  it('search: two chatters found under one name are told apart by id; deleting one keeps the other’s messages', async () => {
    const { list, search, deleteChatter, user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({ channel: sampleArchiveChannel(true), days: [sampleArchiveDay], streams: [] });
    const form = await screen.findByRole('search', { name: 'Search the archive' });
    await user.type(within(form).getByLabelText('Chatter'), 'retro_rosa');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    // The login went to someone else after its first owner renamed themself.
    await search.resolve({
      messages: [
        { ...sampleArchivedMessage, text: 'the new owner of the name' },
        {
          ...sampleArchivedMessage,
          id: 5,
          chatterId: '55500011',
          sentAt: sampleArchivedMessage.sentAt - 60_000,
          text: 'the first owner of the name',
        },
        {
          ...sampleArchivedMessage,
          id: 4,
          sentAt: sampleArchivedMessage.sentAt - 120_000,
          text: 'the new owner again',
        },
      ],
      next: null,
    });
    const group = screen.getByRole('group', { name: 'Delete a chatter’s messages' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Delete every message from retro_rosa (id 90112233)',
      'Delete every message from retro_rosa (id 55500011)',
    ]);
    await user.click(within(group).getByRole('button', { name: 'Delete every message from retro_rosa (id 55500011)' }));
    await user.click(
      within(
        screen.getByRole('alertdialog', { name: 'Delete every message from retro_rosa (id 55500011)?' }),
      ).getByRole('button', { name: 'Delete' }),
    );
    expect(deleteChatter.inputs.at(-1)).toEqual({ platform: 'twitch', chatterId: '55500011' });
    await deleteChatter.resolve(1);
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).queryByText('the first owner of the name')).toBeNull();
    expect(within(results).getByText('the new owner of the name')).toBeInTheDocument();
    expect(within(results).getByText('the new owner again')).toBeInTheDocument();
    expect(screen.getByText('Deleted 1 message from retro_rosa (id 55500011) for good.')).toBeInTheDocument();
  });
});

describe('one archived day', () => {
  it('shows messages in order as text with badges, moderation marks and gaps; a jump loads the page at that time', async () => {
    const load = controlled<ArchivePage, ArchivePageQuery>();
    const logic = archiveViewerMachine.provide({ actors: { loadPage: load.logic, loadMore: load.logic } });
    renderScreen(<ArchiveDayScreen logic={logic} />, {
      path: '/archive-chat/:platform/:date',
      url: '/archive-chat/twitch/2026-11-20?at=03:50',
      jwt: 'creator.jwt',
    });
    expect(load.inputs.at(-1)).toEqual({
      platform: 'twitch',
      date: '2026-11-20',
      stream: null,
      at: '03:50',
      after: null,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Chat of Fri, Nov 20, 2026' })).toBeInTheDocument();
    await load.resolve({
      messages: [
        { ...sampleArchivedMessage, badges: 'moderator/1,subscriber/3', text: '<img src=x onerror=alert(1)>' },
        {
          ...sampleArchivedMessage,
          id: 7,
          login: 'spamsam',
          displayName: 'SpamSam',
          sentAt: sampleArchivedMessage.sentAt + 5000,
          moderated: true,
          text: 'BUY FOLLOWERS',
        },
      ],
      events: [
        {
          id: 1,
          kind: 'gap',
          at: sampleArchivedMessage.sentAt + 1000,
          until: sampleArchivedMessage.sentAt + 4000,
          targetLogin: null,
          duration: null,
        },
      ],
      next: null,
      stream: null,
    });
    // jsdom has no layout: the virtualiser renders what fits its estimate; the log is there with its first rows.
    const log = screen.getByRole('log', { name: 'Messages of Fri, Nov 20, 2026' });
    expect(log).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    await userJumps(load, 'No message at or after 22:00 UTC on this day.');
  });
});

describe('an open day follows the archive live', () => {
  it('the last page shown is read again in place when the platform’s archive grows', async () => {
    const load = controlled<ArchivePage, ArchivePageQuery>();
    const logic = archiveViewerMachine.provide({ actors: { loadPage: load.logic, loadMore: load.logic } });
    renderScreen(<ArchiveDayScreen logic={logic} />, {
      path: '/archive-chat/:platform/:date',
      url: '/archive-chat/twitch/2026-11-20',
      jwt: 'creator.jwt',
    });
    await load.resolve({ messages: [sampleArchivedMessage], events: [], next: null, stream: null });
    const log = screen.getByRole('log', { name: 'Messages of Fri, Nov 20, 2026' });
    expect(within(log).getByText(sampleArchivedMessage.text)).toBeInTheDocument();
    act(() => publishSignal({ type: 'archive.updated', platform: 'youtube' }));
    expect(load.started).toBe(1);
    act(() => publishSignal({ type: 'archive.updated', platform: 'twitch' }));
    expect(load.started).toBe(2);
    expect(load.inputs.at(-1)).toEqual({ platform: 'twitch', date: '2026-11-20', stream: null, after: null, at: null });
    await load.resolve({
      messages: [
        sampleArchivedMessage,
        { ...sampleArchivedMessage, id: 8, sentAt: sampleArchivedMessage.sentAt + 9000, text: 'just arrived' },
      ],
      events: [],
      next: null,
      stream: null,
    });
    expect(within(log).getByText('just arrived')).toBeInTheDocument();
    expect(within(log).getAllByText(sampleArchivedMessage.text)).toHaveLength(1);
  });
});

describe('the next page of an open day', () => {
  it('a failed next page is not asked again by itself: its error offers Try again, and scrolling loads on after a page arrives', async () => {
    const loadPage = controlled<ArchivePage, ArchivePageQuery>();
    const loadMore = controlled<ArchivePage, ArchivePageQuery>();
    const logic = archiveViewerMachine.provide({ actors: { loadPage: loadPage.logic, loadMore: loadMore.logic } });
    renderScreen(<ArchiveDayScreen logic={logic} />, {
      path: '/archive-chat/:platform/:date',
      url: '/archive-chat/twitch/2026-11-20',
      jwt: 'creator.jwt',
    });
    // A short page with more after it: the end is in view, so the next page is asked for at once.
    await loadPage.resolve({ messages: [sampleArchivedMessage], events: [], next: 'c1', stream: null });
    expect(loadMore.started).toBe(1);
    expect(loadMore.inputs.at(-1)).toMatchObject({ after: 'c1', at: null });
    await loadMore.reject(refusal('The server could not be reached', 0));
    // Not again by itself, however often the screen renders (the asking is an effect: act runs every one it causes).
    await act(async () => {
      fireEvent.scroll(screen.getByRole('log', { name: 'Messages of Fri, Nov 20, 2026' }));
    });
    expect(loadMore.started).toBe(1);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server could not be reached');
    expect(screen.queryByText('Loading more messages')).not.toBeInTheDocument();
    // Try again asks once.
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(loadMore.started).toBe(2);
    expect(loadMore.inputs.at(-1)).toMatchObject({ after: 'c1', at: null });
    expect(screen.getByText('Loading more messages')).toBeInTheDocument();
    // A page arrives: the error goes, and loading on as the end is in view resumes.
    await loadMore.resolve({
      messages: [{ ...sampleArchivedMessage, id: 8, sentAt: sampleArchivedMessage.sentAt + 1000, text: 'page two' }],
      events: [],
      next: 'c2',
      stream: null,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadMore.started).toBe(3);
    expect(loadMore.inputs.at(-1)).toMatchObject({ after: 'c2', at: null });
  });
});

describe('a day that failed to load, then loaded', () => {
  it('Try again reads the day; once it arrives, the failure is gone and the next page is asked for', async () => {
    const loadPage = controlled<ArchivePage, ArchivePageQuery>();
    const loadMore = controlled<ArchivePage, ArchivePageQuery>();
    const logic = archiveViewerMachine.provide({ actors: { loadPage: loadPage.logic, loadMore: loadMore.logic } });
    renderScreen(<ArchiveDayScreen logic={logic} />, {
      path: '/archive-chat/:platform/:date',
      url: '/archive-chat/twitch/2026-11-20',
      jwt: 'creator.jwt',
    });
    await loadPage.reject(refusal('The server could not be reached', 0));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(loadPage.started).toBe(2);
    await loadPage.resolve({ messages: [sampleArchivedMessage], events: [], next: 'c1', stream: null });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadMore.started).toBe(1);
  });
});

describe('one archived stream', () => {
  it('is titled by the stream, says when it ran, pages by its id and jumps within it', async () => {
    const load = controlled<ArchivePage, ArchivePageQuery>();
    const logic = archiveViewerMachine.provide({ actors: { loadPage: load.logic, loadMore: load.logic } });
    renderScreen(<ArchiveDayScreen logic={logic} />, {
      path: '/archive-chat/:platform/streams/:id',
      url: '/archive-chat/twitch/streams/3',
      jwt: 'creator.jwt',
    });
    expect(load.inputs.at(-1)).toEqual({ platform: 'twitch', date: null, stream: 3, at: null, after: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Chat of a stream' })).toBeInTheDocument();
    await load.resolve({ messages: [sampleArchivedMessage], events: [], next: null, stream: sampleArchiveStream });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Chat of the stream “Speedrun night with Nova Energy”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('#rin_streams · Fri, Nov 20, 2026 · 19:02:11–22:15:40 UTC')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Messages of the stream' })).toBeInTheDocument();
    await userJumps(load, 'No message at or after 22:00 UTC in this stream.');
    expect(load.inputs.at(-1)).toMatchObject({ stream: 3, date: null });
  });
});

async function userJumps(load: Controlled<ArchivePage, ArchivePageQuery>, empty: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText('Jump to time (UTC)');
  await user.clear(field);
  await user.type(field, '22:00');
  await user.click(screen.getByRole('button', { name: 'Go' }));
  expect(load.inputs.at(-1)).toMatchObject({ at: '22:00', after: null });
  await load.resolve({ messages: [], events: [], next: null, stream: null });
  expect(screen.getByText(empty)).toBeInTheDocument();
}

describe('the archive in Spanish', () => {
  it('Archive Chat, its cards, its checks, its notices and its search in the page’s language; what was archived as it is', async () => {
    await act(() => setLocale('es-MX'));
    const { list, setArchiving, remove, search, deleteChatter, user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Archivo del chat' })).toBeInTheDocument();
    expect(screen.getByText('Elige una plataforma para ver sus transmisiones archivadas.')).toBeInTheDocument();
    // Search before a platform is chosen (its code arrives after the screen's): it says what it needs.
    await user.click(await screen.findByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Escribe palabras para buscar, o el nombre de un participante.',
    );

    await user.click(screen.getByRole('radio', { name: 'Youtube' }));
    await list.resolve({ channel: null, days: [], streams: [] });
    expect(screen.getByText('Todavía no hay nada de YouTube archivado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'conecta YouTube' })).toHaveAttribute('href', '/connect-accounts');
    await user.click(screen.getByRole('button', { name: 'Archivar chat' }));
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(
      'Primero conecta tu cuenta de YouTube (Conectar cuentas); después, Archivo del chat guarda su chat.',
    );

    await user.click(screen.getByRole('radio', { name: 'Twitch' }));
    await list.resolve({
      channel: sampleArchiveChannel(false),
      days: [sampleArchiveDay],
      streams: [{ ...sampleArchiveStream, title: '' }],
    });
    expect(screen.getByText('Sin archivar')).toBeInTheDocument();
    const streams = screen.getByRole('list', { name: 'Transmisiones archivadas' });
    expect(within(streams).getByRole('heading', { name: 'Transmisión sin título' })).toBeInTheDocument();
    expect(within(streams).getByText('9 mensajes · 6 participantes')).toBeInTheDocument();
    expect(
      within(streams).getByText(/^#rin_streams · vie, 20 de nov de 2026 · 19:02:11–22:15:40 UTC$/),
    ).toBeInTheDocument();
    const days = screen.getByRole('list', { name: 'Días archivados' });
    expect(within(days).getByRole('heading', { name: 'vie, 20 de nov de 2026' })).toBeInTheDocument();
    expect(within(days).getByText('11 mensajes · 8 participantes · 1 hueco')).toBeInTheDocument();
    expect(within(days).getByRole('link', { name: 'Abrir el chat de vie, 20 de nov de 2026' })).toBeInTheDocument();
    expect(within(days).getByRole('button', { name: 'Texto' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archivar chat' }));
    await setArchiving.resolve(sampleArchiveChannel(true));
    expect(
      screen.getByText('El archivo está activado: desde ahora se guarda cada mensaje del chat de Rin_Streams.'),
    ).toBeInTheDocument();

    await user.click(within(days).getByRole('button', { name: 'Borrar vie, 20 de nov de 2026' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Borrar el chat del vie, 20 de nov de 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
    await remove.resolve(1);
    await list.resolve({ channel: sampleArchiveChannel(true), days: [], streams: [] });
    expect(screen.getByText('Se borró 1 mensaje para siempre.')).toBeInTheDocument();

    // Search: its count, a chatter's deletion, and the messages as they were written.
    await user.type(screen.getByLabelText('Participante'), 'retro_rosa');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await search.resolve({ messages: [sampleArchivedMessage], next: 'c1' });
    expect(screen.getByText('1+ mensaje encontrado, del más reciente al más antiguo.')).toBeInTheDocument();
    expect(screen.getByText(sampleArchivedMessage.text)).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: `Borrar todos los mensajes de ${sampleArchivedMessage.displayName}` }),
    );
    const forget = screen.getByRole('alertdialog', {
      name: `¿Borrar todos los mensajes de ${sampleArchivedMessage.displayName}?`,
    });
    await user.click(within(forget).getByRole('button', { name: 'Borrar' }));
    await deleteChatter.resolve(3);
    expect(
      screen.getByText(`Se borraron 3 mensajes de ${sampleArchivedMessage.displayName} para siempre.`),
    ).toBeInTheDocument();
  });

  it('the chat of a day: its title, badges, moderation and gaps in the page’s language', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<ArchivePage, ArchivePageQuery>();
    const logic = archiveViewerMachine.provide({ actors: { loadPage: load.logic, loadMore: load.logic } });
    renderScreen(<ArchiveDayScreen logic={logic} />, {
      path: '/archive-chat/:platform/:date',
      url: '/archive-chat/twitch/2026-11-20',
      jwt: 'creator.jwt',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat del vie, 20 de nov de 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Ir a la hora (UTC)')).toBeInTheDocument();
    await load.resolve({
      messages: [{ ...sampleArchivedMessage, badges: 'moderator/1', moderated: true }],
      events: [
        {
          id: 1,
          kind: 'gap',
          at: sampleArchivedMessage.sentAt + 1000,
          until: null,
          targetLogin: null,
          duration: null,
        },
      ],
      next: null,
      stream: null,
    });
    const log = screen.getByRole('log', { name: 'Mensajes del vie, 20 de nov de 2026' });
    expect(within(log).getByText('Moderador')).toBeInTheDocument();
    expect(within(log).getByText('— eliminado por un moderador')).toBeInTheDocument();
    expect(
      within(log).getByText(/^Sin archivar de \d\d:\d\d:\d\d hasta ahora \(se perdió la conexión con el chat\)$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Archivo del chat' })).toHaveAttribute('href', '/archive-chat');
  });
});
