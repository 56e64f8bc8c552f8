// /complete-register for a creator (docs/spec.md §2 Complete-register, §3 completion payload, §4, §9), replayed along
// profileCompletion's recorded paths on the real page: two steps under a progress bar (50 %, then 100 %), Finish
// sends the answers (PUT /api/profile) and opens /dashboard; an empty answer or a failure alerts "Error al
// actualizar el perfil" and keeps the answers.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import {
  emptyCompletion,
  profileCompletionMachine,
  type CompletionField,
  type CompletionFields,
  type CompletionPayload,
} from '@/machines/accounts/profileCompletion.machine';
import { sampleUser } from '@/machines/accounts/samples';
import { CompleteRegister } from '@/src/accounts/CompleteRegister';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.restoreAllMocks());

const LABEL: Record<CompletionField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  date_birth: 'Date of birth',
  gender: 'Gender',
  country: 'Country',
  city: 'City',
  zipcode: 'Zipcode',
  address: 'Address',
  language: 'Broadcasting Language',
  type_content: 'What type of content do you make?',
};
const STEP_ONE = Object.keys(LABEL).filter((field) => field !== 'type_content') as CompletionField[];

walkScreens('profileCompletion', {
  mount() {
    // The flow logs failures (docs/spec.md §8); kept out of the test output.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = controlled<unknown, CompletionPayload>();
    const view = renderScreen(
      <CompleteRegister logic={profileCompletionMachine.provide({ actors: { saveProfile: save.logic } })} />,
      { path: '/complete-register', jwt: 'stored.jwt' },
    );
    // The session has read the user (GET /api/user): a creator gets the wizard.
    act(() => view.session().send({ type: 'user.updated', user: { ...sampleUser, role: 'creator' } }));
    /** The answers typed, and the saves answered. */
    const model = { fields: { ...emptyCompletion } as CompletionFields, settled: 0 };
    const progress = () => screen.getByRole('progressbar', { name: 'Profile completion' });
    const form = () => screen.getByRole('form', { name: 'Complete your profile' });
    return {
      view,
      save,
      model,
      progress,
      form,
      gestures: {
        'field.change': ({ field, value }) => {
          (model.fields as Record<string, string>)[field] = value;
          fireEvent.change(screen.getByLabelText(LABEL[field]), { target: { value } });
        },
        'step.next': () => fireEvent.click(screen.getByRole('button', { name: 'Next' })),
        'step.back': () => fireEvent.click(screen.getByRole('button', { name: 'Back' })),
        'form.finish': () => fireEvent.click(screen.getByRole('button', { name: 'Finish' })),
        'xstate.done.actor.saveProfile': async ({ output }) => {
          model.settled += 1;
          await save.resolve(output);
        },
        'xstate.error.actor.saveProfile': async ({ error }) => {
          model.settled += 1;
          await save.reject(error);
        },
      },
    };
  },
  states: {
    // Step 1 at 50 %: the personal fields as typed, Next, no Back.
    personal: ({ save, model, progress }) => {
      expect(screen.getByText('Step 1 of 2: about you')).toBeInTheDocument();
      expect(progress()).toHaveAttribute('aria-valuenow', '50');
      for (const field of STEP_ONE) expect(screen.getByLabelText(LABEL[field])).toHaveValue(model.fields[field]);
      expect(screen.queryByLabelText(LABEL.type_content)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(save.started).toBe(model.settled);
    },
    // Step 2 at 100 %: the content question, Back and Finish ready, no alert.
    'content.editing': ({ save, model, progress }) => {
      expect(screen.getByText('Step 2 of 2: your content')).toBeInTheDocument();
      expect(progress()).toHaveAttribute('aria-valuenow', '100');
      expect(screen.getByLabelText(LABEL.type_content)).toHaveValue(model.fields.type_content);
      expect(screen.queryByLabelText(LABEL.first_name)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(save.started).toBe(model.settled);
    },
    // The save failed: the spec's alert on step 2, the answers kept, Finish ready again.
    'content.failed': ({ save, model, progress }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(messages.profileUpdateFailed);
      expect(progress()).toHaveAttribute('aria-valuenow', '100');
      expect(screen.getByLabelText(LABEL.type_content)).toHaveValue(model.fields.type_content);
      expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
      expect(save.started).toBe(model.settled);
    },
    // The answers (with an empty image) are on their way: Back and Finish wait.
    saving: ({ save, model }) => {
      expect(save.started).toBe(model.settled + 1);
      expect(save.inputs.at(-1)).toEqual({ ...model.fields, image: '' });
      expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Finish' })).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // Saved: the dashboard opened.
    completed: ({ view, save, model }) => {
      expect(save.started).toBe(model.settled);
      expect(view.location()).toBe('/dashboard');
      expect(screen.getByText('Elsewhere')).toBeInTheDocument();
    },
  },
});
