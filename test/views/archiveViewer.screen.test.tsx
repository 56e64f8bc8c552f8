// One archived day or stream (docs/product.md §Chat archive "A viewer for one stream/day"), replayed along
// archiveViewer's recorded paths on the real viewer at its route: the first page (or why not), the next page as the
// reader scrolls to the end of the log, a jump to a time, and the last page read again when the live stream says the
// archive grew.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ArchiveEvent, ArchivedMessage, ArchiveStream } from '@/contract';
import {
  archiveViewerMachine,
  type ArchivePage,
  type ArchivePageQuery,
  type ArchiveViewerInput,
} from '@/machines/archive/archiveViewer.machine';
import { ArchiveDayScreen } from '@/src/archive/ArchiveViewer';
import { archiveDay } from '@/src/archive/archiveFormat';
import { publishSignal } from '@/src/notifications/liveHub';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** An event no recorded path carries (the live feed runs as long as the viewer is open). */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

walkScreens('archiveViewer', {
  mount(input) {
    const { platform, date, stream, at } = input as ArchiveViewerInput;
    const loadPage = controlled<ArchivePage, ArchivePageQuery>();
    const loadMore = controlled<ArchivePage, ArchivePageQuery>();
    const route = date !== null ? `/archive-chat/${platform}/${date}` : `/archive-chat/${platform}/streams/${stream}`;
    renderScreen(
      <ArchiveDayScreen
        logic={archiveViewerMachine.provide({ actors: { loadPage: loadPage.logic, loadMore: loadMore.logic } })}
      />,
      {
        path: date !== null ? '/archive-chat/:platform/:date' : '/archive-chat/:platform/streams/:id',
        url: `${route}${at ? `?at=${at}` : ''}`,
        jwt: 'creator.jwt',
      },
    );
    /** What the pages answered and what the reader did: the viewer shows it back. */
    const seen = {
      platform,
      date,
      stream,
      at,
      info: null as ArchiveStream | null,
      messages: [] as ArchivedMessage[],
      events: [] as ArchiveEvent[],
      next: null as string | null,
      error: null as string | null,
      /** Where the last page loaded begins, and what it was asked after: what a live refresh reads again. */
      tail: { start: 0, after: null as string | null, at },
      /** First pages asked for (a jump while one loads drops it), and answered. */
      requests: 1,
      pages: 0,
      mores: 0,
      /** The reader has scrolled to the end of the log. */
      atEnd: false,
    };
    const log = () =>
      screen.getByRole('log', { name: date !== null ? `Messages of ${archiveDay(date)}` : 'Messages of the stream' });
    return {
      loadPage,
      loadMore,
      seen,
      log,
      gestures: {
        'xstate.done.actor.loadPage': async ({ output }) => {
          Object.assign(seen, {
            messages: output.messages,
            events: output.events,
            next: output.next,
            info: output.stream ?? seen.info,
            tail: { start: 0, after: null, at: seen.at },
            pages: seen.pages + 1,
          });
          await loadPage.resolve(output);
        },
        'xstate.error.actor.loadPage': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, pages: seen.pages + 1 });
          await loadPage.reject(error);
        },
        // The reader tries the failed first page again.
        'viewer.retry': () => {
          fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
          seen.requests += 1;
        },
        // The reader jumps to a time.
        'viewer.jump': ({ at: time }) => {
          fireEvent.change(screen.getByLabelText('Jump to time (UTC)'), { target: { value: time } });
          fireEvent.click(screen.getByRole('button', { name: 'Go' }));
          Object.assign(seen, { at: time, error: null, requests: seen.requests + 1, atEnd: false });
        },
        // The reader scrolls to the end of the log; after a failed next page, only its Try again asks again.
        'viewer.more': async () => {
          if (seen.error !== null) {
            fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
            expect(loadMore.started).toBe(seen.mores + 1);
            return;
          }
          const element = log();
          element.scrollTop = 32 * seen.messages.length;
          fireEvent.scroll(element);
          seen.atEnd = true;
          await waitFor(() => expect(loadMore.started).toBe(seen.mores + 1));
        },
        'xstate.done.actor.loadMore': async ({ output }) => {
          const refresh = seen.tail;
          const more = loadMore.inputs.at(-1)!.after === seen.next && seen.next !== null;
          Object.assign(seen, {
            messages: more
              ? [...seen.messages, ...output.messages]
              : [...seen.messages.slice(0, refresh.start), ...output.messages],
            tail: more ? { start: seen.messages.length, after: seen.next, at: null } : seen.tail,
            events: [...seen.events, ...output.events.filter((e) => !seen.events.some((known) => known.id === e.id))],
            next: output.next,
            error: more ? null : seen.error,
            mores: seen.mores + 1,
          });
          await loadMore.resolve(output);
        },
        'xstate.error.actor.loadMore': async ({ error }) => {
          const more = seen.next !== null;
          Object.assign(seen, { error: more ? (error as Error).message : seen.error, mores: seen.mores + 1 });
          await loadMore.reject(error);
        },
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
        // The live events stream: the platform's archive grew.
        'archive.changed': ({ platform: grown }) =>
          act(() => publishSignal({ type: 'archive.updated', platform: grown })),
      },
    };
  },
  states: {
    loading: ({ loadPage, seen }) => {
      expect(screen.getByText('Loading the chat')).toBeInTheDocument();
      expect(screen.queryByRole('log')).not.toBeInTheDocument();
      expect(loadPage.started).toBe(seen.requests);
      expect(loadPage.inputs.at(-1)).toEqual({
        platform: seen.platform,
        date: seen.date,
        stream: seen.stream,
        after: null,
        at: seen.at,
      });
    },
    failed: ({ loadPage, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The chat could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading the chat')).not.toBeInTheDocument();
      expect(loadPage.started).toBe(seen.requests);
    },
    'ready.idle': ({ loadMore, seen, log }) => {
      expect(log()).toBeInTheDocument();
      expect(screen.queryByText('Loading the chat')).not.toBeInTheDocument();
      expect(screen.queryByText('Loading more messages')).not.toBeInTheDocument();
      // The rows in view: the first ones, or the last ones once the reader scrolled to the end.
      const shown = seen.atEnd ? seen.messages.at(-1)! : seen.messages[0]!;
      expect(within(log()).getAllByText(shown.text).length).toBeGreaterThan(0);
      // A failed next page says so with Try again, and is not asked again by itself.
      if (seen.error) {
        const alert = screen.getByRole('alert');
        expect(alert).toHaveTextContent(seen.error);
        if (seen.next !== null) {
          expect(alert).toHaveTextContent('More messages could not be loaded');
          expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
        }
      } else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(loadMore.started).toBe(seen.mores);
    },
    'ready.more': ({ loadMore, seen }) => {
      expect(screen.getByText('Loading more messages')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(loadMore.started).toBe(seen.mores + 1);
      expect(loadMore.inputs.at(-1)).toEqual({
        platform: seen.platform,
        date: seen.date,
        stream: seen.stream,
        after: seen.next,
        at: null,
      });
    },
    'ready.refreshing': ({ loadMore, seen, log }) => {
      expect(log()).toBeInTheDocument();
      expect(screen.queryByText('Loading more messages')).not.toBeInTheDocument();
      expect(loadMore.started).toBe(seen.mores + 1);
      expect(loadMore.inputs.at(-1)).toEqual({
        platform: seen.platform,
        date: seen.date,
        stream: seen.stream,
        after: seen.tail.after,
        at: seen.tail.after === null ? seen.tail.at : null,
      });
    },
  },
});
