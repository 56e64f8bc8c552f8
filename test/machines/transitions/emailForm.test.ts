// The shared email form's transitions, pinned by hand (docs/spec.md §2 Newsletter modal, Forgot-password page, §5):
// an empty (or blank) address is refused with "Este campo es obligatorio" until one is typed again; a filled one is
// sent trimmed; the server's refusal is shown until the next Send; its answer ends the form with that answer as
// output. Each pin reads what the forms read (emailForm.select.ts), what is sent and the event names the flow
// receives from its call. Replayed on the pages by test/views/emailForm.screen.test.tsx.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { emailFormMachine } from '@/machines/public/emailForm.machine';
import {
  selectEmail,
  selectEmailInvalid,
  selectEmailSending,
  selectEmailServerError,
} from '@/machines/public/emailForm.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const EMAIL = 'ana@example.com';

function start() {
  const send = controlled<{ message: string }, { email: string }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(emailFormMachine.provide({ actors: { submitEmail: send.logic } }), { inspect });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    send,
    received,
    snapshot,
    form: () => ({
      email: selectEmail(snapshot()),
      invalid: selectEmailInvalid(snapshot()),
      sending: selectEmailSending(snapshot()),
      serverError: selectEmailServerError(snapshot()),
    }),
  };
}

/** Send clicked with nothing typed: the field says it is required. */
function invalid() {
  const flow = start();
  flow.actor.send({ type: 'form.submit' });
  expect(flow.form().invalid).toBe(true);
  return flow;
}

/** An address typed and sent. */
function submitting(email = EMAIL) {
  const flow = start();
  flow.actor.send({ type: 'email.change', value: email });
  flow.actor.send({ type: 'form.submit' });
  expect(flow.snapshot().value).toBe('submitting');
  return flow;
}

describe('emailForm transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(emailFormMachine);

  pin({ from: 'emailForm.editing', on: 'email.change', to: null }, 'the address as typed', () => {
    const flow = start();
    expect(flow.form()).toEqual({ email: '', invalid: false, sending: false, serverError: null });
    expect(flow.snapshot().context).toEqual({ email: '', serverError: null, message: '' });
    flow.actor.send({ type: 'email.change', value: ' ana@' });
    expect(flow.snapshot().value).toEqual({ editing: 'valid' });
    expect(flow.form().email).toBe(' ana@');
  });

  pin(
    { from: 'emailForm.editing.invalid', on: 'email.change', guard: 'changeHasEmail', to: 'emailForm.editing.valid' },
    'typing an address clears "Este campo es obligatorio"; blanks do not',
    () => {
      const flow = invalid();
      flow.actor.send({ type: 'email.change', value: '   ' });
      expect(flow.form()).toMatchObject({ email: '   ', invalid: true });
      flow.actor.send({ type: 'email.change', value: 'a' });
      expect(flow.snapshot().value).toEqual({ editing: 'valid' });
      expect(flow.form()).toMatchObject({ email: 'a', invalid: false });
    },
  );

  pin(
    { from: 'emailForm.editing', on: 'form.submit', guard: 'hasEmail', to: 'emailForm.submitting' },
    'a filled address is sent trimmed',
    () => {
      const flow = submitting(` ${EMAIL} `);
      expect(flow.send.inputs).toEqual([{ email: EMAIL }]);
      expect(flow.form()).toMatchObject({ sending: true, invalid: false, serverError: null });
    },
  );

  pin(
    { from: 'emailForm.editing', on: 'form.submit', to: 'emailForm.editing.invalid' },
    'an empty or blank address is refused and nothing is sent',
    () => {
      const flow = invalid();
      expect(flow.snapshot().value).toEqual({ editing: 'invalid' });
      flow.actor.send({ type: 'email.change', value: 'a' });
      flow.actor.send({ type: 'email.change', value: '   ' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.form()).toMatchObject({ email: '   ', invalid: true, sending: false });
      expect(flow.send.started).toBe(0);
    },
  );

  pin(
    { from: 'emailForm.submitting', on: 'xstate.done.actor.submitEmail', to: 'emailForm.submitted' },
    "the server's answer ends the form, as its output",
    async () => {
      const flow = submitting();
      await flow.send.resolve({ message: 'Thanks for subscribing!' });
      expect(flow.received.at(-1)).toBe('xstate.done.actor.submitEmail');
      expect(flow.snapshot().status).toBe('done');
      expect(flow.snapshot().output).toEqual({ message: 'Thanks for subscribing!' });
    },
  );

  pin(
    { from: 'emailForm.submitting', on: 'xstate.error.actor.submitEmail', to: 'emailForm.editing' },
    "a refusal keeps the address and shows the server's reason until the next Send",
    async () => {
      const flow = submitting();
      await flow.send.reject(new Error('This address cannot receive e-mail.'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.submitEmail');
      expect(flow.snapshot().value).toEqual({ editing: 'valid' });
      expect(flow.form()).toEqual({
        email: EMAIL,
        invalid: false,
        sending: false,
        serverError: 'This address cannot receive e-mail.',
      });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.form()).toMatchObject({ sending: true, serverError: null });
      // Something thrown that is not an Error is shown as text.
      await flow.send.reject('Gone');
      expect(flow.form().serverError).toBe('Gone');
    },
  );

  pinsEveryTransition();
});
