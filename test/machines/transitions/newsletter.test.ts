// The newsletter modal's transitions, pinned by hand (docs/spec.md §2 Landing page, Newsletter modal, §4): Get Started
// opens it on its email form (a flow of its own, emailForm); once the server answers, the modal shows the
// confirmation until closed; closed, it opens again on a new form. Each pin reads what the landing page reads
// (newsletter.select.ts) and the event names the flow receives from its child. Replayed on the landing page by
// test/views/newsletter.screen.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { emailFormMachine } from '@/machines/public/emailForm.machine';
import { newsletterMachine } from '@/machines/public/newsletter.machine';
import {
  selectNewsletterConfirmation,
  selectNewsletterForm,
  selectNewsletterOpen,
} from '@/machines/public/newsletter.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const ANSWER = 'You are subscribed.';

function start() {
  const send = controlled<{ message: string }, { email: string }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    newsletterMachine.provide({
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
    modal: () => ({
      open: selectNewsletterOpen(snapshot()),
      form: selectNewsletterForm(snapshot()) !== undefined,
      confirmation: selectNewsletterConfirmation(snapshot()),
    }),
  };
}

/** Get Started clicked, an address sent and the server's confirmation shown. */
async function subscribed() {
  const flow = start();
  flow.actor.send({ type: 'newsletter.open' });
  const form = selectNewsletterForm(flow.snapshot())!;
  form.send({ type: 'email.change', value: 'ana@example.com' });
  form.send({ type: 'form.submit' });
  await flow.send.resolve({ message: ANSWER });
  expect(flow.snapshot().value).toBe('subscribed');
  return flow;
}

it('starts closed, with no form and no confirmation', () => {
  const flow = start();
  expect(flow.modal()).toEqual({ open: false, form: false, confirmation: null });
  expect(flow.snapshot().context).toEqual({ confirmation: null });
  // Unprovided (path tests, the inspector), the machine's own email form is the one opened.
  const bare = createActor(newsletterMachine);
  bare.start();
  bare.send({ type: 'newsletter.open' });
  expect(selectNewsletterForm(bare.getSnapshot())?.getSnapshot().value).toEqual({ editing: 'valid' });
  expect(bare.getSnapshot().status).toBe('active');
});

describe('newsletter transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(newsletterMachine);

  pin(
    { from: 'newsletter.closed', on: 'newsletter.open', to: 'newsletter.open' },
    'Get Started opens the modal on an empty email form, with no confirmation left from before',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'newsletter.open' });
      expect(flow.snapshot().value).toBe('open');
      expect(flow.modal()).toEqual({ open: true, form: true, confirmation: null });
      expect(selectNewsletterForm(flow.snapshot())!.getSnapshot().context.email).toBe('');
      const again = await subscribed();
      again.actor.send({ type: 'newsletter.close' });
      again.actor.send({ type: 'newsletter.open' });
      expect(again.modal()).toEqual({ open: true, form: true, confirmation: null });
      expect(again.snapshot().context.confirmation).toBeNull();
    },
  );

  pin(
    { from: 'newsletter.open', on: 'xstate.done.actor.emailForm', to: 'newsletter.subscribed' },
    "the server's confirmation replaces the form",
    async () => {
      const flow = await subscribed();
      expect(flow.received.at(-1)).toBe('xstate.done.actor.emailForm');
      expect(flow.send.inputs).toEqual([{ email: 'ana@example.com' }]);
      expect(flow.modal()).toEqual({ open: true, form: false, confirmation: ANSWER });
    },
  );

  pin(
    { from: 'newsletter.open', on: 'newsletter.close', to: 'newsletter.closed' },
    'closing the form sends nothing',
    () => {
      const flow = start();
      flow.actor.send({ type: 'newsletter.open' });
      flow.actor.send({ type: 'newsletter.close' });
      expect(flow.snapshot().value).toBe('closed');
      expect(flow.modal()).toEqual({ open: false, form: false, confirmation: null });
      expect(flow.send.started).toBe(0);
    },
  );

  pin(
    { from: 'newsletter.subscribed', on: 'newsletter.close', to: 'newsletter.closed' },
    'closing the confirmation closes the modal',
    async () => {
      const flow = await subscribed();
      flow.actor.send({ type: 'newsletter.close' });
      expect(flow.snapshot().value).toBe('closed');
      expect(flow.modal()).toEqual({ open: false, form: false, confirmation: null });
    },
  );

  pinsEveryTransition();
});
