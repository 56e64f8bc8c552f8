// The public email flows (docs/spec.md §2 Newsletter modal, Forgot-password page; docs/product.md §Accounts): the newsletter modal subscribes
// and shows the server's confirmation until closed, forgot-password shows the server's answer and the way back to
// /login, both show a refusal's message with the address kept; /unsubscribe shows the answer to the link's token.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emailFormMachine } from '@/machines/public/emailForm.machine';
import { forgotPasswordMachine } from '@/machines/accounts/forgotPassword.machine';
import { newsletterMachine } from '@/machines/public/newsletter.machine';
import { unsubscribeMachine } from '@/machines/public/unsubscribe.machine';
import { messages } from '@/src/messages';
import { ForgotPassword } from '@/src/accounts/ForgotPassword';
import { Landing } from '@/src/public/Landing';
import { Unsubscribe } from '@/src/public/Unsubscribe';
import { controlled, renderScreen } from './harness';

const SUBSCRIBED = 'Thanks for subscribing! We have sent a confirmation to your email.';
const RESET_REQUESTED = 'If an account exists for that email, we have sent it a link to choose a new password.';
const UNSUBSCRIBED = 'You are unsubscribed. You will not get our newsletter any more.';

/** The email form with a controlled sender, for a parent machine's `emailForm` actor. */
function emailForm() {
  const send = controlled<{ message: string }, { email: string }>();
  return { send, logic: emailFormMachine.provide({ actors: { submitEmail: send.logic } }) };
}

describe('Newsletter modal', () => {
  function setup() {
    const { send, logic } = emailForm();
    renderScreen(<Landing logic={newsletterMachine.provide({ actors: { emailForm: logic } })} />);
    return { send, user: userEvent.setup() };
  }

  async function open(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe Newsletter' });
    expect(dialog).toHaveAccessibleDescription('Subscribe our Newsletter and Get Updates');
    return dialog;
  }

  it('refuses an empty email, shows a refusal with the address kept, then the confirmation until Done', async () => {
    const { send, user } = setup();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(messages.required);
    expect(send.started).toBe(0);

    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(send.inputs).toEqual([{ email: 'fan@example.com' }]);
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await send.reject(new Error('Enter a valid email address'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('fan@example.com');

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await send.resolve({ message: SUBSCRIBED });
    expect(within(dialog).getByText(SUBSCRIBED).closest('[role="status"]')).not.toBeNull();
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Opened again, it is a fresh form.
    const again = await open(user);
    expect(within(again).getByLabelText('Email')).toHaveValue('');
    expect(within(again).queryByText(SUBSCRIBED)).not.toBeInTheDocument();
  });

  it('the confirmation also closes with the dialog’s own Close', async () => {
    const { send, user } = setup();
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await send.resolve({ message: SUBSCRIBED });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Forgot password', () => {
  function setup() {
    const { send, logic } = emailForm();
    renderScreen(<ForgotPassword logic={forgotPasswordMachine.provide({ actors: { emailForm: logic } })} />, {
      path: '/forgot-password',
    });
    return { send, user: userEvent.setup() };
  }

  it('refuses an empty email, shows a refusal, then the server’s answer and the way back to /login', async () => {
    const { send, user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.required);
    expect(send.started).toBe(0);

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(send.inputs).toEqual([{ email: 'ana@example.com' }]);
    await send.reject(new Error('Too many requests. Try again in 60 seconds.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Try again in 60 seconds.');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await send.resolve({ message: RESET_REQUESTED });
    expect(screen.getByText(RESET_REQUESTED).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});

describe('Unsubscribe', () => {
  function setup(url: string) {
    const unsubscribe = controlled<{ message: string }, { token: string }>();
    renderScreen(<Unsubscribe logic={unsubscribeMachine.provide({ actors: { unsubscribe: unsubscribe.logic } })} />, {
      path: '/unsubscribe',
      url,
    });
    return { unsubscribe };
  }

  it('sends the link’s token on load and shows the answer', async () => {
    const { unsubscribe } = setup('/unsubscribe?token=abc.def');
    expect(screen.getByText('Unsubscribing…')).toBeInTheDocument();
    expect(unsubscribe.inputs).toEqual([{ token: 'abc.def' }]);
    await unsubscribe.resolve({ message: UNSUBSCRIBED });
    expect(screen.getByText(UNSUBSCRIBED).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows a refused link’s message', async () => {
    const { unsubscribe } = setup('/unsubscribe?token=forged');
    await unsubscribe.reject(new Error('This unsubscribe link is not valid.'));
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });

  it('without a token, says what is missing and calls nothing', () => {
    const { unsubscribe } = setup('/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page needs the unsubscribe link from one of our e-mails.',
    );
    expect(unsubscribe.started).toBe(0);
  });
});
