// Promo codes on the campaign page (docs/product.md §Deliverables, "Promo codes") driven along the promoCodes
// statechart's generated paths: every event is a gesture on the card (a code typed, Save codes, Generate codes,
// Create key, Done, a CSV chosen, Try again) or a settled request, and each path ends on what its state shows.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue } from '@/machines/index';
import { fixtures } from '@/machines/samples';
import {
  promoCodesMachine,
  type PromoCodesAnswer,
  type RedemptionsCsvResult,
} from '@/machines/deliverables/promoCodes.machine';
import { PromoCodes } from '@/src/deliverables/PromoCodes';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

type SaveInput =
  { campaignId: string; codes: { offerId: string; code: string }[] } | { campaignId: string; generate: true };

describe('promo codes along generated paths', () => {
  const paths = generatePaths(catalogue.promoCodes, fixtures.promoCodes);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const load = controlled<PromoCodesAnswer, { campaignId: string }>();
    const save = controlled<PromoCodesAnswer, SaveInput>();
    const key = controlled<string, { campaignId: string }>();
    const upload = controlled<RedemptionsCsvResult, { campaignId: string; file: Blob }>();
    renderScreen(
      <PromoCodes
        campaignId="cmp_nova"
        logic={promoCodesMachine.provide({
          actors: { loadCodes: load.logic, saveCodes: save.logic, createKey: key.logic, uploadCsv: upload.logic },
        })}
      />,
      { jwt: 'advertiser.jwt' },
    );
    const card = () => within(screen.getByRole('region', { name: 'Promo codes' }));
    const creators: Record<string, string> = { off_rin: 'Rin Plays', off_milo: 'Milo Live' };

    const gestures = {
      'promo.retry': () => fireEvent.click(card().getByRole('button', { name: 'Try again' })),
      'code.change': ({ offerId, code }) =>
        fireEvent.change(card().getByLabelText(`Code for ${creators[offerId]}`), { target: { value: code } }),
      'codes.save': () => fireEvent.click(card().getByRole('button', { name: 'Save codes' })),
      'codes.generate': () => fireEvent.click(card().getByRole('button', { name: 'Generate codes' })),
      'key.create': () => fireEvent.click(card().getByRole('button', { name: /^Create (a new )?key$/ })),
      'key.dismiss': () => {
        const done = card().queryByRole('button', { name: 'Done' });
        if (done) fireEvent.click(done);
      },
      'csv.upload': ({ file }) =>
        fireEvent.change(card().getByLabelText('Choose a CSV file of redemptions'), { target: { files: [file] } }),
      'xstate.done.actor.loadCodes': ({ output }) => load.resolve(output),
      'xstate.error.actor.loadCodes': ({ error }) => load.reject(error as Error),
      'xstate.done.actor.saveCodes': ({ output }) => save.resolve(output),
      'xstate.error.actor.saveCodes': ({ error }) => save.reject(error as Error),
      'xstate.done.actor.createKey': ({ output }) => key.resolve(output),
      'xstate.error.actor.createKey': ({ error }) => key.reject(error as Error),
      'xstate.done.actor.uploadCsv': ({ output }) => upload.resolve(output),
      'xstate.error.actor.uploadCsv': ({ error }) => upload.reject(error as Error),
    } satisfies Gestures<typeof promoCodesMachine>;
    await perform(gestures, path.events);

    const expected = JSON.stringify(path.expected);
    if (expected === '"loading"') expect(card().getByText('Loading promo codes')).toBeInTheDocument();
    else if (expected === '"failed"') expect(card().getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    else {
      expect(card().getByLabelText('Code for Rin Plays')).toBeInTheDocument();
      const busy = !['{"ready":"idle"}', '{"ready":"checking"}'].includes(expected);
      expect(card().getByRole('button', { name: 'Save codes' })).toHaveProperty('disabled', busy);
      expect(card().getByLabelText('Choose a CSV file of redemptions')).toHaveProperty('disabled', busy);
    }
  });
});
