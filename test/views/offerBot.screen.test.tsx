// An offer's chat bot (docs/product.md §Deliverables, "The chat bot"), replayed along offerBot's recorded paths on the
// real button and dialog, as the creator's accepted offer shows them: the bot read when the dialog opens (or why not,
// and Try again), the line it posts, where it stands, its last posts, Refresh, and Pause / Resume.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { offerBotMachine, type OfferBotAnswer } from '@/machines/deliverables/offerBot.machine';
import { OfferBot } from '@/src/deliverables/OfferBot';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.useRealTimers());

/** Ten minutes after the samples' last scheduled post: a bot that is not paused is posting. */
const NOW = new Date('2026-11-26T21:40:00.000Z');
const TITLE = 'Nova Energy Drink';

walkScreens('offerBot', {
  mount(input) {
    const { offerId, readOnly = false } = input as { offerId: string; readOnly?: boolean };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const load = controlled<OfferBotAnswer, { offerId: string }>();
    const setPaused = controlled<OfferBotAnswer, { offerId: string; paused: boolean }>();
    renderScreen(
      <OfferBot
        offerId={offerId}
        title={TITLE}
        readOnly={readOnly}
        logic={offerBotMachine.provide({ actors: { loadBot: load.logic, setBotPaused: setPaused.logic } })}
      />,
      { jwt: readOnly ? 'advertiser.jwt' : 'creator.jwt' },
    );
    /** The answers so far: the dialog shows the last bot read and the last refusal. */
    const seen = {
      bot: null as OfferBotAnswer | null,
      error: null as string | null,
      reads: 0,
      switches: 0,
    };
    const dialog = () => within(screen.getByRole('dialog', { name: `Chat bot: ${TITLE}` }));
    return {
      load,
      setPaused,
      seen,
      offerId,
      readOnly,
      dialog,
      gestures: {
        'bot.open': () => {
          seen.error = null;
          fireEvent.click(screen.getByRole('button', { name: 'Chat bot' }));
        },
        'bot.close': () => fireEvent.click(dialog().getByRole('button', { name: 'Close' })),
        'bot.retry': () => fireEvent.click(dialog().getByRole('button', { name: 'Try again' })),
        'bot.refresh': () => fireEvent.click(dialog().getByRole('button', { name: 'Refresh' })),
        'bot.pause': () => fireEvent.click(dialog().getByRole('button', { name: 'Pause' })),
        'bot.resume': () => fireEvent.click(dialog().getByRole('button', { name: 'Resume' })),
        'xstate.done.actor.loadBot': async ({ output }) => {
          Object.assign(seen, { bot: output, error: null, reads: seen.reads + 1 });
          await load.resolve(output);
        },
        'xstate.error.actor.loadBot': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, reads: seen.reads + 1 });
          await load.reject(error);
        },
        'xstate.done.actor.setBotPaused': async ({ output }) => {
          Object.assign(seen, { bot: output, error: null, switches: seen.switches + 1 });
          await setPaused.resolve(output);
        },
        'xstate.error.actor.setBotPaused': async ({ error }) => {
          Object.assign(seen, { error: (error as Error).message, switches: seen.switches + 1 });
          await setPaused.reject(error);
        },
      },
    };
  },
  states: {
    // The offer's button only; nothing is being paused or resumed.
    closed: ({ setPaused, seen }) => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Chat bot' })).toBeEnabled();
      expect(setPaused.started).toBe(seen.switches);
    },
    // The dialog with its spinner, the bot being read for this offer; nothing to refresh or pause yet.
    loading: ({ load, seen, offerId, dialog }) => {
      expect(dialog().getByText('Loading the chat bot')).toBeInTheDocument();
      expect(load.started).toBe(seen.reads + 1);
      expect(load.inputs.at(-1)).toEqual({ offerId });
      expect(dialog().queryByRole('alert')).not.toBeInTheDocument();
      expect(dialog().queryByText('What the bot posts')).not.toBeInTheDocument();
      expect(dialog().queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    },
    // Why the bot could not be read, and Try again; nothing on its way.
    failed: ({ load, seen, dialog }) => {
      const alert = dialog().getByRole('alert');
      expect(alert).toHaveTextContent('The chat bot could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(dialog().queryByText('Loading the chat bot')).not.toBeInTheDocument();
      expect(dialog().queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.reads);
    },
    // The bot as last read, every button usable, the last refusal said; nothing on its way.
    'ready.idle': ({ load, setPaused, seen, readOnly, dialog }) => {
      showsBot(seen.bot!, dialog);
      expect(dialog().getByRole('button', { name: 'Refresh' })).toBeEnabled();
      const paused = seen.bot!.progress.chat!.paused;
      if (!readOnly) expect(dialog().getByRole('button', { name: paused ? 'Resume' : 'Pause' })).toBeEnabled();
      expect(dialog().queryByRole('button', { name: paused ? 'Pause' : 'Resume' })).not.toBeInTheDocument();
      if (seen.error) expect(dialog().getByRole('alert')).toHaveTextContent(seen.error);
      else expect(dialog().queryByRole('alert')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.reads);
      expect(setPaused.started).toBe(seen.switches);
    },
    // Read again, what is shown staying: Refresh waits (busy), and Pause with it.
    'ready.refreshing': ({ load, setPaused, seen, offerId, dialog }) => {
      showsBot(seen.bot!, dialog);
      const refresh = dialog().getByRole('button', { name: 'Refresh' });
      expect(refresh).toBeDisabled();
      expect(refresh).toHaveAttribute('aria-busy', 'true');
      expect(dialog().getByRole('button', { name: /^(Pause|Resume)$/ })).toBeDisabled();
      expect(load.started).toBe(seen.reads + 1);
      expect(load.inputs.at(-1)).toEqual({ offerId });
      expect(setPaused.started).toBe(seen.switches);
    },
    // The pause is on its way: Pause waits (busy), Refresh with it.
    'ready.pausing': ({ setPaused, seen, offerId, dialog }) => {
      showsBot(seen.bot!, dialog);
      const pause = dialog().getByRole('button', { name: 'Pause' });
      expect(pause).toBeDisabled();
      expect(pause).toHaveAttribute('aria-busy', 'true');
      expect(dialog().getByRole('button', { name: 'Refresh' })).toBeDisabled();
      expect(setPaused.started).toBe(seen.switches + 1);
      expect(setPaused.inputs.at(-1)).toEqual({ offerId, paused: true });
    },
    // The resume is on its way: Resume waits (busy), Refresh with it.
    'ready.resuming': ({ setPaused, seen, offerId, dialog }) => {
      showsBot(seen.bot!, dialog);
      const resume = dialog().getByRole('button', { name: 'Resume' });
      expect(resume).toBeDisabled();
      expect(resume).toHaveAttribute('aria-busy', 'true');
      expect(dialog().getByRole('button', { name: 'Refresh' })).toBeDisabled();
      expect(setPaused.started).toBe(seen.switches + 1);
      expect(setPaused.inputs.at(-1)).toEqual({ offerId, paused: false });
    },
  },
});

/** The line the bot posts, where it stands, and its last posts. */
function showsBot({ progress, posts }: OfferBotAnswer, dialog: () => ReturnType<typeof within>): void {
  const chat = progress.chat!;
  expect(dialog().getByText('What the bot posts')).toBeInTheDocument();
  expect(dialog().getAllByText(chat.preview)[0]).toBeInTheDocument();
  expect(dialog().getByText(chat.paused ? 'Paused' : 'Posting')).toBeInTheDocument();
  expect(dialog().getByText(`${chat.posts} of ${chat.target} posts`)).toBeInTheDocument();
  expect(within(dialog().getByRole('list', { name: 'Last posts' })).getAllByRole('listitem')).toHaveLength(
    posts.length,
  );
  expect(dialog().queryByText('Loading the chat bot')).not.toBeInTheDocument();
}
