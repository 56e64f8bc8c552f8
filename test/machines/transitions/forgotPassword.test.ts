// The forgot-password page's transitions, pinned by hand (docs/spec.md §2 Forgot-password page, §5; docs/product.md
// §Accounts): its email form (a flow of its own, emailForm) asks for a reset link; once the server answers, the page
// shows that answer and is done. Each pin reads what the page reads (forgotPassword.select.ts) and the event names
// the flow receives from its child. Replayed on the page by test/views/forgotPassword.screen.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { forgotPasswordMachine } from '@/machines/accounts/forgotPassword.machine';
import { selectForgotConfirmation, selectForgotForm } from '@/machines/accounts/forgotPassword.select';
import { emailFormMachine } from '@/machines/public/emailForm.machine';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const ANSWER = 'If an account uses that address, a reset link is on its way.';

function start() {
  const send = controlled<{ message: string }, { email: string }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: { emailForm: emailFormMachine.provide({ actors: { submitEmail: send.logic } }) },
    }),
    { inspect },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    send,
    received,
    snapshot,
    page: () => ({
      form: selectForgotForm(snapshot()) !== undefined,
      confirmation: selectForgotConfirmation(snapshot()),
    }),
  };
}

it('asks with the email form (its own flow) before anything is sent', () => {
  const flow = start();
  expect(flow.snapshot().value).toBe('asking');
  expect(flow.page()).toEqual({ form: true, confirmation: null });
  expect(flow.snapshot().context).toEqual({ confirmation: null });
  // Unprovided (path tests, the inspector), the machine's own email form is the one asked with.
  const bare = createActor(forgotPasswordMachine);
  bare.start();
  expect(selectForgotForm(bare.getSnapshot())?.getSnapshot().value).toEqual({ editing: 'valid' });
  expect(bare.getSnapshot().status).toBe('active');
});

describe('forgotPassword transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(forgotPasswordMachine);

  pin(
    { from: 'forgotPassword.asking', on: 'xstate.done.actor.emailForm', to: 'forgotPassword.sent' },
    "the server's answer replaces the form, and the page is done",
    async () => {
      const flow = start();
      const form = selectForgotForm(flow.snapshot())!;
      form.send({ type: 'email.change', value: ' ana@example.com ' });
      form.send({ type: 'form.submit' });
      expect(flow.send.inputs).toEqual([{ email: 'ana@example.com' }]);
      await flow.send.resolve({ message: ANSWER });
      expect(flow.received.at(-1)).toBe('xstate.done.actor.emailForm');
      expect(flow.snapshot().value).toBe('sent');
      expect(flow.page()).toEqual({ form: false, confirmation: ANSWER });
      expect(flow.snapshot().status).toBe('done');
    },
  );

  pinsEveryTransition();
});
