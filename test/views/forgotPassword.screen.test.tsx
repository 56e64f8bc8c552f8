// /forgot-password (docs/spec.md §2 Forgot-password page, §5; docs/product.md §Accounts), replayed along forgotPassword's
// recorded paths on the real page: its email form (a flow of its own, emailForm) asks for a reset link; once the
// server answers, the page shows that answer, the same for any address, and the way back to /login.
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { forgotPasswordMachine } from '@/machines/accounts/forgotPassword.machine';
import { emailFormMachine } from '@/machines/public/emailForm.machine';
import { ForgotPassword } from '@/src/accounts/ForgotPassword';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const EMAIL = 'ana@example.com';
/** The page's status messages (the harness's location readout, an <output>, is one too). */
const notices = () => screen.queryAllByRole('status').filter((element) => element !== screen.getByTestId('location'));

walkScreens('forgotPassword', {
  mount() {
    const send = controlled<{ message: string }, { email: string }>();
    renderScreen(
      <ForgotPassword
        logic={forgotPasswordMachine.provide({
          actors: { emailForm: emailFormMachine.provide({ actors: { submitEmail: send.logic } }) },
        })}
      />,
      { path: '/forgot-password' },
    );
    /** The server's answer, once it came. */
    const answers = { message: null as string | null };
    return {
      send,
      answers,
      gestures: {
        // The email form is done when the person sends an address and the server answers.
        'xstate.done.actor.emailForm': async ({ output }) => {
          fireEvent.change(screen.getByLabelText('Email'), { target: { value: EMAIL } });
          fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
          expect(send.inputs).toEqual([{ email: EMAIL }]);
          answers.message = output.message;
          await send.resolve(output);
        },
      },
    };
  },
  states: {
    // The email form, ready; no answer yet.
    asking: ({ send }) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
      expect(notices()).toEqual([]);
      expect(send.started).toBe(0);
    },
    // The server's answer instead of the form, and the way back to /login.
    sent: ({ answers }) => {
      expect(notices()).toHaveLength(1);
      expect(notices()[0]).toHaveTextContent(answers.message!);
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    },
  },
});
