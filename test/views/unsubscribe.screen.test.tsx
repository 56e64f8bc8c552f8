// /unsubscribe?token=… (docs/product.md §Newsletter and unsubscribe), replayed along unsubscribe's recorded paths on
// the real page: the newsletter e-mail's link unsubscribes without signing in and shows the answer; a refused link
// shows the server's message; without a token the page says what is missing and calls nothing.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { unsubscribeMachine } from '@/machines/public/unsubscribe.machine';
import { Unsubscribe } from '@/src/public/Unsubscribe';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const NO_TOKEN = 'This page needs the unsubscribe link from one of our e-mails.';
/** The page's status messages (the harness's location readout, an <output>, is one too). */
const notices = () => screen.queryAllByRole('status').filter((element) => element !== screen.getByTestId('location'));

walkScreens('unsubscribe', {
  mount(input) {
    const { token } = input as { token: string | null };
    const unsubscribe = controlled<{ message: string }, { token: string }>();
    renderScreen(<Unsubscribe logic={unsubscribeMachine.provide({ actors: { unsubscribe: unsubscribe.logic } })} />, {
      path: '/unsubscribe',
      url: token === null ? '/unsubscribe' : `/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    /** The server's answer or refusal, once it came. */
    const answers = { message: null as string | null, refusal: null as string | null };
    return {
      token,
      unsubscribe,
      answers,
      gestures: {
        'xstate.done.actor.unsubscribe': async ({ output }) => {
          answers.message = output.message;
          await unsubscribe.resolve(output);
        },
        'xstate.error.actor.unsubscribe': async ({ error }) => {
          answers.refusal = (error as Error).message;
          await unsubscribe.reject(error);
        },
      },
    };
  },
  states: {
    // The link's token is on its way: a spinner and "Unsubscribing…", no answer and no way out yet.
    working: ({ token, unsubscribe }) => {
      expect(unsubscribe.inputs).toEqual([{ token }]);
      expect(screen.getByText('Unsubscribing…')).toBeInTheDocument();
      expect(notices()).toHaveLength(1);
      expect(notices()[0]).toHaveTextContent('Unsubscribing');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Go to the home page' })).not.toBeInTheDocument();
    },
    // The server's answer as a success message, and the way home.
    done: ({ answers }) => {
      expect(screen.queryByText('Unsubscribing…')).not.toBeInTheDocument();
      expect(notices()).toHaveLength(1);
      expect(notices()[0]).toHaveTextContent(answers.message!);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    },
    // The refusal's message, or without a token what is missing (and nothing was sent); the way home.
    failed: ({ token, unsubscribe, answers }) => {
      expect(screen.queryByText('Unsubscribing…')).not.toBeInTheDocument();
      expect(notices()).toEqual([]);
      expect(screen.getByRole('alert')).toHaveTextContent(answers.refusal ?? NO_TOKEN);
      expect(unsubscribe.started).toBe(token === null ? 0 : 1);
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    },
  },
});
