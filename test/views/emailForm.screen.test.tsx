// The shared email form (docs/spec.md §2 Forgot-password page, §5; docs/product.md §Accounts), replayed along
// emailForm's recorded paths on the real forgot-password page, its parent in the app: one required Email field, a
// filled one is sent, a refusal shows the server's message with the address kept, an answer replaces the form.
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { forgotPasswordMachine } from '@/machines/accounts/forgotPassword.machine';
import { emailFormMachine } from '@/machines/public/emailForm.machine';
import { ForgotPassword } from '@/src/accounts/ForgotPassword';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** The page's status messages (the harness's location readout, an <output>, is one too). */
const notices = () => screen.queryAllByRole('status').filter((element) => element !== screen.getByTestId('location'));
const field = () => screen.getByLabelText('Email');
const submit = () => screen.getByRole('button', { name: 'Send reset link' });

walkScreens('emailForm', {
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
    /** What the person typed, how many sends were answered, the last refusal and the answer once it came. */
    const answers = { email: '', settled: 0, refusal: null as string | null, message: null as string | null };
    return {
      send,
      answers,
      gestures: {
        'email.change': ({ value }) => {
          answers.email = value;
          fireEvent.change(field(), { target: { value } });
        },
        'form.submit': () => fireEvent.click(submit()),
        'xstate.done.actor.submitEmail': async ({ output }) => {
          answers.settled += 1;
          answers.message = output.message;
          await send.resolve(output);
        },
        'xstate.error.actor.submitEmail': async ({ error }) => {
          answers.settled += 1;
          answers.refusal = (error as Error).message;
          await send.reject(error);
        },
      },
    };
  },
  states: {
    // The field holds what was typed, with no "required" message; the last refusal, if any, above the button.
    'editing.valid': ({ send, answers }) => {
      expect(field()).toBeEnabled();
      expect(field()).toHaveValue(answers.email);
      expect(field()).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(messages.required)).not.toBeInTheDocument();
      expect(submit()).toBeEnabled();
      expect(send.started).toBe(answers.settled);
      if (answers.refusal) expect(screen.getByRole('alert')).toHaveTextContent(answers.refusal);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(notices()).toEqual([]);
    },
    // Sent empty: the field says it is required, and nothing went out.
    'editing.invalid': ({ send, answers }) => {
      expect(field()).toBeEnabled();
      expect(field()).toHaveAttribute('aria-invalid', 'true');
      expect(field()).toHaveAccessibleDescription(messages.required);
      expect(submit()).toBeEnabled();
      expect(send.started).toBe(answers.settled);
      expect(notices()).toEqual([]);
    },
    // The address is on its way: field and button wait for the answer.
    submitting: ({ send, answers }) => {
      expect(send.started).toBe(answers.settled + 1);
      expect(send.inputs.at(-1)).toEqual({ email: answers.email.trim() });
      expect(field()).toBeDisabled();
      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The form is gone; the parent page shows the server's answer.
    submitted: ({ answers }) => {
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
      expect(notices()).toHaveLength(1);
      expect(notices()[0]).toHaveTextContent(answers.message!);
    },
  },
});
