// Archive Chat (docs/spec.md §2 Archive Chat; docs/product.md §Chat archive), replayed along archiveChat's recorded
// paths on the real screen: the spec's form (the list hidden until a platform is chosen), the archive's streams and
// days read for the platform and date, Archive Chat turning archiving on or saying what is missing, Stop archiving,
// a stream's export, its deletion after a confirmation, and the list read again when the live stream says it grew.
import { act, fireEvent, screen, within } from '@testing-library/react';
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
import { archiveSearchMachine, type ArchiveSearchTerms } from '@/machines/archive/archiveSearch.machine';
import { ArchiveChatScreen } from '@/src/archive/ArchiveChat';
import { archiveDay } from '@/src/archive/archiveFormat';
import { publishSignal } from '@/src/notifications/liveHub';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const RADIO = { twitch: 'Twitch', youtube: 'Youtube' } as const;
const NAME = { twitch: 'Twitch', youtube: 'YouTube' } as const;
const FORMAT = { ndjson: 'NDJSON', csv: 'CSV', text: 'Text' } as const;

/** An event no recorded path carries (the live feed runs while a platform is chosen). */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

const partHeading = (part: ArchivePart) =>
  part.kind === 'day' ? archiveDay(part.day) : part.title || 'Untitled stream';
const deletionTitle = (deletion: ArchiveDeletion, platform: ChatPlatform) =>
  deletion.kind === 'all'
    ? `Delete the whole ${NAME[platform]} archive?`
    : deletion.kind === 'stream'
      ? `Delete the chat of the stream “${deletion.title || 'Untitled stream'}”?`
      : `Delete the chat of ${archiveDay(deletion.day)}?`;

walkScreens('archiveChat', {
  mount() {
    const list = controlled<ArchiveListing, { platform: ChatPlatform; date: string }>();
    const setArchiving = controlled<ArchiveChannel | null, { platform: ChatPlatform; archiving: boolean }>();
    const exportArchive = controlled<void, { platform: ChatPlatform; part: ArchivePart; format: ExportFormat }>();
    const deleteArchive = controlled<number, { platform: ChatPlatform; deletion: ArchiveDeletion }>();
    type Page = { messages: ArchivedMessage[]; next: string | null };
    type Query = { platform: ChatPlatform | null; terms: ArchiveSearchTerms; before: string | null };
    renderScreen(
      <ArchiveChatScreen
        logic={archiveChatMachine.provide({
          actors: {
            listArchive: list.logic,
            setArchiving: setArchiving.logic,
            exportArchive: exportArchive.logic,
            deleteArchive: deleteArchive.logic,
          },
        })}
        searchLogic={archiveSearchMachine.provide({
          actors: {
            search: controlled<Page, Query>().logic,
            searchMore: controlled<Page, Query>().logic,
            exportResults: controlled<
              void,
              { platform: ChatPlatform | null; terms: ArchiveSearchTerms; format: ExportFormat }
            >().logic,
            deleteChatter: controlled<number, { platform: ChatPlatform; chatterId: string }>().logic,
          },
        })}
      />,
      { path: '/archive-chat', jwt: 'creator.jwt' },
    );
    /** The form, the listing as last read, what the creator asked and was answered: the screen shows it back. */
    const seen = {
      platform: null as ChatPlatform | null,
      date: '',
      listing: { channel: null, days: [], streams: [] } as ArchiveListing,
      error: null as string | null,
      notice: null as string | null,
      deletion: null as ArchiveDeletion | null,
      /** The requests each API should have had by now. */
      lists: 0,
      switches: 0,
      exports: 0,
      deletions: 0,
      lastExport: null as { part: ArchivePart; format: ExportFormat } | null,
      /** The list is being read again in place (the live stream said it grew), not read first. */
      again: false,
    };
    const form = () => within(screen.getByRole('region', { name: "Archive a live stream's chat" }));
    const dialog = () => screen.getByRole('alertdialog', { name: deletionTitle(seen.deletion!, seen.platform!) });
    const choose = (platform: ChatPlatform) => fireEvent.click(form().getByRole('radio', { name: RADIO[platform] }));
    return {
      list,
      setArchiving,
      exportArchive,
      deleteArchive,
      seen,
      form,
      dialog,
      gestures: {
        // The chosen platform's radio cannot be clicked again: choosing it again is choosing the other, then it.
        'platform.select': ({ platform }) => {
          if (seen.platform === platform) {
            choose(platform === 'twitch' ? 'youtube' : 'twitch');
            seen.lists += 1;
          }
          choose(platform);
          Object.assign(seen, { platform, notice: null, lists: seen.lists + 1, again: false });
        },
        'date.change': ({ value }) => {
          fireEvent.change(form().getByLabelText('Date of the streams'), { target: { value } });
          seen.date = value;
          if (seen.platform !== null) Object.assign(seen, { notice: null, lists: seen.lists + 1, again: false });
        },
        'archive.retry': () => {
          fireEvent.click(form().getByRole('button', { name: 'Try again' }));
          Object.assign(seen, { lists: seen.lists + 1, again: false });
        },
        'xstate.done.actor.listArchive': async ({ output }) => {
          Object.assign(seen, { listing: output, error: null });
          await list.resolve(output);
        },
        'xstate.error.actor.listArchive': async ({ error }) => {
          // A first read's failure is said; a refresh's keeps what is shown and says nothing.
          if (!seen.again) seen.error = (error as Error).message;
          await list.reject(error);
        },
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
        // The live events stream: the platform's archive grew.
        'archive.changed': ({ platform }) => {
          act(() => publishSignal({ type: 'archive.updated', platform }));
          if (platform === seen.platform) Object.assign(seen, { lists: seen.lists + 1, again: true });
        },
        'archive.submit': () => {
          const { channel } = seen.listing;
          const platform = seen.platform!;
          if (channel === null)
            Object.assign(seen, {
              error: `Connect your ${NAME[platform]} account first (Connect Accounts), then Archive Chat keeps its chat.`,
              notice: null,
            });
          else if (!channel.supported)
            Object.assign(seen, {
              error: `${NAME[platform]} live chat cannot be archived on this server: it is not configured.`,
              notice: null,
            });
          else if (channel.archiving)
            Object.assign(seen, { notice: `Archiving is already on for ${channel.displayName}.`, error: null });
          else Object.assign(seen, { error: null, notice: null, switches: seen.switches + 1 });
          fireEvent.click(form().getByRole('button', { name: 'Archive Chat' }));
        },
        'archive.stop': () => {
          fireEvent.click(form().getByRole('button', { name: 'Stop archiving' }));
          Object.assign(seen, { error: null, notice: null, switches: seen.switches + 1 });
        },
        'xstate.done.actor.setArchiving': async ({ output }) => {
          Object.assign(seen, {
            listing: { ...seen.listing, channel: output },
            notice: output?.archiving
              ? `Archiving is on: every message of ${output.displayName}'s chat is kept from now on.`
              : 'Archiving is off. What was archived stays until you delete it.',
          });
          await setArchiving.resolve(output);
        },
        'xstate.error.actor.setArchiving': async ({ error }) => {
          seen.error = (error as Error).message;
          await setArchiving.reject(error);
        },
        'archive.export': ({ part, format }) => {
          const group = form().getByRole('group', { name: `Export ${partHeading(part)}` });
          fireEvent.click(within(group).getByRole('button', { name: FORMAT[format] }));
          Object.assign(seen, { error: null, notice: null, exports: seen.exports + 1, lastExport: { part, format } });
        },
        'xstate.done.actor.exportArchive': () => exportArchive.resolve(),
        'xstate.error.actor.exportArchive': async ({ error }) => {
          seen.error = (error as Error).message;
          await exportArchive.reject(error);
        },
        'delete.ask': ({ deletion }) => {
          fireEvent.click(
            form().getByRole('button', {
              name:
                deletion.kind === 'all'
                  ? `Delete the whole ${NAME[seen.platform!]} archive`
                  : `Delete ${partHeading(deletion)}`,
            }),
          );
          Object.assign(seen, { deletion, error: null, notice: null });
        },
        'delete.confirm': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
          seen.deletions += 1;
        },
        'delete.dismiss': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep it' }));
          seen.deletion = null;
        },
        'xstate.done.actor.deleteArchive': async ({ output }) => {
          Object.assign(seen, {
            notice: `Deleted ${output.toLocaleString('en-US')} message${output === 1 ? '' : 's'} for good.`,
            deletion: null,
            lists: seen.lists + 1,
            again: false,
          });
          await deleteArchive.resolve(output);
        },
        'xstate.error.actor.deleteArchive': async ({ error }) => {
          seen.error = (error as Error).message;
          await deleteArchive.reject(error);
        },
      },
    };
  },
  states: {
    // The spec's form with no platform chosen: the list stays hidden, nothing is read.
    noPlatform: ({ seen, form, list }) => {
      expect(form().getByText('Choose a platform to see its archived streams.')).toBeInTheDocument();
      expect(form().queryByRole('region', { name: 'Archived streams' })).not.toBeInTheDocument();
      for (const name of Object.values(RADIO)) expect(form().getByRole('radio', { name })).not.toBeChecked();
      expect(form().getByLabelText('Date of the streams')).toHaveValue(seen.date);
      expect(form().getByRole('button', { name: 'Archive Chat' })).toBeEnabled();
      expect(list.started).toBe(0);
    },
    // The platform's (and date's) archive is being read: the spinner; Archive Chat waits.
    'platformChosen.loading': (mounted) => {
      const { seen, form, list } = mounted;
      showsForm(mounted);
      expect(form().getByText('Loading the archive')).toBeInTheDocument();
      expect(form().getByRole('region', { name: 'Archived streams' })).toHaveAttribute('aria-busy', 'true');
      expect(form().queryByRole('list', { name: 'Archived streams' })).not.toBeInTheDocument();
      expect(form().queryByRole('list', { name: 'Archived days' })).not.toBeInTheDocument();
      expect(form().getByRole('button', { name: 'Archive Chat' })).toBeDisabled();
      expect(list.started).toBe(seen.lists);
      expect(list.inputs.at(-1)).toEqual({ platform: seen.platform, date: seen.date });
      showsMessages(mounted);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    },
    // Why the archive could not be read, and Try again.
    'platformChosen.failed': (mounted) => {
      const { seen, form, list } = mounted;
      showsForm(mounted);
      const alert = form().getByRole('alert');
      expect(alert).toHaveTextContent('The archive could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(form().queryByText('Loading the archive')).not.toBeInTheDocument();
      expect(list.started).toBe(seen.lists);
    },
    // The listing, every action usable, what the last action did or why it did not; nothing on its way.
    'platformChosen.ready.idle': (mounted) => {
      const { seen, form, list, setArchiving, exportArchive, deleteArchive } = mounted;
      showsListing(mounted);
      expect(form().getByRole('button', { name: 'Archive Chat' })).toBeEnabled();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      showsMessages(mounted);
      expect(list.started).toBe(seen.lists);
      expect(setArchiving.started).toBe(seen.switches);
      expect(exportArchive.started).toBe(seen.exports);
      expect(deleteArchive.started).toBe(seen.deletions);
    },
    // The archive grew: read again in place, the listing as it was and usable meanwhile.
    'platformChosen.ready.refreshing': (mounted) => {
      const { seen, form, list } = mounted;
      showsListing(mounted);
      expect(form().getByRole('button', { name: 'Archive Chat' })).toBeEnabled();
      expect(list.started).toBe(seen.lists);
      expect(list.inputs.at(-1)).toEqual({ platform: seen.platform, date: seen.date });
    },
    // Archiving is being switched (on, or off): Archive Chat waits.
    'platformChosen.ready.switching': (mounted) => {
      const { seen, form, setArchiving } = mounted;
      showsListing(mounted);
      expect(form().getByRole('button', { name: 'Archive Chat' })).toBeDisabled();
      expect(setArchiving.started).toBe(seen.switches);
      expect(setArchiving.inputs.at(-1)).toEqual({
        platform: seen.platform,
        archiving: !seen.listing.channel!.archiving,
      });
    },
    // The export is on its way: every export and deletion waits.
    'platformChosen.ready.exporting': (mounted) => {
      const { seen, form, exportArchive } = mounted;
      showsListing(mounted);
      const { part, format } = seen.lastExport!;
      const group = form().getByRole('group', { name: `Export ${partHeading(part)}` });
      for (const button of within(group).getAllByRole('button')) expect(button).toBeDisabled();
      expect(form().getByRole('button', { name: `Delete ${partHeading(part)}` })).toBeDisabled();
      expect(form().getByRole('button', { name: 'Archive Chat' })).toBeDisabled();
      expect(exportArchive.started).toBe(seen.exports);
      expect(exportArchive.inputs.at(-1)).toEqual({ platform: seen.platform, part, format });
    },
    // The dialog names what goes for good; nothing sent since the last answer; a refusal said in it.
    'platformChosen.ready.confirming': ({ seen, dialog, deleteArchive }) => {
      expect(dialog()).toHaveTextContent('This cannot be undone.');
      expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Keep it' })).toBeEnabled();
      if (seen.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(seen.error);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(deleteArchive.started).toBe(seen.deletions);
    },
    // The deletion is on its way: the dialog waits.
    'platformChosen.ready.deleting': ({ seen, dialog, deleteArchive }) => {
      expect(within(dialog()).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Keep it' })).toBeDisabled();
      expect(deleteArchive.started).toBe(seen.deletions);
      expect(deleteArchive.inputs.at(-1)).toEqual({ platform: seen.platform, deletion: seen.deletion });
    },
  },
});

interface Mounted {
  seen: {
    platform: ChatPlatform | null;
    date: string;
    listing: ArchiveListing;
    error: string | null;
    notice: string | null;
  };
  form: () => ReturnType<typeof within>;
}

/** The platform chosen and the date as typed; the list's place is there. */
function showsForm({ seen, form }: Mounted) {
  expect(form().getByRole('radio', { name: RADIO[seen.platform!] })).toBeChecked();
  expect(form().getByLabelText('Date of the streams')).toHaveValue(seen.date);
  expect(form().queryByText('Choose a platform to see its archived streams.')).not.toBeInTheDocument();
  expect(form().getByRole('region', { name: 'Archived streams' })).toBeInTheDocument();
}

/** What the last action did (a success), and why the last one failed (with Connect Accounts without a channel). */
function showsMessages({ seen, form }: Mounted) {
  const said = form()
    .queryAllByRole('status')
    .map((node: HTMLElement) => node.textContent)
    .filter((text: string | null) => text !== 'Loading the archive');
  expect(said).toEqual(seen.notice ? [seen.notice] : []);
  const alerts = form().queryAllByRole('alert');
  if (seen.error) {
    expect(alerts.map((alert: HTMLElement) => alert.textContent)).toEqual([expect.stringContaining(seen.error)]);
    const connect = within(alerts[0]!).queryByRole('link', { name: 'Go to Connect Accounts' });
    if (seen.listing.channel === null && !form().queryByText('Loading the archive'))
      expect(connect).toBeInTheDocument();
  } else expect(alerts).toEqual([]);
}

/** The listing as last read: the channel and whether it archives, the streams and days, or why there are none. */
function showsListing(mounted: Mounted) {
  const { seen, form } = mounted;
  showsForm(mounted);
  expect(form().getByRole('region', { name: 'Archived streams' })).toHaveAttribute('aria-busy', 'false');
  expect(form().queryByText('Loading the archive')).not.toBeInTheDocument();
  const { channel, days, streams } = seen.listing;
  const platformName = NAME[seen.platform!];
  if (channel) {
    expect(form().getByText(`${platformName} channel`, { exact: false })).toHaveTextContent(
      `${platformName} channel ${channel.displayName}`,
    );
    expect(form().getByText(channel.archiving ? (channel.live ? 'Archiving · live' : 'Archiving') : 'Not archiving'));
    const stop = form().queryByRole('button', { name: 'Stop archiving' });
    if (channel.archiving) expect(stop).toBeInTheDocument();
    else expect(stop).not.toBeInTheDocument();
  } else expect(form().queryByText(`${platformName} channel`, { exact: false })).not.toBeInTheDocument();
  const streamList = form().queryByRole('list', { name: 'Archived streams' });
  if (streams.length) {
    const items = within(streamList!).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(
      streams.map((stream) => stream.title || 'Untitled stream'),
    );
  } else expect(streamList).not.toBeInTheDocument();
  const dayList = form().queryByRole('list', { name: 'Archived days' });
  if (days.length) {
    const items = within(dayList!).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(
      days.map((day) => archiveDay(day.day)),
    );
  } else expect(dayList).not.toBeInTheDocument();
  if (!days.length && !streams.length)
    expect(
      form().getByText(
        seen.date
          ? `Nothing of ${platformName} is archived for ${archiveDay(seen.date)}.`
          : `Nothing of ${platformName} is archived yet.`,
      ),
    ).toBeInTheDocument();
}
