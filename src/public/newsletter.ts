// The newsletter modal's implementation (docs/product.md §Accounts): its email form subscribes with POST /api/newsletter.
import { newsletterMachine } from '@/machines/public/newsletter.machine';
import { emailFormSending, type EmailSender } from './emailForm';
import { api } from '../accounts/session';

export type NewsletterLogic = typeof newsletterMachine;

export const subscribe: EmailSender = async (email) => (await api()).request('newsletter', { json: { email } });

export const newsletterLogic: NewsletterLogic = newsletterMachine.provide({
  actors: { emailForm: emailFormSending(subscribe) },
});
