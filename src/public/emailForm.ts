// The shared email form's implementation (docs/product.md §Accounts): the form sends its address with `send` and hands the server's
// answer to its parent (the newsletter modal, the forgot-password page).
import { fromPromise } from 'xstate';
import { emailFormMachine } from '@/machines/public/emailForm.machine';

export type EmailSender = (email: string) => Promise<{ message: string }>;

/** The email form sending its address with `send`. */
export const emailFormSending = (send: EmailSender) =>
  emailFormMachine.provide({
    actors: { submitEmail: fromPromise<{ message: string }, { email: string }>(({ input }) => send(input.email)) },
  });
