// Company Profile's transitions, pinned by hand (docs/product.md §Advertiser onboarding): loaded, a new advertiser goes
// straight to the form and one with a profile sees it; the form is checked here as the server checks it (required
// fields, each field's limit once trimmed, an http(s) address whose host has a dot, an e-mail address), the checks show
// on a refused Save and then follow the fields; sent trimmed, saved, or refused with the form kept. Each pin reads what
// the page reads (advertiserProfile.select.ts). Replayed on the page by test/views/advertiserProfile.screen.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import {
  advertiserProfileErrors,
  advertiserProfileMachine,
  INVALID_CONTACT_EMAIL,
  INVALID_WEBSITE,
  REQUIRED,
  isWebsite,
  type AdvertiserProfileDraft,
  type AdvertiserProfileField,
} from '@/machines/marketplace/advertiserProfile.machine';
import {
  selectCompanyCanCancel,
  selectCompanyDraft,
  selectCompanyEditing,
  selectCompanyError,
  selectCompanyErrors,
  selectCompanySaved,
  selectCompanyViewing,
} from '@/machines/marketplace/advertiserProfile.select';
import { sampleAdvertiserProfile } from '@/machines/marketplace/samples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const VALID: AdvertiserProfileDraft = {
  companyName: sampleAdvertiserProfile.companyName,
  website: sampleAdvertiserProfile.website,
  contactName: sampleAdvertiserProfile.contactName,
  contactEmail: sampleAdvertiserProfile.contactEmail,
  promotes: sampleAdvertiserProfile.promotes,
};

function start() {
  const load = controlled<AdvertiserProfile | null>();
  const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    advertiserProfileMachine.provide({
      actors: { loadAdvertiserProfile: load.logic, saveAdvertiserProfile: save.logic },
    }),
    { inspect },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    load,
    save,
    received,
    snapshot,
    type: (field: AdvertiserProfileField, value: string) => actor.send({ type: 'field.change', field, value }),
    page: () => ({
      viewing: selectCompanyViewing(snapshot()),
      editing: selectCompanyEditing(snapshot()),
      draft: selectCompanyDraft(snapshot()),
      errors: selectCompanyErrors(snapshot()),
      error: selectCompanyError(snapshot()),
      saved: selectCompanySaved(snapshot()),
      canCancel: selectCompanyCanCancel(snapshot()),
    }),
  };
}

async function editingNew() {
  const flow = start();
  await flow.load.resolve(null);
  expect(flow.snapshot().value).toBe('editing');
  return flow;
}

async function editingExisting() {
  const flow = start();
  await flow.load.resolve(sampleAdvertiserProfile);
  flow.actor.send({ type: 'profile.edit' });
  expect(flow.snapshot().value).toBe('editing');
  return flow;
}

describe('the checks, as the server makes them', () => {
  it('an address is http(s) with a dot in its host, spaces around it ignored', () => {
    expect(isWebsite(' https://nova-energy.example ')).toBe(true);
    expect(isWebsite('http://nova.example/path')).toBe(true);
    expect(isWebsite('ftp://nova.example')).toBe(false);
    expect(isWebsite('https://localhost')).toBe(false);
    expect(isWebsite('nova.example')).toBe(false);
    expect(isWebsite('https://')).toBe(false);
  });

  it('each field at its limit once trimmed passes, one character more is refused; the e-mail is checked whole', () => {
    const at = { companyName: 120, website: 300, contactName: 120, promotes: 500 } as const;
    const longWebsite = (length: number) => `https://${'a'.repeat(length - 'https://.example'.length)}.example`;
    const draft = (over: Partial<AdvertiserProfileDraft>) => ({ ...VALID, ...over });
    expect(
      advertiserProfileErrors(
        draft({
          companyName: ` ${'c'.repeat(at.companyName)} `,
          website: ` ${longWebsite(at.website)} `,
          contactName: ` ${'n'.repeat(at.contactName)} `,
          promotes: ` ${'p'.repeat(at.promotes)} `,
        }),
      ),
    ).toEqual({});
    expect(
      Object.keys(
        advertiserProfileErrors(
          draft({
            companyName: 'c'.repeat(at.companyName + 1),
            website: longWebsite(at.website + 1),
            contactName: 'n'.repeat(at.contactName + 1),
            promotes: 'p'.repeat(at.promotes + 1),
          }),
        ),
      ).sort(),
    ).toEqual(['companyName', 'contactName', 'promotes', 'website']);
    // A problem is an id with the values its text reads (the screen words it).
    expect(advertiserProfileErrors(draft({ companyName: 'c'.repeat(at.companyName + 1) }))).toEqual({
      companyName: { id: 'tooLong', max: at.companyName },
    });
    expect([REQUIRED, INVALID_WEBSITE, INVALID_CONTACT_EMAIL]).toEqual([
      { id: 'required' },
      { id: 'invalidWebsite' },
      { id: 'invalidEmail' },
    ]);
    expect(advertiserProfileErrors(draft({ contactEmail: ' marta@nova.example ' }))).toEqual({});
    for (const email of ['x marta@nova.example', 'marta@nova.example y', 'marta@nova', '@nova.example'])
      expect(advertiserProfileErrors(draft({ contactEmail: email })), email).toEqual({
        contactEmail: INVALID_CONTACT_EMAIL,
      });
    // What it promotes may stay empty; the rest may not, spaces alone counting as empty.
    expect(advertiserProfileErrors(draft({ promotes: '  ' }))).toEqual({});
    expect(advertiserProfileErrors(draft({ companyName: '  ', website: '' }))).toEqual({
      companyName: REQUIRED,
      website: REQUIRED,
    });
  });
});

describe('advertiserProfile transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(advertiserProfileMachine);

  pin(
    {
      from: 'advertiserProfile.loading',
      on: 'xstate.done.actor.loadAdvertiserProfile',
      to: 'advertiserProfile.loaded',
    },
    'the profile is read',
    async () => {
      const flow = start();
      expect(flow.snapshot().context).toEqual({
        profile: null,
        draft: { companyName: '', website: '', contactName: '', contactEmail: '', promotes: '' },
        errors: {},
        error: null,
        saved: false,
      });
      await flow.load.resolve(sampleAdvertiserProfile);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadAdvertiserProfile');
      expect(flow.page()).toMatchObject({ viewing: true, error: null });
    },
  );

  pin(
    {
      from: 'advertiserProfile.loading',
      on: 'xstate.error.actor.loadAdvertiserProfile',
      to: 'advertiserProfile.failed',
    },
    'a failed read says why',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Ha ocurrido un error'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.loadAdvertiserProfile');
      expect(flow.snapshot().value).toBe('failed');
      expect(flow.page().error).toBe('Ha ocurrido un error');
    },
  );

  pin(
    { from: 'advertiserProfile.failed', on: 'profile.retry', to: 'advertiserProfile.loading' },
    'Try again reads it again',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Ha ocurrido un error'));
      flow.actor.send({ type: 'profile.retry' });
      expect(flow.load.started).toBe(2);
      await flow.load.resolve(sampleAdvertiserProfile);
      expect(flow.page()).toMatchObject({ viewing: true, error: null });
    },
  );

  pin(
    { from: 'advertiserProfile.loaded', on: 'always', guard: 'hasProfile', to: 'advertiserProfile.viewing' },
    'an advertiser with a profile sees it',
    async () => {
      const flow = start();
      await flow.load.resolve(sampleAdvertiserProfile);
      expect(flow.snapshot().value).toBe('viewing');
      expect(flow.page()).toMatchObject({ viewing: true, editing: false, saved: false });
    },
  );

  pin(
    { from: 'advertiserProfile.loaded', on: 'always', to: 'advertiserProfile.editing' },
    'a new advertiser goes straight to an empty form, with no read view to go back to',
    async () => {
      const flow = await editingNew();
      expect(flow.page()).toMatchObject({
        editing: true,
        draft: { companyName: '', website: '', contactName: '', contactEmail: '', promotes: '' },
        errors: {},
        canCancel: false,
      });
    },
  );

  pin(
    { from: 'advertiserProfile.viewing', on: 'profile.edit', to: 'advertiserProfile.editing' },
    'Edit fills the form from the profile, nothing checked, no refusal, "Saved" gone',
    async () => {
      const flow = await editingExisting();
      flow.type('website', 'nova');
      flow.actor.send({ type: 'profile.submit' });
      flow.type('website', VALID.website);
      flow.actor.send({ type: 'profile.submit' });
      await flow.save.resolve(sampleAdvertiserProfile);
      expect(flow.page().saved).toBe(true);
      flow.actor.send({ type: 'profile.edit' });
      expect(flow.page()).toMatchObject({ editing: true, draft: VALID, errors: {}, error: null, saved: false });
      expect(flow.page().canCancel).toBe(true);
    },
  );

  pin(
    { from: 'advertiserProfile.editing', on: 'field.change', to: null },
    'typing keeps the field; the checks show only after a Save, then follow the fields',
    async () => {
      const flow = await editingNew();
      flow.type('companyName', 'Nova Energy');
      expect(flow.page().errors).toEqual({});
      flow.type('website', 'nova');
      expect(flow.page().draft).toMatchObject({ companyName: 'Nova Energy', website: 'nova' });
      expect(flow.page().errors).toEqual({});
      flow.actor.send({ type: 'profile.submit' });
      expect(flow.page().errors).toEqual({
        website: INVALID_WEBSITE,
        contactName: REQUIRED,
        contactEmail: REQUIRED,
      });
      // Each change checks again: one at a time.
      flow.type('website', VALID.website);
      expect(flow.page().errors).toEqual({ contactName: REQUIRED, contactEmail: REQUIRED });
      flow.type('contactName', VALID.contactName);
      expect(flow.page().errors).toEqual({ contactEmail: REQUIRED });
      flow.type('contactEmail', VALID.contactEmail);
      expect(flow.page().errors).toEqual({});
    },
  );

  pin(
    { from: 'advertiserProfile.editing', on: 'profile.submit', guard: 'isComplete', to: 'advertiserProfile.saving' },
    'Save sends the form trimmed, and an earlier refusal goes',
    async () => {
      const flow = await editingNew();
      for (const [field, value] of Object.entries(VALID)) flow.type(field as AdvertiserProfileField, ` ${value} `);
      flow.actor.send({ type: 'profile.submit' });
      await flow.save.reject(new Error('Ha ocurrido un error'));
      expect(flow.page().error).toBe('Ha ocurrido un error');
      flow.actor.send({ type: 'profile.submit' });
      expect(flow.snapshot().value).toBe('saving');
      expect(flow.page().error).toBeNull();
      expect(flow.save.inputs).toEqual([VALID, VALID]);
    },
  );

  pin(
    { from: 'advertiserProfile.editing', on: 'profile.submit', to: null },
    'an incomplete form is not sent and says what is missing',
    async () => {
      const flow = await editingNew();
      flow.actor.send({ type: 'profile.submit' });
      expect(flow.snapshot().value).toBe('editing');
      expect(flow.save.started).toBe(0);
      expect(flow.page().errors).toEqual({
        companyName: REQUIRED,
        website: REQUIRED,
        contactName: REQUIRED,
        contactEmail: REQUIRED,
      });
    },
  );

  pin(
    { from: 'advertiserProfile.editing', on: 'profile.cancel', guard: 'hasProfile', to: 'advertiserProfile.viewing' },
    'Cancel goes back to the profile, its checks and refusal dropped',
    async () => {
      const flow = await editingExisting();
      flow.type('website', 'nova');
      flow.actor.send({ type: 'profile.submit' });
      expect(flow.page().errors).toEqual({ website: INVALID_WEBSITE });
      flow.actor.send({ type: 'profile.cancel' });
      expect(flow.snapshot().value).toBe('viewing');
      expect(flow.page()).toMatchObject({ viewing: true, errors: {}, error: null });
      // A new advertiser has nothing to go back to.
      const fresh = await editingNew();
      fresh.actor.send({ type: 'profile.cancel' });
      expect(fresh.snapshot().value).toBe('editing');
    },
  );

  pin(
    {
      from: 'advertiserProfile.saving',
      on: 'xstate.done.actor.saveAdvertiserProfile',
      to: 'advertiserProfile.viewing',
    },
    'saved: the stored profile shows, with "Saved"',
    async () => {
      const flow = await editingNew();
      for (const [field, value] of Object.entries(VALID)) flow.type(field as AdvertiserProfileField, value);
      flow.actor.send({ type: 'profile.submit' });
      await flow.save.resolve(sampleAdvertiserProfile);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.saveAdvertiserProfile');
      expect(flow.page()).toMatchObject({ viewing: true, saved: true });
      expect(flow.snapshot().context.profile).toEqual(sampleAdvertiserProfile);
    },
  );

  pin(
    {
      from: 'advertiserProfile.saving',
      on: 'xstate.error.actor.saveAdvertiserProfile',
      to: 'advertiserProfile.editing',
    },
    'a refusal keeps the form and says why',
    async () => {
      const flow = await editingExisting();
      flow.type('companyName', 'Nova Energy Drinks');
      flow.actor.send({ type: 'profile.submit' });
      await flow.save.reject(new Error('Error al autenticar el usuario'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.saveAdvertiserProfile');
      expect(flow.page()).toMatchObject({
        editing: true,
        error: 'Error al autenticar el usuario',
        saved: false,
      });
      expect(flow.page().draft.companyName).toBe('Nova Energy Drinks');
    },
  );

  pinsEveryTransition();
});
