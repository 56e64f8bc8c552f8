// The support form on Contact Us (docs/spec.md §2 Contact Us, §3 Support and contact forms; docs/product.md §Contact Us
// and Help and Support), replayed along supportForm's recorded paths on the real page: four labelled fields checked
// here, the ticket sent with its page, the server's refusal shown with the fields kept, its confirmation with a way to
// write again (name and e-mail kept).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { supportFormMachine, type SupportField, type SupportValues } from '@/machines/support/supportForm.machine';
import { messages } from '@/src/messages';
import { ContactUs } from '@/src/support/ContactUs';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const labels: Record<SupportField, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };
const FIELDS = Object.keys(labels) as SupportField[];
const INVALID_EMAIL = 'Enter a valid email address.';
const form = () => screen.getByRole('form', { name: 'Contact form' });
const field = (name: SupportField) => within(form()).getByLabelText(labels[name], { exact: true });
const submit = () => screen.getByRole('button', { name: 'Send Message' });

/** The message under each field once a send was refused here: required when empty, the e-mail's format. */
function expectedErrors(values: SupportValues): Partial<Record<SupportField, string>> {
  const errors: Partial<Record<SupportField, string>> = {};
  for (const name of FIELDS) if (values[name].trim() === '') errors[name] = messages.required;
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = INVALID_EMAIL;
  return errors;
}

walkScreens('supportForm', {
  mount(input) {
    expect(input).toEqual({ page: '/contact-us' });
    const send = controlled<{ message: string }, SupportValues & { page: string }>();
    renderScreen(<ContactUs logic={supportFormMachine.provide({ actors: { sendTicket: send.logic } })} />, {
      path: '/contact-us',
    });
    /** What the fields hold, whether errors show, how many sends were answered, the last refusal and confirmation. */
    const answers = {
      values: { name: '', email: '', subject: '', message: '' } as SupportValues,
      checked: false,
      settled: 0,
      refusal: null as string | null,
      confirmation: null as string | null,
    };
    return {
      send,
      answers,
      gestures: {
        'field.change': ({ field: name, value }) => {
          answers.values = { ...answers.values, [name]: value };
          fireEvent.change(field(name), { target: { value } });
        },
        'form.submit': () => {
          const incomplete = Object.keys(expectedErrors(answers.values)).length > 0;
          answers.checked = incomplete;
          if (!incomplete) answers.refusal = null;
          fireEvent.click(submit());
        },
        'xstate.done.actor.sendTicket': async ({ output }) => {
          answers.settled += 1;
          answers.confirmation = output.message;
          await send.resolve(output);
        },
        'xstate.error.actor.sendTicket': async ({ error }) => {
          answers.settled += 1;
          answers.refusal = (error as Error).message;
          await send.reject(error);
        },
        'form.again': () => {
          answers.values = { ...answers.values, subject: '', message: '' };
          answers.confirmation = null;
          fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
        },
      },
    };
  },
  states: {
    // The form with what was typed; each field's error once a send was refused here; the server's refusal, if any.
    editing: ({ send, answers }) => {
      const errors = answers.checked ? expectedErrors(answers.values) : {};
      for (const name of FIELDS) {
        expect(field(name)).toBeEnabled();
        expect(field(name)).toHaveValue(answers.values[name]);
        if (errors[name]) expect(field(name)).toHaveAccessibleDescription(errors[name]);
        else expect(field(name)).not.toHaveAttribute('aria-invalid');
      }
      expect(submit()).toBeEnabled();
      expect(send.started).toBe(answers.settled);
      if (answers.refusal) expect(screen.getByRole('alert')).toHaveTextContent(answers.refusal);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send another message' })).not.toBeInTheDocument();
    },
    // The ticket is on its way, with the page it came from: fields and button wait for the answer.
    sending: ({ send, answers }) => {
      expect(send.started).toBe(answers.settled + 1);
      expect(send.inputs.at(-1)).toEqual({ ...answers.values, page: '/contact-us' });
      for (const name of FIELDS) expect(field(name)).toBeDisabled();
      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The server's confirmation replaces the form, with a way to write again.
    sent: ({ answers }) => {
      expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();
      expect(screen.getByText(answers.confirmation!).closest('[role="status"]')).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Send another message' })).toBeEnabled();
    },
  },
});
