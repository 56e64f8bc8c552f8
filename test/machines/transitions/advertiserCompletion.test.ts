// The advertiser's completion at /complete-register, pinned by hand (docs/product.md §Advertiser onboarding): the
// company form checked here as the server does (the checks show on a refused Send and then follow the fields), sent
// trimmed as the company profile for review; a refusal stays above the form until the next Send, and once sent the
// flow is done and Company Profile opens. Each pin reads what the page reads (advertiserCompletion.select.ts).
// Replayed on the page by test/views/advertiserCompletion.screen.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AdvertiserProfile, AdvertiserProfileInput } from '@/contract';
import { advertiserCompletionMachine } from '@/machines/accounts/advertiserCompletion.machine';
import {
  selectCompanyDraft,
  selectCompanyErrors,
  selectCompanyRefusal,
  selectCompanySending,
} from '@/machines/accounts/advertiserCompletion.select';
import { INVALID_WEBSITE, REQUIRED } from '@/machines/marketplace/advertiserProfile.machine';
import { sampleAdvertiserProfile } from '@/machines/marketplace/samples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const EMAIL = 'marta@nova-energy.example';

function start() {
  const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
  const opened: string[] = [];
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    advertiserCompletionMachine.provide({
      actors: { saveCompanyProfile: save.logic },
      actions: { goToCompanyProfile: () => opened.push('/company-profile') },
    }),
    { input: { email: EMAIL }, inspect },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    save,
    opened,
    received,
    snapshot,
    type: (field: keyof AdvertiserProfileInput, value: string) => actor.send({ type: 'field.change', field, value }),
    page: () => ({
      errors: selectCompanyErrors(snapshot()),
      refusal: selectCompanyRefusal(snapshot()),
      sending: selectCompanySending(snapshot()),
    }),
  };
}

/** Every field filled as the samples are, with spaces around each. */
function fill(flow: ReturnType<typeof start>) {
  flow.type('companyName', ` ${sampleAdvertiserProfile.companyName} `);
  flow.type('website', ` ${sampleAdvertiserProfile.website}`);
  flow.type('contactName', `${sampleAdvertiserProfile.contactName} `);
  flow.type('promotes', ` ${sampleAdvertiserProfile.promotes} `);
}

const TRIMMED: AdvertiserProfileInput = {
  companyName: sampleAdvertiserProfile.companyName,
  website: sampleAdvertiserProfile.website,
  contactName: sampleAdvertiserProfile.contactName,
  contactEmail: EMAIL,
  promotes: sampleAdvertiserProfile.promotes,
};

it("opens on an empty company form with the account's e-mail as the contact's, nothing checked yet", () => {
  const flow = start();
  expect(flow.snapshot().value).toBe('editing');
  expect(selectCompanyDraft(flow.snapshot())).toEqual({
    companyName: '',
    website: '',
    contactName: '',
    contactEmail: EMAIL,
    promotes: '',
  });
  expect(flow.page()).toEqual({ errors: {}, refusal: null, sending: false });
});

describe('advertiserCompletion transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(advertiserCompletionMachine);

  pin(
    { from: 'advertiserCompletion.editing', on: 'field.change', to: null },
    'typing keeps the draft; the checks stay hidden until a Send, then follow the fields as they are corrected',
    () => {
      const flow = start();
      // Before any Send, a wrong value is kept but not checked.
      flow.type('website', 'nova-energy');
      expect(selectCompanyDraft(flow.snapshot()).website).toBe('nova-energy');
      expect(flow.page().errors).toEqual({});
      flow.actor.send({ type: 'form.submit' });
      expect(flow.page().errors).toEqual({
        companyName: REQUIRED,
        website: INVALID_WEBSITE,
        contactName: REQUIRED,
        promotes: REQUIRED,
      });
      // Shown once, each check follows its field.
      flow.type('companyName', 'Nova Energy');
      flow.type('website', 'https://nova-energy.example');
      expect(flow.page().errors).toEqual({ contactName: REQUIRED, promotes: REQUIRED });
      flow.type('contactName', 'Marta Ruiz');
      flow.type('promotes', 'Energy drinks');
      expect(flow.page().errors).toEqual({});
      expect(flow.snapshot().value).toBe('editing');
      expect(flow.save.started).toBe(0);
    },
  );

  pin(
    { from: 'advertiserCompletion.editing', on: 'form.submit', guard: 'isComplete', to: 'advertiserCompletion.saving' },
    'a complete form is sent trimmed; the form waits and an earlier refusal goes',
    async () => {
      const flow = start();
      fill(flow);
      flow.actor.send({ type: 'form.submit' });
      await flow.save.reject(new Error('Ha ocurrido un error'));
      expect(flow.page().refusal).toBe('Ha ocurrido un error');
      flow.actor.send({ type: 'form.submit' });
      expect(flow.snapshot().value).toBe('saving');
      expect(flow.save.inputs).toEqual([TRIMMED, TRIMMED]);
      expect(flow.snapshot().context.error).toBeNull();
      expect(flow.page()).toEqual({ errors: {}, refusal: null, sending: true });
    },
  );

  pin(
    { from: 'advertiserCompletion.editing', on: 'form.submit', to: null },
    'an incomplete form is not sent: each missing field is required (spaces alone count as missing)',
    () => {
      const flow = start();
      flow.type('companyName', 'Nova Energy');
      flow.type('website', 'https://nova-energy.example');
      flow.type('contactName', 'Marta Ruiz');
      flow.type('promotes', '   ');
      flow.actor.send({ type: 'form.submit' });
      expect(flow.snapshot().value).toBe('editing');
      expect(flow.page().errors).toEqual({ promotes: REQUIRED });
      expect(flow.save.started).toBe(0);
    },
  );

  pin(
    {
      from: 'advertiserCompletion.saving',
      on: 'xstate.done.actor.saveCompanyProfile',
      to: 'advertiserCompletion.completed',
    },
    'sent: Company Profile opens, the form stays disabled, and the flow is done',
    async () => {
      const flow = start();
      fill(flow);
      flow.actor.send({ type: 'form.submit' });
      await flow.save.resolve(sampleAdvertiserProfile);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.saveCompanyProfile');
      expect(flow.snapshot().value).toBe('completed');
      expect(flow.opened).toEqual(['/company-profile']);
      expect(flow.page().sending).toBe(true);
      expect(flow.snapshot().status).toBe('done');
    },
  );

  pin(
    {
      from: 'advertiserCompletion.saving',
      on: 'xstate.error.actor.saveCompanyProfile',
      to: 'advertiserCompletion.editing',
    },
    "a refusal comes back to the form as it was, the server's text above it",
    async () => {
      const flow = start();
      fill(flow);
      flow.actor.send({ type: 'form.submit' });
      await flow.save.reject(new Error('Error al autenticar el usuario'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.saveCompanyProfile');
      expect(flow.snapshot().value).toBe('editing');
      expect(flow.page()).toEqual({ errors: {}, refusal: 'Error al autenticar el usuario', sending: false });
      expect(selectCompanyDraft(flow.snapshot()).companyName).toBe(` ${sampleAdvertiserProfile.companyName} `);
      expect(flow.opened).toEqual([]);
    },
  );

  pinsEveryTransition();
});
