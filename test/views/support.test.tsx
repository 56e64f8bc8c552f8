// Contact Us and Help and Support (docs/spec.md §2, §3; docs/product.md §Accounts): the support form checks its four fields here (required,
// e-mail format, 5,000 characters), sends the ticket with the page it came from, shows the server's refusal with the
// fields kept and its confirmation with a way to write again; the wiring sends the session's jwt when signed in.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_LIMITS } from '@/contract/limits';
import { supportFormMachine, type SupportValues } from '@/machines/support/supportForm.machine';
import { messages } from '@/src/messages';
import { HelpAndSupportScreen } from '@/src/support/HelpAndSupport';
import { ContactUs } from '@/src/support/ContactUs';
import { controlled, renderScreen } from './harness';

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => request.mockReset());

const INVALID_EMAIL = 'Enter a valid email address.';
const MESSAGE_TOO_LONG = 'Keep the message under 5,000 characters.';
const CONFIRMATION = 'Thank you! We received your message and will answer by email.';
const labels = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' } as const;
const field = (label: string) => screen.getByLabelText(label, { exact: true });

function setup(screenName: 'contact' | 'help' = 'contact') {
  const send = controlled<{ message: string }, SupportValues & { page: string }>();
  const logic = supportFormMachine.provide({ actors: { sendTicket: send.logic } });
  const view =
    screenName === 'contact'
      ? renderScreen(<ContactUs logic={logic} />, { path: '/contact-us' })
      : renderScreen(<HelpAndSupportScreen logic={logic} />, { path: '/help-and-support', jwt: 'session.jwt' });
  return { send, view, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<SupportValues>) {
  for (const [name, value] of Object.entries(values) as [keyof SupportValues, string][]) {
    await user.clear(field(labels[name]));
    if (value !== '') await user.type(field(labels[name]), value);
  }
}

describe('Support form on Contact Us', () => {
  it('keeps a visible label on every field and ties each error to its field', async () => {
    const { send, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getAllByText(messages.required)).toHaveLength(4);
    for (const label of Object.values(labels)) {
      const control = field(label);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(messages.required);
    }
    expect(send.started).toBe(0);
  });

  it('checks the e-mail format and the message length before sending, and clears errors as they are fixed', async () => {
    const { send, user } = setup();
    await fill(user, { name: 'Ana Ruiz', email: 'ana@', subject: 'Payouts' });
    // Typing 5,001 characters key by key is slow; a change event sets them at once.
    fireEvent.change(field('Message'), { target: { value: 'x'.repeat(SUPPORT_LIMITS.message + 1) } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(field('Email')).toHaveAccessibleDescription(INVALID_EMAIL);
    expect(field('Message')).toHaveAccessibleDescription(MESSAGE_TOO_LONG);
    expect(screen.queryByText(messages.required)).not.toBeInTheDocument();
    expect(send.started).toBe(0);

    await fill(user, { email: 'ana@example.com' });
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
    fireEvent.change(field('Message'), { target: { value: 'x'.repeat(SUPPORT_LIMITS.message) } });
    expect(screen.queryByText(MESSAGE_TOO_LONG)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(send.started).toBe(1);
  });

  it('sends the ticket with its page, shows the server’s refusal with the fields kept, then the confirmation', async () => {
    const { send, user } = setup();
    await fill(user, {
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      subject: 'Payouts',
      message: 'When do payouts arrive?',
    });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(send.inputs).toEqual([
      {
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        subject: 'Payouts',
        message: 'When do payouts arrive?',
        page: '/contact-us',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();

    await send.reject(new Error('Too many requests. Try again in 60 seconds.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Try again in 60 seconds.');
    expect(field('Message')).toHaveValue('When do payouts arrive?');
    expect(field('Name')).toHaveValue('Ana Ruiz');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await send.resolve({ message: CONFIRMATION });
    // Announced politely (role="status").
    expect(screen.getByText(CONFIRMATION).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByLabelText('Message', { exact: true })).not.toBeInTheDocument();

    // Another message: the sender stays, subject and message start empty.
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(field('Name')).toHaveValue('Ana Ruiz');
    expect(field('Email')).toHaveValue('ana@example.com');
    expect(field('Subject')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    expect(screen.queryByText(CONFIRMATION)).not.toBeInTheDocument();
  });
});

describe('Support form on Help and Support', () => {
  it('sends the ticket from /help-and-support and confirms it', async () => {
    const { send, user } = setup('help');
    const form = screen.getByRole('form', { name: 'Support form' });
    expect(within(form).getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    await fill(user, {
      name: 'Ana',
      email: 'ana@example.com',
      subject: 'Payout',
      message: 'When does my payout arrive?',
    });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(send.inputs[0]?.page).toBe('/help-and-support');
    await send.resolve({ message: CONFIRMATION });
    expect(screen.getByText(CONFIRMATION)).toBeInTheDocument();
  });
});

describe('Support form wiring', () => {
  const values = { name: 'Ana', email: 'ana@example.com', subject: 'Payout', message: 'When does my payout arrive?' };

  it.each([
    ['signed in: with the session’s jwt', 'session.jwt', { jwt: 'session.jwt' }],
    ['signed out: without a jwt', null, {}],
  ] as const)('POST /api/support %s', async (_name, jwt, auth) => {
    request.mockResolvedValue({ message: CONFIRMATION });
    renderScreen(<ContactUs />, { path: '/contact-us', jwt });
    const user = userEvent.setup();
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONFIRMATION)).toBeInTheDocument();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('support', { json: { ...values, page: '/contact-us' }, ...auth });
  });

  it('shows the server’s message when the call fails', async () => {
    request.mockRejectedValue(new Error('Enter a valid email address'));
    renderScreen(<ContactUs />, { path: '/contact-us' });
    const user = userEvent.setup();
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(field('Subject')).toHaveValue('Payout');
  });
});
