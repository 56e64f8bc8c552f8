// The landing page's newsletter modal (docs/spec.md §2 Landing page, Newsletter modal, §4; docs/product.md §Newsletter
// and unsubscribe), replayed along newsletter's recorded paths on the real landing page: Get Started opens the modal,
// its email form subscribes, the modal then shows the server's confirmation until closed.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { emailFormMachine } from '@/machines/public/emailForm.machine';
import { newsletterMachine } from '@/machines/public/newsletter.machine';
import { Landing } from '@/src/public/Landing';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const EMAIL = 'fan@example.com';
/** The modal (lazily loaded on Get Started, so found rather than got). */
const modal = () => screen.findByRole('dialog', { name: 'Subscribe Newsletter' });
/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

walkScreens('newsletter', {
  mount() {
    const send = controlled<{ message: string }, { email: string }>();
    renderScreen(
      <Landing
        logic={newsletterMachine.provide({
          actors: { emailForm: emailFormMachine.provide({ actors: { submitEmail: send.logic } }) },
        })}
      />,
    );
    /** The server's confirmation once it came (cleared when the modal opens again). */
    const answers = { confirmation: null as string | null };
    return {
      send,
      answers,
      gestures: {
        'newsletter.open': () => fireEvent.click(screen.getByRole('button', { name: 'Get Started' })),
        // The modal's own Close: the same way out whether it shows the form or the confirmation.
        'newsletter.close': async () => fireEvent.click(within(await modal()).getByRole('button', { name: 'Close' })),
        // The email form is done when the person sends an address and the server answers.
        'xstate.done.actor.emailForm': async ({ output }) => {
          const dialog = within(await modal());
          fireEvent.change(dialog.getByLabelText('Email'), { target: { value: EMAIL } });
          fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
          expect(send.inputs.at(-1)).toEqual({ email: EMAIL });
          answers.confirmation = output.message;
          await send.resolve(output);
        },
        // The email form shows a refusal itself and never fails.
        'xstate.error.actor.emailForm': unhandled('xstate.error.actor.emailForm'),
      },
    };
  },
  states: {
    // The landing page with its Get Started, no modal.
    closed: () => {
      expect(screen.getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    // The modal with a fresh email form, no confirmation.
    open: async ({ send }) => {
      const dialog = await modal();
      expect(dialog).toHaveAccessibleDescription('Subscribe our Newsletter and Get Updates');
      expect(within(dialog).getByLabelText('Email')).toHaveValue('');
      expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeEnabled();
      expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
      expect(send.started).toBe(0);
    },
    // The modal shows the server's confirmation and Done instead of the form.
    subscribed: async ({ answers }) => {
      const dialog = await modal();
      expect(within(dialog).getByRole('status')).toHaveTextContent(answers.confirmation!);
      expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
      expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    },
  },
});
