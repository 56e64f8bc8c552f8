// Promo codes on the campaign page (docs/product.md §Deliverables, "Promo codes"), replayed along promoCodes'
// recorded paths on the real card: a code typed, Save codes, Generate codes, Create key, Done, a CSV chosen, Try
// again, or the API answering; after every step the card shows what its state says (a spinner, the refusal with Try
// again, the codes with the one request under way marked busy and every control waiting, or all of them free).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  changedCodes,
  codeProblem,
  promoCodesMachine,
  type PromoCodesAnswer,
  type RedemptionsCsvResult,
} from '@/machines/deliverables/promoCodes.machine';
import { PromoCodes } from '@/src/deliverables/PromoCodes';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type SaveInput =
  { campaignId: string; codes: { offerId: string; code: string }[] } | { campaignId: string; generate: true };

const card = () => within(screen.getByRole('region', { name: 'Promo codes' }));
const button = (name: string | RegExp) => card().getByRole('button', { name });
const csvInput = () => card().getByLabelText('Choose a CSV file of redemptions');

walkScreens('promoCodes', {
  mount(input) {
    const { campaignId } = input as { campaignId: string };
    const load = controlled<PromoCodesAnswer, { campaignId: string }>();
    const save = controlled<PromoCodesAnswer, SaveInput>();
    const key = controlled<string, { campaignId: string }>();
    const upload = controlled<RedemptionsCsvResult, { campaignId: string; file: Blob }>();
    renderScreen(
      <PromoCodes
        campaignId={campaignId}
        logic={promoCodesMachine.provide({
          actors: { loadCodes: load.logic, saveCodes: save.logic, createKey: key.logic, uploadCsv: upload.logic },
        })}
      />,
      { jwt: 'advertiser.jwt' },
    );
    /** What the card was told so far: the answers, the codes as typed, and the messages they leave. */
    const seen = {
      campaignId,
      settled: { load: 0, save: 0, key: 0, upload: 0 },
      answer: null as PromoCodesAnswer | null,
      drafts: {} as Record<string, string>,
      codeErrors: {} as Record<string, string>,
      key: null as string | null,
      upload: null as RedemptionsCsvResult | null,
      error: null as string | null,
      notice: null as string | null,
      generate: false,
    };
    const draftsOf = (answer: PromoCodesAnswer) =>
      Object.fromEntries(answer.codes.map((row) => [row.offerId, row.code ?? '']));
    const creator = (offerId: string) => seen.answer!.codes.find((row) => row.offerId === offerId)!.creator;
    const clear = () => {
      seen.error = null;
      seen.notice = null;
    };
    return {
      load,
      save,
      key,
      upload,
      seen,
      gestures: {
        'promo.retry': () => {
          seen.error = null;
          fireEvent.click(button('Try again'));
        },
        'code.change': ({ offerId, code }) => {
          seen.drafts = { ...seen.drafts, [offerId]: code };
          const { [offerId]: _dropped, ...rest } = seen.codeErrors;
          seen.codeErrors = rest;
          seen.notice = null;
          fireEvent.change(card().getByLabelText(`Code for ${creator(offerId)}`), { target: { value: code } });
        },
        'codes.save': () => {
          const changed = changedCodes({ answer: seen.answer, drafts: seen.drafts });
          const refused = Object.fromEntries(
            // What the field says in English for the machine's problem id.
            changed.flatMap((row) =>
              codeProblem(row.code) ? [[row.offerId, 'must be 3 to 40 letters, digits, - or _']] : [],
            ),
          );
          if (changed.length === 0) {
            seen.notice = 'No code changed';
            seen.error = null;
          } else if (Object.keys(refused).length) seen.codeErrors = refused;
          else {
            seen.codeErrors = {};
            clear();
          }
          seen.generate = false;
          fireEvent.click(button('Save codes'));
        },
        'codes.generate': () => {
          clear();
          seen.generate = true;
          fireEvent.click(button('Generate codes'));
        },
        'key.create': () => {
          clear();
          fireEvent.click(button(/^Create (a new )?key$/));
        },
        // Done sits in the shown key's box; with no key shown there is nothing to dismiss, and nothing changes.
        'key.dismiss': () => {
          if (seen.key) fireEvent.click(button('Done'));
          seen.key = null;
        },
        'csv.upload': ({ file }) => {
          clear();
          seen.upload = null;
          fireEvent.change(csvInput(), { target: { files: [file] } });
        },
        'xstate.done.actor.loadCodes': async ({ output }) => {
          // The first read fills the fields; a read after an upload keeps what was typed.
          if (seen.answer === null) seen.drafts = draftsOf(output);
          seen.answer = output;
          seen.settled.load += 1;
          await load.resolve(output);
        },
        'xstate.error.actor.loadCodes': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.load += 1;
          await load.reject(error);
        },
        'xstate.done.actor.saveCodes': async ({ output }) => {
          seen.answer = output;
          seen.drafts = draftsOf(output);
          if (seen.generate) seen.codeErrors = {};
          seen.notice = seen.generate ? 'Codes generated for the creators without one' : 'Codes saved';
          seen.settled.save += 1;
          await save.resolve(output);
        },
        'xstate.error.actor.saveCodes': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.save += 1;
          await save.reject(error);
        },
        'xstate.done.actor.createKey': async ({ output }) => {
          seen.key = output;
          seen.answer = { ...seen.answer!, redemptionKey: true };
          seen.settled.key += 1;
          await key.resolve(output);
        },
        'xstate.error.actor.createKey': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.key += 1;
          await key.reject(error);
        },
        'xstate.done.actor.uploadCsv': async ({ output }) => {
          seen.upload = output;
          seen.settled.upload += 1;
          await upload.resolve(output);
        },
        'xstate.error.actor.uploadCsv': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled.upload += 1;
          await upload.reject(error);
        },
      },
    };
  },
  states: {
    // The spinner alone: the codes are being read, nothing else is asked.
    loading: ({ load, save, key, upload, seen }) => {
      expect(card().getByRole('status')).toHaveTextContent('Loading promo codes');
      expect(card().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(card().queryByRole('textbox')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load + 1);
      expect(load.inputs.at(-1)).toEqual({ campaignId: seen.campaignId });
      expect([save.started, key.started, upload.started]).toEqual([0, 0, 0]);
    },
    // The codes could not be read: why, and Try again; no fields.
    failed: ({ load, seen }) => {
      const alert = card().getByRole('alert');
      expect(alert).toHaveTextContent('The promo codes could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(card().queryByText('Loading promo codes')).not.toBeInTheDocument();
      expect(card().queryByRole('textbox')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled.load);
    },
    // The codes as typed, every control free, no request out; the last change's notice or refusal, the key once.
    'ready.idle': (mounted) => {
      readyCard(mounted, null);
      const { seen } = mounted;
      expect(card().queryByText('Uploading…')).not.toBeInTheDocument();
      if (seen.notice) expect(card().getByText(seen.notice)).toBeInTheDocument();
      else
        expect(
          card().queryByText(/^(Codes saved|No code changed|Codes generated for the creators without one)$/),
        ).not.toBeInTheDocument();
      const errors = card()
        .queryAllByRole('alert')
        .filter((alert) => alert.textContent !== '' && !alert.textContent?.startsWith('Upload read'));
      expect(errors.map((alert) => alert.textContent)).toEqual(seen.error ? [seen.error] : []);
      for (const row of seen.answer!.codes) {
        const field = card().getByLabelText(`Code for ${row.creator}`);
        if (seen.codeErrors[row.offerId]) expect(field).toHaveAccessibleDescription(seen.codeErrors[row.offerId]!);
        else expect(field).not.toHaveAttribute('aria-invalid', 'true');
      }
      const shown = card().queryByText('Your redemption key');
      if (seen.key) {
        expect(shown).toBeInTheDocument();
        expect(card().getByTestId('redemption-key')).toHaveTextContent(seen.key);
        expect(button('Done')).toBeEnabled();
      } else expect(shown).not.toBeInTheDocument();
    },
    // The changed codes are on their way: Save codes busy, every control waits.
    'ready.saving': (mounted) => {
      readyCard(mounted, 'save');
      expect(button('Save codes')).toHaveAttribute('aria-busy', 'true');
      expect(mounted.save.inputs.at(-1)).toEqual({
        campaignId: mounted.seen.campaignId,
        codes: changedCodes({ answer: mounted.seen.answer, drafts: mounted.seen.drafts }),
      });
    },
    // Codes are being generated for the offers without one: Generate codes busy.
    'ready.generating': (mounted) => {
      readyCard(mounted, 'save');
      expect(button('Generate codes')).toHaveAttribute('aria-busy', 'true');
      expect(mounted.save.inputs.at(-1)).toEqual({ campaignId: mounted.seen.campaignId, generate: true });
    },
    // A redemption key is being created: its button busy.
    'ready.creatingKey': (mounted) => {
      readyCard(mounted, 'key');
      expect(button(/^Create (a new )?key$/)).toHaveAttribute('aria-busy', 'true');
      expect(mounted.key.inputs.at(-1)).toEqual({ campaignId: mounted.seen.campaignId });
    },
    // The CSV is on its way: Uploading…, no result yet.
    'ready.uploading': (mounted) => {
      readyCard(mounted, 'upload');
      expect(card().getByText('Uploading…')).toBeInTheDocument();
      expect(card().queryByText('Upload read')).not.toBeInTheDocument();
      expect(mounted.upload.inputs.at(-1)?.campaignId).toBe(mounted.seen.campaignId);
    },
    // The CSV was read (what was added, already there, refused) and the counts are read again.
    'ready.reloading': (mounted) => {
      readyCard(mounted, 'load');
      const result = mounted.seen.upload!;
      expect(card().getByText('Uploading…')).toBeInTheDocument();
      expect(card().getByText('Upload read')).toBeInTheDocument();
      expect(
        card().getByText(
          `${result.added} added, ${result.duplicates} already recorded, ${result.rejected.length} refused.`,
        ),
      ).toBeInTheDocument();
      const refused = within(card().getByRole('list', { name: 'Refused lines' })).getAllByRole('listitem');
      expect(refused.map((line) => line.textContent)).toEqual(
        result.rejected.map((line) => `Line ${line.line}: ${line.message}`),
      );
    },
  },
});

type Mounted = {
  load: { started: number };
  save: { started: number };
  key: { started: number };
  upload: { started: number };
  seen: {
    settled: { load: number; save: number; key: number; upload: number };
    answer: PromoCodesAnswer | null;
    drafts: Record<string, string>;
  };
};

/**
 * The loaded card: each creator's code as typed, no spinner or load failure; with `busy` (the one request out) every
 * control disabled, otherwise all free, and no request out but that one.
 */
function readyCard({ load, save, key, upload, seen }: Mounted, busy: 'load' | 'save' | 'key' | 'upload' | null) {
  expect(card().queryByText('Loading promo codes')).not.toBeInTheDocument();
  expect(card().queryByText('The promo codes could not be loaded')).not.toBeInTheDocument();
  for (const row of seen.answer!.codes)
    expect(card().getByLabelText(`Code for ${row.creator}`)).toHaveValue(seen.drafts[row.offerId] ?? '');
  expect(button(seen.answer!.redemptionKey ? 'Create a new key' : 'Create key')).toBeInTheDocument();
  const controls = [button('Save codes'), button(/^Create (a new )?key$/), csvInput()];
  for (const control of controls) expect(control).toHaveProperty('disabled', busy !== null);
  const missing = seen.answer!.codes.some((row) => row.code === null);
  expect(button('Generate codes')).toHaveProperty('disabled', busy !== null || !missing);
  const out = (name: typeof busy) => (busy === name ? 1 : 0);
  expect({ load: load.started, save: save.started, key: key.started, upload: upload.started }).toEqual({
    load: seen.settled.load + out('load'),
    save: seen.settled.save + out('save'),
    key: seen.settled.key + out('key'),
    upload: seen.settled.upload + out('upload'),
  });
}
