// The email forms' implementations (issue 12): the newsletter modal subscribes (POST /api/newsletter) and the
// forgot-password page asks for a reset link (POST /api/auth/forgot-password); both show the server's answer.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { emailFormMachine } from '@/machines/emailForm.machine';
import { forgotPasswordMachine } from '@/machines/forgotPassword.machine';
import { newsletterMachine } from '@/machines/newsletter.machine';
import { api } from './session';

type Sender = (email: string) => Promise<{ message: string }>;

const formSending = (send: Sender) =>
  emailFormMachine.provide({ actors: { submitEmail: fromPromise<{ message: string }, { email: string }>(({ input }) => send(input.email)) } });

export const subscribe: Sender = async (email) => (await api()).request('newsletter', { json: { email } });
export const askForResetLink: Sender = async (email) => (await api()).request('forgotPassword', { json: { email } });

export type NewsletterLogic = typeof newsletterMachine;
export type ForgotPasswordLogic = typeof forgotPasswordMachine;

/** The newsletter modal; `send` (tests) replaces the API call. */
export function useNewsletterLogic(send: Sender = subscribe): NewsletterLogic {
  return useMemo(() => newsletterMachine.provide({ actors: { emailForm: formSending(send) } }), [send]);
}

/** The forgot-password page; `send` (tests) replaces the API call. */
export function useForgotPasswordLogic(send: Sender = askForResetLink): ForgotPasswordLogic {
  return useMemo(() => forgotPasswordMachine.provide({ actors: { emailForm: formSending(send) } }), [send]);
}
