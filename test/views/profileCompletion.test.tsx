// The /complete-register view driven along every generated path of the `profileCompletion` statechart (a creator),
// and an advertiser's own completion along the `advertiserCompletion` statechart's (docs/product.md §Advertiser onboarding).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogue } from '@/machines/index';
import { profileCompletionMachine, type CompletionPayload } from '@/machines/accounts/profileCompletion.machine';
import { CompleteRegister } from '@/src/accounts/CompleteRegister';
import { fixtures } from '@/machines/samples';
import { generatePaths } from '@/test/machines/paths';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import { advertiserCompletionMachine } from '@/machines/accounts/advertiserCompletion.machine';
import { sampleUser } from '@/machines/accounts/samples';
import { sampleAdvertiserProfile } from '@/machines/marketplace/samples';
import { messages } from '@/src/messages';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, perform, renderScreen, type Gestures } from './harness';

const paths = generatePaths(catalogue.profileCompletion, fixtures.profileCompletion);

/** The session has read the user (GET /api/user): the role decides the form. */
function readUser(view: ReturnType<typeof renderScreen>, role: 'creator' | 'advertiser', email = sampleUser.email) {
  act(() =>
    view.session().send({
      type: 'user.updated',
      user: { ...sampleUser, email, role, type_account: role === 'advertiser' ? 'Advertiser' : 'Influencer' },
    }),
  );
}

describe('profile completion view along generated paths', () => {
  it('asks a Spanish page’s creator in Spanish, and sends the broadcasting language by the value the spec fixes', async () => {
    await act(() => setLocale('es-MX'));
    const save = controlled<unknown, CompletionPayload>();
    const logic = profileCompletionMachine.provide({ actors: { saveProfile: save.logic } });
    const user = userEvent.setup();
    const view = renderScreen(<CompleteRegister logic={logic} />, { path: '/complete-register', jwt: 'stored.jwt' });
    readUser(view, 'creator');
    expect(screen.getByRole('heading', { level: 1, name: 'Completa tu perfil' })).toBeInTheDocument();
    const language = screen.getByLabelText('Idioma de transmisión');
    expect([...(language as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Selecciona',
      'Inglés',
      'Español',
    ]);
    await user.selectOptions(language, 'Español');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Terminar' }));
    expect(save.inputs.at(-1)).toMatchObject({ language: 'Mexico' });
  });

  it('renders nothing without a signed-in user', () => {
    const view = renderScreen(<CompleteRegister />, { path: '/complete-register', jwt: null });
    expect(view.container.querySelector('form')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = controlled<unknown, CompletionPayload>();
    const logic = profileCompletionMachine.provide({ actors: { saveProfile: save.logic } });
    const user = userEvent.setup();
    const view = renderScreen(<CompleteRegister logic={logic} />, { path: '/complete-register', jwt: 'stored.jwt' });
    readUser(view, 'creator');
    let firstName = '';

    const gestures = {
      // Every field is bound the same way; the path's sample is the first name.
      'field.change': async ({ value }) => {
        await user.type(screen.getByLabelText('First name'), value);
        firstName += value;
      },
      'step.next': () => user.click(screen.getByRole('button', { name: 'Next' })),
      'step.back': () => user.click(screen.getByRole('button', { name: 'Back' })),
      'form.finish': () => user.click(screen.getByRole('button', { name: 'Finish' })),
      'xstate.done.actor.saveProfile': ({ output }) => save.resolve(output),
      'xstate.error.actor.saveProfile': () => save.reject(new Error('Request failed with status code 400')),
    } satisfies Gestures<typeof profileCompletionMachine>;
    await perform(gestures, path.events);

    const value = path.expected as string | { content: string };
    const progress = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');
    if (value === 'personal') {
      expect(progress()).toBe('50');
      for (const label of [
        'First name',
        'Last name',
        'Date of birth',
        'Gender',
        'Country',
        'City',
        'Zipcode',
        'Address',
        'Broadcasting Language',
      ]) {
        expect(screen.getByLabelText(label)).toBeInTheDocument();
      }
      expect(screen.getByLabelText('First name')).toHaveValue(firstName);
      expect(screen.getByLabelText('Country').querySelectorAll('option').length).toBeGreaterThanOrEqual(195);
      expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    } else if (value === 'saving') {
      expect(progress()).toBe('100');
      expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
      expect(save.inputs.at(-1)).toEqual({
        first_name: firstName,
        last_name: '',
        image: '',
        date_birth: '',
        gender: '',
        country: '',
        city: '',
        zipcode: '',
        address: '',
        language: '',
        type_content: '',
      });
    } else if (value === 'completed') {
      await waitFor(() => expect(view.location()).toBe('/dashboard'));
    } else {
      expect(progress()).toBe('100');
      expect(screen.getByLabelText('What type of content do you make?')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
      if ((value as { content: string }).content === 'failed')
        expect(screen.getByRole('alert')).toHaveTextContent('Error al actualizar el perfil');
      else expect(screen.queryByRole('alert')).toBeNull();
    }
  });
});

describe('an advertiser’s own completion (docs/product.md §Advertiser onboarding)', () => {
  const advertiserPaths = generatePaths(catalogue.advertiserCompletion, fixtures.advertiserCompletion);
  const labels = {
    companyName: 'Company Name',
    website: 'Website',
    contactName: 'Contact Name',
    contactEmail: 'Contact Email',
    promotes: 'What do you want to promote?',
  } as const;

  function setup() {
    const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
    const advertiserLogic = advertiserCompletionMachine.provide({ actors: { saveCompanyProfile: save.logic } });
    const view = renderScreen(<CompleteRegister advertiserLogic={advertiserLogic} />, {
      path: '/complete-register',
      jwt: 'stored.jwt',
    });
    return { save, view, user: userEvent.setup() };
  }

  it('shows nothing until the user is read, then the company form instead of the creator’s wizard', () => {
    const { view } = setup();
    expect(view.container.querySelector('form')).toBeNull();
    readUser(view, 'advertiser', 'marta@nova-energy.example');
    expect(screen.getByRole('heading', { name: 'Complete your company profile' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Complete your company profile' })).toBeInTheDocument();
    for (const label of Object.values(labels)) expect(screen.getByLabelText(label)).toBeInTheDocument();
    // The account's e-mail is offered as the contact's.
    expect(screen.getByLabelText('Contact Email')).toHaveValue('marta@nova-energy.example');
    // None of the creator's questions.
    for (const label of ['Date of birth', 'Gender', 'Broadcasting Language', 'What type of content do you make?'])
      expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('checks every field as the server does, sends the company for review, then opens Company Profile', async () => {
    const { save, view, user } = setup();
    readUser(view, 'advertiser', '');
    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    for (const label of Object.values(labels))
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(messages.required));
    expect(save.started).toBe(0);
    await user.type(screen.getByLabelText('Company Name'), 'Nova Energy');
    await user.type(screen.getByLabelText('Website'), 'nova-energy');
    await user.type(screen.getByLabelText('Contact Name'), 'Marta Ruiz');
    await user.type(screen.getByLabelText('Contact Email'), 'marta@nova-energy.example');
    await user.type(screen.getByLabelText('What do you want to promote?'), ' Energy drinks for long streams ');
    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    expect(screen.getByLabelText('Website')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the web address, starting with https://'),
    );
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'https://nova-energy.example');
    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    expect(save.inputs).toEqual([
      {
        companyName: 'Nova Energy',
        website: 'https://nova-energy.example',
        contactName: 'Marta Ruiz',
        contactEmail: 'marta@nova-energy.example',
        promotes: 'Energy drinks for long streams',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Send for Review' })).toBeDisabled();
    await save.reject(new Error('website: must be a web address starting with https://'));
    expect(screen.getByRole('alert')).toHaveTextContent('website: must be a web address starting with https://');
    expect(screen.getByLabelText('Company Name')).toHaveValue('Nova Energy');
    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    await save.resolve(sampleAdvertiserProfile);
    await waitFor(() => expect(view.location()).toBe('/company-profile'));
  });

  it.each(advertiserPaths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const { save, view } = setup();
    readUser(view, 'advertiser', sampleAdvertiserProfile.contactEmail);
    const gestures = {
      'field.change': async ({ field, value }) => {
        const input = screen.getByLabelText(labels[field]);
        await userEvent.setup().clear(input);
        if (value) await userEvent.setup().type(input, value);
      },
      'form.submit': () => userEvent.setup().click(screen.getByRole('button', { name: 'Send for Review' })),
      'xstate.done.actor.saveCompanyProfile': ({ output }) => save.resolve(output),
      'xstate.error.actor.saveCompanyProfile': () => save.reject(new Error('Too many requests')),
    } satisfies Gestures<typeof advertiserCompletionMachine>;
    await perform(gestures, path.events);
    if (path.expected === 'completed') await waitFor(() => expect(view.location()).toBe('/company-profile'));
    else if (path.expected === 'saving') expect(screen.getByRole('button', { name: 'Send for Review' })).toBeDisabled();
    else {
      expect(screen.getByRole('button', { name: 'Send for Review' })).toBeEnabled();
      expect(view.location()).toBe('/complete-register');
      if (path.events.at(-1)?.type === 'xstate.error.actor.saveCompanyProfile')
        expect(screen.getByRole('alert')).toHaveTextContent('Too many requests');
    }
  });
});
