// The forgot-password page's implementation (docs/product.md §Accounts): its email form asks for a reset link with
// POST /api/auth/forgot-password.
import { forgotPasswordMachine } from '@/machines/accounts/forgotPassword.machine';
import { emailFormSending, type EmailSender } from '../public/emailForm';
import { api } from './session';

export type ForgotPasswordLogic = typeof forgotPasswordMachine;

export const askForResetLink: EmailSender = async (email) =>
  (await api()).request('forgotPassword', { json: { email } });

export const forgotPasswordLogic: ForgotPasswordLogic = forgotPasswordMachine.provide({
  actors: { emailForm: emailFormSending(askForResetLink) },
});
