// An advertiser's /complete-register (docs/product.md §Advertiser onboarding), replayed along advertiserCompletion's
// recorded paths on the real page: the company form (the account's e-mail offered as the contact's), checked here as
// the server does, sent for the operator's review; a refusal shows above the form, success opens Company Profile.
import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import { advertiserCompletionMachine } from '@/machines/accounts/advertiserCompletion.machine';
import { sampleUser } from '@/machines/accounts/samples';
import type { AdvertiserProfileField } from '@/machines/marketplace/advertiserProfile.machine';
import { CompleteRegister } from '@/src/accounts/CompleteRegister';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const LABEL: Record<AdvertiserProfileField, string> = {
  companyName: 'Company Name',
  website: 'Website',
  contactName: 'Contact Name',
  contactEmail: 'Contact Email',
  promotes: 'What do you want to promote?',
};
const FIELDS = Object.keys(LABEL) as AdvertiserProfileField[];

walkScreens('advertiserCompletion', {
  mount(input) {
    const { email } = input as { email: string };
    const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
    const view = renderScreen(
      <CompleteRegister
        advertiserLogic={advertiserCompletionMachine.provide({ actors: { saveCompanyProfile: save.logic } })}
      />,
      { path: '/complete-register', jwt: 'stored.jwt' },
    );
    // The session has read the user (GET /api/user): an advertiser gets the company form, with the account's e-mail.
    act(() =>
      view.session().send({
        type: 'user.updated',
        user: { ...sampleUser, email, role: 'advertiser', type_account: 'Advertiser' },
      }),
    );
    /** What the person typed, whether a refused submit marked the fields, the server's last refusal. */
    const model = {
      draft: { companyName: '', website: '', contactName: '', contactEmail: email, promotes: '' } as Record<
        AdvertiserProfileField,
        string
      >,
      checked: false,
      refusal: null as string | null,
      settled: 0,
    };
    const field = (name: AdvertiserProfileField) => screen.getByLabelText(LABEL[name]);
    const send = () => screen.getByRole('button', { name: 'Send for Review' });
    const empty = () => FIELDS.filter((name) => model.draft[name].trim() === '');
    return {
      view,
      save,
      model,
      field,
      send,
      gestures: {
        'field.change': ({ field: name, value }) => {
          model.draft[name] = value;
          fireEvent.change(field(name), { target: { value } });
        },
        'form.submit': () => {
          // The recorded drafts are empty or the samples' valid values: only empty fields are refused here.
          model.checked = empty().length > 0;
          if (!model.checked) model.refusal = null;
          fireEvent.click(send());
        },
        'xstate.done.actor.saveCompanyProfile': async ({ output }) => {
          model.settled += 1;
          await save.resolve(output);
        },
        'xstate.error.actor.saveCompanyProfile': async ({ error }) => {
          model.settled += 1;
          model.refusal = (error as Error).message;
          await save.reject(error);
        },
      },
      empty,
    };
  },
  states: {
    // The company form as typed; after a refused submit each empty field is required; the server's refusal above.
    editing: ({ view, save, model, field, send, empty }) => {
      expect(screen.getByRole('heading', { name: 'Complete your company profile' })).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      for (const name of FIELDS) {
        expect(field(name)).toHaveValue(model.draft[name]);
        expect(field(name)).toBeEnabled();
        if (model.checked && empty().includes(name))
          expect(field(name)).toHaveAccessibleDescription(expect.stringContaining(messages.required));
        else expect(field(name)).not.toHaveAttribute('aria-invalid');
      }
      if (model.refusal) expect(screen.getByRole('alert')).toHaveTextContent(model.refusal);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(send()).toBeEnabled();
      expect(save.started).toBe(model.settled);
      expect(view.location()).toBe('/complete-register');
    },
    // The company is on its way (trimmed): the form waits.
    saving: ({ save, model, field, send }) => {
      expect(save.started).toBe(model.settled + 1);
      expect(save.inputs.at(-1)).toEqual(Object.fromEntries(FIELDS.map((name) => [name, model.draft[name].trim()])));
      for (const name of FIELDS) expect(field(name)).toBeDisabled();
      expect(send()).toBeDisabled();
      expect(send()).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // Sent: Company Profile opened.
    completed: ({ view, save, model }) => {
      expect(save.started).toBe(model.settled);
      expect(view.location()).toBe('/company-profile');
      expect(screen.getByText('Elsewhere')).toBeInTheDocument();
    },
  },
});
