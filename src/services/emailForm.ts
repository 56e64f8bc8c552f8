// The email forms' implementations (newsletter modal, forgot password; SPEC §4: a filled email goes home).
import { useMemo } from 'react';
import { emailFormMachine } from '@/machines/emailForm.machine';
import { newsletterMachine } from '@/machines/newsletter.machine';
import { useAppWiring } from './session';

export function useEmailFormLogic(logic: typeof emailFormMachine = emailFormMachine) {
  const app = useAppWiring();
  return useMemo(() => logic.provide({ actions: { navigateHome: () => app.goTo('/') } }), [logic, app]);
}

/** The newsletter modal, whose form goes home when submitted. */
export function useNewsletterLogic(logic: typeof newsletterMachine = newsletterMachine) {
  const form = useEmailFormLogic();
  return useMemo(() => logic.provide({ actors: { emailForm: form } }), [logic, form]);
}
