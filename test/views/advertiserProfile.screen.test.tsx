// Company Profile (docs/product.md §Marketplace "Advertiser workspace", "Advertiser profile"), replayed along
// advertiserProfile's recorded paths on the real screen: a field typed, Edit, Cancel, Send for Review, Try again, or
// the API answering; after every step the screen shows what its state says (the spinner, the refusal with Try again,
// the profile with its verification status, the form with its checks, or the form waiting for the answer).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import {
  advertiserProfileErrors,
  advertiserProfileMachine,
  draftOf,
  toAdvertiserProfileInput,
  type AdvertiserProfileDraft,
  type AdvertiserProfileErrors,
  type AdvertiserProfileField,
  type AdvertiserProfileProblem,
} from '@/machines/marketplace/advertiserProfile.machine';
import type { VerificationStatus } from '@/contract/marketplace';
import { CompanyProfileScreen } from '@/src/marketplace/CompanyProfile';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const labels: Record<AdvertiserProfileField, string> = {
  companyName: 'Company Name',
  website: 'Website',
  contactName: 'Contact Name',
  contactEmail: 'Contact Email',
  promotes: 'What do you want to promote?',
};
const hints: Partial<Record<AdvertiserProfileField, string>> = {
  website: 'The full address, e.g. https://example.com',
  promotes: 'Your products or services, in a sentence or two (optional).',
};
/** The verification status as its chip reads in English. */
const STATUS: Record<VerificationStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** A field's problem as the English screen words it. */
const PROBLEM: Record<AdvertiserProfileProblem['id'], (problem: AdvertiserProfileProblem) => string> = {
  required: () => 'Este campo es obligatorio',
  tooLong: (problem) => `Keep it under ${'max' in problem ? problem.max.toLocaleString('en-US') : ''} characters.`,
  invalidWebsite: () => 'Enter the web address, starting with https://',
  invalidEmail: () => 'Enter a valid email address.',
};
const worded = (problem: AdvertiserProfileProblem | undefined) => (problem ? PROBLEM[problem.id](problem) : undefined);
const SUBMIT = /^(Send for Review|Save)$/;
const submitName = (profile: AdvertiserProfile | null) => (profile?.status === 'approved' ? 'Save' : 'Send for Review');

walkScreens('advertiserProfile', {
  mount() {
    const load = controlled<AdvertiserProfile | null>();
    const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
    renderScreen(
      <CompanyProfileScreen
        logic={advertiserProfileMachine.provide({
          actors: { loadAdvertiserProfile: load.logic, saveAdvertiserProfile: save.logic },
        })}
      />,
      { path: '/company-profile', jwt: 'advertiser.jwt' },
    );
    /** What the screen was told so far: the profile read or saved, the form as typed, its checks, the last refusal. */
    const seen = {
      settled: { load: 0, save: 0 },
      profile: null as AdvertiserProfile | null,
      draft: draftOf(null) as AdvertiserProfileDraft,
      errors: {} as AdvertiserProfileErrors,
      error: null as string | null,
      saved: false,
    };
    const startEditing = () => {
      seen.draft = draftOf(seen.profile);
      seen.errors = {};
      seen.error = null;
      seen.saved = false;
    };
    return {
      load,
      save,
      seen,
      gestures: {
        'xstate.done.actor.loadAdvertiserProfile': async ({ output }) => {
          seen.profile = output;
          seen.error = null;
          // A new advertiser goes straight to the form.
          if (output === null) startEditing();
          seen.settled.load += 1;
          await load.resolve(output);
        },
        'xstate.error.actor.loadAdvertiserProfile': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.load += 1;
          await load.reject(error);
        },
        'profile.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'profile.edit': () => {
          startEditing();
          fireEvent.click(screen.getByRole('button', { name: /^Edit/ }));
        },
        'profile.cancel': () => {
          seen.errors = {};
          seen.error = null;
          fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
        },
        'profile.submit': () => {
          const errors = advertiserProfileErrors(seen.draft);
          if (Object.keys(errors).length === 0) seen.error = null;
          seen.errors = errors;
          fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
        },
        'field.change': ({ field, value }) => {
          seen.draft = { ...seen.draft, [field]: value };
          // Once shown, the checks follow the fields as they are corrected.
          if (Object.keys(seen.errors).length) seen.errors = advertiserProfileErrors(seen.draft);
          fireEvent.change(screen.getByLabelText(labels[field]), { target: { value } });
        },
        'xstate.done.actor.saveAdvertiserProfile': async ({ output }) => {
          seen.profile = output;
          seen.saved = true;
          seen.settled.save += 1;
          await save.resolve(output);
        },
        'xstate.error.actor.saveAdvertiserProfile': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.save += 1;
          await save.reject(error);
        },
      },
    };
  },
  states: {
    // The spinner alone: the profile is being read.
    loading: ({ load, save, seen }) => {
      expect(screen.getByText('Loading company profile').closest('[role="status"]')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load + 1);
      expect(save.started).toBe(seen.settled.save);
    },
    // The profile could not be read: why, and Try again; no form, no profile.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The company profile could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading company profile')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
      expect(screen.queryByTestId('verification-status')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
    },
    // The profile as stored with its verification status and Edit (Edit and Resend when rejected); after a save,
    // that it was sent for review (saved, once approved). No form.
    viewing: ({ load, save, seen }) => {
      const profile = seen.profile!;
      expect(screen.getByTestId('verification-status')).toHaveTextContent(STATUS[profile.status]);
      if (profile.status === 'rejected') expect(screen.getByText(profile.rejectionReason!)).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Company' })).toHaveTextContent(profile.companyName);
      expect(
        screen.getByRole('button', { name: profile.status === 'rejected' ? 'Edit and Resend' : 'Edit' }),
      ).toBeEnabled();
      expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: SUBMIT })).not.toBeInTheDocument();
      const sent = screen.queryByText(/^Your company profile was (sent for review|saved)\./);
      if (seen.saved)
        expect(sent).toHaveTextContent(
          profile.status === 'approved'
            ? 'Your company profile was saved.'
            : 'Your company profile was sent for review.',
        );
      else expect(sent).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
      expect(save.started).toBe(seen.settled.save);
    },
    // The form as typed, every field free, its checks and the server's refusal when shown; Cancel only when there
    // is a profile to go back to. Nothing is being sent.
    editing: ({ load, save, seen }) => {
      form(seen, false);
      const submit = screen.getByRole('button', { name: submitName(seen.profile) });
      expect(submit).toBeEnabled();
      expect(submit).not.toHaveAttribute('aria-busy');
      if (seen.profile) expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      else expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      for (const field of Object.keys(labels) as AdvertiserProfileField[]) {
        const input = screen.getByLabelText(labels[field]);
        const described = [hints[field], worded(seen.errors[field])].filter(Boolean).join(' ');
        expect(input).toHaveAccessibleDescription(described);
        if (seen.errors[field]) expect(input).toHaveAttribute('aria-invalid', 'true');
        else expect(input).not.toHaveAttribute('aria-invalid');
      }
      const formCard = screen.getByRole('region', { name: seen.profile ? 'Company' : 'Tell us about your company' });
      const refusal = within(formCard).queryByRole('alert');
      if (seen.error) expect(refusal).toHaveTextContent(seen.error);
      else expect(refusal).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
      expect(save.started).toBe(seen.settled.save);
    },
    // The form's fields, trimmed, are on their way: every field and button waits.
    saving: ({ save, seen }) => {
      form(seen, true);
      const submit = screen.getByRole('button', { name: submitName(seen.profile) });
      expect(submit).toBeDisabled();
      expect(submit).toHaveAttribute('aria-busy', 'true');
      const cancel = screen.queryByRole('button', { name: 'Cancel' });
      if (cancel) expect(cancel).toBeDisabled();
      expect(save.started).toBe(seen.settled.save + 1);
      expect(save.inputs.at(-1)).toEqual(toAdvertiserProfileInput(seen.draft));
    },
  },
});

/** The form, each field as typed (disabled while saving); no spinner and no Edit. */
function form(seen: { draft: AdvertiserProfileDraft; profile: AdvertiserProfile | null }, saving: boolean) {
  expect(screen.getByRole('heading', { name: seen.profile ? 'Company' : 'Tell us about your company' })).toBeVisible();
  for (const field of Object.keys(labels) as AdvertiserProfileField[]) {
    const input = screen.getByLabelText(labels[field]);
    expect(input).toHaveValue(seen.draft[field]);
    expect(input).toHaveProperty('disabled', saving);
  }
  expect(screen.queryByText('Loading company profile')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  expect(screen.queryByText(/^Your company profile was/)).not.toBeInTheDocument();
}
